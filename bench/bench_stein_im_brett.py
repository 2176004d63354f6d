"""Stein im Brett engine throughput on one core: actions applied per second, random games
per second, and the placing advice per call.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_stein_im_brett.py``). Prints a
Markdown table to paste into BENCHMARKS.md, with the machine it ran on. Timings are
best-of-N runs of pure Python on one thread, timed in CPU seconds of this process
(``time.process_time``) and in wall-clock seconds; the board is the default 36 fields.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from common import machine

from companion.games.stein_im_brett import Place, advice, apply, parse_action, start_game, to_record
from companion.games.stein_im_brett.random_player import random_game, random_game_iter


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def best_of(repeat: int, fn) -> tuple[float, float]:
    """(best CPU seconds, best wall seconds) of ``repeat`` runs."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        t0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu = min(cpu, time.process_time() - t0)
        wall = min(wall, time.perf_counter() - w0)
    return cpu, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tables = (2, 3, 4, 5, 6)
    rows = []

    games = {n: [random_game(n, seed) for seed in range(args.games)] for n in tables}
    for n in tables:
        recorded = games[n]
        count = sum(len(g) - 1 for g in recorded)

        def fold(recorded=recorded):
            for g in recorded:
                s = start_game(g[0])
                for a in g[1:]:
                    s = apply(s, a)

        cpu, wall = best_of(args.repeat, fold)
        rows.append(
            (
                f"apply, {n} players",
                f"{count / cpu:,.0f} actions/s",
                f"{count / wall:,.0f} actions/s",
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

    cpu, wall = best_of(args.repeat, parse_and_fold)
    rows.append(
        (
            "replay from JSON lines, 4 players",
            f"{count / cpu:,.0f} lines/s",
            f"{count / wall:,.0f} lines/s",
            f"{count} lines",
        )
    )

    for n, care in [(n, 0.0) for n in tables] + [(2, 1.0), (6, 1.0)]:

        def play(n=n, care=care):
            for seed in range(args.games):
                for _ in random_game_iter(n, seed, care=care):
                    pass

        cpu, wall = best_of(args.repeat, play)
        how = ", careful (placing rule)" if care else ""
        rows.append(
            (
                f"complete random games, {n} players{how}",
                f"{args.games / cpu:,.1f} games/s",
                f"{args.games / wall:,.1f} games/s",
                f"{args.games} games (random player included)",
            )
        )

    # The placing advice on every place of the 2-player games (3 own colours each).
    pairs = []
    for g in games[2][: max(1, args.games // 10)]:
        s = start_game(g[0])
        for a in g[1:]:
            if isinstance(a, Place):
                pairs.append((s, a))
            s = apply(s, a)

    def check():
        for s, a in pairs:
            advice(s, a)

    cpu, wall = best_of(args.repeat, check)
    rows.append(
        (
            "placing advice, 2 players",
            f"{1000 * cpu / len(pairs):.3f} ms/call",
            f"{1000 * wall / len(pairs):.3f} ms/call",
            f"{len(pairs)} placements of random games",
        )
    )

    print(f"Machine: {machine()}")
    print(
        "Command: make bench (bench/bench_stein_im_brett.py"
        f" --games {args.games} --repeat {args.repeat})"
    )
    print(f"Load average while it ran: {load()}")
    print()
    print(f"| measurement | CPU time (best of {args.repeat}) | wall clock | workload |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        print(f"| {' | '.join(r)} |")


if __name__ == "__main__":
    main()
