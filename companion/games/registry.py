"""The games ``companion replay`` knows, by the name a record's ``start`` line gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .heuchel_meuchel import engine as hm_engine
from .heuchel_meuchel import record as hm_record
from .heuchel_meuchel import summary as hm_summary
from .heuchel_meuchel.names import GAME as HM_GAME
from .hilo import engine as hilo_engine
from .hilo import record as hilo_record
from .hilo import summary as hilo_summary
from .hilo.names import GAME as HILO_GAME
from .hilo.names import TITLE as HILO_TITLE
from .hinkel_stein import engine as hs_engine
from .hinkel_stein import record as hs_record
from .hinkel_stein import summary as hs_summary
from .hinkel_stein.names import GAME as HS_GAME
from .stein_auf_stein import engine as sas_engine
from .stein_auf_stein import record as sas_record
from .stein_auf_stein import summary as sas_summary
from .stein_auf_stein.names import GAME as SAS_GAME
from .stein_im_brett import engine as sib_engine
from .stein_im_brett import record as sib_record
from .stein_im_brett import summary as sib_summary
from .stein_im_brett.names import GAME as SIB_GAME
from .stein_im_brett.names import TITLE as SIB_TITLE


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
    HM_GAME: GameRules(
        name=HM_GAME,
        title="Heuchel & Meuchel",
        parse_action=hm_record.parse_action,
        start=hm_engine.start_game,
        apply=hm_engine.apply,
        to_json=hm_summary.to_json,
        to_text=hm_summary.to_text,
        to_record=hm_record.to_record,
    ),
    SAS_GAME: GameRules(
        name=SAS_GAME,
        title="Stein auf Stein",
        parse_action=sas_record.parse_action,
        start=sas_engine.start_game,
        apply=sas_engine.apply,
        to_json=sas_summary.to_json,
        to_text=sas_summary.to_text,
        to_record=sas_record.to_record,
    ),
    SIB_GAME: GameRules(
        name=SIB_GAME,
        title=SIB_TITLE,
        parse_action=sib_record.parse_action,
        start=sib_engine.start_game,
        apply=sib_engine.apply,
        to_json=sib_summary.to_json,
        to_text=sib_summary.to_text,
        to_record=sib_record.to_record,
    ),
    HILO_GAME: GameRules(
        name=HILO_GAME,
        title=HILO_TITLE,
        parse_action=hilo_record.parse_action,
        start=hilo_engine.start_game,
        apply=hilo_engine.apply,
        to_json=hilo_summary.to_json,
        to_text=hilo_summary.to_text,
        to_record=hilo_record.to_record,
    ),
}


def rules_for(game: Any) -> GameRules | None:
    """The rules for a game name, or None if the companion does not know it."""
    return GAMES.get(game) if isinstance(game, str) else None
