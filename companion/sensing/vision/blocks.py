"""Blocks and the colour die from the camera (Stein auf Stein): pure, no clock, no hardware.

``BlockReader.read(frame)``: the mat found by its markers, rectified to a straight view
(``PPM`` px per mm of mat: the mat is the ruler, whatever the camera's tilt), white
balanced on the neutral patch, each pixel labelled with the nearest block colour (or
skin: a hand), the labels grouped into blobs with their footprint in mm. Then:

- the die: one square blob of a die's size in the tray, no hand over it, its face crisp
  and of its colour's full strength (a die in motion is smeared: not read, ``blurred``);
- the building site: each blob matched to a registered block of its colour by its
  footprint, button up (catalogued footprint and a metal button seen), turned (no
  button) or knocked over (the footprint of a side);
- each player's area: the blocks laid there in order along the row, and the row's length
  in mm, from where the coloured run along the row's centre line crosses half coverage
  at either end (sub-pixel); none for a row that runs past the band's end. Skin over an
  area (an arm) is noted: what it hides is not gone.

``BlockWatcher`` turns readings into observations once they hold over ``SETTLE_FRAMES``
frames: ``DieSeen`` (a colour only while the die lies still; None the moment it moves)
and ``BlocksSeen`` (while a hand is over the site or an arm over a row, only that a hand
is there; the blocks again once clear). Time comes in with each frame.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from ..observations import AreaSeen, BlocksSeen, DieSeen, Observation
from .colour import bgr8_to_linear_rgb, hex_to_linear_rgb, linear_rgb_to_lab, srgb_to_linear
from .layout import Layout
from .markers import MarkerFinder
from .pose import PoseError, pose_from_markers

PPM = 2.0  # px per mm of the straightened tray and players' areas
SITE_PPM = 1.0  # px per mm of the straightened building site
MIN_CHROMA = 22.0  # CIELAB chroma: below it, bare mat (or the button's metal)
HAND_OPEN_MM = 5.0  # skin narrower than this is a block's shaded rim, not a hand
HAND_MIN_MM2 = 300.0  # skin over this much of the site: a hand (the reading waits)
_LAB_WEIGHT = np.array([0.5, 1.0, 1.0], np.float32)  # lightness counts half (shading)
DIE_MM = 22.0  # the die's edge
SITE_MARGIN_MM = 50.0  # blocks lie this far beyond the site's printed cells
MIN_BLOB_MM2 = 220.0  # smaller coloured specks are noise
MATCH_TOLERANCE_MM = 9.0  # a footprint further than this from every block is unknown
BUTTON_WEIGHT_MM = 6.0  # a fit against what the button says counts as this much misfit
SETTLE_FRAMES = 3
DIE_EDGE_MM = 2.0  # a still die's face fades into the mat within this (mm) ...
DIE_EDGE_PX = 2.0  # ... and this many camera pixels (its blur); wider: smeared, moving
#: why a die-sized face is not read: smeared (moving, or a shadow over it): unsure, so the
#: watcher neither reads it nor tells it as thrown (as for a die in a hand)
BLURRED = "blurred"
#: why no die is read: nothing of a die's colour in the tray (picked up, or under a hand
#: or an arm the reader did not see as skin): as unsure as a die in a hand
NOT_IN_TRAY = "not in the tray"
IN_A_HAND = "in a hand"
#: the readings of a die hidden (``DieSettle`` takes every die not read as unsure, these
#: and "rolling" alike)
HIDDEN = (IN_A_HAND, BLURRED, NOT_IN_TRAY)
DIE_FULL_COLOUR = 0.93  # a still face shows its colour's full chroma (90th pct over this)
SKIN_SRGB = ((236, 188, 160), (224, 172, 140), (198, 134, 105), (160, 104, 72), (110, 70, 50))


@dataclass(frozen=True, slots=True)
class KnownBlock:
    """A registered block: id, colour (a die colour), size in mm as it stands button up."""

    id: str
    colour: str
    length_mm: float
    width_mm: float
    height_mm: float


@dataclass(frozen=True, slots=True)
class Blob:
    """Pixels of one colour together: centre and footprint (``along`` >= ``across``) in mm,
    the long side's angle, area in mm², and whether a button-sized hole lies inside."""

    colour: str
    centre_mm: tuple[float, float]
    along_mm: float
    across_mm: float
    angle_deg: float
    area_mm2: float
    button: bool


@dataclass(frozen=True, slots=True)
class Area:
    """A player's band on the mat: the rectangle (x0, y0, x1, y1 mm), the row's axis."""

    name: str
    box_mm: tuple[float, float, float, float]
    axis: int  # 0: the row runs along x; 1: along y


@dataclass(frozen=True)
class Region:
    """A straightened part of the mat: its box (mm), px per mm, the colour labels
    (index into the reader's colours, -1 bare mat), the hand mask, linear RGB, chroma."""

    box: tuple[float, float, float, float]
    ppm: float
    labels: np.ndarray
    hand: np.ndarray
    rgb: np.ndarray
    chroma: np.ndarray


@dataclass(frozen=True)
class TableReading:
    """One frame's reading. ``ok``: the mat was found (else ``why``)."""

    ok: bool
    why: str = ""
    die: str | None = None
    die_centre_mm: tuple[float, float] | None = None
    die_why: str = ""
    site: tuple[str, ...] = ()  # block ids button up
    turned: tuple[str, ...] = ()  # block ids turned or knocked over
    unknown: int = 0  # coloured blobs on the site that match no block
    areas: dict[str, AreaSeen] = field(default_factory=dict)
    hand: bool = False  # skin over the site
    hands_over: tuple[str, ...] = ()  # the players' areas with skin over them (arms)


def _box(points: Iterable[tuple[float, float]], pad: tuple[float, float]) -> tuple:
    xs, ys = zip(*points, strict=True)
    return (min(xs) - pad[0], min(ys) - pad[1], max(xs) + pad[0], max(ys) + pad[1])


def _px_per_mm(pose, box: tuple[float, float, float, float]) -> float:
    """The camera's px per mm of mat at the middle of ``box`` (mean of both directions)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    p = pose.to_image(np.array([[cx, cy], [cx + 10, cy], [cx, cy + 10]], np.float64))
    return float(np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])) / 20


class BlockReader:
    """Reads Stein auf Stein frames of ``layout`` for the registered ``blocks``."""

    def __init__(
        self,
        layout: Layout,
        blocks: Sequence[KnownBlock],
        *,
        finder: MarkerFinder | None = None,
    ) -> None:
        self.layout = layout
        self.blocks = tuple(blocks)
        self.finder = finder or MarkerFinder()
        colours = sorted({b.colour for b in self.blocks})
        self.colours = colours
        labs = [linear_rgb_to_lab(hex_to_linear_rgb(layout.pieces[c].colour)) for c in colours]
        skin = [linear_rgb_to_lab(srgb_to_linear(np.array(s) / 255)) for s in SKIN_SRGB]
        self._palette = np.array(labs + skin, np.float32)
        self._chroma = [float(np.hypot(lab[1], lab[2])) for lab in labs]  # each colour's own
        self._n_colours = len(colours)
        cells = {c.id: c for c in layout.cells}
        site = [c.centre_mm for c in layout.cells if c.region == "site"]
        half = max(c.size_mm[0] for c in layout.cells if c.region == "site") / 2
        self.site_box = _box(site, (half + SITE_MARGIN_MM, half + SITE_MARGIN_MM))
        die = cells["die"]
        self.tray_box = _box([die.centre_mm], (die.size_mm[0] / 2 + 6, die.size_mm[1] / 2 + 6))
        self.areas: list[Area] = []
        for region in sorted({c.region for c in layout.cells if c.region.startswith("player")}):
            pts = [c.centre_mm for c in layout.cells if c.region == region]
            size = next(c.size_mm for c in layout.cells if c.region == region)
            xs, ys = zip(*pts, strict=True)
            axis = 0 if max(xs) - min(xs) >= max(ys) - min(ys) else 1
            box = list(_box(pts, (size[0] / 2, size[1] / 2)))
            # the row may run on past the printed cells, up to the markers' quiet zones
            lo, hi = (80.0, layout.size_mm[axis] - 80.0)
            box[axis], box[axis + 2] = min(box[axis], lo + 10), max(box[axis + 2], hi - 10)
            self.areas.append(Area(region, tuple(box), axis))
        n = layout.neutral
        self._neutral = None
        if n is not None:
            box = _box([n.centre_mm], (n.size_mm[0] / 2 - 3, n.size_mm[1] / 2 - 3))
            self._neutral = (box, hex_to_linear_rgb(n.colour).astype(np.float32))

    # -- one frame ------------------------------------------------------------------

    def read(self, image: np.ndarray) -> TableReading:
        markers = self.finder.find(image)
        try:
            pose = pose_from_markers(markers, self.layout)
        except PoseError as e:
            return TableReading(False, f"no mat: {e}")
        rgb = bgr8_to_linear_rgb(image)  # warped in linear light: edges mix as light does
        gains = self._gains(rgb, pose)
        tray = self._region(rgb, pose, gains, self.tray_box, PPM)
        die, centre, die_why = self._die(tray, _px_per_mm(pose, self.tray_box))
        site, turned, unknown, hand = self._site(
            self._region(rgb, pose, gains, self.site_box, SITE_PPM)
        )
        areas, over = {}, []
        for a in self.areas:
            region = self._region(rgb, pose, gains, a.box_mm, PPM)
            areas[a.name] = self._area(a, region, site)
            if region.hand.sum() / region.ppm**2 > HAND_MIN_MM2:
                over.append(a.name)  # an arm over the row hides blocks: not a reading
        return TableReading(
            True, "", die, centre, die_why, site, turned, unknown, areas, hand, tuple(over)
        )

    def site_blobs(self, image: np.ndarray) -> list[Blob] | None:
        """Every coloured blob on the building site (None: the mat is not in view)."""
        try:
            pose = pose_from_markers(self.finder.find(image), self.layout)
        except PoseError:
            return None
        rgb = bgr8_to_linear_rgb(image)
        return self._blobs(self._region(rgb, pose, self._gains(rgb, pose), self.site_box, PPM))

    def _gains(self, rgb: np.ndarray, pose) -> np.ndarray:
        """White balance and exposure from the neutral patch (von Kries gains)."""
        if self._neutral is None:
            return np.ones(3, np.float32)
        box, ref = self._neutral
        seen = np.median(self._warp(rgb, pose, box, 1.0).reshape(-1, 3), axis=0)
        return (ref / np.maximum(seen, 1e-4)).astype(np.float32)

    @staticmethod
    def _warp(rgb: np.ndarray, pose, box, ppm: float) -> np.ndarray:
        """The part ``box`` (x0, y0, x1, y1 mm) of the mat, straight, at ``ppm``."""
        x0, y0, x1, y1 = box
        to = np.array([[ppm, 0, -x0 * ppm], [0, ppm, -y0 * ppm], [0, 0, 1.0]]) @ pose.image_to_board
        size = (max(1, round((x1 - x0) * ppm)), max(1, round((y1 - y0) * ppm)))
        return cv2.warpPerspective(rgb, to, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))

    def _region(self, rgb, pose, gains, box, ppm: float) -> Region:
        flat = self._warp(rgb, pose, box, ppm) * gains
        lab = cv2.cvtColor(np.clip(flat, 0, 1), cv2.COLOR_LRGB2Lab)
        chroma = np.hypot(lab[..., 1], lab[..., 2])
        coloured = chroma >= MIN_CHROMA
        n = self._n_colours
        labels = np.full(chroma.shape, -1, np.int16)
        skin = np.zeros(chroma.shape, np.uint8)
        if coloured.any():
            px = lab[coloured]  # only the coloured pixels are classified
            d = ((px[:, None, :] - self._palette[None]) ** 2 * _LAB_WEIGHT).sum(axis=-1)
            skin[coloured] = np.argmin(d, axis=-1) >= n
            labels[coloured] = np.argmin(d[:, :n], axis=-1)  # rims: their block's colour
        k = max(3, round(HAND_OPEN_MM * ppm) | 1)
        hand = cv2.morphologyEx(skin, cv2.MORPH_OPEN, np.ones((k, k), np.uint8)).astype(bool)
        labels[hand] = -1
        return Region(box, ppm, labels, hand, flat, chroma)

    def _blobs(self, region: Region) -> list[Blob]:
        out = []
        ppm = region.ppm
        x0, y0 = region.box[0], region.box[1]
        kernel = np.ones((3, 3), np.uint8)
        for k, colour in enumerate(self.colours):
            mask = (region.labels == k).astype(np.uint8)
            if not mask.any():
                continue
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for c in contours:
                area = cv2.contourArea(c) / ppm**2
                if area < MIN_BLOB_MM2:
                    continue
                (cx, cy), (w, h), ang = cv2.minAreaRect(c)
                filled = np.zeros_like(mask)
                cv2.drawContours(filled, [c], -1, 1, -1)
                body = region.chroma[(filled > 0) & (mask > 0)]
                # the metal button sits in the middle of the top: greyer than the block
                r = max(1, round(2.5 * ppm))
                ix, iy = round(cx), round(cy)
                middle = region.chroma[max(0, iy - r) : iy + r + 1, max(0, ix - r) : ix + r + 1]
                button = bool(
                    body.size and middle.size and np.median(middle) < 0.55 * np.median(body)
                )
                if w < h:
                    w, h, ang = h, w, ang + 90
                centre = (x0 + (cx + 0.5) / ppm, y0 + (cy + 0.5) / ppm)
                out.append(Blob(colour, centre, w / ppm, h / ppm, ang % 180, area, button))
        return out

    def _die(
        self, region: Region, camera_px_per_mm: float = 1.5
    ) -> tuple[str | None, tuple[float, float] | None, str]:
        if region.hand.sum() / region.ppm**2 > HAND_MIN_MM2 / 4:
            return None, None, IN_A_HAND
        blobs = self._blobs(region)
        if not blobs:
            return None, None, NOT_IN_TRAY
        if len(blobs) > 1:
            return None, None, "rolling"
        b = blobs[0]
        square = b.along_mm / max(b.across_mm, 1e-3) < 1.35
        if not square or not 0.55 * DIE_MM**2 < b.area_mm2 < 1.5 * DIE_MM**2:
            return None, None, "rolling"
        edge_mm = DIE_EDGE_MM + DIE_EDGE_PX / max(camera_px_per_mm, 0.1)
        if self._smeared(region, self.colours.index(b.colour), edge_mm):
            return None, None, BLURRED
        return b.colour, b.centre_mm, ""

    def _smeared(self, region: Region, k: int, edge_mm: float) -> bool:
        """Whether the die's face (the largest patch of colour ``k``) is smeared: a die in
        motion is blurred, so its face never reaches its colour's full chroma, or fades
        into the mat over more than ``edge_mm`` (the width of the band between a quarter
        and three quarters of the colour's chroma, per mm of the face's outline). A die
        lying still shows a crisp face of its full colour, as sharp as the camera sees."""
        n, parts = cv2.connectedComponents((region.labels == k).astype(np.uint8))
        if n < 2:
            return True
        face = parts == 1 + int(np.argmax(np.bincount(parts.ravel())[1:]))
        full = self._chroma[k]
        chroma = region.chroma
        if np.percentile(chroma[face], 90) < DIE_FULL_COLOUR * full:
            return True
        near = cv2.dilate(face.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0
        fading = near & (chroma > 0.25 * full) & (chroma < 0.75 * full)
        outline, _ = cv2.findContours(
            face.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
        )
        length = max(cv2.arcLength(max(outline, key=cv2.contourArea), True), 1.0)
        return fading.sum() / length / region.ppm > edge_mm

    def _site(self, region: Region) -> tuple[tuple[str, ...], tuple[str, ...], int, bool]:
        """Blocks on the site: each blob given the block it fits best, one blob a block
        (the closest fits first), button up or not."""
        hand = region.hand.sum() / region.ppm**2 > HAND_MIN_MM2
        blobs = self._blobs(region)
        # closest fits first; among equal fits a block standing as catalogued first (a
        # block on its side may look like another block standing)
        fits = sorted(
            (err, not standing, k, block, standing)
            for k, blob in enumerate(blobs)
            for err, block, standing in self._fits(blob)
        )
        taken: set[str] = set()
        placed: set[int] = set()
        up, turned = [], []
        for _, _, k, block, standing in fits:
            if k in placed or block in taken:
                continue
            placed.add(k)
            taken.add(block)
            (up if standing else turned).append(block)
        return tuple(sorted(up)), tuple(sorted(turned)), len(blobs) - len(placed), hand

    def _fits(self, blob: Blob) -> list[tuple[float, str, bool]]:
        """(misfit in mm, block, button up) for every way a block of the blob's colour
        could lie as seen, within the tolerance. A button seen favours button up; none
        seen, a block turned or on its side."""
        out = []
        for b in self.blocks:
            if b.colour != blob.colour:
                continue
            poses = [((b.length_mm, b.width_mm), True)]
            poses += [((b.length_mm, b.height_mm), False), ((b.width_mm, b.height_mm), False)]
            poses += [((b.length_mm, b.width_mm), False)]  # turned over: button down
            for size, standing in poses:
                along, across = max(size), min(size)
                err = abs(along - blob.along_mm) + abs(across - blob.across_mm)
                err += 0.0 if standing == blob.button else BUTTON_WEIGHT_MM
                if err <= MATCH_TOLERANCE_MM + BUTTON_WEIGHT_MM:
                    out.append((err, b.id, standing))
        return out

    def _area(self, area: Area, region: Region, on_site: Iterable[str]) -> AreaSeen:
        blobs = sorted(self._blobs(region), key=lambda b: b.centre_mm[area.axis])
        ids: list[str] = []
        taken = set(on_site)
        for blob in blobs:
            found = self._row_blocks(blob, taken)
            ids += found
            taken |= set(found)
        row = self._row_length(area, region) if blobs else None
        return AreaSeen(area.name, tuple(ids), row_mm=row)

    def _row_blocks(self, blob: Blob, taken: set[str]) -> list[str]:
        """The blocks one blob along a row is made of (same-coloured blocks laid end to
        end merge into one blob): the set of that colour's blocks whose lengths add up
        closest to the blob's, within the tolerance."""
        length = blob.along_mm
        options = [b for b in self.blocks if b.colour == blob.colour and b.id not in taken]
        best: tuple[float, tuple[KnownBlock, ...]] | None = None
        for n in range(1, min(3, len(options)) + 1):
            for combo in itertools.combinations(options, n):
                err = abs(sum(max(b.length_mm, b.width_mm, b.height_mm) for b in combo) - length)
                if n == 1:  # one block: its width across the row tells twins apart
                    b = combo[0]
                    sides = sorted((b.length_mm, b.width_mm, b.height_mm))
                    across = min(abs(sides[0] - blob.across_mm), abs(sides[1] - blob.across_mm))
                    err += 0.25 * across
                err += 3.0 * (n - 1)  # one block before several that add up alike
                if best is None or err < best[0]:
                    best = (err, combo)
        if best is None or best[0] > MATCH_TOLERANCE_MM + 3.0 * (len(best[1]) - 1):
            return []
        return [b.id for b in best[1]]

    def _row_length(self, area: Area, region: Region) -> float | None:
        """The row's length along its axis in mm (None: no row, or one that runs past the
        band's end)."""
        ends = self._row_ends(area, region)
        return None if ends is None else round(ends[1] - ends[0], 2)

    def _row_ends(self, area: Area, region: Region) -> tuple[float, float] | None:
        """Where the row starts and ends along its axis (mat mm): where the blocks'
        coverage of the band's centre line (±8 mm) crosses one half at the first and the
        last block, from each pixel's mix of the mat's and the end block's colour in
        linear light (sub-pixel)."""
        ppm = region.ppm
        flat, labels = region.rgb, region.labels
        if area.axis == 1:
            flat, labels = flat.transpose(1, 0, 2), labels.T
        mid = flat.shape[0] // 2
        half = int(8 * ppm)
        band, lab_band = flat[mid - half : mid + half], labels[mid - half : mid + half]
        # only colour counts, not brightness: printed lines and shadows on the mat are grey,
        # and the part of a pixel that is not grey mixes linearly between mat and block
        band = band - band.mean(axis=-1, keepdims=True)
        mat = band[lab_band < 0]
        if mat.size == 0 or (lab_band >= 0).sum() == 0:
            return None
        mat_rgb = np.median(mat.reshape(-1, 3), axis=0)
        cols = np.flatnonzero((lab_band >= 0).mean(axis=0) >= 0.5)
        if cols.size == 0:
            return None

        def coverage(first: int, inward: int) -> np.ndarray:
            """Per column, the fraction of the end block's colour (not the mat's)."""
            a, b = first + inward * int(4 * ppm), first + inward * int(9 * ppm)
            inner = band[:, min(a, b) : max(a, b) + 1]  # inside the shaded rim, off the button
            if inner.size == 0:
                inner = band[:, first : first + 1]
            block = np.median(inner.reshape(-1, 3), axis=0)
            span = block - mat_rgb
            alpha = ((band - mat_rgb) @ span) / max(float(span @ span), 1e-6)
            return np.clip(alpha.mean(axis=0), 0, 1)

        def crossing(profile: np.ndarray, i: int, j: int) -> float:
            """The column where ``profile`` crosses 0.5 between pixels ``i`` and ``j``."""
            a, b = float(profile[i]), float(profile[j])
            return i + (0.5 - a) / (b - a) * (j - i) if abs(b - a) > 1e-6 else float(j)

        first, last = int(cols[0]), int(cols[-1])
        left = coverage(first, 1)
        while first > 0 and left[first - 1] >= 0.5:
            first -= 1
        right = coverage(last, -1)
        while last + 1 < right.size and right[last + 1] >= 0.5:
            last += 1
        if first == 0 or last + 1 == right.size:
            return None  # the row runs past the band's end: the mat cannot measure it
        start = crossing(left, first - 1, first)
        end = crossing(right, last + 1, last)
        lo = region.box[area.axis] * ppm
        return ((lo + start) / ppm, (lo + end) / ppm)


class DieSettle:
    """One die's frame readings -> ``DieSeen`` for ``layout``: a face (a colour, or a
    number die's number as text) once it lies still over ``settle`` frames (the same face
    within 1.5 mm). A die not read (``why``: in a hand, blurred, not in the tray, or
    "rolling": several faces or not die-shaped) is unsure, never told as moving by itself:
    if it then lies where it lay, showing what it showed, it did not move; anywhere else,
    or showing another face, it moved (``DieSeen`` None, "moved", then the face). As
    Heuchel & Meuchel's ``settle_die`` does. In the demo (seed 10) one frame of a hand
    over the tray not seen as skin read "not in the tray"; in seed 34 an arm over the tray
    not seen as skin read as a second blob beside the die ("rolling"). Told as moving, the
    die seen again where it lay was taken for the next child's throw and closed the try
    as empty. A die really thrown that lands within 2.5 mm of where it lay showing the
    same face is not seen as thrown: the roll is tapped on the tablet. "Where it lay" is
    where it was last seen lying still, not where it was first told: in the demo (seed
    31, lift 11) such a die, 1.9 mm from where it was told, then read 1.1 mm further
    beside a hand, was 2.8 mm from the first place and told as thrown."""

    def __init__(self, layout: str, *, settle: int = SETTLE_FRAMES) -> None:
        self.layout = layout
        self.settle = settle
        self._seen: list[tuple[str | None, tuple[float, float] | None]] = []
        self._said: str | None = None  # the face last told (None: never)
        self._at: tuple[float, float] = (0.0, 0.0)  # where it lay then (mm)

    def update(
        self,
        face: str | None,
        centre_mm: tuple[float, float] | None,
        why: str,
        t_mono: float,
    ) -> list[DieSeen]:
        """One frame's reading of the die (``face`` None: ``why`` says why not)."""
        out: list[DieSeen] = []
        if face is None:  # not read: unsure (``why`` says why), the frames start anew
            self._seen = []
            return out
        self._seen = [*self._seen[-(self.settle - 1) :], (face, centre_mm)]
        still = (
            len(self._seen) == self.settle
            and all(c == face for c, _ in self._seen)
            and all(p is not None and math.dist(p, centre_mm) < 1.5 for _, p in self._seen)
        )
        told = isinstance(self._said, str)
        if still:
            same = told and self._said == face and math.dist(self._at, centre_mm) < 2.5
            if not same:
                if told:  # it moved while hidden
                    out.append(DieSeen(t_mono, self.layout, None, "moved"))
                self._said, self._at = face, centre_mm
                out.append(DieSeen(t_mono, self.layout, face))
            else:  # where it lies still now: its reading wanders by a mm or so (seed 31)
                self._at = centre_mm
        return out


class BlockWatcher:
    """Readings -> observations, once they hold over ``SETTLE_FRAMES`` frames."""

    def __init__(self, reader: BlockReader, *, settle: int = SETTLE_FRAMES) -> None:
        self.reader = reader
        self.settle = settle
        self._die = DieSettle(reader.layout.name, settle=settle)
        self._blocks: list[tuple] = []
        self._blocks_said: tuple | None = None
        self._hand_said = False

    def feed(self, image: np.ndarray, t_mono: float) -> list[Observation]:
        """One frame taken at ``t_mono`` s: the observations it makes certain."""
        return self.update(self.reader.read(image), t_mono)

    def update(self, r: TableReading, t_mono: float) -> list[Observation]:
        layout = self.reader.layout.name
        out: list[Observation] = []
        if not r.ok:
            return out
        # the die: a colour once it lies still over the frames; moved (None) only once it
        # lies elsewhere or shows another face: a die not read tells nothing (``DieSettle``)
        out.extend(self._die.update(r.die, r.die_centre_mm, r.die_why, t_mono))
        # the blocks: the site and the areas while no hand or arm is over either (what it
        # hides is not gone); told afresh once they are clear again
        # an area's blocks settle as a set: the order within a row flickers where blocks
        # of one colour lie 1-3 mm apart (one blob, named in the catalogue's order, or
        # several, named left to right), which held a whole lift back (demo seed 37)
        areas = tuple(sorted((n, tuple(sorted(a.blocks))) for n, a in r.areas.items()))
        key = (r.site, r.turned, areas)
        if r.hand or r.hands_over:
            self._blocks = []
            if not self._hand_said:
                self._hand_said = True
                said = self._blocks_said
                out.append(BlocksSeen(t_mono, layout, said[0] if said else (), hand=True))
            return out
        self._blocks = [*self._blocks[-(self.settle - 1) :], (key, r.areas)]
        # the site settles by itself: a block of another colour is off it only while the
        # child looks into the crane, and a row's reading flickering meanwhile (a block
        # dropping out of one frame) hid it, so the try was recorded without it (seed 37)
        if len(self._blocks) < self.settle or any(k[:2] != key[:2] for k, _ in self._blocks):
            return out
        settled = all(k == key for k, _ in self._blocks)
        said = self._blocks_said
        if not (settled or said is None or said[:2] != key[:2] or self._hand_said):
            return out  # the site as told, an area still flickering: wait for it
        seen = self._areas_settled()  # each as most frames saw it (settled: as all did)
        told = (r.site, r.turned, tuple(sorted((a.area, tuple(sorted(a.blocks))) for a in seen)))
        if told != said or self._hand_said:
            self._blocks_said, self._hand_said = told, False
            out.append(BlocksSeen(t_mono, layout, r.site, r.turned, seen))
        return out

    def _areas_settled(self) -> tuple[AreaSeen, ...]:
        """Each area as most of the frames saw it: the blocks most of them saw there, in
        the order most of those saw (the latest on a tie), the row's length their median."""
        out = []
        for name in self._blocks[-1][1]:
            seen = [a.get(name, AreaSeen(name, ())) for _, a in reversed(self._blocks)]
            sets = [tuple(sorted(a.blocks)) for a in seen]
            most = max(sets, key=sets.count)  # the first of the most seen: the latest
            seen = [a for a in seen if tuple(sorted(a.blocks)) == most]
            orders = [a.blocks for a in seen]
            order = max(orders, key=orders.count)
            rows = [a.row_mm for a in seen if a.row_mm is not None]
            row = round(float(np.median(rows)), 1) if rows else None
            out.append(AreaSeen(name, order, row_mm=row))
        return tuple(out)
