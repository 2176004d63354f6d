"""A compact way to write Heuchel & Meuchel actions in tests, read against the state:

    Ana move 3 7        move the whole stack on row 3 of Ana's column to row 7
    Ana move 3:2 7      move only its top 2 cards
    Ana take Ben 2      take the top 2 cards of Ben's square in the row just moved to
    Ana end             end the turn after favours
    Ana roll 4          (dice) the die shows 4
    Ana discard 10      (dice, Zugzwang) lose the top card on row 10

Each line becomes the record object of ``docs/records.md`` and goes through
``parse_action``, so the tests exercise the record format too.
"""

from __future__ import annotations

from companion.games.heuchel_meuchel import GameState


def record(line: str, state: GameState | None = None) -> dict:
    who, t, *rest = line.split()
    o: dict = {"type": t, "player": who}
    if t == "move":
        src, to = rest
        if ":" in src:
            row, cards = (int(x) for x in src.split(":"))
        else:
            row = int(src)
            seat = state.seat(who) if state is not None else None
            unit = state.unit(seat, row) if seat is not None else None
            cards = len(unit.cards) if unit is not None else 1
        o.update(row=row, cards=cards, to=int(to))
    elif t == "take":
        o.update(column=rest[0], cards=int(rest[1]))
    elif t == "roll":
        o["value"] = int(rest[0])
    elif t == "discard":
        o["row"] = int(rest[0])
    elif t != "end":
        raise ValueError(f"script: unknown action {line!r}")
    return o
