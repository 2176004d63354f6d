"""Heuchel & Meuchel at the table: the referee records whole seeded games from what the
camera sees. Two tiers:

- ``settled``: whole games (``--games``, default 40: 2 to 6 players, every other one with
  the die) where the camera settles exactly on each action's board (what the change
  tracker reports once the cards lie still): the referee's own share of the pipeline.
  Each player's discard area is on the board too (the shipped layout has them: the cards
  a player loses lie there, the last one on top); ``--no-discard-areas`` shows the
  squares only, as a layout without them.
  Every move, favour and lost card must be recorded as played (or asked on the tablet
  where the camera cannot tell); none recorded wrong. Also the referee's time per
  observation (CPU ms).
- ``frames``: whole demo games from the deal on (``--frame-games``, default 40, 2
  players, every other one with the die) through the synthetic camera, the card reader,
  the change tracker and the referee: recorded, asked, missed, wrong, the deal read
  right, and the time per frame (making it, reading it). The demo renders the board in
  full once per way the cards lie and makes the other frames from that picture
  (``devices/frame_maker.py``: fresh noise, hands laid over it); the games run
  in ``--jobs`` processes (default: one per CPU). About 50 CPU minutes for 40 games on
  a small machine.

Run with ``python bench/bench_heuchel_meuchel_table.py [--games N] [--frame-games N]
[--jobs N]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import load_average, machine

from companion.games.heuchel_meuchel.actions import End, Roll
from companion.games.heuchel_meuchel.random_player import DEFAULT_NAMES, random_game_iter
from companion.games.heuchel_meuchel.record import to_record
from companion.referee.service import GameService
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.cells import discard_id, expected
from companion.tables.heuchel_meuchel.demo import SimulatedCardTable
from companion.tables.heuchel_meuchel.referee import WARN_AFTER_S, HeuchelMeuchelCamera


def board_seen(state, discard_areas: bool, before=None, seen=None) -> dict[str, str]:
    """What the camera settles on for ``state``: the squares, and the discard areas
    (``before``: the state it was seen at as ``seen``; cards lost since are laid on the
    pile as they lay in their stack, its top card on top)."""
    out = expected(state)
    if discard_areas:
        for s, lost in enumerate(state.discards):
            added = lost[len(before.discards[s]) :] if before is not None else lost
            top = seen.get(discard_id(s), "empty") if seen is not None else "empty"
            out[discard_id(s)] = added[0] if added else top
    return out


def settled_game(seed: int, players: int, dice: bool, discard_areas: bool = True) -> dict:
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
                    CellChange(c, "unknown", v, 1.0)
                    for c, v in board_seen(state, discard_areas).items()
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
        want = board_seen(state, discard_areas, prev, cam.view)
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
    ap.add_argument("--frame-games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (frames)")
    ap.add_argument("--first-seed", type=int, default=100)
    ap.add_argument(
        "--seeds",
        type=lambda v: [int(x) for x in v.split(",")],
        help="frames tier: these seeds (comma-separated) instead, the die on odd ones",
    )
    ap.add_argument(
        "--no-discard-areas",
        action="store_true",
        help="settled tier: the squares only, as a layout without discard areas",
    )
    args = ap.parse_args()
    print(f"machine: {machine()}; load average {load_average()}")

    total = {"actions": 0, "recorded": 0, "asked": 0, "wrong": 0, "missed": 0, "cpu_s": 0.0}
    t0 = time.perf_counter()
    for k in range(args.games):
        seed = args.first_seed + k
        one = settled_game(
            seed, 2 + k % 5, dice=bool(k % 2), discard_areas=not args.no_discard_areas
        )
        for key in total:
            total[key] += one[key]
    wall = time.perf_counter() - t0
    n = max(total["actions"], 1)
    if args.games > 0:
        print(
            f"settled{' (squares only)' if args.no_discard_areas else ', discard areas seen'}:"
            f" {args.games} games (seeds {args.first_seed}..{args.first_seed + args.games - 1},"
            f" 2-6 players, half with the die), {n} moves/favours/lost cards: recorded as played"
            f" {total['recorded']} ({100 * total['recorded'] / n:.1f} %), asked on the tablet"
            f" {total['asked']} ({100 * total['asked'] / n:.1f} %), wrong {total['wrong']}, missed"
            f" {total['missed']}; referee {1000 * total['cpu_s'] / n:.2f} CPU ms an observation;"
            f" {wall:.1f} s wall"
        )

    if args.seeds:
        args.frame_games = len(args.seeds)
    if args.frame_games <= 0:
        return
    keys = ("recorded", "asked", "missed", "wrong", "accepted", "frames", "clean_renders")
    keys += ("die_read", "die_tapped", "die_wrong")
    sums = dict.fromkeys(keys, 0)
    render_s = read_s = 0.0
    deals = 0
    jobs = max(1, args.jobs)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        if args.seeds:  # these seeds, the die on odd ones (as from the default first seed)
            picked = [(seed, bool(seed % 2)) for seed in args.seeds]
        else:
            picked = [(args.first_seed + k, bool(k % 2)) for k in range(args.frame_games)]
        games = [(seed, dice, str(Path(d) / str(seed))) for seed, dice in picked]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for one in pool.map(frames_game, *zip(*games, strict=True)):
                for key in keys:
                    sums[key] += one[key]
                render_s += one["render_s"]
                read_s += one["read_s"]
                deals += bool(one["deal_ok"])
                print(  # one line a game, as it ends: a long run can be read as it goes
                    f"  seed {one['seed']}: finished {one['finished']}, deal read right"
                    f" {one['deal_ok']}; recorded {one['recorded']}, asked {one['asked']},"
                    f" missed {one['missed']}, wrong {one['wrong']}, accepted"
                    f" {one['accepted']}; die read {one['die_read']}, tapped"
                    f" {one['die_tapped']}, wrong {one['die_wrong']}; {one['frames']} frames,"
                    f" {one['clean_renders']} in full, making {one['render_s']:.1f} and reading"
                    f" {one['read_s']:.1f} CPU s",
                    flush=True,
                )
    wall = time.perf_counter() - t0
    moves = sums["recorded"] + sums["asked"] + sums["missed"] + sums["wrong"]
    frames = max(sums["frames"], 1)
    last = args.first_seed + args.frame_games - 1
    which = (
        ",".join(map(str, args.seeds)) + ", the die on odd ones"
        if args.seeds
        else f"{args.first_seed}..{last}, every other one with the die"
    )
    print(
        f"frames: {args.frame_games} whole 2-player games from the deal on (1600x900 px, seeds"
        f" {which}): deals read right"
        f" {deals}/{args.frame_games}; {moves} moves/favours/lost cards: recorded as played"
        f" {sums['recorded']}, asked {sums['asked']}, missed {sums['missed']}, wrong"
        f" {sums['wrong']}, table accepted as it is {sums['accepted']}; rolls thrown into the"
        f" tray read right {sums['die_read']}, tapped at last {sums['die_tapped']}, read"
        f" wrong {sums['die_wrong']}; {frames} frames"
        f" ({sums['clean_renders']} rendered in full, the rest made from those), making"
        f" {1000 * render_s / frames:.0f} CPU ms and read (card reader, change tracker,"
        f" referee) {1000 * read_s / frames:.0f} CPU ms a frame; {jobs} processes,"
        f" {wall:.0f} s wall"
    )


COUNTS = ("recorded", "asked", "missed", "wrong", "accepted", "frames")


def frames_game(seed: int, dice: bool, folder: str) -> dict:
    """One whole 2-player demo game from the deal on, through frames (a worker process)."""
    service = GameService(Path(folder) / "state")
    try:
        table = SimulatedCardTable(service, seed=seed, speed=None, deck_dir=Path(folder) / "deck")
        table.play_game(list(DEFAULT_NAMES[:2]), dice=dice)
        out = {k: getattr(table, k) for k in (*COUNTS, "die_read", "die_tapped", "die_wrong")}
        out |= {
            "seed": seed,
            "clean_renders": table.frames_maker.clean_renders,
            "render_s": table.render_s,
            "read_s": table.read_s,
            "deal_ok": table.deal_ok,
            "finished": service.game_state.finished,
        }
        return out
    finally:
        service.close()


if __name__ == "__main__":
    main()
