"""The synthetic camera: renders a board layout with its markers and pieces, as a camera
over a living-room table would see it, with exact ground truth. Test equipment, shipped.

Physics modelled, in linear light: the board's reflectances (mat, printed outlines,
markers, neutral patch, pieces with shading and a highlight), a camera pose (rotation,
scale, perspective), the lamp's colour temperature and exposure under a white balance
locked for another light, a lighting gradient with vignetting, soft shadows, hands and
arms reaching in (with their own shadows), then optical blur, sensor noise, sRGB encoding
and JPEG compression. ``scenes.random_scene`` draws all of it from a seeded generator.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from ..sensing.vision.colour import hex_to_linear_rgb, linear_to_srgb
from ..sensing.vision.layout import Cell, Layout, Marker
from ..sensing.vision.markers import marker_bits

#: the reflectance of a marker's white (its quiet zone, one bit wide) and its black bits
MARKER_WHITE, MARKER_BLACK = 0.85, 0.04
SKIN_SRGB = ((236, 188, 160), (224, 172, 140), (198, 134, 105), (160, 104, 72), (110, 70, 50))


@dataclass(frozen=True)
class Hand:
    """A hand and forearm reaching in from ``from_px`` (an image edge) to ``to_px``:
    ``width_px`` across the palm, skin ``colour`` (linear RGB), shadow offset (px)."""

    from_px: tuple[float, float]
    to_px: tuple[float, float]
    width_px: float
    colour: tuple[float, float, float]
    shadow_px: tuple[float, float] = (18.0, 12.0)


@dataclass(frozen=True)
class Scene:
    """Everything a render shows. ``contents``: cell id -> piece label (absent: empty);
    ``board_to_image``: board mm -> image px; ``light_rgb``: the lamp's colour times the
    exposure, as the camera's locked white balance sees it; ``gradient``: brightness
    change across the frame (fraction per frame width, per height); ``shadows``: image
    polygons (px) and their darkness (fraction of light kept); ``art``: cell id -> the
    picture (linear RGB, upright) printed on the card lying there, instead of a flat
    colour; ``glare``: specular spots (x px, y px, radius px, strength: added light, 0..1);
    ``tint``: per channel (R, G, B), the light's change across the frame width (warm on
    one side, cool on the other)."""

    layout: Layout
    contents: dict[str, str]
    size_px: tuple[int, int]
    board_to_image: np.ndarray
    light_rgb: tuple[float, float, float] = (1.0, 1.0, 1.0)
    gradient: tuple[float, float] = (0.0, 0.0)
    vignette: float = 0.0
    shadows: tuple[tuple[np.ndarray, float], ...] = ()
    hands: tuple[Hand, ...] = ()
    blur_px: float = 0.0
    noise: float = 0.0
    jpeg_quality: int = 0
    table_rgb: tuple[float, float, float] = (0.12, 0.08, 0.05)
    offsets_mm: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    art: dict[str, np.ndarray] = field(default_factory=dict)
    glare: tuple[tuple[float, float, float, float], ...] = ()
    tint: tuple[float, float, float] = (0.0, 0.0, 0.0)
    #: draws what lies freely on the board (blocks, a die): called with the board texture
    #: (linear RGB, straight from above) and its px per mm, after the cells' pieces
    draw: Callable[[np.ndarray, float], None] | None = None


@dataclass(frozen=True)
class Render:
    """A rendered frame (BGR ``uint8``) with its ground truth: ``occluded`` cells (a hand
    covers part of the cell), ``visible_markers`` (whole, in frame and not covered)."""

    image: np.ndarray
    scene: Scene
    occluded: frozenset[str]
    visible_markers: tuple[int, ...]

    def truth(self, cell_id: str) -> str:
        return self.scene.contents.get(cell_id, "empty")


def _poly_px(pts_mm, scale: float) -> np.ndarray:
    return np.round(np.asarray(pts_mm) * scale * 16).astype(np.int32)


def _rect(centre_mm, size_mm) -> list[tuple[float, float]]:
    """The corners of an axis-aligned rectangle (mm), clockwise from the top left."""
    (x, y), (w, h) = centre_mm, size_mm
    return [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2),
            (x - w / 2, y + h / 2)]  # fmt: skip


def _cell_outline(cell: Cell) -> np.ndarray | None:
    x, y = cell.centre_mm
    if cell.shape == "hex":  # pointy-top, size_mm[0] across flats
        r = cell.size_mm[0] / math.sqrt(3)
        return np.array(
            [
                (
                    x + r * math.cos(math.radians(30 + 60 * k)),
                    y + r * math.sin(math.radians(30 + 60 * k)),
                )
                for k in range(6)
            ]
        )
    if cell.shape == "rect":
        return np.array(_rect(cell.centre_mm, cell.size_mm))
    return None


def board_texture(scene: Scene, ppm: float) -> np.ndarray:
    """The board seen straight from above under white light: linear RGB, ``ppm`` px/mm."""
    lay = scene.layout
    w, h = (math.ceil(v * ppm) for v in lay.size_mm)
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = hex_to_linear_rgb(lay.surface)
    grain = cv2.resize(np.random.default_rng(7).normal(1, 0.03, (h // 16 + 2, w // 64 + 2)), (w, h))
    tex *= grain[..., None].astype(np.float32)
    sh = 4
    for d in lay.decor:
        box = _rect(d.centre_mm, d.size_mm)
        cv2.fillPoly(
            tex, [_poly_px(box, ppm)], hex_to_linear_rgb(d.colour).tolist(), cv2.LINE_AA, sh
        )
    line = max(1, round(0.8 * ppm))
    for c in lay.cells:
        base = hex_to_linear_rgb(c.surface) * 0.55
        outline = _cell_outline(c)
        if outline is not None:
            cv2.polylines(tex, [_poly_px(outline, ppm)], True, base.tolist(), line, cv2.LINE_AA, sh)
        elif c.shape == "circle":
            centre = tuple(int(v) for v in _poly_px(c.centre_mm, ppm))
            cv2.circle(
                tex, centre, int(c.size_mm[0] / 2 * ppm * 16), base.tolist(), line, cv2.LINE_AA, sh
            )
        else:  # grid point: lines through it, a board's ruling
            x, y = c.centre_mm
            px, py = c.size_mm
            for a, b in (((x - px / 2, y), (x + px / 2, y)), ((x, y - py / 2), (x, y + py / 2))):
                cv2.line(
                    tex,
                    tuple(_poly_px(a, ppm)),
                    tuple(_poly_px(b, ppm)),
                    (0.03, 0.03, 0.03),
                    line,
                    cv2.LINE_AA,
                    sh,
                )
    if lay.neutral:
        box = _rect(lay.neutral.centre_mm, lay.neutral.size_mm)
        cv2.fillPoly(
            tex,
            [_poly_px(box, ppm)],
            hex_to_linear_rgb(lay.neutral.colour).tolist(),
            cv2.LINE_AA,
            sh,
        )
    for m in lay.markers:
        _draw_marker(tex, m, ppm)
    for c in lay.cells:
        label = scene.contents.get(c.id)
        if label:
            _draw_piece(tex, c, label, scene, ppm)
    if scene.draw is not None:
        scene.draw(tex, ppm)
    return cv2.GaussianBlur(tex, (0, 0), 0.35 * ppm)


def _coverage(edges_px: np.ndarray, start: int, count: int) -> np.ndarray:
    """How much of each of ``count`` texels from ``start`` (texel ``i`` spans ``i - 0.5`` to
    ``i + 0.5``) each interval between consecutive ``edges_px`` covers: (count, intervals),
    fractions 0..1."""
    lo = np.arange(start, start + count, dtype=np.float64)[:, None] - 0.5
    overlap = np.minimum(lo + 1, edges_px[None, 1:]) - np.maximum(lo, edges_px[None, :-1])
    return np.clip(overlap, 0, 1)


def _draw_marker(tex: np.ndarray, marker: Marker, ppm: float) -> None:
    """Paint ``marker`` (its white quiet zone, one bit wide, and its bits) into ``tex``
    exactly where the layout puts it: every texel gets each bit's colour in proportion to
    the area of the texel that bit covers (a box filter), so its edges lie to a small
    fraction of a texel where the layout's mm say, like the anti-aliased outlines."""
    bits = marker_bits(marker.id)
    cell = marker.size_mm / bits.shape[0]
    quiet_and_bits = np.pad(bits, 1, constant_values=1)
    shade = np.where(quiet_and_bits > 0, MARKER_WHITE, MARKER_BLACK)
    n = shade.shape[0]
    x_edges, y_edges = (
        (c - n * cell / 2 + cell * np.arange(n + 1)) * ppm for c in marker.centre_mm
    )
    h, w = tex.shape[:2]
    x0, y0 = (max(0, math.floor(e[0] + 0.5)) for e in (x_edges, y_edges))
    x1 = min(w, math.ceil(x_edges[-1] + 0.5))
    y1 = min(h, math.ceil(y_edges[-1] + 0.5))
    if x1 <= x0 or y1 <= y0:
        return
    cx, cy = _coverage(x_edges, x0, x1 - x0), _coverage(y_edges, y0, y1 - y0)
    painted = (cy @ shade @ cx.T).astype(np.float32)
    covered = (cy.sum(axis=1)[:, None] * cx.sum(axis=1)[None, :]).astype(np.float32)
    region = tex[y0:y1, x0:x1]
    region[:] = region * (1 - covered[..., None]) + painted[..., None]


def drawn_marker_edges_mm(tex: np.ndarray, marker: Marker, ppm: float) -> np.ndarray:
    """Where ``marker``'s outer edges lie in a board texture (``board_texture``, ``ppm``
    px/mm), measured: left, right, top, bottom (mm). Across each edge, in the middle half
    of its length, the texels from the middle of the white quiet zone to the middle of
    the black border hold as much white as the quiet zone's part of that span (a blur
    moves none of it across the span), which says where the edge lies."""
    grey = tex[..., 1].astype(np.float64)
    half_cell = marker.size_mm / marker_bits(marker.id).shape[0] / 2 * ppm
    out = []
    for axis in (0, 1):  # 0: the left and right edges (across x), 1: top and bottom
        mid = marker.centre_mm[1 - axis] * ppm
        lines = range(round(mid - marker.size_mm / 4 * ppm), round(mid + marker.size_mm / 4 * ppm))
        for sign in (-1, 1):
            edge = (marker.centre_mm[axis] + sign * marker.size_mm / 2) * ppm
            lo, hi = round(edge - half_cell), round(edge + half_cell)
            rows = [grey[k, lo : hi + 1] if axis == 0 else grey[lo : hi + 1, k] for k in lines]
            white = ((np.mean(rows, axis=0) - MARKER_BLACK) / (MARKER_WHITE - MARKER_BLACK)).sum()
            out.append((lo - 0.5 + white if sign < 0 else hi + 0.5 - white) / ppm)
    return np.array(out)


def _draw_piece(tex: np.ndarray, cell: Cell, label: str, scene: Scene, ppm: float) -> None:
    piece = scene.layout.pieces[label]
    colour = hex_to_linear_rgb(piece.colour)
    dx, dy, rot = scene.offsets_mm.get(cell.id, (0.0, 0.0, 0.0))
    cx, cy = cell.centre_mm[0] + dx, cell.centre_mm[1] + dy
    sh = 4
    if piece.shape == "disc":
        r = piece.size_mm[0] / 2
        centre = tuple(int(v) for v in _poly_px((cx, cy), ppm))
        for frac, shade in ((1.0, 0.72), (0.9, 0.88), (0.72, 0.97), (0.5, 1.0)):
            cv2.circle(
                tex,
                centre,
                int(frac * r * ppm * 16),
                (colour * shade).tolist(),
                -1,
                cv2.LINE_AA,
                sh,
            )
        hx, hy = cx + 0.45 * r * math.cos(rot), cy + 0.45 * r * math.sin(rot)
        hl = colour * 0.6 + 0.35
        cv2.circle(
            tex,
            tuple(int(v) for v in _poly_px((hx, hy), ppm)),
            int(0.12 * r * ppm * 16),
            hl.tolist(),
            -1,
            cv2.LINE_AA,
            sh,
        )
        return
    w, h = piece.size_mm
    ca, sa = math.cos(rot), math.sin(rot)
    corners = [
        (cx + ca * u - sa * v, cy + sa * u + ca * v)
        for u, v in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    ]
    if piece.shape == "block":
        cv2.fillPoly(tex, [_poly_px(corners, ppm)], (colour * 0.75).tolist(), cv2.LINE_AA, sh)
        inner = [(cx + 0.8 * (x - cx), cy + 0.8 * (y - cy)) for x, y in corners]
        cv2.fillPoly(tex, [_poly_px(inner, ppm)], colour.tolist(), cv2.LINE_AA, sh)
        return
    picture = scene.art.get(cell.id)
    if picture is not None:  # a printed face or back, warped onto the card's corners
        ph, pw = picture.shape[:2]
        src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
        dst = (np.array(corners) * ppm).astype(np.float32)
        # warped into the card's bounding box only (the whole texture costs ~50x more)
        x0, y0 = np.maximum(np.floor(dst.min(axis=0)).astype(int) - 2, 0)
        x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 2
        x1, y1 = min(x1, tex.shape[1]), min(y1, tex.shape[0])
        if x1 <= x0 or y1 <= y0:
            return
        m = cv2.getPerspectiveTransform(src, dst - np.array([x0, y0], np.float32))
        size = (int(x1 - x0), int(y1 - y0))
        warped = cv2.warpPerspective(picture, m, size, flags=cv2.INTER_AREA)
        cover = cv2.warpPerspective(np.ones((ph, pw), np.float32), m, size, flags=cv2.INTER_AREA)
        roi = tex[y0:y1, x0:x1]
        roi[:] = roi * (1 - cover[..., None]) + warped
        return
    border = np.minimum(colour * 1.25 + 0.05, 1.0)  # a card: a lighter border, a motif inside
    cv2.fillPoly(tex, [_poly_px(corners, ppm)], border.tolist(), cv2.LINE_AA, sh)
    inner = [(cx + (1 - 5 / w) * (x - cx), cy + (1 - 5 / h) * (y - cy)) for x, y in corners]
    cv2.fillPoly(tex, [_poly_px(inner, ppm)], colour.tolist(), cv2.LINE_AA, sh)
    motif = [(cx + 0.3 * (x - cx), cy + 0.12 * (y - cy)) for x, y in corners]
    cv2.fillPoly(tex, [_poly_px(motif, ppm)], (colour * 0.9).tolist(), cv2.LINE_AA, sh)


def _hand_mask(hand: Hand, size_px: tuple[int, int]) -> np.ndarray:
    w, h = size_px
    mask = np.zeros((h, w), np.uint8)
    (x0, y0), (x1, y1) = hand.from_px, hand.to_px
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    arm = 0.7 * hand.width_px
    nx, ny = -uy * arm / 2, ux * arm / 2
    wrist = (x1 - ux * hand.width_px * 0.6, y1 - uy * hand.width_px * 0.6)
    poly = np.array(
        [
            (x0 + nx, y0 + ny),
            (wrist[0] + nx, wrist[1] + ny),
            (wrist[0] - nx, wrist[1] - ny),
            (x0 - nx, y0 - ny),
        ]
    )
    cv2.fillPoly(mask, [np.round(poly * 16).astype(np.int32)], 255, cv2.LINE_AA, 4)
    angle = math.degrees(math.atan2(uy, ux))
    palm = (int(hand.width_px * 0.62), int(hand.width_px * 0.5))
    cv2.ellipse(
        mask,
        (round(x1 - ux * hand.width_px * 0.2), round(y1 - uy * hand.width_px * 0.2)),
        palm,
        angle,
        0,
        360,
        255,
        -1,
        cv2.LINE_AA,
    )
    for k in (-1.5, -0.5, 0.5, 1.5):  # fingers
        fx, fy = (
            x1 + ux * hand.width_px * 0.35 - uy * k * hand.width_px * 0.2,
            y1 + uy * hand.width_px * 0.35 + ux * k * hand.width_px * 0.2,
        )
        cv2.ellipse(
            mask,
            (round(fx), round(fy)),
            (int(hand.width_px * 0.3), int(hand.width_px * 0.08)),
            angle,
            0,
            360,
            255,
            -1,
            cv2.LINE_AA,
        )
    return mask


def render(scene: Scene, rng: np.random.Generator) -> Render:
    """Render ``scene``; ``rng`` draws only the sensor noise (same scene, new noise)."""
    w, h = scene.size_px
    hom = scene.board_to_image
    lay = scene.layout
    corners = np.array([[0, 0], [lay.size_mm[0], 0], [*lay.size_mm], [0, lay.size_mm[1]]], float)
    proj = cv2.perspectiveTransform(corners[None], hom)[0]
    px_per_mm = math.sqrt(
        abs(cv2.contourArea(proj.astype(np.float32))) / (lay.size_mm[0] * lay.size_mm[1])
    )
    ppm = float(np.clip(1.5 * px_per_mm, 1.0, 4.0))
    tex = board_texture(scene, ppm)
    tex_to_image = hom @ np.diag([1 / ppm, 1 / ppm, 1.0])
    img = np.empty((h, w, 3), np.float32)
    table = np.asarray(scene.table_rgb, np.float32)
    img[:] = table * cv2.resize(np.random.default_rng(3).normal(1, 0.08, (h // 8, w // 8)), (w, h))[
        ..., None
    ].astype(np.float32)
    warped = cv2.warpPerspective(
        tex,
        tex_to_image,
        (w, h),
        flags=cv2.INTER_AREA if ppm > px_per_mm * 1.2 else cv2.INTER_LINEAR,
    )
    inside = cv2.warpPerspective(np.ones(tex.shape[:2], np.float32), tex_to_image, (w, h))
    img = img * (1 - inside[..., None]) + warped * inside[..., None]
    # light: the lamp's colour and exposure, a gradient, vignetting, shadows
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = scene.gradient
    field_ = 1 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)
    field_ *= 1 - scene.vignette * (((xs - w / 2) / w) ** 2 + ((ys - h / 2) / h) ** 2) * 2
    shade = np.ones((h, w), np.float32)
    blur = max(3.0, 0.012 * w)
    for poly, keep in scene.shadows:
        m = np.zeros((h, w), np.float32)
        cv2.fillPoly(m, [np.round(np.asarray(poly) * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4)
        shade *= 1 - (1 - keep) * cv2.GaussianBlur(m, (0, 0), blur)
    hand_masks = [_hand_mask(hd, scene.size_px) for hd in scene.hands]
    for hd, m in zip(scene.hands, hand_masks, strict=True):
        shifted = cv2.warpAffine(
            m, np.float32([[1, 0, hd.shadow_px[0]], [0, 1, hd.shadow_px[1]]]), (w, h)
        )
        shade *= 1 - 0.45 * cv2.GaussianBlur(shifted.astype(np.float32) / 255, (0, 0), blur * 1.5)
    img *= (field_ * shade)[..., None]
    for hd, m in zip(scene.hands, hand_masks, strict=True):
        alpha = m.astype(np.float32)[..., None] / 255
        (x0, y0), (x1, y1) = hd.from_px, hd.to_px
        t = np.clip(
            ((xs - x0) * (x1 - x0) + (ys - y0) * (y1 - y0))
            / max(1.0, (x1 - x0) ** 2 + (y1 - y0) ** 2),
            0,
            1,
        )
        skin = np.asarray(hd.colour, np.float32) * (0.75 + 0.35 * t)[..., None] * field_[..., None]
        img = img * (1 - alpha) + skin * alpha
    img *= np.asarray(scene.light_rgb, np.float32)
    if any(scene.tint):
        img *= 1 + np.asarray(scene.tint, np.float32) * (xs / w - 0.5)[..., None]
    for gx_px, gy_px, radius, strength in scene.glare:
        spot = np.exp(-((xs - gx_px) ** 2 + (ys - gy_px) ** 2) / (2 * radius**2))
        img += (strength * spot)[..., None]
    if scene.blur_px > 0:
        img = cv2.GaussianBlur(img, (0, 0), scene.blur_px)
    if scene.noise > 0:
        img = img + rng.normal(0, 1, img.shape).astype(np.float32) * (
            scene.noise * np.sqrt(np.maximum(img, 0.002))
        )
    bgr = np.round(linear_to_srgb(img[..., ::-1]) * 255).astype(np.uint8)
    if scene.jpeg_quality:
        _, enc = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(scene.jpeg_quality)])
        bgr = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    hands = np.zeros((h, w), np.uint8)
    for m in hand_masks:
        hands |= m > 0
    return Render(bgr, scene, _occluded_cells(scene, hands), _visible_markers(scene, hands))


def _footprint_mm(cell: Cell) -> np.ndarray:
    """Points filling the part of a cell the reader looks at (centre to just past the ring)."""
    r = max(cell.ring_mm, 0.5 * min(cell.size_mm)) + 1.0
    if cell.shape == "rect":
        hw, hh = cell.size_mm[0] / 2, cell.size_mm[1] / 2
        u, v = np.meshgrid(np.linspace(-hw, hw, 9), np.linspace(-hh, hh, 9))
    else:
        u, v = np.meshgrid(np.linspace(-r, r, 11), np.linspace(-r, r, 11))
        keep = u**2 + v**2 <= r * r
        u, v = u[keep], v[keep]
    return np.c_[u.ravel(), v.ravel()] + cell.centre_mm


def _occluded_cells(scene: Scene, hands: np.ndarray) -> frozenset[str]:
    if not scene.hands:
        return frozenset()
    h, w = hands.shape
    out = set()
    for c in scene.layout.cells:
        p = cv2.perspectiveTransform(_footprint_mm(c)[None], scene.board_to_image)[0]
        xi, yi = np.round(p[:, 0]).astype(int), np.round(p[:, 1]).astype(int)
        ok = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        if hands[yi[ok], xi[ok]].any():
            out.add(c.id)
    return frozenset(out)


def _visible_markers(scene: Scene, hands: np.ndarray) -> tuple[int, ...]:
    h, w = hands.shape
    out = []
    for m in scene.layout.markers:
        quiet = m.size_mm * 8 / 6 / 2
        pts = np.array(
            [
                (m.centre_mm[0] + sx * quiet, m.centre_mm[1] + sy * quiet)
                for sx in (-1, 0, 1)
                for sy in (-1, 0, 1)
            ]
        )
        p = np.round(cv2.perspectiveTransform(pts[None], scene.board_to_image)[0]).astype(int)
        if ((p[:, 0] >= 0) & (p[:, 0] < w) & (p[:, 1] >= 0) & (p[:, 1] < h)).all() and not hands[
            p[:, 1], p[:, 0]
        ].any():
            out.append(m.id)
    return tuple(out)
