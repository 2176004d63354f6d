"""HiLo tables of 2 to 5 players and registering a deck by camera, on one core.

Run with ``make bench`` (or ``python bench/bench_hilo_tables.py [--quick]``). Prints a
Markdown section for BENCHMARKS.md ("HiLo tables and registering by camera").

- Tables: rendered HiLo tables at 1280 x 960 (``table_scenes.render_table``: a mat per
  player at its seat, jittered, the piles' mat in the middle; the table under a camera
  up to 30° off vertical; the ready HiLo deck's near-twins, light, glare, blur, noise,
  JPEG). Per player count: mats found, slots read right (label and design), slots left
  ``unknown``, confident misreadings (a wrong label or design at confidence >=
  ``CONFIDENT``; the goal is 0), and the CPU milliseconds to read the whole table
  (median; OpenCV and the BLAS on one thread): every slot afresh (one picture), and in
  the stream (``stream=True``: the same table 5 more times with fresh sensor noise,
  normal 2 levels, markers searched near where they were and still mats keeping their
  reading, ``still_mat.py``).
- Hands: the same tables with a hand over each; a covered slot read as a wrong label or
  design in that single frame (any confidence, and confident); and the slots the hand
  does not touch that were reported covered all the same.
- Registering by camera: rendered frames of each card of the ready Heuchel & Meuchel
  deck laid under the camera in turn (``capture_scenes.showing``); CPU seconds per
  card to find, follow, cut and check it (``card_capture.capture_deck``), and whether
  every picture taken is the card shown.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import common  # noqa: E402
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.card_capture import Registered, _peak_difference, capture_deck  # noqa: E402
from companion.devices.capture_scenes import showing  # noqa: E402
from companion.devices.card_art import write_ready_deck  # noqa: E402
from companion.devices.card_scenes import deck_pictures  # noqa: E402
from companion.devices.table_scenes import render_table  # noqa: E402
from companion.sensing.vision.card_reader import CONFIDENT  # noqa: E402
from companion.sensing.vision.deck import BACK, load_deck, load_deck_file  # noqa: E402
from companion.sensing.vision.layout import load_layout  # noqa: E402
from companion.sensing.vision.table_reader import TableCardReader  # noqa: E402

SIZE = (1280, 960)


def tables(deck, pictures, n_per_size: int, lines: list[str]) -> None:
    lines += [
        f"Tables: {n_per_size} rendered HiLo tables per player count at {SIZE[0]} x {SIZE[1]}"
        " (seeds 30000+), the ready (provisional) HiLo deck.",
        "",
        "| players | mats found | slots right | unknown | confident misreadings"
        " | read ms (median, max) | in the stream ms (median, p90) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for n in (2, 3, 4, 5):
        lay = load_layout(f"hilo-{n}")
        reader = TableCardReader(lay, deck)
        found = mats = right = unknown = wrong = slots = 0
        times, stream_ms = [], []
        for k in range(n_per_size):
            rendered, truth = render_table(lay, pictures, 30_000 + 100 * n + k, size_px=SIZE)
            t0 = time.process_time()
            table, cards = reader.read(rendered.image)
            times.append(1000 * (time.process_time() - t0))
            stream_ms += _stream(lay, deck, rendered.image, 30_000 + 100 * n + k)
            found += len(table.found)
            mats += len(lay.mats)
            for slot, (label, card) in truth.items():
                slots += 1
                got = cards.get(slot)
                if got is None or got.occluded:
                    unknown += 1
                    continue
                right += (got.label, got.card) == (label, card)
                unknown += got.label == "unknown"
                confident = got.confidence >= CONFIDENT and got.label != "unknown"
                wrong += confident and (got.label, got.card) != (label, card)
        lines.append(
            f"| {n} | {found}/{mats} | {right}/{slots} ({100 * right / slots:.1f} %)"
            f" | {unknown} | {wrong} | {np.median(times):.0f}, {max(times):.0f}"
            f" | {np.median(stream_ms):.1f}, {np.percentile(stream_ms, 90):.1f} |"
        )
    lines.append("")


def _stream(lay, deck, image: np.ndarray, seed: int) -> list[float]:
    """CPU ms of each of 5 frames after the first of a table in the stream: ``image``
    with fresh sensor noise each frame."""
    reader = TableCardReader(lay, deck, stream=True)
    rng = np.random.default_rng(seed)
    out = []
    for frame in range(6):
        noisy = np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)
        t0 = time.process_time()
        reader.read(noisy)
        if frame:
            out.append(1000 * (time.process_time() - t0))
    return out


def hands(deck, pictures, n: int, lines: list[str]) -> None:
    covered = wrong = confident = spared = needless = 0
    for k in range(n):
        lay = load_layout(f"hilo-{2 + k % 4}")
        reader = TableCardReader(lay, deck)
        rendered, truth = render_table(lay, pictures, 40_000 + k, size_px=SIZE, hands=1)
        _, cards = reader.read(rendered.image)
        for slot in set(cards) - rendered.occluded:  # the hand does not touch it
            spared += 1
            needless += cards[slot].occluded
        for slot in set(cards) & rendered.occluded:
            covered += 1
            got = cards[slot]
            if got.occluded or got.label == "unknown":
                continue
            if (got.label, got.card) != truth[slot]:
                wrong += 1
                confident += got.confidence >= CONFIDENT
    lines += [
        f"Hands: {n} tables (2 to 5 players) with a hand over each: {covered} covered slots"
        f" read; {wrong} read as a wrong label or design in that single frame,"
        f" {confident} of them confidently. Of the {spared} slots the hand does not touch,"
        f" {needless} were reported covered (a mat the arm crosses is covered whole).",
        "",
    ]


def registering(root: Path, lines: list[str]) -> None:
    printed = write_ready_deck("heuchel-meuchel", root / "printed")
    _, designs = load_deck_file(printed)
    ids = [BACK, *(d.id for d in designs)]
    pictures = {i: cv2.imread(str(printed / f"{i}.png")) for i in ids}
    aspect = 56.0 / 40.0
    rng = np.random.default_rng(50_000)
    frames = []
    for did in ids:
        frames += showing(pictures[did], aspect, rng, size_px=(640, 480))
    stream = [SimpleNamespace(image=f, t_mono=0.1 * k) for k, f in enumerate(frames)]
    deck = root / "camera"
    deck.mkdir()
    shutil.copy(printed / "deck.toml", deck / "deck.toml")
    t0 = time.process_time()
    taken = capture_deck(deck, stream, lambda m: None)
    took = time.process_time() - t0
    reg = Registered((40.0, 56.0), {})
    looks = {i: reg.look(p)[1] for i, p in pictures.items()}
    right = 0
    for did in taken:
        _, g = reg.look(cv2.imread(str(deck / f"{did}.png")))
        nearest = min(
            looks, key=lambda k: min(_peak_difference(t, looks[k]) for t in (g, g[::-1, ::-1]))
        )
        right += nearest == did
    lines += [
        f"Registering by camera: the ready Heuchel & Meuchel deck ({len(ids)} pictures, the"
        f" back included), each card laid under a 640 x 480 camera in turn ({len(frames)}"
        f" rendered frames): {len(taken)} taken, {right} of them the card shown;"
        f" {took / max(len(taken), 1):.2f} CPU s per card (finding, following, cutting"
        " and checking it against the cards already taken).",
        "",
    ]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--quick", action="store_true", help="3 tables per size and 4 hands")
    p.add_argument("--tables", type=int, default=10, help="tables per player count")
    p.add_argument("--hands", type=int, default=20)
    args = p.parse_args()
    n_tables, n_hands = (3, 4) if args.quick else (args.tables, args.hands)
    cv2.setNumThreads(1)
    root = Path(tempfile.mkdtemp(prefix="bench-hilo-tables-"))
    lines = [
        "## HiLo tables and registering by camera",
        "",
        f"Machine: {common.machine()}; OpenCV {cv2.__version__}",
        "",
    ]
    folder = write_ready_deck("hilo", root / "hilo")
    deck, pictures = load_deck(folder), deck_pictures(folder)
    tables(deck, pictures, n_tables, lines)
    hands(deck, pictures, n_hands, lines)
    registering(root, lines)
    shutil.rmtree(root, ignore_errors=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
