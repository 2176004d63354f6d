"""Course of play: roll the die once, try to lift with the crane, keep the blocks of
the rolled colour, put the others back on the building site, then the next player."""

from __future__ import annotations

from .script import Table


def test_a_block_of_the_rolled_colour_is_kept():
    t = Table().do("Ana roll red", "Ana lift R2")
    assert t.blocks("Ana") == ("R2",) and "R2" not in t.site


def test_a_block_of_another_colour_goes_back_on_the_building_site():
    t = Table().do("Ana roll red", "Ana lift G1")
    assert t.blocks("Ana") == () and "G1" in t.site
    assert t.state.last.returned == ("G1",)


def test_of_several_blocks_lifted_those_of_the_rolled_colour_are_kept():
    t = Table().do("Ana roll red", "Ana lift G1 R1 R3 B2")
    assert t.blocks("Ana") == ("R1", "R3")
    assert {"G1", "B2"} <= t.site
    assert t.state.last.kept == ("R1", "R3") and t.state.last.returned == ("G1", "B2")


def test_of_several_blocks_none_of_the_rolled_colour_all_go_back():
    t = Table().do("Ana roll red", "Ana lift G1 B2")
    assert t.blocks("Ana") == () and {"G1", "B2"} <= t.site


def test_a_try_that_hooks_nothing_ends_the_turn():
    t = Table().do("Ana roll red", "Ana lift")
    assert t.awaited == ("Ben", "roll") and t.blocks("Ana") == ()


def test_the_die_is_rolled_once_a_turn():
    t = Table().do("Ana roll red")
    t.rejects("Ana roll blue", "rolled red already", "once a turn", "lift a red block")


def test_there_is_one_try_with_the_crane_a_turn():
    t = Table().do("Ana roll red", "Ana lift")
    t.rejects("Ana lift R1", "Ben's turn")


def test_the_crane_comes_after_the_die():
    Table().rejects("Ana lift R1", "must roll the die before")


def test_blocks_kept_stay_with_their_player_to_the_end():
    t = Table().do("Ana roll red", "Ana lift R1", "Ben roll red", "Ben lift R2")
    assert t.blocks("Ana") == ("R1",) and t.blocks("Ben") == ("R2",)
    t.do("Ana roll red")
    t.rejects("Ana lift R1", "R1 is not on the building site (Ana has it)")
