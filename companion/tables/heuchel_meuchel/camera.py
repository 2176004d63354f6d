"""Frames -> the card observations Heuchel & Meuchel's referee reads, and the deal as laid.

``CardCamera`` reads each frame's card slots with a registered deck (``CardReader``) and
settles them with the ``ChangeTracker``: a square's new label (a card's id, ``back`` or
``empty``) is reported once it read the same over several clear frames, nothing near it
covered by a hand. It reads the die in its tray too (``die``): ``DieSeen`` with the
number once the die lies still, None the moment it moves. ``ready_deck`` writes and
registers the generated deck of the game (``companion calibrate cards --ready
heuchel-meuchel`` does the same in a folder of your choice).

``DealReader`` follows the setup: each player lays his six cards on their starting
squares, a stack card by card, so the camera sees each card before the next covers it.
The order a square's cards were seen in is its stack, bottom first.
"""

from __future__ import annotations

import math
from pathlib import Path

from ...games.heuchel_meuchel.names import CARDS, CARDS_PER_PLAYER, START_OF
from ...games.heuchel_meuchel.text import card_words
from ...i18n.message import Msg, clauses, msg, nmsg
from ...sensing.observations import BoardLost, CellsChanged, DieSeen, Observation
from .cells import EMPTY, FACE, parse_cell

LAYOUT = "heuchel-meuchel"
#: A card reading this sure counts towards settling a square. The generated deck's twins
#: (one class, values differing in the printed number only) are often read right with a
#: small margin (0.1 to 0.5 at 1.1 px/mm); the wrong readings measured had under 0.03.
#: Three frames in a row must agree besides (the change tracker).
MIN_CONFIDENCE = 0.05


def ready_deck(folder: str | Path):
    """The generated Heuchel & Meuchel deck, written into ``folder`` and registered."""
    from ...devices.card_art import write_ready_deck
    from ...sensing.vision.deck import register

    write_ready_deck(LAYOUT, folder)
    return register(folder)


class CardCamera:
    """One stream of frames of the board -> ``CellsChanged``/``BoardLost`` observations."""

    def __init__(
        self,
        deck,
        *,
        model=None,
        min_confidence: float = MIN_CONFIDENCE,
        layout: str | Path = LAYOUT,
    ) -> None:
        """``layout``: the shipped layout's name or a layout file (a table's own copy with
        its ``[tray]`` where its die tray stands)."""
        from ...sensing.vision.blocks import DieSettle
        from ...sensing.vision.card_reader import CardReader
        from ...sensing.vision.changes import ChangeTracker
        from ...sensing.vision.layout import load_layout
        from .die import tray_of

        self.layout = load_layout(layout)
        #: where the die is thrown (the layout's ``[tray]``), board mm
        self.tray = tray_of(self.layout)
        self.reader = CardReader(self.layout, deck, model=model, stream=True)
        self.colours_from = f"cards of the deck {deck.name!r}"
        self.min_confidence = min_confidence
        self.tracker = ChangeTracker(self.layout, min_confidence=min_confidence)
        #: the die in its tray (the dice variant): read each frame, told once it settles
        self.die = TrayDie(DieSettle(self.layout.name))
        self._neutral = None
        if self.layout.neutral is not None:
            import numpy as np

            from ...sensing.vision.colour import hex_to_linear_rgb

            n = self.layout.neutral
            (cx, cy), (w, h) = n.centre_mm, n.size_mm
            box = (cx - w / 2 + 3, cy - h / 2 + 3, cx + w / 2 - 3, cy + h / 2 - 3)
            self._neutral = (box, hex_to_linear_rgb(n.colour).astype(np.float32))

    def feed(self, image, t_mono: float) -> Observation | list[Observation] | None:
        """One frame (BGR) taken at ``t_mono`` s: the observation it makes certain (the
        squares' ``CellsChanged``/``BoardLost``, and ``DieSeen`` when the die in the tray
        settles or moves: then a list), or None."""
        from ...sensing.vision.reader import BoardReading
        from .die import read_die

        board, cards = self.reader.read(image)
        labels = BoardReading(
            board.layout,
            board.status,
            cells={k: square_reading(v, self.min_confidence) for k, v in cards.items()},
        )
        obs = self.tracker.update(labels, t_mono)
        if not board.ok:
            return obs
        reading = read_die(image, board.pose, tray=self.tray, neutral=self._neutral, with_turn=True)
        die = self.die.update(reading, t_mono)
        if not die:
            return obs
        return [obs, *die] if obs is not None else die

    def current(self, t_mono: float) -> CellsChanged:
        """Every square as the camera has settled on it, as one observation: for a referee
        that starts (a new game) while the camera has been watching all along."""
        from ...sensing.observations import CellChange

        changes = tuple(
            CellChange(cell, "unknown", label, 1.0)
            for cell, label in self.tracker.state().items()
            if label is not None
        )
        return CellsChanged(t_mono, self.layout.name, changes)


def square_reading(card, min_confidence: float = MIN_CONFIDENCE):
    """One slot's ``CardReading`` as the change tracker takes it (a ``CellReading``): the
    design's id when it is named at ``min_confidence`` or more; a card face up whose design
    is named less surely (twins the camera sees too coarsely to tell apart, often below
    0.03) as ``face``, at ``min_confidence``: surely a card face up, and which one the
    record knows. The referee fits ``face`` to any card face up and asks the tablet where
    that is not enough. Before, such a square never settled, nor any square within the
    tracker's guard of it: in the demo (seed 134) Ana's card moved from row 7 to row 8
    read as L6 at 0.027 there, and neither square was ever reported."""
    from ...sensing.vision.classify import CellReading

    if card.label == FACE and card.card is not None and card.confidence < min_confidence:
        return CellReading(FACE, min_confidence, card.occluded)
    return CellReading(card.card or card.label, card.confidence, card.occluded)


def settle_die(settle, reading: tuple, t_mono: float) -> list:
    """One frame's die ``reading`` (face, centre mm, why: ``die.read_die``) through
    ``settle`` (a ``DieSettle``): the ``DieSeen`` it makes certain. A die not seen whole
    (under a hand, tumbling, half covered) or not seen at all (a hand or an arm over the
    whole tray, or the die picked up) counts as hidden: it was thrown only if it then lies
    elsewhere or shows another face. A hand brushing it, or a player's arm over the tray
    while he moves his cards, is no throw: in the demo an arm hid the tray during Ben's
    move and the die, back as it lay, was taken for Ana's roll (seeds 101 and 105)."""
    face, centre, why = reading
    if face is None:
        why = "in a hand"
    return settle.update(face, centre, why, t_mono)


#: The die seen again after it was hidden, showing the same face where it lay but turned
#: by more than this (degrees; a square's turn, modulo 90), was picked up: thrown. A die
#: lying still reads its turn within 1.1 degrees over frames (the demo's frames); seed
#: 103 threw a 4 2.4 mm from the last 4 and turned by 5.2 degrees.
TURNED_DEG = 4.0
#: Frames in a row (as ``DieSettle``'s) the die lies still in before its turn counts.
STILL_FRAMES = 3


def _turned(a: float, b: float) -> float:
    """How far apart two turns of a square are (degrees, 0 to 45)."""
    d = abs(a - b) % 90.0
    return min(d, 90.0 - d)


class TrayDie:
    """The die in its tray, frame by frame -> ``DieSeen`` (``settle_die`` through
    ``settle``, a ``DieSettle``), and one throw ``DieSettle`` cannot see: the die, hidden
    (a hand, tumbling), then lying still showing the same face within 2.5 mm of where it
    lay, but turned by more than ``TURNED_DEG``. Such a throw was tapped in the demo (seed
    103: a 4 again, 0.7 mm from the last 4); a hand passing over the die, or brushing it
    without turning it, is still no throw."""

    def __init__(self, settle) -> None:
        self.settle = settle
        self._told_turn: float | None = None  # the turn when a face was last told
        self._hidden = False  # hidden since then
        self._still: list[tuple[str, tuple[float, float], float]] = []  # the last frames

    def update(self, reading: tuple, t_mono: float) -> list:
        """One frame's ``read_die(..., with_turn=True)``: the ``DieSeen`` it makes certain."""
        face, centre, why, turn = reading
        out = settle_die(self.settle, (face, centre, why), t_mono)
        if face is None or turn is None:
            self._hidden, self._still = True, []
            return out
        self._still = [*self._still[-(STILL_FRAMES - 1) :], (face, centre, turn)]
        if any(d.colour is not None for d in out):  # a face told: remember its turn
            self._told_turn, self._hidden = turn, False
            return out
        still = len(self._still) == STILL_FRAMES and all(
            f == face and math.dist(c, centre) < 1.5 and _turned(a, turn) < 2.0
            for f, c, a in self._still
        )
        if not still:
            return out
        if self._hidden and self._told_turn is not None:
            if _turned(turn, self._told_turn) > TURNED_DEG:
                layout = self.settle.layout
                out = [*out, DieSeen(t_mono, layout, None, "turned"), DieSeen(t_mono, layout, face)]
            self._told_turn = turn
        self._hidden = False
        return out


def live_camera(state, decks, layouts=None) -> CardCamera | None:
    """The camera pipeline for a game under way: the cards read with the registered deck
    of Heuchel & Meuchel (``companion run --deck DIR``) on the table's own layout file
    where it gives one (``layouts``: by the shipped layout each replaces, ``companion run
    --layout FILE``); None without a deck, so the shared reader tells face from back and
    the tablet asks which card."""
    deck = decks.get(LAYOUT)
    layout = (layouts or {}).get(LAYOUT, LAYOUT)
    return CardCamera(deck, layout=layout) if deck is not None else None


class DealReader:
    """The deal as the camera sees it being laid, for ``players`` players."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.seen: dict[tuple[int, int], list[str]] = {}  # (seat, row) -> cards, bottom first
        self.lost = False

    def observe(self, obs: Observation) -> None:
        match obs:
            case CellsChanged(layout=layout, changes=changes) if layout == LAYOUT:
                self.lost = False
                for ch in changes:
                    where = parse_cell(ch.cell)
                    if where is None:
                        continue
                    pile = self.seen.setdefault(where, [])
                    if ch.after == EMPTY:
                        pile.clear()  # taken back up: laid again from the start
                    elif ch.after in CARDS and (not pile or pile[-1] != ch.after):
                        if ch.after in pile:  # a card lifted off the one above it
                            del pile[pile.index(ch.after) + 1 :]
                        else:
                            pile.append(ch.after)
            case BoardLost(layout=layout) if layout == LAYOUT:
                self.lost = True

    def stacks(self) -> list[list[list[str]]]:
        """Per seat, its stacks top card first, lowest row first."""
        out: list[list[list[str]]] = [[] for _ in range(self.players)]
        for (seat, _row), pile in sorted(self.seen.items()):
            if pile and seat < self.players:
                out[seat].append(list(reversed(pile)))
        return out

    def problems(self) -> list[Msg]:
        """What keeps the deal as seen from being a legal start, in words (messages,
        ``companion.i18n``); [] when ready."""
        out: list[Msg] = []
        counts = [0] * self.players
        where: dict[str, list[str]] = {}
        for (seat, row), pile in sorted(self.seen.items()):
            for c in pile:
                where.setdefault(c, []).append(f"c{seat + 1}r{row}")
                if seat >= self.players:
                    out.append(
                        clauses(
                            [
                                msg(
                                    "{card} lies in column {column}: nobody plays it",
                                    card=card_words(c),
                                    column=seat + 1,
                                )
                            ]
                        )
                    )
                    continue
                counts[seat] += 1
                if START_OF[c] != row:
                    out.append(
                        clauses(
                            [
                                msg(
                                    "{card} lies on row {row} of column {column}; its starting"
                                    " square is row {start}",
                                    card=card_words(c),
                                    row=row,
                                    column=seat + 1,
                                    start=START_OF[c],
                                )
                            ]
                        )
                    )
        for c, cells in where.items():
            if len(cells) > 1:
                out.append(
                    clauses(
                        [
                            msg(
                                "{card} is seen on {squares}: it is dealt once",
                                card=card_words(c),
                                squares=", ".join(cells),
                            )
                        ]
                    )
                )
        for seat, n in enumerate(counts):
            if n != CARDS_PER_PLAYER:
                out.append(
                    nmsg(
                        "Column {column} holds {n} card; each player lays {each}",
                        "Column {column} holds {n} cards; each player lays {each}",
                        n,
                        column=seat + 1,
                        n=n,
                        each=CARDS_PER_PLAYER,
                    )
                )
        return out

    def start_record(self, players: list[str], *, dice: bool = False) -> dict:
        """The ``start`` record of the deal as laid; ``ValueError`` naming what is wrong."""
        if len(players) != self.players:
            raise ValueError(f"the deal was read for {self.players} players, not {len(players)}")
        problems = self.problems()
        if problems:
            raise ValueError("; ".join(problems))
        stacks = dict(zip(players, self.stacks(), strict=True))
        out = {"type": "start", "game": LAYOUT, "players": players, "stacks": stacks}
        if dice:
            out["dice"] = True
        return out
