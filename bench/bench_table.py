"""The whole table end to end: scripted players at the simulated scale, through the
physics, HX711 signals, sensing and referee. Reports how many moves on the table the
referee recorded from the sensors alone, and how fast the pipeline runs.

Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import machine

from companion.profile import default_profile
from companion.referee.service import GameService
from companion.tables.hinkel_stein.demo import SimulatedTable

TABLE_MOVES = ("place", "boulder", "fate", "notch", "tilt")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=100)
    args = ap.parse_args()
    sensed = dict.fromkeys(TABLE_MOVES, 0)
    by_hand = dict.fromkeys(TABLE_MOVES, 0)
    actions = 0
    amended = 0  # fate records replaced: the Stone of Fate moved on after it (HS-18)
    sim_s = 0.0
    t0 = time.process_time()
    with tempfile.TemporaryDirectory() as d:
        for k in range(args.games):
            seed = args.first_seed + k
            service = GameService(Path(d) / str(seed))
            table = SimulatedTable(service, default_profile(), seed=seed, speed=None)
            table.play_game(["Ana", "Ben", "Cleo", "Dora"][: 2 + seed % 3])
            for (source, kind), n in service.accepted.items():
                if kind in TABLE_MOVES:
                    (sensed if source == "sensor" else by_hand)[kind] += n
                elif kind == "fate amended":
                    amended += n
            actions += service.snapshot()["game"]["actions"]
            sim_s += table.sim.t_mono
            service.close()
    cpu = time.process_time() - t0
    total_sensed, total_hand = sum(sensed.values()), sum(by_hand.values())
    print(f"Machine: {machine()}")
    seeds = f"{args.first_seed}..{args.first_seed + args.games - 1}"
    print(f"Command: make bench (bench/bench_table.py --games {args.games}, seeds {seeds})")
    print()
    print("| measurement | value |")
    print("| --- | --- |")
    print(f"| games (2, 3 and 4 players, seeds {seeds}) | {args.games}, {actions} actions |")
    moves = total_sensed + total_hand
    share = 100 * total_sensed / max(1, moves)
    print(
        f"| moves on the table recorded from the sensors alone | {total_sensed} of {moves} ({share:.2f} %) |"
    )
    for m in TABLE_MOVES:
        print(f"| ... {m} | {sensed[m]} sensed, {by_hand[m]} entered by hand |")
    print(f"| ... fate records amended (the stone moved on after its record) | {amended} |")
    hours = sim_s / 3600
    print(
        f"| simulated table time per CPU second | {sim_s / cpu:.0f} s ({hours:.1f} h of play in {cpu:.0f} s) |"
    )


if __name__ == "__main__":
    main()
