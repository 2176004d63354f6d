"""Legal actions enumerated: for the random player, the referee and tests.

A turn's choice is combinatorial (which stones came out of the bag, times which free
fields, in which order: millions of placements on an empty board), so ``legal_actions``
gives a documented subset for a ``place``: one action for every set of colours the bag
can still yield, on the first free fields in the layout's order. ``placements`` yields
every arrangement of given stones on the free fields, lazily. Every ``draw`` the bag
allows is listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, permutations

from . import queries as q
from .actions import Action, Draw, Place
from .names import COLOURS
from .state import GameState


def legal_actions(state: GameState) -> list[Action]:
    """The awaited decision's legal actions (a subset for ``place``: see the module doc)."""
    aw = q.awaiting(state)
    if aw is None:
        return []
    if aw.action == "draw":
        return [Draw(c) for c in q.drawable(state)]
    first = q.free_fields(state)[: aw.stones]
    return [Place(aw.player, tuple(zip(first, cs, strict=True))) for cs in colour_sets(state)]


def colour_sets(state: GameState) -> list[tuple[str, ...]]:
    """Every set of colours (sorted as ``COLOURS``, repeats allowed) that the player on
    turn can have drawn from the bag."""
    k = q.turn_size(state)
    bag = q.in_bag(state)
    out = []
    for cs in combinations_with_replacement(COLOURS, k):
        if all(cs.count(c) <= bag[c] for c in set(cs)):
            out.append(cs)
    return out


def placements(state: GameState, colours: Sequence[str]) -> Iterator[Place]:
    """Every legal ``place`` of stones of ``colours`` by the player on turn: each set of
    free fields, each distinct way to put the colours on them (in field order)."""
    who = state.players[state.turn]
    free = q.free_fields(state)
    orders = sorted(set(permutations(colours)))
    for fs in combinations(free, len(colours)):
        for cs in orders:
            yield Place(who, tuple(zip(fs, cs, strict=True)))
