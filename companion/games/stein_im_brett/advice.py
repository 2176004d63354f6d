"""The placing rule "avoiding to place stones of his color(s) in adjacent positions, if
possible" as advice, not a legal check (decision SIB-5).

A placement puts own colours together when one of the new stones, of a colour of the
player on turn, has a neighbour of the same colour (another new stone or one already on
the board). ``advice`` says whether another arrangement of the same stones on the fields
that were free would have made fewer such pairs (none, when that is possible), and
gives one, moving as few of the player's stones as it can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from . import turns
from .actions import Place
from .names import COLOUR_INDEX
from .state import GameState
from .text import seat


@dataclass(frozen=True, slots=True)
class Advice:
    """A placement that put own colours together needlessly.

    ``together``: the pairs of neighbouring fields, at least one of them new, holding the
    same colour of the player; ``instead``: the same stones as ``(field, colour)`` on the
    fields that were free, in the placement's order, making ``instead_together`` such
    pairs (0: the rule's "if possible" was possible).
    """

    player: str
    together: tuple[tuple[str, str], ...]
    instead: tuple[tuple[str, str], ...]
    instead_together: int


def advice(state: GameState, action: Place) -> Advice | None:
    """For a legal ``place`` in ``state`` (the state before it): an ``Advice`` when it
    put own colours together and another arrangement would have put fewer together;
    None when it did not, or when none would have. ``IllegalAction`` if the place is
    not legal."""
    turns.place(state, action)  # the same checks as apply
    me = seat(state, action.player)
    ix = state.board.index
    placed = [(ix[f], c) for f, c in action.stones]
    pairs = own_pairs(state, me, placed)
    if not pairs:
        return None
    best, arrangement = _arrange(state, me, placed)
    if best >= len(pairs):
        return None
    ids = state.board.ids
    return Advice(
        action.player,
        tuple((ids[a], ids[b]) for a, b in pairs),
        tuple((ids[f], c) for f, c in arrangement),
        best,
    )


def arrange(state: GameState, colours: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The stones of ``colours`` for the player on turn, arranged on free fields with the
    fewest own-colour pairs (for a careful player); fields in the layout's order."""
    me = state.turn
    free = [i for i, c in enumerate(state.cells) if c is None]
    if me is None or len(colours) > len(free):
        raise ValueError(f"nobody is on turn, or {len(colours)} stones for {len(free)} free fields")
    placed = list(zip(free, colours, strict=False))
    _, arrangement = _arrange(state, me, placed)
    ids = state.board.ids
    return tuple((ids[f], c) for f, c in arrangement)


def own_pairs(
    state: GameState, me: int, placed: Sequence[tuple[int, str]]
) -> list[tuple[int, int]]:
    """Pairs of neighbouring field indices, at least one among ``placed``, holding the
    same colour of seat ``me`` once ``placed`` is on the board; each pair once, sorted."""
    cells = list(state.cells)
    for f, c in placed:
        cells[f] = c
    nb = state.board.neighbours
    owner = state.owner
    out: set[tuple[int, int]] = set()
    for f, c in placed:
        if owner[COLOUR_INDEX[c]] != me:
            continue
        for j in nb[f]:
            if cells[j] == c:
                out.add((min(f, j), max(f, j)))
    return sorted(out)


def _arrange(
    state: GameState, me: int, placed: Sequence[tuple[int, str]]
) -> tuple[int, list[tuple[int, str]]]:
    """The fewest own-colour pairs the stones of ``placed`` can make on the free fields,
    and an arrangement that makes them, moving as few of the player's stones as possible
    (the other stones keep their fields where they can)."""
    owner = state.owner
    own = [k for k, (_, c) in enumerate(placed) if owner[COLOUR_INDEX[c]] == me]
    free = [i for i, c in enumerate(state.cells) if c is None]
    cells, nb = state.cells, state.board.neighbours
    colours = [placed[k][1] for k in own]

    def cost(fields: Sequence[int]) -> int:
        total = 0
        for a, (f, c) in enumerate(zip(fields, colours, strict=True)):
            total += sum(1 for j in nb[f] if cells[j] == c)
            total += sum(1 for b in range(a) if colours[b] == c and fields[b] in nb[f])
        return total

    best = None
    orders = sorted(set(permutations(range(len(own)))))
    for combo in combinations(free, len(own)):
        for order in orders:
            fields = [combo[o] for o in order]
            v = cost(fields)
            if best is None or v < best:
                best = v
            if best == 0:
                break
        if best == 0:
            break
    best = best or 0
    original = [placed[k][0] for k in own]
    for m in range(len(own) + 1):
        for moved in combinations(range(len(own)), m):
            kept = {original[a] for a in range(len(own)) if a not in moved}
            targets = [f for f in free if f not in kept]
            for dest in permutations(targets, m):
                fields = list(original)
                for a, f in zip(moved, dest, strict=True):
                    fields[a] = f
                if cost(fields) == best:
                    return best, _fill(placed, own, fields, free)
    raise AssertionError("an arrangement with the fewest pairs exists")  # pragma: no cover


def _fill(
    placed: Sequence[tuple[int, str]], own: list[int], fields: list[int], free: list[int]
) -> list[tuple[int, str]]:
    """The whole arrangement: the player's stones on ``fields``, the others on their own
    fields where still free, else on the first free fields left."""
    out: list[tuple[int, str] | None] = [None] * len(placed)
    used = set(fields)
    for k, f in zip(own, fields, strict=True):
        out[k] = (f, placed[k][1])
    rest = [k for k in range(len(placed)) if out[k] is None]
    for k in rest:
        if placed[k][0] not in used:
            out[k] = placed[k]
            used.add(placed[k][0])
    spare = (f for f in free if f not in used)
    for k in rest:
        if out[k] is None:
            f = next(spare)
            out[k] = (f, placed[k][1])
            used.add(f)
    return out  # type: ignore[return-value]
