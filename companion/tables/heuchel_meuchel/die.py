"""Heuchel & Meuchel's die (the dice variant) from the camera: a white die with black pips
thrown into a tray zone: the layout's ``[tray]`` (``heuchel-meuchel.toml``: on the board's
right margin, beside row 7; a table puts it where its tray stands, ``docs/vision.md``).

``read_die(image, pose, tray=..., neutral=...)``: the tray cut out of the frame straight
(the board's pose from the card reader), white balanced on the neutral patch; the die is the one
bright, colourless, square blob of a die's size there; its number the dark pips inside
it. No die (``not in the tray``), something else over the tray (``in a hand``), a blob
that is no lying die (``rolling``) or pips that make no number (``unreadable``): None,
and why. ``DieSettle`` (shared with Stein auf Stein's colour die, ``vision.blocks``)
turns the frames' readings into ``DieSeen``: a number only once the die lies still over
several frames, None the moment it moves. Pure: no clock, no hardware.

``draw_die`` paints the die for the demo's synthetic camera.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from ...sensing.vision.blocks import BlockReader
from ...sensing.vision.colour import bgr8_to_linear_rgb, hex_to_linear_rgb
from ...sensing.vision.layout import Tray

#: The tray zone (board mm) of a layout that names none: centre and size, on the margin
#: right of column 6 (the shipped layout's ``[tray]``).
TRAY_CENTRE_MM = (470.0, 500.0)
TRAY_SIZE_MM = (76.0, 110.0)
DIE_MM = 30.0  # the die's edge (a big die: pips a camera over a metre of board can count)
PIP_MM = 6.0  # a pip's diameter
PPM = 3.0  # px per mm of the straightened tray
DIE_RGB_HEX = "#f7f5ef"
PIP_RGB_HEX = "#161616"
#: A pixel of the die: this bright (CIELAB L*) and this colourless (chroma) at most.
DIE_MIN_L, DIE_MAX_CHROMA = 84.0, 16.0
#: A pip: this dark (L*) inside the die.
PIP_MAX_L = 55.0
#: Not mat, not die, not pip over this many mm² of the tray: a hand (or a sleeve).
HAND_MM2 = 150.0
#: The mat's colour (CIELAB ΔE, 0..100 scale): further than this is not mat.
NOT_MAT_DE = 20.0
#: Where the pips lie, as fractions of the die's half edge from its centre.
PIPS = {
    1: ((0, 0),),
    2: ((-0.5, -0.5), (0.5, 0.5)),
    3: ((-0.5, -0.5), (0, 0), (0.5, 0.5)),
    4: ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    5: ((-0.5, -0.5), (0.5, -0.5), (0, 0), (-0.5, 0.5), (0.5, 0.5)),
    6: ((-0.5, -0.55), (0.5, -0.55), (-0.5, 0), (0.5, 0), (-0.5, 0.55), (0.5, 0.55)),
}


def tray_of(layout) -> Tray:
    """The tray zone of ``layout`` (its ``[tray]``; today's place if it names none). A tray
    too small for the die to lie in is refused, naming the least size."""
    tray = getattr(layout, "tray", None) or Tray(TRAY_CENTRE_MM, TRAY_SIZE_MM)
    least = 2 * DIE_MM
    if min(tray.size_mm) < least:
        raise ValueError(
            f"layout {getattr(layout, 'name', '?')}: the [tray] is {tray.size_mm[0]:g} x"
            f" {tray.size_mm[1]:g} mm; the die ({DIE_MM:g} mm) needs at least {least:g} x"
            f" {least:g} mm to be thrown into it"
        )
    return tray


def tray_box(tray: Tray | None = None) -> tuple[float, float, float, float]:
    """The tray zone (``tray``, else today's place) as (x0, y0, x1, y1) board mm."""
    (cx, cy), (w, h) = (tray.centre_mm, tray.size_mm) if tray else (TRAY_CENTRE_MM, TRAY_SIZE_MM)
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def read_die(
    image: np.ndarray,
    pose,
    *,
    tray: Tray | None = None,
    neutral: tuple[tuple[float, float, float, float], np.ndarray] | None = None,
    mat_hex: str = "#c9a66b",
    with_turn: bool = False,
) -> tuple:
    """The die in the tray of one frame (BGR ``uint8``), the board at ``pose``: (its
    number as text, its centre in board mm, "") or (None, None, why not). ``tray``: the
    layout's tray zone (``tray_of``; None: today's place). ``neutral``: the neutral patch
    (box in board mm, its linear RGB) to white balance on. ``with_turn``: a fourth item,
    how the die lies turned (degrees, 0 to 90: a square's turn), None when not read."""
    got = _read_die(image, pose, tray, neutral, mat_hex)
    return got if with_turn else got[:3]


def _read_die(image, pose, tray, neutral, mat_hex) -> tuple:
    rgb = bgr8_to_linear_rgb(image)
    gains = np.ones(3, np.float32)
    if neutral is not None:
        box, ref = neutral
        seen = np.median(BlockReader._warp(rgb, pose, box, 1.0).reshape(-1, 3), axis=0)
        gains = (ref / np.maximum(seen, 1e-4)).astype(np.float32)
    box = tray_box(tray)
    flat = np.clip(BlockReader._warp(rgb, pose, box, PPM) * gains, 0, 1)
    lab = cv2.cvtColor(flat.astype(np.float32), cv2.COLOR_LRGB2Lab)
    light, chroma = lab[..., 0], np.hypot(lab[..., 1], lab[..., 2])
    mat = cv2.cvtColor(
        hex_to_linear_rgb(mat_hex).astype(np.float32)[None, None], cv2.COLOR_LRGB2Lab
    )
    not_mat = np.linalg.norm(lab - mat[0, 0], axis=-1) > NOT_MAT_DE
    die = ((light >= DIE_MIN_L) & (chroma <= DIE_MAX_CHROMA)).astype(np.uint8)
    pips = (light <= PIP_MAX_L).astype(np.uint8)
    close = max(3, round(PIP_MM * PPM) | 1)
    body = cv2.morphologyEx(die, cv2.MORPH_CLOSE, np.ones((close, close), np.uint8))
    rim = max(3, round(3.0 * PPM) | 1)  # the die's soft edge is neither mat nor die
    near_die = cv2.dilate(body, np.ones((rim, rim), np.uint8)) > 0
    other = not_mat & ~near_die & ~(pips > 0)
    if other.sum() / PPM**2 > HAND_MM2:
        return None, None, "in a hand", None
    contours, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contours = [c for c in contours if cv2.contourArea(c) / PPM**2 > 0.2 * DIE_MM**2]
    if not contours:
        return None, None, "not in the tray", None
    if len(contours) > 1:
        return None, None, "rolling", None
    c = contours[0]
    (cx, cy), (w, h), turn = cv2.minAreaRect(c)
    area = cv2.contourArea(c) / PPM**2
    if max(w, h) / max(min(w, h), 1e-3) > 1.3 or not 0.6 * DIE_MM**2 < area < 1.5 * DIE_MM**2:
        return None, None, "rolling", None
    inside = np.zeros_like(body)
    cv2.drawContours(inside, [c], -1, 1, -1)
    inside = cv2.erode(inside, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(pips & inside)
    pip_area = math.pi * (PIP_MM / 2) ** 2
    count = sum(
        1
        for k in range(1, n)
        if 0.35 * pip_area < stats[k, cv2.CC_STAT_AREA] / PPM**2 < 2.5 * pip_area
    )
    centre = (box[0] + (cx + 0.5) / PPM, box[1] + (cy + 0.5) / PPM)
    if not 1 <= count <= 6:
        return None, None, "unreadable", None
    return str(count), centre, "", float(turn) % 90.0


def draw_die(
    tex: np.ndarray, ppm: float, *, value: int, centre_mm: tuple[float, float], angle_deg: float
) -> None:
    """The die lying still, ``value`` up, on the board texture (linear RGB, ``ppm``)."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)

    def at(u: float, v: float) -> tuple[float, float]:
        return (centre_mm[0] + ca * u - sa * v, centre_mm[1] + sa * u + ca * v)

    half = DIE_MM / 2
    rim = np.array(
        [at(u, v) for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))]
    )
    shade = (hex_to_linear_rgb(DIE_RGB_HEX) * 0.7).tolist()
    cv2.fillPoly(tex, [np.round(rim * ppm * 16).astype(np.int32)], shade, cv2.LINE_AA, 4)
    face = rim * 0.9 + np.array(centre_mm) * 0.1
    colour = hex_to_linear_rgb(DIE_RGB_HEX).tolist()
    cv2.fillPoly(tex, [np.round(face * ppm * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)
    pip = hex_to_linear_rgb(PIP_RGB_HEX).tolist()
    for fu, fv in PIPS[value]:
        x, y = at(fu * half, fv * half)
        cv2.circle(
            tex, (round(x * ppm * 16), round(y * ppm * 16)), round(PIP_MM / 2 * ppm * 16), pip, -1,
            cv2.LINE_AA, 4,
        )  # fmt: skip


def draw_rolling_die(
    tex: np.ndarray, ppm: float, *, path_mm: tuple[tuple[float, float], ...], rng
) -> None:
    """The die tumbling along ``path_mm``: white faces smeared along it (Stein auf Stein's
    rolling die, ``devices.block_scenes.draw_die``, in white)."""
    from ...devices.block_scenes import Die
    from ...devices.block_scenes import draw_die as draw_tumbling

    die = Die(path_mm[0], DIE_RGB_HEX, rolling=True, path_mm=path_mm, faces=(DIE_RGB_HEX,))
    draw_tumbling(tex, die, ppm, rng)
