"""Stein im Brett end to end: scripted players at the synthetic camera, through the
renderer, the vision pipeline and the camera referee. Reports how many turns the referee
recorded from the camera alone (the rest were entered on the tablet by the demo), how
many frames were read, and what a frame costs (render and read, CPU ms).

Run with ``python bench/bench_stein_im_brett_table.py [--games N]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import machine

from companion.games.stein_im_brett.random_player import DEFAULT_NAMES
from companion.referee.service import GameService
from companion.tables.stein_im_brett.demo import SimulatedBoardTable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=100)
    ap.add_argument("--width", type=int, default=640, help="frame width, px (height 3/4 of it)")
    args = ap.parse_args()
    size = (args.width, args.width * 3 // 4)
    sensed = by_hand = frames = finished = clean = 0
    render_s = read_s = sim_s = longest = 0.0
    bad: list[int] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        for k in range(args.games):
            seed = args.first_seed + k
            service = GameService(Path(d) / str(seed))
            table = SimulatedBoardTable(service, seed=seed, speed=None, size_px=size)
            table.play_game(list(DEFAULT_NAMES[: 2 + seed % 5]))
            sensed += service.accepted[("sensor", "place")]
            by_hand += (
                sum(n for (src, t), n in service.accepted.items() if t == "place")
                - (service.accepted[("sensor", "place")])
            )
            finished += bool(service.game_state.finished)
            clean += not service.warnings
            if table.missed:
                bad.append(seed)
            frames += table.frames
            render_s += table.render_s
            read_s += table.read_s
            sim_s += table.t_mono
            longest = max(longest, table.longest_wait_s)
            service.close()
    wall = time.perf_counter() - t0
    seeds = f"{args.first_seed}..{args.first_seed + args.games - 1}"
    turns = sensed + by_hand
    print(f"Machine: {machine()}")
    print(
        f"Command: python bench/bench_stein_im_brett_table.py --games {args.games}"
        f" --first-seed {args.first_seed} --width {args.width}"
    )
    print()
    print("| measurement | value |")
    print("| --- | --- |")
    print(
        f"| games (2-6 players, seeds {seeds}, {size[0]}x{size[1]} frames) | {args.games},"
        f" {finished} finished, {clean} without a standing warning at the end |"
    )
    print(
        f"| turns recorded from the camera alone | {sensed} of {turns}"
        f" ({100 * sensed / max(1, turns):.2f} %) |"
    )
    print(
        f"| turns entered on the tablet (camera missed or misread) | {by_hand}"
        f" (seeds: {', '.join(map(str, bad)) or 'none'}) |"
    )
    print(f"| frames read | {frames} ({frames / max(1, turns):.1f} a turn) |")
    print(f"| longest wait from a turn's last stone to its record | {longest:.1f} s simulated |")
    print(
        f"| CPU ms a frame | render {1000 * render_s / max(1, frames):.1f},"
        f" read {1000 * read_s / max(1, frames):.1f} |"
    )
    print(
        f"| wall time | {wall:.0f} s ({wall / max(1, args.games):.1f} s a game;"
        f" {sim_s / 60:.0f} min of simulated play) |"
    )


if __name__ == "__main__":
    main()
