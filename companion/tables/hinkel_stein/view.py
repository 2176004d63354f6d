"""What a dashboard shows of a Hinkel & Stein game, built from the engine's queries.

Every choice offered is a ready-made record object, so a tablet posts it back as is:
only legal choices are ever offered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import MalformedRecord
from ...games.hinkel_stein import actions as A
from ...games.hinkel_stein import moves
from ...games.hinkel_stein import queries as q
from ...games.hinkel_stein.names import (
    BOULDER,
    KIND_PLURAL,
    OTHER_SIDE,
    OUTER_SPACE,
    SPACE_CENTRE_MM,
    SPACES,
    fate_intervals_mm,
)
from ...games.hinkel_stein.random_player import ScaleModel
from ...games.hinkel_stein.record import to_record
from ...games.hinkel_stein.state import GameState, RoundResult
from ...games.hinkel_stein.summary import describe
from ...games.hinkel_stein.text import word
from ...i18n.message import Msg, clauses, msg

_MODEL = ScaleModel()

#: The camera layout this game is read with (``companion/sensing/vision/layouts``).
CAMERA_LAYOUT = "hinkel-stein"


#: The mode buttons: each kind of stone played actively or passively.
_MODE_LABELS = {
    ("pillar", True): msg("Pillars active"),
    ("pillar", False): msg("Pillars passive"),
    ("hinkelstein", True): msg("Hinkelsteine active"),
    ("hinkelstein", False): msg("Hinkelsteine passive"),
    ("quartz", True): msg("Quartz stones active"),
    ("quartz", False): msg("Quartz stones passive"),
    ("boulder", True): msg("Boulders active"),
    ("boulder", False): msg("Boulders passive"),
}


def choice_label(action: A.Action, state: GameState) -> Msg | str:
    """The words on a touch button for ``action``."""
    match action:
        case A.Condition(wins="heavier"):
            return msg("Heavier side wins")
        case A.Condition(wins="lighter"):
            return msg("Lighter side wins")
        case A.Call(calls=c, stones=st):
            return msg("{who} (quartz)", who=c) if st == "quartz" else c
        case A.Mode(kind=k, active=act):
            return _MODE_LABELS.get((k, act), f"{KIND_PLURAL[k].capitalize()} {act}")
        case A.Stake(add=add):
            return msg("Add {n}", n=add) if add is not None else msg("Take 1")
        case A.Notch(notch=n):
            return msg("Notch {notch}", notch=word("notch", n))
        case A.Place(stones=st, space=sp):
            return msg("{stones} on {space}", stones="+".join(st), space=sp)
        case A.Boulder(space=sp):
            return msg("Extra boulder B1 on {space}", space=sp)
        case A.Keep(stone=s):
            return msg("Keep {stone}", stone=s)
        case A.Offer(to=to):
            return msg("Offer {who} a partnership", who=to)
        case A.Answer(accept=acc):
            return msg("Accept") if acc else msg("Decline")
    return describe(action)


def choices(state: GameState) -> list[dict[str, Any]]:
    """Every legal choice now, as {player, type, label, record}; fate and tilt included."""
    out = []
    for a in moves.legal_actions(state):
        rec = to_record(a)
        out.append(
            {
                "player": rec.get("player"),
                "type": rec["type"],
                "label": choice_label(a, state),
                "record": rec,
            }
        )
    if moves.fate_open(state):
        holder = state.players[state.holder(BOULDER)]
        out.append(
            {
                "player": holder,
                "type": "fate",
                "label": msg("Stone of Fate moved"),
                "record": {"type": "fate", "player": holder, "x": None},
                "intervals_mm": [list(iv) for iv in fate_intervals_mm()],
            }
        )
    holder_options = q.boulder_space_option(state) is not None or q.fate_open(state)
    if holder_options and state.keep_pending is None:
        holder = state.players[state.holder(BOULDER)]
        out.append(
            {
                "player": holder,
                "type": "done",
                "label": msg("Done: no boulder, no Stone of Fate"),
                "endpoint": "/api/done",
                "record": None,
            }
        )
    if moves.tilt_open(state):
        for side, label in (("left", msg("Left side down")), ("right", msg("Right side down"))):
            out.append(
                {
                    "player": None,
                    "type": "tilt",
                    "label": label,
                    "record": {"type": "tilt", "down": side},
                }
            )
    return out


def scale_view(state: GameState) -> dict[str, Any]:
    """The scale as the model expects it: placements, notch, Stone of Fate, side down and
    the tilt margin (grams on the far outer space that would flip it)."""
    r = state.round
    names = state.players
    placements = [
        {
            "space": s,
            "x_mm": SPACE_CENTRE_MM[s],
            "stones": list(p.stones),
            "player": names[p.player],
            "kind": p.kind,
            "passive": p.passive,
        }
        for s, p in zip(SPACES, r.placements, strict=True)
        if p is not None
    ]
    tau = _MODEL.torque_gmm(state)
    down = "right" if tau > 0 else "left" if tau < 0 else None
    pivot = _MODEL.notch_x_mm[r.notch]
    margin = None
    if down is not None:
        far = SPACE_CENTRE_MM[OUTER_SPACE[OTHER_SIDE[down]]]
        margin = round(abs(tau) / abs(far - pivot), 1)
    return {
        "placements": placements,
        "notch": r.notch,
        "fate_x_mm": r.fate_x,
        "fate_home_x_mm": state.fate_home_x,
        "torque_gmm": round(tau, 1),
        "down": down,
        "margin_g": margin,
        "source": "model",
    }


def _result_view(state: GameState, res: RoundResult) -> dict[str, Any]:
    names = state.players
    return {
        "pass": res.pass_no,
        "round": res.round_no,
        "down": res.down,
        "winning_side": res.winning_side,
        "winners": [names[i] for i in res.winners],
        "paid": {names[i]: res.paid[i] for i in range(state.n)},
        "carried": res.carried,
        "next_chieftain": names[res.next_chieftain],
    }


def round_history(states: Sequence[GameState]) -> list[tuple[RoundResult, tuple[int, ...]]]:
    """Each decided round of the game so far, with the discs every player held after it."""
    history = []
    prev = None
    for s in states:
        if s.last_result is not None and s.last_result is not prev:
            history.append((s.last_result, s.discs))
            prev = s.last_result
    return history


def view(
    states: Sequence[GameState], actions: Sequence[A.Action] = (), table: Any = None
) -> dict[str, Any]:
    """The dashboard's picture of the game (``states``: every state from the start, the
    last is now): round, scale, outcomes, choices, history, chart. With ``table`` (the
    ``ScaleReferee``) the scale is shown as the load cells last saw it at rest."""
    state = states[-1]
    history = round_history(states)
    names = state.players
    scale = scale_view(state)
    moving = getattr(table, "fate_moving_mm", None)  # not recorded until it lies still
    scale["fate_moving_mm"] = None if moving is None else round(moving)
    settled = getattr(table, "last_settled", None)
    if settled is not None:  # the beam as the load cells saw it, not as the model expects
        scale.update(
            down=settled.down,
            margin_g=round(settled.margin_g, 1),
            torque_gmm=round(settled.torque_gmm, 1),
            source="scale",
        )
    r = state.round
    aw = q.awaiting(state)
    turn = r.turn
    outcomes = {
        side: {
            "winners": [names[i] for i in o.winners],
            "paid": dict(zip(names, o.paid, strict=True)),
            "carried": o.carried,
            "next_chieftain": names[o.next_chieftain] if o.next_chieftain is not None else None,
        }
        for side, o in q.outcomes(state).items()
    }
    return {
        "round": {
            "condition": r.condition,
            "partner": names[r.partner] if r.partner is not None else None,
            "took": [names[i] for i in sorted(r.took)],
            "turn": None
            if turn is None
            else {
                "player": names[turn.player],
                "kind": turn.kind,
                "active": turn.active,
                "stones": turn.stones,
                "staked": turn.staked,
            },
            "mandatory_kind": q.mandatory_kind(state),
        },
        "scale": scale,
        "outcomes": outcomes,
        "awaiting_text": awaiting_text(state),
        "optional": [{"player": o.player, "action": o.action} for o in q.optional_actions(state)],
        "choices": choices(state),
        "available": {k: list(state.available(k)) for k in KIND_PLURAL},
        "history": [_result_view(state, res) for res, _ in history],
        "chart": [
            {
                "pass": res.pass_no,
                "round": res.round_no,
                "discs": dict(zip(names, discs, strict=True)),
            }
            for res, discs in history
        ],
        "awaiting": None if aw is None else {"player": aw.player, "action": aw.action},
    }


def awaiting_text(state: GameState) -> Msg:
    """Who must act now, in a sentence for the top of the screen."""
    aw = q.awaiting(state)
    if aw is None:
        return msg("Game over: {winners} won", winners=" & ".join(state.winners))
    match aw.action:
        case "tilt":
            return msg("Waiting for the scale to settle")
        case "answer":
            return msg("{who} answers the offer of a partnership", who=aw.player)
        case "keep":
            return msg("{who} chooses which boulder to keep", who=aw.player)
        case "condition":
            return msg("{who} chooses: heavier or lighter side wins", who=aw.player)
        case "call":
            return msg("{who} calls who places next", who=aw.player)
        case "mode":
            return msg("{who} chooses a kind and active or passive play", who=aw.player)
        case "stake":
            return msg("{who} adds discs to the prize or takes one", who=aw.player)
        case "place":
            return msg("{who} places a stone", who=aw.player)
    return msg("{who} {action}", who=aw.player, action=aw.action)


def undo_hint(action: A.Action, before: GameState, after: GameState) -> Msg:
    """What players must do on the table when ``action`` (which led from ``before`` to
    ``after``) is undone: stones to take back, the scale to reset, discs to move back."""
    parts: list[Msg] = []
    taken_back = False
    match action:
        case A.Place(stones=st, space=sp) | A.Boulder(stones=st, space=sp):
            parts.append(
                msg(
                    "take {stones} off {space} and give it back to {who}",
                    stones="+".join(st),
                    space=sp,
                    who=action.player,
                )
            )
        case A.Notch():
            parts.append(msg("put the scale back on the middle notch"))
        case A.Fate():
            parts.append(msg("put the Stone of Fate back at {x:g} mm", x=before.round.fate_x))
        case A.Tilt():
            on = "; ".join(
                f"{s} {'+'.join(p.stones)}"
                for s, p in zip(SPACES, before.round.placements, strict=True)
                if p is not None
            )
            parts.append(
                msg("the round is open again: the stones go back on the scale ({on})", on=on)
            )
            if before.cards != after.cards:
                cards = "; ".join(
                    f"{n}: {', '.join(k)}"
                    for n, k in zip(before.players, before.cards, strict=True)
                )
                parts.append(msg("the stone cards go back ({cards})", cards=cards))
        case A.Keep(stone=s):
            parts.append(
                msg(
                    "{who} puts {stone} back beside the other boulder: the choice is open again",
                    who=action.player,
                    stone=s,
                )
            )
        case _:  # the page says "Undone." before the hints: name what, not "undone" again
            taken_back = True
            parts.append(msg("taken back: {action}", action=describe(action)))
    if (before.discs, before.pot, before.supply) != (after.discs, after.pot, after.supply):
        held = ", ".join(f"{n} {d}" for n, d in zip(before.players, before.discs, strict=True))
        parts.append(
            msg(
                "discs back to: {held}, pot {pot}, supply {supply}",
                held=held,
                pot=before.pot,
                supply=before.supply,
            )
        )
    elif taken_back:
        parts.append(msg("nothing to change on the table"))
    return clauses(parts)


def start_record(
    players: list[str], options: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The ``start`` record for a new game from the tablet: ``deal`` (each player's name
    to his stone cards) or, without, cards drawn with ``rng``; ``supply`` optional."""
    from ...games.hinkel_stein.random_player import random_deal

    unknown = sorted(set(options) - {"deal", "supply"})
    if unknown:
        raise MalformedRecord(
            f"a new game of Hinkel & Stein takes 'deal' and 'supply', not {', '.join(unknown)}"
        )
    deal = options.get("deal")
    if deal is None:
        if not 2 <= len(players) <= 4:
            raise MalformedRecord(f"Hinkel & Stein is for 2 to 4 players, not {len(players)}")
        cards = random_deal(players, rng)
        deal = {p: list(k) for p, k in zip(players, cards, strict=True)}
    start: dict[str, Any] = {"type": "start", "game": "hinkel-stein", "players": players}
    start["deal"] = deal
    if options.get("supply") is not None:
        start["supply"] = options["supply"]
    return start
