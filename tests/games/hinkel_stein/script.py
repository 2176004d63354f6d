"""A compact way to write actions in tests: ``"Ben stake add 2"``, ``"Ben place H5 L2"``.

Each line becomes the spec's record object and goes through ``parse_action``, so the
tests exercise the record format too.

    Ana condition heavier       Ana call Ben / Ana call Cleo quartz
    Ben mode pillar active      Ben stake add 2 / Ben stake take 1
    Ben notch left              Ben place P1+P2 L1
    Dora boulder B1 R1          Dora fate -30
    tilt left                   Dora keep B3
    Ana offer Ben               Ben answer yes / Ben answer no
"""

from __future__ import annotations

from companion.games.hinkel_stein import apply, parse_action, start_game
from companion.games.hinkel_stein.actions import Start

FOUR = ("Ana", "Ben", "Cleo", "Dora")


def record(line: str) -> dict:
    w = line.split()
    if w[0] == "tilt":
        return {"type": "tilt", "down": w[1]}
    who, t, *rest = w
    o: dict = {"type": t, "player": who}
    if t == "condition":
        o["wins"] = rest[0]
    elif t == "call":
        o["calls"] = rest[0]
        if len(rest) > 1:
            o["stones"] = rest[1]
    elif t == "mode":
        o["kind"], o["active"] = rest[0], rest[1] == "active"
    elif t == "stake":
        o[rest[0]] = int(rest[1])
    elif t == "notch":
        o["notch"] = rest[0]
    elif t in ("place", "boulder"):
        o["stones"], o["space"] = rest[0].split("+"), rest[1]
    elif t == "fate":
        o["x"] = float(rest[0])
    elif t == "keep":
        o["stone"] = rest[0]
    elif t == "offer":
        o["to"] = rest[0]
    elif t == "answer":
        o["accept"] = rest[0] == "yes"
    else:
        raise ValueError(f"script: unknown action {line!r}")
    return o


def do(state, *lines: str):
    """Apply each scripted line in turn and return the final state."""
    for line in lines:
        state = apply(state, parse_action(record(line)))
    return state


def new_game(deal: dict[str, list[str]] | None = None, supply: int = 50):
    """A game with the given deal (default: 4 players Ana pillar, Ben hinkelstein,
    Cleo quartz, Dora boulder)."""
    deal = deal or {
        "Ana": ["pillar"],
        "Ben": ["hinkelstein"],
        "Cleo": ["quartz"],
        "Dora": ["boulder"],
    }
    players = tuple(deal)
    return start_game(Start(players, tuple(tuple(k) for k in deal.values()), supply))


THREE = {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["boulder"]}
TWO = {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]}
