"""The rule handlers: one function per action type, each ``(state, action) -> state``.

Every handler checks the action against ``queries`` first and raises ``IllegalAction``
naming the rule and what is allowed instead; an illegal action changes nothing.
"""

from __future__ import annotations

from ...errors import IllegalAction
from . import board as b
from . import queries as q
from .actions import Discard, End, Move, Roll, Take
from .names import DIE_FACES, GOAL_OF, RANK_OF, card_name, class_name
from .state import DISCARD, FAVOURS, MOVE, ROLL, GameState, Turn, Unit, evolve
from .text import cards_words, or_list, rows_list, rows_words, seat, unit_words

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
        return f"{name} must roll the die"
    if t.stage == DISCARD:
        return (
            f"{name} rolled a {t.roll}, which fits no move: Zugzwang, {name} must discard"
            f" the top card of a stack on {rows_list(q.discard_options(state))}"
        )
    if t.stage == MOVE:
        if t.roll is not None:
            return (
                f"{name} rolled a {t.roll} and must move a card or stack exactly"
                f" {rows_words(t.roll)} up"
            )
        return f"{name} must move a card or stack"
    options = ["take favours"] if q.take_options(state) else []
    if q.may_roll(state):
        options.append("roll for another move")
    elif q.may_move(state):
        options.append("move again")
    return f"{name} may {or_list([*options, 'end the turn'])}"


def _on_turn(state: GameState, name: str) -> int:
    s = seat(state, name)
    if s != state.turn.player:
        raise IllegalAction(
            f"it is {state.players[state.turn.player]}'s turn, not {name}'s: {awaited_words(state)}"
        )
    return s


def _why_not_there(state: GameState, s: int, a: Move, u: Unit, tos: tuple[int, ...]) -> str:
    roll = state.turn.roll
    goal = GOAL_OF[u.top]
    what = unit_words(u)
    if a.to <= a.row:
        reason = (
            "pawns always move upwards, never down or sideways:"
            f" row {a.to} is not above row {a.row}"
        )
    elif a.to > goal:
        reason = (
            f"no pawn may move above its own goal: {what} may go no higher than row {goal},"
            f" the {class_name(u.top)}'s goal"
        )
    elif roll is not None and a.to != a.row + roll:
        reason = (
            f"{state.players[s]} rolled a {roll}: the move must be exactly {rows_words(roll)},"
            f" from row {a.row} to row {a.row + roll}, not to row {a.to}"
        )
    elif not b.free_for(state.unit(s, a.to), goal):
        at = state.unit(s, a.to)
        if at.flipped:
            reason = (
                f"row {a.to} holds flipped cards that reached their goal there: free only for"
                f" their own class, occupied for the {class_name(u.top)}"
            )
        else:
            reason = f"row {a.to} is occupied: a move ends on a free square only"
    else:
        reason = (
            f"row {a.to} cannot be reached from row {a.row}: a step onto a free square ends"
            " the move, and a jump goes on only over occupied squares"
        )
    if tos:
        return f"{reason}; from row {a.row} {what} may move to {rows_list(tos)}"
    others = q.move_options(state)
    if others:
        rows = rows_list(m.row for m in others)
        return f"{reason}; {what} cannot move now, the cards on {rows} can"
    return reason


# -- handlers ---------------------------------------------------------------------------


def move(state: GameState, a: Move) -> GameState:
    s = _on_turn(state, a.player)
    t = state.turn
    if not q.may_move(state):
        if t.stage == FAVOURS and not t.taken:
            raise IllegalAction(
                f"another move is earned only by taking favours first: {awaited_words(state)}"
            )
        if t.stage == FAVOURS:
            raise IllegalAction(
                f"with dice, another move after favours needs a new roll: {awaited_words(state)}"
            )
        raise IllegalAction(f"not yet: {awaited_words(state)}")
    u = state.unit(s, a.row)
    if u is None:
        rows = [r for r, x in state.units(s) if not x.flipped]
        raise IllegalAction(
            f"there is no card on row {a.row} of {a.player}'s column; the cards short of"
            f" their goal stand on {rows_list(rows)}"
        )
    if u.flipped:
        raise IllegalAction(
            f"the cards on row {a.row} have reached their goal and are flipped: they move no more"
        )
    if not 1 <= a.cards <= len(u.cards):
        raise IllegalAction(
            f"the stack on row {a.row} holds {cards_words(len(u.cards))}:"
            f" move 1 to {len(u.cards)} of them, from the top"
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
            "favours are feigned right after a move, by the card or stack just moved:"
            f" {awaited_words(state)}"
        )
    v = seat(state, a.column)
    mover = state.unit(s, t.at)
    if v == s:
        raise IllegalAction(
            "favours are feigned on other players' pawns: take from another column, not your own"
        )
    if v in t.taken:
        raise IllegalAction(
            f"{a.player} has already taken from {a.column}'s column after this move: a stack"
            " is split once, without peeking at the cards below"
        )
    u = state.unit(v, t.at)
    if u is None:
        raise IllegalAction(
            f"{a.column}'s column has nothing on row {t.at}; favours reach only the row of the"
            f" card or stack just moved (row {t.at})"
        )
    if u.flipped:
        raise IllegalAction(
            f"the cards on row {t.at} of {a.column}'s column have reached their goal and are"
            " flipped: they are safe and may not be taken"
        )
    if RANK_OF[u.top] >= RANK_OF[mover.top]:
        raise IllegalAction(
            f"the {card_name(u.top)} in {a.column}'s column does not rank below"
            f" {a.player}'s {card_name(mover.top)}: only pawns of lower rank may be taken"
        )
    if not 1 <= a.cards <= len(u.cards):
        raise IllegalAction(
            f"the stack on row {t.at} of {a.column}'s column holds {cards_words(len(u.cards))}:"
            f" take 1 to {len(u.cards)} of them, from the top"
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
            f"nobody may skip his turn, and it ends only after favours: {awaited_words(state)}"
        )
    return end_turn(state)


def roll(state: GameState, a: Roll) -> GameState:
    if not state.dice:
        raise IllegalAction(
            "this game is played without dice: the die is for the dice variant only"
        )
    s = _on_turn(state, a.player)
    if a.value not in DIE_FACES:
        raise IllegalAction(f"a die shows 1 to 6, not {a.value}")
    t = state.turn
    if not q.may_roll(state):
        if t.stage == FAVOURS:
            raise IllegalAction(
                f"another roll is earned only by taking favours first: {awaited_words(state)}"
            )
        raise IllegalAction(f"no roll is due: {awaited_words(state)}")
    state = evolve(state, turn=Turn(s, MOVE, roll=a.value))
    if not q.move_options(state):
        state = evolve(state, turn=Turn(s, DISCARD, roll=a.value))
    return state


def discard(state: GameState, a: Discard) -> GameState:
    s = _on_turn(state, a.player)
    if state.turn.stage != DISCARD:
        raise IllegalAction(
            f"a card is lost only in Zugzwang, when the roll fits no move: {awaited_words(state)}"
        )
    u = state.unit(s, a.row)
    rows = q.discard_options(state)
    if u is None or u.flipped:
        why = (
            f"cards or stacks already at their goal are immune (row {a.row} is flipped)"
            if u is not None
            else f"there is no card on row {a.row} of {a.player}'s column"
        )
        raise IllegalAction(f"{why}; choose the top card of the stack on {rows_list(rows)}")
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
