"""Every legal decision now, enumerated: for the random player, the referee and tests.

A HiLo action often carries a card the table shows (turned over, drawn, or leaving a
face-down slot for the discard pile). ``legal_decisions`` lists what the players may
choose, with those card fields ``None`` ("what the table shows"); ``legal_actions``
fills them in with every design the deck can hold there, so that each action it lists
is one ``apply`` accepts. ``uncover`` (showing all remaining face-down cards at once)
has combinatorially many card assignments: ``legal_actions`` lists one per player,
the unseen designs in catalogue order.
"""

from __future__ import annotations

from . import queries as q
from .actions import Action, Discard, Draw, Exchange, Redraw, Reveal, Spell, Take, Uncover, Upturn
from .names import (
    DECIDE,
    LAYOUT_SIZE,
    REDRAW,
    REVEAL,
    SETUP,
    SLOTS,
    SPELL,
    TURN,
    UNCOVER,
    UPTURN,
)
from .state import GameState


def legal_decisions(state: GameState) -> list[Action]:
    """Every legal choice now, with the card fields the table fills in left ``None``."""
    names, phase = state.players, state.phase
    if phase == UPTURN:
        return [Upturn(None)]  # type: ignore[arg-type]
    if phase == SETUP:
        return [
            Reveal(names[s], SLOTS[i], None)  # type: ignore[arg-type]
            for s in state.setup_left
            for i in q.reveal_slots(state, s)
        ]
    if phase == UNCOVER:
        return [
            Uncover(names[s], tuple((SLOTS[i], None) for i in state.face_down(s)))  # type: ignore[misc]
            for s in q.uncover_owed(state)
        ]
    if phase not in (REDRAW, TURN, DECIDE, REVEAL, SPELL):
        return []
    who, seat = names[state.current], state.current
    if phase == REDRAW:
        return [Redraw(who, None)]  # type: ignore[arg-type]
    if phase == REVEAL:
        return [Reveal(who, SLOTS[i], None) for i in q.reveal_slots(state, seat)]  # type: ignore[arg-type]
    if phase == SPELL:
        return [Spell(who, SLOTS[m], names[o], SLOTS[t]) for m, o, t in q.spell_options(state)]
    lay = state.layouts[seat]
    if phase == TURN:
        out: list[Action] = []
        if state.discard:
            out.extend(Take(who, SLOTS[i], lay[i]) for i in range(LAYOUT_SIZE))
        out.append(Draw(who, None))  # type: ignore[arg-type]
        return out
    return [*(Exchange(who, SLOTS[i], lay[i]) for i in range(LAYOUT_SIZE)), Discard(who)]


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, card data filled in (``uncover``: see the module doc)."""
    from_layout = q.possible_from_layout(state)
    out: list[Action] = []
    for d in legal_decisions(state):
        match d:
            case Upturn() | Draw() | Redraw():
                out.extend(_with(d, "card", c) for c in q.possible_from_pile(state))
            case Reveal():
                out.extend(Reveal(d.player, d.slot, c) for c in from_layout)
            case Take(discards=None) | Exchange(discards=None):
                out.extend(_with(d, "discards", c) for c in from_layout)
            case Uncover():
                out.append(Uncover(d.player, _canonical(state, [s for s, _ in d.cards])))
            case _:
                out.append(d)
    return out


def _with(action, field: str, value):
    values = {n: getattr(action, n) for n in action.__slots__}
    values[field] = value
    return type(action)(**values)


def _canonical(state: GameState, slots: list[str]) -> tuple[tuple[str, str], ...]:
    pool = [
        c.id for c, k in zip(state.catalogue.cards, state.unseen, strict=True) for _ in range(k)
    ]
    return tuple(zip(slots, pool, strict=False))
