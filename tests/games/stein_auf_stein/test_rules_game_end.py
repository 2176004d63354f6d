"""End of game: "The game ends as soon as there are no blocks left on the building site
in the colour matching the die. The player who can lay out the longest row with their
building blocks wins the game." """

from __future__ import annotations

from .script import Table


def red_gone():
    return Table().do("Ana roll red", "Ana lift R1 R2", "Ben roll red", "Ben lift R3")


def test_the_game_ends_when_the_die_shows_a_colour_gone_from_the_site():
    t = red_gone().do("Ana roll red")
    assert t.state.finished and t.state.ended_by == "colour" and t.state.end_colour == "red"
    assert t.awaited is None


def test_the_game_goes_on_while_blocks_of_the_rolled_colour_are_left():
    t = red_gone().do("Ana roll blue")
    assert not t.state.finished and t.awaited == ("Ana", "lift")


def test_the_longest_row_wins():
    # Ana: R1 30 + R2 60 = 90 mm; Ben: R3 90 + B1 30 = 120 mm.
    t = red_gone().do("Ana roll blue", "Ana lift", "Ben roll blue", "Ben lift B1", "Ana roll red")
    assert t.winners == ("Ben",)


def test_players_with_rows_of_the_same_length_share_the_win():
    # Ana: R1 + R2 = 30 + 60 = 90 mm; Ben: R3 = 90 mm.
    assert red_gone().do("Ana roll red").winners == ("Ana", "Ben")


def test_a_row_is_laid_with_each_block_along_its_longest_side():
    # O2 stands 30 x 30 x 60 mm: laid down, it adds 60 mm to a row; R3 (90 x 30 x 15) 90.
    t = Table().do("Ana roll orange", "Ana lift O2", "Ben roll red", "Ben lift R3")
    from companion.games.stein_auf_stein.scoring import computed_mm

    assert computed_mm(t.state, 0) == 60 and computed_mm(t.state, 1) == 90


def test_the_game_ends_at_once_when_the_building_site_is_empty(tiny):
    t = Table("basic", ("Ana", "Ben"), catalogue=tiny)
    t.do("Ana roll white", "Ana lift W1 W2", "Ben roll black", "Ben lift K1")
    assert t.state.finished and t.state.ended_by == "empty"
    # Ana: W1 row 40 + W2 row 50 = 90 mm; Ben: K1 100 mm.
    assert t.winners == ("Ben",)


def test_nobody_rolls_after_the_end():
    t = red_gone().do("Ana roll red")
    t.rejects("Ben roll blue", "the game is over", "won by Ana and Ben")


def test_taking_the_last_block_of_the_rolled_colour_does_not_end_the_game():
    # SAS-17. "The game ends as soon as there are no blocks left on the building site in
    # the colour matching the die" and "Then it is the next player's turn to roll the
    # die": the die is matched when it is rolled. Ben takes the last red block; the die
    # still lies on red, but play goes on with Ana's roll, and only a roll of a colour
    # gone from the site ends it.
    t = red_gone()
    assert not any(b.startswith("R") for b in t.site)
    assert not t.state.finished and t.state.ended_by is None
    assert t.awaited == ("Ana", "roll")
    t.do("Ana roll blue", "Ana lift B1")
    assert t.state.ended_by is None and t.awaited == ("Ben", "roll")
    t.do("Ben roll red")
    assert t.state.ended_by == "colour" and t.state.end_colour == "red"
    # Ana: R1 30 + R2 60 + B1 30 = 120 mm; Ben: R3 90 mm.
    assert t.winners == ("Ana",)
