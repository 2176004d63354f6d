"""Random tables for the synthetic camera: poses, lamps, shadows, hands, pieces, and the
frame sequences tests need (setup frames for calibration, a hand reaching in).

Everything is drawn from a seeded ``numpy.random.Generator``; the same seed gives the same
scene, to the pixel.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from ..sensing.vision.layout import Layout
from .render import SKIN_SRGB, Hand, Render, Scene, render


def colour_temperature_rgb(kelvin: float) -> np.ndarray:
    """Relative linear RGB of a lamp at ``kelvin`` seen by a camera balanced for 5500 K
    (a fit good to a few per cent between 2500 and 7500 K)."""
    t = (kelvin - 5500) / 1000
    r = 1 - 0.06 * t + 0.012 * t * t
    b = 1 + 0.16 * t - 0.02 * t * t
    return np.array([r, 1.0, max(0.25, b)]) / max(r, 1.0, b)


def random_pose(
    layout: Layout,
    size_px: tuple[int, int],
    rng: np.random.Generator,
    *,
    fill=(0.6, 0.9),
    tilt=0.06,
) -> np.ndarray:
    """A camera pose: board mm -> image px, the whole board in frame."""
    w, h = size_px
    bw, bh = layout.size_mm
    base = 0.0 if (bw >= bh) == (w >= h) else 90.0
    theta = math.radians(base + rng.uniform(-20, 20) + (180 if rng.random() < 0.5 else 0))
    c, s = math.cos(theta), math.sin(theta)
    corners = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], float) - (bw / 2, bh / 2)
    rot = corners @ np.array([[c, s], [-s, c]])
    rot += rng.uniform(-tilt, tilt, rot.shape) * max(bw, bh)
    span = rot.max(axis=0) - rot.min(axis=0)
    scale = rng.uniform(*fill) * min(w / span[0], h / span[1])
    pts = (rot - rot.min(axis=0)) * scale
    room = np.array([w, h]) - (pts.max(axis=0))
    pts += rng.uniform(0.1, 0.9, 2) * room
    board = corners + np.array([bw / 2, bh / 2])
    return cv2.getPerspectiveTransform(board.astype(np.float32), pts.astype(np.float32)).astype(
        np.float64
    )


def random_contents(
    layout: Layout, rng: np.random.Generator, *, fill: float = 0.5
) -> dict[str, str]:
    """Pieces on about ``fill`` of the cells, each an allowed piece drawn uniformly."""
    return {
        c.id: str(rng.choice(c.pieces)) for c in layout.cells if c.pieces and rng.random() < fill
    }


def random_offsets(
    layout: Layout, rng: np.random.Generator
) -> dict[str, tuple[float, float, float]]:
    """How far off centre (mm) and turned (radians) each piece lies, as players leave them."""
    out = {}
    for c in layout.cells:
        shapes = {layout.pieces[p].shape for p in c.pieces}
        turn = rng.uniform(-math.pi, math.pi) if shapes == {"disc"} else rng.uniform(-0.04, 0.04)
        jitter = 1.2 if shapes == {"disc"} else 1.0
        out[c.id] = (rng.uniform(-jitter, jitter), rng.uniform(-jitter, jitter), turn)
    return out


def random_hand(scene: Scene, rng: np.random.Generator, *, target: str | None = None) -> Hand:
    """A hand reaching from a random frame edge to ``target`` (a cell id) or a random cell."""
    w, h = scene.size_px
    cells = scene.layout.cells
    cell = scene.layout.cell(target) if target else cells[int(rng.integers(len(cells)))]
    to = cv2.perspectiveTransform(np.array([[cell.centre_mm]], float), scene.board_to_image)[0, 0]
    edge = int(rng.integers(4))
    t = rng.uniform(0.2, 0.8)
    start = [(t * w, -40), (w + 40, t * h), (t * w, h + 40), (-40, t * h)][edge]
    pts = cv2.perspectiveTransform(np.array([[[0, 0], [100, 0]]], float), scene.board_to_image)[0]
    px_per_mm = float(np.linalg.norm(pts[1] - pts[0]) / 100)
    skin = np.array(SKIN_SRGB[int(rng.integers(len(SKIN_SRGB)))]) / 255
    lin = ((skin + 0.055) / 1.055) ** 2.4 * rng.uniform(0.9, 1.1)
    shadow = tuple(rng.uniform(-25, 25, 2) * px_per_mm)
    return Hand(
        (float(start[0]), float(start[1])),
        (float(to[0]), float(to[1])),
        rng.uniform(75, 95) * px_per_mm,
        tuple(lin),
        shadow,
    )


def random_scene(
    layout: Layout,
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (640, 480),
    fill: float = 0.5,
    hands: int | None = None,
    shadows: int | None = None,
) -> Scene:
    """A random table: pose, light (2700-6500 K, exposure 0.6-1.25), gradient up to ±35 %,
    up to two soft shadows, 0-2 hands, blur 0-1.2 px, noise, JPEG quality 55-95."""
    hom = random_pose(layout, size_px, rng)
    light = colour_temperature_rgb(rng.uniform(2700, 6500)) * rng.uniform(0.6, 1.25)
    w, h = size_px
    shade = []
    for _ in range(int(rng.integers(0, 3)) if shadows is None else shadows):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.3) * w
        n = int(rng.integers(3, 7))
        angles = np.sort(rng.uniform(0, 2 * math.pi, n))
        poly = np.c_[cx + r * np.cos(angles), cy + r * np.sin(angles)]
        shade.append((poly, float(rng.uniform(0.55, 0.85))))
    scene = Scene(
        layout=layout,
        contents=random_contents(layout, rng, fill=fill),
        size_px=size_px,
        board_to_image=hom,
        light_rgb=tuple(light),
        gradient=(float(rng.uniform(-0.35, 0.35)), float(rng.uniform(-0.35, 0.35))),
        vignette=float(rng.uniform(0, 0.25)),
        shadows=tuple(shade),
        blur_px=float(rng.uniform(0, 1.2)),
        noise=float(rng.uniform(0.005, 0.03)),
        jpeg_quality=int(rng.integers(55, 96)),
        table_rgb=tuple(rng.uniform(0.03, 0.3, 3)),
        offsets_mm=random_offsets(layout, rng),
    )
    n_hands = int(rng.choice([0, 0, 1, 1, 2])) if hands is None else hands
    return replace(scene, hands=tuple(random_hand(scene, rng) for _ in range(n_hands)))


def setup_frames(
    layout: Layout,
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (640, 480),
    per_colour: int = 2,
) -> tuple[list[np.ndarray], list[tuple[np.ndarray, str]]]:
    """What ``companion calibrate colours`` sees at setup, rendered: two frames of the
    empty board, then for each piece a frame with ``per_colour`` of it laid down (no
    hands, one light, one pose). Returns (empty frames, [(frame, label)])."""
    scene = replace(random_scene(layout, rng, size_px=size_px, hands=0, shadows=0), contents={})
    empty = [render(scene, rng).image for _ in range(2)]
    laid = []
    for label in layout.pieces:
        cells = [c.id for c in layout.cells if label in c.pieces]
        chosen = rng.choice(cells, size=min(per_colour, len(cells)), replace=False)
        laid.append(
            (render(replace(scene, contents={str(c): label for c in chosen}), rng).image, label)
        )
    return empty, laid


def reach_sequence(
    layout: Layout,
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (640, 480),
    before: int = 4,
    during: int = 6,
    after: int = 5,
) -> tuple[list[Render], str, str, str]:
    """A player reaches in and changes one cell: ``before`` clear frames, ``during`` frames
    with a hand over the cell (the piece changes under the hand half way), ``after`` clear
    frames. Light, pose and the rest stay; each frame has its own noise and the hand moves.
    Returns (frames, cell id, label before, label after)."""
    scene = random_scene(layout, rng, size_px=size_px, hands=0)
    cell = layout.cells[int(rng.integers(len(layout.cells)))]
    old = scene.contents.get(cell.id, "empty")
    options = [p for p in (*cell.pieces, "empty") if p != old]
    new = str(rng.choice(options))
    after_contents = {k: v for k, v in scene.contents.items() if k != cell.id}
    if new != "empty":
        after_contents[cell.id] = new
    hand = random_hand(scene, rng, target=cell.id)
    frames = [render(scene, rng) for _ in range(before)]
    for k in range(during):
        wobble = rng.normal(0, 0.15 * hand.width_px, 2)
        moved = replace(hand, to_px=(hand.to_px[0] + wobble[0], hand.to_px[1] + wobble[1]))
        contents = scene.contents if k < during // 2 else after_contents
        frames.append(render(replace(scene, hands=(moved,), contents=contents), rng))
    frames += [render(replace(scene, contents=after_contents), rng) for _ in range(after)]
    return frames, cell.id, old, new
