"""What to put right, in words: the warnings of the HiLo camera referee.

Each names the player, the slot (the camera's name and the owner's) and what goes back
there, face up or face down, so that the table can be put as the rules have it.
"""

from __future__ import annotations

from ...games.hilo.names import BECAUSE_PHOENIX, SPELL
from ...games.hilo.state import EMPTY as EMPTY_SPOT
from ...games.hilo.state import GameState
from ...games.hilo.text import card_name
from ...i18n.message import Msg, commas, msg
from .table_diff import Change, Diff, moved_within, put_back, seen_words, what


def put_backs(state: GameState, mine: tuple[Change, ...]) -> Msg:
    """``put ... back on ...; put ... back on ...``: every card of ``mine`` put back."""
    return commas(put_back(state, c) for c in mine) or msg("nothing")


def restore_words(state: GameState, d: Diff) -> list[Msg]:
    """After an undo: every card the table shows otherwise than the record."""
    out = [
        msg(
            "Undone: {put_back} (the camera sees {seen})",
            put_back=put_back(state, c),
            seen=seen_words(c.seen),
        )
        for c in d.changes
    ]
    if d.discard_changed:
        if d.top:
            out.append(
                msg("Undone: the discard pile should show {card} face up", card=card_name(d.top))
            )
        else:
            out.append(msg("Undone: the discard pile should show nothing"))
    if not out:
        out.append(msg("Undone: put the cards back as the dashboard shows them"))
    return out


def foreign(state: GameState, changes: tuple[Change, ...], warnings: list[Msg]) -> None:
    """Changes in the layouts of players who may not change them now."""
    for seat in sorted({c.seat for c in changes}):
        mine = tuple(c for c in changes if c.seat == seat)
        explain(state, mine, warnings, own=False)


def explain(state: GameState, mine: tuple[Change, ...], warnings: list[Msg], *, own: bool) -> None:
    """Changed slots of one layout that no action explains: a swap or move within it
    (the layout rule), a change in a layout not its owner's to change (``own`` False),
    a face-up card turned down, or more than one card changed."""
    name = state.players[mine[0].seat]
    backs = put_backs(state, mine)
    if moved_within(mine):
        warnings.append(
            msg(
                "Cards were swapped or moved within {who}'s layout (the layout rule: a layout"
                " changes only by exchanging new cards in): {backs}",
                who=name,
                backs=backs,
            )
        )
    elif not own:
        warnings.append(
            msg(
                "{who}'s layout changed, but it is not {who}'s to change now (a card goes"
                " into another player's layout only by a Magician's spell): {backs}",
                who=name,
                backs=backs,
            )
        )
    elif any(c.rec not in (None, EMPTY_SPOT) and c.card is None for c in mine):
        warnings.append(
            msg(
                "A face-up card was turned face down in {who}'s layout: {backs}",
                who=name,
                backs=backs,
            )
        )
    else:
        warnings.append(
            msg("Only one card of {who}'s layout changes now: {backs}", who=name, backs=backs)
        )


def owed(state: GameState, d: Diff, warnings: list[Msg]) -> None:
    """Other players acting while a spell or a reveal is owed."""
    who = state.players[state.current]
    if state.phase == SPELL:
        words = msg(
            "{who}'s Magician must cast its spell first: exchange one of {who}'s cards"
            " (not a Magician) with one card of another player's layout",
            who=who,
        )
    elif state.because == BECAUSE_PHOENIX:
        words = msg(
            "{who} must first turn over one face-down card of {who}'s layout (for the Phoenix)",
            who=who,
        )
    else:
        words = msg(
            "{who} must first turn over one face-down card of {who}'s layout (after discarding)",
            who=who,
        )
    if d.discard_changed:
        warnings.append(
            msg(
                "{words}; put {what} back on top of the discard pile",
                words=words,
                what=what(d.top),
            )
        )
    else:
        warnings.append(words)
