"""The solo constructor: fishing as in the basic game; then the player's row or tower
against a tower of the remaining blocks: "Only if the player's own tower is higher, do
they win." The hint: "more difficult if you can not change the order of the blocks"."""

from __future__ import annotations

from companion.games.stein_auf_stein.scoring import computed_mm, remaining_computed_mm

from .script import Table

ALL_HEIGHTS = 560  # the sum of the 18 heights of the standard catalogue


def solo(**kw):
    return Table("solo", ("Ana",), **kw)


def test_the_solo_player_takes_every_turn():
    t = solo().do("Ana roll red", "Ana lift")
    assert t.awaited == ("Ana", "roll")


def test_the_remaining_blocks_are_those_left_on_the_building_site():
    t = solo().do("Ana roll orange", "Ana lift O1 O2 O3")
    # orange heights: 45 + 60 + 30 = 135
    assert remaining_computed_mm(t.state) == ALL_HEIGHTS - 135


def test_the_player_loses_when_the_remaining_tower_is_higher():
    t = solo().do("Ana roll orange", "Ana lift O1 O2 O3", "Ana roll orange")
    assert t.state.finished and t.winners == ()


def test_a_tower_as_high_as_the_remaining_one_does_not_win(tiny):
    # Ana keeps W1 (20 mm high) and K1 (10 mm); W2 (50 mm) remains. Her tower, built
    # her way, measures 50 mm: as high as the remaining one, and that is not higher.
    t = Table("solo", ("Ana",), catalogue=tiny, scoring="measured")
    t.do("Ana roll white", "Ana lift W1", "Ana roll black", "Ana lift K1")
    t.do("Ana roll white", "Ana lift")  # W2 is left
    t.do("Ana roll black")  # no black left: play is over
    assert t.awaited == ("Ana", "measure")
    t.do("Ana measure 50", "Ana measure 50 remaining")
    assert t.winners == ()


def test_a_higher_own_tower_wins(tiny):
    t = Table("solo", ("Ana",), catalogue=tiny, scoring="measured")
    t.do("Ana roll white", "Ana lift W1", "Ana roll black", "Ana lift K1", "Ana roll black")
    t.do("Ana measure 31", "Ana measure 30 remaining")
    assert t.winners == ("Ana",)


def test_the_solo_player_may_lay_a_row_instead(tiny):
    # K1 laid as a row is 100 mm against the remaining tower W1 20 + W2 50 = 70 mm.
    t = Table("solo", ("Ana",), catalogue=tiny, build="row")
    t.do("Ana roll black", "Ana lift K1", "Ana roll black")
    assert computed_mm(t.state, 0) == 100 and remaining_computed_mm(t.state) == 70
    assert t.winners == ("Ana",)


def test_with_the_order_kept_the_solo_tower_is_piled_as_fished_and_may_fall():
    t = solo(order="fishing").do("Ana roll orange", "Ana lift O2", "Ana pile O2")
    t.do("Ana roll orange", "Ana lift O1", "Ana pile O1", "Ana fall")
    assert t.state.ended_by == "fall" and t.winners == ()


def test_with_the_order_kept_only_the_piled_tower_counts():
    t = solo(order="fishing").do("Ana roll orange", "Ana lift O2", "Ana pile O2")
    t.do("Ana roll orange", "Ana lift O1 O3", "Ana pile O1", "Ana stop", "Ana roll orange")
    # tower O2 60 + O1 45 = 105; O3 is set aside and not on the site: remaining 560 - 135
    assert computed_mm(t.state, 0) == 105 and remaining_computed_mm(t.state) == 425
    assert t.winners == ()


def test_the_remaining_tower_is_not_measured_when_no_block_is_left(tiny):
    t = Table("solo", ("Ana",), catalogue=tiny, scoring="measured")
    t.do("Ana roll white", "Ana lift W1 W2", "Ana roll black", "Ana lift K1")
    assert t.state.ended_by == "empty" and t.awaited == ("Ana", "measure")
    t.rejects("Ana measure 10 remaining", "no block is left on the building site")
    t.do("Ana measure 80")
    assert t.winners == ("Ana",)
