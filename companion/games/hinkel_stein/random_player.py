"""A seeded random legal player, and a torque model of the scale to decide the tilt.

The player picks uniformly among the legal actions (``moves.legal_actions``), where
"move the Stone of Fate" counts as one action whose position is then drawn uniformly
from the allowed stretches of beam, and "let the scale settle" as one action whose side
comes from the torque model. Randomness comes only from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..common.engine import play_out
from . import moves
from .actions import Action, Fate, Start, Tilt
from .engine import apply, start_game
from .names import (
    BOULDER,
    FATE_HOME_X_MM,
    KINDS,
    KINDS_DEALT_3P,
    LEFT,
    NOTCH_X_MM,
    RIGHT,
    SPACE_CENTRE_MM,
    SPACES,
    fate_intervals_mm,
)
from .state import GameState

#: Nominal stone masses in grams (``spec/scale.md``, the default profile).
NOMINAL_MASSES_G: dict[str, float] = {
    "P1": 60, "P2": 110,
    "H1": 35, "H2": 50, "H3": 65, "H4": 80, "H5": 95,
    "Q1": 30, "Q2": 45, "Q3": 60, "Q4": 75, "Q5": 90,
    "B1": 40, "B2": 55, "B3": 70, "B4": 85, "B5": 100,
}  # fmt: skip

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cleo", "Dora")


@dataclass(frozen=True, slots=True)
class ScaleModel:
    """Rigid-beam statics: masses (g) at positions (mm from the middle notch).

    The scale rests on the side the net torque about the pivot points to.
    """

    stone_mass_g: Mapping[str, float] = field(default_factory=lambda: dict(NOMINAL_MASSES_G))
    space_x_mm: Mapping[str, float] = field(default_factory=lambda: dict(SPACE_CENTRE_MM))
    notch_x_mm: Mapping[str, float] = field(default_factory=lambda: dict(NOTCH_X_MM))
    beam_mass_g: float = 180.0
    beam_centre_x_mm: float = 0.0
    fate_mass_g: float = 75.0

    def torque_gmm(self, state: GameState) -> float:
        """Net torque (g·mm) about the pivot; positive turns the right side down."""
        r = state.round
        p = self.notch_x_mm[r.notch]
        tau = self.beam_mass_g * (self.beam_centre_x_mm - p) + self.fate_mass_g * (r.fate_x - p)
        for space, pl in zip(SPACES, r.placements, strict=True):
            if pl is not None:
                m = sum(self.stone_mass_g[s] for s in pl.stones)
                tau += m * (self.space_x_mm[space] - p)
        return tau

    def down(self, state: GameState, rng: random.Random) -> str:
        """The side that comes to rest on the ground; a dead balance goes either way."""
        tau = self.torque_gmm(state)
        if tau > 0:
            return RIGHT
        if tau < 0:
            return LEFT
        return rng.choice((LEFT, RIGHT))


class RandomPlayer:
    """Chooses a legal action for whoever is awaited, uniformly, from a seeded RNG."""

    def __init__(self, seed: int, *, model: ScaleModel | None = None) -> None:
        self.rng = random.Random(seed)
        self.model = model or ScaleModel()
        self._fate_spans = fate_intervals_mm()

    def choose(self, state: GameState) -> Action:
        options: list[Action | str] = list(moves.legal_actions(state))
        if moves.fate_open(state):
            options.append("fate")
        if moves.tilt_open(state):
            options.append("tilt")
        if not options:
            raise ValueError("no legal action: the game is over")
        pick = self.rng.choice(options)
        if pick == "tilt":
            return Tilt(self.model.down(state, self.rng))
        if pick == "fate":
            return Fate(state.players[state.holder(BOULDER)], self._fate_x())
        return pick

    def _fate_x(self) -> float:
        spans = self._fate_spans
        lengths = [hi - lo for lo, hi in spans]
        lo, hi = self.rng.choices(spans, weights=lengths)[0]
        x = round(self.rng.uniform(lo, hi))
        return float(min(max(x, lo + 1), hi - 1))


def random_deal(players: Sequence[str], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Shuffle the stone cards and deal them as the rulebook says for this many players."""
    n = len(players)
    cards = list(KINDS_DEALT_3P if n == 3 else KINDS)
    rng.shuffle(cards)
    if n == 2:
        return ((cards[0], cards[1]), (cards[2], cards[3]))
    return tuple((c,) for c in cards)


def random_game_iter(
    players: int | Sequence[str] = 4,
    seed: int = 0,
    *,
    model: ScaleModel | None = None,
    supply: int = 50,
    fate_home_x: float = FATE_HOME_X_MM,
) -> Iterator[tuple[Action, GameState]]:
    """Yield (action, state after it) for a whole random game, the start first."""
    names = tuple(DEFAULT_NAMES[:players]) if isinstance(players, int) else tuple(players)
    player = RandomPlayer(seed, model=model)
    start = Start(names, random_deal(names, player.rng), supply)
    yield from play_out(start, start_game(start, fate_home_x=fate_home_x), player.choose, apply)


def random_game(players: int | Sequence[str] = 4, seed: int = 0, **kw) -> list[Action]:
    """The actions of a whole random legal game, start first."""
    return [a for a, _ in random_game_iter(players, seed, **kw)]
