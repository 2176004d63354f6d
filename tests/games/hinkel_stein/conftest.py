"""Helpers for the Hinkel & Stein rule tests: a tiny game builder driven by short calls.

    g = four()                      # Ana pillar, Ben hinkelstein, Cid quartz, Dora boulder
    g.condition("heavier")          # by the chieftain
    g.turn("Ben", "L1")             # call Ben, stake add 1, place his smallest stone on L1
    g.turn("Cid", "R1", add=4)      # any stake: add=n or take=1 (none when none is due)
    g.tilt("left")                  # the scale settles with its left side down

Every call applies one or more real actions through the public ``apply`` and keeps the
state in ``g.state``; ``g.rejects(action, *words)`` checks that an action is refused with
a message containing ``words`` and that the state is left exactly as it was.
"""

from __future__ import annotations

import copy

import pytest

from companion.errors import IllegalAction
from companion.games.hinkel_stein import (
    Answer,
    Boulder,
    Call,
    Condition,
    Fate,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
    Start,
    Tilt,
    apply,
    awaiting,
    start_game,
)
from companion.games.hinkel_stein import queries as q

PLAYERS4 = ("Ana", "Ben", "Cid", "Dora")
DEAL4 = (("pillar",), ("hinkelstein",), ("quartz",), ("boulder",))
PLAYERS3 = ("Ana", "Ben", "Cid")
DEAL3 = (("pillar",), ("hinkelstein",), ("boulder",))
PLAYERS2 = ("Ana", "Ben")
DEAL2 = (("pillar", "quartz"), ("hinkelstein", "boulder"))


class Game:
    """A game under way; each method applies real actions and returns ``self``."""

    def __init__(self, state):
        self.state = state

    # -- reading the state -------------------------------------------------------
    @property
    def chieftain(self) -> str:
        return self.state.players[self.state.chieftain]

    @property
    def discs(self) -> dict[str, int]:
        return dict(zip(self.state.players, self.state.discs, strict=True))

    @property
    def pot(self) -> int:
        return self.state.pot

    @property
    def supply(self) -> int:
        return self.state.supply

    @property
    def awaited(self) -> tuple[str | None, str] | None:
        aw = awaiting(self.state)
        return None if aw is None else (aw.player, aw.action)

    @property
    def on_turn(self) -> str:
        return self.state.players[self.state.round.turn.player]

    def available(self, kind: str) -> tuple[str, ...]:
        return self.state.available(kind)

    def kinds(self, name: str) -> tuple[str, ...]:
        return self.state.cards[self.state.players.index(name)]

    def holder(self, kind: str) -> str:
        return self.state.players[self.state.holder(kind)]

    def total(self) -> int:
        s = self.state
        return s.supply + s.pot + sum(s.discs)

    # -- acting ------------------------------------------------------------------
    def do(self, action) -> Game:
        self.state = apply(self.state, action)
        # Spec "Supply": "The total of supply, pot and all players' discs never changes."
        assert self.total() == self.state.total
        assert min(self.state.supply, self.state.pot, *self.state.discs) >= 0
        return self

    def rejects(self, action, *words: str) -> str:
        """Assert ``action`` is refused, its message names ``words``, the state is unchanged."""
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as err:
            apply(self.state, action)
        message = str(err.value)
        for w in words:
            assert w in message, f"{w!r} not in {message!r}"
        assert self.state == before
        return message

    def condition(self, wins: str = "heavier", by: str | None = None) -> Game:
        return self.do(Condition(by or self.chieftain, wins))

    def offer(self, to: str, by: str | None = None) -> Game:
        return self.do(Offer(by or self.chieftain, to))

    def answer(self, accept: bool, by: str | None = None) -> Game:
        r = self.state.round
        return self.do(Answer(by or self.state.players[r.offered_to], accept))

    def call(self, name: str, stones: str = "own") -> Game:
        return self.do(Call(self.chieftain, name, stones))

    def mode(self, kind: str, active: bool) -> Game:
        return self.do(Mode(self.on_turn, kind, active))

    def stake(self, add: int | None = None, take: int | None = None) -> Game:
        return self.do(Stake(self.on_turn, add=add, take=take))

    def notch(self, notch: str) -> Game:
        return self.do(Notch(self.on_turn, notch))

    def place(self, space: str, *stones: str) -> Game:
        """Place ``stones`` (default: the smallest stone the open turn may place)."""
        if not stones:
            stones = q.stone_options(self.state)[0]
        return self.do(Place(self.on_turn, tuple(stones), space))

    def turn(
        self,
        name: str,
        space: str,
        *stones: str,
        add: int | None = 1,
        take: int | None = None,
        kind: str | None = None,
        active: bool = True,
        quartz: bool = False,
    ) -> Game:
        """A whole turn: call, (2p) mode, the stake when one is due, place."""
        self.call(name, "quartz" if quartz else "own")
        if self.state.n == 2:
            self.mode(kind, active)
        if q.stake_due(self.state):
            self.stake(add=None if take else add, take=take)
        return self.place(space, *stones)

    def boulder(self, space: str | None = None) -> Game:
        space = space or q.boulder_space_option(self.state)
        return self.do(Boulder(self.holder("boulder"), ("B1",), space))

    def fate(self, x: float) -> Game:
        return self.do(Fate(self.holder("boulder"), x))

    def tilt(self, down: str) -> Game:
        return self.do(Tilt(down))

    def keep(self, stone: str) -> Game:
        return self.do(Keep(self.holder("boulder"), stone))

    # -- whole rounds --------------------------------------------------------------
    def round4(self, spaces: dict[str, str], down: str, wins: str = "heavier", **stakes) -> Game:
        """A 4-player round: ``spaces`` maps each player (in calling order) to his space;
        ``stakes`` maps a player to a stake dict, e.g. ``Ben={"take": 1}`` (default add 1)."""
        self.condition(wins)
        for name, space in spaces.items():
            st = stakes.get(name, {"add": 1})
            self.turn(name, space, add=st.get("add"), take=st.get("take"))
        return self.tilt(down)

    def auto_round(self, down: str = "left", take: bool = False) -> Game:
        """Play the round under way with the first legal choice at each step
        (stake add 1, or take 1 when ``take``; decline offers; keep the first boulder),
        ending with ``tilt(down)``."""
        start = (self.state.pass_no, self.state.round_no)
        while not self.state.finished and (self.state.pass_no, self.state.round_no) == start:
            aw = awaiting(self.state)
            if aw.action == "keep":
                self.keep(self.state.keep_pending[0])
            elif aw.action == "answer":
                self.answer(False)
            elif aw.action == "condition":
                self.condition("heavier")
            elif aw.action == "call":
                seat, stones = q.call_options(self.state)[0]
                self.call(self.state.players[seat], stones)
            elif aw.action == "mode":
                self.mode(*q.mode_options(self.state)[0])
            elif aw.action == "stake":
                ch = q.stake_choices(self.state)
                if take and ch.take:
                    self.stake(take=1)
                else:
                    self.stake(add=ch.adds[0])
            elif aw.action == "place":
                self.place(q.free_spaces(self.state)[0])
            else:
                self.tilt(down)
        return self

    def play_rounds(self, n: int, down: str = "left", take: bool = False) -> Game:
        for _ in range(n):
            self.auto_round(down, take)
        return self

    def play_to_end(self, down: str = "left", take: bool = False) -> Game:
        while not self.state.finished:
            self.auto_round(down, take)
        return self


def new_game(players, deal, supply: int = 50, fate_home_x: float = -60.0) -> Game:
    return Game(start_game(Start(tuple(players), tuple(deal), supply), fate_home_x=fate_home_x))


@pytest.fixture
def four():
    """A 4-player game: Ana pillars (first chieftain), Ben Hinkelsteine, Cid quartz,
    Dora boulders. Pass ``supply=`` to start with another supply."""

    def make(supply: int = 50, deal=DEAL4, players=PLAYERS4) -> Game:
        return new_game(players, deal, supply)

    return make


@pytest.fixture
def three():
    """A 3-player game: Ana pillars (first chieftain), Ben Hinkelsteine, Cid boulders;
    the quartz stones are neutral."""

    def make(supply: int = 50, deal=DEAL3, players=PLAYERS3) -> Game:
        return new_game(players, deal, supply)

    return make


@pytest.fixture
def two():
    """A 2-player game: Ana [pillar, quartz] (first chieftain), Ben [hinkelstein, boulder]."""

    def make(supply: int = 50, deal=DEAL2, players=PLAYERS2) -> Game:
        return new_game(players, deal, supply)

    return make


@pytest.fixture
def game():
    """Any game: ``game(players, deal, supply=50, fate_home_x=-60)``."""
    return new_game
