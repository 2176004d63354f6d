"""The victory condition: the chieftain names the heavier or the lighter side."""

from __future__ import annotations

from companion.games.hinkel_stein import outcome, outcomes

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def test_heavier_condition_makes_the_side_resting_on_the_ground_win(four):
    # Spec "Round" 5: "the down side is the heavier side"; with `heavier` it wins.
    g = four().round4(SEATS, down="left", wins="heavier")
    # pot 2 + 4 stakes = 6, split by Ana and Ben (left side)
    assert g.discs == {"Ana": 3, "Ben": 3, "Cid": 0, "Dora": 0}
    assert g.state.last_result.winning_side == "left"


def test_lighter_condition_makes_the_raised_side_win(four):
    # Rulebook: the chieftain "determines whether the lighter or the heavier side ...
    # wins"; the lighter side is the one up in the air.
    g = four().round4(SEATS, down="left", wins="lighter")
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 3, "Dora": 3}
    assert g.state.last_result.winning_side == "right"


def test_victory_condition_is_set_by_the_chieftain_before_anyone_is_called(four):
    # Spec `condition`: "the chieftain, once a round, before the first `call`".
    g = four()
    assert g.awaited == ("Ana", "condition")
    g.condition("lighter")
    assert g.state.round.condition == "lighter"
    assert g.awaited == ("Ana", "call")


def test_each_round_gets_a_fresh_victory_condition(four):
    # Rulebook: "The chieftain of the current round determines whether at the end of
    # the round the lighter or the heavier side of the scale wins."
    g = four().round4(SEATS, down="left", wins="lighter")
    assert g.state.round.condition is None
    assert g.awaited == ("Ana", "condition")  # Ana's pillar lay outer on the losing side


def test_outcome_tells_who_wins_for_each_possible_tilt(four):
    # The queries answer the referee's "who wins if the scale tips this way?".
    g = four()
    g.condition("lighter")
    for name, space in SEATS.items():
        g.turn(name, space)
    res = outcomes(g.state)
    assert res["left"].winning_side == "right"
    assert res["left"].paid == (0, 0, 3, 3)
    assert res["right"].paid == (3, 3, 0, 0)
    assert outcome(g.state, "right").next_chieftain == 3  # Dora: outer on the losing side
