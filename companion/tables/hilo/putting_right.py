"""What to put right, in words: the warnings of the HiLo camera referee.

Each names the player, the slot (the camera's name and the owner's) and what goes back
there, face up or face down, so that the table can be put as the rules have it.
"""

from __future__ import annotations

from ...games.hilo.names import BECAUSE_PHOENIX, SPELL
from ...games.hilo.state import EMPTY as EMPTY_SPOT
from ...games.hilo.state import GameState
from .table_diff import Change, Diff, moved_within, put_back, seen_words, what


def restore_words(state: GameState, d: Diff) -> list[str]:
    """After an undo: every card the table shows otherwise than the record."""
    out = [
        f"Undone: {put_back(state, c)} (the camera sees {seen_words(c.seen)})" for c in d.changes
    ]
    if d.discard_changed:
        top = f"{d.top} face up" if d.top else "nothing"
        out.append(f"Undone: the discard pile should show {top}")
    if not out:
        out.append("Undone: put the cards back as the dashboard shows them")
    return out


def foreign(state: GameState, changes: tuple[Change, ...], warnings: list[str]) -> None:
    """Changes in the layouts of players who may not change them now."""
    for seat in sorted({c.seat for c in changes}):
        mine = tuple(c for c in changes if c.seat == seat)
        explain(state, mine, warnings, own=False)


def explain(state: GameState, mine: tuple[Change, ...], warnings: list[str], *, own: bool) -> None:
    """Changed slots of one layout that no action explains: a swap or move within it
    (the layout rule), a change in a layout not its owner's to change (``own`` False),
    a face-up card turned down, or more than one card changed."""
    name = state.players[mine[0].seat]
    backs = ", ".join(put_back(state, c) for c in mine)
    if moved_within(mine):
        warnings.append(
            f"Cards were swapped or moved within {name}'s layout (the layout rule: a layout"
            f" changes only by exchanging new cards in): {backs}"
        )
    elif not own:
        warnings.append(
            f"{name}'s layout changed, but it is not {name}'s to change now (a card goes"
            f" into another player's layout only by a Magician's spell): {backs}"
        )
    elif any(c.rec not in (None, EMPTY_SPOT) and c.card is None for c in mine):
        warnings.append(f"A face-up card was turned face down in {name}'s layout: {backs}")
    else:
        warnings.append(f"Only one card of {name}'s layout changes now: {backs}")


def owed(state: GameState, d: Diff, warnings: list[str]) -> None:
    """Other players acting while a spell or a reveal is owed."""
    who = state.players[state.current]
    if state.phase == SPELL:
        words = (
            f"{who}'s Magician must cast its spell first: exchange one of {who}'s cards"
            " (not a Magician) with one card of another player's layout"
        )
    else:
        why = "for the Phoenix" if state.because == BECAUSE_PHOENIX else "after discarding"
        words = f"{who} must first turn over one face-down card of {who}'s layout ({why})"
    if d.discard_changed:
        warnings.append(f"{words}; put {what(d.top)} back on top of the discard pile")
    else:
        warnings.append(words)
