"""The rule handlers: roll, lift, pile, stop, fall and measure, each ``(state, action) ->
state`` or ``IllegalAction`` saying which rule is broken and what is allowed instead."""

from __future__ import annotations

import math

from ...errors import IllegalAction
from ...i18n.message import msg
from . import queries as q
from . import scoring
from .actions import Fall, Lift, Measure, Pile, Roll, Stop
from .names import (
    COMPUTED,
    ENDED_COLOUR,
    ENDED_EMPTY,
    ENDED_FALL,
    MASTER,
    MIN_BLOCKS_TO_FALL,
    OWN,
    REMAINING,
    SOLO,
)
from .state import GameState, LiftResult, evolve
from .text import and_list, blocks, blocks_count, mm_words, or_list, seat, word

# -- whose turn -------------------------------------------------------------------------


def _on_turn(state: GameState, name: str, doing: str) -> int:
    """The seat of ``name`` if it is his turn, else a message naming whose turn it is."""
    i = seat(state, name)
    if i != state.turn:
        raise IllegalAction(
            msg(
                "it is {who}'s turn, not {name}'s: only {who} may {doing} now",
                who=state.players[state.turn],
                name=name,
                doing=doing,
            )
        )
    return i


def _no_pile_pending(state: GameState, doing: str) -> None:
    if state.to_pile:
        who = state.players[state.turn]
        if q.stop_open(state):
            why = msg(
                "{who} must first pile the blocks just fished out ({blocks}) or stop building,"
                " before anyone may {doing}",
                who=who,
                blocks=or_list(state.to_pile),
                doing=doing,
            )
        else:
            why = msg(
                "{who} must first pile the blocks just fished out ({blocks}),"
                " before anyone may {doing}",
                who=who,
                blocks=or_list(state.to_pile),
                doing=doing,
            )
        raise IllegalAction(why)


def _play_on(state: GameState, doing: str) -> None:
    if state.ended_by is not None:
        raise IllegalAction(
            msg(
                "play is over ({why}), so nobody may {doing}; now {measure}",
                why=end_reason(state),
                doing=doing,
                measure=_measure_words(state),
            )
        )


def end_reason(state: GameState):
    if state.ended_by == ENDED_COLOUR:
        return msg(
            "the die showed {colour} and no {colour} block was left",
            colour=word("colour", state.end_colour),
        )
    if state.ended_by == ENDED_EMPTY:
        return msg("the building site is empty")
    return msg("{who}'s tower fell over", who=state.players[state.fallen])


def _measure_words(state: GameState) -> str:
    opts = q.measure_options(state)
    if not opts:
        return msg("nothing is left to measure")
    return msg(
        "the yardstick measures {targets}",
        targets=and_list(_measure_target(state, p, of) for p, of in opts),
    )


def _measure_target(state: GameState, player: str, of: str) -> str:
    if of == REMAINING:
        return msg("the tower of the remaining blocks")
    return _build_of(player, state.build)


def _build_of(player: str, build: str):
    """``Ana's row``, ``Ana's tower``."""
    if build == "tower":
        return msg("{player}'s tower", player=player)
    return msg("{player}'s row", player=player)


# -- roll and lift ----------------------------------------------------------------------


def roll(state: GameState, a: Roll) -> GameState:
    _play_on(state, msg("roll the die"))
    _on_turn(state, a.player, msg("roll the die"))
    _no_pile_pending(state, msg("roll"))
    if state.rolled is not None:
        raise IllegalAction(
            msg(
                "{who} has rolled {colour} already; the die is rolled once a turn,"
                " and now {who} tries to lift a {colour} block with the crane",
                who=a.player,
                colour=word("colour", state.rolled),
            )
        )
    colours = q.roll_colours(state)
    if a.colour not in colours:
        raise IllegalAction(
            msg(
                "the die shows {faces}, not {given!r}",
                faces=or_list(word("colour", c) for c in colours),
                given=a.colour,
            )
        )
    if not q.colour_on_site(state, a.colour):
        # "The game ends as soon as there are no blocks left on the building site in
        # the colour matching the die."
        return end_play(state, ENDED_COLOUR, colour=a.colour)
    return evolve(state, rolled=a.colour)


def lift(state: GameState, a: Lift) -> GameState:
    _play_on(state, msg("lift blocks"))
    i = _on_turn(state, a.player, msg("try with the crane"))
    _no_pile_pending(state, msg("lift"))
    if state.rolled is None:
        raise IllegalAction(
            msg("{who} must roll the die before trying with the crane", who=a.player)
        )
    cat = state.catalogue
    for b in a.blocks:
        if b not in cat.index:
            raise IllegalAction(
                msg(
                    "there is no block {b!r}; the blocks are {known}",
                    b=b,
                    known=", ".join(x.id for x in cat.blocks),
                )
            )
        if b not in state.site:
            holder = state.holder(b)
            raise IllegalAction(
                msg(
                    "{b} is not on the building site ({holder} has it), so the"
                    " crane cannot lift it; on the site are {site}",
                    b=b,
                    holder=state.players[holder],
                    site=", ".join(q.site_blocks(state)),
                )
            )
    if len(set(a.blocks)) != len(a.blocks):
        raise IllegalAction(msg("a block is listed twice in {blocks}", blocks=blocks(a.blocks)))
    colour = state.rolled
    kept = tuple(b for b in a.blocks if cat.colour(b) == colour)
    returned = tuple(b for b in a.blocks if cat.colour(b) != colour)
    ks = list(state.kept)
    ks[i] = ks[i] + kept
    changes = {
        "site": state.site.difference(kept) if kept else state.site,
        "kept": tuple(ks),
        "rolled": None,
        "last": LiftResult(i, colour, tuple(a.blocks), kept, returned),
    }
    if state.piling and kept and i not in state.stopped:
        # "The blocks have to be piled up immediately after being fished out."
        return evolve(state, to_pile=kept, **changes)
    return end_turn(state, **changes)


def end_turn(state: GameState, **changes) -> GameState:
    """The next player's turn (with ``changes`` made to the state on the way); play
    ends at once when the site is empty."""
    state = evolve(
        state, turn=(state.turn + 1) % state.n, turn_no=state.turn_no + 1, to_pile=(), **changes
    )
    if not state.site:
        return end_play(state, ENDED_EMPTY)
    return state


# -- fishing order: pile, stop, fall --------------------------------------------------


def _piling_only(state: GameState, doing: str) -> None:
    if not state.piling:
        how = (
            msg("the tower is built after the game, in any order")
            if state.build == "tower"
            else msg("the blocks are laid out in a row after the game")
        )
        raise IllegalAction(
            msg(
                "nobody may {doing} in this game: blocks are piled as they are fished out"
                " only by the master tower builder (variant {master!r}) and the solo"
                " constructor who may not change the order ({solo!r} with order 'fishing');"
                " here {how}",
                doing=doing,
                master=MASTER,
                solo=SOLO,
                how=how,
            )
        )


def pile(state: GameState, a: Pile) -> GameState:
    _piling_only(state, msg("pile a block now"))
    _play_on(state, msg("pile a block"))
    i = _on_turn(state, a.player, msg("pile a block"))
    if not state.to_pile:
        raise IllegalAction(
            msg(
                "{who} has no block waiting to be piled: a block is piled right after it"
                " is fished out; now {who} must {next}",
                who=a.player,
                next=msg("lift") if state.rolled else msg("roll the die"),
            )
        )
    if a.block not in state.to_pile:
        raise IllegalAction(
            msg(
                "{who} must pile a block just fished out, {blocks}, not {given}",
                who=a.player,
                blocks=or_list(state.to_pile),
                given=a.block,
            )
        )
    ts = list(state.towers)
    ts[i] = ts[i] + (a.block,)
    rest = tuple(b for b in state.to_pile if b != a.block)
    if rest:
        return evolve(state, towers=tuple(ts), to_pile=rest)
    return end_turn(state, towers=tuple(ts))


def stop(state: GameState, a: Stop) -> GameState:
    _piling_only(state, msg("stop building"))
    _play_on(state, msg("stop building"))
    i = _on_turn(state, a.player, msg("stop building"))
    if not state.to_pile:
        raise IllegalAction(
            msg(
                "{who} may stop building only when the next block cannot be placed,"
                " that is while piling a block just fished out; none is waiting now",
                who=a.player,
            )
        )
    if not state.towers[i]:
        raise IllegalAction(
            msg(
                "{who} may stop building only when the next block cannot be placed, and"
                " the first block always stands on the table: pile {blocks}",
                who=a.player,
                blocks=or_list(state.to_pile),
            )
        )
    # "Then it's the tallest tower built up to this point which counts."
    return end_turn(state, stopped=state.stopped | {i})


def fall(state: GameState, a: Fall) -> GameState:
    _piling_only(state, msg("have a tower fall"))
    if state.ended_by is not None:
        raise IllegalAction(
            msg("play is over ({why}); a tower falling now changes nothing", why=end_reason(state))
        )
    i = seat(state, a.player)
    height = len(state.towers[i])
    if height < MIN_BLOCKS_TO_FALL:
        raise IllegalAction(
            msg(
                "{who}'s tower has {blocks}; a tower needs at least {least} piled blocks to fall"
                " over",
                who=a.player,
                blocks=blocks_count(height),
                least=MIN_BLOCKS_TO_FALL,
            )
        )
    # "The game ends ... as soon as the tower of a player falls over. This player loses."
    return end_play(evolve(state, fallen=i, rolled=None, to_pile=()), ENDED_FALL)


# -- the end --------------------------------------------------------------------------


def end_play(state: GameState, by: str, *, colour: str | None = None) -> GameState:
    """Play is over: finished at once, or once every row or tower is measured."""
    state = evolve(state, ended_by=by, end_colour=colour)
    if not scoring.to_measure(state):
        return finish(state)
    return state


def finish(state: GameState) -> GameState:
    state = evolve(state, finished=True)
    return evolve(state, winners=scoring.winners(state))


def measure(state: GameState, a: Measure) -> GameState:
    if state.scoring == COMPUTED:
        raise IllegalAction(
            msg(
                "this game compares lengths computed from the blocks kept (scoring 'computed');"
                " there is nothing to measure"
            )
        )
    if state.ended_by is None:
        aw = q.awaiting(state)
        raise IllegalAction(
            msg(
                "rows and towers are measured once play is over; now {who} must {action}",
                who=aw.player,
                action=word("action", aw.action),
            )
        )
    i = seat(state, a.player)
    if isinstance(a.mm, bool) or not isinstance(a.mm, int | float) or not math.isfinite(a.mm):
        raise IllegalAction(msg("a length is a number of millimetres, not {given!r}", given=a.mm))
    if a.mm < 0:
        raise IllegalAction(msg("a length cannot be negative ({mm})", mm=mm_words(a.mm)))
    if a.of == REMAINING:
        return _measure_remaining(state, a)
    if i == state.fallen:
        raise IllegalAction(
            msg("{who}'s tower fell over, so it is not measured: it loses", who=a.player)
        )
    if not scoring.building_blocks(state, i):
        raise IllegalAction(
            msg(
                "{who} has no block to build with, so there is nothing to measure (0 mm);"
                " now {measure}",
                who=a.player,
                measure=_measure_words(state),
            )
        )
    if state.measured[i] is not None:
        raise IllegalAction(
            msg(
                "{what} is measured already ({mm}); each is measured once",
                what=_build_of(a.player, state.build),
                mm=mm_words(state.measured[i]),
            )
        )
    if a.mm == 0:
        raise IllegalAction(
            msg(
                "{what} has blocks, so it is longer than 0 mm",
                what=_build_of(a.player, state.build),
            )
        )
    ms = list(state.measured)
    ms[i] = a.mm
    return _maybe_finish(evolve(state, measured=tuple(ms)))


def _measure_remaining(state: GameState, a: Measure) -> GameState:
    if not state.solo:
        raise IllegalAction(
            msg(
                "only the solo constructor measures the tower of the remaining blocks;"
                " here each player's {build} is measured ({own!r})",
                build=word("build", state.build),
                own=OWN,
            )
        )
    if not state.site:
        raise IllegalAction(
            msg("no block is left on the building site: the remaining tower is 0 mm")
        )
    if state.remaining_measured is not None:
        raise IllegalAction(
            msg(
                "the remaining blocks' tower is measured already ({mm})",
                mm=mm_words(state.remaining_measured),
            )
        )
    if a.mm == 0:
        raise IllegalAction(
            msg("the remaining blocks' tower has blocks, so it is higher than 0 mm")
        )
    return _maybe_finish(evolve(state, remaining_measured=a.mm))


def _maybe_finish(state: GameState) -> GameState:
    return state if scoring.to_measure(state) else finish(state)
