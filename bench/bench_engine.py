"""Engine throughput on one core: actions applied per second, random 4-player games per second.

Run with ``make bench``. Prints a Markdown table to paste into BENCHMARKS.md, with the
machine it ran on. Timings are best-of-N wall-clock runs of pure Python on one thread.
"""

from __future__ import annotations

from common import WALL, EngineBench, engine_args

from companion.games import hinkel_stein
from companion.games.hinkel_stein.random_player import random_game_iter


def main() -> None:
    args = engine_args(__doc__)
    bench = EngineBench(hinkel_stein, args, {WALL: f"rate (best of {args.repeat})"})

    def new_game(n: int):
        return lambda seed: random_game_iter(n, seed)

    games = {n: bench.record(new_game(n)) for n in (2, 3, 4)}
    for n in (4, 3, 2):
        bench.apply(f"{n} players", games[n])
    bench.replay("4 players", games[4])
    for n in (4, 3, 2):
        bench.play(f"{n} players", new_game(n))
    bench.report("bench_engine.py")


if __name__ == "__main__":
    main()
