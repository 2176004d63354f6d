"""Stein auf Stein engine throughput on one core: actions applied per second, records
replayed from JSON lines per second, complete random games per second, per variant.

Run with ``make bench`` (or ``python bench/bench_stein_auf_stein.py``). Prints a Markdown
table to paste into BENCHMARKS.md, with the machine it ran on. Timings are the best of N
runs of pure Python on one thread, by wall clock and by this process's CPU time (the
steadier figure when other jobs share the machine).
"""

from __future__ import annotations

import argparse
import json
import time

from common import machine

from companion.games.stein_auf_stein import apply, parse_action, start_game, to_record
from companion.games.stein_auf_stein.names import VARIANTS
from companion.games.stein_auf_stein.random_player import random_game, random_game_iter


def best_of(repeat: int, fn) -> tuple[float, float]:
    """The best wall-clock and the best CPU time (s) of ``repeat`` runs of ``fn``.

    CPU time (``process_time``) counts only this process's own work, so it is the
    steadier figure on a machine that other jobs share; wall clock is what a user waits.
    """
    wall = cpu = float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def rate(count: int, times: tuple[float, float], unit: str, digits: int = 0) -> tuple[str, str]:
    """``count`` per second by wall clock and by CPU time."""
    return tuple(f"{count / t:,.{digits}f} {unit}/s" for t in times)


def players_for(variant: str) -> int:
    return 1 if variant == "solo" else 3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    games = {
        v: [random_game(players_for(v), seed, variant=v) for seed in range(args.games)]
        for v in VARIANTS
    }
    rows = []
    for v in VARIANTS:
        recorded = games[v]
        count = sum(len(g) - 1 for g in recorded)

        def fold(recorded=recorded):
            for g in recorded:
                s = start_game(g[0])
                for a in g[1:]:
                    s = apply(s, a)

        t = best_of(args.repeat, fold)
        rows.append(
            (
                f"apply, {v}, {players_for(v)}p",
                rate(count, t, "actions"),
                f"{count} actions",
            )
        )

    lines = [[json.dumps(to_record(a)) for a in g] for v in VARIANTS for g in games[v]]
    count = sum(len(g) for g in lines)

    def parse_and_fold():
        for g in lines:
            acts = [parse_action(json.loads(x)) for x in g]
            s = start_game(acts[0])
            for a in acts[1:]:
                s = apply(s, a)

    t = best_of(args.repeat, parse_and_fold)
    rows.append(("replay from JSON lines, all variants", rate(count, t, "lines"), f"{count} lines"))

    for v in VARIANTS:

        def play(v=v):
            for seed in range(args.games):
                for _ in random_game_iter(players_for(v), seed, variant=v):
                    pass

        t = best_of(args.repeat, play)
        rows.append(
            (
                f"complete random games, {v}, {players_for(v)}p",
                rate(args.games, t, "games", digits=1),
                f"{args.games} games",
            )
        )

    print(f"Machine: {machine()}")
    print(
        "Command: make bench (bench/bench_stein_auf_stein.py"
        f" --games {args.games} --repeat {args.repeat})"
    )
    print()
    best = f"best of {args.repeat}"
    print(f"| measurement | wall clock ({best}) | CPU time ({best}) | workload |")
    print("| --- | --- | --- | --- |")
    for name, (wall, cpu), work in rows:
        print(f"| {name} | {wall} | {cpu} | {work} |")


if __name__ == "__main__":
    main()
