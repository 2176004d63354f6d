"""A compact way to write a Stein auf Stein game in tests, one record line a string.

    Ana roll red          Ana lift R1 G2        Ana lift          (nothing hooked)
    Ana pile R1           Ana stop              Ana fall
    Ana measure 120       Ana measure 275 remaining

Each line becomes a record object and goes through ``parse_action``, so the tests
exercise the record format too. ``Table`` checks after every action that each block is
in exactly one place.
"""

from __future__ import annotations

import copy

import pytest

from companion.errors import IllegalAction
from companion.games.stein_auf_stein import STANDARD, apply, awaiting, parse_action, start_game
from companion.games.stein_auf_stein.catalogue import Catalogue
from companion.games.stein_auf_stein.record import block_record


def start_record(
    variant: str = "basic",
    players=("Ana", "Ben"),
    *,
    catalogue: Catalogue = STANDARD,
    **options,
) -> dict:
    """A start line for ``variant`` with ``options`` (scoring, build, order)."""
    return {
        "type": "start",
        "game": "stein-auf-stein",
        "variant": variant,
        "players": list(players),
        **options,
        "blocks": [block_record(b) for b in catalogue.blocks],
        "die": list(catalogue.die),
    }


def record(line: str) -> dict:
    who, t, *rest = line.split()
    o: dict = {"type": t, "player": who}
    if t == "roll":
        o["colour"] = rest[0]
    elif t == "lift":
        o["blocks"] = rest
    elif t == "pile":
        o["block"] = rest[0]
    elif t == "measure":
        o["mm"] = float(rest[0]) if "." in rest[0] else int(rest[0])
        if len(rest) > 1:
            o["of"] = rest[1]
    elif t not in ("stop", "fall"):
        raise ValueError(f"script: unknown action {line!r}")
    return o


class Table:
    """A game under way: ``do`` applies script lines, ``rejects`` checks a refusal."""

    def __init__(self, variant: str = "basic", players=("Ana", "Ben"), **kw) -> None:
        self.records = [start_record(variant, players, **kw)]
        self.state = start_game(parse_action(self.records[0]))
        self.all_blocks = {b.id for b in self.state.catalogue.blocks}
        self.check()

    def do(self, *lines: str) -> Table:
        for line in lines:
            self.records.append(record(line))
            self.state = apply(self.state, parse_action(self.records[-1]))
            self.check()
        return self

    def check(self) -> None:
        """Every block is on the site or with exactly one player; towers and the blocks
        waiting to be piled are among the player's blocks."""
        s = self.state
        kept = [b for ks in s.kept for b in ks]
        assert len(kept) == len(set(kept))
        assert s.site.isdisjoint(kept)
        assert s.site | set(kept) == self.all_blocks
        for i in range(s.n):
            assert set(s.towers[i]) <= set(s.kept[i])
        assert set(s.to_pile) <= set(s.kept[s.turn])

    def rejects(self, line: str, *words: str) -> str:
        """``line`` is refused with a message containing ``words``; the state is unchanged.
        At least one word is required: a refusal must say why, not merely happen."""
        assert words, "say which words the refusal's reason must contain"
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as err:
            apply(self.state, parse_action(record(line)))
        message = str(err.value)
        for w in words:
            assert w in message, f"{w!r} not in {message!r}"
        assert self.state == before
        return message

    # -- reading ------------------------------------------------------------------
    def blocks(self, name: str) -> tuple[str, ...]:
        return self.state.kept[self.state.players.index(name)]

    def tower(self, name: str) -> tuple[str, ...]:
        return self.state.towers[self.state.players.index(name)]

    @property
    def site(self) -> set[str]:
        return set(self.state.site)

    @property
    def awaited(self) -> tuple[str, str] | None:
        aw = awaiting(self.state)
        return None if aw is None else (aw.player, aw.action)

    @property
    def winners(self) -> tuple[str, ...]:
        assert self.state.finished
        return self.state.winners
