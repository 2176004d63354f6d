"""Stein auf Stein engine throughput on one core: actions applied per second, records
replayed from JSON lines per second, complete random games per second, per variant.

Run with ``make bench`` (or ``python bench/bench_stein_auf_stein.py``). Prints a Markdown
table to paste into BENCHMARKS.md, with the machine it ran on. Timings are the best of N
runs of pure Python on one thread, by wall clock and by this process's CPU time (the
steadier figure when other jobs share the machine).
"""

from __future__ import annotations

from common import CPU, WALL, EngineBench, engine_args

from companion.games import stein_auf_stein
from companion.games.stein_auf_stein.names import VARIANTS
from companion.games.stein_auf_stein.random_player import random_game_iter


def players_for(variant: str) -> int:
    return 1 if variant == "solo" else 3


def main() -> None:
    args = engine_args(__doc__, games=500)
    best = f"best of {args.repeat}"
    bench = EngineBench(
        stein_auf_stein, args, {WALL: f"wall clock ({best})", CPU: f"CPU time ({best})"}
    )

    def new_game(v: str):
        return lambda seed: random_game_iter(players_for(v), seed, variant=v)

    games = {v: bench.record(new_game(v)) for v in VARIANTS}
    for v in VARIANTS:
        bench.apply(f"{v}, {players_for(v)}p", games[v])
    bench.replay("all variants", [g for v in VARIANTS for g in games[v]])
    for v in VARIANTS:
        bench.play(f"{v}, {players_for(v)}p", new_game(v))
    bench.report("bench_stein_auf_stein.py")


if __name__ == "__main__":
    main()
