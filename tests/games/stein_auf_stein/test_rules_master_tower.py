"""The master tower builder: "The blocks have to be piled up immediately after being
fished out"; "The game ends either as described for the basic game or as soon as the
tower of a player falls over. This player loses. The player with the highest tower left
wins"; "Whoever ... notices that the next block can't be placed, may stop building of
the tower. Then it's the tallest tower built up to this point which counts." """

from __future__ import annotations

from companion.games.stein_auf_stein import optional_actions
from companion.games.stein_auf_stein.scoring import computed_mm

from .script import Table


def master(players=("Ana", "Ben"), **kw):
    return Table("master-tower", players, **kw)


def test_a_block_fished_out_is_piled_before_the_next_player_rolls():
    t = master().do("Ana roll blue", "Ana lift B2")
    assert t.awaited == ("Ana", "pile")
    t.rejects("Ben roll red", "Ana's turn")
    t.do("Ana pile B2")
    assert t.tower("Ana") == ("B2",) and t.awaited == ("Ben", "roll")


def test_several_blocks_fished_out_together_are_piled_in_the_order_the_player_chooses():
    t = master().do("Ana roll red", "Ana lift R1 R2", "Ana pile R2", "Ana pile R1")
    assert t.tower("Ana") == ("R2", "R1")


def test_only_a_block_just_fished_out_may_be_piled():
    t = master().do("Ana roll red", "Ana lift R1 R2", "Ana pile R2")
    t.rejects("Ana pile R2", "must pile a block just fished out, R1, not R2")
    t.rejects("Ana pile G1", "R1, not G1")


def test_the_tower_counts_its_height_as_piled():
    # B2 30 + Y1 45 = 75 mm
    t = master().do("Ana roll blue", "Ana lift B2", "Ana pile B2", "Ben roll red", "Ben lift")
    t.do("Ana roll yellow", "Ana lift Y1", "Ana pile Y1")
    assert computed_mm(t.state, 0) == 75


def test_a_player_may_stop_when_the_next_block_cannot_be_placed():
    t = master().do("Ana roll blue", "Ana lift B2", "Ana pile B2", "Ben roll red", "Ben lift")
    t.do("Ana roll green", "Ana lift G3 G1", "Ana pile G1")
    assert any(o.action == "stop" for o in optional_actions(t.state))
    t.do("Ana stop")
    assert t.tower("Ana") == ("B2", "G1") and t.state.set_aside(0) == ("G3",)
    assert t.awaited == ("Ben", "roll")


def test_the_first_block_always_stands_so_a_player_cannot_stop_before_it():
    t = master().do("Ana roll blue", "Ana lift B2")
    t.rejects("Ana stop", "the first block always stands on the table", "pile B2")


def test_after_stopping_a_player_plays_on_but_sets_new_blocks_aside():
    t = master().do("Ana roll red", "Ana lift R1 R2", "Ana pile R2", "Ana stop")
    t.do("Ben roll blue", "Ben lift", "Ana roll blue", "Ana lift B3")
    assert t.awaited == ("Ben", "roll")  # nothing to pile after a stop
    assert t.tower("Ana") == ("R2",) and t.blocks("Ana") == ("R1", "R2", "B3")
    assert computed_mm(t.state, 0) == 30


def test_a_falling_tower_ends_the_game_and_loses():
    # Ana: B2 30 + Y1 45 = 75 mm, and it falls; Ben: R3 15 mm is the highest tower left.
    t = master().do("Ana roll blue", "Ana lift B2", "Ana pile B2", "Ben roll red", "Ben lift R3")
    t.do("Ben pile R3", "Ana roll yellow", "Ana lift Y1", "Ana pile Y1", "Ana fall")
    assert t.state.ended_by == "fall" and t.state.fallen == 0
    assert t.winners == ("Ben",)


def test_a_tower_may_fall_during_another_players_turn():
    t = master().do("Ana roll red", "Ana lift R1 R2", "Ana pile R1", "Ana pile R2")
    t.do("Ben roll green", "Ben lift G3", "Ana fall")
    assert t.winners == ("Ben",)


def test_a_tower_may_fall_in_the_middle_of_piling():
    t = master(("Ana", "Ben", "Cleo")).do("Ana roll red", "Ana lift R1 R2 R3", "Ana pile R1")
    t.do("Ana pile R2", "Ana fall")
    assert t.state.set_aside(0) == ("R3",)
    assert t.winners == ("Ben", "Cleo")  # 0 mm each: the highest towers left


def test_a_single_block_is_no_tower_to_fall_over():
    t = master().do("Ana roll red", "Ana lift R1", "Ana pile R1")
    t.rejects("Ana fall", "Ana's tower has 1 block", "at least 2")


def test_the_game_also_ends_as_the_basic_game_does():
    t = master().do("Ana roll red", "Ana lift R1 R2 R3", "Ana pile R1", "Ana pile R2", "Ana stop")
    t.do("Ben roll red")
    # Ana: R1 30 + R2 30 = 60 mm (R3 set aside); Ben nothing.
    assert t.state.ended_by == "colour" and t.winners == ("Ana",)


def test_master_towers_may_be_measured_and_a_fallen_one_is_not():
    t = master(("Ana", "Ben", "Cleo"), scoring="measured")
    t.do("Ana roll red", "Ana lift R1", "Ana pile R1", "Ben roll blue", "Ben lift B3")
    t.do("Ben pile B3", "Cleo roll green", "Cleo lift G1 G3", "Cleo pile G1", "Cleo pile G3")
    t.do("Cleo fall")
    assert t.awaited == ("Ana", "measure")
    t.rejects("Cleo measure 80", "Cleo's tower fell over", "loses")
    t.do("Ana measure 31", "Ben measure 29")
    assert t.winners == ("Ana",)


def test_a_stopped_tower_can_still_fall_and_lose():
    t = master().do("Ana roll red", "Ana lift R1 R2 R3", "Ana pile R1", "Ana pile R2", "Ana stop")
    t.do("Ben roll blue", "Ben lift B1", "Ben pile B1", "Ana fall")
    assert t.winners == ("Ben",)


def test_a_block_fished_out_later_goes_on_top_of_the_tower():
    # SAS-18. "The blocks ... have to be piled up immediately after being fished out: so
    # at the beginning you have to fish for the bigger and then for the smaller ones":
    # a block is piled on top, never slid under or between the blocks already piled.
    t = master().do("Ana roll blue", "Ana lift B2", "Ana pile B2", "Ben roll red", "Ben lift")
    t.do("Ana roll yellow", "Ana lift Y1", "Ana pile Y1")
    assert t.tower("Ana") == ("B2", "Y1")  # bottom first: Y1 stands on B2
    t.do("Ben roll red", "Ben lift", "Ana roll green", "Ana lift G1", "Ana pile G1")
    assert t.tower("Ana") == ("B2", "Y1", "G1")
    assert computed_mm(t.state, 0) == 30 + 45 + 30
