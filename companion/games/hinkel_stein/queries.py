"""What the rules allow now: the questions a referee and a dashboard ask.

The engine validates every action against these same answers, so what a query offers
is exactly what ``apply`` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .discs import can_cover
from .names import (
    ABILITY_BOULDER,
    ABILITY_FATE,
    ABILITY_NOTCH,
    ABILITY_PILLARS,
    BOULDER,
    HEAVIER,
    HINKELSTEIN,
    LARGE_PILLAR,
    MAX_ADD,
    MAX_ADD_QUARTZ,
    NOTCHES,
    OTHER_SIDE,
    OUTER_SPACE,
    OWN,
    PILLAR,
    QUARTZ,
    QUARTZ_STONES,
    SIDE_OF_SPACE,
    SIDES,
    SMALL_PILLAR,
    SMALLEST_BOULDER,
    SPACES,
    TAKE,
)
from .state import GameState, Placement, Turn


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The next decision the game needs: from whom (None: the scale) and which action."""

    player: str | None
    action: str


@dataclass(frozen=True, slots=True)
class StakeChoices:
    """Stakes open to the player on turn: amounts he may add, whether he may take 1,
    and whether he must stake at all (False when the supply cannot give a disc)."""

    adds: tuple[int, ...]
    take: bool
    required: bool
    limit: int  # the most this player may ever add on this turn (2, or 4 for quartz)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who wins the round if ``down`` is the side resting on the ground."""

    down: str
    winning_side: str
    winners: tuple[int, ...]
    paid: tuple[int, ...]
    carried: int
    next_chieftain: int | None


# -- turns this round -----------------------------------------------------------


def turns_this_round(state: GameState) -> tuple[Turn, ...]:
    r = state.round
    return r.done + ((r.turn,) if r.turn is not None else ())


def third_player(state: GameState) -> int | None:
    """3 players in a partnership: the one playing alone (he also places the quartz)."""
    r = state.round
    if state.n != 3 or r.partner is None:
        return None
    return next(i for i in range(3) if i not in (state.chieftain, r.partner))


def call_options(state: GameState) -> tuple[tuple[int, str], ...]:
    """(seat, stones) the chieftain may call now, ignoring whether a call is due."""
    turns = turns_this_round(state)
    if state.n == 4:
        called = {t.player for t in turns}
        return tuple((i, OWN) for i in range(4) if i not in called)
    if state.n == 2:
        return tuple((i, OWN) for i in range(2) if sum(t.player == i for t in turns) < 2)
    own_done = {t.player for t in turns if t.stones == OWN}
    out = [(i, OWN) for i in range(3) if i not in own_done]
    if not any(t.stones == QUARTZ_STONES for t in turns):
        third = third_player(state)
        for i in range(3):
            if i != state.chieftain and (third is None or i == third):
                out.append((i, QUARTZ_STONES))
    return tuple(out)


def mode_options(state: GameState) -> tuple[tuple[str, bool], ...]:
    """2 players: (kind, active) the called player may choose for the open turn."""
    turn = state.round.turn
    if state.n != 2 or turn is None or turn.kind is not None:
        return ()
    earlier = [t for t in state.round.done if t.player == turn.player]
    kinds = [k for k in state.cards[turn.player] if all(t.kind != k for t in earlier)]
    actives = [a for a in (True, False) if all(t.active != a for t in earlier)]
    must = mandatory_kind(state) if turn.player == state.chieftain else None
    return tuple((k, a) for k in kinds for a in actives if must is None or (k == must) == a)


def mandatory_kind(state: GameState) -> str | None:
    """2 players: the kind the chieftain must play actively, if he still holds it."""
    k = state.chief_kind
    return k if k is not None and k in state.cards[state.chieftain] else None


def stake_limit(state: GameState, turn: Turn) -> int:
    """The most discs this turn may add: 4 for the quartz holder playing quartz actively."""
    return MAX_ADD_QUARTZ if turn.kind == QUARTZ and turn.active and state.n != 3 else MAX_ADD


def stake_choices(state: GameState) -> StakeChoices:
    """The stakes open on the open turn (nothing when no stake belongs to it)."""
    turn = state.round.turn
    if turn is None or turn.kind is None or not turn.active:
        return StakeChoices((), False, False, 0)
    limit = stake_limit(state, turn)
    if turn.staked:
        return StakeChoices((), False, False, limit)
    adds = tuple(n for n in range(1, limit + 1) if can_cover(state, n))
    take = can_cover(state, TAKE)
    return StakeChoices(adds, take, take, limit)


def notch_options(state: GameState) -> tuple[str, ...]:
    """Notches the Hinkelstein holder may move the scale to on his open active turn."""
    turn = state.round.turn
    if turn is None or turn.kind != HINKELSTEIN or not turn.active or ABILITY_NOTCH in state.used:
        return ()
    return tuple(n for n in NOTCHES if n != state.round.notch)


def free_spaces(state: GameState) -> tuple[str, ...]:
    return tuple(s for s, p in zip(SPACES, state.round.placements, strict=True) if p is None)


def stone_options(state: GameState) -> tuple[tuple[str, ...], ...]:
    """Stone groups the open turn may place: single stones, and both pillars together."""
    turn = state.round.turn
    if turn is None or turn.kind is None:
        return ()
    avail = state.available(turn.kind)
    out: list[tuple[str, ...]] = [(s,) for s in avail]
    if (
        turn.kind == PILLAR
        and turn.active
        and ABILITY_PILLARS not in state.used
        and SMALL_PILLAR in avail
        and LARGE_PILLAR in avail
    ):
        out.append((SMALL_PILLAR, LARGE_PILLAR))
    return tuple(out)


def stake_due(state: GameState) -> bool:
    """Whether the open turn still owes a stake before its stone may be placed."""
    return stake_choices(state).required


# -- after the fourth stone --------------------------------------------------------


def window_open(state: GameState) -> bool:
    """All four spaces filled and no turn open: boulder, fate and tilt may come."""
    r = state.round
    return r.turn is None and r.filled == 4 and not state.finished


def boulder_placement(state: GameState) -> tuple[str, Placement] | None:
    for space, p in zip(SPACES, state.round.placements, strict=True):
        if p is not None and p.kind == BOULDER:
            return space, p
    return None


def boulder_holder_may_act(state: GameState) -> bool:
    """The boulder holder may use his abilities this round (in 2p: boulders played actively)."""
    found = boulder_placement(state)
    return found is not None and not found[1].passive and state.holder(BOULDER) is not None


def boulder_space_option(state: GameState) -> str | None:
    """The space the smallest boulder may join now, or None if the ability is not open."""
    if not window_open(state) or not boulder_holder_may_act(state):
        return None
    if ABILITY_BOULDER in state.used or SMALLEST_BOULDER not in state.available(BOULDER):
        return None
    found = boulder_placement(state)
    return found[0] if found else None


def fate_open(state: GameState) -> bool:
    return window_open(state) and boulder_holder_may_act(state) and ABILITY_FATE not in state.used


# -- who is awaited ----------------------------------------------------------------


def awaiting(state: GameState) -> Awaiting | None:
    """The decision the game waits for; None once the game is over.

    In the window after the fourth stone the scale's ``tilt`` is awaited; the boulder
    holder's optional ``boulder`` and ``fate`` are listed by ``optional_actions``.
    """
    if state.finished:
        return None
    r = state.round
    name = state.players
    if r.offered_to is not None and not r.answered:
        return Awaiting(name[r.offered_to], "answer")
    if state.keep_pending is not None:
        return Awaiting(name[state.holder(BOULDER)], "keep")
    if r.condition is None:
        return Awaiting(name[state.chieftain], "condition")
    turn = r.turn
    if turn is None:
        if r.filled < 4:
            return Awaiting(name[state.chieftain], "call")
        return Awaiting(None, "tilt")
    if turn.kind is None:
        return Awaiting(name[turn.player], "mode")
    if stake_due(state):
        return Awaiting(name[turn.player], "stake")
    return Awaiting(name[turn.player], "place")


def optional_actions(state: GameState) -> tuple[Awaiting, ...]:
    """Actions that may come now besides the awaited one (offer, notch, boulder, fate)."""
    if state.finished:
        return ()
    r = state.round
    out: list[Awaiting] = []
    if offer_open(state):
        out.append(Awaiting(state.players[state.chieftain], "offer"))
    if r.turn is not None and notch_options(state):
        out.append(Awaiting(state.players[r.turn.player], "notch"))
    holder = state.holder(BOULDER)
    if holder is not None:
        if boulder_space_option(state) is not None:
            out.append(Awaiting(state.players[holder], "boulder"))
        if fate_open(state):
            out.append(Awaiting(state.players[holder], "fate"))
    return tuple(out)


def offer_open(state: GameState) -> bool:
    """3 players: the chieftain may still offer a partnership this round."""
    r = state.round
    return (
        state.n == 3
        and not state.finished
        and r.offered_to is None
        and r.turn is None
        and not r.done
    )


# -- who wins --------------------------------------------------------------------


def winning_side(condition: str, down: str) -> str:
    return down if condition == HEAVIER else OTHER_SIDE[down]


def rule_winners(state: GameState, side: str) -> tuple[int, ...]:
    """Seats the rules name as the round's winners when ``side`` wins (before takes)."""
    r = state.round
    placed = [(SIDE_OF_SPACE[s], p) for s, p in zip(SPACES, r.placements, strict=True) if p]
    if state.n == 3:
        chief_side = next(
            (sd for sd, p in placed if p.player == state.chieftain and p.kind != QUARTZ), None
        )
        opponents = tuple(i for i in range(3) if i != state.chieftain)
        if r.partner is None:
            return (state.chieftain,) if chief_side == side else opponents
        if chief_side == side:
            return tuple(sorted((state.chieftain, r.partner)))
        return (third_player(state),)
    seats = {p.player for sd, p in placed if sd == side and not p.passive}
    return tuple(sorted(seats))


def outcome(state: GameState, down: str) -> Outcome:
    """The payout and next chieftain if the scale comes to rest with ``down`` on the ground.

    Works on a partly filled scale too (the winners so far); the condition defaults to
    heavier while the chieftain has not chosen one.
    """
    r = state.round
    side = winning_side(r.condition or HEAVIER, down)
    winners = rule_winners(state, side)
    eligible = [i for i in winners if i not in r.took]
    paid = [0] * state.n
    carried = state.pot
    if eligible:
        share = state.pot // len(eligible)
        for i in eligible:
            paid[i] = share
        carried = state.pot - share * len(eligible)
    loser_outer = r.placement(OUTER_SPACE[OTHER_SIDE[side]])
    nxt = loser_outer.player if loser_outer is not None else None
    return Outcome(down, side, winners, tuple(paid), carried, nxt)


def outcomes(state: GameState) -> dict[str, Outcome]:
    """Who is winning the round for each possible tilt: ``{"left": ..., "right": ...}``."""
    return {d: outcome(state, d) for d in SIDES}
