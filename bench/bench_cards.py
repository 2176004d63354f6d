"""Cards on one core: registration time, per-slot accuracy, hands, time to read a table.

Run with ``make bench`` (or ``python bench/bench_cards.py [--quick]``). Prints a Markdown
section for BENCHMARKS.md ("Cards"), with the machine it ran on.

- Registration: CPU seconds per design for the two ready decks (generated pictures).
- Accuracy: rendered card tables at 1280 x 960 (``card_scenes.random_card_scene``: the
  ready decks' near-twins, perspective up to 30°, turns up to 180°, shifts, warm/cool
  light across the frame, glare, blur, noise, JPEG), half HiLo, half Heuchel & Meuchel:
  slots read right (label and design), and confident misreadings (a wrong label or
  design at confidence >= ``CONFIDENT``; the goal is 0); the unsure faces whose
  candidates name the true design.
- Hands: the same tables with a hand over each; a covered slot read as a wrong label or
  design in that single frame (any confidence, and confident).
- Speed: CPU milliseconds to read a whole HiLo mat (2 players' layouts, the piles) at
  1280 x 960, median over the accuracy frames (every slot read afresh); and in the
  stream, where a slot whose crop has not changed keeps its reading: a HiLo table read
  again with fresh sensor noise. And the goal's own case: a HiLo table of 4 players
  (``hilo-4``: four player mats and the piles' mat, each with its own markers, in one
  1280 x 960 frame; ``table_scenes.render_table``) read by ``TableCardReader`` in the
  stream, 5 more times with fresh noise (normal, 2 levels) on the same picture; and
  the same frames read in full every frame (``fast=False``: no marker windows, no
  still mats kept), with how many slot readings the two share. OpenCV and the BLAS on
  one thread.
- Stream: the first ``--stream-layouts`` of the accuracy layouts, or the accuracy seeds
  ``--stream-seeds`` names (the same scenes; their first frame is the accuracy frame),
  read over ``--frames`` frames by a stream reader with ``evidence=True``
  (``twin_evidence.py``), each later frame with fresh sensor noise and JPEG and the
  camera moved by up to ``JITTER_PX`` (sub-pixel): per-slot accuracy of the reading
  after the last frame, and its confident misreadings (the goal is 0).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import itertools  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import common  # noqa: E402
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.devices.card_art import write_ready_deck  # noqa: E402
from companion.devices.card_scenes import (  # noqa: E402
    deck_pictures,
    random_card_scene,
    render_card_table,
)
from companion.devices.render import render  # noqa: E402
from companion.devices.table_scenes import render_table  # noqa: E402
from companion.sensing.vision.card_reader import CONFIDENT, CardReader, _scale_at  # noqa: E402
from companion.sensing.vision.deck import register  # noqa: E402
from companion.sensing.vision.layout import load_layout  # noqa: E402
from companion.sensing.vision.table_reader import TableCardReader  # noqa: E402

GAMES = ("hilo", "heuchel-meuchel")
#: The stream figure's camera moves by up to this (frame px, either way) between frames.
JITTER_PX = 0.3


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--quick", action="store_true", help="40 layouts and 20 hands, not 500/100")
    p.add_argument("--layouts", type=int, default=500)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument(
        "--stream-layouts", type=int, default=100, help="layouts read as a stream (default 100)"
    )
    p.add_argument("--frames", type=int, default=5, help="frames a stream layout is read over")
    p.add_argument(
        "--stream-seeds",
        type=_seeds,
        help="read these accuracy seeds as the stream (e.g. 10189,10379,10300-10309), not the"
        " first --stream-layouts",
    )
    args = p.parse_args()
    n_layouts, n_hands = (40, 20) if args.quick else (args.layouts, args.hands)
    n_streamed = 10 if args.quick else args.stream_layouts
    cv2.setNumThreads(1)
    root = Path(tempfile.mkdtemp(prefix="bench-cards-"))
    lines = ["## Cards", "", f"Machine: {common.machine()}; OpenCV {cv2.__version__}", ""]
    decks, readers, pictures = {}, {}, {}
    for game in GAMES:
        folder = write_ready_deck(game, root / game)
        t0 = time.process_time()
        decks[game] = register(folder)
        took = time.process_time() - t0
        n = len(decks[game].designs) + 1
        lines.append(
            f"- registration, {game}: {n} pictures in {took:.2f} s CPU,"
            f" {1000 * took / n:.1f} ms a design"
        )
        pictures[game] = deck_pictures(folder)
        readers[game] = CardReader(load_layout(game), decks[game])
    right = total = certain = unsure = named = 0
    confident_wrong, hilo_ms, per_game = [], [], {g: [0, 0] for g in GAMES}
    cand_sizes: list[int] = []
    misses: dict[tuple[str, str], int] = {}  # (game, kind) -> slots
    twin_bands: dict[tuple[str, str], list[int]] = {}  # (px/mm band, blur band) -> [missed, faces]
    for k in range(n_layouts):
        game = GAMES[k % 2]
        rendered, truth = render_card_table(load_layout(game), pictures[game], 10_000 + k)
        t0 = time.process_time()
        _board, cards = readers[game].read(rendered.image)
        if game == "hilo":
            hilo_ms.append(1000 * (time.process_time() - t0))
        for slot, want in truth.items():
            r = cards.get(slot)
            got = (r.label, r.card) if r else ("no board", None)
            ok = got == want
            right, total = right + ok, total + 1
            certain += ok and r.confidence >= CONFIDENT
            if r and r.label == "face" and r.confidence < CONFIDENT and want[0] == "face":
                unsure += 1
                named += want[1] in r.candidates
                cand_sizes.append(len(r.candidates))
            per_game[game][0] += ok
            per_game[game][1] += 1
            if want[0] == "face" and game == "heuchel-meuchel":
                ppm = _scale_at(
                    rendered.scene.board_to_image, readers[game].layout.cell(slot).centre_mm
                )
                band = (_band(ppm, (0.7, 0.8, 0.9)), _band(rendered.scene.blur_px, (0.6, 0.9)))
                twin_bands.setdefault(band, [0, 0])[1] += 1
                twin_bands[band][0] += r is not None and r.label == "face" and not ok
            if not ok:
                kind = _miss_kind(want, r)
                misses[(game, kind)] = misses.get((game, kind), 0) + 1
            if r and not ok and r.label != "unknown" and r.confidence >= CONFIDENT:
                confident_wrong.append((game, 10_000 + k, slot, want, got, r.confidence))
    lines.append(
        f"- accuracy over {n_layouts} rendered layouts at 1280x960: {right}/{total} slots ="
        f" {100 * right / total:.2f} % ("
        + ", ".join(f"{g} {a}/{b} = {100 * a / b:.2f} %" for g, (a, b) in per_game.items() if b)
        + f"); confident misreadings: {len(confident_wrong)}; read right and certain"
        f" (confidence >= {CONFIDENT}): {certain}/{total} = {100 * certain / total:.2f} %"
        f"; unsure faces (below {CONFIDENT}) with the true design among their candidates:"
        f" {named}/{unsure}, {len(cand_sizes) and np.mean(cand_sizes):.2f} candidates each"
    )
    if confident_wrong:
        lines.append(f"  (first: {confident_wrong[:5]})")
    lines.append(
        "- the slots missed, by kind: "
        + "; ".join(f"{g} {k}: {n}" for (g, k), n in sorted(misses.items()))
    )
    lines.append(
        "- Heuchel & Meuchel faces read as a twin, by the camera's px/mm on the card and"
        " the frame's blur (px): "
        + "; ".join(
            f"{a} px/mm, blur {b}: {m}/{n} = {100 * m / n:.1f} %"
            for (a, b), (m, n) in sorted(twin_bands.items())
        )
    )
    if args.stream_seeds:
        lines.append(_stream_accuracy(args.stream_seeds, args.frames, decks, pictures))
    elif n_streamed > 0:  # --stream-layouts 0: no stream figure
        lines.append(_stream_accuracy(n_streamed, args.frames, decks, pictures))
    covered = wrong = wrong_sure = 0
    for k in range(n_hands):
        game = GAMES[k % 2]
        rendered, truth = render_card_table(load_layout(game), pictures[game], 20_000 + k, hands=1)
        _, cards = readers[game].read(rendered.image)
        for slot in rendered.occluded & set(truth) & set(cards):
            r = cards[slot]
            covered += 1
            bad = not r.occluded and r.label != "unknown" and (r.label, r.card) != truth[slot]
            wrong += bad
            wrong_sure += bad and r.confidence >= CONFIDENT
    lines.append(
        f"- hands, {n_hands} tables with a hand: {covered} covered slots; read wrong in a"
        f" single frame: {wrong} ({wrong_sure} of them confident)"
    )
    stream_ms, reread = [], []
    for k in range(n_stream := (5 if args.quick else 20)):
        rng = np.random.default_rng(30_000 + k)
        scene, _ = random_card_scene(load_layout("hilo"), pictures["hilo"], rng)
        reader = CardReader(load_layout("hilo"), decks["hilo"], stream=True)
        for frame in range(6):
            image = render(scene, rng).image  # the same table, fresh sensor noise
            t0 = time.process_time()
            reader.read(image)
            if frame:
                stream_ms.append(1000 * (time.process_time() - t0))
                reread.append(len(reader.reread))
    lines.append(
        f"- speed: a HiLo mat (26 slots) at 1280x960, every slot read afresh: median"
        f" {np.median(hilo_ms):.1f} ms CPU (p90 {np.percentile(hilo_ms, 90):.1f}); in the"
        f" stream, {n_stream} tables read 5 more times with fresh noise: median"
        f" {np.median(stream_ms):.1f} ms (p90 {np.percentile(stream_ms, 90):.1f}), slots read"
        f" again {np.mean(reread):.2f} a frame; a table of 4 layouts is two such mats"
    )
    table = load_layout("hilo-4")
    table_ms, table_reread, table_first, full_ms = [], [], [], []
    same = differ = 0  # slot readings of the fast stream against every frame read in full
    for k in range(n_stream):
        rendered, _ = render_table(table, pictures["hilo"], 31_000 + k)
        rng = np.random.default_rng(31_000 + k)
        reader = TableCardReader(table, decks["hilo"], stream=True)
        full = TableCardReader(table, decks["hilo"], stream=True, fast=False)
        for frame in range(6):
            noisy = rendered.image + rng.normal(0, 2.0, rendered.image.shape)
            image = np.clip(noisy, 0, 255).astype(np.uint8)
            t0 = time.process_time()
            _, cards = reader.read(image)
            took = 1000 * (time.process_time() - t0)
            t0 = time.process_time()
            _, want = full.read(image)
            took_full = 1000 * (time.process_time() - t0)
            if frame:
                table_ms.append(took)
                full_ms.append(took_full)
                table_reread.append(sum(len(r.reread) for r in reader.readers.values()))
                for slot in set(cards) | set(want):
                    ok = cards.get(slot) == want.get(slot)
                    same, differ = same + ok, differ + (not ok)
            else:
                table_first.append(took)
    lines.append(
        f"- speed, the goal's case: a HiLo table of 4 players (hilo-4, 5 mats, one frame of"
        f" 1280x960, {len(reader.slots)} slots), {n_stream} tables: first frame median"
        f" {np.median(table_first):.1f} ms CPU; in the stream (5 more frames each, fresh"
        f" noise) median {np.median(table_ms):.1f} ms (p90 {np.percentile(table_ms, 90):.1f}),"
        f" slots read again {np.mean(table_reread):.2f} a frame; every frame read in full"
        f" (`fast=False`, the same frames) median {np.median(full_ms):.1f} ms"
        f" (p90 {np.percentile(full_ms, 90):.1f}); slot readings the same as in full:"
        f" {same}/{same + differ}"
    )
    print("\n".join(lines))


def _stream_accuracy(layouts: int | list[int], frames: int, decks: dict, pictures: dict) -> str:
    """The stream figure's line: the first ``layouts`` accuracy layouts (seeds 10000 on,
    the games alternating), or those of the seeds in the list ``layouts``, each read over
    ``frames`` frames by a stream reader with ``evidence=True``; the first frame is the
    accuracy frame itself, each later one has fresh sensor noise and JPEG and the camera
    moved by up to ``JITTER_PX``."""
    seeds = range(10_000, 10_000 + layouts) if isinstance(layouts, int) else layouts
    which = (
        f"{len(seeds)} of these layouts"
        if isinstance(layouts, int)
        else f"{len(seeds)} layouts (seeds {_seed_text(seeds)})"
    )
    right = total = certain = first_right = 0
    confident_wrong, per_game = [], {g: [0, 0] for g in GAMES}
    for seed in seeds:
        game = _game_of(seed)
        layout = load_layout(game)
        rng = np.random.default_rng(seed)  # as render_card_table draws it
        scene, truth = random_card_scene(layout, pictures[game], rng)
        jitter = np.random.default_rng([seed, 1])
        reader = CardReader(layout, decks[game], stream=True, evidence=True)
        for frame in range(frames):
            seen = scene
            if frame:
                dx, dy = jitter.uniform(-JITTER_PX, JITTER_PX, 2)
                moved = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]]) @ scene.board_to_image
                seen = replace(scene, board_to_image=moved)
            _board, cards = reader.read(render(seen, rng).image)
            if frame == 0:
                first_right += sum(
                    (r.label, r.card) == truth[s] for s, r in cards.items() if s in truth
                )
        for slot, want in truth.items():
            r = cards.get(slot)
            ok = r is not None and (r.label, r.card) == want
            right, total = right + ok, total + 1
            certain += ok and r.sure
            per_game[game][0] += ok
            per_game[game][1] += 1
            if r and not ok and r.label != "unknown" and r.sure:
                confident_wrong.append((game, seed, slot, want, (r.label, r.card), r.confidence))
    line = (
        f"- stream, {which} each read over {frames} frames (fresh noise"
        f" and JPEG, the camera moved up to {JITTER_PX} px; evidence=True): after the last"
        f" frame {right}/{total} slots = {100 * right / total:.2f} % ("
        + ", ".join(f"{g} {a}/{b} = {100 * a / b:.2f} %" for g, (a, b) in per_game.items() if b)
        + f"); confident misreadings: {len(confident_wrong)}; read right and certain:"
        f" {certain}/{total} = {100 * certain / total:.2f} %; the same layouts' first frame"
        f" alone: {first_right}/{total} = {100 * first_right / total:.2f} %"
    )
    if confident_wrong:
        line += f"\n  (first: {confident_wrong[:5]})"
    return line


def _game_of(seed: int) -> str:
    """The game of accuracy seed ``seed`` (10000 on, the games alternating)."""
    return GAMES[(seed - 10_000) % 2]


def _seed_text(seeds) -> str:
    """``seeds`` as short text: runs of consecutive seeds as ranges ("10189, 10300-10309")."""
    runs: list[list[int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(str(a) if a == z else f"{a}-{z}" for a, z in runs)


def _seeds(text: str) -> list[int]:
    """``--stream-seeds``: seeds and ranges, comma-separated ("10189,10300-10309"); each an
    accuracy seed, 10000 or more."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            seeds += range(int(first), int(last or first) + 1)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{part!r} is not a seed or a range of seeds (such as 10189 or 10300-10309)"
            ) from None
    if not seeds or min(seeds) < 10_000:
        raise argparse.ArgumentTypeError(f"{text!r}: give accuracy seeds, 10000 or more")
    return seeds


def _band(value: float, edges: tuple[float, ...]) -> str:
    """The band of ``edges`` that ``value`` falls in, as text ("<0.7", "0.7-0.8", ">=0.9")."""
    if value < edges[0]:
        return f"<{edges[0]}"
    for lo, hi in itertools.pairwise(edges):
        if value < hi:
            return f"{lo}-{hi}"
    return f">={edges[-1]}"


def _miss_kind(want: tuple[str, str | None], r) -> str:
    """Why a slot was missed: a twin named (unsure), covered when clear, or another label."""
    if r is None:
        return "board not found"
    if r.occluded:
        return "reported covered"
    if want[0] == "face" and r.label == "face":
        return "a twin named" + (" (confident)" if r.confidence >= CONFIDENT else " (unsure)")
    return f"{want[0]} read {r.label}"


if __name__ == "__main__":
    main()
