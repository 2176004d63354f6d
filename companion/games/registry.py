"""The games ``companion replay`` knows, by the name a record's ``start`` line gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .hinkel_stein import engine as hs_engine
from .hinkel_stein import record as hs_record
from .hinkel_stein import summary as hs_summary
from .hinkel_stein.names import GAME as HS_GAME


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


GAMES: dict[str, GameRules] = {
    HS_GAME: GameRules(
        name=HS_GAME,
        title="Hinkel & Stein",
        parse_action=hs_record.parse_action,
        start=hs_engine.start_game,
        apply=hs_engine.apply,
        to_json=hs_summary.to_json,
        to_text=hs_summary.to_text,
        to_record=hs_record.to_record,
    ),
}


def rules_for(game: Any) -> GameRules | None:
    """The rules for a game name, or None if the companion does not know it."""
    return GAMES.get(game) if isinstance(game, str) else None
