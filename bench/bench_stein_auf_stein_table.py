"""Stein auf Stein at the table, measured against the synthetic camera's exact truth.

1. Rows: ``--rows`` rendered rows (2 to 6 blocks of the catalogue, small gaps, in a random
   player's area; the last blocks left off where they would run on past 10 mm before the
   band's end, as the demo lays them) at a camera tilt of 0 to 30 degrees; the row's length the vision reads
   (mm, the mat as the ruler) against the true extent. Goal: within 2 mm.
2. The die: ``--dice`` renders of the die lying still (any face, anywhere in the tray, any
   light and tilt): read correctly? Goal: >= 99.5 %. And ``--rolling`` renders of the
   die tumbling: any colour read is a failure. Goal: 0.
3. Games: ``--games`` seeded demo games through the real vision and referee (variants in
   turn, 2 to 4 players), ``--jobs`` at a time in their own processes: each lift right
   (recorded from the camera as played: the very blocks the crane lifted), asked (the
   camera did not record it: entered on the tablet by the demo) or wrong (recorded from
   the camera otherwise than played). Frames are made cheaply (``FrameMaker``: one clean
   render per way the table lies, fresh noise and the hand laid over it) unless
   ``--full-frames`` renders each in full.

Run with ``make bench`` (or ``.venv/bin/python bench/bench_stein_auf_stein_table.py``);
prints a Markdown table for BENCHMARKS.md with the machine it ran on. Frames are
1280 x 960 for rows and the die, 960 x 720 in the games (the demo's camera).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from common import load_average, machine

from companion.devices.block_scenes import Die, LaidBlock, block_scene, render_table
from companion.games.stein_auf_stein import STANDARD
from companion.referee.service import GameService
from companion.sensing.vision.blocks import BlockReader
from companion.sensing.vision.layout import load_layout
from companion.tables.stein_auf_stein.demo import SimulatedBlockTable, known_blocks

LAYOUT = load_layout("stein-auf-stein")
HEX = {name: p.colour for name, p in LAYOUT.pieces.items()}
READER = BlockReader(LAYOUT, known_blocks(STANDARD))


def rows(n: int, seed0: int = 1000) -> dict:
    errors, named = [], 0
    for i in range(n):
        seed = seed0 + i
        rng = random.Random(seed)
        np_rng = np.random.default_rng(seed)
        tilt = rng.uniform(0, 30)
        scene = block_scene(LAYOUT, np_rng, size_px=(1280, 960), tilt_deg=tilt)
        area = rng.choice(READER.areas)
        ids = rng.sample([b.id for b in STANDARD.blocks], rng.randint(2, 6))
        x0, y0, x1, y1 = area.box_mm
        pos = (x0 if area.axis == 0 else y0) + 12.0
        mid = (y0 + y1) / 2 if area.axis == 0 else (x0 + x1) / 2
        laid = []
        for b in ids:
            k = STANDARD.index[b]
            along, across = sorted((k.length_mm, k.width_mm, k.height_mm))[:0:-1]
            centre = (pos + along / 2, mid) if area.axis == 0 else (mid, pos + along / 2)
            angle = (0.0 if area.axis == 0 else 90.0) + rng.uniform(-0.8, 0.8)
            laid.append(LaidBlock(b, HEX[k.colour], centre, (along, across), angle))
            pos += along + rng.uniform(1.0, 3.0)
        # a row lies on its band, as the demo lays it (blocks past 10 mm before the band's
        # end are laid beside the mat): a row past the band's end is given no length
        end = (x1 if area.axis == 0 else y1) - 10.0
        while len(laid) > 2 and laid[-1].centre_mm[area.axis] + laid[-1].size_mm[0] / 2 > end:
            laid.pop()
            ids.pop()
        first, last = laid[0], laid[-1]
        truth = (last.centre_mm[area.axis] + last.size_mm[0] / 2) - (
            first.centre_mm[area.axis] - first.size_mm[0] / 2
        )
        reading = READER.read(render_table(scene, laid, None, np_rng))
        seen = reading.areas[area.name] if reading.ok else None
        if seen is None or seen.row_mm is None:
            errors.append(float("inf"))
            continue
        errors.append(seen.row_mm - truth)
        named += seen.blocks == tuple(ids)
    finite = [abs(e) for e in errors if e != float("inf")]
    measured = [i for i in range(n) if errors[i] != float("inf")]
    worst = max(measured, key=lambda i: abs(errors[i])) if measured else None
    return {
        "n": n,
        "within_2mm": sum(abs(e) <= 2.0 for e in errors),
        "max_mm": max(finite) if finite else None,
        "p95_mm": sorted(finite)[int(0.95 * (len(finite) - 1))] if finite else None,
        "mean_mm": statistics.fmean(errors) if finite and len(finite) == n else None,
        "named": named,
        "unmeasured": [seed0 + i for i in range(n) if errors[i] == float("inf")],
        "worst": None if worst is None else (seed0 + worst, errors[worst]),
    }


def dice(n_still: int, n_rolling: int, seed0: int = 5000) -> dict:
    tray = LAYOUT.cell("die").centre_mm
    right = 0
    wrong: list[str] = []
    for i in range(n_still):
        rng = random.Random(seed0 + i)
        np_rng = np.random.default_rng(seed0 + i)
        scene = block_scene(LAYOUT, np_rng, size_px=(1280, 960), tilt_deg=rng.uniform(0, 30))
        face = rng.choice(STANDARD.die)
        spot = (tray[0] + rng.uniform(-8, 8), tray[1] + rng.uniform(-8, 8))
        r = READER.read(render_table(scene, [], Die(spot, HEX[face], rng.uniform(0, 90)), np_rng))
        if r.die == face:
            right += 1
        else:
            wrong.append(f"seed {seed0 + i}: {face} read as {r.die} ({r.die_why or r.why})")
    read_while_rolling = 0
    for i in range(n_rolling):
        rng = random.Random(seed0 + 100000 + i)
        np_rng = np.random.default_rng(seed0 + 100000 + i)
        scene = block_scene(LAYOUT, np_rng, size_px=(1280, 960), tilt_deg=rng.uniform(0, 30))
        path = tuple(
            (tray[0] + rng.uniform(-25, 25), tray[1] + rng.uniform(-20, 20)) for _ in range(4)
        )
        faces = tuple(HEX[c] for c in rng.sample(list(STANDARD.die), 3))
        die = Die(tray, faces[0], rolling=True, path_mm=path, faces=faces)
        r = READER.read(render_table(scene, [], die, np_rng))
        read_while_rolling += r.die is not None
    return {"still": n_still, "right": right, "wrong": wrong[:5], "rolling": n_rolling,
            "read_while_rolling": read_while_rolling}  # fmt: skip


VARIANTS = ("basic", "yardstick", "tower", "master-tower")
NAMES = ("Ana", "Ben", "Cleo", "Dora")


def one_game(args: tuple[int, int, tuple[int, int], bool]) -> dict:
    """Demo game ``i`` (seed ``seed0 + i``; variants in turn, 2 to 4 players, by the seed:
    seed 1 basic with 2 players, seed 2 yardstick with 3, ...): its counts."""
    i, seed0, size_px, cheap = args
    k = seed0 + i - 1  # the game's place in the seeds' order: its variant and players
    started = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        service = GameService(Path(tmp))
        table = SimulatedBlockTable(
            service, seed=seed0 + i, speed=None, size_px=size_px, cheap_frames=cheap
        )
        table.play_game(list(NAMES[: 2 + k % 3]), VARIANTS[k % 4])
        service.close()
    return {
        "lifts": table.lifts, "right": table.lifts_right, "asked": table.lifts_asked,
        "wrong": table.lifts_wrong,
        "nowhere": table.lifts - table.lifts_right - table.lifts_asked - table.lifts_wrong,
        "missed": table.missed, "frames": table.frames,
        "cpu_s": time.process_time() - started, "row_errors": table.row_errors_mm,
        "notes": table.lift_notes, "seed": seed0 + i, "render_s": table.render_s,
        "read_s": table.read_s, "clean_renders": table.clean_renders,
        "rows_cleared": table.rows_cleared,
    }  # fmt: skip


def games(n: int, seed0: int = 1, *, jobs: int = 1, size_px=(960, 720), cheap: bool = True) -> dict:
    """``n`` seeded demo games, ``jobs`` processes at a time (each game is independent);
    ``cheap``: frames made by ``FrameMaker``, else each rendered in full."""
    work = [(i, seed0, tuple(size_px), cheap) for i in range(n)]
    done = []
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for g in pool.imap_unordered(one_game, work, chunksize=1):
            done.append(g)  # each game as it ends, on stderr (a long run shows its progress)
            print(
                f"game seed {g['seed']}: {g['lifts']} lifts, {g['right']} right, {g['asked']}"
                f" asked, {g['wrong']} wrong, {g['nowhere']} counted nowhere; {g['frames']} frames"
                f" ({g['clean_renders']} full renders), {g['cpu_s']:.0f} CPU s ({g['render_s']:.0f} making frames,"
                f" {g['read_s']:.0f} reading); {g['rows_cleared']} blocks laid clear of another row"
                + "".join(f"\n  {note}" for note in g["notes"]),
                file=sys.stderr,
                flush=True,
            )
    total = {k: sum(g[k] for g in done) for k in ("lifts", "right", "asked", "wrong", "nowhere", "missed",
                                                   "frames", "cpu_s", "render_s", "read_s",
                                                   "clean_renders")}  # fmt: skip
    return {"n": n, **total, "s_per_frame": total["cpu_s"] / max(total["frames"], 1),
            "s_per_game": total["cpu_s"] / max(n, 1), "jobs": jobs, "cheap": cheap,
            "row_errors": [e for g in done for e in g["row_errors"]],
            "notes": [note for g in sorted(done, key=lambda g: g["seed"]) for note in g["notes"]]}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rows", type=int, default=200)
    ap.add_argument("--dice", type=int, default=500)
    ap.add_argument("--rolling", type=int, default=100)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games at a time")
    ap.add_argument("--game-size", default="960x720", help="the demo camera's frame, WxH px")
    ap.add_argument(
        "--first-seed", type=int, default=1, help="the first demo game's seed (then +1 each)"
    )
    ap.add_argument(
        "--full-frames", action="store_true", help="render every demo frame in full (slow)"
    )
    args = ap.parse_args()
    t0 = time.time()
    r = rows(args.rows) if args.rows else None
    d = dice(args.dice, args.rolling) if args.dice or args.rolling else None
    size = tuple(int(v) for v in args.game_size.lower().split("x"))
    jobs = min(args.jobs, max(args.games, 1))
    g = None
    if args.games:
        g = games(args.games, args.first_seed, jobs=jobs, size_px=size, cheap=not args.full_frames)
    print("### bench_stein_auf_stein_table.py\n")
    print(f"Machine: {machine()}; load average {load_average()}; {time.time() - t0:.0f} s wall.\n")
    print("| measure | result | goal |")
    print("| --- | --- | --- |")
    if r:
        print(f"| row length, {r['n']} rendered rows, tilt 0-30 deg | {r['within_2mm']}/{r['n']} within 2 mm;"
              f" max {r['max_mm']:.2f} mm, 95th percentile {r['p95_mm']:.2f} mm | all within 2 mm |")  # fmt: skip
        print(f"| blocks of the row named in order | {r['named']}/{r['n']} | |")
        if r["worst"]:
            print(f"| the worst row measured | seed {r['worst'][0]}: {r['worst'][1]:+.2f} mm | |")
        if r["unmeasured"]:
            print(f"| rows not measured (no length given) | seeds {r['unmeasured']} | |")
    if d:
        share = 100 * d["right"] / max(d["still"], 1)
        print(
            f"| die lying still, {d['still']} renders | {d['right']}/{d['still']} ({share:.1f} %) | >= 99.5 % |"
        )
        print(f"| die rolling, {d['rolling']} renders | {d['read_while_rolling']} read | 0 |")
    if g:
        print(f"| lifts, {g['n']} demo games ({size[0]}x{size[1]}) | {g['lifts']}: {g['right']} right from the camera,"
              f" {g['asked']} asked (entered on the tablet), {g['wrong']} wrong, {g['nowhere']} counted nowhere | none wrong |")  # fmt: skip
        print(f"| rolls or lifts entered on the tablet | {g['missed']} | |")
        made = "FrameMaker" if g["cheap"] else "rendered in full"
        print(f"| demo frame (make + read; frames {made}) | {g['s_per_frame']:.2f} s CPU"
              f" ({g['render_s'] / max(g['frames'], 1):.2f} making, {g['read_s'] / max(g['frames'], 1):.2f}"
              f" reading); {g['s_per_game']:.0f} s CPU a game ({g['frames']} frames,"
              f" {g['clean_renders']} full renders, {g['jobs']} processes) | |")  # fmt: skip
        if g["row_errors"]:
            worst = max(g["row_errors"], key=abs)
            print(f"| rows measured at the end of yardstick games | {len(g['row_errors'])};"
                  f" worst {worst:+.2f} mm | |")  # fmt: skip
    if g and g["notes"]:
        print("\nLifts not recorded from the camera as played:\n")
        print("\n".join(f"- {note}" for note in g["notes"]))
    if d and d["wrong"]:
        print("\nDie misreadings: " + "; ".join(d["wrong"]))


if __name__ == "__main__":
    main()
