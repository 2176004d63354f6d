"""HiLo from the camera: what changed on the table becomes the turn's records.

Pure: it keeps the camera's settled view of every card slot (camera slot -> label and
card, ``seen``) and, given the engine's state, answers each observation with a
``Reaction``: records to submit (one at a time; the rules still check each, and the
next is judged on the state it makes), every warning now standing, and questions for
the players when the camera cannot tell two legal turns apart.

It judges only *quiet* views (``table_diff``): every slot read clearly, no card half
moved. What changed against the record then names the turn:

- the discard pile's first card (``upturn``); each player's starting card (``reveal``);
  a starting Magician taken off and a new card in its place (``redraw``);
- a slot of the player on turn shows the discard pile's top card and the discard pile
  the card that left the slot: took the discard (``take``);
- a slot shows a new card, the discard pile the slot's old one: drew and exchanged
  (``draw``, ``exchange``); the same design as the discard top could be either: asked;
- the discard pile shows a new card while the layout is unchanged: drew and discarded
  (``draw``, ``discard``), then the face-down card turned over (``reveal``);
- two slots in two layouts changed places: the Magician's spell (``spell``); two
  face-down cards exchanged look the same before and after: the camera follows which
  slots were emptied meanwhile;
- the Phoenix's extra card (``reveal``); at the end every face-down card shown
  (``uncover``), remembered even if it is turned face down again above a Magician.

A face the card reader is not sure of comes with the designs it may be (``candidates``):
the record, the deck and the rules narrow them down (``unsure``). One legal record left:
it is recorded; several: the players choose on the tablet, a button each.

Anything else is a warning saying what to put back, and nothing is recorded until the
table agrees with the rules: cards swapped or moved within a layout (the layout rule),
a card put into another player's layout, a spell or a reveal owed but not made. After
an undo nothing is proposed until the table shows the record again.

Where each part lives: ``camera_memory`` (what the camera saw of every slot and what it
saw happen since the last record), ``turn_reading`` (the turn: take, draw, exchange,
discard), ``phase_reading`` (the setup, the spell, the reveals, the end), ``unsure`` (a
face read unsure: its candidates narrowed down and tried in turn); here the
observations come in, each view is judged and the reactions go out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import IllegalAction, MalformedRecord
from ...games.hilo.engine import apply
from ...games.hilo.names import DECIDE, REDRAW, REVEAL, SETUP, SPELL, TURN, UNCOVER, UPTURN
from ...games.hilo.record import parse_action
from ...games.hilo.state import GameState
from ...games.hilo.summary import describe
from ...i18n.message import msg
from ...sensing.observations import BoardLost, CellsChanged, Observation
from .camera_memory import STALE, CameraMemory
from .phase_reading import PhaseReading
from .putting_right import restore_words
from .seen import DISCARD, FACE, UNKNOWN, CardsSeen
from .table_diff import Seen, diff
from .turn_reading import Record, TurnReading
from .unsure import Verdict, possible, readings, settle_by_record


@dataclass(frozen=True, slots=True)
class Reaction:
    """What the camera referee makes of one observation (the shape of the others')."""

    submit: tuple[Record, ...] = ()  # records, in order, for the rules to check
    #: every warning now standing (replaces the previous): messages (``companion.i18n``)
    warnings: tuple[str, ...] = ()
    #: {"label", "records"}: the players choose one (the label a message); its records are
    #: entered in order, and what follows from the table then is judged afresh (possibly
    #: asked again)
    asks: tuple[dict[str, Any], ...] = ()


@dataclass
class HiloCamera(CameraMemory, PhaseReading, TurnReading):
    """Follows one game of HiLo through the camera; one per game. What it remembers of
    the table is ``CameraMemory``'s; the phases are read by ``PhaseReading`` and
    ``TurnReading``; here the observations come in, the views are judged (the unsure
    faces' readings tried in turn) and the reactions go out."""

    lost: bool = False
    watches_after_the_end: bool = False
    hand_on_scale: bool = False  # the shape of the scale referee's (no scale here)
    last_settled: None = None
    faulty: frozenset[str] = frozenset()
    _restoring: bool = False  # after an undo: until the table shows the record again
    _view: dict[str, Seen] = field(default_factory=dict)  # the view being judged
    #: the question asked about unsure faces: (the state then, {record: the faces it reads})
    _asked: tuple | None = None
    _proposed: tuple | None = None
    _warnings: tuple[str, ...] = ()
    _asks: tuple[dict[str, Any], ...] = ()
    #: other records the view being judged may make as well as its first (``_turn``)
    _also: list[Record] = field(default_factory=list)

    # -- entry points ----------------------------------------------------------------

    def observe(self, obs: Observation, state: GameState) -> Reaction:
        """React to one observation, given the game as the rules see it now."""
        match obs:
            case CardsSeen(layout=layout, slots=slots) if layout.startswith("hilo"):
                self.lost = False
                for s in slots:
                    label = UNKNOWN if s.occluded else s.label
                    card = s.card if label == FACE else None
                    cands = s.candidates if label == FACE and card is None else ()
                    self._see(s.slot, label, card, state, cands)
                self._see_hands(state)
            case CellsChanged(layout=layout, changes=changes) if layout.startswith("hilo"):
                self.lost = False
                for ch in changes:
                    self._see(ch.cell, ch.after, None, state)
                self._see_hands(state)
            case BoardLost(layout=layout) if layout.startswith("hilo"):
                self.lost = True
        return self._judge(state)

    def after_change(self, state: GameState) -> Reaction:
        """Look again after an action was accepted (from the camera or the tablet)."""
        self._epoch += 1  # a Magician redrawn leaves the very same state: a new one all the same
        self._take_answer(state)
        return self._judge(state)

    def tick(self, t_mono: float, state: GameState) -> Reaction:
        """Nothing here waits on time: the standing warnings and questions stay."""
        return Reaction(warnings=self._warnings, asks=self._asks)

    def tablet_action(self) -> None:
        """An action entered on the tablet: judged afresh by ``after_change``. The faces
        the camera sees but cannot name are named by the record from now on."""
        self._restoring = False
        self._name_faces()

    def _take_answer(self, state: GameState) -> None:
        """If the action just accepted answers the question about unsure faces, the faces
        are what that answer reads them as (the players named them by tapping it)."""
        asked, self._asked = self._asked, None
        if asked is None:
            return
        before, answers = asked
        for record, faces in answers:
            try:
                if apply(before, parse_action(record)) != state:
                    continue
            except (IllegalAction, MalformedRecord, ValueError):
                continue
            for slot, card in faces.items():
                if self.seen.get(slot) == (FACE, None):
                    self.seen[slot] = (FACE, card)
                    self._cands.pop(slot, None)
            return

    def undone(self, state: GameState) -> Reaction:
        """Actions were undone: nothing is proposed until the table shows the record."""
        self._epoch += 1
        self._restoring = True
        self._proposed = None
        return self._judge(state)

    def accept_table(self, state: GameState) -> Reaction:
        """The players confirm the table as it is: the referee looks afresh."""
        self._restoring = False
        self._name_faces()
        self._proposed = None
        return self._judge(state)

    # -- judging ---------------------------------------------------------------------

    def _judge(self, state: GameState) -> Reaction:
        self._remember(state)
        if state.finished or self.lost:
            return Reaction(warnings=self._warnings if self.lost else ())
        seen = self.seen
        if self._stale_top == STALE and DISCARD not in self._disturbed:
            seen = {**seen, DISCARD: (FACE, STALE)}  # not named, and has not changed since
        if state.phase == UNCOVER:
            seen = {**seen, **self._turned_down_again(state, seen)}
        top = self._stale_top if self._stale_top is not None else state.top
        view, open_ = settle_by_record(state, seen, self._cands, self._disturbed, top)
        if open_:
            reaction = self._judge_readings(state, view, open_)
            if reaction is not None:
                return reaction
        records, warnings, asks, _ = self._read(state, view)
        alternatives = [r for r in self._also if _legal(state, r)]
        if records and alternatives and _legal(state, records[0]):
            # the camera cannot tell these apart: the players choose, a button each
            asks = (*asks, *(_button(r) for r in (records[0], *alternatives)))
            records = []
        return self._done(state, records, warnings, asks)

    def _judge_readings(self, state: GameState, view, open_: list[str]) -> Reaction | None:
        """The open slots' candidates tried in turn (``unsure``); None when none is
        possible (or there are too many): the view is then judged as it is."""
        memory = (self._discarded_first, self._cleared, self._restoring)
        judged = []  # (reading, record, warnings, asks, quiet, guess) of the legal readings
        restored = False
        lists = possible(state, view, open_, self._cands)
        for reading in readings(state, view, open_, lists):
            self._discarded_first, self._cleared, self._restoring = memory
            records, warnings, asks, quiet = self._read(state, reading)
            restored |= memory[2] and not self._restoring
            guess = all(reading[o][1] == self._cands[o][0] for o in open_)
            if not records:
                judged.append((reading, None, warnings, asks, quiet, guess))
                continue
            for record in (records[0], *self._also):  # each legal one a reading of its own
                if _legal(state, record):
                    judged.append((reading, record, warnings, asks, quiet, guess))
        # no hand seen at the draw pile this turn but the discard pile's top seen lifted: no
        # draw, unless the reader's own guesses make one (then the camera may have missed
        # the hand, and nothing is ruled out). Without the top seen lifted either, the
        # camera has seen neither the draw nor the take: both stay.
        drawn = [j for j in judged if j[1] is not None and j[1]["type"] == "draw"]
        if not self._pile_touched and self._top_lifted and not any(j[5] for j in drawn):
            judged = [j for j in judged if j not in drawn]
        verdict = Verdict()
        first: dict[str, dict[str, Seen]] = {}  # a record -> the first reading making it
        faces: dict[str, dict[str, set]] = {}  # a record -> open slot -> the faces read
        for reading, record, warnings, asks, quiet, guess in judged:
            if not quiet:
                verdict.add(None, [], [])
                continue
            verdict.add(record, warnings, asks, guess=guess)
            if record is not None:
                first.setdefault(repr(record), reading)
            # a reading that asks about a record may be what a tap on it means as well as
            # one that makes it: the faces named by the tap are those all of them agree on
            for made in [record] if record is not None else [a["records"][0] for a in asks]:
                seen = faces.setdefault(repr(made), {o: set() for o in open_})
                for o in open_:
                    seen[o].add(reading[o][1])
        self._discarded_first, self._cleared, self._restoring = memory
        if restored:
            self._restoring = False  # a reading of the table that shows the record again
        if not (verdict.records or verdict.waiting or verdict.warned):
            return None
        settled = verdict.settled
        if settled is not None:
            _, warnings, asks, _ = self._read(state, first[repr(settled)])
            return self._done(state, [settled], warnings, asks)
        # the guesses' reading waits: the turn may be under way, unless it asks itself
        if verdict.records and (not verdict.guess_waits or verdict.guess_asks):
            ranked = sorted(verdict.records, key=lambda r: r != verdict.guessed)  # guess first
            asks = [_button(r) for r in ranked]
            # a tapped answer names the faces every reading making it agrees on
            named = [{o: next(iter(v)) for o, v in faces[repr(r)].items() if len(v) == 1}
                     for r in ranked]  # fmt: skip
            self._asked = (state, list(zip(ranked, named, strict=True)))
            both = verdict.asks + asks if verdict.guess_asks else asks + verdict.asks
            unique = [a for k, a in enumerate(both) if a["records"] not in
                      [b["records"] for b in both[:k]]]  # fmt: skip
            return self._done(state, [], [], tuple(unique))
        return self._done(state, [], verdict.common_warnings(), tuple(verdict.asks))

    def _read(self, state: GameState, view: dict[str, Seen]):
        """What ``view`` makes of the turn: (records, warnings, asks, quiet); other
        records it may make as well in ``_also``."""
        self._view = view
        self._also = []
        d = diff(state, view, self._named)
        if self._restoring:
            if d.quiet and not d.changes and not d.discard_changed:
                self._restoring = False
            else:
                return [], restore_words(state, d), (), True
        if not d.quiet:
            extra = []
            if d.unnamed and all(view.get(s, (UNKNOWN,))[0] != UNKNOWN for s in d.unnamed):
                extra.append(
                    msg(
                        "The camera sees a card face up on {slots} but cannot tell which: enter"
                        " the turn on the tablet",
                        slots=", ".join(d.unnamed),
                    )
                )
            return [], extra or list(self._warnings), self._asks, False
        warnings: list[str] = []
        asks: list[dict[str, Any]] = []
        if self._stale_top is not None and d.seen_top == (FACE, self._stale_top):
            warnings.append(
                msg(
                    "The draw pile ran out: shuffle the discard pile and lay it face down as the"
                    " new draw pile (the discard pile starts again with the next card discarded)"
                )
            )
            return [], warnings, (), True
        handler = {
            UPTURN: self._upturn,
            SETUP: self._setup,
            REDRAW: self._redraw,
            TURN: self._turn,
            DECIDE: self._decide,
            REVEAL: self._reveal,
            SPELL: self._spell,
            UNCOVER: self._uncover,
        }[state.phase]
        records = handler(state, d, warnings, asks)
        return records, warnings, tuple(asks), True

    def _done(self, state, records, warnings, asks) -> Reaction:
        self._warnings = tuple(warnings)
        self._asks = tuple(asks)
        submit: tuple[Record, ...] = ()
        if records:
            proposal = (self._key, records[0])
            if proposal != self._proposed:
                self._proposed = proposal
                submit = (records[0],)
        return Reaction(submit, self._warnings, self._asks)


def _button(record: Record) -> dict[str, Any]:
    """A question's button that enters ``record``."""
    return {"label": describe(parse_action(record)), "records": [record]}


def _legal(state: GameState, record: Record) -> bool:
    """Whether the rules accept ``record`` now."""
    try:
        apply(state, parse_action(record))
    except (IllegalAction, MalformedRecord, ValueError):
        return False
    return True
