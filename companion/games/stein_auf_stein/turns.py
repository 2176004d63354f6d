"""The rule handlers: roll, lift, pile, stop, fall and measure, each ``(state, action) ->
state`` or ``IllegalAction`` saying which rule is broken and what is allowed instead."""

from __future__ import annotations

import math

from ...errors import IllegalAction
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
from .text import and_list, blocks, mm, or_list, seat

# -- whose turn -------------------------------------------------------------------------


def _on_turn(state: GameState, name: str, doing: str) -> int:
    """The seat of ``name`` if it is his turn, else a message naming whose turn it is."""
    i = seat(state, name)
    if i != state.turn:
        raise IllegalAction(
            f"it is {state.players[state.turn]}'s turn, not {name}'s: only"
            f" {state.players[state.turn]} may {doing} now"
        )
    return i


def _no_pile_pending(state: GameState, doing: str) -> None:
    if state.to_pile:
        who = state.players[state.turn]
        stop = " or stop building" if q.stop_open(state) else ""
        raise IllegalAction(
            f"{who} must first pile the blocks just fished out"
            f" ({or_list(state.to_pile)}){stop}, before anyone may {doing}"
        )


def _play_on(state: GameState, doing: str) -> None:
    if state.ended_by is not None:
        raise IllegalAction(
            f"play is over ({end_reason(state)}), so nobody may {doing};"
            f" now {_measure_words(state)}"
        )


def end_reason(state: GameState) -> str:
    if state.ended_by == ENDED_COLOUR:
        return f"the die showed {state.end_colour} and no {state.end_colour} block was left"
    if state.ended_by == ENDED_EMPTY:
        return "the building site is empty"
    return f"{state.players[state.fallen]}'s tower fell over"


def _measure_words(state: GameState) -> str:
    opts = q.measure_options(state)
    if not opts:
        return "nothing is left to measure"
    return "the yardstick measures " + and_list(_measure_target(state, p, of) for p, of in opts)


def _measure_target(state: GameState, player: str, of: str) -> str:
    if of == REMAINING:
        return "the tower of the remaining blocks"
    return f"{player}'s {state.build}"


# -- roll and lift ----------------------------------------------------------------------


def roll(state: GameState, a: Roll) -> GameState:
    _play_on(state, "roll the die")
    _on_turn(state, a.player, "roll the die")
    _no_pile_pending(state, "roll")
    if state.rolled is not None:
        raise IllegalAction(
            f"{a.player} has rolled {state.rolled} already; the die is rolled once a turn,"
            f" and now {a.player} tries to lift a {state.rolled} block with the crane"
        )
    colours = q.roll_colours(state)
    if a.colour not in colours:
        raise IllegalAction(f"the die shows {or_list(colours)}, not {a.colour!r}")
    if not q.colour_on_site(state, a.colour):
        # "The game ends as soon as there are no blocks left on the building site in
        # the colour matching the die."
        return end_play(state, ENDED_COLOUR, colour=a.colour)
    return evolve(state, rolled=a.colour)


def lift(state: GameState, a: Lift) -> GameState:
    _play_on(state, "lift blocks")
    i = _on_turn(state, a.player, "try with the crane")
    _no_pile_pending(state, "lift")
    if state.rolled is None:
        raise IllegalAction(f"{a.player} must roll the die before trying with the crane")
    cat = state.catalogue
    for b in a.blocks:
        if b not in cat.index:
            raise IllegalAction(
                f"there is no block {b!r}; the blocks are {', '.join(x.id for x in cat.blocks)}"
            )
        if b not in state.site:
            holder = state.holder(b)
            raise IllegalAction(
                f"{b} is not on the building site ({state.players[holder]} has it), so the"
                f" crane cannot lift it; on the site are {', '.join(q.site_blocks(state))}"
            )
    if len(set(a.blocks)) != len(a.blocks):
        raise IllegalAction(f"a block is listed twice in {blocks(a.blocks)}")
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
            "the tower is built after the game, in any order"
            if state.build == "tower"
            else "the blocks are laid out in a row after the game"
        )
        raise IllegalAction(
            f"nobody may {doing} in this game: blocks are piled as they are fished out"
            f" only by the master tower builder (variant {MASTER!r}) and the solo"
            f" constructor who may not change the order ({SOLO!r} with order 'fishing');"
            f" here {how}"
        )


def pile(state: GameState, a: Pile) -> GameState:
    _piling_only(state, "pile a block now")
    _play_on(state, "pile a block")
    i = _on_turn(state, a.player, "pile a block")
    if not state.to_pile:
        raise IllegalAction(
            f"{a.player} has no block waiting to be piled: a block is piled right after it"
            f" is fished out; now {a.player} must {'lift' if state.rolled else 'roll the die'}"
        )
    if a.block not in state.to_pile:
        raise IllegalAction(
            f"{a.player} must pile a block just fished out, {or_list(state.to_pile)}, not {a.block}"
        )
    ts = list(state.towers)
    ts[i] = ts[i] + (a.block,)
    rest = tuple(b for b in state.to_pile if b != a.block)
    if rest:
        return evolve(state, towers=tuple(ts), to_pile=rest)
    return end_turn(state, towers=tuple(ts))


def stop(state: GameState, a: Stop) -> GameState:
    _piling_only(state, "stop building")
    _play_on(state, "stop building")
    i = _on_turn(state, a.player, "stop building")
    if not state.to_pile:
        raise IllegalAction(
            f"{a.player} may stop building only when the next block cannot be placed,"
            f" that is while piling a block just fished out; none is waiting now"
        )
    if not state.towers[i]:
        raise IllegalAction(
            f"{a.player} may stop building only when the next block cannot be placed, and"
            f" the first block always stands on the table: pile {or_list(state.to_pile)}"
        )
    # "Then it's the tallest tower built up to this point which counts."
    return end_turn(state, stopped=state.stopped | {i})


def fall(state: GameState, a: Fall) -> GameState:
    _piling_only(state, "have a tower fall")
    if state.ended_by is not None:
        raise IllegalAction(
            f"play is over ({end_reason(state)}); a tower falling now changes nothing"
        )
    i = seat(state, a.player)
    height = len(state.towers[i])
    if height < MIN_BLOCKS_TO_FALL:
        raise IllegalAction(
            f"{a.player}'s tower has {height} block{'s' if height != 1 else ''}; a tower"
            f" needs at least {MIN_BLOCKS_TO_FALL} piled blocks to fall over"
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
            "this game compares lengths computed from the blocks kept (scoring 'computed');"
            " there is nothing to measure"
        )
    if state.ended_by is None:
        aw = q.awaiting(state)
        raise IllegalAction(
            f"rows and towers are measured once play is over; now {aw.player} must {aw.action}"
        )
    i = seat(state, a.player)
    if isinstance(a.mm, bool) or not isinstance(a.mm, int | float) or not math.isfinite(a.mm):
        raise IllegalAction(f"a length is a number of millimetres, not {a.mm!r}")
    if a.mm < 0:
        raise IllegalAction(f"a length cannot be negative ({mm(a.mm)})")
    if a.of == REMAINING:
        return _measure_remaining(state, a)
    if i == state.fallen:
        raise IllegalAction(f"{a.player}'s tower fell over, so it is not measured: it loses")
    if not scoring.building_blocks(state, i):
        raise IllegalAction(
            f"{a.player} has no block to build with, so there is nothing to measure (0 mm);"
            f" now {_measure_words(state)}"
        )
    if state.measured[i] is not None:
        raise IllegalAction(
            f"{a.player}'s {state.build} is measured already ({mm(state.measured[i])});"
            " each is measured once"
        )
    if a.mm == 0:
        raise IllegalAction(f"{a.player}'s {state.build} has blocks, so it is longer than 0 mm")
    ms = list(state.measured)
    ms[i] = a.mm
    return _maybe_finish(evolve(state, measured=tuple(ms)))


def _measure_remaining(state: GameState, a: Measure) -> GameState:
    if not state.solo:
        raise IllegalAction(
            "only the solo constructor measures the tower of the remaining blocks;"
            f" here each player's {state.build} is measured ({OWN!r})"
        )
    if not state.site:
        raise IllegalAction("no block is left on the building site: the remaining tower is 0 mm")
    if state.remaining_measured is not None:
        raise IllegalAction(
            f"the remaining blocks' tower is measured already ({mm(state.remaining_measured)})"
        )
    if a.mm == 0:
        raise IllegalAction("the remaining blocks' tower has blocks, so it is higher than 0 mm")
    return _maybe_finish(evolve(state, remaining_measured=a.mm))


def _maybe_finish(state: GameState) -> GameState:
    return state if scoring.to_measure(state) else finish(state)
