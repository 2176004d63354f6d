"""``start_game`` and ``apply``: the Hinkel & Stein rules as a pure fold over actions."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg
from ..common import engine as common
from . import resolution, turns
from .actions import (
    Action,
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
)
from .discs import base_prize
from .names import BASE_PRIZE, BOULDER, FATE_HOME_X_MM, GAME, PILLAR, fate_position_allowed
from .state import GameState, RoundState
from .text import and_list

_HANDLERS = {
    Offer: turns.offer,
    Answer: turns.answer,
    Condition: turns.condition,
    Call: turns.call,
    Mode: turns.mode,
    Stake: turns.stake,
    Notch: turns.notch,
    Place: turns.place,
    Boulder: resolution.boulder,
    Fate: resolution.fate,
    Tilt: resolution.tilt,
    Keep: resolution.keep,
}


def start_game(start: Start, *, fate_home_x: float = FATE_HOME_X_MM) -> GameState:
    """The state at the first round's condition: base prize in the pot, the pillar
    holder as chieftain. ``fate_home_x`` (mm) is where the Stone of Fate rests."""
    if start.game != GAME:
        raise IllegalAction(
            msg("this is a {game!r} engine, not one for {other!r}", game=GAME, other=start.game)
        )
    players = tuple(start.players)
    if not 2 <= len(players) <= 4:
        raise IllegalAction(
            msg("Hinkel & Stein is played by 2, 3 or 4 players, not {n}", n=len(players))
        )
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise IllegalAction(
            msg("every player needs a name of his own (names must be distinct and not blank)")
        )
    if len(start.deal) != len(players):
        raise IllegalAction(msg("the deal must give cards to every player, and to nobody else"))
    resolution.check_deal(players, start.deal)
    if not fate_position_allowed(fate_home_x):
        raise IllegalAction(
            msg(
                "the Stone of Fate must rest on the beam and off the placement spaces,"
                " not at {x:g} mm",
                x=fate_home_x,
            )
        )
    if start.supply < 0:
        raise IllegalAction(msg("the supply cannot hold {n} discs", n=start.supply))
    cards = tuple(tuple(k) for k in start.deal)
    chief = next(i for i, ks in enumerate(cards) if PILLAR in ks)
    state = GameState(
        players=players,
        cards=cards,
        total=start.supply,
        supply=start.supply,
        pot=0,
        discs=(0,) * len(players),
        chieftain=chief,
        chief_kind=PILLAR if len(players) == 2 else None,
        round=RoundState(fate_x=fate_home_x),
        fate_home_x=fate_home_x,
    )
    return base_prize(state, BASE_PRIZE)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or ``IllegalAction`` saying why it is not allowed now."""
    return common.dispatch(state, action, _HANDLERS, start=Start, over=_over, guard=_first)


def _over(state: GameState) -> str:
    return msg("the game is over; the winners are {winners}", winners=and_list(state.winners))


def _first(state: GameState, action: Action) -> None:
    """An open offer must be answered, and a pending keep chosen, before anything else."""
    r = state.round
    kind = type(action)
    if r.offered_to is not None and not r.answered and kind is not Answer:
        to, chief = state.players[r.offered_to], state.players[state.chieftain]
        raise IllegalAction(
            msg("{to} must first answer {chief}'s offer of a partnership", to=to, chief=chief)
        )
    if state.keep_pending is not None and kind not in (Keep, Offer, Answer):
        holder = state.players[state.holder(BOULDER)]
        a, b = state.keep_pending
        raise IllegalAction(
            msg(
                "{holder} must first choose which boulder to keep, {a} or {b}",
                holder=holder,
                a=a,
                b=b,
            )
        )


def replay(actions: Iterable[Action]) -> GameState:
    """Fold a start and the actions after it into a state."""
    return common.replay(start_game, apply, actions)


__all__ = ["apply", "replay", "start_game"]
