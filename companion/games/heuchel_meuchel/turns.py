"""The rule handlers: one function per action type, each ``(state, action) -> state``.

Every handler checks the action against ``queries`` first and raises ``IllegalAction``
naming the rule and what is allowed instead; an illegal action changes nothing.
"""

from __future__ import annotations

from ...errors import IllegalAction
from ...i18n.message import msg
from . import board as b
from . import queries as q
from .actions import Discard, End, Move, Roll, Take
from .names import DIE_FACES, GOAL_OF, RANK_OF
from .state import DISCARD, FAVOURS, MOVE, ROLL, GameState, Turn, Unit, evolve
from .text import (
    card_title,
    card_words,
    cards_words,
    class_words,
    or_list,
    rows_list,
    rows_words,
    seat,
    unit_words,
)

# -- turn order and the end ------------------------------------------------------------


def end_turn(state: GameState) -> GameState:
    """Pass the turn clockwise to the next player with a card short of its goal, or end
    the game: without dice when at most one player can still move, with dice when none can.
    """
    movers = q.players_to_move(state)
    if not movers or (not state.dice and len(movers) <= 1):
        return finish(state)
    p = state.turn.player
    nxt = next(s for s in ((p + i) % state.n for i in range(1, state.n + 1)) if s in movers)
    return evolve(state, turn=Turn(nxt, ROLL if state.dice else MOVE), turn_no=state.turn_no + 1)


def finish(state: GameState) -> GameState:
    scores = q.scores(state)
    best = max(scores)
    winners = tuple(p for p, s in zip(state.players, scores, strict=True) if s == best)
    return evolve(state, turn=None, finished=True, winners=winners)


def _after_favour_step(state: GameState) -> GameState:
    """Stay in the favours stage while the player has a choice, else end the turn.

    Without dice the game ends at once when the take left nobody else anything to move:
    another move would be the last player moving alone (HM-12)."""
    if not state.dice and len(q.players_to_move(state)) <= 1:
        return finish(state)
    if q.take_options(state) or (q.may_move(state) and q.move_options(state)):
        return state
    if q.may_roll(state):
        return state
    return end_turn(state)


# -- messages ---------------------------------------------------------------------------


def awaited_words(state: GameState) -> str:
    """What the player on turn must do now, as a sentence part."""
    t = state.turn
    name = state.players[t.player]
    if t.stage == ROLL:
        return msg("{name} must roll the die", name=name)
    if t.stage == DISCARD:
        return msg(
            "{name} rolled a {roll}, which fits no move: Zugzwang, {name} must discard"
            " the top card of a stack on {rows}",
            name=name,
            roll=t.roll,
            rows=rows_list(q.discard_options(state)),
        )
    if t.stage == MOVE:
        if t.roll is not None:
            return msg(
                "{name} rolled a {roll} and must move a card or stack exactly {rows} up",
                name=name,
                roll=t.roll,
                rows=rows_words(t.roll),
            )
        return msg("{name} must move a card or stack", name=name)
    options = [msg("take favours")] if q.take_options(state) else []
    if q.may_roll(state):
        options.append(msg("roll for another move"))
    elif q.may_move(state):
        options.append(msg("move again"))
    return msg("{name} may {options}", name=name, options=or_list([*options, msg("end the turn")]))


def _on_turn(state: GameState, name: str) -> int:
    s = seat(state, name)
    if s != state.turn.player:
        raise IllegalAction(
            msg(
                "it is {who}'s turn, not {name}'s: {awaited}",
                who=state.players[state.turn.player],
                name=name,
                awaited=awaited_words(state),
            )
        )
    return s


def _why_not_there(state: GameState, s: int, a: Move, u: Unit, tos: tuple[int, ...]) -> str:
    roll = state.turn.roll
    goal = GOAL_OF[u.top]
    what = unit_words(u)
    if a.to <= a.row:
        reason = msg(
            "pawns always move upwards, never down or sideways: row {to} is not above row {row}",
            to=a.to,
            row=a.row,
        )
    elif a.to > goal:
        reason = msg(
            "no pawn may move above its own goal: {what} may go no higher than row {goal},"
            " the {cls}'s goal",
            what=what,
            goal=goal,
            cls=class_words(u.top),
        )
    elif roll is not None and a.to != a.row + roll:
        reason = msg(
            "{name} rolled a {roll}: the move must be exactly {rows},"
            " from row {row} to row {end}, not to row {to}",
            name=state.players[s],
            roll=roll,
            rows=rows_words(roll),
            row=a.row,
            end=a.row + roll,
            to=a.to,
        )
    elif not b.free_for(state.unit(s, a.to), goal):
        at = state.unit(s, a.to)
        if at.flipped:
            reason = msg(
                "row {to} holds flipped cards that reached their goal there: free only for"
                " their own class, occupied for the {cls}",
                to=a.to,
                cls=class_words(u.top),
            )
        else:
            reason = msg("row {to} is occupied: a move ends on a free square only", to=a.to)
    else:
        reason = msg(
            "row {to} cannot be reached from row {row}: a step onto a free square ends"
            " the move, and a jump goes on only over occupied squares",
            to=a.to,
            row=a.row,
        )
    if tos:
        return msg(
            "{reason}; from row {row} {what} may move to {rows}",
            reason=reason,
            row=a.row,
            what=what,
            rows=rows_list(tos),
        )
    others = q.move_options(state)
    if others:
        rows = rows_list(m.row for m in others)
        return msg(
            "{reason}; {what} cannot move now, the cards on {rows} can",
            reason=reason,
            what=what,
            rows=rows,
        )
    return reason


# -- handlers ---------------------------------------------------------------------------


def move(state: GameState, a: Move) -> GameState:
    s = _on_turn(state, a.player)
    t = state.turn
    if not q.may_move(state):
        if t.stage == FAVOURS and not t.taken:
            raise IllegalAction(
                msg(
                    "another move is earned only by taking favours first: {awaited}",
                    awaited=awaited_words(state),
                )
            )
        if t.stage == FAVOURS:
            raise IllegalAction(
                msg(
                    "with dice, another move after favours needs a new roll: {awaited}",
                    awaited=awaited_words(state),
                )
            )
        raise IllegalAction(msg("not yet: {awaited}", awaited=awaited_words(state)))
    u = state.unit(s, a.row)
    if u is None:
        rows = [r for r, x in state.units(s) if not x.flipped]
        raise IllegalAction(
            msg(
                "there is no card on row {row} of {name}'s column; the cards short of"
                " their goal stand on {rows}",
                row=a.row,
                name=a.player,
                rows=rows_list(rows),
            )
        )
    if u.flipped:
        raise IllegalAction(
            msg(
                "the cards on row {row} have reached their goal and are flipped: they move no more",
                row=a.row,
            )
        )
    if not 1 <= a.cards <= len(u.cards):
        raise IllegalAction(
            msg(
                "the stack on row {row} holds {cards}: move 1 to {n} of them, from the top",
                row=a.row,
                cards=cards_words(len(u.cards)),
                n=len(u.cards),
            )
        )
    tos = q.unit_targets(state, s, a.row, t.roll)
    if a.to not in tos:
        raise IllegalAction(_why_not_there(state, s, a, u, tos))
    col = list(state.board[s])
    col[a.to - 1] = b.arrive(col[a.to - 1], u.cards[: a.cards], a.to)
    col[a.row - 1], lost = b.settle_remainder(u.cards[a.cards :], a.row)
    state = evolve(
        state,
        board=_with(state.board, s, tuple(col)),
        discards=_with(state.discards, s, state.discards[s] + lost) if lost else state.discards,
        turn=Turn(s, FAVOURS, at=a.to),
    )
    return state if q.take_options(state) else end_turn(state)


def take(state: GameState, a: Take) -> GameState:
    s = _on_turn(state, a.player)
    t = state.turn
    if t.stage != FAVOURS:
        raise IllegalAction(
            msg(
                "favours are feigned right after a move, by the card or stack just moved:"
                " {awaited}",
                awaited=awaited_words(state),
            )
        )
    v = seat(state, a.column)
    mover = state.unit(s, t.at)
    if v == s:
        raise IllegalAction(
            msg(
                "favours are feigned on other players' pawns: take from another column,"
                " not your own"
            )
        )
    if v in t.taken:
        raise IllegalAction(
            msg(
                "{name} has already taken from {column}'s column after this move: a stack"
                " is split once, without peeking at the cards below",
                name=a.player,
                column=a.column,
            )
        )
    u = state.unit(v, t.at)
    if u is None:
        raise IllegalAction(
            msg(
                "{column}'s column has nothing on row {row}; favours reach only the row of the"
                " card or stack just moved (row {row})",
                column=a.column,
                row=t.at,
            )
        )
    if u.flipped:
        raise IllegalAction(
            msg(
                "the cards on row {row} of {column}'s column have reached their goal and are"
                " flipped: they are safe and may not be taken",
                row=t.at,
                column=a.column,
            )
        )
    if RANK_OF[u.top] >= RANK_OF[mover.top]:
        raise IllegalAction(
            msg(
                "{card} in {column}'s column does not rank below {name}'s {own}:"
                " only pawns of lower rank may be taken",
                card=card_words(u.top),
                column=a.column,
                name=a.player,
                own=card_title(mover.top),
            )
        )
    if not 1 <= a.cards <= len(u.cards):
        raise IllegalAction(
            msg(
                "the stack on row {row} of {column}'s column holds {cards}:"
                " take 1 to {n} of them, from the top",
                row=t.at,
                column=a.column,
                cards=cards_words(len(u.cards)),
                n=len(u.cards),
            )
        )
    grown = Unit(mover.cards + u.cards[: a.cards])
    board = _with(state.board, s, _set(state.board[s], t.at, grown))
    left, lost = b.settle_remainder(u.cards[a.cards :], t.at)
    board = _with(board, v, _set(board[v], t.at, left))
    discards = _with(state.discards, v, state.discards[v] + lost) if lost else state.discards
    state = evolve(state, board=board, discards=discards, turn=evolve(t, taken=(*t.taken, v)))
    return _after_favour_step(state)


def end(state: GameState, a: End) -> GameState:
    _on_turn(state, a.player)
    if state.turn.stage != FAVOURS:
        raise IllegalAction(
            msg(
                "nobody may skip his turn, and it ends only after favours: {awaited}",
                awaited=awaited_words(state),
            )
        )
    return end_turn(state)


def roll(state: GameState, a: Roll) -> GameState:
    if not state.dice:
        raise IllegalAction(
            msg("this game is played without dice: the die is for the dice variant only")
        )
    s = _on_turn(state, a.player)
    if a.value not in DIE_FACES:
        raise IllegalAction(msg("a die shows 1 to 6, not {value}", value=a.value))
    t = state.turn
    if not q.may_roll(state):
        if t.stage == FAVOURS:
            raise IllegalAction(
                msg(
                    "another roll is earned only by taking favours first: {awaited}",
                    awaited=awaited_words(state),
                )
            )
        raise IllegalAction(msg("no roll is due: {awaited}", awaited=awaited_words(state)))
    state = evolve(state, turn=Turn(s, MOVE, roll=a.value))
    if not q.move_options(state):
        state = evolve(state, turn=Turn(s, DISCARD, roll=a.value))
    return state


def discard(state: GameState, a: Discard) -> GameState:
    s = _on_turn(state, a.player)
    if state.turn.stage != DISCARD:
        raise IllegalAction(
            msg(
                "a card is lost only in Zugzwang, when the roll fits no move: {awaited}",
                awaited=awaited_words(state),
            )
        )
    u = state.unit(s, a.row)
    rows = q.discard_options(state)
    if u is None or u.flipped:
        why = (
            msg(
                "cards or stacks already at their goal are immune (row {row} is flipped)",
                row=a.row,
            )
            if u is not None
            else msg("there is no card on row {row} of {name}'s column", row=a.row, name=a.player)
        )
        raise IllegalAction(
            msg(
                "{why}; choose the top card of the stack on {rows}",
                why=why,
                rows=rows_list(rows),
            )
        )
    left, lost = b.zugzwang_cascade(u.cards, a.row)
    state = evolve(
        state,
        board=_with(state.board, s, _set(state.board[s], a.row, left)),
        discards=_with(state.discards, s, state.discards[s] + lost),
    )
    return end_turn(state)


def _with(t: tuple, i: int, v) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def _set(col: tuple, row: int, unit: Unit | None) -> tuple:
    return (*col[: row - 1], unit, *col[row:])
