"""Helpers for the Heuchel & Meuchel rule tests.

    g = new_game({"Ana": ["Q2 Q6", "B1 B3", "P5 P3"], "Ben": [...]})   # stacks, top first
    g = position({"Ana": {4: "Q2 Q6 F4", 13: "*P1"}, "Ben": {4: "F6"}}, turn="Ana")
    g.do("Ana move 3 4", "Ana take Ben 1")    # script lines (see ``script.py``)
    g.at("Ana", 4)  -> "Q2 Q6 F4"   ("*" first when flipped, None when empty)
    g.rejects("Ana move 4 9", "above its own goal")   # at least one word of the reason

``position`` builds a state directly (any board, any stage of a turn) for rules that
are quicker to show on a prepared board than to reach from a setup. Every ``do`` checks
that no card appears or vanishes.
"""

from __future__ import annotations

import copy

import pytest

from companion.errors import IllegalAction
from companion.games.heuchel_meuchel import (
    GameState,
    Start,
    Turn,
    Unit,
    apply,
    awaiting,
    optional_actions,
    parse_action,
    scores,
    start_game,
)
from companion.games.heuchel_meuchel.moves import legal_actions
from companion.games.heuchel_meuchel.names import ROWS
from companion.games.heuchel_meuchel.state import MOVE, ROLL

from .script import record


class Game:
    """A game under way; ``do`` applies real actions and keeps the records written."""

    def __init__(self, state: GameState, start: dict | None = None):
        self.state = state
        self.records: list[dict] = [start] if start else []

    def do(self, *lines: str) -> Game:
        for line in lines:
            obj = record(line, self.state)
            before = self.state.card_count()
            self.state = apply(self.state, parse_action(obj))
            self.records.append(obj)
            # cards are never created or destroyed: board + discards stay the same
            assert self.state.card_count() == before, line
        return self

    def rejects(self, line: str, *words: str) -> str:
        """Assert ``line`` is refused, its message names ``words`` (the reason: at least
        one is required), the state is unchanged and no query offers the action."""
        assert words, f"rejects({line!r}) must name words of the reason it expects"
        before = copy.deepcopy(self.state)
        action = parse_action(record(line, self.state))
        with pytest.raises(IllegalAction) as err:
            apply(self.state, action)
        message = str(err.value)
        for w in words:
            assert w in message, f"{w!r} not in {message!r}"
        assert self.state == before
        assert action not in legal_actions(self.state), f"{line!r} is refused but offered"
        return message

    def at(self, name: str, row: int) -> str | None:
        u = self.state.unit(self.state.seat(name), row)
        if u is None:
            return None
        return ("*" if u.flipped else "") + " ".join(u.cards)

    def column(self, name: str) -> dict[int, str]:
        return {r: self.at(name, r) for r in range(1, ROWS + 1) if self.at(name, r)}

    def discards(self, name: str) -> tuple[str, ...]:
        return self.state.discards[self.state.seat(name)]

    @property
    def awaited(self) -> tuple[str, str] | None:
        aw = awaiting(self.state)
        return None if aw is None else (aw.player, aw.action)

    @property
    def optional(self) -> set[str]:
        return {o.action for o in optional_actions(self.state)}

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.state.players, scores(self.state), strict=True))

    @property
    def on_turn(self) -> str | None:
        t = self.state.turn
        return None if t is None else self.state.players[t.player]


def new_game(stacks: dict[str, list[str]], *, dice: bool = False) -> Game:
    """A game from its setup: each player's stacks as strings, top card first."""
    players = tuple(stacks)
    start = Start(players, tuple(tuple(tuple(s.split()) for s in v) for v in stacks.values()), dice)
    obj = {
        "type": "start",
        "game": "heuchel-meuchel",
        "players": list(players),
        "stacks": {p: [s.split() for s in v] for p, v in stacks.items()},
    }
    if dice:
        obj["dice"] = True
    assert parse_action(obj) == start
    return Game(start_game(start), obj)


def position(
    columns: dict[str, dict[int, str]],
    *,
    turn: str | None = None,
    dice: bool = False,
    stage: str | None = None,
    roll: int | None = None,
    at: int | None = None,
    taken: tuple[str, ...] = (),
    discards: dict[str, list[str]] | None = None,
) -> Game:
    """A prepared board: ``{name: {row: "B4 L1"}}`` (top first, ``*`` first = flipped)."""
    players = tuple(columns)
    board = []
    for p in players:
        col: list[Unit | None] = [None] * ROWS
        for row, text in columns[p].items():
            flipped = text.startswith("*")
            col[row - 1] = Unit(tuple(text.lstrip("*").split()), flipped)
        board.append(tuple(col))
    discards = discards or {}
    seat = players.index(turn or players[0])
    state = GameState(
        players=players,
        board=tuple(board),
        discards=tuple(tuple(discards.get(p, ())) for p in players),
        dice=dice,
        turn=Turn(
            seat,
            stage or (ROLL if dice else MOVE),
            roll=roll,
            at=at,
            taken=tuple(players.index(t) for t in taken),
        ),
    )
    return Game(state)
