"""What ``companion replay`` prints (``to_json``, ``to_text``), what one player may see
(``view``), and one action as a sentence (``describe``)."""

from __future__ import annotations

from typing import Any

from ...i18n.message import Msg, lines, msg, nmsg
from . import queries as q
from .names import GAME, ROWS, TITLE, card_name
from .state import GameState, Unit
from .text import and_list
from .turns import awaited_words


def _awaiting_json(state: GameState) -> dict[str, Any] | None:
    aw = q.awaiting(state)
    if aw is None:
        return None
    return {
        "player": aw.player,
        "action": aw.action,
        "optional": [o.action for o in q.optional_actions(state)],
    }


def _unit_json(row: int, u: Unit) -> dict[str, Any]:
    return {"row": row, "cards": list(u.cards), "flipped": u.flipped}


def to_json(state: GameState) -> dict[str, Any]:
    """The state as ``companion replay --json`` prints it (the referee sees every card)."""
    t = state.turn
    return {
        "game": GAME,
        "players": list(state.players),
        "dice": state.dice,
        "finished": state.finished,
        "turn": None if t is None else state.players[t.player],
        "roll": None if t is None else t.roll,
        "board": {
            p: [_unit_json(r, u) for r, u in state.units(s)] for s, p in enumerate(state.players)
        },
        "discards": {p: list(d) for p, d in zip(state.players, state.discards, strict=True)},
        "scores": dict(zip(state.players, q.scores(state), strict=True)),
        "winners": list(state.winners),
        "awaiting": _awaiting_json(state),
    }


def view(state: GameState, player: str) -> dict[str, Any]:
    """What ``player`` may see: his own stacks in full; of every other column only each
    stack's top card and how many cards it holds (the order below stays hidden)."""
    me = state.seat(player)
    if me is None:
        raise ValueError(f"{player!r} is not playing; the players are {and_list(state.players)}")
    out = to_json(state)
    board: dict[str, list[dict[str, Any]]] = {}
    for s, name in enumerate(state.players):
        if s == me:
            board[name] = [_unit_json(r, u) for r, u in state.units(s)]
        else:
            board[name] = [
                {"row": r, "top": u.top, "count": len(u.cards), "flipped": u.flipped}
                for r, u in state.units(s)
            ]
    out["board"] = board
    del out["scores"]  # scores need the hidden cards; shown once the game is over
    if state.finished:
        out["scores"] = dict(zip(state.players, q.scores(state), strict=True))
    out["viewer"] = player
    return out


def _cell(u: Unit | None) -> str:
    if u is None:
        return "."
    text = u.top + (f"+{len(u.cards) - 1}" if len(u.cards) > 1 else "")
    return f"[{text}]" if u.flipped else text


def to_text(state: GameState) -> Msg:
    """The board (row 13 at the top; ``L4+2`` a Lady 4 on two more cards, ``[..]`` flipped),
    the scores if the game ended now, discards and what is awaited."""
    names = state.players
    width = max(7, *(len(p) for p in names))
    head = (
        msg("{title}, {n} players, dice variant", title=TITLE, n=state.n)
        if state.dice
        else msg("{title}, {n} players", title=TITLE, n=state.n)
    )
    out: list[Any] = [
        msg("{head} (game over)", head=head)
        if state.finished
        else msg("{head}, turn {turn}", head=head, turn=state.turn_no)
    ]
    out.append(msg("row  {names}", names=" ".join(p.ljust(width) for p in names).rstrip()))
    for r in range(ROWS, 0, -1):
        cells = " ".join(_cell(state.board[s][r - 1]).ljust(width) for s in range(state.n))
        out.append(f"{r:>3}  {cells}".rstrip())
    scores = q.scores(state)
    for s, p in enumerate(names):
        d = state.discards[s]
        if state.finished:
            line = msg("{who}: {points:+d} points", who=p, points=scores[s])
        else:
            line = msg("{who}: {points:+d} points if the game ended now", who=p, points=scores[s])
        if d:
            line = msg("{line}; discards {cards}", line=line, cards=", ".join(d))
        out.append(line)
    if state.finished:
        best = max(scores)
        out.append(
            msg("Winners:  {winners} with {n} points", winners=and_list(state.winners), n=best)
        )
        return lines(out)
    out.append(msg("Awaiting: {what}", what=awaited_words(state)))
    return lines(out)


def describe(action) -> Msg | str:
    """One action as a sentence for a log."""
    from . import actions as A

    match action:
        case A.Start(players=players, dice=dice):
            if dice:
                return msg("New game for {players} with dice", players=and_list(players))
            return msg("New game for {players}", players=and_list(players))
        case A.Move(player=p, row=r, cards=k, to=to):
            return nmsg(
                "{who} moves a card from row {row} to row {to}",
                "{who} moves {n} cards from row {row} to row {to}",
                k,
                who=p,
                n=k,
                row=r,
                to=to,
            )
        case A.Take(player=p, column=c, cards=k):
            return nmsg(
                "{who} takes {n} card from {column}'s column",
                "{who} takes {n} cards from {column}'s column",
                k,
                who=p,
                n=k,
                column=c,
            )
        case A.End(player=p):
            return msg("{who} ends the turn", who=p)
        case A.Roll(player=p, value=v):
            return msg("{who} rolls a {value}", who=p, value=v)
        case A.Discard(player=p, row=r):
            return msg("{who} loses the top card on row {row} (Zugzwang)", who=p, row=r)
    return repr(action)


__all__ = ["card_name", "describe", "to_json", "to_text", "view"]
