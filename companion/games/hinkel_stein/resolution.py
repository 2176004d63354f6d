"""After the fourth stone: the boulder holder's abilities, the tilt that resolves the
round (payout, next chieftain, stones leaving), the keep, and the end of a pass."""

from __future__ import annotations

from ...errors import IllegalAction
from ...i18n.message import msg, nmsg, semicolons
from . import queries as q
from .actions import Boulder, Fate, Keep, Tilt
from .discs import base_prize, pass_scoring
from .names import (
    ABILITY_BOULDER,
    ABILITY_FATE,
    BASE_PRIZE,
    BOULDER,
    HINKELSTEIN,
    LARGE_PILLAR,
    PILLAR,
    QUARTZ,
    ROUNDS_PER_PASS,
    SMALLEST_BOULDER,
    SPACES,
    fate_intervals_mm,
    fate_position_allowed,
)
from .state import GameState, RoundResult, RoundState, evolve
from .text import and_list, or_list, seat, word


def _boulder_holder_acting(state: GameState, name: str, what: str) -> int:
    i = seat(state, name)
    holder = state.holder(BOULDER)
    if holder is None or i != holder:
        who = state.players[holder] if holder is not None else msg("nobody")
        raise IllegalAction(msg("only the boulder holder ({who}) may {what}", who=who, what=what))
    if not q.window_open(state):
        raise IllegalAction(
            msg(
                "{what} comes only after all four spaces are filled, before the tilt",
                what=what,
            )
        )
    if not q.boulder_holder_may_act(state):
        raise IllegalAction(
            msg(
                "{name} played the boulders passively this round,"
                " so their abilities are not available",
                name=name,
            )
        )
    return i


def boulder(state: GameState, a: Boulder) -> GameState:
    who = a.player
    _boulder_holder_acting(state, who, msg("add the smallest boulder"))
    if ABILITY_BOULDER in state.used:
        raise IllegalAction(msg("the smallest boulder has already been added once this pass"))
    if list(a.stones) != [SMALLEST_BOULDER]:
        raise IllegalAction(
            msg(
                "only the smallest boulder, B1, may be added; not {stones}",
                stones="+".join(a.stones),
            )
        )
    if SMALLEST_BOULDER not in state.available(BOULDER):
        raise IllegalAction(
            msg("{who} no longer holds B1, so the boulder cannot be added this pass", who=who)
        )
    space = q.boulder_space_option(state)
    if a.space != space:
        raise IllegalAction(
            msg("B1 must go on {space}, the space where this round's boulder lies", space=space)
        )
    r = state.round
    placements = list(r.placements)
    k = SPACES.index(space)
    placements[k] = evolve(placements[k], stones=(*placements[k].stones, SMALLEST_BOULDER))
    return evolve(
        state,
        used=state.used | {ABILITY_BOULDER},
        round=evolve(r, placements=tuple(placements), boulder_space=space),
    )


def fate(state: GameState, a: Fate) -> GameState:
    _boulder_holder_acting(state, a.player, msg("move the Stone of Fate"))
    if ABILITY_FATE in state.used:
        raise IllegalAction(msg("the Stone of Fate has already been moved once this pass"))
    if not fate_position_allowed(a.x):
        spans = or_list(msg("{lo:g} to {hi:g}", lo=lo, hi=hi) for lo, hi in fate_intervals_mm())
        raise IllegalAction(
            msg(
                "the Stone of Fate must lie on the beam and off the placement spaces;"
                " x = {x:g} mm is not allowed (allowed: {spans} mm, space edges excluded)",
                x=a.x,
                spans=spans,
            )
        )
    return evolve(state, used=state.used | {ABILITY_FATE}, round=evolve(state.round, fate_x=a.x))


def tilt(state: GameState, a: Tilt) -> GameState:
    r = state.round
    if r.turn is not None or r.filled < 4:
        raise IllegalAction(
            nmsg(
                "the round ends only when all four spaces are filled and the last turn is over;"
                " {n} of the 4 spaces is filled",
                "the round ends only when all four spaces are filled and the last turn is over;"
                " {n} of the 4 spaces are filled",
                r.filled,
                n=r.filled,
            )
        )
    res = q.outcome(state, a.down)
    discs = tuple(d + p for d, p in zip(state.discs, res.paid, strict=True))
    nxt = res.next_chieftain
    result = RoundResult(
        state.pass_no,
        state.round_no,
        a.down,
        res.winning_side,
        res.winners,
        res.paid,
        res.carried,
        nxt,
    )
    chief_kind = r.placement("L2" if res.winning_side == "right" else "R2").kind
    last_round = state.round_no == ROUNDS_PER_PASS
    out, pending = set(state.out), None
    for space, p in zip(SPACES, r.placements, strict=True):
        if p.kind in (HINKELSTEIN, QUARTZ):
            out.update(p.stones)
        elif p.kind == BOULDER:
            if space == r.boulder_space and not last_round:
                pending = p.stones
            else:
                out.update(p.stones)
        elif p.kind == PILLAR and len(p.stones) == 2:
            out.add(LARGE_PILLAR)
    state = evolve(
        state,
        pot=res.carried,
        discs=discs,
        chieftain=nxt,
        chief_kind=chief_kind if state.n == 2 else None,
        out=frozenset(out),
        keep_pending=pending,
        last_result=result,
    )
    if last_round:
        state = _end_pass(state)
        if state.finished:
            return state
    else:
        state = evolve(state, round_no=state.round_no + 1)
    return _begin_round(state)


def keep(state: GameState, a: Keep) -> GameState:
    i = seat(state, a.player)
    pending = state.keep_pending
    if pending is None:
        raise IllegalAction(msg("there are no two boulders to choose between"))
    holder = state.holder(BOULDER)
    if i != holder:
        raise IllegalAction(
            msg(
                "only the boulder holder ({who}) chooses which boulder to keep",
                who=state.players[holder],
            )
        )
    if a.stone not in pending:
        raise IllegalAction(
            msg(
                "{who} may keep {stones}, the boulders on that space",
                who=a.player,
                stones=or_list(pending),
            )
        )
    gone = [s for s in pending if s != a.stone]
    return evolve(state, keep_pending=None, out=state.out | frozenset(gone))


def _end_pass(state: GameState) -> GameState:
    """Pass scoring, then either the game ends or the cards move and stones come back."""
    state = pass_scoring(state)
    if state.pass_no == state.passes:
        best = max(state.discs)
        winners = tuple(p for p, d in zip(state.players, state.discs, strict=True) if d == best)
        return evolve(state, finished=True, winners=winners)
    return evolve(
        state,
        cards=rotate_cards(state.cards),
        out=frozenset(),
        used=frozenset(),
        keep_pending=None,
        pass_no=state.pass_no + 1,
        round_no=1,
    )


def rotate_cards(cards: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Pass-end card move. 3-4 players: each card to the left neighbour (the next seat).
    2 players: each gives his left card to the other, who lays it on his right and
    moves his previous right card to his left."""
    n = len(cards)
    if n == 2:
        (l0, r0), (l1, r1) = cards
        return ((r0, l1), (r1, l0))
    return tuple(cards[(i - 1) % n] for i in range(n))


def _begin_round(state: GameState) -> GameState:
    state = base_prize(state, BASE_PRIZE)
    return evolve(state, round=RoundState(fate_x=state.fate_home_x))


def check_deal(players, deal) -> None:
    """Raise IllegalAction unless the deal fits the number of players (spec ``start``)."""
    from .names import KINDS, KINDS_DEALT_3P

    n = len(players)
    got = [
        msg(
            "{player}: {kinds}",
            player=p,
            kinds=and_list(word("kind", x) for x in k) if k else msg("nothing"),
        )
        for p, k in zip(players, deal, strict=True)
    ]
    dealt = [k for ks in deal for k in ks]
    if n == 4:
        ok = all(len(k) == 1 for k in deal) and sorted(dealt) == sorted(KINDS)
        need = msg("with 4 players each is dealt one kind, and all four kinds are dealt")
    elif n == 3:
        ok = all(len(k) == 1 for k in deal) and sorted(dealt) == sorted(KINDS_DEALT_3P)
        need = msg(
            "with 3 players each is dealt one of pillar, hinkelstein and boulder"
            " (quartz stays neutral)"
        )
    else:
        ok = all(len(k) == 2 for k in deal) and sorted(dealt) == sorted(KINDS)
        need = msg(
            "with 2 players each is dealt two kinds [left card, right card], all four kinds in all"
        )
    if not ok:
        raise IllegalAction(msg("{need}; got {got}", need=need, got=_semicolons(got)))


_semicolons = semicolons
