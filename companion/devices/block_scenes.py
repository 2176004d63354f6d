"""The synthetic camera over a Stein auf Stein table: blocks, the colour die, hands.

Blocks and the die lie anywhere on the mat (not in cells), so they are drawn onto the
board texture through ``render.Scene.draw``; everything else (pose, light, shadows,
hands, blur, noise, JPEG) is ``render.render``'s. Ground truth is exact: each block's
footprint in mm, and a row's length is the extent of its blocks along the row.

A block lies button up (its catalogued footprint, ``length_mm`` x ``width_mm``, a metal
button in the middle), turned (the same footprint, no button) or knocked over (on its
side: ``length_mm`` x ``height_mm``, no button). The die is a cube whose top face shows a
colour; while it rolls it is drawn as a smear of faces along its path.

Not modelled: the blocks' height (a camera tilted 30 degrees sees a tall block's sides
and its top shifted); the footprint on the mat is what is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..sensing.vision.colour import hex_to_linear_rgb
from ..sensing.vision.layout import Layout
from .render import Scene, render
from .scenes import colour_temperature_rgb

DIE_MM = 22.0  # the die's edge
BUTTON_MM = 9.0  # the metal button's diameter
BUTTON_RGB = (0.55, 0.56, 0.58)  # brushed metal, linear


@dataclass(frozen=True)
class LaidBlock:
    """A block on the mat: ``centre_mm``, its footprint ``size_mm`` (along, across) turned
    ``angle_deg``, colour (sRGB hex), ``button``: the metal button shows (button up)."""

    block_id: str
    colour_hex: str
    centre_mm: tuple[float, float]
    size_mm: tuple[float, float]
    angle_deg: float = 0.0
    button: bool = True


@dataclass(frozen=True)
class Die:
    """The die in (or near) the tray: its centre, the top face's colour (sRGB hex);
    ``rolling``: it tumbles along ``path_mm`` (centres) showing ``faces`` (hex each)."""

    centre_mm: tuple[float, float]
    colour_hex: str
    angle_deg: float = 0.0
    rolling: bool = False
    path_mm: tuple[tuple[float, float], ...] = ()
    faces: tuple[str, ...] = ()


def _corners(centre, size, angle_deg) -> np.ndarray:
    cx, cy = centre
    w, h = size
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    return np.array(
        [(cx + ca * u - sa * v, cy + sa * u + ca * v)
         for u, v in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
    )  # fmt: skip


def _fill(tex: np.ndarray, pts_mm: np.ndarray, ppm: float, rgb) -> None:
    cv2.fillPoly(
        tex, [np.round(pts_mm * ppm * 16).astype(np.int32)], list(map(float, rgb)), cv2.LINE_AA, 4
    )


def _fill_rect(tex: np.ndarray, centre, size, angle_deg: float, ppm: float, rgb) -> None:
    """A rectangle of exactly ``size`` mm: OpenCV's anti-aliased fill covers half a pixel
    beyond every edge (a 60 mm rectangle at 2 px/mm came out 60.5 mm), so the polygon
    drawn is one texture pixel smaller each way."""
    inset = (max(size[0] - 1 / ppm, 0.0), max(size[1] - 1 / ppm, 0.0))
    _fill(tex, _corners(centre, inset, angle_deg), ppm, rgb)


def draw_block(tex: np.ndarray, block: LaidBlock, ppm: float) -> None:
    """One block from above: a darker rim (its edges catch less light), the face, the
    button."""
    colour = hex_to_linear_rgb(block.colour_hex)
    _fill_rect(tex, block.centre_mm, block.size_mm, block.angle_deg, ppm, colour * 0.7)
    w, h = block.size_mm
    _fill_rect(tex, block.centre_mm, (w - 3.0, h - 3.0), block.angle_deg, ppm, colour)
    if block.button:
        c = tuple(round(v * ppm * 16) for v in block.centre_mm)
        cv2.circle(tex, c, int(BUTTON_MM / 2 * ppm * 16), BUTTON_RGB, -1, cv2.LINE_AA, 4)


def draw_die(tex: np.ndarray, die: Die, ppm: float, rng: np.random.Generator) -> None:
    """The die: a cube's top face, or while it rolls, faces smeared along its path."""
    if not die.rolling:
        _fill_rect(tex, die.centre_mm, (DIE_MM, DIE_MM), die.angle_deg, ppm, (0.05,) * 3)
        face = (DIE_MM - 3, DIE_MM - 3)
        _fill_rect(tex, die.centre_mm, face, die.angle_deg, ppm, hex_to_linear_rgb(die.colour_hex))
        return
    path = die.path_mm or (die.centre_mm,)
    blur = max(1.0, 4.0 * ppm)
    # only the part of the texture the smear reaches (the die's diagonal and 4 sigmas of
    # blur around its path) is drawn and blurred
    reach = DIE_MM * 0.75 * ppm + 4 * blur
    xs, ys = [c[0] * ppm for c in path], [c[1] * ppm for c in path]
    x0, y0 = max(0, int(min(xs) - reach)), max(0, int(min(ys) - reach))
    x1 = min(tex.shape[1], int(max(xs) + reach) + 1)
    y1 = min(tex.shape[0], int(max(ys) + reach) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    part = tex[y0:y1, x0:x1]
    layer = np.zeros_like(part)
    alpha = np.zeros(part.shape[:2], np.float32)
    for k, centre in enumerate(path):
        face = die.faces[k % len(die.faces)] if die.faces else die.colour_hex
        pts = _corners(centre, (DIE_MM, DIE_MM), float(rng.uniform(0, 90))) * ppm - (x0, y0)
        m = np.zeros_like(alpha)
        cv2.fillPoly(m, [np.round(pts * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4)
        layer += m[..., None] * hex_to_linear_rgb(face).astype(np.float32)
        alpha += m
    layer = cv2.GaussianBlur(layer, (0, 0), blur, borderType=cv2.BORDER_CONSTANT)
    alpha = cv2.GaussianBlur(alpha, (0, 0), blur, borderType=cv2.BORDER_CONSTANT)
    mix = np.clip(alpha, 0, 1)[..., None]
    part[:] = part * (1 - mix) + layer / np.maximum(alpha, 1e-3)[..., None] * mix


def tilted_pose(
    layout: Layout,
    size_px: tuple[int, int],
    *,
    tilt_deg: float,
    yaw_deg: float = 0.0,
    fill: float = 0.9,
) -> np.ndarray:
    """A pinhole camera over the board's centre, its axis ``tilt_deg`` from straight down
    (towards the board's ``yaw_deg`` side): board mm -> image px, the board filling
    ``fill`` of the frame."""
    bw, bh = layout.size_mm
    t, y = math.radians(tilt_deg), math.radians(yaw_deg)
    dist = 1.2 * max(bw, bh)
    rz = np.array([[math.cos(y), -math.sin(y), 0], [math.sin(y), math.cos(y), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    r = rx @ rz
    centre = np.array([bw / 2, bh / 2, 0.0])
    cam = centre - r.T @ np.array([0, 0, dist])  # the camera looks at the centre
    tvec = -r @ cam
    h = np.c_[r[:, 0], r[:, 1], tvec]  # z = 0 on the board: [r1 r2 t]
    corners = np.array([[0, 0, 1], [bw, 0, 1], [bw, bh, 1], [0, bh, 1]], float)
    p = corners @ h.T
    p = p[:, :2] / p[:, 2:3]
    span = p.max(axis=0) - p.min(axis=0)
    w, hh = size_px
    s = fill * min(w / span[0], hh / span[1])
    off = np.array([w, hh]) / 2 - s * (p.max(axis=0) + p.min(axis=0)) / 2
    fit = np.array([[s, 0, off[0]], [0, s, off[1]], [0, 0, 1]])
    return fit @ h


def block_scene(
    layout: Layout,
    rng: np.random.Generator,
    *,
    size_px: tuple[int, int] = (1280, 960),
    tilt_deg: float = 0.0,
) -> Scene:
    """A table for blocks: the pose (``tilt_deg`` from straight down, any direction), a
    lamp of 2700-6500 K, exposure 0.7-1.2, a mild gradient, noise, blur and JPEG; no
    shadows or hands (frames add hands)."""
    hom = tilted_pose(layout, size_px, tilt_deg=tilt_deg, yaw_deg=float(rng.uniform(0, 360)))
    light = colour_temperature_rgb(rng.uniform(2700, 6500)) * rng.uniform(0.7, 1.2)
    return Scene(
        layout=layout,
        contents={},
        size_px=size_px,
        board_to_image=hom,
        light_rgb=tuple(light),
        gradient=(float(rng.uniform(-0.2, 0.2)), float(rng.uniform(-0.2, 0.2))),
        vignette=float(rng.uniform(0, 0.15)),
        blur_px=float(rng.uniform(0.3, 0.9)),
        noise=float(rng.uniform(0.004, 0.015)),
        jpeg_quality=int(rng.integers(80, 96)),
        table_rgb=tuple(rng.uniform(0.03, 0.3, 3)),
    )


def render_table(
    scene: Scene,
    blocks: tuple[LaidBlock, ...] | list[LaidBlock],
    die: Die | None,
    rng: np.random.Generator,
) -> np.ndarray:
    """One frame (BGR ``uint8``) of ``scene`` with ``blocks`` and ``die`` on the mat."""
    blocks = tuple(blocks)
    smear = np.random.default_rng(int(rng.integers(1 << 31)))

    def draw(tex: np.ndarray, ppm: float) -> None:
        for b in blocks:
            draw_block(tex, b, ppm)
        if die is not None:
            draw_die(tex, die, ppm, smear)

    return render(replace(scene, draw=draw), rng).image
