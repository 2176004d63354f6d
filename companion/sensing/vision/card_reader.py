"""Which card lies in each card slot: face, back or empty, the design, how sure, covered.

Per frame, after the board is located (``BoardReader``: markers, pose, and the colour
tests that find hands): every card slot no hand covers is cut out of the frame, upright,
at ``SLOT_PX_PER_MM``; the card is the one card-shaped region there that is not bare mat
(``find_card``: its four corners, any turn, shifted anywhere in the slot). No such
region and little that is not mat: ``empty``; something else (half a card, a hand the
tests let pass): ``unknown``. The card is warped upright both ways up (a card turned by
180° reads the same) and compared with every registered template and the back
(correlation of zero-mean colour, so lamp brightness and tint fall out). Twins, designs
alike but for a few small patches, are told apart on those patches (``twins.py``). The
``confidence`` is the margin over the runner-up: a reading below ``CONFIDENT`` is a
guess, never a fact. In a stream, a slot whose crop has not changed keeps its reading;
with ``evidence=True`` an unsure twin lying still is read again in the next frames (fresh
sensor noise) and named surely once those frames agree (``twin_evidence.py``); until
then it is named by its frames' twin scores added up (``TwinTally``), still unsure."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .classify import _neighbours
from .deck import BACK, DeckError, RegisteredDeck, _upright, fine_size, normalise, warp_card
from .layout import EMPTY, UNKNOWN, Layout
from .reader import OK, BoardReader, BoardReading
from .still_mat import StillMat
from .twin_evidence import MAX_FRAMES, TwinEvidence, TwinLook
from .twins import TwinJudge
from .twins_in_frame import FrameTwinJudge

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
#: A region too big for a card is peeled by 2 px (crop scale) at most this many times: the
#: blur of a soft frame spreads a light card's edge over the mat around it.
HALO_PEELS = 2
#: A card's rectangle is at least this full of not-mat pixels (print the mat's colour
#: leaves holes).
MIN_FILL = 0.6
#: A card with no closed outline (its edge barely off the mat): what is not mat fills at
#: least this share of its rectangle, and it must match a design this well.
FAINT_FILL = 0.45
FAINT_MIN_SCORE = 0.6
#: Less than this share of a card's area not mat: the slot is empty.
EMPTY_SHARE = 0.12
#: Below this correlation with every template, a card is none of the deck's designs.
MIN_SCORE = 0.45
#: Correlation margin over the runner-up that makes a reading certain (confidence 1).
FULL_MARGIN = 0.12
#: The same on the region where twins differ.
FULL_TWIN_MARGIN = 0.2
#: The same for twins told apart on their patches (``twins.py``: the lead, 1 for a card
#: exactly its picture, 0 halfway to the runner-up's).
FULL_PATCH_MARGIN = 0.3
#: An unsure twin's candidates: its group's designs whose patch score (``twins.py``) is
#: within this of the best.
CANDIDATE_PATCH_MARGIN = 0.12
#: Twins left unsure where the camera sees the card more coarsely than this (px per mm)
#: are judged again in the frame's own pixels (``twins_in_frame.py``; finer, the cut-out
#: alone does as well: measured on held-out H&M boards, seeds 50001-50022)...
FRAME_BELOW_PX_PER_MM = 0.9
#: ... their scores
#: there plus this share of the cut-out's patch scores (less their mean) ...
FRAME_PATCH_WEIGHT = 0.5
#: ... a lead of this over the runner-up makes the reading certain (confidence 1; at
#: 0.15, an L3 at 0.73 px/mm and 0.87 px of blur was named L1 surely, its lead 0.145: the
#: largest lead of a wrong twin over 100 H&M layouts, seeds 10001-10199 odd; the next was
#: 0.11, while 1875 of 3061 right ones led by 0.18 or more) ...
FULL_FRAME_MARGIN = 0.2
#: ... and the candidates of an unsure one are the members within this of the best.
CANDIDATE_FRAME_MARGIN = 0.1
#: In a stream, each slot is first compared in grey at this scale (px per board mm) ...
THUMB_PX_PER_MM = 1.0
#: ... and a slot whose small grey crop changed by no more than this many levels
#: anywhere keeps its last reading (not read again).
SAME_SLOT_LEVELS = 24
#: In a stream, a board whose corners moved by no more than this (frame px) since the
#: pose the slots were last cut with keeps that pose (``CardReader._hold_pose``).
STILL_PX = 1.0
#: Pixels (template scale) the back is shifted to find its pattern.
SHIFT_TEMPLATE_PX = 3
#: A reading at least this confident is a fact; below, a guess (``card`` may be wrong).
CONFIDENT = 0.9


@dataclass(frozen=True, slots=True)
class CardReading:
    """One slot: ``label`` (face, back, empty or unknown), ``card`` (the design's id when
    face up and named, else None), ``confidence`` 0..1, ``occluded`` (a hand covers it),
    ``candidates``: for a face named below ``CONFIDENT``, the designs it may be, best
    first (``card`` among them; twins the camera cannot resolve there), else empty."""

    label: str
    card: str | None
    confidence: float
    occluded: bool = False
    candidates: tuple[str, ...] = ()

    @property
    def sure(self) -> bool:
        """Whether the reading is a fact (confidence at least ``CONFIDENT``)."""
        return self.confidence >= CONFIDENT

    def to_json(self) -> dict:
        return {
            "label": self.label,
            "card": self.card,
            "confidence": self.confidence,
            "occluded": self.occluded,
            "candidates": list(self.candidates),
        }


@dataclass
class TwinTally:
    """One still slot's unsure twin over a stream's frames: its group's ``members``
    (deck indices) and their twin scores added up, each frame's scores less their mean and
    in units of that frame's sure margin (so a frame judged on the cut-out and one judged
    in the frame's pixels weigh alike); ``near``: the same for the candidates' margin.
    The name of an unsure twin is the best total: one frame's sensor noise and where its
    pixels fell on the print decide less than several frames together."""

    members: tuple[int, ...]
    total: np.ndarray
    near: float
    frames: int = 1

    def add(self, other: TwinTally) -> bool:
        """Add one frame's tally; False (nothing added) for another group."""
        if other.members != self.members:
            return False
        self.total = self.total + other.total
        self.near += other.near
        self.frames += 1
        return True

    def ranked(self) -> list[int]:
        """The members within ``near`` of the best total, best first (deck indices)."""
        order = np.argsort(self.total)[::-1]
        top = self.total[order[0]] - self.near
        return [self.members[i] for i in order if self.total[i] >= top]


def card_slots(layout: Layout) -> tuple[str, ...]:
    """The ids of the layout's cells that take cards."""
    return tuple(
        c.id for c in layout.cells if any(layout.pieces[p].shape == "card" for p in c.pieces)
    )


class CardReader:
    """Reads the card slots of ``layout`` with a registered ``deck`` (one per stream or
    per picture; ``stream=True`` lets the board reader remember rings, as at the table;
    ``evidence=True``, in a stream: an unsure twin lying still is judged over frames,
    ``twin_evidence.py``)."""

    def __init__(
        self,
        layout: Layout,
        deck: RegisteredDeck,
        *,
        model=None,
        stream: bool = False,
        evidence: bool = False,
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
        self._judge = TwinJudge(deck)
        self._in_frame = FrameTwinJudge(self._judge)
        self._fine_size = fine_size(deck.card_mm)
        fw, fh = self._fine_size
        self._fine_corners = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
        cw, ch = deck.card_mm
        self._card_area = cw * ch * SLOT_PX_PER_MM**2
        self._card_px = (cw * SLOT_PX_PER_MM, ch * SLOT_PX_PER_MM)
        self._close = np.ones((5, 5), np.uint8)
        self._peel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        self._aspect = ch / cw
        self.stream = stream
        #: per slot, in a stream: (its crop small and grey, its reading) when last read
        self._last: dict[str, tuple[np.ndarray, CardReading]] = {}
        #: in a stream: (the board reading, the pose its slots were cut with)
        self._held: tuple[BoardReading, np.ndarray] | None = None
        #: [the last frame, it in grey]: readers of one frame's mats share one
        #: (``table_reader.py``), so the frame is turned grey once
        self.grey_once: list = [None, None]
        self._own_grey = self.grey_once
        #: slots read afresh in the last frame (the rest kept their reading)
        self.reread: tuple[str, ...] = ()
        #: in a stream: the mat's look at its last calm full reading (``still_mat.py``);
        #: ``keep_still`` False reads every frame in full (slower; where the two can
        #: differ: docs/cards.md, "Known limits")
        self._still = StillMat(layout)
        self.keep_still = True
        #: ``evidence``: per slot holding an unsure twin, the frames gathered on it
        self.evidence = evidence and stream
        self._evidence: dict[str, TwinEvidence] = {}
        #: ``evidence``: per slot holding an unsure twin, its frames' scores added up
        self._tally: dict[str, TwinTally] = {}
        self._before_recheck: dict[str, tuple] = {}
        #: unchanged slots read again in the last frame for their evidence
        self.rechecked: tuple[str, ...] = ()
        #: per card slot, the card slots beside it (within 1.6 slot sizes)
        ids = [c.id for c in layout.cells]
        near = dict(zip(ids, _neighbours(layout), strict=True))
        self._near = {
            s: tuple(n for n in (ids[j] for j in near[s]) if n in self.slots) for s in self.slots
        }

    def read(self, image: np.ndarray | None) -> tuple[BoardReading, dict[str, CardReading]]:
        """The board reading of ``image`` and a ``CardReading`` per card slot (none when
        the board is not found)."""
        located = None
        if self.stream and self.keep_still and self._still.armed and _readable(image):
            located = self.board.locate(image)
            kept = self._kept_still(image, located)
            if kept is not None:
                return kept
        board = self.board.read(image, located=located)
        if not board.ok:
            self._last.clear()
            self._evidence.clear()
            self._tally.clear()
            self._held = None
            self._still.forget()
            return board, {}
        out, reread, still = {}, [], []
        if self.stream:
            self._hold_pose(board)
        # in a stream, each slot is first compared small and in grey (a twelfth of the
        # pixels of its colour crop)
        grey = self._grey(image) if self.stream else None
        for cell_id in self.slots:
            r = board.cells[cell_id]
            if r.occluded:
                out[cell_id] = CardReading(UNKNOWN, None, 1.0, occluded=True)
                self._last.pop(cell_id, None)
                self._evidence.pop(cell_id, None)
                self._tally.pop(cell_id, None)
                continue
            small = None if grey is None else self._thumbnail(grey, board, cell_id)
            last = self._last.get(cell_id)
            if last is not None and small is not None and _unchanged(small, last[0]):
                out[cell_id] = last[1]
                if cell_id in self._evidence or cell_id in self._tally:
                    still.append(cell_id)
                continue
            reread.append(cell_id)
            got, look, tally = self._read_cell(image, board, cell_id)
            if got.label == EMPTY and r.label != EMPTY:
                # one colour over the whole crop, but not the mat's (at the cell's centre,
                # or at most of the slot: ``mat_colour.py``): a hand or a sheet over it
                got = CardReading(UNKNOWN, None, 1.0, occluded=True)
            out[cell_id] = got
            if self.stream:
                self._last[cell_id] = (small, got)
            self._evidence.pop(cell_id, None)
            self._tally.pop(cell_id, None)
            if self.evidence and got.label == "face" and not got.sure and look is not None:
                self._evidence[cell_id] = TwinEvidence([look])
                if tally is not None:
                    self._tally[cell_id] = tally
        self.reread = tuple(reread)
        self.rechecked = self._recheck(image, board, still, out)
        _beside_a_hand(out, self._near)
        if self.grey_once is self._own_grey:
            self._own_grey[:] = [None, None]  # a caller may fill the same array next frame
        if self.stream and self.keep_still:
            self._remember_still(image, board, out)
        return board, out

    def _kept_still(
        self, image: np.ndarray, located: tuple
    ) -> tuple[BoardReading, dict[str, CardReading]] | None:
        """In a stream, the last calm reading again when the mat lies where it lay (the
        held pose) and its pixels did not change (``still_mat.py``): the board reading
        with this frame's markers and pose; else None (read in full)."""
        markers, pose, _status = located
        if pose is None or self._held is None:
            return None
        held = self._held[1]
        if _moved_px(self.layout, held, pose.board_to_image) > STILL_PX:
            return None
        kept = self._still.kept_if_same(self._still.look(image, held))
        if kept is None:
            return None
        before, cards = kept
        board = BoardReading(
            before.layout, OK, markers, pose, dict(before.cells), before.white_balance
        )
        self._held = (board, held)
        self.reread = self.rechecked = ()
        self._before_recheck = {}
        return board, dict(cards)

    def _remember_still(
        self, image: np.ndarray, board: BoardReading, out: dict[str, CardReading]
    ) -> None:
        """After a full reading in a stream: keep it with the mat's look when it is calm
        (no cell covered, no slot covered or unknown, no ring about to take a new look, no
        twin gathering evidence), else keep none (``still_mat.py``)."""
        memory = self.board.memory
        calm = (
            not self._evidence
            and (memory is None or memory.settled)
            and not any(c.occluded for c in board.cells.values())
            and all(not r.occluded and r.label != UNKNOWN for r in out.values())
        )
        if calm and self._held is not None:
            self._still.remember(self._still.look(image, self._held[1]), (board, dict(out)))
        else:
            self._still.forget()

    def unsettle(self) -> None:
        """Read the next frame in full (a table found a hand on this mat after its reader
        read it, ``table_reader.py``)."""
        self._still.forget()

    def _read_cell(
        self, image: np.ndarray, board: BoardReading, cell_id: str
    ) -> tuple[CardReading, TwinLook | None, TwinTally | None]:
        """One slot of ``image`` read afresh: its reading, a twin's look and tally."""
        crop = self._crop(image, board, cell_id)
        px_per_mm = _scale_at(board.pose.board_to_image, self.layout.cell(cell_id).centre_mm)
        return self._read_slot(
            crop,
            px_per_mm=px_per_mm,
            frame=image,
            crop_to_image=self._crop_to_image(board, cell_id)[0],
        )

    def _recheck(
        self,
        image: np.ndarray,
        board: BoardReading,
        still: list[str],
        out: dict[str, CardReading],
    ) -> tuple[str, ...]:
        """The unsure twins lying still (``still``, with evidence or a tally gathered) read
        again in this frame, up to ``MAX_FRAMES`` frames; each named surely once its frames
        agree (``twin_evidence.py``), in ``out`` and from now on; until then named, unsure,
        by its frames' scores added up (``TwinTally``). A slot beside a covered one waits
        (fingers reaching past a hand hide small patches). The slots read again."""
        covered = {s for s, r in out.items() if r.occluded}
        done = []
        self._before_recheck = {}
        for cell_id in still:
            ev, tally = self._evidence.get(cell_id), self._tally.get(cell_id)
            frames = max(ev.frames if ev else 0, tally.frames if tally else 0)
            if frames >= MAX_FRAMES or covered.intersection(self._near[cell_id]):
                continue
            done.append(cell_id)
            self._before_recheck[cell_id] = (self._last[cell_id], ev)
            got, look, seen = self._read_cell(image, board, cell_id)
            if ev is not None and (got.label != "face" or not ev.add(look)):
                del self._evidence[cell_id]  # the frames disagree: no evidence
                ev = None
            if tally is not None and (got.label != "face" or seen is None or not tally.add(seen)):
                del self._tally[cell_id]
                tally = None
            design = None if ev is None else ev.sure_design()
            if design is not None:
                named = CardReading("face", self.deck.ids[design], CONFIDENT)
                del self._evidence[cell_id]
                self._tally.pop(cell_id, None)
            elif tally is not None:
                named = self._tallied(tally, self._last[cell_id][1])
            else:
                continue
            self._last[cell_id] = (self._last[cell_id][0], named)
            out[cell_id] = named
        return tuple(done)

    def _tallied(self, tally: TwinTally, last: CardReading) -> CardReading:
        """An unsure twin named by its ``tally`` (the frames' scores added up), no surer
        than the ``last`` reading: a guess still, with the tally's candidates."""
        ranked = tally.ranked()
        best = ranked[0]
        if best == self._back or self.deck.ids[best] == last.card:
            return last
        top = np.sort(tally.total)[::-1]
        lead = float(np.clip((top[0] - top[1]) / tally.frames, 0, 1))
        return self._face(best, round(min(lead, last.confidence), 3), ranked)

    def undo_recheck(self) -> None:
        """Take back what the last frame's evidence did (a table found a hand across the
        mat after its reader read it, ``table_reader.py``): each slot read again keeps
        its reading as before and its evidence starts afresh when it changes."""
        for cell_id, (last, _ev) in self._before_recheck.items():
            self._last[cell_id] = last
            self._evidence.pop(cell_id, None)
            self._tally.pop(cell_id, None)
        self._before_recheck = {}

    def _grey(self, image: np.ndarray) -> np.ndarray:
        """``image`` in grey, converted once however many readers share ``grey_once`` (a
        table's reader empties it after each frame)."""
        once = self.grey_once
        if once[0] is not image:
            once[:] = [image, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)]
        return once[1]

    def _crop_to_image(self, board: BoardReading, cell_id: str) -> tuple[np.ndarray, tuple]:
        """The homography from a slot's crop (px) to the frame (px), and the crop's size."""
        cell = self.layout.cell(cell_id)
        w_mm = cell.size_mm[0] - 2 * SLOT_INSET_MM
        h_mm = cell.size_mm[1] - 2 * SLOT_INSET_MM
        x0, y0 = cell.centre_mm[0] - w_mm / 2, cell.centre_mm[1] - h_mm / 2
        s = SLOT_PX_PER_MM
        crop_to_board = np.array([[1 / s, 0, x0], [0, 1 / s, y0], [0, 0, 1]])
        held = self._held
        to_image = held[1] if held is not None and held[0] is board else board.pose.board_to_image
        return to_image @ crop_to_board, (round(w_mm * s), round(h_mm * s))

    def _hold_pose(self, board: BoardReading) -> None:
        """In a stream, the pose the slots are cut with: the last one kept while the
        board's corners moved by no more than ``STILL_PX`` (the markers found in sensor
        noise jitter by a fraction of a pixel, and every card's edge with them, which
        would make slots that did not change look changed)."""
        now = board.pose.board_to_image
        if self._held is not None and _moved_px(self.layout, self._held[1], now) <= STILL_PX:
            now = self._held[1]
        self._held = (board, now)

    def _thumbnail(self, grey: np.ndarray, board: BoardReading, cell_id: str) -> np.ndarray:
        """A slot's crop from the ``grey`` frame at ``THUMB_PX_PER_MM``, as ``int16``: what
        ``_unchanged`` compares (warped straight to that size: no colour crop to shrink)."""
        m, (w, h) = self._crop_to_image(board, cell_id)
        k = SLOT_PX_PER_MM / THUMB_PX_PER_MM
        small = cv2.warpPerspective(
            grey,
            m @ np.diag([k, k, 1.0]),
            (round(w / k), round(h / k)),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )
        return small.astype(np.int16)

    def _crop(self, image: np.ndarray, board: BoardReading, cell_id: str) -> np.ndarray:
        m, size = self._crop_to_image(board, cell_id)
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
        what, quad, _faint = self._find_card(crop)
        return what, quad

    def _find_card(self, crop: np.ndarray) -> tuple[str, np.ndarray | None, bool]:
        """``find_card``, and whether the card's outline was faint (its own edge barely
        off the mat: then only a close match with a design counts)."""
        lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)  # 8-bit scale
        diff = np.linalg.norm(lab - _mat_plane(lab), axis=-1)
        mask = (diff > NOT_MAT).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        area = float(mask.sum())
        if area < EMPTY_SHARE * self._card_area:
            return EMPTY, None, False
        # the card's printed ground may be the mat's colour: its outline holds it all
        closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, self._close)
        for _ in range(HALO_PEELS + 1):
            contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if not contours:
                return UNKNOWN, None, False
            outline = max(contours, key=cv2.contourArea)
            rect = cv2.minAreaRect(outline)
            if _area(rect) <= AREA_RANGE[1] * self._card_area:
                break
            # too big: a blurred frame's halo round a light card, specks joined to it
            closed = cv2.erode(closed, self._peel)
        faint = False
        if cv2.contourArea(outline) < MIN_FILL * _area(rect):
            # no closed outline: all that is not mat together, if it fills a card
            hull = cv2.convexHull(np.concatenate(contours))
            rect = cv2.minAreaRect(hull)
            if area < FAINT_FILL * _area(rect) or cv2.contourArea(hull) < 0.9 * _area(rect):
                return UNKNOWN, None, False
            faint = True
        (rw, rh) = rect[1]
        if min(rw, rh) < 1:
            return UNKNOWN, None, False
        ratio = rw * rh / self._card_area
        shape = max(rw, rh) / min(rw, rh) / self._aspect
        if not (AREA_RANGE[0] <= ratio <= AREA_RANGE[1]) or abs(shape - 1) > SHAPE_TOLERANCE:
            return UNKNOWN, None, False
        # the card's own size (the pose gives it), at the place and turn found: the
        # not-mat region reaches past a card's edge by the blur
        cw, ch = self._card_px
        size = (cw, ch) if rw < rh else (ch, cw)
        box = cv2.boxPoints((rect[0], size, rect[2]))
        return "card", _upright(box.astype(np.float32)), faint

    def _shifted_score(self, card: np.ndarray, design: int) -> float:
        """The correlation of a card (template form) with ``design``'s template, at the
        best shift up to ``SHIFT_TEMPLATE_PX`` either way (a fine pattern, like a back's
        lattice, is lost by a small misplacement of the outline)."""
        m = SHIFT_TEMPLATE_PX
        t = self.deck.templates[design][m:-m, m:-m]
        hit = cv2.matchTemplate(card, t, cv2.TM_CCORR)
        # the template's inner part holds most of its norm; the card's part under it too
        own = float(np.sqrt((t**2).sum()))
        win = cv2.boxFilter((card**2).sum(axis=-1), -1, t.shape[1::-1], normalize=False)
        h, w = t.shape[:2]
        win = win[h // 2 : h // 2 + hit.shape[0], w // 2 : w // 2 + hit.shape[1]]
        return float((hit / np.maximum(own * np.sqrt(np.maximum(win, 1e-12)), 1e-9)).max())

    def read_slot(
        self,
        crop: np.ndarray,
        *,
        px_per_mm: float | None = None,
        frame: np.ndarray | None = None,
        crop_to_image: np.ndarray | None = None,
    ) -> CardReading:
        """The reading of one upright slot crop (BGR uint8, ``SLOT_PX_PER_MM``);
        ``px_per_mm``: the camera's own resolution there (None: as fine as the crop);
        ``frame`` and ``crop_to_image`` (the crop's px -> the frame's px): the frame the
        crop was cut from, where twins left unsure are judged again in its own pixels
        (``twins_in_frame.py``)."""
        return self._read_slot(crop, px_per_mm=px_per_mm, frame=frame,
                               crop_to_image=crop_to_image)[0]  # fmt: skip

    def _read_slot(
        self,
        crop: np.ndarray,
        *,
        px_per_mm: float | None = None,
        frame: np.ndarray | None = None,
        crop_to_image: np.ndarray | None = None,
    ) -> tuple[CardReading, TwinLook | None, TwinTally | None]:
        """``read_slot``, and for a card named among its twins that frame's ``TwinLook``
        (the design named, its group, the lead, the group's confidence) and
        ``TwinTally``."""
        what, quad, faint = self._find_card(crop)
        if quad is None:
            return CardReading(what, None, 1.0 if what == EMPTY else 0.5), None, None
        least = FAINT_MIN_SCORE if faint else MIN_SCORE
        upright = normalise(warp_card(crop, quad, self._size))
        ways = [upright, upright[::-1, ::-1]]  # the card as found, and turned by 180°
        vecs = np.stack([v.reshape(-1) for v in ways])
        scores = vecs @ self._flat.T  # (2 ways, templates)
        way = int(np.argmax(scores.max(axis=1)))
        row = scores[way]
        if row.max() < least:
            # no design matches: the back's fine lattice may lie a few pixels off (seen at
            # 0.6 to 0.8 px/mm, a back scored 0.10 to 0.14 where it lay, 0.69 to 0.76 at its
            # best shift, while faces scored 0.14 to 0.20 as the best of every design)
            back = self._back
            row[back] = max(row[back], *(self._shifted_score(v, back) for v in ways))
        order = np.argsort(row)[::-1]
        best, second = int(order[0]), int(order[1])
        margin = float(row[best] - row[second])
        group = self._judge.twins_of(best)
        if group:  # twins: the whole card says which group, its patches which of them
            rest = np.delete(row, group)
            conf = float(np.clip((row[best] - rest.max()) / FULL_MARGIN, 0, 1))
            card = warp_card(crop, np.roll(quad, 2 * way, axis=0), self._fine_size)
            members, on_patches, lead = self._judge.judge(card, best, px_per_mm=px_per_mm)
            twin_conf = lead / FULL_PATCH_MARGIN
            near_margin, unit = CANDIDATE_PATCH_MARGIN, FULL_PATCH_MARGIN
            coarse = px_per_mm is not None and px_per_mm < FRAME_BELOW_PX_PER_MM
            if twin_conf < CONFIDENT and frame is not None and coarse:
                fine_to_crop = cv2.getPerspectiveTransform(
                    self._fine_corners, np.roll(quad, 2 * way, axis=0).astype(np.float32)
                )
                seen = self._in_frame.judge_frame(
                    frame, crop_to_image @ fine_to_crop, best, px_per_mm=px_per_mm
                )
                if seen is not None:  # the frame's own pixels, with the cut-out's word
                    on_patches = seen[1] + FRAME_PATCH_WEIGHT * (on_patches - on_patches.mean())
                    top = np.sort(on_patches)[::-1]
                    twin_conf = (top[0] - top[1]) / FULL_FRAME_MARGIN
                    near_margin, unit = CANDIDATE_FRAME_MARGIN, FULL_FRAME_MARGIN
            best = members[int(np.argmax(on_patches))]
            look = TwinLook(best, tuple(members), float(twin_conf), conf, coarse)
            conf = round(min(conf, float(np.clip(twin_conf, 0, 1))), 3)
            if row[best] < least:
                return CardReading(UNKNOWN, None, round(float(1 - row[best]), 3)), None, None
            if best == self._back:
                return CardReading("back", None, conf), None, None
            near = on_patches.max() - near_margin
            order = [members[i] for i in np.argsort(on_patches)[::-1] if on_patches[i] >= near]
            tally = TwinTally(
                tuple(members), (on_patches - on_patches.mean()) / unit, near_margin / unit
            )
            return self._face(best, conf, order), look, tally
        twins = {j: w for j, w in self._twins.get(best, []) if row[best] - row[j] < FULL_MARGIN}
        full = FULL_MARGIN
        near = [int(i) for i in order if row[i] >= row[best] - FULL_MARGIN]
        if twins:  # alike but for a region (a deck without fine pictures)
            where = np.max(np.stack(list(twins.values())), axis=0)
            cands = [best, *twins]
            on_region = _weighted(ways[way], self.deck.templates[cands], where)
            ranked = np.argsort(on_region)[::-1]
            best = cands[int(ranked[0])]
            margin = float(on_region[ranked[0]] - on_region[ranked[1]])
            full = FULL_TWIN_MARGIN
            near = [cands[int(i)] for i in ranked if on_region[i] >= on_region[ranked[0]] - full]
        if row[best] < least:  # a card's shape, but none of the deck's faces nor its back
            return CardReading(UNKNOWN, None, round(float(1 - row[best]), 3)), None, None
        conf = round(float(np.clip(margin / full, 0, 1)), 3)
        if best == self._back:
            return CardReading("back", None, conf), None, None
        return self._face(best, conf, near), None, None

    def _face(self, best: int, conf: float, near: list[int]) -> CardReading:
        """A face reading of design ``best``; below ``CONFIDENT``, with the designs
        ``near`` it (best first, the back left out) as its candidates."""
        card = self.deck.ids[best]
        if conf >= CONFIDENT:
            return CardReading("face", card, conf)
        rest = [self.deck.ids[i] for i in near if i not in (best, self._back)]
        return CardReading("face", card, conf, candidates=(card, *dict.fromkeys(rest)))


def _beside_a_hand(cards: dict[str, CardReading], near: dict[str, tuple[str, ...]]) -> None:
    """An unsure card (below ``CONFIDENT``) beside a covered slot is reported covered too,
    in ``cards`` (slot -> reading): a hand is one thing, and the fingers that reach past
    the covered slot hide the small patches that tell twins apart (on rendered H&M tables
    with a hand: 6 of 622 covered slots were read as an unsure twin, each beside a covered
    slot; the tests did not see those fingers)."""
    covered = {s for s, r in cards.items() if r.occluded}
    if not covered:
        return
    for slot, r in cards.items():
        if r.label in ("face", "back") and not r.sure and covered.intersection(near[slot]):
            cards[slot] = CardReading(UNKNOWN, None, 1.0, occluded=True)


def _moved_px(layout: Layout, before: np.ndarray, now: np.ndarray) -> float:
    """How far (frame px) the board's corners lie apart under the homographies ``before``
    and ``now`` (board mm -> frame px), at most."""
    w, h = layout.size_mm
    corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], float)
    a = cv2.perspectiveTransform(corners, before)[0]
    b = cv2.perspectiveTransform(corners, now)[0]
    return float(np.linalg.norm(b - a, axis=1).max())


def _readable(image) -> bool:
    """Whether ``image`` is a frame ``BoardReader.read`` reads (BGR ``uint8``, 16 px or more)."""
    return (
        isinstance(image, np.ndarray)
        and image.ndim == 3
        and image.shape[2] == 3
        and image.dtype == np.uint8
        and min(image.shape[:2]) >= 16
    )


def _unchanged(now: np.ndarray, before: np.ndarray) -> bool:
    """Whether a slot looks as it did (grey levels within ``SAME_SLOT_LEVELS`` at every
    point of its small crop, sensor noise and a little light change allowed)."""
    if now.shape != before.shape:
        return False
    diff = np.abs(now - before)
    return int(diff.max()) <= SAME_SLOT_LEVELS and float(diff.mean()) <= SAME_SLOT_LEVELS / 6


def _mat_plane(lab: np.ndarray) -> np.ndarray:
    """The bare mat's colour (H, W, 3) across a slot crop (CIELAB): a plane in x and y
    fitted to the crop's border (a lamp or a glare lights a slot unevenly), fitted again
    without the border points further than ``NOT_MAT`` from it (a card reaching the
    border); a single colour, the border's median, where the plane does not hold."""
    h, w = lab.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w]
    border = np.zeros((h, w), bool)
    border[:2], border[-2:], border[:, :2], border[:, -2:] = True, True, True, True
    design = np.c_[np.ones(border.sum()), xs[border] / w, ys[border] / h]
    values = lab[border]
    keep = np.ones(len(values), bool)
    for _ in range(2):
        if keep.sum() < 10:
            return np.broadcast_to(np.median(values, axis=0), lab.shape)
        coef, *_ = np.linalg.lstsq(design[keep], values[keep], rcond=None)
        keep = np.linalg.norm(design @ coef - values, axis=1) <= NOT_MAT
    grid = np.stack([np.ones((h, w)), xs / w, ys / h], axis=-1)
    return (grid @ coef).astype(np.float32)


def _area(rect) -> float:
    return float(rect[1][0] * rect[1][1])


def _scale_at(board_to_image: np.ndarray, at_mm) -> float:
    """Image px per board mm at the board point ``at_mm`` (the square root of the area
    scale of the homography there)."""
    x, y = at_mm
    pts = np.array([[[x, y], [x + 1.0, y], [x, y + 1.0]]])
    u = cv2.perspectiveTransform(pts, board_to_image)[0]
    (ax, ay), (bx, by) = u[1] - u[0], u[2] - u[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))


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
