"""Heuchel & Meuchel at the table: the referee records whole seeded games from what the
camera sees. Two tiers:

- ``settled``: whole games (``--games``, default 40: 2 to 6 players, every other one with
  the die) where the camera settles exactly on each action's board (what the change
  tracker reports once the cards lie still): the referee's own share of the pipeline.
  Every move, favour and lost card must be recorded as played (or asked on the tablet
  where the camera cannot tell); none recorded wrong. Also the referee's time per
  observation (CPU ms).
- ``frames``: whole demo games from the deal on (``--frame-games``, default 2, 2 players)
  through the renderer, the card reader, the change tracker and the referee: recorded,
  asked, missed, wrong, the deal read right, and the time per frame (render, read).
  A frame costs about half a second on a small CPU and a game a few hundred frames; run
  more with ``--frame-games N`` on a faster machine.

Run with ``python bench/bench_heuchel_meuchel_table.py [--games N] [--frame-games N]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import load_average, machine

from companion.games.heuchel_meuchel.actions import End, Roll
from companion.games.heuchel_meuchel.random_player import DEFAULT_NAMES, random_game_iter
from companion.games.heuchel_meuchel.record import to_record
from companion.referee.service import GameService
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.cells import expected
from companion.tables.heuchel_meuchel.demo import SimulatedCardTable
from companion.tables.heuchel_meuchel.referee import WARN_AFTER_S, HeuchelMeuchelCamera


def settled_game(seed: int, players: int, dice: bool) -> dict[str, float]:
    """One game: each visible action's board shown to the referee; the tablet answers
    its questions with the action played and taps the die and the end of a turn."""
    out = {"actions": 0, "recorded": 0, "asked": 0, "wrong": 0, "missed": 0, "cpu_s": 0.0}
    cam = HeuchelMeuchelCamera()
    prev = None
    t = 0.0
    for action, state in random_game_iter(players, seed, dice=dice):
        if prev is None:
            c0 = time.process_time()
            cam.observe(
                CellsChanged(t, "heuchel-meuchel", tuple(
                    CellChange(c, "unknown", v, 1.0) for c, v in expected(state).items()
                )),
                state,
            )  # fmt: skip
            out["cpu_s"] += time.process_time() - c0
            prev = state
            continue
        if isinstance(action, End | Roll):  # tapped on the tablet
            cam.after_change(state)
            prev = state
            continue
        out["actions"] += 1
        t += 10.0
        want = expected(state)
        changes = tuple(
            CellChange(c, cam.view.get(c, "unknown"), v, 1.0)
            for c, v in want.items()
            if cam.view.get(c) != v
        )
        c0 = time.process_time()
        r = cam.observe(CellsChanged(t, "heuchel-meuchel", changes), prev)
        if not r.submit and not r.asks:  # a move onto flipped cards waits for a still view
            r = cam.tick(t + WARN_AFTER_S, prev)
        out["cpu_s"] += time.process_time() - c0
        played = to_record(action)
        if r.submit:
            if list(r.submit) == [played]:
                out["recorded"] += 1
            else:
                out["wrong"] += 1
        elif r.asks and played in [a["record"] for a in r.asks]:
            out["asked"] += 1
        else:
            out["missed"] += 1
        cam.after_change(state)
        prev = state
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--frame-games", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=100)
    args = ap.parse_args()
    print(f"machine: {machine()}; load average {load_average()}")

    total = {"actions": 0, "recorded": 0, "asked": 0, "wrong": 0, "missed": 0, "cpu_s": 0.0}
    t0 = time.perf_counter()
    for k in range(args.games):
        seed = args.first_seed + k
        one = settled_game(seed, 2 + k % 5, dice=bool(k % 2))
        for key in total:
            total[key] += one[key]
    wall = time.perf_counter() - t0
    n = max(total["actions"], 1)
    if args.games > 0:
        print(
            f"settled: {args.games} games (seeds {args.first_seed}..{args.first_seed + args.games - 1},"
            f" 2-6 players, half with the die), {n} moves/favours/lost cards: recorded as played"
            f" {total['recorded']} ({100 * total['recorded'] / n:.1f} %), asked on the tablet"
            f" {total['asked']} ({100 * total['asked'] / n:.1f} %), wrong {total['wrong']}, missed"
            f" {total['missed']}; referee {1000 * total['cpu_s'] / n:.2f} CPU ms an observation;"
            f" {wall:.1f} s wall"
        )

    if args.frame_games <= 0:
        return
    keys = ("recorded", "asked", "missed", "wrong", "accepted", "frames")
    sums = dict.fromkeys(keys, 0)
    render_s = read_s = 0.0
    deals = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        for k in range(args.frame_games):
            seed = args.first_seed + k
            service = GameService(Path(d) / str(seed))
            table = SimulatedCardTable(service, seed=seed, speed=None, deck_dir=Path(d) / "deck")
            table.play_game(list(DEFAULT_NAMES[:2]), dice=bool(k % 2))
            for key in keys:
                sums[key] += getattr(table, key)
            render_s += table.render_s
            read_s += table.read_s
            deals += bool(table.deal_ok)
            if not service.game_state.finished:
                print(f"  seed {seed}: the game did not finish")
            service.close()
    wall = time.perf_counter() - t0
    moves = sums["recorded"] + sums["asked"] + sums["missed"] + sums["wrong"]
    frames = sums["frames"]
    print(
        f"frames: {args.frame_games} whole 2-player games from the deal on (1600x900 px):"
        f" deals read right {deals}/{args.frame_games}; {moves} moves/favours/lost cards:"
        f" recorded as played {sums['recorded']}, asked {sums['asked']}, missed"
        f" {sums['missed']}, wrong {sums['wrong']}, table accepted as it is {sums['accepted']};"
        f" {frames} frames, render {1000 * render_s / frames:.0f} CPU ms and read (card reader,"
        f" change tracker, referee) {1000 * read_s / frames:.0f} CPU ms a frame; {wall:.0f} s wall"
    )


if __name__ == "__main__":
    main()
