"""Random card tables for the synthetic camera: a deck's pictures in a layout's slots.

Each card slot holds nothing, a card face down or a card face up (a design drawn from
the deck), shifted up to 2 mm in its slot and turned up to 1.7°, or that and 180°. The
camera looks from up to ``tilt_deg`` off vertical (perspective), under warm or cool light
changing across the frame, with glare spots, blur, noise, JPEG and hands
(``scenes.random_scene`` draws the rest). Truth: slot -> (label, design id or None).
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from ..sensing.vision.card_reader import card_slots
from ..sensing.vision.colour import srgb_to_linear
from ..sensing.vision.deck import BACK, PICTURE_SUFFIXES, load_deck_file
from ..sensing.vision.layout import Layout
from .render import Render, Scene, render
from .scenes import random_hand, random_scene


def deck_pictures(folder: str | Path) -> dict[str, np.ndarray]:
    """Every picture of a deck folder as linear RGB float32, by id (``back`` included)."""
    root = Path(folder)
    _, designs = load_deck_file(root)
    out = {}
    for did in [*(d.id for d in designs), BACK]:
        path = next(root / f"{did}{s}" for s in PICTURE_SUFFIXES if (root / f"{did}{s}").is_file())
        bgr = cv2.imread(str(path), cv2.IMREAD_COLOR)
        out[did] = srgb_to_linear(bgr[..., ::-1] / 255.0).astype(np.float32)
    return out


def tilted_pose(
    layout: Layout, size_px: tuple[int, int], rng: np.random.Generator, *, tilt_deg: float
) -> np.ndarray:
    """Board mm -> image px for a camera looking ``tilt_deg`` off vertical (a random
    direction), the board turned any way and filling most of the frame."""
    bw, bh = layout.size_mm
    corners = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], float) - np.array([bw, bh]) / 2
    turn = rng.uniform(-math.pi, math.pi)
    c, s = math.cos(turn), math.sin(turn)
    flat = corners @ np.array([[c, s], [-s, c]])
    axis = rng.uniform(0, 2 * math.pi)
    t = math.radians(tilt_deg)
    # rotate the board plane about an axis in it, then look from straight above
    ux, uy = math.cos(axis), math.sin(axis)
    along = flat @ np.array([ux, uy])
    across = flat @ np.array([-uy, ux])
    x3 = along * math.cos(t)
    z3 = along * math.sin(t)
    dist = 2.2 * max(bw, bh)
    persp = dist / (dist + z3)
    pts = np.c_[x3 * ux - across * uy, x3 * uy + across * ux] * persp[:, None]
    w, h = size_px
    span = pts.max(axis=0) - pts.min(axis=0)
    scale = rng.uniform(0.75, 0.92) * min(w / span[0], h / span[1])
    pts = (pts - pts.min(axis=0)) * scale
    pts += rng.uniform(0.2, 0.8, 2) * (np.array([w, h]) - pts.max(axis=0))
    board = corners + np.array([bw, bh]) / 2
    return cv2.getPerspectiveTransform(board.astype(np.float32), pts.astype(np.float32)).astype(
        np.float64
    )


def random_card_scene(
    layout: Layout,
    pictures: dict[str, np.ndarray],
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (1280, 960),
    tilt_deg: float | None = None,
    hands: int = 0,
    shift_mm: float = 2.0,
) -> tuple[Scene, dict[str, tuple[str, str | None]]]:
    """A random card table and its truth (slot -> (label, design or None))."""
    scene = random_scene(layout, rng, size_px=size_px, hands=0)
    tilt = rng.uniform(0, 30) if tilt_deg is None else tilt_deg
    hom = tilted_pose(layout, size_px, rng, tilt_deg=tilt)
    designs = [k for k in pictures if k != BACK]
    contents, art, offsets, truth = {}, {}, {}, {}
    for slot in card_slots(layout):
        cell = layout.cell(slot)
        kind = rng.choice(["empty", "back", "face", "face"])
        if kind == "empty":
            truth[slot] = ("empty", None)
            continue
        card = str(rng.choice(designs)) if kind == "face" else BACK
        piece = next(p for p in cell.pieces if layout.pieces[p].shape == "card")
        contents[slot] = piece
        art[slot] = pictures[card]
        turn = rng.uniform(-0.03, 0.03) + (math.pi if rng.random() < 0.5 else 0.0)
        offsets[slot] = (rng.uniform(-shift_mm, shift_mm), rng.uniform(-shift_mm, shift_mm), turn)
        truth[slot] = ("back", None) if card == BACK else ("face", card)
    w, h = size_px
    glare = tuple(
        (rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.08) * w, rng.uniform(0.01, 0.05))
        for _ in range(int(rng.integers(0, 3)))
    )
    tint = tuple(rng.uniform(-0.25, 0.25, 3))
    scene = replace(
        scene,
        board_to_image=hom,
        contents=contents,
        art=art,
        offsets_mm={**scene.offsets_mm, **offsets},
        glare=glare,
        tint=tint,
    )
    scene = replace(scene, hands=tuple(random_hand(scene, rng) for _ in range(hands)))
    return scene, truth


def render_card_table(
    layout: Layout, pictures: dict[str, np.ndarray], seed: int, **kw
) -> tuple[Render, dict[str, tuple[str, str | None]]]:
    """``random_card_scene`` from ``seed``, rendered."""
    rng = np.random.default_rng(seed)
    scene, truth = random_card_scene(layout, pictures, rng, **kw)
    return render(scene, rng), truth
