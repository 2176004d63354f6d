"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, and a
readable summary with the board drawn in letters."""

from __future__ import annotations

from typing import Any

from ...i18n.message import Msg, lines, msg, nmsg
from . import queries as q
from . import scoring
from .board import Board
from .names import COLOURS, GAME, INITIALS, ROUNDS, TITLE
from .state import GameState
from .text import and_list, colour, stones


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


def to_text(state: GameState) -> Msg:
    """A few lines for a person: the board, the bag, the scores, what is awaited."""
    names = state.players
    head = msg(
        "{title}, {n} players: round {round_no} of {rounds}",
        title=TITLE,
        n=state.n,
        round_no=state.round_no,
        rounds=ROUNDS,
    )
    out: list[Any] = [msg("{head} (game over)", head=head) if state.finished else head]
    out.append(
        msg(
            "Colours:   {colours}",
            colours=_joined(
                [
                    msg("{who} {colours}", who=p, colours=and_list(colour(c) for c in cs))
                    for p, cs in zip(names, state.colours, strict=True)
                ],
                "; ",
            ),
        )
    )
    board = state.board
    shown = state.scorings[-1].cells if state.finished and state.scorings else state.cells
    out.append(
        msg("Board:     (at the last scoring)") if shown is not state.cells else msg("Board:")
    )
    out.extend("           " + row for row in draw_board(board, shown))
    bag = [msg("{colour} {n}", colour=colour(c), n=n) for c, n in q.in_bag(state).items()]
    out.append(msg("Bag:       {bag}", bag=_joined(bag, ", ")))
    if not state.finished:
        live = q.live_points(state)
        points = ", ".join(f"{p} {v}" for p, v in zip(names, live, strict=True))
        out.append(msg("This round: {points} (if it ended now)", points=points))
    totals = scoring.totals(state)
    out.append(
        msg(
            "Totals:    {points}",
            points=", ".join(f"{p} {v}" for p, v in zip(names, totals, strict=True)),
        )
    )
    if state.finished:
        best = max(totals)
        out.append(
            nmsg(
                "Winners:   {winners} with {n} point",
                "Winners:   {winners} with {n} points",
                best,
                winners=and_list(state.winners),
                n=best,
            )
        )
        return lines(out)
    aw = q.awaiting(state)
    if aw.action == "draw":
        out.append(msg("Awaiting:  a stone drawn from the bag for the starting player"))
    else:
        out.append(
            nmsg(
                "Awaiting:  {who} to place {n} stone",
                "Awaiting:  {who} to place {n} stones",
                aw.stones,
                who=aw.player,
                n=aw.stones,
            )
        )
    return lines(out)


def _joined(items: list[Any], sep: str) -> Msg | str:
    """Items joined with ``sep`` (``", "`` or ``"; "``), each a message or text."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = (
            msg("{head}, {last}", head=out, last=item)
            if sep == ", "
            else msg("{head}; {last}", head=out, last=item)
        )
    return out


def describe(action) -> Msg | str:
    """One action as a sentence for a log."""
    from . import actions as A

    match action:
        case A.Start(players=players):
            return msg("New game of {title} for {players}", title=TITLE, players=and_list(players))
        case A.Draw(colour=c):
            return msg("A {colour} stone is drawn for the starting player", colour=colour(c))
        case A.Place(player=p, stones=st):
            return msg("{who} places {stones}", who=p, stones=stones(st))
    return repr(action)
