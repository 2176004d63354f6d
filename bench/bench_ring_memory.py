"""The stream's ring memory on bare boards and under hands (issue 14).

Run with ``python bench/bench_ring_memory.py [--seeds N] [--frames N]``. Prints a
Markdown section for BENCHMARKS.md ("Ring memory: noise and hands").

- Bare boards, no hand (``random_scene(hands=0, shadows=0)``, seeds 40 on, each frame
  rendered afresh: new sensor noise): per layout, size and coding (MJPG AVI written and
  read back with OpenCV, or the lossless frames), the seeds on which the memory called a
  clear cell covered in any frame, and the cell-frames it did so.
- Hands (HiLo and Stein im Brett, seeds 0 on, 640 x 480 MJPG): 3 clear frames, then 4
  with a hand reaching in and moving a few px, once with a skin-coloured hand and once
  with a hand the colour of the mat: the covered cell-frames (renderer's truth) that the
  reading flags (occluded or unknown), and those the memory itself called covered.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import tempfile  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import common  # noqa: E402
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.devices.render import render  # noqa: E402
from companion.devices.scenes import random_hand, random_scene  # noqa: E402
from companion.sensing.vision.colour import hex_to_linear_rgb  # noqa: E402
from companion.sensing.vision.layout import load_layout  # noqa: E402
from companion.sensing.vision.reader import BoardReader  # noqa: E402

BARE = [  # (layout, size px, coding)
    ("hilo", (640, 480), "MJPG"),
    ("hilo", (640, 480), "lossless"),
    ("hilo", (320, 240), "MJPG"),
    ("hilo", (1280, 960), "MJPG"),
    ("stein-im-brett", (640, 480), "MJPG"),
    ("heuchel-meuchel", (640, 480), "MJPG"),
]


def coded(images: list[np.ndarray], coding: str, folder: Path) -> list[np.ndarray]:
    """``images`` as a video reads them back: MJPG written and read by OpenCV, or as they are."""
    if coding == "lossless":
        return images
    h, w = images[0].shape[:2]
    path = folder / "t.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (w, h))
    for image in images:
        writer.write(image)
    writer.release()
    capture, out = cv2.VideoCapture(str(path)), []
    while (frame := capture.read())[0]:
        out.append(frame[1])
    capture.release()
    return out


def stream(name: str, frames: list[np.ndarray]):
    """(reading, cells the memory called covered) per frame, read as a stream."""
    reader = BoardReader(load_layout(name), stream=True)
    said: list[np.ndarray] = []
    update = reader.memory.update
    reader.memory.update = lambda *a, **kw: said.append(update(*a, **kw)) or said[-1]
    ids = [c.id for c in reader.layout.cells]
    for frame in frames:
        n = len(said)
        reading = reader.read(frame)
        memory = (
            {i for i, hit in zip(ids, said[-1], strict=True) if hit} if len(said) > n else set()
        )
        yield reading, memory


def bare(name, size, coding, seeds, count, folder):
    """(seeds with a memory cover, memory-covered cell-frames, cell-frames read)."""
    bad_seeds = covers = cell_frames = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        scene = random_scene(load_layout(name), rng, size_px=size, hands=0, shadows=0)
        frames = coded([render(scene, rng).image for _ in range(count)], coding, folder)
        hits = 0
        for reading, memory in stream(name, frames):
            hits += len(memory)
            cell_frames += len(reading.cells)
        bad_seeds += hits > 0
        covers += hits
    return bad_seeds, covers, cell_frames


def hands(name, seeds, mat_coloured, folder):
    """(covered cell-frames, flagged by the reading, called covered by the memory)."""
    lay = load_layout(name)
    covered = flagged = by_memory = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        scene = random_scene(lay, rng, hands=0, shadows=0)
        renders = [render(scene, rng) for _ in range(3)]
        hand = random_hand(scene, rng)
        if mat_coloured:
            mat = hex_to_linear_rgb(lay.cells[0].surface) * rng.uniform(0.95, 1.1)
            hand = replace(hand, colour=tuple(float(v) for v in mat))
        for dx, dy in ((0, 0), (6, -4), (-5, 5), (3, 3)):
            moved = replace(hand, to_px=(hand.to_px[0] + dx, hand.to_px[1] + dy))
            renders.append(render(replace(scene, hands=(moved,)), rng))
        frames = coded([r.image for r in renders], "MJPG", folder)
        for truth, (reading, memory) in zip(renders, stream(name, frames), strict=True):
            if not reading.ok:
                continue
            for cell in truth.occluded:
                r = reading.cells[cell]
                covered += 1
                flagged += r.occluded or r.label == "unknown"
                by_memory += cell in memory
    return covered, flagged, by_memory


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=12, help="bare boards per row (from 40)")
    ap.add_argument("--frames", type=int, default=10, help="frames per bare board")
    ap.add_argument("--hand-seeds", type=int, default=20, help="hand scenes per layout")
    args = ap.parse_args()
    print("## Ring memory: noise and hands\n")
    print(f"Machine: {common.machine()}; load average {common.load_average()}.\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        seeds = range(40, 40 + args.seeds)
        print(f"Bare boards, seeds {seeds.start}-{seeds.stop - 1}, {args.frames} frames each:\n")
        print("| layout | size | coding | seeds with a cover | cell-frames covered |")
        print("|---|---|---|---|---|")
        for name, size, coding in BARE:
            bad, covers, total = bare(name, size, coding, seeds, args.frames, folder)
            print(
                f"| {name} | {size[0]}x{size[1]} | {coding} | {bad} of {len(seeds)} "
                f"| {covers} of {total} |",
                flush=True,
            )
        hs = range(args.hand_seeds)
        print(f"\nHands, seeds 0-{hs.stop - 1}, 640x480 MJPG, 4 frames with a hand each:\n")
        print("| layout | hand | covered cell-frames | flagged by the reading | by the memory |")
        print("|---|---|---|---|---|")
        for name in ("hilo", "stein-im-brett"):
            for mat_coloured in (False, True):
                covered, flagged, by_memory = hands(name, hs, mat_coloured, folder)
                kind = "the mat's colour" if mat_coloured else "skin"
                print(f"| {name} | {kind} | {covered} | {flagged} | {by_memory} |", flush=True)


if __name__ == "__main__":
    main()
