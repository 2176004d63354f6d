"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, a readable
summary, and one sentence per action for logs."""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import queries as q
from .names import COLUMNS, GAME, SLOTS, TITLE, UNCOVER
from .scoring import score_layout
from .state import GameState
from .text import and_list
from .turns import waits_for


def _row(lay, row: int) -> list[str | None]:
    return [c or None for c in lay[row * COLUMNS : (row + 1) * COLUMNS]]


def to_json(state: GameState) -> dict[str, Any]:
    """The state as ``companion replay --json`` prints it (key order included)."""
    aw = q.awaiting(state)
    names = state.players
    return {
        "game": GAME,
        "players": list(names),
        "finished": state.finished,
        "catalogue": state.catalogue.name,
        "turn": q.whose_turn(state),
        "turns": state.turn_no,
        "layouts": {
            p: {"top": _row(lay, 0), "bottom": _row(lay, 1)}
            for p, lay in zip(names, state.layouts, strict=True)
        },
        "discard": {"top": state.top, "cards": len(state.discard)},
        "draw_pile": state.pile_size,
        "drawn": state.drawn,
        "scores": dict(zip(names, q.scores_now(state), strict=True)),
        "ended_by": None if state.ender is None else names[state.ender],
        "winners": list(state.winners),
        "awaiting": None
        if aw is None
        else {"player": aw.player, "action": aw.action, "types": list(aw.types)},
    }


def _cell(c: str | None) -> str:
    return "(face down)" if c is None else "(empty)" if c == "" else c


def to_text(state: GameState) -> str:
    """A few lines for a person: the layouts, the piles, the scores, what is awaited."""
    cat = state.catalogue
    head = f"{TITLE}, {state.n} players, catalogue {cat.name}"
    if cat.provisional:
        head += " (provisional)"
    if state.finished:
        head += f": game over after {state.turn_no} turns"
    elif state.phase == UNCOVER:
        ender = state.players[state.ender or 0]  # always set once the game has ended
        head += (
            f": the game ended in turn {state.turn_no} ({ender}'s layout is revealed);"
            " cards to show"
        )
    elif state.turn_no:
        head += f": turn {state.turn_no}, {q.whose_turn(state)} to play"
    else:
        head += ": setup"
    lines = [head]
    width = max(len(p) for p in state.players)
    cells = [_cell(c) for lay in state.layouts for c in lay]
    w = max(len(c) for c in cells)
    for p, lay in zip(state.players, state.layouts, strict=True):
        for row, label in ((0, p), (1, "")):
            part = lay[row * COLUMNS : (row + 1) * COLUMNS]
            lines.append(
                f"  {label:<{width}}  " + "  ".join(f"{_cell(c):<{w}}" for c in part).rstrip()
            )
    lines.append(
        f"Discard pile: {len(state.discard)} cards"
        + (f", top {state.top}" if state.discard else "")
        + f"; draw pile: {state.pile_size} cards"
        + (f"; {q.whose_turn(state)} holds the drawn {state.drawn}" if state.drawn else "")
    )
    scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, q.scores_now(state), strict=True))
    if state.finished:
        best = max(state.scores or (0,))
        lines.append(f"Sterntaler: {scores}")
        for p, lay in zip(state.players, state.layouts, strict=True):
            ignored = score_layout(cat, lay).ignored
            if ignored:
                slots = and_list(SLOTS[i] for i in ignored)
                lines.append(f"            {p}: {slots} lie above or below a Magician, not scored")
        lines.append(f"Winners:    {and_list(state.winners)} with {best} Sterntaler")
        return "\n".join(lines)
    lines.append(f"Sterntaler so far (face-up cards only): {scores}")
    lines.append(f"Awaiting:   {waits_for(state)}")
    return "\n".join(lines)


def describe(action: A.Action) -> str:
    """One action as a sentence for a log."""
    match action:
        case A.Start(players=players, catalogue=catalogue):
            return f"New game for {and_list(players)} with the catalogue {catalogue}"
        case A.Upturn(card=c):
            return f"The discard pile starts with {c}"
        case A.Reveal(player=p, slot=s, card=c):
            return f"{p} turns over {s}: {c}"
        case A.Redraw(player=p, card=c):
            return f"{p}'s Magician goes back into the draw pile; {p} draws {c} in its place"
        case A.Take(player=p, slot=s, discards=d):
            return f"{p} takes the discard pile's top card into {s}" + (
                f", discarding {d}" if d else ""
            )
        case A.Draw(player=p, card=c):
            return f"{p} draws {c}"
        case A.Exchange(player=p, slot=s, discards=d):
            return f"{p} puts the drawn card into {s}" + (f", discarding {d}" if d else "")
        case A.Discard(player=p):
            return f"{p} discards the drawn card"
        case A.Spell(player=p, slot=s, with_=w, at=t):
            return f"{p}'s Magician exchanges {p}'s {s} with {w}'s {t}"
        case A.Uncover(player=p, cards=cards):
            return f"{p} shows " + ", ".join(f"{s} {c}" for s, c in cards)
    return repr(action)


__all__ = ["SLOTS", "describe", "to_json", "to_text"]
