"""``start_game`` and ``apply``: the Heuchel & Meuchel rules as a pure fold over actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...errors import IllegalAction
from ...i18n.message import msg, nmsg
from ..common import engine as common
from . import turns
from .actions import Action, Discard, End, Move, Roll, Start, Take
from .names import (
    CARDS,
    CARDS_PER_PLAYER,
    CLASS_OF,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROWS,
    START_OF,
    TITLE,
)
from .state import MOVE, ROLL, GameState, Turn, Unit
from .text import and_list, card_words, class_word

_HANDLERS = {
    Move: turns.move,
    Take: turns.take,
    End: turns.end,
    Roll: turns.roll,
    Discard: turns.discard,
}


def check_setup(start: Start) -> None:
    """The setup rules: 2 to 6 players, 6 distinct cards each, every stack on the
    starting square of its class (so one class a stack, one stack a class)."""
    players = tuple(start.players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(
            msg(
                "{title} is played by {least} to {most} players (36 cards, 6 each), not {n}",
                title=TITLE,
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                n=len(players),
            )
        )
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise IllegalAction(msg("every player needs a name of his own (distinct and not blank)"))
    if len(start.stacks) != len(players):
        raise IllegalAction(msg("every player, and nobody else, places stacks at the start"))
    seen: Counter[str] = Counter()
    for name, stacks in zip(players, start.stacks, strict=True):
        cards = [c for st in stacks for c in st]
        unknown = [c for c in cards if c not in CLASS_OF]
        if unknown:
            raise IllegalAction(
                msg("{name} places unknown cards {cards}", name=name, cards=", ".join(unknown))
            )
        if len(cards) != CARDS_PER_PLAYER:
            raise IllegalAction(
                msg(
                    "each player takes {each} cards; {name} places {n}",
                    each=CARDS_PER_PLAYER,
                    name=name,
                    n=len(cards),
                )
            )
        classes = []
        for st in stacks:
            if not st:
                raise IllegalAction(msg("{name} places an empty stack", name=name))
            mixed = {CLASS_OF[c] for c in st}
            if len(mixed) > 1:
                raise IllegalAction(
                    msg(
                        "{name}'s stack {cards} mixes classes: each card goes on the"
                        " starting square of its own class",
                        name=name,
                        cards=", ".join(st),
                    )
                )
            classes.append(CLASS_OF[st[0]])
        doubled = sorted({c for c in classes if classes.count(c) > 1})
        if doubled:
            raise IllegalAction(
                msg(
                    "{name} places two stacks of the {classes} class: cards for the"
                    " same square go into one stack",
                    name=name,
                    classes=and_list(class_word(c) for c in doubled),
                )
            )
        seen.update(cards)
    twice = [c for c in CARDS if seen[c] > 1]
    if twice:
        raise IllegalAction(
            nmsg(
                "every card is dealt once, but {cards} is placed twice",
                "every card is dealt once, but {cards} are placed twice",
                len(twice),
                cards=and_list(card_words(c) for c in twice),
            )
        )


def start_game(start: Start) -> GameState:
    """The state after setup: the stacks on their starting squares, the start player
    (the first listed) to move (with dice: to roll)."""
    if start.game != GAME:
        raise IllegalAction(
            msg("this is a {game!r} engine, not one for {other!r}", game=GAME, other=start.game)
        )
    check_setup(start)
    board = []
    for stacks in start.stacks:
        col: list[Unit | None] = [None] * ROWS
        for st in stacks:
            col[START_OF[st[0]] - 1] = Unit(tuple(st))
        board.append(tuple(col))
    n = len(start.players)
    return GameState(
        players=tuple(start.players),
        board=tuple(board),
        discards=((),) * n,
        dice=start.dice,
        turn=Turn(0, ROLL if start.dice else MOVE),
    )


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or ``IllegalAction`` saying why it is not allowed now."""
    return common.dispatch(state, action, _HANDLERS, start=Start, over=_over)


def _over(state: GameState) -> str:
    return msg("the game is over; the winners are {winners}", winners=and_list(state.winners))


def replay(actions: Iterable[Action]) -> GameState:
    """Fold a start and the actions after it into a state."""
    return common.replay(start_game, apply, actions)


__all__ = ["apply", "check_setup", "replay", "start_game"]
