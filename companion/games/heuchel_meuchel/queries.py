"""What the rules allow now: the questions a referee and a dashboard ask.

The engine validates every action against these same answers, so what a query offers
is exactly what ``apply`` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board as b
from .names import GOAL_OF, RANK_OF, VALUE_OF
from .state import DISCARD, FAVOURS, MOVE, ROLL, GameState, Unit


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The next decision the game needs: from whom and which action."""

    player: str
    action: str


@dataclass(frozen=True, slots=True)
class UnitMoves:
    """A unit of the player on turn that may move now: its row, the unit, where to."""

    row: int
    unit: Unit
    to: tuple[int, ...]


def unit_targets(state: GameState, seat: int, row: int, roll: int | None) -> tuple[int, ...]:
    """Rows the unit on ``row`` of ``seat``'s column may move to (with a roll: exactly)."""
    col = state.board[seat]
    u = col[row - 1]
    if u is None or u.flipped:
        return ()
    if roll is None:
        return b.targets(col, row, u.top)
    t = b.dice_target(col, row, u.top, roll)
    return () if t is None else (t,)


def movable_units(state: GameState, seat: int, roll: int | None = None) -> tuple[UnitMoves, ...]:
    """Every unit of ``seat`` with somewhere to go (with dice: for this ``roll``)."""
    out = []
    for r, u in enumerate(state.board[seat], start=1):
        if u is None or u.flipped:
            continue
        to = unit_targets(state, seat, r, roll)
        if to:
            out.append(UnitMoves(r, u, to))
    return tuple(out)


def may_move(state: GameState) -> bool:
    """Whether a ``move`` is open now: one is due, or an extra move after favours."""
    t = state.turn
    if state.finished or t is None:
        return False
    if t.stage == MOVE:
        return True
    return t.stage == FAVOURS and bool(t.taken) and not state.dice


def may_roll(state: GameState) -> bool:
    """Whether a ``roll`` is open now: at the start of a dice turn, or for an extra move."""
    t = state.turn
    if state.finished or t is None or not state.dice:
        return False
    return t.stage == ROLL or (t.stage == FAVOURS and bool(t.taken))


def move_options(state: GameState) -> tuple[UnitMoves, ...]:
    """The units the player on turn may move now, and where."""
    if not may_move(state):
        return ()
    return movable_units(state, state.turn.player, state.turn.roll)


def take_options(state: GameState) -> tuple[tuple[int, int], ...]:
    """(seat, most cards) of every column the unit just moved may take favours from."""
    t = state.turn
    if state.finished or t is None or t.stage != FAVOURS:
        return ()
    mover = state.board[t.player][t.at - 1]
    if mover is None or mover.flipped:
        return ()
    rank = RANK_OF[mover.top]
    out = []
    for s in range(state.n):
        if s == t.player or s in t.taken:
            continue
        u = state.board[s][t.at - 1]
        if u is not None and not u.flipped and RANK_OF[u.top] < rank:
            out.append((s, len(u.cards)))
    return tuple(out)


def discard_options(state: GameState) -> tuple[int, ...]:
    """Zugzwang: the rows whose top card the player on turn may choose to lose."""
    t = state.turn
    if state.finished or t is None or t.stage != DISCARD:
        return ()
    return tuple(r for r, u in state.units(t.player) if not u.flipped)


def awaiting(state: GameState) -> Awaiting | None:
    """The decision the game waits for; None once the game is over.

    While favours are open the player on turn is awaited to ``end`` his turn; taking a
    favour and moving (rolling) again are listed by ``optional_actions``."""
    if state.finished or state.turn is None:
        return None
    t = state.turn
    name = state.players[t.player]
    return Awaiting(name, "end" if t.stage == FAVOURS else t.stage)


def optional_actions(state: GameState) -> tuple[Awaiting, ...]:
    """Actions that may come now instead of the awaited one (take, move, roll)."""
    t = state.turn
    if state.finished or t is None or t.stage != FAVOURS:
        return ()
    name = state.players[t.player]
    out = []
    if take_options(state):
        out.append(Awaiting(name, "take"))
    if may_move(state) and move_options(state):
        out.append(Awaiting(name, "move"))
    if may_roll(state):
        out.append(Awaiting(name, "roll"))
    return tuple(out)


# -- scoring -------------------------------------------------------------------------


def card_points(card: str, row: int) -> int:
    """A card on ``row``: its value if it reached its goal (or went beyond it inside a
    stack), minus its value if it is short of it."""
    v = VALUE_OF[card]
    return v if row >= GOAL_OF[card] else -v


def score(state: GameState, seat: int) -> int:
    """Victory points less penalties: the cards in the column, less the discards."""
    total = 0
    for r, u in enumerate(state.board[seat], start=1):
        if u is not None:
            total += sum(card_points(c, r) for c in u.cards)
    return total - sum(VALUE_OF[c] for c in state.discards[seat])


def scores(state: GameState) -> tuple[int, ...]:
    return tuple(score(state, s) for s in range(state.n))


def players_to_move(state: GameState) -> tuple[int, ...]:
    """Seats that still have a card or stack short of its goal."""
    return tuple(s for s in range(state.n) if b.has_movable(state.board[s]))
