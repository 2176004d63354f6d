"""A seeded random legal player, and a simulated table that knows where every card lies.

The engine knows only what the table shows. ``Table`` is the table itself for random
games: it shuffles and deals a real deck from the seed, answers "which card is that?"
for every card that comes to light (filling in the card fields of a decision), and
follows every action so that it always knows the truth: face-down cards, the draw pile's
order, a Magician shuffled back at setup, a reshuffled discard pile.

``RandomPlayer`` picks uniformly among ``moves.legal_decisions``. Randomness comes only
from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from . import moves
from .actions import Action, Draw, Exchange, Redraw, Reveal, Spell, Start, Take, Uncover, Upturn
from .catalogue import CATALOGUES, DEFAULT_CATALOGUE, Catalogue
from .engine import apply, start_game
from .names import LAYOUT_SIZE, MAGICIAN, SETUP, SLOT_INDEX
from .state import GameState

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cleo", "Dora", "Emil")
#: A random game that has not ended after this many actions is a bug, not bad luck.
MAX_ACTIONS = 50_000


class Table:
    """The physical cards of a game, shuffled and dealt from ``rng``."""

    def __init__(self, catalogue: Catalogue, players: int, rng: random.Random) -> None:
        self.catalogue = catalogue
        self.rng = rng
        deck = [c.id for c in catalogue.cards for _ in range(c.count)]
        rng.shuffle(deck)
        self.cards: list[list[str]] = [
            deck[i * LAYOUT_SIZE : (i + 1) * LAYOUT_SIZE] for i in range(players)
        ]
        self.pile: list[str] = deck[players * LAYOUT_SIZE :]  # the top card is last

    def fill(self, state: GameState, d: Action) -> Action:
        """The decision ``d`` with the cards the table shows filled in."""
        seat = state.seat(getattr(d, "player", "")) if hasattr(d, "player") else None
        match d:
            case Upturn():
                return Upturn(self.pile[-1])
            case Draw():
                return Draw(d.player, self.pile[-1])
            case Redraw():
                return Redraw(d.player, self.pile[-1])
            case Reveal():
                return Reveal(d.player, d.slot, self.cards[seat][SLOT_INDEX[d.slot]])
            case Take(discards=None) | Exchange(discards=None):
                under = self.cards[seat][SLOT_INDEX[d.slot]]
                return type(d)(d.player, d.slot, under)
            case Uncover():
                lay = self.cards[seat]
                return Uncover(d.player, tuple((s, lay[SLOT_INDEX[s]]) for s, _ in d.cards))
        return d

    def follow(self, before: GameState, a: Action, after: GameState) -> None:
        """Move the physical cards as ``a`` did (``before`` -> ``after``)."""
        seat = before.seat(a.player) if hasattr(a, "player") else None
        match a:
            case Upturn() | Draw():
                self.pile.pop()
            case Redraw():
                card = self.pile.pop()
                i = self.cards[seat].index("")
                if self.catalogue.kind(card) == MAGICIAN:
                    self._shuffle_in(card)
                else:
                    self.cards[seat][i] = card
            case Reveal() if before.phase == SETUP:
                i = SLOT_INDEX[a.slot]
                if self.catalogue.kind(a.card) == MAGICIAN:
                    self.cards[seat][i] = ""
                    self._shuffle_in(a.card)
            case Take():
                self.cards[seat][SLOT_INDEX[a.slot]] = before.top
            case Exchange():
                self.cards[seat][SLOT_INDEX[a.slot]] = before.drawn
            case Spell():
                other, m, t = before.seat(a.with_), SLOT_INDEX[a.slot], SLOT_INDEX[a.at]
                self.cards[seat][m], self.cards[other][t] = (
                    self.cards[other][t],
                    self.cards[seat][m],
                )
        if after.reshuffles > before.reshuffles:
            ids = [c.id for c in self.catalogue.cards]
            self.pile = [ids[i] for i, k in enumerate(after.pile_known) for _ in range(k)]
            self.rng.shuffle(self.pile)

    def _shuffle_in(self, card: str) -> None:
        self.pile.insert(self.rng.randrange(len(self.pile) + 1), card)


class RandomPlayer:
    """Chooses a legal decision for whoever is awaited, uniformly, from a seeded RNG."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        options = moves.legal_decisions(state)
        if not options:
            raise ValueError("no legal action: the game is over")
        return self.rng.choice(options)


def random_game_iter(
    players: int | Sequence[str] = 3,
    seed: int = 0,
    *,
    catalogue: Catalogue | None = None,
) -> Iterator[tuple[Action, GameState]]:
    """Yield (action, state after it) for a whole random game, the start first.

    With a ``catalogue`` the companion does not know by name, the start line carries it."""
    names = tuple(DEFAULT_NAMES[:players]) if isinstance(players, int) else tuple(players)
    cat = catalogue or CATALOGUES[DEFAULT_CATALOGUE]
    player = RandomPlayer(seed)
    table = Table(cat, len(names), player.rng)
    inline = None if CATALOGUES.get(cat.name) == cat else cat
    start = Start(names, cat.name, inline)
    state = start_game(start)
    yield start, state
    for _ in range(MAX_ACTIONS):
        if state.finished:
            return
        action = table.fill(state, player.choose(state))
        after = apply(state, action)
        table.follow(state, action, after)
        state = after
        yield action, state
    raise RuntimeError(f"random game (seed {seed}) did not end after {MAX_ACTIONS} actions")


def random_game(players: int | Sequence[str] = 3, seed: int = 0, **kw) -> list[Action]:
    """The actions of a whole random legal game, start first."""
    return [a for a, _ in random_game_iter(players, seed, **kw)]
