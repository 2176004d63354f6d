"""Hinkelsteine: the holder may move the scale to another notch, once a pass."""

from __future__ import annotations

from companion.games.hinkel_stein import optional_actions
from companion.games.hinkel_stein import queries as q


def test_hinkelstein_holder_may_place_the_scale_in_a_notch_of_his_choice(four):
    # Hinkelsteine: "You may place the scale in a notch of your choice."
    g = four().condition().call("Ben")
    assert q.notch_options(g.state) == ("left", "right")
    assert ("Ben", "notch") in {(a.player, a.action) for a in optional_actions(g.state)}
    g.notch("right")
    assert g.state.round.notch == "right"
    assert "notch" in g.state.used


def test_notch_options_leave_out_the_notch_the_scale_rests_on(four):
    # Decision (engine): a `notch` naming the notch the scale already rests on is refused,
    # so the options are only the two other notches.
    g = four().condition().call("Ben")
    assert "middle" not in q.notch_options(g.state)


def test_scale_is_set_back_to_the_middle_notch_at_the_start_of_the_next_round(four):
    # "At the start of the next round the scale is set back to the middle notch."
    g = four().condition().call("Ben").notch("left").stake(add=1).place("L1")
    g.turn("Ana", "L2").turn("Cid", "R1").turn("Dora", "R2").tilt("left")
    assert g.state.round.notch == "middle"


def test_notch_may_be_used_only_once_a_pass(four):
    # "This action may be performed only once during a pass."
    g = four().condition().call("Ben").notch("left").stake(add=1).place("L1")
    g.turn("Ana", "L2").turn("Cid", "R1").turn("Dora", "R2").tilt("left")
    g.condition().call("Ben")
    assert q.notch_options(g.state) == ()
    assert "notch" not in {a.action for a in optional_actions(g.state)}


def test_notch_is_available_again_in_the_next_pass(four):
    # Spec "Pass end": "once-a-pass abilities are fresh".
    g = four().condition().call("Ben").notch("left").stake(add=1).place("L1")
    g.turn("Ana", "L2").turn("Cid", "R1").turn("Dora", "R2").tilt("left")
    g.play_rounds(4)
    assert g.state.pass_no == 2
    # the cards moved left: Ben's Hinkelsteine are now Cid's
    assert g.holder("hinkelstein") == "Cid"
    g.condition().call("Cid")
    assert q.notch_options(g.state) == ("left", "right")


def test_notch_must_come_before_the_hinkelstein_is_placed(four):
    # "This action must be performed before the current Hinkelstein is placed on the scale."
    g = four().condition().call("Ben").stake(add=1).place("L1")
    g.call("Ana")
    assert q.notch_options(g.state) == ()


def test_hinkelstein_played_passively_cannot_move_the_scale(two):
    # Rulebook 2p, passive play: "The special ability of the stones that one runs
    # passively in this round cannot be used."
    g = two().condition().call("Ben").mode("hinkelstein", False)
    assert q.notch_options(g.state) == ()
    g.place("L1").call("Ben").mode("boulder", True).stake(add=1).place("L2")
    g.call("Ana").mode("pillar", True)
    assert q.notch_options(g.state) == ()


def test_hinkelstein_played_actively_in_two_player_game_may_move_the_scale(two):
    # Rulebook 2p: "If he plays actively, he can bring the special abilities of the
    # played kind of stone into play".
    g = two().condition().call("Ben").mode("hinkelstein", True)
    assert q.notch_options(g.state) == ("left", "right")
    g.notch("left")
    assert g.state.round.notch == "left"
