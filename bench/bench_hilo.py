"""HiLo engine throughput on one core: actions applied per second, random games per second.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_hilo.py``). Prints a Markdown
table to paste into BENCHMARKS.md, with the machine it ran on. Timings are best-of-N
runs of pure Python on one thread, timed in CPU seconds of this process
(``time.process_time``) so that a busy machine slows the figures less than wall-clock
time would; the deck is the provisional 69-card one.
"""

from __future__ import annotations

from common import CPU, EngineBench, engine_args, load_average

from companion.games import hilo
from companion.games.hilo.random_player import random_game_iter


def main() -> None:
    args = engine_args(__doc__)
    bench = EngineBench(hilo, args, {CPU: f"rate (best of {args.repeat}, CPU time)"})
    tables = (2, 3, 4, 5)

    def new_game(n: int):
        return lambda seed: random_game_iter(n, seed)

    games = {n: bench.record(new_game(n)) for n in tables}
    for n in tables:
        bench.apply(f"{n} players", games[n], per_game=True)
    bench.replay("4 players", games[4])
    for n in tables:
        bench.play(f"{n} players", new_game(n), " (random player and simulated table included)")

    load = f"Load average while it ran: {load_average()} (CPU-time rates: see the docstring)"
    bench.report("bench_hilo.py", notes=[load])


if __name__ == "__main__":
    main()
