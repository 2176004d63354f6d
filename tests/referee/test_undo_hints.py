"""The hints a view gives the page after an undo: the page writes "Undone." before them,
so a hint names what was taken back and what to put right, never "Undone" again."""

from __future__ import annotations

from companion.games.hinkel_stein import Call, Condition, Stake, Start, apply, start_game
from companion.tables.hinkel_stein.view import undo_hint

START = Start(
    ("Ana", "Ben", "Cleo", "Dora"), (("pillar",), ("hinkelstein",), ("quartz",), ("boulder",))
)


def test_an_undone_choice_names_itself_and_that_the_table_stays_as_it_is():
    before = start_game(START)
    action = Condition("Ana", "heavier")
    hint = undo_hint(action, before, apply(before, action))
    assert hint == (
        "Taken back: Ana (chieftain): the heavier side wins this round;"
        " nothing to change on the table"
    )


def test_an_undone_stake_says_where_the_discs_go_back():
    state = apply(start_game(START), Condition("Ana", "heavier"))
    before = apply(state, Call("Ana", "Ben"))
    action = Stake("Ben", add=2)
    hint = undo_hint(action, before, apply(before, action))
    assert hint.startswith("Taken back: Ben adds 2 discs to the prize; discs back to: Ana 0")
    assert "nothing to change" not in hint and "ndone" not in hint
