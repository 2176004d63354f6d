"""Which card lies in each card slot: face, back or empty, the design, how sure, covered.

Per frame, after the board is located (``BoardReader``: markers, pose, and the colour
tests that find hands): every card slot no hand covers is cut out of the frame, upright,
at ``SLOT_PX_PER_MM``; the card is the one card-shaped region there that is not bare mat
(``find_card``: its four corners, any turn, shifted anywhere in the slot). No such
region and little that is not mat: ``empty``; something else (half a card, a hand the
tests let pass): ``unknown``. The card is warped upright both ways up (a card turned by
180° reads the same) and compared with every registered template and the back
(correlation of zero-mean colour, so lamp brightness and tint fall out). Twins, designs
alike but for a small region, are told apart on that region. The ``confidence`` is the
margin over the runner-up: a reading below ``CONFIDENT`` is a guess, never a fact.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .deck import BACK, DeckError, RegisteredDeck, _upright, normalise, warp_card
from .layout import EMPTY, UNKNOWN, Layout
from .reader import BoardReader, BoardReading

#: Slot crops are cut at this scale (px per board mm).
SLOT_PX_PER_MM = 2.0
#: Millimetres of the slot's edge left out of its crop (the printed outline).
SLOT_INSET_MM = 2.0
#: A pixel further than this (CIELAB ΔE, 8-bit scale) from the slot's bare mat is not mat.
NOT_MAT = 22.0
#: A region whose area is within this factor of the card's, and whose shape is the card's
#: within ``SHAPE_TOLERANCE``, is the card.
AREA_RANGE = (0.75, 1.3)
SHAPE_TOLERANCE = 0.15
#: A card's rectangle is at least this full of not-mat pixels (print the mat's colour
#: leaves holes).
MIN_FILL = 0.6
#: Less than this share of a card's area not mat: the slot is empty.
EMPTY_SHARE = 0.12
#: Below this correlation with every template, a card is none of the deck's designs.
MIN_SCORE = 0.45
#: Correlation margin over the runner-up that makes a reading certain (confidence 1).
FULL_MARGIN = 0.12
#: The same on the region where twins differ.
FULL_TWIN_MARGIN = 0.2
#: A reading at least this confident is a fact; below, a guess (``card`` may be wrong).
CONFIDENT = 0.9


@dataclass(frozen=True, slots=True)
class CardReading:
    """One slot: ``label`` (face, back, empty or unknown), ``card`` (the design's id when
    face up and named, else None), ``confidence`` 0..1, ``occluded`` (a hand covers it)."""

    label: str
    card: str | None
    confidence: float
    occluded: bool = False

    def to_json(self) -> dict:
        return {
            "label": self.label,
            "card": self.card,
            "confidence": self.confidence,
            "occluded": self.occluded,
        }


def card_slots(layout: Layout) -> tuple[str, ...]:
    """The ids of the layout's cells that take cards."""
    return tuple(
        c.id for c in layout.cells if any(layout.pieces[p].shape == "card" for p in c.pieces)
    )


class CardReader:
    """Reads the card slots of ``layout`` with a registered ``deck`` (one per stream or
    per picture; ``stream=True`` lets the board reader remember rings, as at the table)."""

    def __init__(
        self, layout: Layout, deck: RegisteredDeck, *, model=None, stream: bool = False
    ) -> None:
        self.slots = card_slots(layout)
        if not self.slots:
            raise DeckError(
                f"layout {layout.name} has no card slots (cells that take a piece of shape card)"
            )
        self.layout, self.deck = layout, deck
        self.board = BoardReader(layout, model, stream=stream)
        self._size = deck.template_size
        flat = deck.templates.reshape(len(deck.templates), -1)
        self._flat = flat
        self._back = deck.ids.index(BACK)
        self._twins: dict[int, list[tuple[int, np.ndarray]]] = {}
        for (i, j), w in deck.twins.items():
            self._twins.setdefault(i, []).append((j, w))
            self._twins.setdefault(j, []).append((i, w))
        cw, ch = deck.card_mm
        self._card_area = cw * ch * SLOT_PX_PER_MM**2
        self._aspect = ch / cw

    def read(self, image: np.ndarray | None) -> tuple[BoardReading, dict[str, CardReading]]:
        """The board reading of ``image`` and a ``CardReading`` per card slot (none when
        the board is not found)."""
        board = self.board.read(image)
        if not board.ok:
            return board, {}
        out = {}
        for cell_id in self.slots:
            r = board.cells[cell_id]
            if r.occluded:
                out[cell_id] = CardReading(UNKNOWN, None, 1.0, occluded=True)
                continue
            crop = self._crop(image, board, cell_id)
            out[cell_id] = self.read_slot(crop)
        return board, out

    def _crop(self, image: np.ndarray, board: BoardReading, cell_id: str) -> np.ndarray:
        cell = self.layout.cell(cell_id)
        w_mm = cell.size_mm[0] - 2 * SLOT_INSET_MM
        h_mm = cell.size_mm[1] - 2 * SLOT_INSET_MM
        x0, y0 = cell.centre_mm[0] - w_mm / 2, cell.centre_mm[1] - h_mm / 2
        s = SLOT_PX_PER_MM
        crop_to_board = np.array([[1 / s, 0, x0], [0, 1 / s, y0], [0, 0, 1]])
        m = board.pose.board_to_image @ crop_to_board
        size = (round(w_mm * s), round(h_mm * s))
        return cv2.warpPerspective(
            image,
            m,
            size,
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )

    def find_card(self, crop: np.ndarray) -> tuple[str, np.ndarray | None]:
        """("card", corners) for the card in a slot crop, ("empty", None) for bare mat,
        ("unknown", None) for anything else."""
        lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)  # 8-bit scale
        edge = np.concatenate([lab[:2].reshape(-1, 3), lab[-2:].reshape(-1, 3),
                               lab[:, :2].reshape(-1, 3), lab[:, -2:].reshape(-1, 3)])  # fmt: skip
        mat = np.median(edge, axis=0)
        diff = np.linalg.norm(lab - mat, axis=-1)
        mask = (diff > NOT_MAT).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        area = float(mask.sum())
        if area < EMPTY_SHARE * self._card_area:
            return EMPTY, None
        points = cv2.findNonZero(mask)
        rect = cv2.minAreaRect(points)
        (rw, rh) = rect[1]
        if min(rw, rh) < 1:
            return UNKNOWN, None
        ratio = rw * rh / self._card_area
        shape = max(rw, rh) / min(rw, rh) / self._aspect
        if not (AREA_RANGE[0] <= ratio <= AREA_RANGE[1]) or abs(shape - 1) > SHAPE_TOLERANCE:
            return UNKNOWN, None
        if area < MIN_FILL * rw * rh:  # not one card-shaped thing
            return UNKNOWN, None
        return "card", _upright(cv2.boxPoints(rect).astype(np.float32))

    def read_slot(self, crop: np.ndarray) -> CardReading:
        """The reading of one upright slot crop (BGR uint8)."""
        what, quad = self.find_card(crop)
        if quad is None:
            return CardReading(what, None, 1.0 if what == EMPTY else 0.5)
        ways = [normalise(warp_card(crop, np.roll(quad, k, axis=0), self._size)) for k in (0, 2)]
        vecs = np.stack([v.reshape(-1) for v in ways])
        scores = vecs @ self._flat.T  # (2 ways, templates)
        way = np.argmax(scores.max(axis=1))
        row = scores[way]
        order = np.argsort(row)[::-1]
        best, second = int(order[0]), int(order[1])
        margin = float(row[best] - row[second])
        twins = {j: w for j, w in self._twins.get(best, []) if row[best] - row[j] < FULL_MARGIN}
        full = FULL_MARGIN
        if twins:  # alike but for a region: judged on where they differ
            where = np.max(np.stack(list(twins.values())), axis=0)
            cands = [best, *twins]
            on_region = _weighted(ways[way], self.deck.templates[cands], where)
            ranked = np.argsort(on_region)[::-1]
            best = cands[int(ranked[0])]
            margin = float(on_region[ranked[0]] - on_region[ranked[1]])
            full = FULL_TWIN_MARGIN
        if row[best] < MIN_SCORE:  # a card's shape, but none of the deck's faces nor its back
            return CardReading(UNKNOWN, None, round(float(1 - row[best]), 3))
        conf = round(float(np.clip(margin / full, 0, 1)), 3)
        if best == self._back:
            return CardReading("back", None, conf)
        return CardReading("face", self.deck.ids[best], conf)


def _weighted(v: np.ndarray, t: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Correlations of a card ``v`` (H, W, 3) with templates ``t`` (n, H, W, 3), each
    pixel weighted by ``w`` (H, W)."""
    ww = w[..., None] / max(float(w.sum()), 1e-6)
    a = v - (v * ww).sum(axis=(0, 1))
    b = t - (t * ww).sum(axis=(1, 2))[:, None, None, :]
    aw = a * ww
    num = np.einsum("hwc,nhwc->n", aw, b)
    den = np.sqrt((aw * a).sum() * np.einsum("nhwc,nhwc->n", b * ww[None], b))
    return num / np.maximum(den, 1e-12)
