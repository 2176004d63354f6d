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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import IllegalAction, MalformedRecord
from ...games.hilo import queries as q
from ...games.hilo.engine import apply
from ...games.hilo.names import (
    DECIDE,
    MAGICIAN,
    REDRAW,
    REVEAL,
    SETUP,
    SLOTS,
    SPELL,
    TURN,
    UNCOVER,
    UPTURN,
)
from ...games.hilo.record import parse_action
from ...games.hilo.state import EMPTY as EMPTY_SPOT
from ...games.hilo.state import GameState
from ...games.hilo.summary import describe
from ...i18n.message import Msg, msg
from ...sensing.observations import BoardLost, CellsChanged, Observation
from .putting_right import explain, foreign, owed, put_backs, restore_words
from .seen import (
    BACK,
    DISCARD,
    DRAW,
    EMPTY,
    FACE,
    UNKNOWN,
    CardsSeen,
    camera_slot,
    engine_slot,
    slot_words,
)
from .table_diff import Change, Diff, Seen, diff, what
from .unsure import Verdict, possible, readings, settle_by_record

Record = dict[str, Any]
STALE = "the old top"  # the reshuffled discard pile's top, a face the camera did not name


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


def _key(state: GameState) -> tuple:
    """What identifies a game state for the referee's memories."""
    return (
        state.phase,
        state.turn_no,
        state.current,
        state.layouts,
        state.discard,
        state.pile_size,
        state.drawn,
        state.setup_left,
        state.pile_known,
        state.reshuffles,
    )


@dataclass
class HiloCamera:
    """Follows one game of HiLo through the camera; one per game."""

    seen: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    lost: bool = False
    watches_after_the_end: bool = False
    hand_on_scale: bool = False  # the shape of the scale referee's (no scale here)
    last_settled: None = None
    faulty: frozenset[str] = frozenset()
    _key: tuple | None = None  # the state the memories below belong to
    _emptied: set[str] = field(default_factory=set)  # slots seen empty since then
    _discarded_first: str | None = None  # the discard top seen new before any slot changed
    _cleared: bool = False  # redraw: the Magician's spot was seen empty
    _pile_touched: bool = False  # a hand was over the draw pile (or it was lifted)
    _discard_moved: bool = False  # the discard pile showed something else meanwhile
    #: the discard pile's top seen lifted this turn (``_see_discard``); ``_beneath``: a face
    #: read unsure that may be the card beneath it seen, before the layout changed
    _beneath: bool = False
    _top_lifted: bool = False
    _shown: dict[tuple[int, int], str] = field(default_factory=dict)  # uncover: faces seen
    #: uncover: face-down cards seen face up but read unsure: their candidates (kept when
    #: the card above or below a Magician is turned face down again)
    _shown_unsure: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    _stale_top: str | None = None  # the old discard top still lying after a reshuffle
    _restoring: bool = False  # after an undo: until the table shows the record again
    _named: set[str] = field(default_factory=set)  # unnamed faces the tablet named
    #: slots seen as a face the reader is not sure of: the designs it may be
    _cands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _disturbed: set[str] = field(default_factory=set)  # seen changing since then
    _view: dict[str, Seen] = field(default_factory=dict)  # the view being judged
    #: the question asked about unsure faces: (the state then, {record: the faces it reads})
    _asked: tuple | None = None
    _proposed: tuple | None = None
    _epoch: int = 0  # actions accepted or undone since the referee began
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
            case CellsChanged(layout=layout, changes=changes) if layout.startswith("hilo"):
                self.lost = False
                for ch in changes:
                    self._see(ch.cell, ch.after, None, state)
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

    def _name_faces(self) -> None:
        self._named |= {k for k, (label, card) in self.seen.items() if label == FACE and not card}

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

    # -- memory ----------------------------------------------------------------------

    def _see(
        self, slot: str, label: str, card: str | None, state: GameState, cands: tuple = ()
    ) -> None:
        self._remember(state)
        if self.seen.get(slot) != (label, card) or self._cands.get(slot, ()) != cands:
            self._named.discard(slot)
        self.seen[slot] = (label, card)
        if cands:
            self._cands[slot] = tuple(cands)
        else:
            self._cands.pop(slot, None)
        if state.phase == UNCOVER:
            self._see_uncovered(slot, label, card, state, cands)
        if label == EMPTY:
            self._emptied.add(slot)
        self._disturbed.add(slot)  # the camera saw it change
        if slot == DISCARD and (label, card) != (FACE, state.top) and state.top not in cands:
            self._discard_moved = True
        if slot == DISCARD and state.phase == TURN and state.discard:
            self._see_discard(state, label, card, cands)
        if slot == DRAW and label in (UNKNOWN, EMPTY):
            self._pile_touched = True
        if slot == DISCARD and label == EMPTY and self._stale_top is not None:
            self._stale_top = None
            self._pile_touched = False  # that was the reshuffle

    def _see_uncovered(
        self, slot: str, label: str, card: str | None, state: GameState, cands: tuple
    ) -> None:
        """At the end: a face-down card seen face up is remembered (surely named, or its
        candidates), in case it is turned face down again above or below a Magician."""
        where = engine_slot(slot)
        if where is None or where[0] >= state.n or state.layouts[where[0]][where[1]] is not None:
            return
        if label == FACE and card is not None:
            self._shown[where] = card
            self._shown_unsure.pop(where, None)
        elif label == FACE and cands:
            self._shown_unsure[where] = tuple(cands)
        elif label == BACK and where in self._shown_unsure:
            self._cands[slot] = self._shown_unsure[where]  # read as shown (``_judge``)

    def _see_discard(self, state: GameState, label: str, card: str | None, cands) -> None:
        """The discard pile seen anew during a turn: the first step of a take (the top
        lifted: what lay beneath shows, before the player's layout changes), or the last
        (the card that left the slot put there). Nothing, or the card beneath read surely
        (another design than the top's), is the top lifted; a face read unsure that may be
        the card beneath is, once the discard pile shows something else again."""
        if self._beneath:
            self._top_lifted = True
            return
        if not self._layout_as_recorded(state):
            return
        under = state.discard[-2] if len(state.discard) >= 2 else None
        if label == EMPTY or (label == FACE and card is not None and card == under != state.top):
            self._top_lifted = True
        elif label == FACE and card is None and under in cands:
            self._beneath = True

    def _layout_as_recorded(self, state: GameState) -> bool:
        """Whether the camera sees the layout of the player on turn as the record has it
        (a face read unsure agrees where the recorded card is among its candidates)."""
        seat = state.current
        for i, rec in enumerate(state.layouts[seat]):
            cam = camera_slot(seat, i)
            label, card = self.seen.get(cam, (UNKNOWN, None))
            if rec is None:
                ok = label == BACK
            elif not rec:  # the spot a Magician left at setup
                ok = label == EMPTY
            else:
                ok = label == FACE and (
                    card == rec or (card is None and rec in self._cands.get(cam, (rec,)))
                )
            if not ok:
                return False
        return True

    def _remember(self, state: GameState) -> None:
        """Forget what belonged to an earlier state."""
        key = (*_key(state), self._epoch)
        if key == self._key:
            return
        had_discard = bool(self._key[4]) if self._key is not None else False
        drew = self._key is not None and self._key[0] == TURN and state.phase == DECIDE
        self._key = key
        self._discard_moved = False
        self._beneath = self._top_lifted = False
        if not drew:  # a card lifted before the draw was seen still counts
            self._emptied = set()
            self._disturbed = set()
        self._cleared = False
        self._pile_touched = False
        self._discarded_first = None
        if state.phase != UNCOVER:
            self._shown, self._shown_unsure = {}, {}
        if had_discard and not state.discard:
            seen = self.seen.get(DISCARD)
            if seen and seen[0] == FACE:
                # the reshuffled pile's top still lies there (a face not named: STALE)
                self._stale_top = seen[1] or STALE

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

    def _turned_down_again(self, state: GameState, seen) -> dict[str, Seen]:
        """The face-down cards shown read unsure and turned face down again: faces."""
        out = {}
        for (seat, i), cands in self._shown_unsure.items():
            cam = camera_slot(seat, i)
            if seen.get(cam, (UNKNOWN, None))[0] == BACK and state.layouts[seat][i] is None:
                self._cands[cam] = cands
                out[cam] = (FACE, None)
        return out

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
                seen = faces.setdefault(repr(record), {o: set() for o in open_})
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

    # -- the phases --------------------------------------------------------------------

    def _upturn(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        if d.changes:
            foreign(state, d.changes, warnings)
            warnings.append(
                msg("Turn over the discard pile's first card before the starting cards")
            )
            return []
        label, card = d.seen_top
        return [{"type": "upturn", "card": card}] if label == FACE else []

    def _setup(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        if d.discard_changed:
            warnings.append(
                msg("The discard pile should show {what}: put it back", what=what(d.top))
            )
        out = []
        for seat in sorted({c.seat for c in d.changes}):
            mine = d.of(seat)
            name = state.players[seat]
            if seat not in state.setup_left:
                warnings.append(
                    msg(
                        "{who} has turned over a starting card already: {backs}",
                        who=name,
                        backs=put_backs(state, mine),
                    )
                )
            elif len(mine) > 1 or mine[0].rec is not None or mine[0].card is None:
                warnings.append(
                    msg(
                        "{who} turns over one starting card only: {backs}",
                        who=name,
                        backs=put_backs(state, mine),
                    )
                )
            else:
                c = mine[0]
                slot = SLOTS[c.slot]
                out.append({"type": "reveal", "player": name, "slot": slot, "card": c.card})
        return out[:1] if not warnings else []

    def _redraw(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        spot = state.layouts[seat].index(EMPTY_SPOT)
        name = state.players[seat]
        others = tuple(c for c in d.changes if (c.seat, c.slot) != (seat, spot))
        if others:
            foreign(state, others, warnings)
            return []
        if camera_slot(seat, spot) in self._emptied:
            self._cleared = True
        mine = [c for c in d.changes if (c.seat, c.slot) == (seat, spot)]
        if not mine:
            return []
        if not self._cleared:
            if mine[0].card and state.catalogue.kind(mine[0].card) == MAGICIAN:
                return []  # the Magician still lies there: the page says what to do
            self._cleared = True
        if mine[0].card is None:
            warnings.append(
                msg(
                    "{who}'s new card goes face up on {slot}: turn it over",
                    who=name,
                    slot=slot_words(seat, spot),
                )
            )
            return []
        return [{"type": "redraw", "player": name, "card": mine[0].card}]

    def _turn(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.besides(seat):
            foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        top_label, top_card = d.seen_top
        if not mine:
            same = self._lifted_like(state, d.top)
            if not d.discard_changed and same is not None and self._discard_moved:
                # a card exchanged for one of its own design: only the hands tell
                if self._pile_touched:
                    return [{"type": "draw", "player": name, "card": d.top}]
                return [_take(name, SLOTS[same], d.top)]
            if not d.discard_changed and same is not None and not self._pile_touched:
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for the {card} on {slot}",
                            who=name,
                            card=d.top,
                            slot=SLOTS[same],
                        ),
                        "records": [_take(name, SLOTS[same], d.top)],
                    }
                )
            if not d.discard_changed or top_label != FACE:
                return []  # nothing yet, or the discard top taken up
            if len(state.discard) >= 2 and top_card == state.discard[-2] and not self._pile_touched:
                self._discarded_first = top_card  # the top taken up, or the same design
                return []  # discarded: wait for the turned-over card to tell
            self._discarded_first = top_card
            return [{"type": "draw", "player": name, "card": top_card}]
        if len(mine) > 1:
            explain(state, mine, warnings, own=True)
            return []
        c = mine[0]
        if c.card is None:
            explain(state, mine, warnings, own=True)
            return []
        slot = SLOTS[c.slot]
        draw = {"type": "draw", "player": name, "card": c.card}
        drawable = q.possible_from_pile(state)
        if not d.discard_changed and c.card == d.top and c.rec is None and self._discard_moved:
            # the discard top taken, and the face-down card was one like it
            if self._pile_touched:
                return [draw]
            return [_take(name, slot, d.top)]
        if not d.discard_changed or top_label != FACE:
            # the slot's old card may still be in the player's hand; or it is the same
            # design as the discard top: the players say which
            if c.rec is None and c.card != d.top and d.top in drawable:
                asks.append(
                    {
                        "label": msg(
                            "{who} drew another {card}, discarded it and turned over {other}",
                            who=name,
                            card=d.top,
                            other=c.card,
                        ),
                        # the discard and the reveal follow from the table
                        "records": [{"type": "draw", "player": name, "card": d.top}],
                    }
                )
            if c.card == d.top and c.rec is None and not self._pile_touched:
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for another {card}",
                            who=name,
                            card=d.top,
                        ),
                        "records": [_take(name, slot, d.top)],
                    }
                )
            if c.card != d.top and c.rec in (None, d.top) and c.card in drawable and d.top:
                asks.append(
                    {
                        "label": msg(
                            "{who} drew {card} and exchanged it for a {other}",
                            who=name,
                            card=c.card,
                            other=d.top,
                        ),
                        "records": [draw],  # the exchange is asked next
                    }
                )
            return []
        under = state.discard[-2] if len(state.discard) >= 2 else None
        if c.card == d.top and top_card == under and c.rec != under:
            if c.rec is None:  # the old card in the hand, or one like the card below
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for a {other}",
                            who=name,
                            card=d.top,
                            other=under,
                        ),
                        "records": [_take(name, slot, under)],
                    }
                )
            return []
        if c.rec is not None and top_card != c.rec:
            warnings.append(_left_slot(c.rec, name, slot_words(seat, c.slot), top_card))
            return []
        if c.rec is None and self._discarded_first == top_card and c.card != d.top:
            # drew, discarded, then turned this card over
            return [{"type": "draw", "player": name, "card": top_card}]
        if c.card != d.top:
            return [draw]
        if self._pile_touched:  # drew the same design as the discard pile's top
            return [draw]
        if not self._top_lifted:
            # neither a hand at the draw pile nor the top lifted seen: a draw of another
            # copy (the exchange follows from the table) looks the same
            self._also.append(draw)
        return [_take(name, slot, top_card)]

    def _decide(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        drawn = state.drawn
        if d.besides(seat):
            foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        top_label, top_card = d.seen_top
        discard = {"type": "discard", "player": name}
        if not mine:
            if top_label != FACE or top_card != drawn:
                return []
            same = self._lifted_like(state, drawn)
            if same is not None:  # exchanged for a card of its own design
                return [_exchange(name, SLOTS[same], drawn)]
            return [discard] if d.discard_changed else []
        if len(mine) > 1 or mine[0].card is None:
            explain(state, mine, warnings, own=True)
            return []
        c = mine[0]
        if top_label != FACE:
            return []
        if c.card == drawn and not d.discard_changed and c.rec in (None, d.top):
            asks.append(
                {
                    "label": msg(
                        "{who} exchanged the drawn {card} for a {other}",
                        who=name,
                        card=drawn,
                        other=d.top,
                    ),
                    "records": [_exchange(name, SLOTS[c.slot], d.top)],
                }
            )
            return []  # the old card in the hand, or one like the discard top
        if c.card == drawn and d.discard_changed:
            if c.rec is not None and top_card != c.rec:
                warnings.append(_left_slot(c.rec, name, slot_words(seat, c.slot), top_card))
                return []
            return [_exchange(name, SLOTS[c.slot], top_card)]
        if c.rec is None and top_card == drawn and (d.discard_changed or c.card != drawn):
            return [discard]  # then the turned-over card is the reveal
        return []

    def _reveal(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.besides(seat) or d.discard_changed:
            owed(state, d, warnings)
            if d.besides(seat):
                foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        if not mine:
            return []
        c = mine[0]
        if len(mine) > 1 or c.rec is not None or c.card is None:
            explain(state, mine, warnings, own=True)
            return []
        return [{"type": "reveal", "player": name, "slot": SLOTS[c.slot], "card": c.card}]

    def _spell(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.discard_changed:
            owed(state, d, warnings)
            return []
        mine, theirs = d.of(seat), d.besides(seat)
        if not d.changes:
            return self._blind_spell(state)
        if len(mine) == 1 and len(theirs) == 1:
            m, t = mine[0], theirs[0]
            if _shows(m, t.rec) and _shows(t, m.rec):
                return [
                    {
                        "type": "spell",
                        "player": name,
                        "slot": SLOTS[m.slot],
                        "with": state.players[t.seat],
                        "at": SLOTS[t.slot],
                    }
                ]
        if (len(mine) == 1 and not theirs) or (len(theirs) == 1 and not mine):
            return []  # half done: one card moved, the other still to come
        owed(state, d, warnings)
        for s in sorted({c.seat for c in d.changes}):
            explain(state, d.of(s), warnings, own=False)
        return []

    def _blind_spell(self, state: GameState) -> list[Record]:
        """Two cards that look alike exchanged (two face-down ones, or two copies of one
        design): the same picture before and after. The camera saw one slot of the
        caster's and one of another layout emptied meanwhile."""
        seat = state.current
        spots = [engine_slot(s) for s in self._emptied]
        spots = [p for p in spots if p is not None and p[0] < state.n]
        mine = [p for p in spots if p[0] == seat]
        theirs = [p for p in spots if p[0] != seat]
        if len(mine) != 1 or len(theirs) != 1:
            return []
        (_, m), (o, t) = mine[0], theirs[0]
        if state.layouts[seat][m] != state.layouts[o][t]:
            return []
        return [
            {
                "type": "spell",
                "player": state.players[seat],
                "slot": SLOTS[m],
                "with": state.players[o],
                "at": SLOTS[t],
            }
        ]

    def _lifted_like(self, state: GameState, card: str | None) -> int | None:
        """A slot of the player on turn that was lifted meanwhile and holds ``card``
        face up again (a card exchanged for one of its own design looks unchanged)."""
        seat = state.current
        for i, c in enumerate(state.layouts[seat]):
            if c is not None and c == card and camera_slot(seat, i) in self._emptied:
                return i
        return None

    def _face(self, seat: int, slot: int) -> str | None:
        return _face_in(self._view or self.seen, camera_slot(seat, slot))

    def _uncover(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        for seat in q.uncover_owed(state):
            down = state.face_down(seat)
            cards = [self._shown.get((seat, i)) or self._face(seat, i) for i in down]
            if all(cards):
                return [
                    {
                        "type": "uncover",
                        "player": state.players[seat],
                        "cards": {SLOTS[i]: c for i, c in zip(down, cards, strict=True)},
                    }
                ]
        return []


def _take(player: str, slot: str, discards: str | None) -> Record:
    return {"type": "take", "player": player, "slot": slot, "discards": discards}


def _exchange(player: str, slot: str, discards: str | None) -> Record:
    return {"type": "exchange", "player": player, "slot": slot, "discards": discards}


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


def _face_in(seen: dict, cam: str) -> str | None:
    label, card = seen.get(cam, (UNKNOWN, None))
    return card if label == FACE else None


def _shows(c: Change, rec: str | None) -> bool:
    """Whether slot change ``c`` now shows the card ``rec`` recorded elsewhere."""
    if rec is None:
        return c.seen[0] == "back"
    return c.card == rec


def _left_slot(card: str, who: str, slot: str, top: str | None) -> Msg:
    """A card that left a layout but is not seen on the discard pile."""
    return msg(
        "{card} left {who}'s {slot}: it goes face up on the discard pile (the camera sees"
        " {top} there)",
        card=card,
        who=who,
        slot=slot,
        top=top,
    )
