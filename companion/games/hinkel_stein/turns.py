"""Handlers for the actions before the fourth stone: offer, answer, condition, call,
mode, stake, notch and place. Each checks the rule and returns the next state, or
raises ``IllegalAction`` saying what is allowed instead."""

from __future__ import annotations

from ...errors import IllegalAction
from ...i18n.message import msg, nmsg
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
from .text import and_list, or_list, seat, stone_list, word


def offer(state: GameState, a: Offer) -> GameState:
    i = seat(state, a.player)
    to = seat(state, a.to)
    if state.n != 3:
        raise IllegalAction(msg("a partnership can only be offered in the 3-player game"))
    chief = state.players[state.chieftain]
    if i != state.chieftain:
        raise IllegalAction(
            msg("only the chieftain ({chief}) may offer a partnership", chief=chief)
        )
    r = state.round
    if r.offered_to is not None:
        raise IllegalAction(
            msg("{chief} has already offered a partnership this round (once a round)", chief=chief)
        )
    if r.turn is not None or r.done:
        raise IllegalAction(msg("a partnership can only be offered before the round's first call"))
    if to == i:
        others = or_list(p for j, p in enumerate(state.players) if j != i)
        raise IllegalAction(
            msg(
                "{chief} cannot offer a partnership to himself; offer it to {others}",
                chief=chief,
                others=others,
            )
        )
    return evolve(state, round=evolve(r, offered_to=to))


def answer(state: GameState, a: Answer) -> GameState:
    i = seat(state, a.player)
    r = state.round
    if r.offered_to is None or r.answered:
        raise IllegalAction(msg("there is no offer of a partnership to answer"))
    if i != r.offered_to:
        to = state.players[r.offered_to]
        raise IllegalAction(msg("the offer was made to {to}; only {to} may answer it", to=to))
    return evolve(state, round=evolve(r, answered=True, partner=i if a.accept else None))


def condition(state: GameState, a: Condition) -> GameState:
    i = seat(state, a.player)
    chief = state.players[state.chieftain]
    if i != state.chieftain:
        raise IllegalAction(
            msg("only the chieftain ({chief}) sets the victory condition", chief=chief)
        )
    r = state.round
    if r.condition is not None:
        raise IllegalAction(
            msg(
                "the victory condition of this round is already set ({side} side wins)",
                side=word("condition", r.condition),
            )
        )
    return evolve(state, round=evolve(r, condition=a.wins))


def call(state: GameState, a: Call) -> GameState:
    i = seat(state, a.player)
    target = seat(state, a.calls)
    chief = state.players[state.chieftain]
    r = state.round
    if i != state.chieftain:
        raise IllegalAction(msg("only the chieftain ({chief}) calls who places next", chief=chief))
    if r.condition is None:
        raise IllegalAction(
            msg("{chief} must first set the victory condition (heavier or lighter)", chief=chief)
        )
    if r.turn is not None:
        who = state.players[r.turn.player]
        raise IllegalAction(
            msg("{who}'s turn is still open: {who} must place a stone first", who=who)
        )
    if r.filled == 4:
        raise IllegalAction(msg("all four spaces are taken; the round ends when the scale tilts"))
    if a.stones == QUARTZ_STONES and state.n != 3:
        raise IllegalAction(msg("calling for the quartz stones exists only in the 3-player game"))
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
        msg("{name} (quartz stones)", name=state.players[s])
        if st == QUARTZ_STONES
        else state.players[s]
        for s, st in options
    )
    if stones == QUARTZ_STONES:
        if target == state.chieftain:
            why = msg("the chieftain may never place the quartz stones")
        elif any(t.stones == QUARTZ_STONES for t in q.turns_this_round(state)):
            why = msg("the quartz stones have already been placed this round")
        else:
            third = state.players[q.third_player(state)]
            why = msg(
                "in a partnership the quartz stones are placed by the third player, {third}",
                third=third,
            )
    elif state.n == 2:
        why = msg("{name} has already been on turn twice this round", name=name)
    else:
        why = (
            msg("{name} has already placed his own stone this round", name=name)
            if state.n == 3
            else msg("{name} has already placed a stone this round", name=name)
        )
    return msg("{why}; the chieftain may call {allowed}", why=why, allowed=allowed)


def mode(state: GameState, a: Mode) -> GameState:
    i = seat(state, a.player)
    r = state.round
    if state.n != 2:
        raise IllegalAction(
            msg("choosing a kind and active or passive play exists only with 2 players")
        )
    turn = r.turn
    if turn is None or turn.kind is not None:
        raise IllegalAction(
            msg("no turn is waiting for its kind and mode; the chieftain calls first")
        )
    who = state.players[turn.player]
    if i != turn.player:
        raise IllegalAction(
            msg("{who} was called, so only {who} chooses the kind and mode", who=who)
        )
    options = q.mode_options(state)
    if (a.kind, a.active) not in options:
        allowed = or_list(
            msg("{kind} active", kind=word("kind", k))
            if act
            else msg("{kind} passive", kind=word("kind", k))
            for k, act in options
        )
        earlier = [t for t in r.done if t.player == i]
        repeats = any(t.kind == a.kind or t.active == a.active for t in earlier)
        if a.kind not in state.cards[i]:
            why = msg(
                "{who} holds {cards}, not {kind}",
                who=who,
                cards=and_list(word("kind", k) for k in state.cards[i]),
                kind=word("kind", a.kind),
            )
        elif not repeats and q.mandatory_kind(state) is not None and i == state.chieftain:
            why = msg(
                "{who} is chieftain because of the {kinds} and must play them actively",
                who=who,
                kinds=word("kinds", KIND_PLURAL[q.mandatory_kind(state)]),
            )
        else:
            why = msg("{who} plays each kind once a round, one actively and one passively", who=who)
        raise IllegalAction(
            msg("{why}; {who} may choose {allowed}", why=why, who=who, allowed=allowed)
        )
    return evolve(state, round=evolve(r, turn=evolve(turn, kind=a.kind, active=a.active)))


def stake(state: GameState, a: Stake) -> GameState:
    turn = _own_open_turn(state, a.player, "stake")
    who = state.players[turn.player]
    if turn.kind is None:
        raise IllegalAction(_mode_first(who))
    if not turn.active:
        if turn.stones == QUARTZ_STONES:
            why = msg("no discs are staked on a quartz turn; {who} just places a stone", who=who)
        else:
            why = msg("no discs are staked on a passive turn; {who} just places a stone", who=who)
        raise IllegalAction(why)
    if turn.staked:
        raise IllegalAction(
            msg("{who} has already staked this turn; now {who} places a stone", who=who)
        )
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


def _mode_first(who: str):
    return msg("{who} must first choose a kind and active or passive play (mode)", who=who)


def _stake_options(ch: q.StakeChoices):
    """``add 1 or 2 discs or take 1``, ``place without a stake``."""
    parts = []
    if ch.adds:
        last = ch.adds[-1]
        amounts = or_list(str(n) for n in ch.adds)
        parts.append(nmsg("add {amounts} disc", "add {amounts} discs", last, amounts=amounts))
    if ch.take:
        parts.append(msg("take 1"))
    return or_list(parts) if parts else msg("place without a stake")


def _why_not_stake(state: GameState, who: str, a: Stake, ch: q.StakeChoices):
    allowed = _stake_options(ch)
    if (a.add is None) == (a.take is None):
        return msg(
            "a stake must either add or take discs, not both or neither; {who} may {allowed}",
            who=who,
            allowed=allowed,
        )
    if a.add is not None and a.add < 1:
        return msg("a player adds at least 1 disc; {who} may {allowed}", who=who, allowed=allowed)
    if a.add is not None and a.add > ch.limit:
        if ch.limit == 2 and state.n == 3:
            return msg(
                "{who} may {allowed}; with 3 players the quartz stones are neutral,"
                " so nobody adds more than 2",
                who=who,
                allowed=allowed,
            )
        if ch.limit == 2:
            return msg(
                "{who} may {allowed}; only the quartz holder, playing his quartz"
                " actively, may add up to 4",
                who=who,
                allowed=allowed,
            )
        return msg("{who} may add at most 4 discs; {who} may {allowed}", who=who, allowed=allowed)
    if a.take is not None and a.take != 1:
        return msg(
            "a player may take exactly 1 disc; {who} may {allowed}", who=who, allowed=allowed
        )
    available = state.supply + refill_amount(state)
    return nmsg(
        "the supply can give only {n} disc (after every player returns as many as the"
        " poorest holds), so {who} may {allowed}",
        "the supply can give only {n} discs (after every player returns as many as the"
        " poorest holds), so {who} may {allowed}",
        available,
        n=available,
        who=who,
        allowed=allowed,
    )


def notch(state: GameState, a: Notch) -> GameState:
    turn = _own_open_turn(state, a.player, "notch")
    who = state.players[turn.player]
    options = q.notch_options(state)
    if a.notch not in options:
        if ABILITY_NOTCH in state.used:
            why = msg("the Hinkelstein notch has already been used this pass")
        elif turn.kind != "hinkelstein" or not turn.active:
            why = msg(
                "only the Hinkelstein holder moves the scale to another notch, on his active"
                " turn before he places his Hinkelstein; {who} is not playing a Hinkelstein"
                " actively now",
                who=who,
            )
        else:
            why = msg(
                "the scale already rests on the {notch} notch; choose {options}",
                notch=word("notch", a.notch),
                options=or_list(word("notch", o) for o in options),
            )
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
        raise IllegalAction(_mode_first(who))
    if q.stake_due(state):
        raise IllegalAction(msg("{who} must first stake: {hint}", who=who, hint=_stake_hint(state)))
    r = state.round
    free = q.free_spaces(state)
    if a.space not in free:
        taken = r.placement(a.space)
        raise IllegalAction(
            msg(
                "{space} is taken by {owner}'s {stones}; free spaces: {free}",
                space=a.space,
                owner=state.players[taken.player],
                stones=stone_list(taken.stones),
                free=and_list(free),
            )
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


def _stake_hint(state: GameState):
    ch = q.stake_choices(state)
    parts = [msg("add {amounts}", amounts=or_list(str(n) for n in ch.adds))] if ch.adds else []
    if ch.take:
        parts.append(msg("take 1"))
    return or_list(parts)


def _why_not_stones(state: GameState, turn: Turn, stones, groups):
    who = state.players[turn.player]
    offered = and_list(stone_list(g) for g in groups) if groups else msg("none")
    kinds = {KIND_OF_STONE[s] for s in stones}

    def may(why):
        return msg("{why}; {who} may place {offered}", why=why, who=who, offered=offered)

    if kinds != {turn.kind}:
        given = stone_list(stones)
        if turn.stones == QUARTZ_STONES:
            return may(
                msg("{who} places the quartz stones this turn, not {given}", who=who, given=given)
            )
        return may(
            msg(
                "{who} places his {kinds} this turn, not {given}",
                who=who,
                kinds=word("kinds", KIND_PLURAL[turn.kind]),
                given=given,
            )
        )
    if len(stones) == 2:
        if sorted(stones) != ["P1", "P2"]:
            return may(msg("only the two pillars may be placed together"))
        if not turn.active:
            return may(msg("both pillars may only be placed together on an active turn"))
        if ABILITY_PILLARS in state.used:
            return may(msg("both pillars have already been placed together this pass"))
        return may(msg("the large pillar P2 is out for the rest of this pass"))
    if len(stones) != 1:
        return may(msg("a turn places one stone (or both pillars together)"))
    if turn.stones == QUARTZ_STONES:
        return may(msg("{stone} has already left the game this pass", stone=stones[0]))
    return may(msg("{stone} is no longer in {who}'s hand this pass", stone=stones[0], who=who))


def _own_open_turn(state: GameState, name: str, what: str) -> Turn:
    i = seat(state, name)
    r = state.round
    turn = r.turn
    if turn is None:
        if r.filled == 4:
            raise IllegalAction(
                msg(
                    "all four spaces are taken; no {what} until the next round",
                    what=word("action", what),
                )
            )
        chief = state.players[state.chieftain]
        raise IllegalAction(
            msg(
                "no one is on turn (a turn ends with its stone); {chief} (chieftain) calls"
                " who places next, and only then may that player {what}",
                chief=chief,
                what=word("action", what),
            )
        )
    if i != turn.player:
        who = state.players[turn.player]
        raise IllegalAction(
            msg(
                "it is {who}'s turn, not {name}'s; only {who} may {what} now",
                who=who,
                name=name,
                what=word("action", what),
            )
        )
    return turn
