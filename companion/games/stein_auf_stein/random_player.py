"""A seeded random legal player with a simple model of the crane and of falling towers.

The die is rolled uniformly over its faces. A try with the crane hooks nothing, one
block of the rolled colour, one block of another colour, or two blocks at random
(``CraneModel``); a fishing-order player piles a random block just fished out, or now
and then stops; after each pile, a tower of two or more blocks falls with a chance
that grows with its height. Measurements are the computed lengths, rounded to a whole
millimetre. Randomness comes only from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from . import queries as q
from . import scoring
from .actions import Action, Fall, Lift, Measure, Pile, Roll, Start, Stop
from .catalogue import Catalogue
from .engine import apply, start_game
from .names import (
    BUILDS,
    FREE,
    MEASURED,
    ORDERS,
    OWN,
    REMAINING,
    ROW,
    SCORINGS,
    SOLO,
    VARIANTS,
    YARDSTICK,
)
from .standard import STANDARD
from .state import GameState

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cleo", "Dora")


@dataclass(frozen=True, slots=True)
class CraneModel:
    """Chances of one try with the crane, and of a tower falling (per block above two)."""

    miss: float = 0.3
    right_colour: float = 0.45
    wrong_colour: float = 0.15  # the rest: two blocks at once
    stop: float = 0.05
    fall_per_block: float = 0.03


class RandomPlayer:
    """Chooses a legal action for whoever is awaited, from a seeded RNG."""

    def __init__(self, seed: int, *, model: CraneModel | None = None) -> None:
        self.rng = random.Random(seed)
        self.model = model or CraneModel()

    def choose(self, state: GameState) -> Action:
        aw = q.awaiting(state)
        if aw is None:
            raise ValueError("no legal action: the game is over")
        rng, m = self.rng, self.model
        if aw.action == "measure":
            if aw.of == REMAINING:
                value = scoring.remaining_computed_mm(state)
            else:
                value = scoring.computed_mm(state, state.players.index(aw.player))
            return Measure(aw.player, max(1, round(value)), aw.of or OWN)
        if aw.action == "roll":
            return Roll(aw.player, rng.choice(state.catalogue.die))
        if aw.action == "pile":
            if state.towers[state.turn] and rng.random() < m.stop:
                return Stop(aw.player)
            return Pile(aw.player, rng.choice(state.to_pile))
        return Lift(aw.player, self._lift(state))

    def after(self, state: GameState) -> Action | None:
        """A tower that may fall after the last action, or None."""
        for seat in q.fall_options(state):
            extra = len(state.towers[seat]) - 1
            if self.rng.random() < self.model.fall_per_block * extra:
                return Fall(state.players[seat])
        return None

    def _lift(self, state: GameState) -> tuple[str, ...]:
        rng, m = self.rng, self.model
        site = q.site_blocks(state)
        right = q.on_site_of(state, state.rolled)
        wrong = [b for b in site if b not in right]
        r = rng.random()
        if r < m.miss:
            return ()
        if r < m.miss + m.right_colour or not wrong:
            return (rng.choice(right),)
        if r < m.miss + m.right_colour + m.wrong_colour or len(site) < 2:
            return (rng.choice(wrong),)
        return tuple(rng.sample(site, 2))


def random_start(
    players: int | Sequence[str],
    rng: random.Random,
    variant: str | None = None,
    catalogue: Catalogue = STANDARD,
) -> Start:
    """A start line: the variant drawn (solo for one player) unless given."""
    count = players if isinstance(players, int) else len(players)
    if variant is None:
        variant = SOLO if count == 1 else rng.choice([v for v in VARIANTS if v != SOLO])
    if isinstance(players, int):
        names = DEFAULT_NAMES[:1] if variant == SOLO else DEFAULT_NAMES[:players]
    else:
        names = tuple(players)
    scoring_ = MEASURED if variant == YARDSTICK else rng.choice(SCORINGS)
    build = order = None
    if variant == SOLO:
        build = rng.choice(BUILDS)
        order = FREE if build == ROW else rng.choice(ORDERS)
    return Start(names, variant, catalogue.blocks, catalogue.die, scoring_, build, order)


def random_game_iter(
    players: int | Sequence[str] = 3,
    seed: int = 0,
    *,
    variant: str | None = None,
    model: CraneModel | None = None,
    catalogue: Catalogue = STANDARD,
) -> Iterator[tuple[Action, GameState]]:
    """Yield (action, state after it) for a whole random game, the start first."""
    player = RandomPlayer(seed, model=model)
    start = random_start(players, player.rng, variant, catalogue)
    state = start_game(start)
    yield start, state
    while not state.finished:
        action = player.choose(state)
        state = apply(state, action)
        yield action, state
        if isinstance(action, Pile):
            fell = player.after(state)
            if fell is not None:
                state = apply(state, fell)
                yield fell, state


def random_game(players: int | Sequence[str] = 3, seed: int = 0, **kw) -> list[Action]:
    """The actions of a whole random legal game, start first."""
    return [a for a, _ in random_game_iter(players, seed, **kw)]
