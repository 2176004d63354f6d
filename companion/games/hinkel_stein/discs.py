"""The wooden discs: the supply, its refill, and moving discs without losing any.

The rule (spec "Supply"): when the supply holds fewer discs than an action or the base
prize needs, every player first returns as many discs as the poorest player holds.
"""

from __future__ import annotations

from .state import GameState, evolve


def refill_amount(state: GameState) -> int:
    """Discs a refill would bring back: the poorest player's count, from every player."""
    return min(state.discs) * state.n


def can_cover(state: GameState, n: int) -> bool:
    """Whether ``n`` discs can come from the supply, after a refill if need be."""
    return state.supply >= n or state.supply + refill_amount(state) >= n


def refill(state: GameState) -> GameState:
    """Every player returns as many discs as the poorest holds."""
    m = min(state.discs)
    if m == 0:
        return state
    return evolve(state, supply=state.supply + m * state.n, discs=tuple(d - m for d in state.discs))


def ensure_supply(state: GameState, n: int) -> GameState:
    """Refill the supply first when it holds fewer than ``n`` discs."""
    return refill(state) if state.supply < n else state


def base_prize(state: GameState, n: int) -> GameState:
    """Move the base prize to the pot: ``n`` discs, or what the supply has after a refill."""
    state = ensure_supply(state, n)
    moved = min(n, state.supply)
    return evolve(state, supply=state.supply - moved, pot=state.pot + moved)


def pass_scoring(state: GameState) -> GameState:
    """End of a pass: every player returns as many discs as the poorest player holds."""
    return refill(state)
