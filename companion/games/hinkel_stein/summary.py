"""What ``companion replay`` prints: the spec's JSON object, and a readable summary."""

from __future__ import annotations

from typing import Any

from . import queries as q
from .names import GAME, KIND_PLURAL, ROUNDS_PER_PASS, SPACES
from .state import GameState
from .text import and_list

_ACTION_WORDS = {
    "answer": "to answer the offer of a partnership",
    "keep": "to choose which boulder to keep",
    "condition": "to set the victory condition (heavier or lighter)",
    "call": "to call who places next",
    "mode": "to choose a kind and whether to play it actively",
    "stake": "to add discs to the prize or take one",
    "place": "to place a stone",
    "tilt": "the scale to settle (tilt)",
    "offer": "may offer a partnership",
    "notch": "may move the scale to another notch",
    "boulder": "may add the smallest boulder",
    "fate": "may move the Stone of Fate",
}


def to_json(state: GameState) -> dict[str, Any]:
    """The state as ``companion replay --json`` prints it (spec, key order included)."""
    aw = q.awaiting(state)
    return {
        "game": GAME,
        "players": list(state.players),
        "finished": state.finished,
        "pass": state.pass_no,
        "round": state.round_no,
        "chieftain": state.players[state.chieftain],
        "supply": state.supply,
        "pot": state.pot,
        "discs": dict(zip(state.players, state.discs, strict=True)),
        "kinds": {p: list(k) for p, k in zip(state.players, state.cards, strict=True)},
        "winners": list(state.winners),
        "awaiting": None if aw is None else {"player": aw.player, "action": aw.action},
    }


def to_text(state: GameState) -> str:
    """A few lines for a person: discs, pot, supply, chieftain, the scale, what is awaited."""
    names = state.players
    lines = [
        f"Hinkel & Stein, {state.n} players: pass {state.pass_no} of {state.passes},"
        f" round {state.round_no} of {ROUNDS_PER_PASS}" + (" (game over)" if state.finished else "")
    ]
    discs = ", ".join(f"{p} {d}" for p, d in zip(names, state.discs, strict=True))
    lines.append(f"Discs:     {discs}; pot {state.pot}; supply {state.supply}")
    kinds = "; ".join(
        f"{p}: {and_list(KIND_PLURAL[k] for k in ks)}"
        for p, ks in zip(names, state.cards, strict=True)
    )
    if state.n == 3:
        kinds += "; quartz stones neutral"
    lines.append(f"Stones:    {kinds}")
    if state.finished:
        best = max(state.discs)
        lines.append(f"Winners:   {and_list(state.winners)} with {best} discs")
        return "\n".join(lines)
    r = state.round
    chief = f"Chieftain: {names[state.chieftain]}"
    if r.condition:
        chief += f", the {r.condition} side wins"
    if state.n == 3 and r.partner is not None:
        chief += f", partnership with {names[r.partner]}"
    elif state.n == 3 and (r.answered or r.done or r.turn):
        chief += ", solo"
    if state.n == 2 and q.mandatory_kind(state):
        chief += f" (must play the {KIND_PLURAL[q.mandatory_kind(state)]} actively)"
    lines.append(chief)
    scale = []
    for s, p in zip(SPACES, r.placements, strict=True):
        scale.append(
            f"{s} "
            + (
                f"{'+'.join(p.stones)} ({names[p.player]}{', passive' if p.passive else ''})"
                if p
                else "free"
            )
        )
    lines.append(
        f"Scale:     {'; '.join(scale)}; notch {r.notch}; Stone of Fate at {r.fate_x:g} mm"
    )
    if state.last_result is not None:
        res = state.last_result
        paid = and_list(f"{names[i]} {res.paid[i]}" for i in range(state.n) if res.paid[i])
        lines.append(
            f"Last round: {res.down} side down, {res.winning_side} side won;"
            f" paid {paid or 'nothing'}, {res.carried} left in the pot"
        )
    aw = q.awaiting(state)
    who = aw.player or "Waiting for"
    lines.append(
        f"Awaiting:  {who} {_ACTION_WORDS[aw.action]}"
        if aw.player
        else f"Awaiting:  {_ACTION_WORDS[aw.action]}"
    )
    for opt in q.optional_actions(state):
        lines.append(f"           {opt.player} {_ACTION_WORDS[opt.action]}")
    return "\n".join(lines)


def describe(action) -> str:
    """One action as a sentence for the terminal demo and the dashboard's log."""
    from . import actions as A

    match action:
        case A.Start(players=players, deal=deal):
            dealt = "; ".join(f"{p}: {', '.join(k)}" for p, k in zip(players, deal, strict=True))
            return f"New game for {', '.join(players)}. Cards dealt: {dealt}"
        case A.Offer(player=p, to=to):
            return f"{p} offers {to} a partnership"
        case A.Answer(player=p, accept=acc):
            return f"{p} {'accepts' if acc else 'declines'} the partnership"
        case A.Condition(player=p, wins=w):
            return f"{p} (chieftain): the {w} side wins this round"
        case A.Call(player=p, calls=c, stones=st):
            return f"{p} calls {c}" + (" to place a quartz" if st == "quartz" else "")
        case A.Mode(player=p, kind=k, active=act):
            return f"{p} plays the {KIND_PLURAL[k]} {'actively' if act else 'passively'}"
        case A.Stake(player=p, add=add, take=take):
            if add is not None:
                return f"{p} adds {add} disc{'s' if add != 1 else ''} to the prize"
            return f"{p} takes {take} disc and gives up a share of the prize"
        case A.Notch(player=p, notch=n):
            return f"{p} moves the scale onto the {n} notch"
        case A.Place(player=p, stones=st, space=sp):
            return f"{p} places {'+'.join(st)} on {sp}"
        case A.Boulder(player=p, stones=st, space=sp):
            return f"{p} adds {'+'.join(st)} on {sp}"
        case A.Fate(player=p, x=x):
            return f"{p} moves the Stone of Fate to {x:g} mm"
        case A.Tilt(down=d):
            return f"The scale settles: {d} side down"
        case A.Keep(player=p, stone=s):
            return f"{p} keeps {s}"
    return repr(action)
