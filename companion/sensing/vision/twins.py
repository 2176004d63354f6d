"""Telling twins apart: designs alike but for a few small patches (their numbers).

Built once per reader from a registered deck (``TwinJudge(deck)``). The designs fall
into groups of twins (joined by ``deck.twins``: the same picture with another value or
edge). Per group, the *patches* are the regions of the fine pictures (``deck.fine``, the
card at ``FINE_PX_PER_MM``) where any two of its designs differ, each a small box (the
printed value, the corner label, an edge's number).

Per slot, the card seen is warped upright at the same scale (the way up the whole-card
comparison chose). Each candidate's fine picture is first brought down to the camera's
own resolution there and back (a sharp picture is not compared with a soft one), then
each patch is compared with the card (``cv2.matchTemplate``, normalised correlation of
the colour, the best of shifts up to ``SHIFT_PX`` either way: the outline found is good
to about a millimetre). A design's score is the sum over the patches; the margin of the
best over the runner-up is how sure (patches alike in the two add the same to both).
"""

from __future__ import annotations

import cv2
import numpy as np

from .deck import EDGE_MM, FINE_PX_PER_MM, RegisteredDeck

#: Pixels (at ``FINE_PX_PER_MM``) a patch may lie off its place in the card seen, once
#: the card is aligned on its picture.
SHIFT_PX = 1
#: Softenings (px) of the pictures tried against the card seen.
BLURS_PX = (0.0, 1.0, 2.0, 3.0)
#: Softening (px) of both for the alignment.
ALIGN_BLUR_PX = 1.5
#: Pictures brought to a camera's resolution kept at most (then all dropped).
CACHE_SIZE = 4000
WPOW = 2.0
#: How far (px) the alignment may move the card.
ALIGN_PX = 8
#: Two fine pictures differ at a pixel where their colours lie further apart than this
#: (CIELAB ΔE, L* 0..100, a* and b* halved), after softening by 1 px.
DIFF_DELTA_E = 14.0
#: Pixels a patch reaches beyond the pixels that differ.
PATCH_PAD_PX = 2
#: A difference of fewer pixels than this is noise, not a patch.
MIN_PATCH_PX = 6


def fine_lab(bgr: np.ndarray) -> np.ndarray:
    """A BGR uint8 picture -> float32 CIELAB (L* 0..100, a* and b* halved)."""
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).astype(np.float32)
    lab[..., 0] *= 100 / 255
    lab[..., 1:] = (lab[..., 1:] - 128) * 0.5
    return lab


def _groups(n: int, pairs) -> list[list[int]]:
    """Connected groups (of two or more) of ``n`` designs joined by ``pairs``."""
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in pairs:
        parent[root(i)] = root(j)
    out: dict[int, list[int]] = {}
    for i in range(n):
        out.setdefault(root(i), []).append(i)
    return [g for g in out.values() if len(g) > 1]


def _patches(lab: np.ndarray, members: list[int], edge_px: int):
    """Boxes (x0, y0, x1, y1) of the fine pictures where any two ``members`` differ, and
    in each box, which pixels (bool, the difference grown by ``PATCH_PAD_PX``)."""
    h, w = lab.shape[1:3]
    soft = np.stack([cv2.GaussianBlur(lab[i], (0, 0), 1.0) for i in members])
    differ = np.zeros((h, w), bool)
    for a in range(len(members)):
        for b in range(a + 1, len(members)):
            differ |= np.linalg.norm(soft[a] - soft[b], axis=-1) > DIFF_DELTA_E
    differ[:edge_px], differ[h - edge_px :] = False, False
    differ[:, :edge_px], differ[:, w - edge_px :] = False, False
    p = PATCH_PAD_PX
    grown = cv2.dilate(differ.astype(np.uint8), np.ones((2 * p + 1, 2 * p + 1), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(grown)
    boxes, masks = [], []
    for k in range(1, count):
        x, y, bw, bh, area = stats[k]
        if area < MIN_PATCH_PX:
            continue
        boxes.append((int(x), int(y), int(x + bw), int(y + bh)))
        masks.append(grown[y : y + bh, x : x + bw].astype(bool))
    return boxes, masks


class TwinJudge:
    """Tells the designs of each twin group of ``deck`` apart (see the module doc)."""

    def __init__(self, deck: RegisteredDeck) -> None:
        self.group_of: dict[int, int] = {}
        self.groups: list[list[int]] = []
        self.patches: list[list[tuple[int, ...]]] = []
        self.masks: list[list[np.ndarray]] = []
        self._where: list[list[np.ndarray]] = []
        self._mean_px: list[float] = []
        if deck.fine is None or not deck.twins:
            self._lab = None
            return
        self._lab = np.stack([fine_lab(p) for p in deck.fine])
        edge = max(1, round(EDGE_MM * FINE_PX_PER_MM))
        for members in _groups(len(deck.ids), deck.twins):
            boxes, masks = _patches(self._lab, members, edge)
            if not boxes:
                continue
            self.masks.append(masks)
            width = self._lab.shape[2]
            where = [_gather(b, m, width) for b, m in zip(boxes, masks, strict=True)]
            self._where.append(where)
            self._mean_px.append(float(np.mean([w.shape[1] for w in where])))
            for i in members:
                self.group_of[i] = len(self.groups)
            self.groups.append(members)
            self.patches.append(boxes)
        self._soft: dict[tuple[int, int], np.ndarray] = {}

    def twins_of(self, design: int) -> list[int]:
        """The group of ``design`` (itself included), or [] when it has no twins."""
        g = self.group_of.get(design)
        return [] if g is None else self.groups[g]

    def _as_seen(self, design: int, px_per_mm: float | None, sigma: float = 0.0) -> np.ndarray:
        """The fine picture of ``design`` as a camera at ``px_per_mm`` (on the card) sees
        it: down to that resolution and back up, then softened by ``sigma`` px (cached
        per 1/20 px/mm)."""
        fine = px_per_mm is None or px_per_mm >= 0.9 * FINE_PX_PER_MM
        key = (design, 0 if fine else round(px_per_mm * 20), sigma)
        hit = self._soft.get(key)
        if hit is None:
            lab = self._lab[design]
            if sigma:
                lab = cv2.GaussianBlur(self._as_seen(design, px_per_mm), (0, 0), sigma)
            elif not fine:
                h, w = lab.shape[:2]
                s = key[1] / 20 / FINE_PX_PER_MM
                small = cv2.resize(lab, (max(4, round(w * s)), max(4, round(h * s))),
                                   interpolation=cv2.INTER_AREA)  # fmt: skip
                lab = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
            if len(self._soft) > CACHE_SIZE:
                self._soft.clear()
            hit = self._soft[key] = lab
        return hit

    def _inner(self, shape) -> np.ndarray:
        h, w = shape[:2]
        e = max(1, round(EDGE_MM * FINE_PX_PER_MM))
        mask = np.zeros((h, w), np.uint8)
        mask[e : h - e, e : w - e] = 1
        return mask

    def _blur(self, seen_l: np.ndarray, design: int, px_per_mm: float | None) -> float:
        """The softening (px) of ``design``'s picture that best matches the card seen
        (the camera's blur beyond its resolution)."""
        inner = self._inner(seen_l.shape).astype(bool)
        best, best_c = 0.0, -2.0
        a = seen_l[inner] - seen_l[inner].mean()
        for sigma in BLURS_PX:
            b = self._as_seen(design, px_per_mm, sigma)[..., 0][inner]
            b = b - b.mean()
            c = float(a @ b / max(np.sqrt((a @ a) * (b @ b)), 1e-9))
            if c > best_c:
                best, best_c = sigma, c
        return best

    def _align(self, seen: np.ndarray, ref: np.ndarray, sigma: float) -> np.ndarray:
        """``seen`` (Lab) shifted onto ``ref`` (the best place of the reference's inner
        part in the card seen, by the correlation of their lightness): the card's
        outline is found to a millimetre or two, its print is finer."""
        m = ALIGN_PX
        ref_l = cv2.GaussianBlur(ref[..., 0], (0, 0), sigma) if sigma else ref[..., 0]
        seen_l = cv2.GaussianBlur(seen[..., 0], (0, 0), sigma) if sigma else seen[..., 0]
        h, w = seen.shape[:2]
        hit = cv2.matchTemplate(seen_l, ref_l[m : h - m, m : w - m], cv2.TM_CCOEFF_NORMED)
        _, _, _, (x, y) = cv2.minMaxLoc(hit)
        dx, dy = x - m, y - m
        if dx == 0 and dy == 0:
            return seen
        shift = np.float32([[1, 0, dx], [0, 1, dy]])
        return cv2.warpAffine(
            seen, shift, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )  # fmt: skip

    def _patch_vectors(self, g: int, px_per_mm: float | None, sigma: float) -> list:
        """Per patch of group ``g``: its members' pixels there (members, pixels × 3),
        each zero mean per channel and unit norm, as the camera sees them (cached)."""
        fine = px_per_mm is None or px_per_mm >= 0.9 * FINE_PX_PER_MM
        key = ("patches", g, 0 if fine else round(px_per_mm * 20), sigma)
        hit = self._soft.get(key)
        if hit is None:
            pics = [self._as_seen(i, px_per_mm, sigma) for i in self.groups[g]]
            hit = [
                _unit(np.stack([p[y0:y1, x0:x1][m] for p in pics]))
                for (x0, y0, x1, y1), m in zip(self.patches[g], self.masks[g], strict=True)
            ]
            self._soft[key] = hit
        return hit

    def judge(
        self, card_bgr: np.ndarray, design: int, *, px_per_mm: float | None = None
    ) -> tuple[list[int], np.ndarray, float]:
        """(the group of ``design``, each member's score, the lead) for ``card_bgr``: the
        card seen, upright, BGR uint8 at ``FINE_PX_PER_MM`` (the deck's ``fine_size``);
        ``px_per_mm`` is the camera's resolution on the card (None: as fine as the
        pictures). A score is the sum over the patches of the correlation of the card
        with the member's picture, on the pixels where the members differ, each patch at
        its best shift; the lead is the best score less the runner-up's."""
        g = self.group_of[design]
        members = self.groups[g]
        seen = fine_lab(card_bgr)
        seen = self._align(seen, self._as_seen(design, px_per_mm, ALIGN_BLUR_PX), 0.0)
        sigma = self._blur(seen[..., 0], design, px_per_mm)
        r = SHIFT_PX
        seen = cv2.copyMakeBorder(seen, r, r, r, r, cv2.BORDER_REPLICATE).reshape(-1, 3)
        scores = np.zeros(len(members))
        for where, cands in zip(self._where[g], self._patch_vectors(g, px_per_mm, sigma),
                                strict=True):  # fmt: skip
            shifted = _unit(seen[where])  # (shifts, pixels, 3)
            scores += (cands @ shifted.T).max(axis=1) * (where.shape[1] / self._mean_px[g]) ** WPOW
        order = np.argsort(scores)[::-1]
        first, second = int(order[0]), int(order[1])
        lead = self._duel(seen, members[first], members[second], px_per_mm, sigma)
        if lead < 0:  # judged on where the two alone differ, the runner-up is nearer
            scores[first], scores[second] = scores[second], scores[first]
        return members, scores, abs(lead)

    def _duel(self, seen: np.ndarray, a: int, b: int, px_per_mm, sigma: float) -> float:
        """How much nearer the card ``seen`` (padded, flat) is to design ``a`` than to
        ``b``, over the pixels where those two differ (summed correlations per patch)."""
        fine = px_per_mm is None or px_per_mm >= 0.9 * FINE_PX_PER_MM
        key = ("duel", a, b, 0 if fine else round(px_per_mm * 20), sigma)
        hit = self._soft.get(key)
        if hit is None:
            pa, pb = self._as_seen(a, px_per_mm, sigma), self._as_seen(b, px_per_mm, sigma)
            differ = np.linalg.norm(self._lab[a] - self._lab[b], axis=-1) > DIFF_DELTA_E
            p = PATCH_PAD_PX
            grown = cv2.dilate(differ.astype(np.uint8), np.ones((2 * p + 1, 2 * p + 1), np.uint8))
            hit = []
            for box, m in zip(self.patches[self.group_of[a]], self.masks[self.group_of[a]],
                              strict=True):  # fmt: skip
                x0, y0, x1, y1 = box
                mine = m & grown[y0:y1, x0:x1].astype(bool)
                if mine.sum() < MIN_PATCH_PX:
                    continue
                pair = _unit(np.stack([pa[y0:y1, x0:x1][mine], pb[y0:y1, x0:x1][mine]]))
                hit.append((_gather(box, mine, self._lab.shape[2]), pair))
            self._soft[key] = hit
        lead = 0.0
        for where, pair in hit:
            ncc = (pair @ _unit(seen[where]).T).max(axis=1)
            lead += float(ncc[0] - ncc[1])
        return lead


def _gather(box, mask: np.ndarray, width: int) -> np.ndarray:
    """Indices (shifts, pixels) into a card padded by ``SHIFT_PX`` and flattened: the
    patch's pixels at each shift up to ``SHIFT_PX`` either way."""
    r = SHIFT_PX
    x0, y0 = box[0], box[1]
    ys, xs = np.nonzero(mask)
    row = width + 2 * r
    base = (ys + y0) * row + (xs + x0)
    offsets = [dy * row + dx for dy in range(2 * r + 1) for dx in range(2 * r + 1)]
    return base[None, :] + np.array(offsets)[:, None]


def _unit(v: np.ndarray) -> np.ndarray:
    """Rows of pixels (rows, k, 3): each channel zero mean, each row unit norm, flat."""
    v = v - v.mean(axis=1, keepdims=True)
    v = v.reshape(len(v), -1)
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6)
