"""Every legal action now, enumerated: for the random player, the referee and tests."""

from __future__ import annotations

from . import queries as q
from .actions import Action, Discard, End, Move, Roll, Take
from .names import DIE_FACES
from .state import DISCARD, FAVOURS, ROLL, GameState


def move_actions(state: GameState) -> list[Move]:
    """Every move open now: each movable unit, each number of top cards, each target."""
    if not q.may_move(state):
        return []
    name = state.players[state.turn.player]
    return [
        Move(name, m.row, k, to)
        for m in q.move_options(state)
        for k in range(1, len(m.unit.cards) + 1)
        for to in m.to
    ]


def legal_actions(state: GameState) -> list[Action]:
    """All legal actions in this state (every die face while a roll is due)."""
    t = state.turn
    if state.finished or t is None:
        return []
    name = state.players[t.player]
    if t.stage == ROLL:
        return [Roll(name, v) for v in DIE_FACES]
    if t.stage == DISCARD:
        return [Discard(name, r) for r in q.discard_options(state)]
    out: list[Action] = []
    if t.stage == FAVOURS:
        out.extend(
            Take(name, state.players[s], k)
            for s, most in q.take_options(state)
            for k in range(1, most + 1)
        )
    out.extend(move_actions(state))
    if t.stage == FAVOURS:
        if q.may_roll(state):
            out.extend(Roll(name, v) for v in DIE_FACES)
        out.append(End(name))
    return out
