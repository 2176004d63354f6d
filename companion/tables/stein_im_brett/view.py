"""What a dashboard shows of a Stein im Brett game, built from the engine's queries.

The board comes as fields with their place on the picture (``x``, ``y`` in field radii,
from the axial coordinates), each with its stone, whether that stone would score if the
round ended now, and (from the camera referee) what the camera sees there. Colours are
those of the vision layout, so the picture shows the stones in their real colours.
Every choice offered is a ready-made record object, or (a turn) the makings of one: the
free fields, the colours the bag still holds, and how many stones the turn takes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from ...errors import MalformedRecord
from ...games.stein_im_brett import actions as A
from ...games.stein_im_brett import queries as q
from ...games.stein_im_brett import scoring
from ...games.stein_im_brett.advice import advice
from ...games.stein_im_brett.names import (
    COLOURS,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    colours_each,
)
from ...games.stein_im_brett.state import GameState
from ...games.stein_im_brett.summary import describe
from ...games.stein_im_brett.text import colour
from ...i18n.message import Msg, commas, msg, nmsg

#: The camera layout this game is read with (``companion/sensing/vision/layouts``).
CAMERA_LAYOUT = "stein-im-brett"


@cache
def colour_hex() -> dict[str, str]:
    """Stone colour -> sRGB hex, as the vision layout gives it (the stones' real colours)."""
    from ...sensing.vision.layout import load_layout

    pieces = load_layout(CAMERA_LAYOUT).pieces
    return {c: pieces[c].colour if c in pieces else "#888888" for c in COLOURS}


def _xy(qq: int, r: int) -> tuple[float, float]:
    """A pointy-top hex's centre, in field radii: x to the right, y down."""
    return round(math.sqrt(3) * (qq + r / 2), 4), round(1.5 * r, 4)


def board_view(
    state: GameState,
    cells: Sequence[str | None],
    seen: Mapping[str, str] | None = None,
    aside: frozenset[str] = frozenset(),
) -> list[dict[str, Any]]:
    """The fields of ``cells`` (a board's stones) as the picture draws them; ``scores``:
    the stone has no neighbour of its colour and its colour has an owner (SIB-3)."""
    board = state.board
    isolated = set(scoring.scoring_fields(state, tuple(cells)))  # unowned: nobody's
    out = []
    for i, (fid, (qq, r)) in enumerate(zip(board.ids, board.coords, strict=True)):
        x, y = _xy(qq, r)
        field: dict[str, Any] = {"id": fid, "x": x, "y": y, "stone": cells[i]}
        field["scores"] = i in isolated
        if seen is not None:
            field["seen"] = seen.get(fid)
            field["set_aside"] = fid in aside  # left over or undone: not the turn's
        out.append(field)
    return out


def choices(state: GameState) -> list[dict[str, Any]]:
    """What may be entered now: a ``draw`` per colour (before the first turn), or the
    makings of the turn's ``place`` (its player, stones, free fields, colours)."""
    aw = q.awaiting(state)
    if aw is None:
        return []
    hexes = colour_hex()
    if aw.action == "draw":
        return [
            {
                "player": None,
                "type": "draw",
                "label": msg("{colour} drawn", colour=_capital(c))
                if state.owner_of(c) is not None
                else msg("{colour} drawn (nobody's: draw again)", colour=_capital(c)),
                "colour": hexes[c],
                "record": {"type": "draw", "colour": c},
            }
            for c in q.drawable(state)
        ]
    return [
        {
            "player": aw.player,
            "type": "place",
            "label": msg("{who} places {n}", who=aw.player, n=aw.stones),
            "stones": aw.stones,
            "free": list(q.free_fields(state)),
            "bag": q.in_bag(state),
            "record": None,  # the tablet composes it: {"type": "place", "player", "stones"}
        }
    ]


def _capital(c: str) -> Msg | str:
    """A colour at the start of a label: ``Red`` (German colours are capitalised anyway)."""
    return _CAPITALS.get(c, c.capitalize())


#: The colours at the start of a button's label.
_CAPITALS = {
    "red": msg("Red"),
    "yellow": msg("Yellow"),
    "green": msg("Green"),
    "blue": msg("Blue"),
    "white": msg("White"),
    "black": msg("Black"),
}


def awaiting_text(state: GameState) -> Msg:
    """Who must act now, in a sentence for the top of the screen."""
    aw = q.awaiting(state)
    if aw is None:
        return msg("Game over: {winners} won", winners=" & ".join(state.winners))
    if aw.action == "draw":
        return msg("Draw a stone from the bag: its owner starts")
    n = aw.stones
    return nmsg("{who} places {n} stone", "{who} places {n} stones", n, who=aw.player, n=n)


@lru_cache(maxsize=128)  # a turn's advice never changes: each snapshot reuses it
def _advice_view(before: GameState, place: A.Place) -> dict[str, Any] | None:
    a = advice(before, place)
    if a is None:
        return None
    return {
        "player": a.player,
        "placed": [list(s) for s in place.stones],
        "together": [list(p) for p in a.together],
        "instead": [list(s) for s in a.instead],
        "instead_together": a.instead_together,
    }


def view(
    states: Sequence[GameState], actions: Sequence[A.Action], table: Any = None
) -> dict[str, Any]:
    """The dashboard's picture of the game: board, bag, players, scores, turns, advice.
    With ``table`` (the ``SteinImBrettCamera``) each field also says what the camera sees
    there (``seen``) and whether its stone is set aside (left over, or undone)."""
    state = states[-1]
    seen = table.view if table is not None else None
    aside = table.set_aside if table is not None else frozenset()
    names = state.players
    hexes = colour_hex()
    live = q.live_points(state)
    totals = scoring.totals(state)
    turns: list[dict[str, Any]] = []
    for k in range(1, len(actions)):
        action, before, after = actions[k], states[k - 1], states[k]
        if isinstance(action, A.Place):
            turns.append(
                {
                    "round": before.round_no,
                    "player": action.player,
                    "stones": [list(s) for s in action.stones],
                    "advice": _advice_view(before, action),
                    "scored": len(after.scorings) > len(before.scorings),
                }
            )
    last = state.scorings[-1] if state.scorings else None
    return {
        "round": state.round_no,
        "rounds": ROUNDS,
        "awaiting_text": awaiting_text(state),
        "awaiting": None
        if (aw := q.awaiting(state)) is None
        else {"player": aw.player, "action": aw.action, "stones": aw.stones},
        "board": board_view(state, state.cells, seen, aside),
        "colours": {
            c: {"hex": hexes[c], "owner": None if (o := state.owner_of(c)) is None else names[o]}
            for c in COLOURS
        },
        "bag": q.in_bag(state),
        "box": dict(zip(COLOURS, state.box, strict=True)),
        "players": [
            {
                "name": p,
                "colours": list(state.colours[i]),
                "round": live[i],
                "total": totals[i],
                "pile": dict(zip(COLOURS, state.piles[i], strict=True)),
                "on_turn": state.turn == i,
                "starts": state.starter == i,
                "winner": p in state.winners,
            }
            for i, p in enumerate(names)
        ],
        "scores": [
            {"round": s.round_no, "points": dict(zip(names, s.points, strict=True))}
            for s in state.scorings
        ],
        "last_scoring": None
        if last is None
        else {
            "round": last.round_no,
            "board": board_view(state, last.cells),
            "scored": [state.board.ids[i] for i in last.scored],
        },
        "draws": list(state.draws),
        "turns": turns,
        "advice": turns[-1]["advice"] if turns and isinstance(actions[-1], A.Place) else None,
        "choices": choices(state),
    }


def undo_hint(action: A.Action, before: GameState, after: GameState) -> Msg:
    """What players must do on the table when ``action`` (from ``before`` to ``after``)
    is undone: stones back into the bag, a scored round's stones back on the board."""
    match action:
        case A.Place(stones=st):
            where = [
                msg("the {colour} stone off {field}", colour=colour(c), field=f) for f, c in st
            ]
            take = msg("Take {stones} and put them back into the bag", stones=_comma(where))
            if len(after.scorings) > len(before.scorings):
                return msg(
                    "{take}; round {round} is open again: the stones that were cleared"
                    " go back where they lay (the board as the dashboard shows it), the"
                    " scored stones back from the piles",
                    take=take,
                    round=before.round_no,
                )
            return take
        case A.Draw(colour=c):
            return msg(
                "The draw of a {colour} stone is undone: draw again for the starting player",
                colour=colour(c),
            )
    # the page says "Undone." before it
    return msg("Taken back: {action}", action=describe(action))


_comma = commas


def start_record(
    players: list[str], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The ``start`` record for a new game from the tablet: ``colours`` (each player's
    name to his colours) or, without, colours dealt at random; ``layout`` optional."""
    unknown = sorted(set(options) - {"colours", "layout"})
    if unknown:
        raise MalformedRecord(
            f"a new game of Stein im Brett takes 'colours' and 'layout', not {', '.join(unknown)}"
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise MalformedRecord(
            f"Stein im Brett is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    colours = options.get("colours")
    if colours is None:
        each = colours_each(len(players))
        deck = rng.sample(COLOURS, len(COLOURS))
        colours = {p: deck[i * each : (i + 1) * each] for i, p in enumerate(players)}
    start: dict[str, Any] = {"type": "start", "game": GAME, "players": players, "colours": colours}
    if options.get("layout") is not None:
        start["layout"] = options["layout"]
    return start
