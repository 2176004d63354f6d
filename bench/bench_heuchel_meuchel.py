"""Heuchel & Meuchel engine throughput on one core: actions applied per second and
complete random games per second, without and with dice.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_heuchel_meuchel.py``). Prints a
Markdown table to paste into BENCHMARKS.md, with the machine it ran on and its load.
Timings are best-of-N runs of pure Python on one thread, as the process's CPU time (robust
when other work shares the machine) and as wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from common import machine

from companion.games.heuchel_meuchel import apply, parse_action, start_game, to_record
from companion.games.heuchel_meuchel.random_player import random_game, random_game_iter


def best_of(repeat: int, fn) -> tuple[float, float]:
    """The shortest (CPU seconds, wall seconds) of ``repeat`` runs of ``fn``."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    return cpu, wall


def load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} CPUs"
    except OSError:
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    rows = []
    tables = [(n, dice) for dice in (False, True) for n in (2, 4, 6)]
    games = {t: [random_game(t[0], seed, dice=t[1]) for seed in range(args.games)] for t in tables}

    def label(n: int, dice: bool) -> str:
        return f"{n} players{', dice' if dice else ''}"

    for n, dice in tables:
        recorded = games[(n, dice)]
        count = sum(len(g) - 1 for g in recorded)

        def fold(recorded=recorded):
            for g in recorded:
                s = start_game(g[0])
                for a in g[1:]:
                    s = apply(s, a)

        cpu, wall = best_of(args.repeat, fold)
        rows.append(
            (
                f"apply, {label(n, dice)}",
                f"{count / cpu:,.0f} actions/s",
                f"{count / wall:,.0f} actions/s",
                f"{count} actions",
            )
        )

    lines = [[json.dumps(to_record(a)) for a in g] for g in games[(4, False)]]
    count = sum(len(g) for g in lines)

    def parse_and_fold():
        for g in lines:
            acts = [parse_action(json.loads(x)) for x in g]
            s = start_game(acts[0])
            for a in acts[1:]:
                s = apply(s, a)

    cpu, wall = best_of(args.repeat, parse_and_fold)
    rows.append(
        (
            "replay from JSON lines, 4 players",
            f"{count / cpu:,.0f} lines/s",
            f"{count / wall:,.0f} lines/s",
            f"{count} lines",
        )
    )

    for n, dice in tables:

        def play(n=n, dice=dice):
            for seed in range(args.games):
                for _ in random_game_iter(n, seed, dice=dice):
                    pass

        cpu, wall = best_of(args.repeat, play)
        rows.append(
            (
                f"complete random games, {label(n, dice)}",
                f"{args.games / cpu:,.1f} games/s",
                f"{args.games / wall:,.1f} games/s",
                f"{args.games} games",
            )
        )

    print(f"Machine: {machine()}; load average {load()} while it ran")
    print(
        "Command: make bench (bench/bench_heuchel_meuchel.py"
        f" --games {args.games} --repeat {args.repeat})"
    )
    print()
    print(f"| measurement | rate, CPU time (best of {args.repeat}) | rate, wall clock | workload |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        print(f"| {' | '.join(r)} |")


if __name__ == "__main__":
    main()
