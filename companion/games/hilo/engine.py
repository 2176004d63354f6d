"""``start_game`` and ``apply``: the HiLo rules as a pure fold over actions."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg
from ..common import engine as common
from . import turns
from .actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Redraw,
    Reveal,
    Spell,
    Start,
    Take,
    Uncover,
    Upturn,
)
from .catalogue import CATALOGUES, Catalogue
from .names import GAME, LAYOUT_SIZE, MIN_PLAYERS, UPTURN
from .state import GameState, new_layouts

_HANDLERS = {
    Upturn: turns.upturn,
    Reveal: turns.reveal,
    Redraw: turns.redraw,
    Take: turns.take,
    Draw: turns.draw,
    Exchange: turns.exchange,
    Discard: turns.discard,
    Spell: turns.spell,
    Uncover: turns.uncover,
}


def catalogue_for(start: Start) -> Catalogue:
    """The deck a start line names: its own ``cards``, or a catalogue known by name."""
    if start.cards is not None:
        if start.cards.name != start.catalogue:
            raise IllegalAction(
                msg(
                    "the start line names the catalogue {named!r} but carries {carried!r}",
                    named=start.catalogue,
                    carried=start.cards.name,
                )
            )
        return start.cards
    cat = CATALOGUES.get(start.catalogue)
    if cat is None:
        raise IllegalAction(
            msg(
                "unknown catalogue {name!r}; the companion knows {known}"
                " (or give the deck's 'cards' in the start line)",
                name=start.catalogue,
                known=", ".join(CATALOGUES),
            )
        )
    return cat


def start_game(start: Start) -> GameState:
    """The state after the deal: 12 cards face down for each player, the rest as the
    draw pile; the discard pile's first card (``upturn``) is awaited."""
    if start.game != GAME:
        raise IllegalAction(
            msg("this is a {game!r} engine, not one for {other!r}", game=GAME, other=start.game)
        )
    cat = catalogue_for(start)
    players = tuple(start.players)
    most = cat.max_players(LAYOUT_SIZE)
    if most < MIN_PLAYERS:
        raise IllegalAction(
            msg(
                "the {size}-card catalogue {name!r} is too small for HiLo:"
                " {least} players need at least {cards} cards"
                " (12 each, a discard and a draw pile)",
                size=cat.size,
                name=cat.name,
                least=MIN_PLAYERS,
                cards=MIN_PLAYERS * LAYOUT_SIZE + 2,
            )
        )
    if not MIN_PLAYERS <= len(players) <= most:
        raise IllegalAction(
            msg(
                "HiLo with the {size}-card catalogue {name!r} is played by"
                " {least} to {most} players (12 cards each, a discard and a draw pile),"
                " not {n}",
                size=cat.size,
                name=cat.name,
                least=MIN_PLAYERS,
                most=most,
                n=len(players),
            )
        )
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise IllegalAction(
            msg("every player needs a name of his own (names must be distinct and not blank)")
        )
    dealt = LAYOUT_SIZE * len(players)
    return GameState(
        players=players,
        catalogue=cat,
        layouts=new_layouts(len(players)),
        discard=(),
        pile_size=cat.size - dealt,
        pile_known=(0,) * len(cat.cards),
        unseen=cat.counts(),
        phase=UPTURN,
    )


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or ``IllegalAction`` saying why it is not allowed now."""
    return common.dispatch(state, action, _HANDLERS, start=Start, over=turns.over_words)


def replay(actions: Iterable[Action]) -> GameState:
    """Fold a start and the actions after it into a state."""
    return common.replay(start_game, apply, actions)


__all__ = ["apply", "catalogue_for", "replay", "start_game"]
