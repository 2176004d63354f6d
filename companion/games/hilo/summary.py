"""What ``companion replay`` prints: the JSON object of ``docs/records.md``, a readable
summary, and one sentence per action for logs."""

from __future__ import annotations

from typing import Any

from ...i18n.message import Msg, commas, grid, lines, msg
from . import actions as A
from . import queries as q
from .names import COLUMNS, GAME, SLOTS, TITLE, UNCOVER
from .scoring import score_layout
from .state import GameState
from .text import and_list, card_name, card_short
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


def _cell(c: str | None) -> Any:
    """A slot in the terminal's picture: a card's short word, face down or empty."""
    return msg("(face down)") if c is None else msg("(empty)") if c == "" else card_short(c)


def to_text(state: GameState) -> Msg:
    """A few lines for a person: the layouts, the piles, the scores, what is awaited."""
    cat = state.catalogue
    head: Any = msg("{title}, {n} players, catalogue {name}", title=TITLE, n=state.n, name=cat.name)
    if cat.provisional:
        head = msg("{head} (provisional)", head=head)
    if state.finished:
        head = msg("{head}: game over after {n} turns", head=head, n=state.turn_no)
    elif state.phase == UNCOVER:
        ender = state.players[state.ender or 0]  # always set once the game has ended
        head = msg(
            "{head}: the game ended in turn {n} ({who}'s layout is revealed); cards to show",
            head=head,
            n=state.turn_no,
            who=ender,
        )
    elif state.turn_no:
        head = msg(
            "{head}: turn {n}, {who} to play", head=head, n=state.turn_no, who=q.whose_turn(state)
        )
    else:
        head = msg("{head}: setup", head=head)
    out: list[Any] = [head]
    rows = [
        (label, *(_cell(c) for c in lay[row * COLUMNS : (row + 1) * COLUMNS]))
        for p, lay in zip(state.players, state.layouts, strict=True)
        for row, label in ((0, p), (1, ""))
    ]
    out.append(grid(rows))  # padded when said: German words keep the columns straight
    piles: Any = msg("Discard pile: {n} cards", n=len(state.discard))
    if state.discard:
        piles = msg("{piles}, top {card}", piles=piles, card=card_name(state.top))
    piles = msg("{piles}; draw pile: {n} cards", piles=piles, n=state.pile_size)
    if state.drawn:
        piles = msg(
            "{piles}; {who} holds the drawn {card}",
            piles=piles,
            who=q.whose_turn(state),
            card=card_name(state.drawn),
        )
    out.append(piles)
    scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, q.scores_now(state), strict=True))
    if state.finished:
        best = max(state.scores or (0,))
        out.append(msg("Sterntaler: {scores}", scores=scores))
        for p, lay in zip(state.players, state.layouts, strict=True):
            ignored = score_layout(cat, lay).ignored
            if ignored:
                slots = and_list(SLOTS[i] for i in ignored)
                out.append(
                    msg(
                        "            {who}: {slots} lie above or below a Magician, not scored",
                        who=p,
                        slots=slots,
                    )
                )
        out.append(
            msg(
                "Winners:    {winners} with {n} Sterntaler", winners=and_list(state.winners), n=best
            )
        )
        return lines(out)
    out.append(msg("Sterntaler so far (face-up cards only): {scores}", scores=scores))
    out.append(msg("Awaiting:   {what}", what=waits_for(state)))
    return lines(out)


def describe(action: A.Action) -> Msg | str:
    """One action as a sentence for a log."""
    match action:
        case A.Start(players=players, catalogue=catalogue):
            return msg(
                "New game for {players} with the catalogue {name}",
                players=and_list(players),
                name=catalogue,
            )
        case A.Upturn(card=c):
            return msg("The discard pile starts with {card}", card=card_name(c))
        case A.Reveal(player=p, slot=s, card=c):
            return msg("{who} turns over {slot}: {card}", who=p, slot=s, card=card_name(c))
        case A.Redraw(player=p, card=c):
            return msg(
                "{who}'s Magician goes back into the draw pile; {who} draws {card} in its place",
                who=p,
                card=card_name(c),
            )
        case A.Take(player=p, slot=s, discards=d):
            if d:
                return msg(
                    "{who} takes the discard pile's top card into {slot}, discarding {card}",
                    who=p,
                    slot=s,
                    card=card_name(d),
                )
            return msg("{who} takes the discard pile's top card into {slot}", who=p, slot=s)
        case A.Draw(player=p, card=c):
            return msg("{who} draws {card}", who=p, card=card_name(c))
        case A.Exchange(player=p, slot=s, discards=d):
            if d:
                return msg(
                    "{who} puts the drawn card into {slot}, discarding {card}",
                    who=p,
                    slot=s,
                    card=card_name(d),
                )
            return msg("{who} puts the drawn card into {slot}", who=p, slot=s)
        case A.Discard(player=p):
            return msg("{who} discards the drawn card", who=p)
        case A.Spell(player=p, slot=s, with_=w, at=t):
            return msg(
                "{who}'s Magician exchanges {who}'s {slot} with {other}'s {at}",
                who=p,
                slot=s,
                other=w,
                at=t,
            )
        case A.Uncover(player=p, cards=cards):
            shown = commas(msg("{slot} {card}", slot=s, card=card_name(c)) for s, c in cards)
            return msg("{who} shows {cards}", who=p, cards=shown)
    return repr(action)


__all__ = ["SLOTS", "describe", "to_json", "to_text"]
