"""The games ``companion replay`` knows, by the name a record's ``start`` line gives.

Every game package has the same shape: ``names.GAME``, ``engine.start_game`` and
``engine.apply``, ``record.parse_action`` and ``record.to_record``, ``summary.to_json``
``summary.to_text`` and ``summary.describe``; listing a package in ``_PACKAGES`` is all it takes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameRules:
    """What replaying a record of one game needs: parse, start, apply, summarise."""

    name: str
    title: str
    parse_action: Callable[[Any], Any | None]  # record object -> action (None: comment)
    start: Callable[[Any], Any]  # start action -> state
    apply: Callable[[Any, Any], Any]  # (state, action) -> state
    to_json: Callable[[Any], dict[str, Any]]
    to_text: Callable[[Any], str]
    to_record: Callable[[Any], dict[str, Any]]
    #: action -> one sentence in the table's words (``Ana places H3 on L2``): a ``Msg``
    describe: Callable[[Any], Any]


#: game package -> the title people know it by
_PACKAGES = {
    "hinkel_stein": "Hinkel & Stein",
    "heuchel_meuchel": "Heuchel & Meuchel",
    "stein_auf_stein": "Stein auf Stein",
    "stein_im_brett": "Stein im Brett",
    "hilo": "HiLo: Dein Königreich",
}


def _rules(package: str, title: str) -> GameRules:
    def module(name: str):
        return importlib.import_module(f"{__package__}.{package}.{name}")

    engine, record, summary = module("engine"), module("record"), module("summary")
    return GameRules(
        name=module("names").GAME,
        title=title,
        parse_action=record.parse_action,
        start=engine.start_game,
        apply=engine.apply,
        to_json=summary.to_json,
        to_text=summary.to_text,
        to_record=record.to_record,
        describe=summary.describe,
    )


GAMES: dict[str, GameRules] = {r.name: r for r in (_rules(p, t) for p, t in _PACKAGES.items())}


def rules_for(game: Any) -> GameRules | None:
    """The rules for a game name, or None if the companion does not know it."""
    return GAMES.get(game) if isinstance(game, str) else None
