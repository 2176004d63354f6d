"""Pillars: they come back every round; both together once a pass, then P2 is out."""

from __future__ import annotations

from companion.games.hinkel_stein import queries as q

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def both_pillars_round(g):
    g.condition().call("Ana").stake(add=1).place("R2", "P1", "P2")
    g.turn("Ben", "L1").turn("Cid", "R1").turn("Dora", "L2")
    return g.tilt("left")


def test_pillar_is_returned_to_its_holder_after_the_round(four):
    # Pillars: "A pillar placed by you is not removed from the game at the end of the
    # round, but is returned to you."
    g = four().round4(SEATS, down="left")  # Ana placed P1
    assert g.available("pillar") == ("P1", "P2")
    assert "P1" not in g.state.out


def test_pillars_serve_all_five_rounds_of_a_pass(four):
    # "You may therefore use it several times."
    g = four()
    for _ in range(5):
        assert g.available("pillar") == ("P1", "P2")
        g.round4(SEATS, down="left")
    assert g.state.pass_no == 2


def test_both_pillars_may_be_placed_together_on_one_space(four):
    # "Once during a pass you may place both pillars at the same time. In this case
    # they must be placed on the same space."
    g = four().condition().call("Ana")
    assert ("P1", "P2") in q.stone_options(g.state)
    g.stake(add=1).place("R2", "P1", "P2")
    assert g.state.round.placement("R2").stones == ("P1", "P2")
    assert q.free_spaces(g.state) == ("L2", "L1", "R1")


def test_large_pillar_is_out_for_the_rest_of_the_pass_after_both_pillars_together(four):
    # "Afterwards, however, you must give up the large pillar and manage with the small
    # pillar for the rest of the pass."
    g = both_pillars_round(four())
    assert g.available("pillar") == ("P1",)
    g.play_rounds(3)
    assert g.state.round_no == 5
    assert g.available("pillar") == ("P1",)
    g.condition().call(g.holder("pillar"))
    assert q.stone_options(g.state) == (("P1",),)


def test_both_pillars_together_only_once_a_pass(four):
    # "Once during a pass you may place both pillars at the same time." After it the
    # pair is never offered again this pass (P2 is out, and the ability is used).
    g = both_pillars_round(four())
    assert "pillars" in g.state.used
    g.condition().call("Ana")
    assert ("P1", "P2") not in q.stone_options(g.state)


def test_large_pillar_is_back_in_play_in_the_next_pass(four):
    # Spec "Pass end": "All stones of every kind are back in play; once-a-pass
    # abilities are fresh."
    g = both_pillars_round(four()).play_rounds(4)
    assert g.state.pass_no == 2
    assert g.available("pillar") == ("P1", "P2")
    assert "pillars" not in g.state.used


def ben_becomes_chieftain(g):
    """2p round 1: Ben's Hinkelstein lies outer on the losing side, so Ben is chieftain."""
    g.condition().turn("Ana", "L2", kind="pillar").turn("Ana", "L1", kind="quartz", active=False)
    g.turn("Ben", "R2", kind="hinkelstein").turn("Ben", "R1", kind="boulder", active=False)
    g.tilt("left")
    assert g.chieftain == "Ben"
    return g


def test_both_pillars_together_only_on_an_active_turn(two):
    # Spec `place`: "both pillars together on one space (once a pass, active only)".
    g = ben_becomes_chieftain(two()).condition().call("Ana").mode("pillar", False)
    assert q.stone_options(g.state) == (("P1",), ("P2",))


def test_pillar_played_passively_also_returns_to_its_holder(two):
    # Spec "Stones after the round": "Pillars always return to their holder (also when
    # played passively)".
    g = ben_becomes_chieftain(two()).condition()
    g.turn("Ana", "L2", "P2", kind="pillar", active=False)
    g.turn("Ana", "L1", kind="quartz", active=True)
    g.turn("Ben", "R2", kind="hinkelstein", active=True)
    g.turn("Ben", "R1", kind="boulder", active=False)
    g.tilt("right")
    assert g.available("pillar") == ("P1", "P2")


def test_both_pillars_may_be_listed_in_either_order(four):
    # Decision HS-11: ["P1","P2"] or ["P2","P1"], kept as written.
    g = four().condition().call("Ana").stake(add=1).place("L1", "P2", "P1")
    assert g.state.round.placement("L1").stones == ("P2", "P1")
    assert "pillars" in g.state.used
