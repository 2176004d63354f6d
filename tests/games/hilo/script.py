"""A compact way to write HiLo actions in tests, and small catalogues to play with.

Each line becomes a record object and goes through ``parse_action``, so the tests
exercise the record format too:

    upturn blank                 Ana reveal T1 mage          Ana redraw star
    Ana take T2                  Ana take T2 blank           (discards blank from T2)
    Ana draw dk                  Ana exchange B4 l           Ana discard
    Ana spell B3 Ben T4          Ana uncover B3=blank T2=r
"""

from __future__ import annotations

import copy

import pytest

from companion.errors import IllegalAction
from companion.games.hilo import apply, awaiting, parse_action, start_game
from companion.games.hilo.catalogue import from_dict
from companion.games.hilo.names import SLOTS
from companion.games.hilo.record import to_record

#: 30 cards, for hand-worked games. edges: half Sterntaler on (top, right, bottom, left).
TINY_CARDS = [
    {"id": "dk", "kind": "dragon-keeper", "edges": [0, 0, 0, 0], "count": 2},
    {"id": "dragon", "kind": "dragon", "edges": [0, 0, 0, 0], "count": 3},
    {"id": "wk", "kind": "wolf-keeper", "edges": [0, 0, 0, 0]},
    {"id": "wolf", "kind": "wolf", "edges": [0, 0, 0, 0], "count": 2},
    {"id": "mage", "kind": "magician", "edges": [0, 0, 0, 0], "count": 2},
    {"id": "phoenix", "kind": "phoenix", "edges": [0, 0, 0, 0], "count": 2},
    {"id": "r", "kind": "plain", "edges": [0, 1, 0, 0], "count": 3},
    {"id": "l", "kind": "plain", "edges": [0, 0, 0, 1], "count": 3},
    {"id": "t", "kind": "plain", "edges": [1, 0, 0, 0], "count": 2},
    {"id": "b", "kind": "plain", "edges": [0, 0, 1, 0], "count": 2},
    {"id": "star", "kind": "plain", "edges": [0, 0, 0, 0], "whole": 1, "count": 3},
    {"id": "blank", "kind": "plain", "edges": [0, 0, 0, 0], "count": 5},
]
TINY = from_dict({"name": "tiny-30", "cards": TINY_CARDS})

#: 44 cards, one design of each kind in plenty: for rule tests that need many copies.
WIDE_CARDS = [
    {"id": "dk", "kind": "dragon-keeper", "count": 3},
    {"id": "uk", "kind": "unicorn-keeper", "count": 2},
    {"id": "wk", "kind": "wolf-keeper", "count": 2},
    {"id": "dragon", "kind": "dragon", "count": 4},
    {"id": "unicorn", "kind": "unicorn", "count": 3},
    {"id": "wolf", "kind": "wolf", "count": 3},
    {"id": "mage", "kind": "magician", "count": 4},
    {"id": "phoenix", "kind": "phoenix", "count": 4},
    {"id": "r", "kind": "plain", "edges": [0, 1, 0, 0], "count": 3},
    {"id": "l", "kind": "plain", "edges": [0, 0, 0, 1], "count": 3},
    {"id": "t", "kind": "plain", "edges": [1, 0, 0, 0], "count": 3},
    {"id": "b", "kind": "plain", "edges": [0, 0, 1, 0], "count": 3},
    {"id": "star", "kind": "plain", "whole": 1, "count": 3},
    {"id": "blank", "kind": "plain", "count": 4},
]
WIDE = from_dict({"name": "wide-44", "cards": WIDE_CARDS})


def record(line: str) -> dict:
    w = line.split()
    if w[0] == "upturn":
        return {"type": "upturn", "card": w[1]}
    who, t, *rest = w
    o: dict = {"type": t, "player": who}
    if t == "reveal":
        o["slot"], o["card"] = rest
    elif t in ("redraw", "draw"):
        o["card"] = rest[0]
    elif t in ("take", "exchange"):
        o["slot"] = rest[0]
        if len(rest) > 1:
            o["discards"] = rest[1]
    elif t == "spell":
        o["slot"], o["with"], o["at"] = rest
    elif t == "uncover":
        o["cards"] = dict(x.split("=") for x in rest)
    elif t != "discard":
        raise ValueError(f"script: unknown action {line!r}")
    return o


def start_record(players=("Ana", "Ben"), catalogue=TINY, inline: bool = True) -> dict:
    o = {"type": "start", "game": "hilo", "players": list(players), "catalogue": catalogue.name}
    if inline:
        o["cards"] = [dict(c) for c in (TINY_CARDS if catalogue is TINY else WIDE_CARDS)]
    return o


class Game:
    """A game under way; ``do`` applies scripted lines through the record format."""

    def __init__(self, players=("Ana", "Ben"), catalogue=TINY):
        self.records = [start_record(players, catalogue)]
        self.state = start_game(parse_action(self.records[0]))

    def do(self, *lines: str) -> Game:
        for line in lines:
            obj = record(line)
            action = parse_action(obj)
            assert to_record(action) == obj  # every scripted line round-trips
            self.state = apply(self.state, action)
            self.records.append(obj)
            census = self.state.census()
            assert census == {c.id: c.count for c in self.state.catalogue.cards}
        return self

    def rejects(self, line: str, *words: str) -> str:
        """Assert the line is refused, its message names ``words``, the state is unchanged.

        At least one word is required: a refusal is checked for its reason (the rule and
        what is allowed instead), never only for being raised."""
        assert words and all(w.strip() for w in words), "rejects: name the refusal's reason"
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as err:
            apply(self.state, parse_action(record(line)))
        message = str(err.value)
        for w in words:
            assert w in message, f"{w!r} not in {message!r}"
        assert self.state == before
        return message

    # -- reading -------------------------------------------------------------------
    def layout(self, name: str) -> dict[str, str | None]:
        lay = self.state.layouts[self.state.players.index(name)]
        return dict(zip(SLOTS, lay, strict=True))

    def face_up(self, name: str) -> dict[str, str]:
        return {s: c for s, c in self.layout(name).items() if c}

    @property
    def awaited(self) -> tuple[str | None, str] | None:
        aw = awaiting(self.state)
        return None if aw is None else (aw.player, aw.action)

    @property
    def discard(self) -> tuple[str, ...]:
        return self.state.discard


def setup(players=("Ana", "Ben"), catalogue=TINY, upturn="blank", starts=None) -> Game:
    """A game past its setup: ``upturn`` on the discard pile, then each player turns
    over ``starts[name]`` (default: T1 shows ``blank``... ``star`` for the TINY deck)."""
    g = Game(players, catalogue)
    g.do(f"upturn {upturn}")
    starts = starts or {}
    for p in players:
        g.do(f"{p} reveal {starts.get(p, 'T1 star')}")
    return g
