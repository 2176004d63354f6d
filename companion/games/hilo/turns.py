"""The rule handlers: one function per action type, each ``(state, action) -> state``.

Each handler checks that its action is the one awaited, by the player awaited, and
that the card data the table reports fits what the deck can hold there; then it moves
the cards and runs what follows (Magician, Phoenix, the end, the reshuffle, the next
turn). An illegal action raises ``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from ...errors import IllegalAction
from ...i18n.message import msg
from . import queries as q
from .actions import Discard, Draw, Exchange, Redraw, Reveal, Spell, Take, Uncover, Upturn
from .names import (
    BECAUSE_DISCARD,
    BECAUSE_PHOENIX,
    DECIDE,
    MAGICIAN,
    OVER,
    PHOENIX,
    REDRAW,
    REVEAL,
    SETUP,
    SLOTS,
    SPELL,
    TURN,
    UNCOVER,
    UPTURN,
)
from .scoring import score_layout
from .state import EMPTY, GameState, bump, evolve, put
from .text import and_list, or_list, seat_of, slot_list, slot_of

# -- what is awaited, in words ------------------------------------------------------

_WAITS = {
    UPTURN: lambda p: msg(
        "the top card of the draw pile to be turned over as the discard pile (upturn)"
    ),
    SETUP: lambda p: msg("{p} to turn over a starting card (reveal)", p=p),
    REDRAW: lambda p: msg(
        "{p} to replace the Magician with a new card from the draw pile (redraw)", p=p
    ),
    TURN: lambda p: msg(
        "{p} to take the discard pile's top card (A: take) or draw a card (B: draw)", p=p
    ),
    DECIDE: lambda p: msg(
        "{p} to exchange the drawn card into the layout (exchange) or put it on the"
        " discard pile (discard)",
        p=p,
    ),
    SPELL: lambda p: msg("{p}'s Magician to cast its spell (spell)", p=p),
    UNCOVER: lambda p: msg("{p} to show the remaining face-down cards (uncover)", p=p),
}


def waits_for(state: GameState) -> str:
    """The awaited decision as a phrase: ``"Ana to turn over a face-down card (reveal)"``."""
    aw = q.awaiting(state)
    if aw is None:
        return msg("nothing: the game is over")
    who = aw.player
    if state.phase == SETUP:
        who = or_list(state.players[i] for i in state.setup_left)
    elif state.phase == UNCOVER:
        who = or_list(state.players[i] for i in q.uncover_owed(state))
    if state.phase == REVEAL:
        if state.because == BECAUSE_PHOENIX:
            return msg("{p} to turn over a face-down card (reveal, for the Phoenix)", p=who)
        return msg("{p} to turn over a face-down card (reveal, for the discarded card)", p=who)
    return _WAITS[state.phase](who)


def over_words(state: GameState) -> str:
    """Why nothing more is allowed: who won, with how many Sterntaler."""
    best = max(state.scores or (0,))
    return msg(
        "the game is over; {winners} won with {best} Sterntaler",
        winners=and_list(state.winners),
        best=best,
    )


def _expect(state: GameState, phases: tuple[str, ...], what: str, player: str | None) -> int:
    """Check the phase and the actor; return the actor's seat."""
    if state.phase not in phases:
        raise IllegalAction(
            msg(
                "{what} is not allowed now: the game waits for {waits}",
                what=what,
                waits=waits_for(state),
            )
        )
    if player is None:
        return -1
    seat = seat_of(state, player)
    if state.phase == SETUP:
        if seat not in state.setup_left:
            raise IllegalAction(
                msg(
                    "{player} has already turned over a starting card; each player turns over"
                    " one; waiting for {waits}",
                    player=player,
                    waits=waits_for(state),
                )
            )
        return seat
    if state.phase == UNCOVER:
        if seat not in q.uncover_owed(state):
            raise IllegalAction(msg("{player} has no face-down card left to show", player=player))
        return seat
    if seat != state.current:
        raise IllegalAction(
            msg(
                "it is not {player}'s turn: the game waits for {waits}",
                player=player,
                waits=waits_for(state),
            )
        )
    return seat


def _design(state: GameState, card: str) -> int:
    i = state.catalogue.index.get(card)
    if i is None:
        ids = [c.id for c in state.catalogue.cards]
        known = ", ".join(ids) if len(ids) <= 40 else msg("{n} designs", n=len(ids))
        raise IllegalAction(
            msg(
                "there is no card {card!r} in the catalogue {name!r}; its cards are {known}",
                card=card,
                name=state.catalogue.name,
                known=known,
            )
        )
    return i


def _from_layout(state: GameState, card: str, where: str) -> tuple[int, ...]:
    """``unseen`` after ``card`` came to light from a face-down layout spot."""
    i = _design(state, card)
    if not state.unseen[i]:
        raise IllegalAction(
            msg(
                "{where} cannot be {card!r}: every copy of it is already accounted for"
                " ({whereabouts})",
                where=where,
                card=card,
                whereabouts=_whereabouts(state, card),
            )
        )
    return bump(state.unseen, i, -1)


def _from_pile(state: GameState, card: str) -> GameState:
    """The state after ``card`` left the top of the draw pile (``pile_size`` one less).

    A design both known to be in the pile and unseen is counted off the known copies:
    every deal that fits the other choice fits this one too, so nothing the table may
    still show is refused later."""
    i = _design(state, card)
    if state.pile_size == 0:
        raise IllegalAction(msg("the draw pile is empty"))
    if state.pile_known[i]:
        return evolve(
            state, pile_size=state.pile_size - 1, pile_known=bump(state.pile_known, i, -1)
        )
    if state.pile_unknown and state.unseen[i]:
        return evolve(state, pile_size=state.pile_size - 1, unseen=bump(state.unseen, i, -1))
    raise IllegalAction(
        msg(
            "the draw pile cannot show {card!r}: every copy of it is accounted for ({whereabouts})",
            card=card,
            whereabouts=_whereabouts(state, card),
        )
    )


def _whereabouts(state: GameState, card: str):
    spots = [
        _spot(state.players[s], SLOTS[i])
        for s, lay in enumerate(state.layouts)
        for i, c in enumerate(lay)
        if c == card
    ]
    if card in state.discard:
        spots.append(msg("{n} on the discard pile", n=state.discard.count(card)))
    if state.drawn == card:
        spots.append(msg("the drawn card"))
    k = state.pile_known[state.catalogue.index[card]]
    if k:
        spots.append(msg("{n} known in the draw pile", n=k))
    return and_list(spots) if spots else msg("none left")


def _spot(player: str, slot: str):
    """``Ana's T3``."""
    return msg("{player}'s {slot}", player=player, slot=slot)


def _own_slot(slot: str) -> int:
    return slot_of(slot)


# -- setup ------------------------------------------------------------------------


def upturn(state: GameState, a: Upturn) -> GameState:
    _expect(state, (UPTURN,), msg("turning over the discard pile's first card"), None)
    s = _from_pile(state, a.card)
    return evolve(s, discard=(a.card,), phase=SETUP, setup_left=tuple(range(state.n)))


def _setup_reveal(state: GameState, seat: int, slot: int, card: str) -> GameState:
    unseen = _from_layout(state, card, _spot(state.players[seat], SLOTS[slot]))
    left = tuple(i for i in state.setup_left if i != seat)
    if state.catalogue.kind(card) == MAGICIAN:
        # "shuffle it back into the draw pile and take a new card from the draw pile"
        i = state.catalogue.index[card]
        return evolve(
            state,
            layouts=put(state.layouts, seat, slot, EMPTY),
            unseen=unseen,
            pile_known=bump(state.pile_known, i, 1),
            pile_size=state.pile_size + 1,
            setup_left=left,
            phase=REDRAW,
            current=seat,
        )
    # a Phoenix as starting card does not act
    s = evolve(state, layouts=put(state.layouts, seat, slot, card), unseen=unseen, setup_left=left)
    return _setup_done_or_next(s)


def redraw(state: GameState, a: Redraw) -> GameState:
    seat = _expect(state, (REDRAW,), msg("a redraw"), a.player)
    slot = state.layouts[seat].index(EMPTY)
    s = _from_pile(state, a.card)
    if state.catalogue.kind(a.card) == MAGICIAN:
        # the new card is a Magician again: it goes back in the same way
        i = state.catalogue.index[a.card]
        return evolve(s, pile_known=bump(s.pile_known, i, 1), pile_size=s.pile_size + 1)
    s = evolve(s, layouts=put(s.layouts, seat, slot, a.card))
    return _setup_done_or_next(s)


def _setup_done_or_next(state: GameState) -> GameState:
    if state.setup_left:
        return evolve(state, phase=SETUP, current=0)
    return _reshuffle_if_empty(evolve(state, phase=TURN, current=0, turn_no=1))


# -- turns ----------------------------------------------------------------------------


def reveal(state: GameState, a: Reveal) -> GameState:
    seat = _expect(state, (SETUP, REVEAL), msg("turning over a card"), a.player)
    slot = _own_slot(a.slot)
    if state.layouts[seat][slot] is not None:
        raise IllegalAction(
            msg(
                "{spot} is already face up; turn over a face-down card: {slots}",
                spot=_spot(a.player, a.slot),
                slots=slot_list(state.face_down(seat)),
            )
        )
    if state.phase == SETUP:
        return _setup_reveal(state, seat, slot, a.card)
    unseen = _from_layout(state, a.card, _spot(a.player, a.slot))
    s = evolve(state, layouts=put(state.layouts, seat, slot, a.card), unseen=unseen, because=None)
    return _arrived(s, a.card)


def take(state: GameState, a: Take) -> GameState:
    seat = _expect(state, (TURN,), msg("taking the discard pile's top card"), a.player)
    slot = _own_slot(a.slot)
    if not state.discard:
        raise IllegalAction(
            msg(
                "the discard pile is empty (it was shuffled into the new draw pile);"
                " draw from the draw pile instead (B: draw)"
            )
        )
    card = state.discard[-1]
    layouts, unseen, out = _swap_in(state, seat, slot, card, a.discards, a.player)
    s = evolve(state, layouts=layouts, unseen=unseen, discard=(*state.discard[:-1], out))
    return _arrived(s, card)


def draw(state: GameState, a: Draw) -> GameState:
    _expect(state, (TURN,), msg("drawing a card"), a.player)
    s = _from_pile(state, a.card)
    return evolve(s, drawn=a.card, phase=DECIDE)


def exchange(state: GameState, a: Exchange) -> GameState:
    seat = _expect(state, (DECIDE,), msg("exchanging a drawn card"), a.player)
    slot = _own_slot(a.slot)
    card = state.drawn
    layouts, unseen, out = _swap_in(state, seat, slot, card, a.discards, a.player)
    s = evolve(state, layouts=layouts, unseen=unseen, discard=(*state.discard, out), drawn=None)
    return _arrived(s, card)


def discard(state: GameState, a: Discard) -> GameState:
    seat = _expect(state, (DECIDE,), msg("discarding a drawn card"), a.player)
    s = evolve(state, discard=(*state.discard, state.drawn), drawn=None)
    if not s.face_down(seat):  # cannot happen while the game runs; kept for safety
        return _end_turn(s)
    # "you must immediately turn over any one face-down card from your layout"
    return evolve(s, phase=REVEAL, because=BECAUSE_DISCARD)


def _swap_in(state, seat, slot, card, discards, player):
    """Put ``card`` face up on ``slot``: the new layouts, the new ``unseen`` and the card
    that left the slot for the discard pile."""
    old = state.layouts[seat][slot]
    unseen = state.unseen
    if old is None:
        if discards is None:
            raise IllegalAction(
                msg(
                    "{spot} was face down: the record must say which card"
                    " went onto the discard pile ('discards')",
                    spot=_spot(player, SLOTS[slot]),
                )
            )
        unseen = _from_layout(
            state, discards, msg("{player}'s face-down {slot}", player=player, slot=SLOTS[slot])
        )
        old = discards
    elif discards is not None and discards != old:
        raise IllegalAction(
            msg(
                "{spot} shows {old!r}, so {old!r} goes onto the discard pile, not {given!r}",
                spot=_spot(player, SLOTS[slot]),
                old=old,
                given=discards,
            )
        )
    return put(state.layouts, seat, slot, card), unseen, old


def spell(state: GameState, a: Spell) -> GameState:
    seat = _expect(state, (SPELL,), msg("a Magician's spell"), a.player)
    mine, theirs = _own_slot(a.slot), _own_slot(a.at)
    other = seat_of(state, a.with_)
    if other == seat:
        raise IllegalAction(
            msg(
                "the spell exchanges a card with another player's layout, never within one's"
                " own (the layout rule); choose {others}",
                others=or_list(p for i, p in enumerate(state.players) if i != seat),
            )
        )
    if mine not in q.spell_own_slots(state):
        raise IllegalAction(
            msg(
                "{spot} holds a Magician, and Magicians are never exchanged by a"
                " spell; choose {slots}",
                spot=_spot(a.player, a.slot),
                slots=slot_list(q.spell_own_slots(state)),
            )
        )
    if theirs not in q.spell_target_slots(state, other):
        raise IllegalAction(
            msg(
                "{spot} holds a Magician, and Magicians are never exchanged by a"
                " spell; choose {slots}",
                spot=_spot(a.with_, a.at),
                slots=slot_list(q.spell_target_slots(state, other)),
            )
        )
    got, gave = state.layouts[other][theirs], state.layouts[seat][mine]
    lays = put(put(state.layouts, seat, mine, got), other, theirs, gave)
    s = evolve(state, layouts=lays)
    if got is not None and state.catalogue.kind(got) == PHOENIX:
        return _arrived(s, got)  # a face-up Phoenix from another layout acts too
    return _after_effects(s)


def uncover(state: GameState, a: Uncover) -> GameState:
    seat = _expect(state, (UNCOVER,), msg("uncovering cards"), a.player)
    down = state.face_down(seat)
    listed = [slot_of(sl) for sl, _ in a.cards]
    if sorted(listed) != list(down):
        raise IllegalAction(
            msg(
                "{player} must show exactly his face-down cards, {down}; the record lists {listed}",
                player=a.player,
                down=and_list(SLOTS[i] for i in down),
                listed=and_list(sl for sl, _ in a.cards) if a.cards else msg("none"),
            )
        )
    s = state
    for (sl, card), i in zip(a.cards, listed, strict=True):
        unseen = _from_layout(s, card, _spot(a.player, sl))
        s = evolve(s, unseen=unseen, layouts=put(s.layouts, seat, i, card))
    if q.uncover_owed(s):
        return s
    return final_scores(s)


# -- what follows an action --------------------------------------------------------


def _arrived(state: GameState, card: str) -> GameState:
    """A card came face up into the current player's layout: Magician, Phoenix, or the
    end of the turn. The end of the game comes first: then nothing acts any more."""
    if _someone_done(state):
        return _game_over(state)
    kind = state.catalogue.kind(card)
    if kind == MAGICIAN:
        if q.spell_possible(state):
            return evolve(state, phase=SPELL)
        return _end_turn(state)  # no card may be exchanged: the spell lapses
    if kind == PHOENIX and state.face_down(state.current):
        return evolve(state, phase=REVEAL, because=BECAUSE_PHOENIX)
    return _end_turn(state)


def _after_effects(state: GameState) -> GameState:
    if _someone_done(state):
        return _game_over(state)
    return _end_turn(state)


def _someone_done(state: GameState) -> bool:
    return any(state.fully_revealed(i) for i in range(state.n))


def _end_turn(state: GameState) -> GameState:
    nxt = (state.current + 1) % state.n
    if state.pile_size or not state.discard:
        return evolve(state, phase=TURN, because=None, current=nxt, turn_no=state.turn_no + 1)
    s = _reshuffle_if_empty(state)
    return evolve(s, phase=TURN, because=None, current=nxt, turn_no=state.turn_no + 1)


def _reshuffle_if_empty(state: GameState) -> GameState:
    """ "If the draw pile is ever empty, shuffle the discard pile and place it as the new
    draw pile": the whole discard pile, its order unknown from then on."""
    if state.pile_size or not state.discard:
        return state
    known = list(state.pile_known)
    for c in state.discard:
        known[state.catalogue.index[c]] += 1
    return evolve(
        state,
        pile_known=tuple(known),
        pile_size=len(state.discard),
        discard=(),
        reshuffles=state.reshuffles + 1,
    )


def _game_over(state: GameState) -> GameState:
    ender = next(i for i in range(state.n) if state.fully_revealed(i))
    s = evolve(state, phase=UNCOVER, ender=ender, because=None, drawn=None)
    if q.uncover_owed(s):
        return s
    return final_scores(s)


def final_scores(state: GameState) -> GameState:
    scores = tuple(score_layout(state.catalogue, lay).total for lay in state.layouts)
    best = max(scores)
    winners = tuple(p for p, sc in zip(state.players, scores, strict=True) if sc == best)
    return evolve(state, phase=OVER, scores=scores, winners=winners)
