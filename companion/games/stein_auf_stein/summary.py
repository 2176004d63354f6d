"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, and a
readable summary."""

from __future__ import annotations

from typing import Any

from . import queries as q
from . import scoring
from .names import GAME, REMAINING, TITLE, VARIANT_TITLES
from .state import GameState
from .text import and_list, blocks, mm
from .turns import end_reason

_ACTION_WORDS = {
    "roll": "to roll the die",
    "lift": "to try with the crane",
    "pile": "to pile the block just fished out",
    "measure": "to have the {build} measured",
    "stop": "may stop building the tower",
}


def to_json(state: GameState) -> dict[str, Any]:
    """The state as ``companion replay --json`` prints it (``docs/records.md``)."""
    cat = state.catalogue
    names = state.players
    aw = q.awaiting(state)
    awaiting = None
    if aw is not None:
        awaiting = {"player": aw.player, "action": aw.action}
        if aw.of is not None:
            awaiting["of"] = aw.of
    return {
        "game": GAME,
        "players": list(names),
        "finished": state.finished,
        "variant": state.variant,
        "scoring": state.scoring,
        "build": state.build,
        "order": state.order,
        "turn": None if state.ended_by else names[state.turn],
        "rolled": state.rolled,
        "site": list(cat.sorted(state.site)),
        "blocks": {p: list(state.kept[i]) for i, p in enumerate(names)},
        "towers": {p: list(state.towers[i]) for i, p in enumerate(names)},
        "to_pile": list(state.to_pile),
        "stopped": [names[i] for i in sorted(state.stopped)],
        "computed_mm": {p: scoring.computed_mm(state, i) for i, p in enumerate(names)},
        "measured_mm": {p: state.measured[i] for i, p in enumerate(names)},
        "remaining_mm": (
            {"computed": scoring.remaining_computed_mm(state), "measured": state.remaining_measured}
            if state.solo
            else None
        ),
        "ended_by": state.ended_by,
        "fallen": None if state.fallen is None else names[state.fallen],
        "winners": list(state.winners),
        "awaiting": awaiting,
    }


def to_text(state: GameState) -> str:
    """A few lines for a person: the site, each player's blocks, what is awaited."""
    names = state.players
    cat = state.catalogue
    head = f"{TITLE}, {VARIANT_TITLES[state.variant]}"
    head += f", {state.n} player{'s' if state.n != 1 else ''}, scoring {state.scoring}"
    if state.solo:
        head += f" ({state.build}, {state.order} order)"
    lines = [head + (" (game over)" if state.finished else f": turn {state.turn_no}")]
    lines.append(f"Site:      {blocks(cat.sorted(state.site))}")
    for i, p in enumerate(names):
        line = f"{p + ':':<10} {blocks(state.kept[i])}"
        if state.piling:
            line += f"; piled {blocks(state.towers[i])}"
            if state.set_aside(i):
                line += f", set aside {blocks(state.set_aside(i))}"
            if i in state.stopped:
                line += " (stopped)"
            if i == state.fallen:
                line += " (FELL OVER)"
        line += f"; {state.build} {mm(scoring.computed_mm(state, i))} computed"
        if state.measuring and state.ended_by is not None:
            line += f", {_measured_words(state, i)}"
        lines.append(line)
    if state.solo:
        rest = f"{mm(scoring.remaining_computed_mm(state))} computed"
        if state.measuring and state.ended_by is not None:
            rest += f", {_remaining_measured_words(state)}"
        lines.append(f"Remaining: tower of the blocks left on the site, {rest}")
    if state.last is not None:
        r = state.last
        lines.append(
            f"Last try:  {names[r.player]} rolled {r.colour}, lifted {blocks(r.lifted)},"
            f" kept {blocks(r.kept)}, returned {blocks(r.returned)}"
        )
    if state.ended_by is not None:
        lines.append(f"Play over: {end_reason(state)}")
    if state.finished:
        if state.winners:
            lines.append(f"Winners:   {and_list(state.winners)}")
        else:
            lines.append("Winners:   nobody")
        return "\n".join(lines)
    aw = q.awaiting(state)
    if state.rolled:
        lines.append(f"Rolled:    {state.rolled}")
    words = _ACTION_WORDS[aw.action].format(build=state.build)
    if aw.action == "measure" and aw.of == REMAINING:
        words = "to have the tower of the remaining blocks measured"
    lines.append(f"Awaiting:  {aw.player} {words}")
    for opt in q.optional_actions(state):
        if opt.action == "fall":
            lines.append(f"           ({opt.player}'s tower may fall over)")
        else:
            lines.append(f"           {opt.player} {_ACTION_WORDS[opt.action]}")
    return "\n".join(lines)


def _measured_words(state: GameState, seat: int) -> str:
    """A seat's measurement: the mm, ``?`` while awaited, ``0 mm`` without blocks; a
    fallen tower is never measured (SAS-11)."""
    if seat == state.fallen:
        return "not measured"
    if not scoring.building_blocks(state, seat):
        return "0 mm measured"
    return f"{mm(state.measured[seat])} measured"


def _remaining_measured_words(state: GameState) -> str:
    """Solo: the remaining blocks' tower, not measured once the own tower fell."""
    if state.fallen is not None:
        return "not measured"
    return f"{mm(state.remaining_measured) if state.site else '0 mm'} measured"


def describe(action) -> str:
    """One action as a sentence for a log."""
    from . import actions as A

    match action:
        case A.Start(players=players, variant=v):
            return f"New game of {TITLE} ({VARIANT_TITLES[v]}) for {and_list(players)}"
        case A.Roll(player=p, colour=c):
            return f"{p} rolls {c}"
        case A.Lift(player=p, blocks=bs):
            return f"{p} lifts {blocks(bs)}" if bs else f"{p} hooks nothing"
        case A.Pile(player=p, block=b):
            return f"{p} piles {b}"
        case A.Stop(player=p):
            return f"{p} stops building the tower"
        case A.Fall(player=p):
            return f"{p}'s tower falls over"
        case A.Measure(player=p, mm=v, of=of):
            what = "the remaining blocks' tower" if of == REMAINING else f"{p}'s build"
            return f"{what} measures {mm(v)}"
    return repr(action)
