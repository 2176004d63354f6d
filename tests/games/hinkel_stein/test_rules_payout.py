"""Paying out the winnings in the 4-player game (3p and 2p payouts are in their own
files): equal shares, remainders, and players who took a disc."""

from __future__ import annotations

from companion.games.hinkel_stein import outcome

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def test_two_players_on_the_winning_side_divide_the_prize_equally(four):
    # 4p step 3: "The two players who have placed their stones on the correspondingly
    # winning side divide the victory prize equally between them."
    g = four().round4(SEATS, down="right", Cid={"add": 2}, Dora={"add": 2})
    # pot 2 + 1 + 1 + 2 + 2 = 8
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 4, "Dora": 4}
    assert g.state.last_result.paid == (0, 0, 4, 4)
    assert g.state.last_result.carried == 0
    assert g.pot == 2


def test_odd_remainder_stays_in_the_pot_for_the_next_round(four):
    # "If a remainder is left, it is added to the victory prize of the following round."
    g = four().round4(SEATS, down="right", Cid={"add": 2})  # pot 7
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 3, "Dora": 3}
    assert g.state.last_result.carried == 1
    assert g.pot == 3  # remainder 1 + base prize 2


def test_winner_who_took_a_disc_gets_nothing_and_his_partner_gets_the_whole_prize(four):
    # "If one of the winners paid nothing into the victory prize and instead took a
    # wooden disc for himself, his partner receives the entire prize on the table."
    g = four().round4(SEATS, down="right", Cid={"take": 1}, Dora={"add": 2})
    # pot 2 + 1 + 1 + 2 = 6, all to Dora; Cid keeps only the disc he took
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 1, "Dora": 6}
    assert g.state.last_result.carried == 0


def test_when_both_winners_took_a_disc_the_whole_prize_stays_in_the_middle(four):
    # "If both winners paid nothing in, all discs stay in the middle of the table and
    # are added to the victory prize of the next round."
    g = four().round4(SEATS, down="right", Cid={"take": 1}, Dora={"take": 1})
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 1, "Dora": 1}
    assert g.state.last_result.carried == 4
    assert g.pot == 6


def test_losers_get_nothing_back_of_what_they_added(four):
    # Only the winners share the prize; a loser's stake stays in it.
    g = four().round4(SEATS, down="right", Ana={"add": 2}, Ben={"add": 2})
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 4, "Dora": 4}


def test_loser_who_took_a_disc_keeps_it(four):
    # "take one disc from the supply for himself" - the disc is his whatever happens.
    g = four().round4(SEATS, down="right", Ana={"take": 1})
    assert g.discs == {"Ana": 1, "Ben": 0, "Cid": 2, "Dora": 2}
    assert g.state.last_result.carried == 1


def test_outcome_predicts_the_payout_that_the_tilt_then_makes(four):
    # The referee's preview (queries.outcome) must agree with the resolution.
    g = four().condition("lighter")
    for name, space in SEATS.items():
        g.turn(name, space, add=2 if name == "Cid" else 1)
    predicted = outcome(g.state, "left")
    g.tilt("left")
    res = g.state.last_result
    assert (predicted.winners, predicted.paid, predicted.carried) == (
        res.winners,
        res.paid,
        res.carried,
    )
    assert predicted.paid == (0, 0, 3, 3) and predicted.carried == 1
