"""The rule handlers: ``draw`` (the starting player) and ``place`` (a turn), each
``(state, action) -> state`` or ``IllegalAction`` saying which rule is broken and what
is allowed instead; the end of a round and of the game follow a turn by themselves."""

from __future__ import annotations

from collections import Counter

from ...errors import IllegalAction
from ...i18n.message import msg, nmsg
from . import queries as q
from . import scoring
from .actions import Draw, Place
from .names import COLOUR_INDEX, COLOURS, ROUNDS, starter_step
from .state import GameState, Scoring, evolve
from .text import bag as bag_words
from .text import colour, fields, or_list, seat, stone_count

# -- the starting player ----------------------------------------------------------------


def draw(state: GameState, action: Draw) -> GameState:
    """A stone drawn to find the starting player: its owner starts; an unassigned colour
    is drawn again. The stone goes back into the bag (decision SIB-2)."""
    if state.turn is not None:
        who = state.players[state.owner[COLOUR_INDEX[state.draws[-1]]]]
        k = q.turn_size(state)
        raise IllegalAction(
            msg(
                "the starting player is already drawn ({who}); stones are drawn only to find"
                " the starting player, before the first turn. Now {now} places {stones}",
                who=who,
                now=state.players[state.turn],
                stones=stone_count(k),
            )
        )
    c = _colour(action.colour)  # the bag is full before the first turn: any colour
    owner = state.owner[COLOUR_INDEX[c]]
    draws = (*state.draws, c)
    if owner is None:
        return evolve(state, draws=draws)
    return evolve(state, draws=draws, starter=owner, turn=owner)


def _colour(c: str) -> str:
    if c not in COLOUR_INDEX:
        raise IllegalAction(
            msg(
                "there is no {c!r} stone; the colours are {colours}",
                c=c,
                colours=or_list(colour(x) for x in COLOURS),
            )
        )
    return c


# -- a turn -----------------------------------------------------------------------------


def place(state: GameState, action: Place) -> GameState:
    """The player on turn places the stones he drew on free fields; the last free field
    (or the last stone in the bag) ends the round."""
    if state.turn is None:
        raise IllegalAction(
            msg(
                "the starting player is not known yet: first a stone is drawn from the bag"
                " (a 'draw' line with its colour); its owner starts"
            )
        )
    i = seat(state, action.player)
    on_turn = state.players[state.turn]
    if i != state.turn:
        raise IllegalAction(
            msg(
                "it is {who}'s turn, not {name}'s: only {who} may place stones now"
                " (play goes clockwise)",
                who=on_turn,
                name=action.player,
            )
        )
    k = q.turn_size(state)
    got = len(action.stones)
    if got != k:
        raise IllegalAction(
            msg(
                "{who} places exactly {stones} this turn, not {got}: {why}",
                who=on_turn,
                stones=stone_count(k),
                got=got,
                why=_why_size(state, k),
            )
        )
    board = state.board
    cells = list(state.cells)
    seen: set[str] = set()
    for f, c in action.stones:
        if f not in board.index:
            raise IllegalAction(
                msg(
                    "{field!r} is not a field of the board; the free fields are {free}",
                    field=f,
                    free=fields(q.free_fields(state)),
                )
            )
        if f in seen:
            raise IllegalAction(
                msg("{field} is named twice; each stone goes on a free field of its own", field=f)
            )
        seen.add(f)
        taken = state.cells[board.index[f]]
        if taken is not None:
            raise IllegalAction(
                msg(
                    "{field} is already taken (a {colour} stone); stones go only on free"
                    " fields: {free}",
                    field=f,
                    colour=colour(taken),
                    free=fields(q.free_fields(state)),
                )
            )
        _colour(c)
        cells[board.index[f]] = c
    left = list(state.bag)
    for c, n in Counter(c for _, c in action.stones).items():
        ci = COLOUR_INDEX[c]
        if n > left[ci]:
            if not left[ci]:
                why = msg(
                    "the bag holds no {colour} stones, so {n} cannot have been drawn from it;"
                    " it holds {bag}",
                    colour=colour(c),
                    n=n,
                    bag=bag_words(state),
                )
            else:
                why = nmsg(
                    "the bag holds only {had} {colour} stone, so {n} cannot have been drawn"
                    " from it; it holds {bag}",
                    "the bag holds only {had} {colour} stones, so {n} cannot have been drawn"
                    " from it; it holds {bag}",
                    left[ci],
                    had=left[ci],
                    colour=colour(c),
                    n=n,
                    bag=bag_words(state),
                )
            raise IllegalAction(why)
        left[ci] -= n
    state = evolve(
        state,
        cells=tuple(cells),
        bag=tuple(left),
        turn=(state.turn + 1) % state.n,
    )
    if state.free == 0 or state.in_bag == 0:
        return end_round(state)
    return state


def _why_size(state: GameState, k: int):
    if k == 3:
        return msg("a turn is three stones")
    if state.in_bag < 3 and state.in_bag <= state.free:
        return msg("the bag holds only {n}", n=state.in_bag)
    return nmsg("only {n} field is free", "only {n} fields are free", state.free, n=state.free)


# -- the end of a round -----------------------------------------------------------------


def end_round(state: GameState) -> GameState:
    """Score the board: each stone with no neighbour of its colour goes to its colour's
    owner's pile; every other stone, and a lone stone of a colour nobody owns (it scores
    for nobody, decision SIB-3), goes to the box. Then
    the next round, the starting player moved on, or, after the third, the game's end."""
    scored = scoring.scoring_fields(state, state.cells)
    piles = [list(p) for p in state.piles]
    box = list(state.box)
    points = [0] * state.n
    scored_set = set(scored)
    for i, c in enumerate(state.cells):
        if c is None:
            continue
        ci = COLOUR_INDEX[c]
        owner = state.owner[ci]
        if i in scored_set:
            piles[owner][ci] += 1
            points[owner] += 1
        else:
            box[ci] += 1
    record = Scoring(state.round_no, state.cells, scored, tuple(points))
    state = evolve(
        state,
        cells=(None,) * state.board.size,
        piles=tuple(tuple(p) for p in piles),
        box=tuple(box),
        scorings=(*state.scorings, record),
    )
    if state.round_no >= ROUNDS or state.in_bag == 0:
        state = evolve(state, turn=None, finished=True)
        return evolve(state, winners=scoring.winners(state))
    starter = (state.starter + starter_step(state.n)) % state.n
    return evolve(state, round_no=state.round_no + 1, starter=starter, turn=starter)
