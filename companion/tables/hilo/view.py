"""What a dashboard shows of a HiLo game, built from the engine's state and queries.

Each player's kingdom as it lies: two rows of six cards, a face-down card as a back and
nothing else (the shared tablet hides what the table hides; the drawn card in a hand is
not shown either). Per kingdom its Sterntaler now: the completed ones across touching
edges (``joined``: pairs of slots), the Keepers with the animals they guard, the whole
ones printed on cards; at the end the full tally, with the cards above or below a
Magician marked ``ignored``. Every choice offered is the makings of a record: its type,
its player and the slots and cards the page offers to pick (manual entry of every
action type).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import MalformedRecord
from ...games.hilo import actions as A
from ...games.hilo import queries as q
from ...games.hilo.catalogue import CATALOGUES, DEFAULT_CATALOGUE
from ...games.hilo.names import (
    ANIMAL_OF_KEEPER,
    ANIMALS_PER_KEEPER,
    BECAUSE_PHOENIX,
    COLUMNS,
    DECIDE,
    GAME,
    LAYOUT_SIZE,
    OVER,
    REDRAW,
    REVEAL,
    SETUP,
    SLOTS,
    SPELL,
    TURN,
    UNCOVER,
    UPTURN,
)
from ...games.hilo.scoring import score_layout
from ...games.hilo.state import EMPTY, GameState
from ...games.hilo.summary import describe
from ...games.hilo.text import card_name
from ...i18n.message import Msg, and_list, msg, nmsg
from .seen import camera_slot, layout_for

#: The camera layout of a two-player game (``camera_layout_for`` names the others).
CAMERA_LAYOUT = "hilo"
MAX_PLAYERS = 5


def camera_layout_for(state: GameState) -> str:
    """The camera layout for this game's number of players (``hilo``, ``hilo-3`` ..)."""
    return layout_for(state.n)


def _card(state: GameState, card: str | None) -> dict[str, Any] | None:
    if not card:
        return None
    c = state.catalogue.card(card)
    return {"id": c.id, "kind": c.kind, "edges": list(c.edges), "whole": c.whole}


def kingdom(state: GameState, seat: int, seen: Mapping[str, tuple] | None = None) -> dict:
    """One layout: ``cells`` (12, top row first), ``joined`` (pairs of slots with a
    completed Sterntaler between them), ``keepers`` (Keeper slot -> guarded animal
    slots), ``ignored`` (slots above or below a Magician) and the score breakdown."""
    lay = state.layouts[seat]
    cat = state.catalogue
    b = score_layout(cat, lay)
    ignored = set(b.ignored)
    cells = []
    for i, c in enumerate(lay):
        cam = camera_slot(seat, i)
        cell: dict[str, Any] = {
            "slot": SLOTS[i],
            "camera": cam,
            "face_up": bool(c),
            "empty": c == EMPTY,
            "card": _card(state, c),
            "ignored": i in ignored and bool(c),
        }
        if seen is not None and cam in seen:
            cell["seen"] = list(seen[cam])
        cells.append(cell)
    live = [None if (not c or i in ignored) else cat.card(c) for i, c in enumerate(lay)]
    joined = []
    for i, c in enumerate(live):
        if c is None:
            continue
        if (
            i % COLUMNS != COLUMNS - 1
            and live[i + 1] is not None
            and min(c.right, live[i + 1].left)
        ):
            joined.append([SLOTS[i], SLOTS[i + 1]])
        if i < COLUMNS and live[i + COLUMNS] is not None and min(c.bottom, live[i + COLUMNS].top):
            joined.append([SLOTS[i], SLOTS[i + COLUMNS]])
    keepers = []
    for animal in ("dragon", "unicorn", "wolf"):
        guards = [i for i, c in enumerate(live) if c is not None and c.kind == f"{animal}-keeper"]
        animals = [i for i, c in enumerate(live) if c is not None and c.kind == animal]
        for k in guards:
            mine, animals = animals[:ANIMALS_PER_KEEPER], animals[ANIMALS_PER_KEEPER:]
            keepers.append(
                {
                    "keeper": SLOTS[k],
                    "animal": ANIMAL_OF_KEEPER[f"{animal}-keeper"],
                    "animals": [SLOTS[a] for a in mine],
                }
            )
    return {
        "cells": cells,
        "joined": joined,
        "keepers": keepers,
        "ignored": [SLOTS[i] for i in b.ignored if lay[i]],
        "score": {"whole": b.whole, "joined": b.joined, "keepers": b.keepers, "total": b.total},
        "face_down": len(state.face_down(seat)),
    }


_DOING: dict[str, Callable[[str, list[str]], Msg]] = {
    UPTURN: lambda p, who: msg("Turn over the draw pile's top card as the discard pile"),
    SETUP: lambda p, who: msg("{who}: turn over one starting card each", who=and_list(who)),
    REDRAW: lambda p, who: msg(
        "{p}: the Magician goes back into the draw pile; put a new card face up in its place",
        p=p,
    ),
    TURN: lambda p, who: msg("{p}: take the discard pile's top card, or draw a card", p=p),
    DECIDE: lambda p, who: msg(
        "{p}: put the drawn card into the layout, or discard it and turn a card over", p=p
    ),
    SPELL: lambda p, who: msg(
        "{p}'s Magician casts its spell: exchange a card with another player's layout", p=p
    ),
    UNCOVER: lambda p, who: nmsg(
        "The game is over: {who}, uncover your face-down cards",
        "The game is over: {who}, uncover your face-down cards",
        len(who),
        who=and_list(who),
    ),
}


def awaiting_text(state: GameState) -> Msg:
    """Who must act now and what he may do, in a sentence for the top of the screen
    (a message, said in each page's language)."""
    if state.finished:
        best = max(state.scores or (0,))
        return nmsg(
            "Game over: {winners} won with {best} Sterntaler",
            "Game over: {winners} won with {best} Sterntaler",
            best,
            winners=and_list(state.winners),
            best=best,
        )
    p = state.players[state.current]
    if state.phase == REVEAL:
        if state.because == BECAUSE_PHOENIX:
            return msg("{p}: turn over one face-down card (for the Phoenix)", p=p)
        return msg("{p}: turn over one face-down card (after discarding)", p=p)
    if state.phase == SETUP:
        who = [state.players[i] for i in state.setup_left]
    else:
        who = [state.players[i] for i in q.uncover_owed(state)]
    return _DOING[state.phase](p, who)


def choices(state: GameState) -> list[dict[str, Any]]:
    """The makings of every record that may be entered now: ``type``, ``player``, the
    ``slots`` to pick from and the ``cards`` a card field may hold; ``record``: a ready
    record where nothing is to pick."""
    if state.finished:
        return []
    names = state.players
    from_layout = list(q.possible_from_layout(state))
    from_pile = list(q.possible_from_pile(state))
    out: list[dict[str, Any]] = []
    phase = state.phase
    p = names[state.current]

    def slots_of(seat: int, which=None) -> list[dict[str, Any]]:
        lay = state.layouts[seat]
        idx = range(LAYOUT_SIZE) if which is None else which
        return [{"slot": SLOTS[i], "card": lay[i] or None} for i in idx]

    if phase == UPTURN:
        out.append(
            {
                "type": "upturn",
                "player": None,
                "label": msg("Discard pile's first card"),
                "cards": from_pile,
            }
        )
    elif phase == SETUP:
        for s in state.setup_left:
            out.append(
                {
                    "type": "reveal",
                    "player": names[s],
                    "label": msg("{who} starts with", who=names[s]),
                    "slots": slots_of(s, state.face_down(s)),
                    "cards": from_layout,
                }
            )
    elif phase == REDRAW:
        out.append(
            {
                "type": "redraw",
                "player": p,
                "label": msg("{who}'s new card", who=p),
                "cards": from_pile,
            }
        )
    elif phase == TURN:
        if state.discard:
            out.append(
                {
                    "type": "take",
                    "player": p,
                    "label": msg("{who} takes the {card}", who=p, card=card_name(state.top)),
                    "slots": slots_of(state.current),
                    "cards": from_layout,
                }
            )
        out.append(
            {
                "type": "draw",
                "player": p,
                "label": msg("{who} draws", who=p),
                "cards": from_pile,
            }
        )
    elif phase == DECIDE:
        out.append(
            {
                "type": "exchange",
                "player": p,
                "label": msg("{who} puts the {card} in", who=p, card=card_name(state.drawn)),
                "slots": slots_of(state.current),
                "cards": from_layout,
            }
        )
        out.append(
            {
                "type": "discard",
                "player": p,
                "label": msg("{who} discards the {card}", who=p, card=card_name(state.drawn)),
                "record": {"type": "discard", "player": p},
            }
        )
    elif phase == REVEAL:
        out.append(
            {
                "type": "reveal",
                "player": p,
                "label": msg("{who} turns a card over", who=p),
                "slots": slots_of(state.current, state.face_down(state.current)),
                "cards": from_layout,
            }
        )
    elif phase == SPELL:
        own = q.spell_own_slots(state)
        targets = {
            names[s]: [SLOTS[i] for i in q.spell_target_slots(state, s)]
            for s in range(state.n)
            if s != state.current
        }
        out.append(
            {
                "type": "spell",
                "player": p,
                "label": msg("{who}'s Magician's spell", who=p),
                "slots": slots_of(state.current, own),
                "targets": targets,
            }
        )
    elif phase == UNCOVER:
        for s in q.uncover_owed(state):
            out.append(
                {
                    "type": "uncover",
                    "player": names[s],
                    "label": msg("{who} uncovers", who=names[s]),
                    "slots": slots_of(s, state.face_down(s)),
                    "cards": from_layout,
                }
            )
    return out


def view(
    states: Sequence[GameState], actions: Sequence[A.Action], table: Any = None
) -> dict[str, Any]:
    """The dashboard's picture of the game. With ``table`` (the ``HiloCamera``) each
    cell also says what the camera sees there (``seen``: label and card)."""
    state = states[-1]
    seen = getattr(table, "seen", None)
    aw = q.awaiting(state)
    over = state.phase in (UNCOVER, OVER)
    players = []
    for i, name in enumerate(state.players):
        k = kingdom(state, i, seen)
        players.append(
            {
                "name": name,
                "letter": "ABCDE"[i],
                "on_turn": q.whose_turn(state) == name,
                "ended": state.ender == i,
                "winner": name in state.winners,
                "final": state.scores[i] if state.scores else None,
                **k,
            }
        )
    turns = [describe(a) for a in actions[1:]][-12:]
    return {
        "phase": state.phase,
        "turn": state.turn_no,
        "finished": state.finished,
        "ending": over,
        "awaiting_text": awaiting_text(state),
        "awaiting": None
        if aw is None
        else {"player": aw.player, "action": aw.action, "types": list(aw.types)},
        "players": players,
        "discard": {"top": _card(state, state.top), "cards": len(state.discard)},
        "draw_pile": state.pile_size,
        "holds_drawn": state.drawn is not None,
        "reshuffles": state.reshuffles,
        "winners": list(state.winners),
        "provisional": state.catalogue.provisional,
        "camera_layout": camera_layout_for(state),
        "turns": list(reversed(turns)),
        "choices": choices(state),
    }


def undo_hint(action: A.Action, before: GameState, after: GameState) -> Msg:
    """What players must do on the table when ``action`` (``before`` -> ``after``) is
    undone: which cards go back where, face up or face down (a message)."""
    match action:
        case A.Upturn(card=c):
            return msg("Put the {card} back face down on top of the draw pile", card=card_name(c))
        case A.Reveal(player=p, slot=s, card=c):
            return msg(
                "Turn {who}'s {card} on {slot} face down again", who=p, card=card_name(c), slot=s
            )
        case A.Redraw(player=p, card=c):
            return msg(
                "Put {who}'s new {card} back on top of the draw pile (the Magician stays out)",
                who=p,
                card=card_name(c),
            )
        case A.Take(player=p, slot=s):
            old = before.layouts[before.seat(p)][SLOTS.index(s)]
            gone = after.discard[-1] if after.discard else msg("card")
            if old:
                return msg(
                    "Put the {card} from {who}'s {slot} back on the discard pile, and the"
                    " {gone} from the discard pile back on {slot} face up",
                    card=card_name(before.top),
                    who=p,
                    slot=s,
                    gone=gone,
                )
            return msg(
                "Put the {card} from {who}'s {slot} back on the discard pile, and the"
                " {gone} from the discard pile back on {slot} face down",
                card=card_name(before.top),
                who=p,
                slot=s,
                gone=gone,
            )
        case A.Draw(player=p, card=c):
            return msg(
                "{who} puts the drawn {card} back face down on top of the draw pile", who=p, card=c
            )
        case A.Exchange(player=p, slot=s):
            old = before.layouts[before.seat(p)][SLOTS.index(s)]
            gone = after.discard[-1] if after.discard else msg("card")
            if old:
                return msg(
                    "{who} takes the {card} from {slot} back into the hand, and puts the"
                    " {gone} from the discard pile back on {slot} face up",
                    who=p,
                    card=card_name(before.drawn),
                    slot=s,
                    gone=gone,
                )
            return msg(
                "{who} takes the {card} from {slot} back into the hand, and puts the"
                " {gone} from the discard pile back on {slot} face down",
                who=p,
                card=card_name(before.drawn),
                slot=s,
                gone=gone,
            )
        case A.Discard(player=p):
            return msg(
                "{who} takes the {card} back from the discard pile into the hand",
                who=p,
                card=card_name(before.drawn),
            )
        case A.Spell(player=p, slot=s, with_=w, at=t):
            return msg(
                "Exchange {who}'s {slot} and {other}'s {at} back, each card keeping its face",
                who=p,
                slot=s,
                other=w,
                at=t,
            )
        case A.Uncover(player=p, cards=cards):
            return nmsg(
                "{who} turns {slots} face down again",
                "{who} turns {slots} face down again",
                len(cards),
                who=p,
                slots=and_list(s for s, _ in cards),
            )
    return msg("Taken back: {action}", action=describe(action))


def start_record(
    players: list[str], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The ``start`` record for a new game from the tablet (``catalogue`` optional)."""
    unknown = sorted(set(options) - {"catalogue"})
    if unknown:
        raise MalformedRecord(f"a new game of HiLo takes 'catalogue', not {', '.join(unknown)}")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise MalformedRecord(
            f"HiLo at the table is for 2 to {MAX_PLAYERS} players, not {len(players)}"
        )
    catalogue = options.get("catalogue", DEFAULT_CATALOGUE)
    if catalogue not in CATALOGUES:
        raise MalformedRecord(
            f"unknown catalogue {catalogue!r}; the companion knows {', '.join(CATALOGUES)}"
        )
    return {"type": "start", "game": GAME, "players": players, "catalogue": catalogue}


__all__ = [
    "CAMERA_LAYOUT",
    "awaiting_text",
    "camera_layout_for",
    "choices",
    "kingdom",
    "start_record",
    "undo_hint",
    "view",
]
