"""Engine throughput on one core: actions applied per second, random 4-player games per second.

Run with ``make bench``. Prints a Markdown table to paste into BENCHMARKS.md, with the
machine it ran on. Timings are best-of-N wall-clock runs of pure Python on one thread.
"""

from __future__ import annotations

import argparse
import json

from common import best_of, machine

from companion.games.hinkel_stein import apply, parse_action, start_game, to_record
from companion.games.hinkel_stein.random_player import random_game, random_game_iter


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    games = {n: [random_game(n, seed) for seed in range(args.games)] for n in (2, 3, 4)}
    rows = []
    for n in (4, 3, 2):
        recorded = games[n]
        count = sum(len(g) - 1 for g in recorded)

        def fold(recorded=recorded):
            for g in recorded:
                s = start_game(g[0])
                for a in g[1:]:
                    s = apply(s, a)

        t = best_of(args.repeat, fold)
        rows.append((f"apply, {n} players", f"{count / t:,.0f} actions/s", f"{count} actions"))

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

    for n in (4, 3, 2):

        def play(n=n):
            for seed in range(args.games):
                for _ in random_game_iter(n, seed):
                    pass

        t = best_of(args.repeat, play)
        rows.append(
            (
                f"complete random games, {n} players",
                f"{args.games / t:,.1f} games/s",
                f"{args.games} games",
            )
        )

    print(f"Machine: {machine()}")
    print(
        f"Command: make bench (bench/bench_engine.py --games {args.games} --repeat {args.repeat})"
    )
    print()
    print(f"| measurement | rate (best of {args.repeat}) | workload |")
    print("| --- | --- | --- |")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")


if __name__ == "__main__":
    main()
