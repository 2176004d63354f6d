"""Stein im Brett from the camera: the stones new on the board become the turn's ``place``.

Pure: it keeps the camera's settled view of the board (field -> label) and, given the
engine's state, answers each observation with a ``Reaction``: records to submit (the
rules still check them), and every warning now standing. The stones the camera sees on
fields the engine has free are the turn's new stones: once they are exactly the turn's
number (``queries.turn_size``) in colours the bag can still yield, they become the
player on turn's ``place``, in the order the camera saw them. Fewer: wait. A field that
reads ``unknown`` (or was never seen): wait. More than the turn needs, a recorded stone
gone (the camera sees the field empty) or changed colour (moved or swapped), or a colour
the bag no longer holds: a warning naming the fields and what to do, never an action.
``BoardLost``: the last view is kept and nothing is proposed until the board is seen
again (the next ``CellsChanged``).

After a round is scored the engine's board is empty but the stones still lie on the
table until the players clear it: a stone still on the field and in the colour it had
when the round was scored is left over, not new (and a note asks to clear the board).

After an undo on the tablet the undone stones still lie on the board: they are held (not
new) until the camera sees their field change, so an undo is never re-proposed at once.
When the players confirm the table as it is (``accept_table``), the fields where the
camera disagrees with the record are accepted as read until they change again (a stone
the camera keeps misreading need not stand as a warning all evening).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...games.stein_im_brett import queries as q
from ...games.stein_im_brett.names import COLOURS, DEFAULT_LAYOUT
from ...games.stein_im_brett.state import GameState
from ...games.stein_im_brett.text import colour
from ...i18n.message import Msg, commas, msg, nmsg
from ...sensing.observations import BoardLost, CellsChanged, Observation

EMPTY, UNKNOWN = "empty", "unknown"


@dataclass(frozen=True, slots=True)
class Reaction:
    """What the camera referee makes of one observation (the shape of the scale
    referee's)."""

    submit: tuple[dict[str, Any], ...] = ()  # records, in order, for the rules to check
    #: every warning now standing (replaces the previous): messages (``companion.i18n``)
    warnings: tuple[str, ...] = ()
    asks: tuple[dict[str, Any], ...] = ()  # unused here: the camera asks nothing


def _fields(ids: list[str]) -> str:
    return ", ".join(ids)


def _stones(pairs: list[tuple[str, str]]) -> Msg:
    """``red on c3, blue on d5`` (each colour in the language)."""
    return commas(msg("{colour} on {field}", colour=colour(c), field=f) for f, c in pairs) or msg(
        "nothing"
    )


@dataclass
class SteinImBrettCamera:
    """Follows one game of Stein im Brett through the camera; one per game.

    ``layout``: the camera layout whose observations count (others are ignored).
    """

    layout: str = DEFAULT_LAYOUT
    view: dict[str, str] = field(default_factory=dict)  # field -> settled label
    lost: bool = False  # the board is out of sight since the last BoardLost
    _seq: int = 0
    _seen_at: dict[str, int] = field(default_factory=dict)  # field -> when its label came
    _scorings: int | None = None  # rounds scored when last looked at
    _leftover: dict[str, str] = field(default_factory=dict)  # field -> colour of last round
    _proposed: tuple[Any, dict[str, Any]] | None = None  # (state key, record) last submitted
    _held: dict[str, str] = field(default_factory=dict)  # field -> colour of an undone stone
    _accepted: dict[str, str] = field(default_factory=dict)  # field -> label players accepted
    #: after the last round the board is still to be cleared: keep watching it
    watches_after_the_end: bool = True
    hand_on_scale: bool = False  # the shape of the scale referee's (no scale in this game)
    last_settled: None = None
    faulty: frozenset[str] = frozenset()
    _warnings: tuple[str, ...] = ()  # the last judgement's, standing until the next

    # -- entry points ----------------------------------------------------------------

    def observe(self, obs: Observation, state: GameState) -> Reaction:
        """React to one observation, given the game as the rules see it now."""
        match obs:
            case CellsChanged(layout=layout, changes=changes) if layout == self.layout:
                self.lost = False
                for ch in changes:
                    if ch.cell not in state.board.index:
                        continue
                    if self.view.get(ch.cell) != ch.after:
                        self._seq += 1
                        self._seen_at[ch.cell] = self._seq
                    self.view[ch.cell] = ch.after
            case BoardLost(layout=layout) if layout == self.layout:
                self.lost = True
        return self._judge(state)

    def after_change(self, state: GameState) -> Reaction:
        """Look again after an action was accepted (from the camera or the tablet)."""
        return self._judge(state)

    def tick(self, t_mono: float, state: GameState) -> Reaction:
        """Time passes: nothing here waits on time; the standing warnings stay (the board
        is judged on each observation and each change of the game, not on every tick)."""
        return Reaction(warnings=self._warnings)

    @property
    def set_aside(self) -> frozenset[str]:
        """Fields whose stone the camera leaves out of the turn: left over from the
        scored round, or undone on the tablet (both to be taken off the board)."""
        return frozenset(self._leftover) | frozenset(self._held)

    def tablet_action(self) -> None:
        """An action entered on the tablet: judged afresh by ``after_change``."""

    def undone(self, state: GameState) -> Reaction:
        """Actions were undone, ``state`` is the game now: the stones the camera sees on
        fields now free are held, not new, until their field changes."""
        self._track_rounds(state)
        for f, placed in zip(state.board.ids, state.cells, strict=True):
            seen = self._label(f)
            if placed is None and seen in COLOURS and self._leftover.get(f) != seen:
                self._held[f] = seen
        return self._judge(state)

    def accept_table(self, state: GameState) -> Reaction:
        """The players confirm the table as it is: where the camera sees something else
        than the record on a taken field (a misread colour, a nudged stone), its reading
        is accepted until the field changes; held and left-over stones stay as they are."""
        for f, placed in zip(state.board.ids, state.cells, strict=True):
            seen = self._label(f)
            if placed is not None and seen not in (UNKNOWN, placed):
                self._accepted[f] = seen
        return self._judge(state)

    # -- judging ---------------------------------------------------------------------

    def _label(self, f: str) -> str:
        label = self.view.get(f, UNKNOWN)
        return label if label == EMPTY or label in COLOURS else UNKNOWN

    def _track_rounds(self, state: GameState) -> None:
        """A round newly scored: its stones still on the table are left over, not new."""
        n = len(state.scorings)
        if self._scorings is None:  # the first look: a round just scored counts as new
            self._scorings = n - 1 if n and all(c is None for c in state.cells) else n
        if n > self._scorings and state.scorings:
            last = state.scorings[-1]
            ids = state.board.ids
            self._leftover = {ids[i]: c for i, c in enumerate(last.cells) if c is not None}
        elif n < self._scorings:
            self._leftover = {}  # the round's end was undone: its stones are the game's again
        self._scorings = n
        for f in list(self._leftover):
            placed = state.cells[state.board.index[f]]
            seen = self._label(f)
            if placed is not None or seen not in (UNKNOWN, self._leftover[f]):
                del self._leftover[f]  # cleared, or a new stone lies there now

    def _release(self, state: GameState) -> None:
        """Held and accepted fields whose reading changed count as usual again."""
        for f in list(self._held):
            if (
                self._label(f) not in (UNKNOWN, self._held[f])
                or state.cells[state.board.index[f]] is not None
            ):
                del self._held[f]
        for f in list(self._accepted):
            placed = state.cells[state.board.index[f]]
            if placed is None or self._label(f) not in (UNKNOWN, self._accepted[f]):
                del self._accepted[f]

    def _judge(self, state: GameState) -> Reaction:
        self._track_rounds(state)
        self._release(state)
        ids = state.board.ids
        warnings: list[str] = []
        new: list[tuple[str, str]] = []
        vanished: list[tuple[str, str]] = []
        changed: list[tuple[str, str, str]] = []
        for f, placed in zip(ids, state.cells, strict=True):
            seen = self._label(f)
            if seen == UNKNOWN or self._accepted.get(f) == seen:
                continue  # wait for a clear reading (no proposal while any field is unknown)
            if placed is None:
                if seen != EMPTY and self._leftover.get(f) != seen and f not in self._held:
                    new.append((f, seen))
            elif seen == EMPTY:
                vanished.append((f, placed))
            elif seen != placed:
                changed.append((f, placed, seen))
        new.sort(key=lambda s: (self._seen_at.get(s[0], 0), state.board.index[s[0]]))

        # a recorded stone gone, and a stone of its colour new elsewhere: it moved
        moved: list[tuple[str, str, str]] = []
        for f, c in list(vanished):
            to = next((g for g, d in reversed(new) if d == c), None)
            if to is not None:
                vanished.remove((f, c))
                new.remove((to, c))
                moved.append((f, to, c))
        for f, to, c in moved:
            warnings.append(
                msg(
                    "The {colour} stone on {field} seems to have moved to {to}: put it back on"
                    " {field} (stones stay where they were placed)",
                    colour=colour(c),
                    field=f,
                    to=to,
                )
            )
        for f, c in vanished:
            warnings.append(
                msg(
                    "The {colour} stone on {field} is gone (the camera sees {field} empty): put"
                    " it back on {field}, or undo on the tablet if it was entered wrongly",
                    colour=colour(c),
                    field=f,
                )
            )
        for f, was, now in changed:
            warnings.append(
                msg(
                    "{field} holds a {was} stone, but the camera sees {now} there: put the"
                    " {was} stone back on {field} (and the {now} one where it belongs)",
                    field=f,
                    was=colour(was),
                    now=colour(now),
                )
            )
        if self._held:
            held = sorted(self._held, key=state.board.index.__getitem__)
            warnings.append(
                msg(
                    "Undone: take the stones off {fields} (the camera leaves them out"
                    " until they are gone)",
                    fields=_fields(held),
                )
            )
        if self._leftover:
            left = sorted(self._leftover, key=state.board.index.__getitem__)
            warnings.append(
                msg(
                    "Round {round} is scored: clear the board (stones still lie on"
                    " {fields}); the stones that scored go to their owners' piles, the"
                    " others back to the box",
                    round=len(state.scorings),
                    fields=_fields(left),
                )
            )
        submit = self._turn(state, new, warnings, blocked=bool(moved or vanished or changed))
        self._warnings = tuple(warnings)
        return Reaction(tuple(submit), self._warnings)

    def _turn(
        self,
        state: GameState,
        new: list[tuple[str, str]],
        warnings: list[str],
        *,
        blocked: bool,
    ) -> list[dict[str, Any]]:
        """The turn's ``place`` if the new stones are exactly the turn's; else warnings."""
        if not new:
            return []
        aw = q.awaiting(state)
        if aw is None:
            warnings.append(
                msg(
                    "The game is over, but the camera sees new stones ({stones}): take them off",
                    stones=_stones(new),
                )
            )
            return []
        if aw.action != "place":
            warnings.append(
                msg(
                    "Stones were placed ({stones}) before the starting player is known:"
                    " take them off, draw a stone from the bag for the starting player (enter"
                    " the draw on the tablet), then play",
                    stones=_stones(new),
                )
            )
            return []
        k = aw.stones or 0
        if len(new) > k:
            extra = len(new) - k
            warnings.append(
                nmsg(
                    "{who} places {k} stone this turn, but the camera sees {n} new ones"
                    " ({stones}): {take}",
                    "{who} places {k} stones this turn, but the camera sees {n} new ones"
                    " ({stones}): {take}",
                    k,
                    who=aw.player,
                    k=k,
                    n=len(new),
                    stones=_stones(new),
                    take=nmsg(
                        "take the extra stone off",
                        "take the {extra} extra stones off",
                        extra,
                        extra=extra,
                    ),
                )
            )
            return []
        bag = q.in_bag(state)
        short = {c: n for c, n in Counter(c for _, c in new).items() if n > bag[c]}
        if short:
            for c, n in short.items():
                where = [f for f, d in new if d == c]
                had = (
                    msg("The bag holds no {colour} stone", colour=colour(c))
                    if not bag[c]
                    else nmsg(
                        "The bag holds only {n} {colour} stone",
                        "The bag holds only {n} {colour} stones",
                        bag[c],
                        n=bag[c],
                        colour=colour(c),
                    )
                )
                warnings.append(
                    msg(
                        "{had}, but the camera sees {n} new {colour} on {fields}: check those"
                        " stones' colours (enter the turn on the tablet if the camera misreads"
                        " them)",
                        had=had,
                        n=n,
                        colour=colour(c),
                        fields=_fields(where),
                    )
                )
            return []
        if blocked or len(new) < k:
            return []  # put right first / the player is still placing
        record = {
            "type": "place",
            "player": aw.player,
            "stones": [[f, c] for f, c in new],
        }
        key = (state.round_no, len(state.scorings), state.turn, state.cells)
        if self._proposed == (key, record):
            return []  # already submitted for this very state
        if not self.lost and all(self._label(f) != UNKNOWN for f in state.board.ids):
            self._proposed = (key, record)
            return [record]
        return []
