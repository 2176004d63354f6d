"""Heuchel & Meuchel engine throughput on one core: actions applied per second and
complete random games per second, without and with dice.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_heuchel_meuchel.py``). Prints a
Markdown table to paste into BENCHMARKS.md, with the machine it ran on and its load.
Timings are best-of-N runs of pure Python on one thread, as the process's CPU time (robust
when other work shares the machine) and as wall-clock time.
"""

from __future__ import annotations

import os

from common import CPU, WALL, EngineBench, engine_args, load_average

from companion.games import heuchel_meuchel
from companion.games.heuchel_meuchel.random_player import random_game_iter


def main() -> None:
    args = engine_args(__doc__)
    columns = {CPU: f"rate, CPU time (best of {args.repeat})", WALL: "rate, wall clock"}
    bench = EngineBench(heuchel_meuchel, args, columns)
    tables = [(n, dice) for dice in (False, True) for n in (2, 4, 6)]

    def label(n: int, dice: bool) -> str:
        return f"{n} players{', dice' if dice else ''}"

    def new_game(n: int, dice: bool):
        return lambda seed: random_game_iter(n, seed, dice=dice)

    games = {t: bench.record(new_game(*t)) for t in tables}
    for t in tables:
        bench.apply(label(*t), games[t])
    bench.replay("4 players", games[(4, False)])
    for t in tables:
        bench.play(label(*t), new_game(*t))

    load = load_average(1, ", ")
    if load != "unknown":
        load += f" on {os.cpu_count()} CPUs"
    bench.report("bench_heuchel_meuchel.py", f"; load average {load} while it ran")


if __name__ == "__main__":
    main()
