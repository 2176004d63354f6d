"""``start_game`` and ``apply``: the Stein auf Stein rules as a pure fold over actions."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg
from ..common import engine as common
from . import turns
from .actions import Action, Fall, Lift, Measure, Pile, Roll, Start, Stop
from .catalogue import Catalogue
from .names import (
    BUILDS,
    FISHING,
    GAME,
    MAX_PLAYERS,
    MEASURED,
    MIN_PLAYERS,
    ORDERS,
    ROW,
    SCORINGS,
    SOLO,
    SOLO_PLAYERS,
    VARIANTS,
    YARDSTICK,
    default_build,
    default_order,
    default_scoring,
)
from .state import GameState
from .text import and_list, or_list, word

_HANDLERS = {
    Roll: turns.roll,
    Lift: turns.lift,
    Pile: turns.pile,
    Stop: turns.stop,
    Fall: turns.fall,
    Measure: turns.measure,
}


def start_game(start: Start) -> GameState:
    """The state before the first roll: every block on the building site, the first
    player listed on turn."""
    if start.game != GAME:
        raise IllegalAction(
            msg("this is a {game!r} engine, not one for {other!r}", game=GAME, other=start.game)
        )
    v = start.variant
    if v not in VARIANTS:
        raise IllegalAction(
            msg("unknown variant {v!r}; the variants are {known}", v=v, known=", ".join(VARIANTS))
        )
    players = tuple(start.players)
    if v == SOLO and len(players) != SOLO_PLAYERS:
        raise IllegalAction(
            msg("the solo constructor plays alone, not with {n} players", n=len(players))
        )
    if v != SOLO and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(
            msg(
                "Stein auf Stein is played by {least} to {most} players (one peg"
                " each on the yardstick), not {n}; alone, play the variant {solo!r}",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                n=len(players),
                solo=SOLO,
            )
        )
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise IllegalAction(
            msg("every player needs a name of his own (names must be distinct and not blank)")
        )
    scoring = start.scoring or default_scoring(v)
    if scoring not in SCORINGS:
        raise IllegalAction(
            msg(
                "scoring must be {allowed}, not {given!r}",
                allowed=or_list(SCORINGS),
                given=scoring,
            )
        )
    if v == YARDSTICK and scoring != MEASURED:
        raise IllegalAction(
            msg(
                "the yardstick variant measures the rows with the yardstick (scoring 'measured');"
                " to compare rows computed from the blocks, play the variant 'basic'"
            )
        )
    if v != SOLO and (start.build is not None or start.order is not None):
        raise IllegalAction(
            msg(
                "only the solo constructor chooses 'build' and 'order'; the variant {v!r}"
                " builds a {build} in fishing order",
                v=v,
                build=word("build", default_build(v)),
            )
            if default_order(v) == FISHING
            else msg(
                "only the solo constructor chooses 'build' and 'order'; the variant {v!r}"
                " builds a {build}",
                v=v,
                build=word("build", default_build(v)),
            )
        )
    build = start.build or default_build(v)
    order = start.order or default_order(v)
    if build not in BUILDS:
        raise IllegalAction(
            msg("build must be {allowed}, not {given!r}", allowed=or_list(BUILDS), given=build)
        )
    if order not in ORDERS:
        raise IllegalAction(
            msg("order must be {allowed}, not {given!r}", allowed=or_list(ORDERS), given=order)
        )
    if build == ROW and order == FISHING:
        raise IllegalAction(
            msg("a row has no order to keep: fishing order is for a tower (build 'tower')")
        )
    catalogue = Catalogue.of(start.blocks, start.die)
    n = len(players)
    return GameState(
        players=players,
        variant=v,
        scoring=scoring,
        build=build,
        order=order,
        catalogue=catalogue,
        site=frozenset(b.id for b in catalogue.blocks),
        kept=((),) * n,
        towers=((),) * n,
        measured=(None,) * n,
    )


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or ``IllegalAction`` saying why it is not allowed now."""
    return common.dispatch(state, action, _HANDLERS, start=Start, over=_over)


def _over(state: GameState) -> str:
    if state.winners:
        return msg("the game is over; won by {winners}", winners=and_list(state.winners))
    return msg("the game is over; nobody won")


def replay(actions: Iterable[Action]) -> GameState:
    """Fold a start and the actions after it into a state."""
    return common.replay(start_game, apply, actions)


__all__ = ["apply", "replay", "start_game"]
