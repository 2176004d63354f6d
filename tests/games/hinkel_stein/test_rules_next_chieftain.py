"""Appointing the chieftain for the next round (and the first of a new pass)."""

from __future__ import annotations

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def test_loser_on_the_outer_space_of_the_losing_side_becomes_the_next_chieftain(four):
    # 4p step 4: "look at the stones of the team on the losing side of the scale. The
    # loser whose stone is on the outer space of the scale becomes the new chieftain."
    assert four().round4(SEATS, down="left").chieftain == "Dora"  # right lost, R2
    assert four().round4(SEATS, down="right").chieftain == "Ana"  # left lost, L2
    assert four().round4(SEATS, down="right", wins="lighter").chieftain == "Dora"


def test_inner_loser_does_not_become_chieftain(four):
    # Only the outer space counts: Cid on R1 loses too but is not appointed.
    g = four().round4({"Ana": "L1", "Ben": "L2", "Cid": "R1", "Dora": "R2"}, down="right")
    assert g.chieftain == "Ben"


def test_a_player_may_be_chieftain_several_times_in_a_row(four):
    # "So it can also happen that a player becomes chieftain several times in a row."
    g = four().round4(SEATS, down="right")
    assert g.chieftain == "Ana"
    g.round4(SEATS, down="right")
    assert g.chieftain == "Ana"
    assert g.state.round_no == 3


def test_chieftain_calls_and_sets_the_condition_in_the_next_round(four):
    # The new chieftain "determines for one round the victory condition and also the
    # order in which the other players must place".
    g = four().round4(SEATS, down="left")
    assert g.awaited == ("Dora", "condition")
    g.condition("lighter")
    assert g.awaited == ("Dora", "call")


def test_first_chieftain_of_a_new_pass_is_the_outer_loser_of_the_last_round(four):
    # "The first chieftain is whoever had placed his stone on the outer space of the
    # losing side of the scale in the last round of the previous pass."
    g = four()
    for _ in range(4):
        g.round4(SEATS, down="left")
    assert g.chieftain == "Dora"
    g.round4({"Ana": "L1", "Ben": "R2", "Cid": "L2", "Dora": "R1"}, down="right")
    assert g.state.pass_no == 2
    assert g.chieftain == "Cid"  # not the last chieftain Dora, nor the new pillar holder Ben
    assert g.holder("pillar") == "Ben"
