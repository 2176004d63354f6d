"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, and a
readable summary with the board drawn in letters."""

from __future__ import annotations

from typing import Any

from . import queries as q
from . import scoring
from .board import Board
from .names import COLOURS, GAME, INITIALS, ROUNDS, TITLE
from .state import GameState
from .text import and_list, stones


def to_json(state: GameState) -> dict[str, Any]:
    """The state as ``companion replay --json`` prints it (``docs/records.md``)."""
    names = state.players
    ids = state.board.ids
    aw = q.awaiting(state)
    awaiting = None
    if aw is not None:
        awaiting = {"player": aw.player, "action": aw.action}
        if aw.stones is not None:
            awaiting["stones"] = aw.stones
    last = state.scorings[-1] if state.scorings else None
    live = q.live_points(state)
    return {
        "game": GAME,
        "players": list(names),
        "finished": state.finished,
        "round": state.round_no,
        "starting_player": q.starting_player(state),
        "turn": None if state.turn is None else names[state.turn],
        "colours": {p: list(cs) for p, cs in zip(names, state.colours, strict=True)},
        "layout": state.board.name,
        "bag": q.in_bag(state),
        "board": dict(zip(ids, state.cells, strict=True)),
        "round_scores": dict(zip(names, live, strict=True)),
        "scores": [dict(zip(names, s.points, strict=True)) for s in state.scorings],
        "totals": dict(zip(names, scoring.totals(state), strict=True)),
        "box": dict(zip(COLOURS, state.box, strict=True)),
        "draws": list(state.draws),
        "last_scoring": None
        if last is None
        else {
            "round": last.round_no,
            "board": dict(zip(ids, last.cells, strict=True)),
            "scored": [ids[i] for i in last.scored],
        },
        "winners": list(state.winners),
        "awaiting": awaiting,
    }


def draw_board(board: Board, cells: tuple[str | None, ...]) -> list[str]:
    """The board in letters, one line a row: ``R`` red ... ``K`` black, ``.`` free."""
    cols = {}
    for (qq, r), c in zip(board.coords, cells, strict=True):
        cols[(r, 2 * qq + r)] = "." if c is None else INITIALS[c]
    left = min(x for _, x in cols)
    lines = []
    for r in sorted({r for r, _ in cols}):
        xs = [x for rr, x in cols if rr == r]
        row = [" "] * (max(xs) - left + 1)
        for x in xs:
            row[x - left] = cols[(r, x)]
        lines.append("".join(row).rstrip())
    return lines


def to_text(state: GameState) -> str:
    """A few lines for a person: the board, the bag, the scores, what is awaited."""
    names = state.players
    head = f"{TITLE}, {state.n} players: round {state.round_no} of {ROUNDS}"
    lines = [head + (" (game over)" if state.finished else "")]
    lines.append(
        "Colours:   "
        + "; ".join(f"{p} {and_list(cs)}" for p, cs in zip(names, state.colours, strict=True))
    )
    board = state.board
    shown = state.scorings[-1].cells if state.finished and state.scorings else state.cells
    lines.append("Board:" + ("     (at the last scoring)" if shown is not state.cells else ""))
    lines.extend("           " + row for row in draw_board(board, shown))
    lines.append(f"Bag:       {', '.join(f'{c} {n}' for c, n in q.in_bag(state).items())}")
    if not state.finished:
        live = q.live_points(state)
        lines.append(
            "This round: "
            + ", ".join(f"{p} {v}" for p, v in zip(names, live, strict=True))
            + " (if it ended now)"
        )
    totals = scoring.totals(state)
    lines.append("Totals:    " + ", ".join(f"{p} {v}" for p, v in zip(names, totals, strict=True)))
    if state.finished:
        lines.append(f"Winners:   {and_list(state.winners)} with {max(totals)} points")
        return "\n".join(lines)
    aw = q.awaiting(state)
    if aw.action == "draw":
        lines.append("Awaiting:  a stone drawn from the bag for the starting player")
    else:
        lines.append(f"Awaiting:  {aw.player} to place {aw.stones} stones")
    return "\n".join(lines)


def describe(action) -> str:
    """One action as a sentence for a log."""
    from . import actions as A

    match action:
        case A.Start(players=players):
            return f"New game of {TITLE} for {and_list(players)}"
        case A.Draw(colour=c):
            return f"A {c} stone is drawn for the starting player"
        case A.Place(player=p, stones=st):
            return f"{p} places {stones(st)}"
    return repr(action)
