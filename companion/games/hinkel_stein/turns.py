"""Handlers for the actions before the fourth stone: offer, answer, condition, call,
mode, stake, notch and place. Each checks the rule and returns the next state, or
raises ``IllegalAction`` saying what is allowed instead."""

from __future__ import annotations

from ...errors import IllegalAction
from . import queries as q
from .actions import Answer, Call, Condition, Mode, Notch, Offer, Place, Stake
from .discs import ensure_supply, refill_amount
from .names import (
    ABILITY_NOTCH,
    ABILITY_PILLARS,
    KIND_OF_STONE,
    KIND_PLURAL,
    OWN,
    QUARTZ,
    QUARTZ_STONES,
    SPACES,
    TAKE,
)
from .state import GameState, Placement, Turn, evolve
from .text import and_list, or_list, seat, stone_list


def offer(state: GameState, a: Offer) -> GameState:
    i = seat(state, a.player)
    to = seat(state, a.to)
    if state.n != 3:
        raise IllegalAction("a partnership can only be offered in the 3-player game")
    chief = state.players[state.chieftain]
    if i != state.chieftain:
        raise IllegalAction(f"only the chieftain ({chief}) may offer a partnership")
    r = state.round
    if r.offered_to is not None:
        raise IllegalAction(f"{chief} has already offered a partnership this round (once a round)")
    if r.turn is not None or r.done:
        raise IllegalAction("a partnership can only be offered before the round's first call")
    if to == i:
        others = or_list(p for j, p in enumerate(state.players) if j != i)
        raise IllegalAction(f"{chief} cannot offer a partnership to himself; offer it to {others}")
    return evolve(state, round=evolve(r, offered_to=to))


def answer(state: GameState, a: Answer) -> GameState:
    i = seat(state, a.player)
    r = state.round
    if r.offered_to is None or r.answered:
        raise IllegalAction("there is no offer of a partnership to answer")
    if i != r.offered_to:
        to = state.players[r.offered_to]
        raise IllegalAction(f"the offer was made to {to}; only {to} may answer it")
    return evolve(state, round=evolve(r, answered=True, partner=i if a.accept else None))


def condition(state: GameState, a: Condition) -> GameState:
    i = seat(state, a.player)
    chief = state.players[state.chieftain]
    if i != state.chieftain:
        raise IllegalAction(f"only the chieftain ({chief}) sets the victory condition")
    r = state.round
    if r.condition is not None:
        raise IllegalAction(
            f"the victory condition of this round is already set ({r.condition} side wins)"
        )
    return evolve(state, round=evolve(r, condition=a.wins))


def call(state: GameState, a: Call) -> GameState:
    i = seat(state, a.player)
    target = seat(state, a.calls)
    chief = state.players[state.chieftain]
    r = state.round
    if i != state.chieftain:
        raise IllegalAction(f"only the chieftain ({chief}) calls who places next")
    if r.condition is None:
        raise IllegalAction(f"{chief} must first set the victory condition (heavier or lighter)")
    if r.turn is not None:
        who = state.players[r.turn.player]
        raise IllegalAction(f"{who}'s turn is still open: {who} must place a stone first")
    if r.filled == 4:
        raise IllegalAction("all four spaces are taken; the round ends when the scale tilts")
    if a.stones == QUARTZ_STONES and state.n != 3:
        raise IllegalAction("calling for the quartz stones exists only in the 3-player game")
    options = q.call_options(state)
    if (target, a.stones) not in options:
        raise IllegalAction(_why_not_callable(state, target, a.stones, options))
    if a.stones == QUARTZ_STONES:
        turn = Turn(target, QUARTZ_STONES, QUARTZ, active=False)
    elif state.n == 2:
        turn = Turn(target, OWN, None, active=False)
    else:
        turn = Turn(target, OWN, state.cards[target][0], active=True)
    return evolve(state, round=evolve(r, turn=turn))


def _why_not_callable(state: GameState, target: int, stones: str, options) -> str:
    name = state.players[target]
    allowed = or_list(
        state.players[s] + (" (quartz stones)" if st == QUARTZ_STONES else "") for s, st in options
    )
    if stones == QUARTZ_STONES:
        if target == state.chieftain:
            why = "the chieftain may never place the quartz stones"
        elif any(t.stones == QUARTZ_STONES for t in q.turns_this_round(state)):
            why = "the quartz stones have already been placed this round"
        else:
            third = state.players[q.third_player(state)]
            why = f"in a partnership the quartz stones are placed by the third player, {third}"
    elif state.n == 2:
        why = f"{name} has already been on turn twice this round"
    else:
        why = (
            f"{name} has already placed {'his own stone' if state.n == 3 else 'a stone'} this round"
        )
    return f"{why}; the chieftain may call {allowed}"


def mode(state: GameState, a: Mode) -> GameState:
    i = seat(state, a.player)
    r = state.round
    if state.n != 2:
        raise IllegalAction("choosing a kind and active or passive play exists only with 2 players")
    turn = r.turn
    if turn is None or turn.kind is not None:
        raise IllegalAction("no turn is waiting for its kind and mode; the chieftain calls first")
    who = state.players[turn.player]
    if i != turn.player:
        raise IllegalAction(f"{who} was called, so only {who} chooses the kind and mode")
    options = q.mode_options(state)
    if (a.kind, a.active) not in options:
        allowed = or_list(f"{k} {'active' if act else 'passive'}" for k, act in options)
        earlier = [t for t in r.done if t.player == i]
        repeats = any(t.kind == a.kind or t.active == a.active for t in earlier)
        if a.kind not in state.cards[i]:
            why = f"{who} holds {and_list(state.cards[i])}, not {a.kind}"
        elif not repeats and q.mandatory_kind(state) is not None and i == state.chieftain:
            why = (
                f"{who} is chieftain because of the {KIND_PLURAL[q.mandatory_kind(state)]}"
                " and must play them actively"
            )
        else:
            why = f"{who} plays each kind once a round, one actively and one passively"
        raise IllegalAction(f"{why}; {who} may choose {allowed}")
    return evolve(state, round=evolve(r, turn=evolve(turn, kind=a.kind, active=a.active)))


def stake(state: GameState, a: Stake) -> GameState:
    turn = _own_open_turn(state, a.player, "stake")
    who = state.players[turn.player]
    if turn.kind is None:
        raise IllegalAction(f"{who} must first choose a kind and active or passive play (mode)")
    if not turn.active:
        what = "a quartz turn" if turn.stones == QUARTZ_STONES else "a passive turn"
        raise IllegalAction(f"no discs are staked on {what}; {who} just places a stone")
    if turn.staked:
        raise IllegalAction(f"{who} has already staked this turn; now {who} places a stone")
    ch = q.stake_choices(state)
    amount = a.add if a.add is not None else a.take
    if (a.add is None) == (a.take is None):
        ok = False
    else:
        ok = amount in ch.adds if a.add is not None else amount == TAKE and ch.take
    if not ok:
        raise IllegalAction(_why_not_stake(state, who, a, ch))
    state = ensure_supply(state, amount)
    r = state.round
    new_turn = evolve(turn, staked=True)
    if a.add is not None:
        return evolve(
            state,
            supply=state.supply - amount,
            pot=state.pot + amount,
            round=evolve(r, turn=new_turn),
        )
    discs = list(state.discs)
    discs[turn.player] += amount
    return evolve(
        state,
        supply=state.supply - amount,
        discs=tuple(discs),
        round=evolve(r, turn=new_turn, took=r.took | {turn.player}),
    )


def _why_not_stake(state: GameState, who: str, a: Stake, ch: q.StakeChoices) -> str:
    def allowed() -> str:
        parts = []
        if ch.adds:
            parts.append(
                f"add {or_list(str(n) for n in ch.adds)} disc{'s' if ch.adds[-1] > 1 else ''}"
            )
        if ch.take:
            parts.append("take 1")
        return " or ".join(parts) if parts else "place without a stake"

    if (a.add is None) == (a.take is None):
        return f"a stake must either add or take discs, not both or neither; {who} may {allowed()}"
    if a.add is not None and a.add < 1:
        return f"a player adds at least 1 disc; {who} may {allowed()}"
    if a.add is not None and a.add > ch.limit:
        if ch.limit == 2 and state.n == 3:
            return (
                f"{who} may {allowed()}; with 3 players the quartz stones are neutral,"
                " so nobody adds more than 2"
            )
        if ch.limit == 2:
            return (
                f"{who} may {allowed()}; only the quartz holder, playing his quartz"
                " actively, may add up to 4"
            )
        return f"{who} may add at most 4 discs; {who} may {allowed()}"
    if a.take is not None and a.take != 1:
        return f"a player may take exactly 1 disc; {who} may {allowed()}"
    available = state.supply + refill_amount(state)
    return (
        f"the supply can give only {available} disc{'s' if available != 1 else ''}"
        f" (after every player returns as many as the poorest holds), so {who} may {allowed()}"
    )


def notch(state: GameState, a: Notch) -> GameState:
    turn = _own_open_turn(state, a.player, "notch")
    who = state.players[turn.player]
    options = q.notch_options(state)
    if a.notch not in options:
        if ABILITY_NOTCH in state.used:
            why = "the Hinkelstein notch has already been used this pass"
        elif turn.kind != "hinkelstein" or not turn.active:
            why = (
                "only the Hinkelstein holder moves the scale to another notch, on his active"
                f" turn before he places his Hinkelstein; {who} is not playing a Hinkelstein"
                " actively now"
            )
        else:
            why = f"the scale already rests on the {a.notch} notch; choose {or_list(options)}"
        raise IllegalAction(why)
    r = state.round
    return evolve(
        state,
        used=state.used | {ABILITY_NOTCH},
        round=evolve(r, notch=a.notch, turn=evolve(turn, notched=True)),
    )


def place(state: GameState, a: Place) -> GameState:
    turn = _own_open_turn(state, a.player, "place")
    who = state.players[turn.player]
    if turn.kind is None:
        raise IllegalAction(f"{who} must first choose a kind and active or passive play (mode)")
    if q.stake_due(state):
        raise IllegalAction(f"{who} must first stake: {_stake_hint(state)}")
    r = state.round
    free = q.free_spaces(state)
    if a.space not in free:
        taken = r.placement(a.space)
        raise IllegalAction(
            f"{a.space} is taken by {state.players[taken.player]}'s {stone_list(taken.stones)};"
            f" free spaces: {and_list(free)}"
        )
    groups = q.stone_options(state)
    if tuple(sorted(a.stones)) not in groups:
        raise IllegalAction(_why_not_stones(state, turn, a.stones, groups))
    used = state.used
    if len(a.stones) == 2:
        used = used | {ABILITY_PILLARS}
    passive = state.n == 2 and not turn.active  # 3p quartz turns are not "passive" play
    placement = Placement(tuple(a.stones), turn.player, turn.kind, passive=passive)
    placements = list(r.placements)
    placements[SPACES.index(a.space)] = placement
    return evolve(
        state,
        used=used,
        round=evolve(r, placements=tuple(placements), turn=None, done=(*r.done, turn)),
    )


def _stake_hint(state: GameState) -> str:
    ch = q.stake_choices(state)
    parts = [f"add {or_list(str(n) for n in ch.adds)}"] if ch.adds else []
    if ch.take:
        parts.append("take 1")
    return " or ".join(parts)


def _why_not_stones(state: GameState, turn: Turn, stones, groups) -> str:
    who = state.players[turn.player]
    offered = and_list(stone_list(g) for g in groups) or "none"
    kinds = {KIND_OF_STONE[s] for s in stones}
    if kinds != {turn.kind}:
        playing = (
            "the quartz stones" if turn.stones == QUARTZ_STONES else f"his {KIND_PLURAL[turn.kind]}"
        )
        return (
            f"{who} places {playing} this turn, not {stone_list(stones)}; {who} may place {offered}"
        )
    if len(stones) == 2:
        if sorted(stones) != ["P1", "P2"]:
            return f"only the two pillars may be placed together; {who} may place {offered}"
        if not turn.active:
            why = "both pillars may only be placed together on an active turn"
        elif ABILITY_PILLARS in state.used:
            why = "both pillars have already been placed together this pass"
        else:
            why = "the large pillar P2 is out for the rest of this pass"
        return f"{why}; {who} may place {offered}"
    if len(stones) != 1:
        return f"a turn places one stone (or both pillars together); {who} may place {offered}"
    if turn.stones == QUARTZ_STONES:
        return f"{stones[0]} has already left the game this pass; {who} may place {offered}"
    return f"{stones[0]} is no longer in {who}'s hand this pass; {who} may place {offered}"


def _own_open_turn(state: GameState, name: str, what: str) -> Turn:
    i = seat(state, name)
    r = state.round
    turn = r.turn
    if turn is None:
        if r.filled == 4:
            raise IllegalAction(f"all four spaces are taken; no {what} until the next round")
        chief = state.players[state.chieftain]
        raise IllegalAction(
            f"no one is on turn (a turn ends with its stone); {chief} (chieftain) calls"
            f" who places next, and only then may that player {what}"
        )
    if i != turn.player:
        who = state.players[turn.player]
        raise IllegalAction(f"it is {who}'s turn, not {name}'s; only {who} may {what} now")
    return turn
