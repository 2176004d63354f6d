"""What a dashboard shows of a Heuchel & Meuchel game, and what one seat may see.

The shared page (``view``, ``public_json``) shows the board as it lies: every stack's
top card (flipped ones too, marked: everyone saw them arrive) and how many cards it
holds, never what lies under the top card nor its value sum; the discards (face up, in
front of their owners), whose turn it is and what he may do. Scores need the hidden
cards, so while the game runs the shared page shows only the points of the cards in
sight; at the end everything is revealed with every card's contribution (``tally``).
``seat_view`` is one player's own view (his phone, opened with his seat code): his
stacks in full and his live score.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import MalformedRecord
from ...games.heuchel_meuchel import actions as A
from ...games.heuchel_meuchel import moves
from ...games.heuchel_meuchel import queries as q
from ...games.heuchel_meuchel.names import (
    CLASS_OF,
    CLASS_TITLE,
    CLASSES,
    GAME,
    GOAL_OF,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROWS,
    START_ROW,
    VALUE_OF,
    card_name,
)
from ...games.heuchel_meuchel.random_player import random_setup
from ...games.heuchel_meuchel.record import to_record
from ...games.heuchel_meuchel.state import GameState, Unit
from ...games.heuchel_meuchel.summary import describe
from ...games.heuchel_meuchel.text import card_title
from ...games.heuchel_meuchel.turns import awaited_words
from ...i18n.message import Msg, and_list, clauses, msg, nmsg
from .cells import cell_id

#: The camera layout this game is read with (``companion/sensing/vision/layouts``).
CAMERA_LAYOUT = "heuchel-meuchel"
#: The shared page hides the stacks while the game runs: the record (which lists every
#: stack) is given out once the game is over.
HIDES_CARDS = True
#: Each column's colour on the page, in seating order.
COLUMN_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad", "#d35400")


def rows_view() -> list[dict[str, Any]]:
    """Rows 1 to 13: which class starts and which has its goal on each (the board's
    printed pattern)."""
    out = []
    for r in range(1, ROWS + 1):
        start = next((c for c in CLASSES if START_ROW[c] == r), None)
        goal = next((c for c in CLASSES if START_ROW[c] + 7 == r), None)
        out.append(
            {
                "row": r,
                "start": CLASS_TITLE[start] if start else None,
                "goal": CLASS_TITLE[goal] if goal else None,
            }
        )
    return out


def _square(u: Unit | None, *, full: bool) -> dict[str, Any] | None:
    """One square for a page: the top card (flipped ones too: everyone saw it arrive,
    ``docs/rules-decisions.md`` HM-2), the count; with ``full`` every card, top first."""
    if u is None:
        return None
    out: dict[str, Any] = {
        "top": u.top,
        "count": len(u.cards),
        "flipped": u.flipped,
    }
    if full:
        out["cards"] = list(u.cards)
    return out


def _column(state: GameState, seat: int, *, full: bool, seen: Mapping[str, str] | None):
    out = []
    for r in range(1, ROWS + 1):
        sq = _square(state.board[seat][r - 1], full=full)
        cell = {"row": r, "cell": cell_id(seat, r), "unit": sq}
        if seen is not None:
            cell["seen"] = seen.get(cell_id(seat, r))
        out.append(cell)
    return out


def shown_points(state: GameState, seat: int) -> dict[str, int]:
    """Points of the cards in sight (top cards face up, discards) and how many are hidden."""
    points, hidden = 0, 0
    for r, u in state.units(seat):
        points += q.card_points(u.top, r)
        hidden += len(u.cards) - 1
    points -= sum(VALUE_OF[c] for c in state.discards[seat])
    return {"points": points, "hidden": hidden}


def tally(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Every card of a player with its contribution: on the board (reached its goal or
    short of it) or discarded."""
    out = []
    for r, u in state.units(seat):
        for c in u.cards:
            pts = q.card_points(c, r)
            out.append(
                {
                    "card": c,
                    "name": card_name(c),
                    "row": r,
                    "where": "goal" if r >= GOAL_OF[c] else "short",
                    "points": pts,
                }
            )
    for c in state.discards[seat]:
        points = -VALUE_OF[c]
        out.append(
            {"card": c, "name": card_name(c), "row": None, "where": "discard", "points": points}
        )
    return out


def choices(state: GameState) -> list[dict[str, Any]]:
    """Every action the rules allow now, as ready-made records with a label: moves
    (``row``, ``to``, ``cards``), favours, the end of the turn, the die, Zugzwang."""
    out = []
    for a in moves.legal_actions(state):
        item: dict[str, Any] = {
            "player": a.player,
            "type": to_record(a)["type"],
            "label": _label(state, a),
            "record": to_record(a),
        }
        if isinstance(a, A.Move):
            item |= {"row": a.row, "to": a.to, "cards": a.cards}
        elif isinstance(a, A.Discard):
            item["row"] = a.row
        elif isinstance(a, A.Take):
            item |= {"column": a.column, "cards": a.cards}
        out.append(item)
    return out


def _label(state: GameState, a: A.Action) -> Msg | str:
    match a:
        case A.Move(row=r, cards=k, to=to):
            if k == 1:
                return msg("the card from row {row} to row {to}", row=r, to=to)
            return msg("the top {k} cards from row {row} to row {to}", k=k, row=r, to=to)
        case A.Take(column=c, cards=k):
            return nmsg(
                "take {k} card from {column}", "take {k} cards from {column}", k, k=k, column=c
            )
        case A.End():
            return msg("end the turn")
        case A.Roll(value=v):
            return msg("rolled a {value}", value=v)
        case A.Discard(row=r):
            return msg("lose the top card on row {row}", row=r)
    return describe(a)


def awaiting_text(state: GameState) -> Msg:
    """Who must act now, in a sentence for the top of the screen."""
    if state.finished:
        return msg("Game over: {winners} won", winners=" & ".join(state.winners))
    return clauses([awaited_words(state)])  # the first letter upper case


def public_json(state: GameState) -> dict[str, Any]:
    """What the shared page may know of the game (the ``replay`` of its snapshot): the
    board without what lies under the top cards, and scores only once the game is over."""
    t = state.turn
    out: dict[str, Any] = {
        "game": GAME,
        "players": list(state.players),
        "dice": state.dice,
        "finished": state.finished,
        "turn": None if t is None else state.players[t.player],
        "roll": None if t is None else t.roll,
        "board": {
            p: [{"row": r, **(_square(u, full=state.finished) or {})} for r, u in state.units(s)]
            for s, p in enumerate(state.players)
        },
        "discards": {p: list(d) for p, d in zip(state.players, state.discards, strict=True)},
        "winners": list(state.winners),
    }
    if state.finished:
        out["scores"] = dict(zip(state.players, q.scores(state), strict=True))
    return out


def view(
    states: Sequence[GameState], actions: Sequence[A.Action], table: Any = None
) -> dict[str, Any]:
    """The shared page's picture: columns, squares, discards, turn, choices; the tally at
    the end. With ``table`` (the camera referee) each square says what the camera sees."""
    state = states[-1]
    seen = table.view if table is not None else None
    t = state.turn
    full = state.finished
    scores = q.scores(state) if full else None
    return {
        "rows": rows_view(),
        "dice": state.dice,
        "finished": state.finished,
        "turn_no": state.turn_no,
        "awaiting_text": awaiting_text(state),
        "awaiting": None
        if t is None
        else {
            "player": state.players[t.player],
            "stage": t.stage,
            "roll": t.roll,
            "at": t.at,
        },
        "players": [
            {
                "name": p,
                "colour": COLUMN_COLOURS[s],
                "column": s + 1,
                "on_turn": t is not None and t.player == s,
                "winner": p in state.winners,
                "discards": list(state.discards[s]),
                "shown": shown_points(state, s),
                "score": None if scores is None else scores[s],
                "tally": tally(state, s) if full else None,
                "squares": _column(state, s, full=full, seen=seen),
            }
            for s, p in enumerate(state.players)
        ],
        "turns": [describe(a) for a in actions[1:]][-12:],
        "choices": choices(state),
    }


def seat_view(states: Sequence[GameState], player: str) -> dict[str, Any]:
    """One player's own view: his stacks in full, his live score; of the others what
    the shared page shows."""
    state = states[-1]
    me = state.seat(player)
    if me is None:
        raise ValueError(f"{player!r} does not play this game")
    out = view(states, [])
    out.pop("choices")
    mine = out["players"][me]
    mine["squares"] = _column(state, me, full=True, seen=None)
    mine["score"] = q.score(state, me)
    out["viewer"] = player
    return out


def _cards(cards: Sequence[str]) -> Msg:
    """``Prince 1 and Lady 3``: discarded cards lie face up, so they may be named."""
    return and_list(card_title(c) for c in cards)


def undo_hint(action: A.Action, before: GameState, after: GameState) -> Msg:
    """What players must do on the table when ``action`` (``before`` -> ``after``) is
    undone: which cards go back where, in which order; never naming a hidden card."""
    match action:
        case A.Move(player=p, row=r, cards=k, to=to):
            s = before.seat(p)
            lost = after.discards[s][len(before.discards[s]) :]
            steps: list[Msg] = []
            if lost:
                steps.append(
                    msg(
                        "put {who}'s discarded {cards} back on row {row} ({top} on top), then",
                        who=p,
                        cards=_cards(lost),
                        row=r,
                        top=card_title(lost[0]),
                    )
                )
            steps.append(
                nmsg(
                    "take the card from row {to} of {who}'s column back to row {row}, on top,"
                    " in the same order",
                    "take the {k} cards from row {to} of {who}'s column back to row {row}, on"
                    " top, in the same order",
                    k,
                    k=k,
                    to=to,
                    who=p,
                    row=r,
                )
            )
            flips = []
            if after.unit(s, to) is not None and after.unit(s, to).flipped:
                flips.append(to)
            left = after.unit(s, r)
            if left is not None and left.flipped:
                flips.append(r)
            text = _sentence(steps)
            if flips:
                text = msg(
                    "{text}; turn the cards face up again (they were flipped on {rows})",
                    text=text,
                    rows=and_list(msg("row {row}", row=f) for f in flips),
                )
            return text
        case A.Take(player=p, column=c, cards=k):
            s, v = before.seat(p), before.seat(c)
            at = before.turn.at
            lost = after.discards[v][len(before.discards[v]) :]
            take = nmsg(
                "take the bottom {k} card from under {who}'s stack on row {row} and put it back"
                " on top of {column}'s square on row {row}, in the same order",
                "take the bottom {k} cards from under {who}'s stack on row {row} and put them"
                " back on top of {column}'s square on row {row}, in the same order",
                k,
                k=k,
                who=p,
                row=at,
                column=c,
            )
            if lost:
                text = clauses(
                    [
                        msg(
                            "put {who}'s discarded {cards} back on row {row} of {who}'s column"
                            " ({top} on top)",
                            who=c,
                            cards=_cards(lost),
                            row=at,
                            top=card_title(lost[0]),
                        ),
                        msg("then {step}", step=take),
                    ]
                )
            else:
                text = clauses([take])
            left = after.unit(v, at)
            if left is not None and left.flipped:
                text = msg(
                    "{text}; turn {who}'s cards on row {row} face up again",
                    text=text,
                    who=c,
                    row=at,
                )
            del s
            return text
        case A.Discard(player=p, row=r):
            s = before.seat(p)
            lost = after.discards[s][len(before.discards[s]) :]
            text = msg(
                "Put {who}'s lost {cards} back on row {row} ({top} on top)",
                who=p,
                cards=_cards(lost),
                row=r,
                top=card_title(lost[0]),
            )
            left = after.unit(s, r)
            if left is not None and left.flipped:
                text = msg("{text}; turn the cards on row {row} face up again", text=text, row=r)
            return text
        case A.Roll(player=p, value=v):
            return msg("{who}'s roll of {value} is taken back: {who} rolls again", who=p, value=v)
        case A.End(player=p):
            return msg("{who}'s turn is open again (favours or another move)", who=p)
    return msg("Taken back: {action}", action=describe(action))


def _sentence(steps: list[Msg]) -> Msg:
    """Steps said one after the other (``put ..., then take ...``), the first letter upper
    case."""
    out = steps[0]
    for step in steps[1:]:
        out = msg("{head} {step}", head=out, step=step)
    return clauses([out])


def start_record(
    players: list[str], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The ``start`` record for a new game from the tablet: ``dice`` (the variant) and
    ``stacks`` (each player's name to his stacks, top card first, as laid out); without
    ``stacks`` the cards are dealt at random (lay them out as the dashboard shows)."""
    unknown = sorted(set(options) - {"dice", "stacks"})
    if unknown:
        raise MalformedRecord(
            f"a new game of Heuchel & Meuchel takes 'dice' and 'stacks', not {', '.join(unknown)}"
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise MalformedRecord(
            f"Heuchel & Meuchel is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    dice = options.get("dice", False)
    if not isinstance(dice, bool):
        raise MalformedRecord(f"'dice' is true or false, not {dice!r}")
    stacks = options.get("stacks")
    if stacks is None:
        dealt = random_setup(players, rng)
        stacks = {p: [list(s) for s in st] for p, st in zip(players, dealt, strict=True)}
    start: dict[str, Any] = {"type": "start", "game": GAME, "players": players, "stacks": stacks}
    if dice:
        start["dice"] = True
    return start


def class_of(card: str) -> str:
    """``L4`` -> ``lady`` (for the page's colours)."""
    return CLASS_OF[card]
