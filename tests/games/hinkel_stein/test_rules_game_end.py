"""The end of the game and its winners."""

from __future__ import annotations

from companion.games.hinkel_stein import Condition, awaiting, optional_actions


def test_four_player_game_ends_after_four_passes(four):
    # 4p: "After four passes every player has played with every kind of stone and the
    # game is over."
    g = four().play_rounds(19)
    assert (g.state.pass_no, g.state.round_no, g.state.finished) == (4, 5, False)
    g.play_rounds(1)
    assert g.state.finished
    assert (g.state.pass_no, g.state.round_no) == (4, 5)
    assert awaiting(g.state) is None and optional_actions(g.state) == ()


def test_three_player_game_ends_after_three_passes(three):
    # 3p: "After three passes the game ends."
    g = three().play_rounds(14)
    assert (g.state.pass_no, g.state.round_no, g.state.finished) == (3, 5, False)
    g.play_rounds(1)
    assert g.state.finished and (g.state.pass_no, g.state.round_no) == (3, 5)


def test_two_player_game_ends_after_four_passes(two):
    # 2p: "After four passes the game is over."
    g = two().play_rounds(19)
    assert not g.state.finished
    g.play_rounds(1)
    assert g.state.finished and (g.state.pass_no, g.state.round_no) == (4, 5)


def test_last_pass_is_scored_before_the_winners_are_named(four):
    # Spec: "the last pass ends like the others, its scoring included, and then the
    # winners are those with the most discs."
    g = four(supply=500).play_rounds(19)  # Ana and Ben win 3 discs each, every round
    assert g.discs == {"Ana": 57, "Ben": 57, "Cid": 0, "Dora": 0}
    g.round4({"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}, down="right")
    # Cid and Dora win 3 each (pot 2 + 4); the scoring then takes 3 from everyone
    assert g.discs == {"Ana": 54, "Ben": 54, "Cid": 0, "Dora": 0}
    assert g.state.finished and g.state.winners == ("Ana", "Ben")


def test_player_with_the_most_discs_wins(two):
    # 2p: "Whoever now has the most wooden discs is the winner." Ana's active stone is
    # on the winning side every round, Ben's never.
    g = two().play_to_end()
    assert g.discs["Ben"] == 0 and g.discs["Ana"] > 0
    assert g.state.winners == ("Ana",)


def test_players_tied_for_the_most_discs_are_all_winners(four):
    # Decision: a tie has no tie-breaker, so all tied players win. Ana and Ben share
    # every prize and end level.
    g = four().play_to_end()
    assert g.discs["Ana"] == g.discs["Ben"] > 0 == g.discs["Cid"] == g.discs["Dora"]
    assert g.state.winners == ("Ana", "Ben")


def test_everyone_wins_when_nobody_ends_with_a_disc(three):
    # Everyone takes a disc every turn: each pass scoring takes them all back again.
    g = three().play_to_end(take=True)
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 0}
    assert g.state.winners == ("Ana", "Ben", "Cid")
    g.rejects(Condition(g.chieftain, "heavier"), "the winners are Ana, Ben and Cid")


def test_discs_left_in_the_pot_at_the_end_stay_there(three):
    # Decision HS-8: discs in the pot when the game ends stay in the pot.
    g = three().play_to_end(take=True)
    assert g.pot > 0
    assert g.supply + g.pot == 50


def test_nothing_can_be_played_after_the_game_is_over(four):
    # "... and the game is over."
    g = four().play_to_end()
    # Several winners are joined as the other games join them: "A and B".
    g.rejects(Condition(g.chieftain, "heavier"), "the game is over; the winners are Ana and Ben")
