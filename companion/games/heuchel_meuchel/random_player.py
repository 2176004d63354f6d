"""A seeded random legal player, and random setups.

The player picks uniformly among the legal actions (``moves.legal_actions``), where
rolling the die counts as one choice whose number is then drawn from the seeded RNG, a
fair die. Randomness comes only from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..common.engine import play_out
from . import moves
from .actions import Action, Roll, Start
from .engine import apply, start_game
from .names import CARDS, CARDS_PER_PLAYER, CLASS_OF, CLASSES, DIE_FACES
from .state import GameState

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cid", "Dora", "Eve", "Finn")


class RandomPlayer:
    """Chooses a legal action for whoever is on turn, uniformly, from a seeded RNG."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        legal = moves.legal_actions(state)
        if not legal:
            raise ValueError("no legal action: the game is over")
        options: list[Action | str] = [a for a in legal if not isinstance(a, Roll)]
        if len(options) < len(legal):
            options.append("roll")
        pick = self.rng.choice(options)
        if pick == "roll":
            return Roll(state.players[state.turn.player], self.rng.choice(DIE_FACES))
        return pick


def random_setup(players: Sequence[str], rng: random.Random) -> tuple:
    """Shuffle the 36 cards, give each player 6, stack each player's cards of one class
    in a random order (top first), per class lowest first."""
    deck = list(CARDS)
    rng.shuffle(deck)
    out = []
    for i in range(len(players)):
        hand = deck[i * CARDS_PER_PLAYER : (i + 1) * CARDS_PER_PLAYER]
        stacks = []
        for c in CLASSES:
            st = [x for x in hand if CLASS_OF[x] == c]
            if st:
                rng.shuffle(st)
                stacks.append(tuple(st))
        out.append(tuple(stacks))
    return tuple(out)


def random_game_iter(
    players: int | Sequence[str] = 4, seed: int = 0, *, dice: bool = False
) -> Iterator[tuple[Action, GameState]]:
    """Yield (action, state after it) for a whole random game, the start first."""
    names = tuple(DEFAULT_NAMES[:players]) if isinstance(players, int) else tuple(players)
    player = RandomPlayer(seed)
    start = Start(names, random_setup(names, player.rng), dice)
    yield from play_out(start, start_game(start), player.choose, apply)


def random_game(players: int | Sequence[str] = 4, seed: int = 0, **kw) -> list[Action]:
    """The actions of a whole random legal game, start first."""
    return [a for a, _ in random_game_iter(players, seed, **kw)]
