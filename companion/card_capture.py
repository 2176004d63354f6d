"""Registering a deck by camera: each card held under it in turn, cut out, written as
``<id>.png`` (``companion calibrate cards DECK_DIR --camera``).

The frames come from the live camera, a video or images (``devices/frames.py``).
In each frame the cards are found against the plain table (``cards_in_view``: regions
that differ from the frame's border, of the card's shape, whole in view). A card is
taken once it has lain still, alone and uncovered, for ``still_frames`` frames in a row
(``StillCard``); it is then warped upright (``CUT_PX_PER_CARD`` px across), turned the
way up its look-alikes were registered, checked against the designs already written
(the same picture again, or the back: it is refused, naming which) and written as the
design asked for (which design a new card is, nothing here can know). The next
card is taken once the last one has been taken away or moved. A picture already in the
folder is kept: a run that stops (Ctrl-C, the video ends) goes on where it stopped.
Times are frame times (``t_mono`` s); nothing here reads a clock.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .i18n.message import msg
from .sensing.vision.deck import (
    BACK,
    PICTURE_SUFFIXES,
    TWINS,
    _quad,
    card_outline,
    load_deck_file,
    normalise,
    template_size,
    warp_card,
)

#: A pixel further than this from the table's colour (CIELAB ΔE, 8-bit scale) is not table.
NOT_TABLE = 30.0
#: A region smaller than this share of the frame is noise, not a card or a hand.
MIN_REGION_SHARE = 0.004
#: A card's outline: its shape within this of the card's, its rectangle this full.
SHAPE_TOLERANCE = 0.12
MIN_FILL = 0.88
#: What else a frame may show, for people.
AT_EDGE = msg("something at the frame's edge (a hand, or a card partly out of view)")
NOT_A_CARD = msg("something that is not a card (a hand? two cards touching?)")
#: Fewest pixels across a card for a picture worth keeping.
MIN_CARD_PX = 60
#: Corners moving less than this share of the card's width between frames: lying still.
STILL_SHARE = 0.08
#: Frames a card must lie still before it is taken.
STILL_FRAMES = 5
#: Width (px) of the picture written for a card (its height follows its shape).
CUT_PX_PER_CARD = 240
#: Width (px) of the grey pictures compared for the same-card check.
SAME_W = 96
#: Two pictures whose largest local difference, aligned, is below this show the same card.
SAME_PEAK = 0.6
#: Pictures whose templates correlate above this are compared pixel by pixel (a fine
#: pattern, a card's back, may correlate no better than this with itself at template size).
LOOK_ALIKE = 0.5


@dataclass(frozen=True)
class InView:
    """What one frame shows: ``cards`` (corner quads, px, clockwise from the top-left of
    the upright card) and ``others`` (what else is there, for people: ``AT_EDGE``,
    ``NOT_A_CARD``)."""

    cards: tuple[np.ndarray, ...]
    others: tuple[str, ...]


def cards_in_view(image: np.ndarray, aspect: float) -> InView:
    """The cards lying whole in view on a plain table (``aspect``: card height / width)."""
    h, w = image.shape[:2]
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab).astype(np.float32)
    border = np.concatenate([lab[:3].reshape(-1, 3), lab[-3:].reshape(-1, 3),
                             lab[:, :3].reshape(-1, 3), lab[:, -3:].reshape(-1, 3)])  # fmt: skip
    table = np.median(border, axis=0)
    mask = (np.linalg.norm(lab - table, axis=-1) > NOT_TABLE).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cards, others = [], []
    for c in contours:
        area = cv2.contourArea(c)
        if area < MIN_REGION_SHARE * w * h:
            continue
        x, y, bw, bh = cv2.boundingRect(c)
        at_edge = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
        (_, _), (rw, rh), _ = cv2.minAreaRect(c)
        shape = max(rw, rh) / max(min(rw, rh), 1e-6) / aspect
        card_like = abs(shape - 1) <= SHAPE_TOLERANCE and area >= MIN_FILL * rw * rh
        if at_edge:
            others.append(AT_EDGE)
        elif card_like:  # its four corners (perspective), else its box
            cards.append(_quad(c))
        else:
            others.append(NOT_A_CARD)
    return InView(tuple(cards), tuple(others))


def _moved_share(a: np.ndarray, b: np.ndarray) -> float:
    """How far (share of the card's width) the corners of ``b`` lie from those of ``a``,
    whichever corner each outline starts from."""
    width = float(np.linalg.norm(a[1] - a[0]))
    d = min(float(np.abs(a - np.roll(b, k, axis=0)).max()) for k in range(4))
    return d / max(width, 1e-6)


class StillCard:
    """Counts the frames in a row that show one card lying still, alone and uncovered;
    ``update`` returns (the quad when it has lain still for ``still_frames``, what the
    frame shows for people)."""

    def __init__(self, *, still_frames: int = STILL_FRAMES) -> None:
        self.still_frames = still_frames
        self._quad: np.ndarray | None = None
        self._count = 0
        self._taken: np.ndarray | None = None  # the last card taken: wait until it goes

    def update(self, seen: InView) -> tuple[np.ndarray | None, str]:
        if len(seen.cards) != 1 or seen.others:
            self._quad, self._count = None, 0
            if not seen.cards and not seen.others:
                self._taken = None
                return None, msg("no card in view")
            if len(seen.cards) > 1:
                return None, msg("{n} cards in view: show one at a time", n=len(seen.cards))
            return None, seen.others[0]
        quad = seen.cards[0]
        if self._taken is not None:
            if _moved_share(self._taken, quad) < 0.25:
                return None, msg("take the last card away")
            self._taken = None
        if self._quad is not None and _moved_share(self._quad, quad) < STILL_SHARE:
            self._count += 1
        else:
            self._count = 1
        moving = self._quad is not None and self._count == 1
        self._quad = quad
        if self._count >= self.still_frames:
            self._taken, self._quad, self._count = quad, None, 0
            return quad, msg("card lies still")
        return None, msg("card moved: let it lie still") if moving else msg("card in view")


def cut_card(image: np.ndarray, quad: np.ndarray, aspect: float) -> np.ndarray:
    """The card inside ``quad`` warped upright, ``CUT_PX_PER_CARD`` px across."""
    w = CUT_PX_PER_CARD
    return warp_card(image, quad, (w, round(w * aspect)))


@dataclass
class Registered:
    """The pictures taken so far: id -> (template, grey picture) for the same-card check."""

    card_mm: tuple[float, float]
    looks: dict[str, tuple[np.ndarray, np.ndarray]]

    def look(self, picture: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(the recognition template, a grey ``SAME_W`` px picture, zero mean, unit std)
        of an upright card picture."""
        size = template_size(self.card_mm)
        t = normalise(cv2.resize(picture, size, interpolation=cv2.INTER_AREA))
        h = round(SAME_W * self.card_mm[1] / self.card_mm[0])
        g = cv2.resize(picture, (SAME_W, h), interpolation=cv2.INTER_AREA)
        g = cv2.cvtColor(g, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return t, (g - g.mean()) / max(float(g.std()), 1e-6)

    def same_as(self, look: tuple[np.ndarray, np.ndarray]) -> tuple[str | None, bool]:
        """(the id of the registered picture this card is, else None; whether the closest
        look-alike, if any, lies turned by 180° against it). Designs alike as a whole
        (above ``LOOK_ALIKE``) are compared pixel by pixel once aligned: the same card
        differs nowhere by more than ``SAME_PEAK``, a twin differs at its number."""
        t, g = look
        turned, best = False, TWINS
        for did, (other_t, other_g) in self.looks.items():
            for way, v in ((False, t), (True, t[::-1, ::-1])):
                score = float((v * other_t).sum())
                if score < LOOK_ALIKE:
                    continue
                if score > best:
                    best, turned = score, way
                if _peak_difference(g[::-1, ::-1] if way else g, other_g) <= SAME_PEAK:
                    return did, way
        return None, turned


def _peak_difference(a: np.ndarray, b: np.ndarray) -> float:
    """The largest local difference between grey pictures ``a`` and ``b`` (zero mean, unit
    std) once ``a`` is aligned onto ``b`` (ECC, affine): about 0.3 for two pictures of
    one card, 0.9 or more where twins' numbers differ."""
    warp = np.eye(2, 3, dtype=np.float32)
    term = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-4)
    with contextlib.suppress(cv2.error):  # no alignment found: compare them as they are
        _, warp = cv2.findTransformECC(b, a, warp, cv2.MOTION_AFFINE, term, None, 3)
    h, w = b.shape
    aligned = cv2.warpAffine(
        a, warp, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )  # fmt: skip
    e = max(2, w // 24)  # the card's edge: the cut may differ by a pixel or two
    diff = np.abs(aligned - b)[e:-e, e:-e]
    return float(cv2.GaussianBlur(diff, (0, 0), 0.05 * w).max())


def _existing(folder: Path, did: str) -> Path | None:
    return next(
        (folder / f"{did}{s}" for s in PICTURE_SUFFIXES if (folder / f"{did}{s}").is_file()),
        None,
    )


def pending(folder: Path) -> tuple[list[tuple[str, str]], int]:
    """([(id, what to show)] still without a picture, back first; the number of pictures
    the deck needs in all)."""
    _, designs = load_deck_file(folder)
    steps: list[tuple[str, str]] = [(BACK, msg("the back of any card"))]
    for k, d in enumerate(designs, start=1):
        data = ", ".join(f"{key} {value}" for key, value in d.data.items())
        what = msg("card {k} of {n}: {id}", k=k, n=len(designs), id=d.id)
        steps.append((d.id, msg("{what} ({data})", what=what, data=data) if data else what))
    todo = [(did, what) for did, what in steps if _existing(folder, did) is None]
    return todo, len(steps)


class CaptureStopped(Exception):
    """The frames ended (or the wait ran out) before every card was shown."""


def capture_deck(
    folder: str | Path,
    frames: Iterable,
    say: Callable[[str], None],
    *,
    still_frames: int = STILL_FRAMES,
    wait_s: float = 120.0,
) -> list[str]:
    """Guide through the cards of ``folder`` without a picture, taking each from
    ``frames`` (objects with ``image`` and ``t_mono``); returns the ids written. Raises
    ``CaptureStopped`` (what is done is kept) when the frames end or no card is taken
    within ``wait_s`` seconds of frame time; ``DeckError`` for a bad deck.toml."""
    root = Path(folder)
    data, _ = load_deck_file(root)
    card_mm = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    aspect = card_mm[1] / card_mm[0]
    todo, _ = pending(root)
    reg = Registered(card_mm, {})
    for did, path in taken_pictures(root):
        image = cv2.imread(path)
        quad = card_outline(image, aspect) if image is not None else None
        if quad is not None:  # else registration names the picture afterwards
            reg.looks[did] = reg.look(cut_card(image, quad, aspect))
    written: list[str] = []
    stream = iter(frames)
    tracker = StillCard(still_frames=still_frames)
    for did, what in todo:
        say(msg("show {what}", what=what))
        started, last = None, ""
        while True:
            frame = next(stream, None)
            if frame is None:
                raise CaptureStopped(msg("the frames ended before {id} was shown", id=did))
            started = frame.t_mono if started is None else started
            if frame.t_mono - started > wait_s:
                raise CaptureStopped(msg("no card taken for {id} in {s:g} s", id=did, s=wait_s))
            quad, state = tracker.update(cards_in_view(frame.image, aspect))
            if quad is not None:
                small = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0]))
                if small < MIN_CARD_PX:
                    state = msg(
                        "the card is only {px:.0f} px across (at least {least}): bring the"
                        " camera closer",
                        px=small,
                        least=MIN_CARD_PX,
                    )
                    quad = None
            if quad is not None:
                picture = cut_card(frame.image, quad, aspect)
                look = reg.look(picture)
                same, turned = reg.same_as(look)
                if same == BACK:
                    state = msg("that is the back: turn the card over")
                elif same is not None:
                    state = msg(
                        "that card is {same}, already registered: show {id}", same=same, id=did
                    )
                else:
                    if turned:  # the way up its look-alike was taken: twins line up
                        picture = picture[::-1, ::-1].copy()
                        look = reg.look(picture)
                    path = root / f"{did}.png"
                    if not cv2.imwrite(str(path), picture):
                        raise OSError(msg("cannot write {path}", path=str(path)))
                    reg.looks[did] = look
                    written.append(did)
                    say(msg("  got {id}: wrote {file}; take the card away", id=did, file=path.name))
                    break
            if state != last and state not in ("card in view", "card lies still"):
                say(msg("  {state}", state=state))
            last = state
    return written


def taken_pictures(folder: Path) -> list[tuple[str, str]]:
    """[(id, path)] of the pictures already in the folder (back and designs)."""
    _, designs = load_deck_file(folder)
    out = []
    for did in [BACK, *(d.id for d in designs)]:
        p = _existing(folder, did)
        if p is not None:
            out.append((did, str(p)))
    return out
