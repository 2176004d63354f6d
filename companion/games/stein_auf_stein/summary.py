"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, and a
readable summary."""

from __future__ import annotations

from typing import Any

from ...i18n.message import Msg, lines, msg, nmsg
from . import queries as q
from . import scoring
from .names import GAME, REMAINING, TITLE, VARIANT_TITLES
from .state import GameState
from .text import and_list, mm_words, word
from .turns import end_reason

#: The variants' titles in a sentence, marked for translation.
_VARIANTS = {
    "basic": msg("basic game (longest row)"),
    "yardstick": msg("yardstick (rows measured with the yardstick)"),
    "tower": msg("tower (tallest tower)"),
    "master-tower": msg("master tower builder (piled in fishing order)"),
    "solo": msg("solo constructor (against the remaining blocks' tower)"),
}
_SCORINGS = {"computed": msg("computed"), "measured": msg("measured")}
_ORDERS = {"free": msg("free"), "fishing": msg("fishing")}


def _variant(v: str) -> Msg | str:
    return _VARIANTS.get(v, VARIANT_TITLES.get(v, v))


def _blocks(ids) -> Msg | str:
    """``R1+G2``, or ``none``."""
    ids = list(ids)
    return "+".join(ids) if ids else msg("none")


def _awaited(who: str, action: str, build: str, of: str | None) -> Msg | str:
    """``Ana to roll the die``, ``Ben may stop building the tower``."""
    match action:
        case "roll":
            return msg("{who} to roll the die", who=who)
        case "lift":
            return msg("{who} to try with the crane", who=who)
        case "pile":
            return msg("{who} to pile the block just fished out", who=who)
        case "measure" if of == REMAINING:
            return msg("{who} to have the tower of the remaining blocks measured", who=who)
        case "measure":
            return msg("{who} to have the {build} measured", who=who, build=word("build", build))
        case "stop":
            return msg("{who} may stop building the tower", who=who)
    return f"{who} {action}"


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


def to_text(state: GameState) -> Msg:
    """A few lines for a person: the site, each player's blocks, what is awaited."""
    names = state.players
    cat = state.catalogue
    head: Any = nmsg(
        "{title}, {variant}, {n} player, scoring {scoring}",
        "{title}, {variant}, {n} players, scoring {scoring}",
        state.n,
        title=TITLE,
        variant=_variant(state.variant),
        n=state.n,
        scoring=_SCORINGS.get(state.scoring, state.scoring),
    )
    if state.solo:
        head = msg(
            "{head} ({build}, {order} order)",
            head=head,
            build=word("build", state.build),
            order=_ORDERS.get(state.order, state.order),
        )
    out: list[Any] = [
        msg("{head} (game over)", head=head)
        if state.finished
        else msg("{head}: turn {n}", head=head, n=state.turn_no)
    ]
    out.append(msg("Site:      {blocks}", blocks=_blocks(cat.sorted(state.site))))
    build = word("build", state.build)
    for i, p in enumerate(names):
        line: Any = msg("{label} {blocks}", label=f"{p + ':':<10}", blocks=_blocks(state.kept[i]))
        if state.piling:
            line = msg("{line}; piled {blocks}", line=line, blocks=_blocks(state.towers[i]))
            if state.set_aside(i):
                line = msg(
                    "{line}, set aside {blocks}", line=line, blocks=_blocks(state.set_aside(i))
                )
            if i in state.stopped:
                line = msg("{line} (stopped)", line=line)
            if i == state.fallen:
                line = msg("{line} (FELL OVER)", line=line)
        line = msg(
            "{line}; {build} {length} computed",
            line=line,
            build=build,
            length=mm_words(scoring.computed_mm(state, i)),
        )
        if state.measuring and state.ended_by is not None:
            line = msg("{line}, {measured}", line=line, measured=_measured_words(state, i))
        out.append(line)
    if state.solo:
        rest: Any = msg("{length} computed", length=mm_words(scoring.remaining_computed_mm(state)))
        if state.measuring and state.ended_by is not None:
            rest = msg("{line}, {measured}", line=rest, measured=_remaining_measured_words(state))
        out.append(msg("Remaining: tower of the blocks left on the site, {rest}", rest=rest))
    if state.last is not None:
        r = state.last
        out.append(
            msg(
                "Last try:  {who} rolled {colour}, lifted {lifted}, kept {kept}, returned"
                " {returned}",
                who=names[r.player],
                colour=word("colour", r.colour),
                lifted=_blocks(r.lifted),
                kept=_blocks(r.kept),
                returned=_blocks(r.returned),
            )
        )
    if state.ended_by is not None:
        out.append(msg("Play over: {reason}", reason=end_reason(state)))
    if state.finished:
        if state.winners:
            out.append(msg("Winners:   {winners}", winners=and_list(state.winners)))
        else:
            out.append(msg("Winners:   nobody"))
        return lines(out)
    aw = q.awaiting(state)
    if state.rolled:
        out.append(msg("Rolled:    {colour}", colour=word("colour", state.rolled)))
    out.append(msg("Awaiting:  {what}", what=_awaited(aw.player, aw.action, state.build, aw.of)))
    for opt in q.optional_actions(state):
        if opt.action == "fall":
            out.append(msg("           ({who}'s tower may fall over)", who=opt.player))
        else:
            out.append(
                msg("           {what}", what=_awaited(opt.player, opt.action, state.build, None))
            )
    return lines(out)


def _measured_words(state: GameState, seat: int) -> Msg:
    """A seat's measurement: the mm, ``?`` while awaited, ``0 mm`` without blocks; a
    fallen tower is never measured (SAS-11)."""
    if seat == state.fallen:
        return msg("not measured")
    if not scoring.building_blocks(state, seat):
        return msg("{length} measured", length=mm_words(0))
    return msg("{length} measured", length=mm_words(state.measured[seat]))


def _remaining_measured_words(state: GameState) -> Msg:
    """Solo: the remaining blocks' tower, not measured once the own tower fell."""
    if state.fallen is not None:
        return msg("not measured")
    length = mm_words(state.remaining_measured) if state.site else mm_words(0)
    return msg("{length} measured", length=length)


def describe(action) -> Msg | str:
    """One action as a sentence for a log."""
    from . import actions as A

    match action:
        case A.Start(players=players, variant=v):
            return msg(
                "New game of {title} ({variant}) for {players}",
                title=TITLE,
                variant=_variant(v),
                players=and_list(players),
            )
        case A.Roll(player=p, colour=c):
            return msg("{who} rolls {colour}", who=p, colour=word("colour", c))
        case A.Lift(player=p, blocks=bs):
            if bs:
                return msg("{who} lifts {blocks}", who=p, blocks=_blocks(bs))
            return msg("{who} hooks nothing", who=p)
        case A.Pile(player=p, block=b):
            return msg("{who} piles {block}", who=p, block=b)
        case A.Stop(player=p):
            return msg("{who} stops building the tower", who=p)
        case A.Fall(player=p):
            return msg("{who}'s tower falls over", who=p)
        case A.Measure(player=p, mm=v, of=of):
            if of == REMAINING:
                return msg("the remaining blocks' tower measures {length}", length=mm_words(v))
            return msg("{who}'s build measures {length}", who=p, length=mm_words(v))
    return repr(action)
