"""A seeded random legal player: it draws stones from the bag as the table would (each
stone alike) and places them on random free fields; a careful player (chance ``care``
each turn) arranges them as the placing rule asks (``advice.arrange``). The colours are
dealt at random. Randomness comes only from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..common.engine import play_out
from . import queries as q
from .actions import Action, Draw, Place, Start
from .advice import arrange
from .board import Board
from .engine import apply, start_game
from .names import COLOURS, colours_each
from .state import GameState

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cleo", "Dora", "Emil", "Fay")


class RandomPlayer:
    """Chooses a legal action for whatever is awaited, from a seeded RNG."""

    def __init__(self, seed: int, *, care: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.care = care

    def choose(self, state: GameState) -> Action:
        aw = q.awaiting(state)
        if aw is None:
            raise ValueError("no legal action: the game is over")
        if aw.action == "draw":
            return Draw(self._from_bag(state, 1)[0])
        drawn = self._from_bag(state, aw.stones)
        if self.care and self.rng.random() < self.care:
            return Place(aw.player, arrange(state, drawn))
        fields = self.rng.sample(q.free_fields(state), aw.stones)
        return Place(aw.player, tuple(zip(fields, drawn, strict=True)))

    def _from_bag(self, state: GameState, k: int) -> list[str]:
        """``k`` stones drawn without looking, each stone in the bag alike."""
        stones = [c for c, n in zip(COLOURS, state.bag, strict=True) for _ in range(n)]
        return self.rng.sample(stones, k)


def random_start(
    players: int | Sequence[str], rng: random.Random, board: Board | None = None
) -> Start:
    """A start line: the colours dealt at random; the default layout unless ``board``
    (carried in the line)."""
    names = DEFAULT_NAMES[:players] if isinstance(players, int) else tuple(players)
    each = colours_each(len(names))
    deck = rng.sample(COLOURS, len(COLOURS))
    colours = tuple(tuple(deck[i * each : (i + 1) * each]) for i in range(len(names)))
    return Start(names, colours, board=None if board is None else board.fields())


def random_game_iter(
    players: int | Sequence[str] = 3,
    seed: int = 0,
    *,
    care: float = 0.0,
    board: Board | None = None,
) -> Iterator[tuple[Action, GameState]]:
    """Yield (action, state after it) for a whole random game, the start first."""
    player = RandomPlayer(seed, care=care)
    start = random_start(players, player.rng, board)
    yield from play_out(start, start_game(start), player.choose, apply)


def random_game(players: int | Sequence[str] = 3, seed: int = 0, **kw) -> list[Action]:
    """The actions of a whole random legal game, start first."""
    return [a for a, _ in random_game_iter(players, seed, **kw)]
