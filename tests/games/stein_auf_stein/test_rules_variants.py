"""The yardstick ("Whoever wants can determine the longest row by using the yardstick")
and the tower ("the player with the tallest tower wins the game. Again the winner can be
determined using the yardstick"): lengths measured at the table, towers compared."""

from __future__ import annotations

from companion.games.stein_auf_stein.scoring import computed_mm

from .script import Table


def yardstick_game():
    # Ana: Y1 (row 45) + Y2 (45) = 90 mm; Ben: P2 = 75 mm. Ana rolls next.
    return Table("yardstick", ("Ana", "Ben")).do(
        "Ana roll yellow", "Ana lift Y1 Y2", "Ben roll purple", "Ben lift P2"
    )


def test_the_yardstick_measures_each_row_once_play_is_over():
    t = yardstick_game().do("Ana roll purple", "Ana lift P1 P3", "Ben roll yellow", "Ben lift Y3")
    t.do("Ana roll yellow")  # Y1, Y2 (Ana) and Y3 (Ben) are gone: play is over
    assert not t.state.finished and t.state.ended_by == "colour"
    assert t.awaited == ("Ana", "measure")
    t.do("Ana measure 166")
    assert t.awaited == ("Ben", "measure") and not t.state.finished
    t.do("Ben measure 133")
    # computed: Ana Y1 45 + Y2 45 + P1 30 + P3 45 = 165; Ben P2 75 + Y3 60 = 135
    assert t.state.finished and t.winners == ("Ana",)


def test_the_yardstick_decides_even_against_the_computed_lengths():
    t = yardstick_game().do("Ana roll yellow", "Ana lift", "Ben roll yellow", "Ben lift Y3")
    # Ben: P2 75 + Y3 60 = 135 computed. Yellow is gone now.
    t.do("Ana roll yellow", "Ana measure 140", "Ben measure 132")
    assert computed_mm(t.state, 0) == 90 and computed_mm(t.state, 1) == 135
    assert t.winners == ("Ana",)


def test_rows_measured_equal_share_the_win():
    t = yardstick_game().do("Ana roll yellow", "Ana lift Y3", "Ben roll yellow")
    t.do("Ana measure 150", "Ben measure 150")
    assert t.winners == ("Ana", "Ben")


def test_a_player_without_blocks_has_nothing_to_measure():
    t = Table("yardstick", ("Ana", "Ben")).do("Ana roll red", "Ana lift R1 R2 R3")
    t.do("Ben roll red")
    assert t.awaited == ("Ana", "measure")
    t.rejects("Ben measure 10", "Ben has no block to build with", "0 mm")
    t.do("Ana measure 180")
    assert t.winners == ("Ana",)


def test_in_the_tower_variant_the_tallest_tower_wins():
    # Towers pile each block as it stands: Ana G3 (60) ; Ben R3 (15) + R2 (30) = 45.
    # As rows Ben would win: R3 90 + R2 60 = 150 against G3 60.
    t = Table("tower", ("Ana", "Ben")).do(
        "Ana roll green", "Ana lift G3", "Ben roll red", "Ben lift R3 R2", "Ana roll blue"
    )
    t.do("Ana lift B1", "Ben roll red", "Ben lift R1")
    # Ana: G3 60 + B1 15 = 75; Ben: R3 15 + R2 30 + R1 30 = 75: a tie so far.
    t.do("Ana roll red")
    assert t.winners == ("Ana", "Ben")


def test_the_tower_variant_may_be_measured_with_the_yardstick():
    t = Table("tower", ("Ana", "Ben"), scoring="measured").do(
        "Ana roll green", "Ana lift G3", "Ben roll red", "Ben lift R3 R2 R1", "Ana roll red"
    )
    assert t.awaited == ("Ana", "measure")
    t.do("Ana measure 58", "Ben measure 61")
    assert t.winners == ("Ben",)


def test_the_basic_game_may_be_measured_too():
    t = Table("basic", ("Ana", "Ben"), scoring="measured")
    t.do("Ana roll red", "Ana lift R3", "Ben roll red", "Ben lift R1 R2", "Ana roll red")
    t.do("Ana measure 91", "Ben measure 89")
    assert t.winners == ("Ana",)


def test_rows_may_be_measured_in_any_order():
    t = yardstick_game().do("Ana roll yellow", "Ana lift Y3", "Ben roll yellow")
    assert t.awaited == ("Ana", "measure")
    t.do("Ben measure 76")
    assert t.awaited == ("Ana", "measure")
    t.do("Ana measure 149")
    assert t.winners == ("Ana",)
