"""What a dashboard shows of a Stein auf Stein game: pictures for children, data here.

The page draws the die's colour large, whose turn it is, each child's blocks as coloured
bars laid end to end (a row growing; a tower in the tower variants), the blocks left on
the building site, and at the end every row or tower on one ruler, the winner crowned.
Lengths are millimetres (a block's ``row_mm`` along its longest side, ``tower_mm`` its
height as it stands). Colours are the vision layout's, so bars look like the blocks.
Every choice offered is a ready-made record object, or (a lift, a measurement) the
makings of one that the tablet completes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...errors import MalformedRecord
from ...games.stein_auf_stein import actions as A
from ...games.stein_auf_stein import queries as q
from ...games.stein_auf_stein import scoring
from ...games.stein_auf_stein.names import (
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REMAINING,
    SOLO,
    TOWER_BUILD,
    VARIANT_TITLES,
    VARIANTS,
)
from ...games.stein_auf_stein.record import block_record
from ...games.stein_auf_stein.standard import STANDARD
from ...games.stein_auf_stein.state import GameState
from ...games.stein_auf_stein.summary import describe
from ...games.stein_auf_stein.text import word
from ...games.stein_auf_stein.turns import end_reason
from ...i18n.message import Msg, msg
from . import looks

#: The camera layout this game is read with (``companion/sensing/vision/layouts``).
CAMERA_LAYOUT = "stein-auf-stein"

#: Where the children's pictures and colours are kept (``GameService.set_looks``; the
#: snapshot's ``game.looks``): beside the journal, not in the record.
LOOKS = looks

#: Start options the tablet may send besides the players.
START_OPTIONS = ("variant", "scoring", "build", "order")


@cache
def colour_hex() -> dict[str, str]:
    """Block colour -> sRGB hex, as the vision layout gives it (the blocks' real colours)."""
    from ...sensing.vision.layout import load_layout

    return {name: piece.colour for name, piece in load_layout(CAMERA_LAYOUT).pieces.items()}


def _hex(colour: str) -> str:
    return colour_hex().get(colour, "#888888")


def _block(state: GameState, block_id: str) -> dict[str, Any]:
    b = state.catalogue.index[block_id]
    return {
        "id": b.id,
        "colour": b.colour,
        "hex": _hex(b.colour),
        "row_mm": b.row_mm,
        "tower_mm": b.tower_mm,
    }


def choices(state: GameState) -> list[dict[str, Any]]:
    """What may be entered now: a roll per colour; the lift (the blocks on the site to
    tick, or nothing hooked); a pile per block waiting, a stop; a fall per tower that
    may fall; a measurement per row or tower awaited (the tablet fills in ``mm``)."""
    aw = q.awaiting(state)
    if aw is None:
        return []
    out: list[dict[str, Any]] = []
    if aw.action == "roll":
        out += [
            {
                "type": "roll",
                "player": aw.player,
                "colour": c,
                "hex": _hex(c),
                "record": {"type": "roll", "player": aw.player, "colour": c},
            }
            for c in q.roll_colours(state)
        ]
    elif aw.action == "lift":
        out.append(
            {
                "type": "lift",
                "player": aw.player,
                "colour": state.rolled,
                "site": list(q.site_blocks(state)),
                "record": None,  # the tablet composes {"type": "lift", "player", "blocks"}
            }
        )
        out.append(
            {
                "type": "lift",
                "player": aw.player,
                "colour": state.rolled,
                "nothing": True,
                "record": {"type": "lift", "player": aw.player, "blocks": []},
            }
        )
    elif aw.action == "pile":
        out += [
            {
                "type": "pile",
                "player": aw.player,
                "block": b,
                "hex": _hex(state.catalogue.colour(b)),
                "record": {"type": "pile", "player": aw.player, "block": b},
            }
            for b in state.to_pile
        ]
    elif aw.action == "measure":
        for player, of in q.measure_options(state):
            seat = state.players.index(player)
            computed = (
                scoring.remaining_computed_mm(state)
                if of == REMAINING
                else scoring.computed_mm(state, seat)
            )
            out.append(
                {
                    "type": "measure",
                    "player": player,
                    "of": of,
                    "computed_mm": computed,
                    "record": None,  # {"type": "measure", "player", "mm", "of"}
                }
            )
    for opt in q.optional_actions(state):
        record = {"type": opt.action, "player": opt.player}
        out.append({"type": opt.action, "player": opt.player, "record": record})
    return out


def awaiting_text(state: GameState) -> Msg:
    """Who must act now, in a sentence for the top of the screen."""
    aw = q.awaiting(state)
    if aw is None:
        won = " & ".join(state.winners)
        return msg("Game over: {winners} won", winners=won) if won else msg("Game over: nobody won")
    if aw.action == "roll":
        return msg("{who} rolls the die", who=aw.player)
    if aw.action == "lift":
        return msg(
            "{who} fishes a {colour} block with the crane",
            who=aw.player,
            colour=word("colour", state.rolled),
        )
    if aw.action == "pile":
        return msg("{who} piles the block just fished", who=aw.player)
    if aw.of == REMAINING:
        return msg("Measure the tower of the remaining blocks")
    return msg("Measure {who}'s {build}", who=aw.player, build=word("build", state.build))


#: The variants' titles as a page shows them (``names.VARIANT_TITLES`` in the language).
_VARIANT_TITLES = {
    "basic": msg("basic game (longest row)"),
    "yardstick": msg("yardstick (rows measured with the yardstick)"),
    "tower": msg("tower (tallest tower)"),
    "master-tower": msg("master tower builder (piled in fishing order)"),
    "solo": msg("solo constructor (against the remaining blocks' tower)"),
}


def variant_title(variant: str) -> Msg | str:
    """A variant's title in the language (one unknown here stays in English)."""
    return _VARIANT_TITLES.get(variant, VARIANT_TITLES[variant])


def _players(state: GameState) -> list[dict[str, Any]]:
    out = []
    for i, p in enumerate(state.players):
        building = scoring.building_blocks(state, i)
        counted = scoring.counted_mm(state, i)
        out.append(
            {
                "name": p,
                "seat": i,
                "on_turn": state.ended_by is None and state.turn == i,
                "blocks": [_block(state, b) for b in state.kept[i]],
                "building": list(building),
                "set_aside": list(state.set_aside(i)) if state.piling else [],
                "to_pile": list(state.to_pile) if state.turn == i else [],
                "computed_mm": scoring.computed_mm(state, i),
                "measured_mm": state.measured[i],
                "counted_mm": counted,
                "stopped": i in state.stopped,
                "fallen": state.fallen == i,
                "winner": p in state.winners,
            }
        )
    return out


def view(
    states: Sequence[GameState], actions: Sequence[A.Action], table: Any = None
) -> dict[str, Any]:
    """The dashboard's picture of the game. With ``table`` (the camera referee) it also
    says what the camera sees: the die lying still, blocks turned on the site."""
    state = states[-1]
    aw = q.awaiting(state)
    cat = state.catalogue
    seen_site = getattr(table, "site", None)
    turned = getattr(table, "turned", frozenset())
    site = []
    for b in q.site_blocks(state):
        item = _block(state, b)
        if seen_site is not None:
            item["seen"] = "turned" if b in turned else "up" if b in seen_site else "off"
        site.append(item)
    turns = []
    for k in range(1, len(actions)):
        a = actions[k]
        if isinstance(a, A.Lift):
            r = states[k].last
            turns.append(
                {
                    "player": a.player,
                    "colour": r.colour,
                    "hex": _hex(r.colour),
                    "kept": [_block(state, b) for b in r.kept],
                    "returned": [_block(state, b) for b in r.returned],
                }
            )
    last = state.last
    players = _players(state)
    lengths = [p["counted_mm"] or 0 for p in players]
    if state.solo:
        lengths.append(scoring.remaining_computed_mm(state))
    return {
        "variant": state.variant,
        "variant_title": variant_title(state.variant),
        "build": state.build,
        "order": state.order,
        "scoring": state.scoring,
        "solo": state.solo,
        "awaiting_text": awaiting_text(state),
        "awaiting": None if aw is None else {"player": aw.player, "action": aw.action, "of": aw.of},
        "rolled": state.rolled,
        "rolled_hex": _hex(state.rolled) if state.rolled else None,
        "die": {
            "faces": [{"colour": c, "hex": _hex(c)} for c in cat.colours()],
            "camera": getattr(table, "die", None),
            "camera_why": getattr(table, "die_why", None),
        },
        "colours": {c: _hex(c) for c in cat.colours()},
        "players": players,
        "site": site,
        "turned": sorted(turned & set(cat.index)),
        "remaining_mm": scoring.remaining_computed_mm(state) if state.solo else None,
        "remaining_measured_mm": state.remaining_measured,
        "ruler_mm": max([100, *lengths]),
        "last": None
        if last is None
        else {
            "player": state.players[last.player],
            "colour": last.colour,
            "kept": list(last.kept),
            "returned": list(last.returned),
        },
        "ended_by": state.ended_by,
        "end_reason": end_reason(state) if state.ended_by else None,
        "finished": state.finished,
        "winners": list(state.winners),
        "turns": turns,
        "choices": choices(state),
    }


def undo_hint(action: A.Action, before: GameState, after: GameState) -> Msg:
    """What players must do on the table when ``action`` (from ``before`` to ``after``)
    is undone: blocks back on the site, the die rolled again, a tower set up again."""
    match action:
        case A.Roll(player=p):
            return msg("{who} rolls the die again", who=p)
        case A.Lift(player=p, blocks=bs):
            kept = after.last.kept if after.last is not None else ()
            if kept:
                return msg(
                    "Put {blocks} back on the building site, button up; then {who} tries with"
                    " the crane again",
                    blocks=", ".join(kept),
                    who=p,
                )
            if bs:
                return msg("{who} tries with the crane again (nothing was kept)", who=p)
            return msg("{who} tries with the crane again", who=p)
        case A.Pile(player=p, block=b):
            return msg("Take {block} off {who}'s tower again", block=b, who=p)
        case A.Fall(player=p):
            return msg(
                "{who}'s tower did not fall: set it up again as the dashboard shows it", who=p
            )
        case A.Measure(player=p, of=of):
            if of == REMAINING:
                return msg("Measure the remaining blocks' tower again")
            return msg("Measure {who}'s {build} again", who=p, build=word("build", before.build))
    return msg("Taken back: {action}", action=describe(action))


def start_record(
    players: list[str], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The ``start`` record for a new game from the tablet: ``variant`` (default basic;
    one player plays ``solo``), optional ``scoring``, ``build`` and ``order`` (solo), and
    the registered blocks (``companion calibrate blocks``) or the standard catalogue."""
    unknown = sorted(set(options) - set(START_OPTIONS))
    if unknown:
        raise MalformedRecord(
            f"a new game of Stein auf Stein takes {', '.join(START_OPTIONS)},"
            f" not {', '.join(unknown)}"
        )
    variant = options.get("variant") or (SOLO if len(players) == 1 else "basic")
    if variant not in VARIANTS:
        raise MalformedRecord(
            f"Stein auf Stein's variants are {', '.join(VARIANTS)}, not {variant!r}"
        )
    if variant != SOLO and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise MalformedRecord(
            f"Stein auf Stein is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not"
            f" {len(players)}; alone, choose the solo variant"
        )
    catalogue = registered_catalogue()
    start: dict[str, Any] = {
        "type": "start",
        "game": GAME,
        "variant": variant,
        "players": players,
    }
    for name in ("scoring", "build", "order"):
        if options.get(name) is not None:
            start[name] = options[name]
    if variant == SOLO and start.get("build") is None:
        start["build"] = TOWER_BUILD
    start["blocks"] = [block_record(b) for b in catalogue.blocks]
    start["die"] = list(catalogue.die)
    return start


def registered_catalogue():
    """The blocks registered at this table (``companion calibrate blocks``), else the
    standard catalogue (``games.stein_auf_stein.standard``)."""
    from .calibrate_blocks import load_registered

    return load_registered() or STANDARD
