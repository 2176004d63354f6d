"""What ``companion replay`` prints: the spec's JSON object, and a readable summary."""

from __future__ import annotations

from typing import Any

from ...i18n.message import Msg, commas, lines, msg, nmsg, semicolons
from . import queries as q
from .names import GAME, KIND_PLURAL, ROUNDS_PER_PASS, SPACES
from .state import GameState
from .text import and_list, word


def _awaited(who: str | None, action: str) -> Msg | str:
    """``Ana to place a stone``, ``Ben may move the Stone of Fate``, ``the scale to settle``."""
    match action:
        case "answer":
            return msg("{who} to answer the offer of a partnership", who=who)
        case "keep":
            return msg("{who} to choose which boulder to keep", who=who)
        case "condition":
            return msg("{who} to set the victory condition (heavier or lighter)", who=who)
        case "call":
            return msg("{who} to call who places next", who=who)
        case "mode":
            return msg("{who} to choose a kind and whether to play it actively", who=who)
        case "stake":
            return msg("{who} to add discs to the prize or take one", who=who)
        case "place":
            return msg("{who} to place a stone", who=who)
        case "tilt":
            return msg("the scale to settle (tilt)")
        case "offer":
            return msg("{who} may offer a partnership", who=who)
        case "notch":
            return msg("{who} may move the scale to another notch", who=who)
        case "boulder":
            return msg("{who} may add the smallest boulder", who=who)
        case "fate":
            return msg("{who} may move the Stone of Fate", who=who)
    return f"{who} {action}" if who else action


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


def to_text(state: GameState) -> Msg:
    """A few lines for a person: discs, pot, supply, chieftain, the scale, what is awaited."""
    names = state.players
    head = msg(
        "Hinkel & Stein, {n} players: pass {pass_no} of {passes}, round {round_no} of {rounds}",
        n=state.n,
        pass_no=state.pass_no,
        passes=state.passes,
        round_no=state.round_no,
        rounds=ROUNDS_PER_PASS,
    )
    out: list[Any] = [msg("{head} (game over)", head=head) if state.finished else head]
    discs = ", ".join(f"{p} {d}" for p, d in zip(names, state.discs, strict=True))
    out.append(
        msg(
            "Discs:     {discs}; pot {pot}; supply {supply}",
            discs=discs,
            pot=state.pot,
            supply=state.supply,
        )
    )
    kinds: list[Any] = [
        msg("{who}: {kinds}", who=p, kinds=and_list(word("kinds", KIND_PLURAL[k]) for k in ks))
        for p, ks in zip(names, state.cards, strict=True)
    ]
    if state.n == 3:
        kinds.append(msg("quartz stones neutral"))
    out.append(msg("Stones:    {kinds}", kinds=_semicolons(kinds)))
    if state.finished:
        best = max(state.discs)
        out.append(
            nmsg(
                "Winners:   {winners} with {n} disc",
                "Winners:   {winners} with {n} discs",
                best,
                winners=and_list(state.winners),
                n=best,
            )
        )
        return lines(out)
    r = state.round
    chief: Any = msg("Chieftain: {who}", who=names[state.chieftain])
    if r.condition:
        chief = msg(
            "{chief}, the {side} side wins", chief=chief, side=word("condition", r.condition)
        )
    if state.n == 3 and r.partner is not None:
        chief = msg("{chief}, partnership with {who}", chief=chief, who=names[r.partner])
    elif state.n == 3 and (r.answered or r.done or r.turn):
        chief = msg("{chief}, solo", chief=chief)
    if state.n == 2 and q.mandatory_kind(state):
        kinds_word = word("kinds", KIND_PLURAL[q.mandatory_kind(state)])
        chief = msg("{chief} (must play the {kinds} actively)", chief=chief, kinds=kinds_word)
    out.append(chief)
    scale: list[Any] = []
    for sp, p in zip(SPACES, r.placements, strict=True):
        if p is None:
            scale.append(msg("{space} free", space=sp))
        elif p.passive:
            scale.append(
                msg(
                    "{space} {stones} ({who}, passive)",
                    space=sp,
                    stones="+".join(p.stones),
                    who=names[p.player],
                )
            )
        else:
            scale.append(f"{sp} {'+'.join(p.stones)} ({names[p.player]})")
    out.append(
        msg(
            "Scale:     {spaces}; notch {notch}; Stone of Fate at {x:g} mm",
            spaces=_semicolons(scale),
            notch=word("notch", r.notch),
            x=r.fate_x,
        )
    )
    if state.last_result is not None:
        res = state.last_result
        paid = and_list(f"{names[i]} {res.paid[i]}" for i in range(state.n) if res.paid[i])
        out.append(
            msg(
                "Last round: {down} side down, {won} side won; paid {paid}, {carried} left in"
                " the pot",
                down=word("side", res.down),
                won=word("side", res.winning_side),
                paid=paid if paid else msg("nothing"),
                carried=res.carried,
            )
        )
    aw = q.awaiting(state)
    out.append(msg("Awaiting:  {what}", what=_awaited(aw.player, aw.action)))
    for opt in q.optional_actions(state):
        out.append(msg("           {what}", what=_awaited(opt.player, opt.action)))
    return lines(out)


_commas = commas
_semicolons = semicolons


def describe(action) -> Msg | str:
    """One action as a sentence for the terminal demo and the dashboard's log."""
    from . import actions as A

    match action:
        case A.Start(players=players, deal=deal):
            dealt = [
                msg("{who}: {kinds}", who=p, kinds=_commas([word("kind", x) for x in k]))
                for p, k in zip(players, deal, strict=True)
            ]
            return msg(
                "New game for {players}. Cards dealt: {dealt}",
                players=", ".join(players),
                dealt=_semicolons(dealt),
            )
        case A.Offer(player=p, to=to):
            return msg("{who} offers {to} a partnership", who=p, to=to)
        case A.Answer(player=p, accept=acc):
            if acc:
                return msg("{who} accepts the partnership", who=p)
            return msg("{who} declines the partnership", who=p)
        case A.Condition(player=p, wins=w):
            return msg(
                "{who} (chieftain): the {side} side wins this round",
                who=p,
                side=word("condition", w),
            )
        case A.Call(player=p, calls=c, stones=st):
            if st == "quartz":
                return msg("{who} calls {called} to place a quartz", who=p, called=c)
            return msg("{who} calls {called}", who=p, called=c)
        case A.Mode(player=p, kind=k, active=act):
            kinds = word("kinds", KIND_PLURAL[k])
            if act:
                return msg("{who} plays the {kinds} actively", who=p, kinds=kinds)
            return msg("{who} plays the {kinds} passively", who=p, kinds=kinds)
        case A.Stake(player=p, add=add, take=take):
            if add is not None:
                return nmsg(
                    "{who} adds {n} disc to the prize",
                    "{who} adds {n} discs to the prize",
                    add,
                    who=p,
                    n=add,
                )
            return msg("{who} takes {n} disc and gives up a share of the prize", who=p, n=take)
        case A.Notch(player=p, notch=n):
            return msg(
                "{who} moves the scale onto the {notch} notch", who=p, notch=word("notch", n)
            )
        case A.Place(player=p, stones=st, space=sp):
            return msg("{who} places {stones} on {space}", who=p, stones="+".join(st), space=sp)
        case A.Boulder(player=p, stones=st, space=sp):
            return msg("{who} adds {stones} on {space}", who=p, stones="+".join(st), space=sp)
        case A.Fate(player=p, x=x):
            return msg("{who} moves the Stone of Fate to {x:g} mm", who=p, x=x)
        case A.Tilt(down=d):
            return msg("The scale settles: {side} side down", side=word("side", d))
        case A.Keep(player=p, stone=s):
            return msg("{who} keeps {stone}", who=p, stone=s)
    return repr(action)
