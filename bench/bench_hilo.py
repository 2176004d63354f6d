"""HiLo engine throughput on one core: actions applied per second, random games per second.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_hilo.py``). Prints a Markdown
table to paste into BENCHMARKS.md, with the machine it ran on. Timings are best-of-N
runs of pure Python on one thread, timed in CPU seconds of this process
(``time.process_time``) so that a busy machine slows the figures less than wall-clock
time would; the deck is the provisional 69-card one.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from common import machine

from companion.games.hilo import apply, parse_action, start_game, to_record
from companion.games.hilo.random_player import random_game, random_game_iter


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tables = (2, 3, 4, 5)

    games = {n: [random_game(n, seed) for seed in range(args.games)] for n in tables}
    rows = []
    for n in tables:
        recorded = games[n]
        count = sum(len(g) - 1 for g in recorded)

        def fold(recorded=recorded):
            for g in recorded:
                s = start_game(g[0])
                for a in g[1:]:
                    s = apply(s, a)

        t = best_of(args.repeat, fold)
        rows.append(
            (
                f"apply, {n} players",
                f"{count / t:,.0f} actions/s",
                f"{count} actions ({count / len(recorded):.0f} a game)",
            )
        )

    lines = [[json.dumps(to_record(a)) for a in g] for g in games[4]]
    count = sum(len(g) for g in lines)

    def parse_and_fold():
        for g in lines:
            acts = [parse_action(json.loads(x)) for x in g]
            s = start_game(acts[0])
            for a in acts[1:]:
                s = apply(s, a)

    t = best_of(args.repeat, parse_and_fold)
    rows.append(
        ("replay from JSON lines, 4 players", f"{count / t:,.0f} lines/s", f"{count} lines")
    )

    for n in tables:

        def play(n=n):
            for seed in range(args.games):
                for _ in random_game_iter(n, seed):
                    pass

        t = best_of(args.repeat, play)
        rows.append(
            (
                f"complete random games, {n} players",
                f"{args.games / t:,.1f} games/s",
                f"{args.games} games (random player and simulated table included)",
            )
        )

    print(f"Machine: {machine()}")
    print(f"Command: make bench (bench/bench_hilo.py --games {args.games} --repeat {args.repeat})")
    print(f"Load average while it ran: {load()} (CPU-time rates: see the docstring)")
    print()
    print(f"| measurement | rate (best of {args.repeat}, CPU time) | workload |")
    print("| --- | --- | --- |")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")


if __name__ == "__main__":
    main()
