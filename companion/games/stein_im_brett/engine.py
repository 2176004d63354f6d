"""``start_game`` and ``apply``: the Stein im Brett rules as a pure fold over actions."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg, nmsg
from ..common import engine as common
from . import turns
from .actions import Action, Draw, Place, Start
from .board import Board
from .layouts import DEFAULT, LAYOUTS
from .names import (
    BAG_PER_COLOUR,
    COLOUR_INDEX,
    COLOURS,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    colours_each,
)
from .state import GameState
from .text import and_list, colour

_HANDLERS = {Draw: turns.draw, Place: turns.place}


def start_game(start: Start) -> GameState:
    """The state before the draw for the starting player: the colours assigned, one stone
    of each shown in front of its owner or (unassigned) back in the box, 18 of every
    colour in the bag, the board empty."""
    if start.game != GAME:
        raise IllegalAction(
            msg("this is a {game!r} engine, not one for {other!r}", game=GAME, other=start.game)
        )
    players = tuple(start.players)
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(
            msg(
                "Stein im Brett is played by {least} to {most} players, not {n}",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                n=n,
            )
        )
    if len(set(players)) != n or not all(p.strip() for p in players):
        raise IllegalAction(
            msg("every player needs a name of his own (names must be distinct and not blank)")
        )
    owner = _assign(players, start.colours)
    board = _board(start)
    return GameState(
        players=players,
        board=board,
        colours=tuple(tuple(cs) for cs in start.colours),
        owner=owner,
        bag=(BAG_PER_COLOUR,) * len(COLOURS),
        box=tuple(0 if o is not None else 1 for o in owner),
        cells=(None,) * board.size,
        piles=((0,) * len(COLOURS),) * n,
    )


def _assign(players: tuple[str, ...], colours) -> tuple[int | None, ...]:
    """Per colour: the seat that chose it. Each player chooses 3 (2 players), 2 (3
    players) or 1 colour (4 to 6 players); no colour twice."""
    n = len(players)
    each = colours_each(n)
    if len(colours) != n:
        raise IllegalAction(
            msg("each of the {n} players chooses colours; {given} given", n=n, given=len(colours))
        )
    owner: list[int | None] = [None] * len(COLOURS)
    for seat, (p, cs) in enumerate(zip(players, colours, strict=True)):
        if len(cs) != each:
            raise IllegalAction(
                nmsg(
                    "with {n} players each player chooses {each} colour; {p} has {has} ({chosen})",
                    "with {n} players each player chooses {each} colours; {p} has {has} ({chosen})",
                    each,
                    n=n,
                    each=each,
                    p=p,
                    has=len(cs),
                    chosen=and_list(colour(c) for c in cs) if cs else msg("none"),
                )
            )
        for c in cs:
            if c not in COLOUR_INDEX:
                raise IllegalAction(
                    msg(
                        "{p} chose {c!r}, which is no colour of the game;"
                        " the colours are {colours}",
                        p=p,
                        c=c,
                        colours=and_list(colour(x) for x in COLOURS),
                    )
                )
            ci = COLOUR_INDEX[c]
            if owner[ci] is not None:
                other = players[owner[ci]]
                if owner[ci] == seat:
                    why = msg(
                        "each colour has one owner at most; {colour} is chosen twice",
                        colour=colour(c),
                    )
                else:
                    why = msg(
                        "each colour has one owner at most; {colour} is chosen by {a} and {b}",
                        colour=colour(c),
                        a=other,
                        b=p,
                    )
                raise IllegalAction(why)
            owner[ci] = seat
    return tuple(owner)


def _board(start: Start) -> Board:
    if start.layout is not None and start.board is not None:
        raise IllegalAction(msg("a start line names a 'layout' or carries a 'board', not both"))
    if start.board is not None:
        return Board.of(start.board)
    if start.layout is None:
        return DEFAULT
    if start.layout not in LAYOUTS:
        raise IllegalAction(
            msg(
                "unknown layout {layout!r}; the layouts are {layouts}"
                " (or carry the fields in 'board')",
                layout=start.layout,
                layouts=and_list(LAYOUTS),
            )
        )
    return LAYOUTS[start.layout]


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or ``IllegalAction`` saying why it is not allowed now."""
    return common.dispatch(state, action, _HANDLERS, start=Start, over=_over)


def _over(state: GameState) -> str:
    best = max(state.total(i) for i in range(state.n))
    return nmsg(
        "the game is over after {rounds} rounds; won by {winners} with {best} point",
        "the game is over after {rounds} rounds; won by {winners} with {best} points",
        best,
        rounds=state.round_no,
        winners=and_list(state.winners),
        best=best,
    )


def replay(actions: Iterable[Action]) -> GameState:
    """Fold a start and the actions after it into a state."""
    return common.replay(start_game, apply, actions)


__all__ = ["apply", "replay", "start_game"]
