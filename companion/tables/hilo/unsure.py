"""Faces the card reader is not sure of, settled by what the referee knows.

A face the reader cannot name surely comes with its ``candidates`` (``SlotSeen``: the
designs it may be). The referee narrows them down, never guesses:

- a card the record has face up there (in a layout, or the discard pile's top), among
  the candidates, on a slot the camera has not seen change since the game last changed,
  is still that card (a card does not change unseen);
- every other unsure face is *open*. A candidate is dropped where the deck has no copy
  of it left for that slot (``possible``: the faces shown elsewhere and the discard
  pile's cards beneath its top hold every copy, or no copy can be unseen). Each
  combination of the open slots' remaining candidates that shows no more copies of a
  design than the deck holds is a *reading* of the table (``readings``), at most
  ``MAX_READINGS`` of them;
- a reading whose record the rules refuse (a card every copy of which is accounted
  for, a turn that is not legal now) is impossible too, and so is a draw while the camera
  saw no hand at the draw pile this turn (unless the reader's guesses make a draw: then
  the hand may have been missed): the caller judges each reading as if the camera had
  named its faces, and keeps the possible ones (``Verdict``).

Exactly one legal record left, made by every possible reading: it is recorded. The
reader's guesses never decide; they only put their reading's button first when the
players choose on the tablet among several (a button each), and a turn still under way
by the guesses is waited for rather than asked about. Pure functions over the engine's
state and views.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from ...games.hilo.names import LAYOUT_SIZE
from ...games.hilo.state import GameState
from .seen import DISCARD, FACE, camera_slot
from .table_diff import Seen

#: More combinations of open slots than this: the referee does not try them (the turn is
#: entered on the tablet, as for a face without candidates).
MAX_READINGS = 1200

Record = dict[str, Any]


def unsure_slots(view: Mapping[str, Seen], candidates: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The slots seen as a face without a design that come with candidates."""
    return [s for s, (label, card) in view.items() if label == FACE and card is None
            and candidates.get(s)]  # fmt: skip


def settle_by_record(
    state: GameState,
    view: Mapping[str, Seen],
    candidates: Mapping[str, tuple[str, ...]],
    disturbed: AbstractSet[str],
    top: str | None,
) -> tuple[dict[str, Seen], list[str]]:
    """``view`` with each unsure face the record explains filled in (see the module
    docstring; ``top``: the card the discard pile shows by the record, or the old top still
    lying there after a reshuffle), and the slots left open, in a fixed order."""
    out = dict(view)
    open_: list[str] = []
    record = {
        camera_slot(seat, i): c
        for seat, lay in enumerate(state.layouts)
        for i in range(LAYOUT_SIZE)
        if (c := lay[i])
    }
    record[DISCARD] = top
    for slot in sorted(unsure_slots(view, candidates)):
        rec = record.get(slot)
        if rec is not None and rec in candidates[slot] and slot not in disturbed:
            out[slot] = (FACE, rec)
        else:
            open_.append(slot)
    return out, open_


def possible(
    state: GameState,
    view: Mapping[str, Seen],
    open_: list[str],
    candidates: Mapping[str, tuple[str, ...]],
) -> list[tuple[str, ...]]:
    """Per open slot, its candidates that may lie there: a design of which the deck has a
    copy the record does not place (face down, in the draw pile) or that the record has
    face up somewhere, and not every copy shown elsewhere on the table."""
    elsewhere = _shown(state, {k: v for k, v in view.items() if k not in open_})
    cat = state.catalogue
    known = {c for lay in state.layouts for c in lay if c}
    known.update(state.discard)
    if state.drawn:
        known.add(state.drawn)
    hidden = {c.id for c, u, k in zip(cat.cards, state.unseen, state.pile_known, strict=True)
              if u or k}  # fmt: skip
    return [
        tuple(c for c in dict.fromkeys(candidates[s])
              if (c in hidden or c in known) and elsewhere[c] < _copies(state, c))
        for s in open_
    ]  # fmt: skip


def readings(
    state: GameState,
    view: Mapping[str, Seen],
    open_: list[str],
    lists: list[tuple[str, ...]],
) -> Iterator[dict[str, Seen]]:
    """Every combination of the open slots' candidates (``lists``, per slot) that shows
    no more copies of a design than the deck holds (the discard pile's cards beneath its
    top counted too), as a view; none when there are more than ``MAX_READINGS``."""
    n = 1
    for c in lists:
        n *= len(c)
    if not open_ or n > MAX_READINGS:
        return
    elsewhere = _shown(state, {k: v for k, v in view.items() if k not in open_})
    for combo in itertools.product(*lists):
        if any(elsewhere[c] + k > _copies(state, c) for c, k in Counter(combo).items()):
            continue
        out = dict(view)
        out.update({s: (FACE, c) for s, c in zip(open_, combo, strict=True)})
        yield out


def _copies(state: GameState, card: str) -> int:
    cat = state.catalogue
    i = cat.index.get(card)
    return 0 if i is None else cat.cards[i].count


def _shown(state: GameState, view: Mapping[str, Seen]) -> Counter[str]:
    """Copies per design the table shows in ``view``, the discard pile's beneath too."""
    shown: Counter[str] = Counter()
    for seat in range(state.n):
        for i in range(LAYOUT_SIZE):
            label, card = view.get(camera_slot(seat, i), ("", None))
            if label == FACE and card:
                shown[card] += 1
    label, card = view.get(DISCARD, ("", None))
    if label == FACE and card:
        shown[card] += 1
    shown.update(state.discard[:-2])  # beneath whatever the discard pile shows now
    return shown


@dataclass
class Verdict:
    """The readings judged: ``records`` (the first record of each reading that makes one
    the rules accept, distinct, in order), ``waiting`` (readings that make none and
    break no rule), ``warned`` (readings that break a rule: their warnings)."""

    records: list[Record] = field(default_factory=list)
    waiting: int = 0
    warned: list[tuple[str, ...]] = field(default_factory=list)
    asks: list[dict[str, Any]] = field(default_factory=list)
    guessed: Record | None = None  # the record of the reading of the reader's guesses
    guess_waits: bool = False  # that reading makes no record and breaks no rule
    guess_asks: bool = False  # ... and asks itself (the turn may well be over)

    def add(
        self, record: Record | None, warnings: list[str], asks: list[dict], *, guess: bool = False
    ) -> None:
        if guess:
            self.guessed = record
            self.guess_waits = record is None and not warnings
            self.guess_asks = self.guess_waits and bool(asks)
        if record is not None:
            if record not in self.records:
                self.records.append(record)
        elif warnings:
            self.warned.append(tuple(warnings))
        else:
            self.waiting += 1
            for a in asks:
                if a not in self.asks:
                    self.asks.append(a)

    @property
    def settled(self) -> Record | None:
        """The one legal record every possible reading makes, or None (a reading that
        makes none may be a turn still under way)."""
        if len(self.records) != 1:
            return None
        if not self.waiting:
            return self.records[0]
        return None

    def common_warnings(self) -> list[str]:
        """The warnings every reading makes (when every reading breaks a rule)."""
        if not self.warned or self.records or self.waiting:
            return []
        first = self.warned[0]
        return [w for w in first if all(w in other for other in self.warned[1:])]
