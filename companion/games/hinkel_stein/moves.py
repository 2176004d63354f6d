"""Every legal action now, enumerated: for the random player, the referee and tests.

Two actions are not enumerated because they are not a finite choice: moving the Stone
of Fate (any position on the allowed stretches of beam, ``fate_open``) and the tilt
(observed from the scale once all four spaces are filled, ``tilt_open``).
"""

from __future__ import annotations

from . import queries as q
from .actions import (
    Action,
    Answer,
    Boulder,
    Call,
    Condition,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
)
from .names import BOULDER, CONDITIONS, SMALLEST_BOULDER
from .state import GameState


def legal_actions(state: GameState) -> list[Action]:
    """All finite legal actions in this state (fate and tilt excluded, see module doc)."""
    if state.finished:
        return []
    names = state.players
    r = state.round
    chief = names[state.chieftain]
    if r.offered_to is not None and not r.answered:
        who = names[r.offered_to]
        return [Answer(who, True), Answer(who, False)]
    out: list[Action] = []
    if q.offer_open(state):
        out.extend(Offer(chief, names[i]) for i in range(state.n) if i != state.chieftain)
    if state.keep_pending is not None:
        holder = names[state.holder(BOULDER)]
        out.extend(Keep(holder, s) for s in state.keep_pending)
        return out
    if r.condition is None:
        out.extend(Condition(chief, c) for c in CONDITIONS)
        return out
    turn = r.turn
    if turn is None:
        if r.filled < 4:
            out.extend(Call(chief, names[i], st) for i, st in q.call_options(state))
        else:
            space = q.boulder_space_option(state)
            if space is not None:
                out.append(Boulder(names[state.holder(BOULDER)], (SMALLEST_BOULDER,), space))
        return out
    who = names[turn.player]
    if turn.kind is None:
        return [Mode(who, k, a) for k, a in q.mode_options(state)]
    out.extend(Notch(who, n) for n in q.notch_options(state))
    choices = q.stake_choices(state)
    if choices.required:
        out.extend(Stake(who, add=n) for n in choices.adds)
        if choices.take:
            out.append(Stake(who, take=1))
        return out
    out.extend(
        Place(who, stones, space)
        for stones in q.stone_options(state)
        for space in q.free_spaces(state)
    )
    return out


def fate_open(state: GameState) -> bool:
    """Whether the boulder holder may move the Stone of Fate now."""
    return q.fate_open(state)


def tilt_open(state: GameState) -> bool:
    """Whether the scale's tilt may resolve the round now."""
    return q.window_open(state) and state.keep_pending is None
