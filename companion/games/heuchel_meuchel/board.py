"""Pure rules of one column: where a unit may go, and what happens to what it leaves.

- ``free_for``: a flipped goal square is free for pawns with the same goal and
  occupied for every other (higher) class.
- ``targets``: without dice, one step onto a free square (which ends the move), or a
  chain of jumps over runs of occupied squares, stopping on any landing square; never
  above the goal of the moving top card.
- ``dice_target``: with dice, exactly ``roll`` rows up; occupied squares count but are
  skipped, the square reached must be free.
- ``settle_remainder``: a stack part left behind shows a new top card: above its goal the
  whole remainder is discarded, exactly on it the remainder is flipped.
- ``zugzwang_cascade``: the top card lost, then cards beyond their goal one by one.
"""

from __future__ import annotations

from .names import GOAL_OF, ROWS
from .state import Column, Unit


def free_for(unit: Unit | None, goal: int) -> bool:
    """Whether a square holding ``unit`` is free for a pawn whose goal is row ``goal``.

    Flipped units stand on their own goal row, so a flipped square is free exactly
    for a pawn of the same class (the same goal row)."""
    if unit is None:
        return True
    return unit.flipped and GOAL_OF[unit.top] == goal


def targets(column: Column, row: int, top: str) -> tuple[int, ...]:
    """Rows the unit on ``row`` led by ``top`` may move to without dice, lowest first."""
    goal = min(GOAL_OF[top], ROWS)
    r = row + 1
    if r > goal:
        return ()
    if free_for(column[r - 1], goal):
        return (r,)  # a step onto a free square ends the move
    out: list[int] = []
    while True:
        while r <= goal and not free_for(column[r - 1], goal):
            r += 1  # jump over the run of occupied squares
        if r > goal:
            break
        out.append(r)
        r += 1
        if r > goal or free_for(column[r - 1], goal):
            break  # no occupied square beside the landing square: no further jump
    return tuple(out)


def dice_target(column: Column, row: int, top: str, roll: int) -> int | None:
    """The row a roll of ``roll`` takes the unit on ``row`` to, or None if it does not fit."""
    to = row + roll
    goal = GOAL_OF[top]
    if to > goal or to > ROWS or not free_for(column[to - 1], goal):
        return None
    return to


def arrive(at: Unit | None, moving: tuple[str, ...], row: int) -> Unit:
    """The unit on ``row`` once ``moving`` (top first) has arrived there.

    Reaching the goal of its top card flips it; on a flipped square of the same class it
    joins the cards already flipped there (on top)."""
    if at is not None:  # a flipped square of the same class
        return Unit(moving + at.cards, True)
    return Unit(moving, GOAL_OF[moving[0]] == row)


def settle_remainder(rest: tuple[str, ...], row: int) -> tuple[Unit | None, tuple[str, ...]]:
    """What stays on ``row`` when the top part of a stack leaves: (unit, discarded).

    Above the new top card's goal the complete remainder is discarded; exactly on its
    goal the remainder has reached it and is flipped."""
    if not rest:
        return None, ()
    goal = GOAL_OF[rest[0]]
    if row > goal:
        return None, rest
    return Unit(rest, row == goal), ()


def zugzwang_cascade(cards: tuple[str, ...], row: int) -> tuple[Unit | None, tuple[str, ...]]:
    """Zugzwang: the top card is lost; every new top card beyond its goal follows it, until
    one shows up with its goal above this row (it stays) or exactly here (flipped)."""
    lost = [cards[0]]
    rest = cards[1:]
    while rest and row > GOAL_OF[rest[0]]:
        lost.append(rest[0])
        rest = rest[1:]
    if not rest:
        return None, tuple(lost)
    return Unit(rest, row == GOAL_OF[rest[0]]), tuple(lost)


def has_movable(column: Column) -> bool:
    """Whether a column still holds a unit short of its goal (not flipped)."""
    return any(u is not None and not u.flipped for u in column)
