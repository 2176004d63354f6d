"""Stones placed in a round leave the game, except the pillars (and the kept boulder)."""

from __future__ import annotations

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def test_hinkelsteine_quartz_and_boulders_placed_leave_the_game(four):
    # 4p step 4: "Then the stones used in this round are removed from the game."
    g = four().condition()
    g.turn("Ana", "L2").turn("Ben", "L1", "H3").turn("Cid", "R1", "Q5").turn("Dora", "R2", "B2")
    g.tilt("left")
    assert g.available("hinkelstein") == ("H1", "H2", "H4", "H5")
    assert g.available("quartz") == ("Q1", "Q2", "Q3", "Q4")
    assert g.available("boulder") == ("B1", "B3", "B4", "B5")
    assert g.available("pillar") == ("P1", "P2")
    assert g.state.out == frozenset({"H3", "Q5", "B2"})


def test_stones_of_a_pass_run_out_after_five_rounds(four):
    # "After five rounds all stones have been played and the pass is over."
    g = four().play_rounds(4)
    assert g.available("hinkelstein") == ("H5",)
    assert g.available("quartz") == ("Q5",)
    assert g.available("boulder") == ("B5",)
    assert g.available("pillar") == ("P1", "P2")


def test_all_stones_come_back_for_the_next_pass(four):
    # Spec "Pass end": "All stones of every kind are back in play".
    g = four().play_rounds(5)
    assert g.state.pass_no == 2
    assert g.state.out == frozenset()
    for kind, n in (("pillar", 2), ("hinkelstein", 5), ("quartz", 5), ("boulder", 5)):
        assert len(g.available(kind)) == n


def test_stones_played_passively_in_two_player_game_leave_the_game_too(two):
    # 2p step 4: "Then all stones placed in this round are removed from the game."
    g = two().condition()
    g.turn("Ana", "L2", kind="pillar").turn("Ana", "L1", "Q2", kind="quartz", active=False)
    g.turn("Ben", "R1", "H4", kind="hinkelstein", active=False).turn(
        "Ben", "R2", "B3", kind="boulder"
    )
    g.tilt("left")
    assert g.state.out == frozenset({"Q2", "H4", "B3"})
