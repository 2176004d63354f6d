"""Every legal action now, enumerated: for the random player, the referee and tests.

Two kinds of action are not enumerated in full because they are not a small finite
choice: a ``lift`` may take any set of blocks on the site (enumerated here: nothing
hooked, or any one block; several blocks at once are legal too), and a ``measure`` is
any length (``measure_open`` and ``queries.measure_options`` say who is measured).
"""

from __future__ import annotations

from . import queries as q
from .actions import Action, Fall, Lift, Pile, Roll, Stop
from .state import GameState


def legal_actions(state: GameState) -> list[Action]:
    """The finite legal actions in this state (see the module doc for lift and measure)."""
    if state.finished or state.ended_by is not None:
        return []
    who = state.players[state.turn]
    out: list[Action] = [Fall(state.players[i]) for i in q.fall_options(state)]
    if state.to_pile:
        out.extend(Pile(who, b) for b in state.to_pile)
        if q.stop_open(state):
            out.append(Stop(who))
    elif state.rolled is None:
        out.extend(Roll(who, c) for c in q.roll_colours(state))
    else:
        out.append(Lift(who, ()))
        out.extend(Lift(who, (b,)) for b in q.site_blocks(state))
    return out


def measure_open(state: GameState) -> bool:
    """Whether a row or tower is awaiting its measurement now."""
    return q.measure_open(state)
