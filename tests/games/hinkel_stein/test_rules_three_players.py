"""3 players: chieftain solo or partnership, the neutral quartz, and their payouts.

Ana holds the pillars (first chieftain), Ben the Hinkelsteine, Cid the boulders.
"""

from __future__ import annotations

from companion.games.hinkel_stein import optional_actions
from companion.games.hinkel_stein import queries as q


def test_quartz_card_is_neutral_and_dealt_to_nobody(three):
    # Rulebook 3p: "The Quartz stone card is laid at a free place ... They are also used
    # during play, but their special abilities do not come into play."
    g = three()
    assert g.state.holder("quartz") is None
    assert g.state.cards == (("pillar",), ("hinkelstein",), ("boulder",))
    assert g.available("quartz") == ("Q1", "Q2", "Q3", "Q4", "Q5")


def test_chieftain_solo_win_takes_the_whole_prize_and_an_opponent_beside_him_gets_nothing(three):
    # 3p payout: "If the chieftain wins the round in a solo, he collects the entire
    # victory prize. An opponent whose stone is also on the winning side of the scale
    # goes away empty-handed."
    g = three().condition("heavier")
    g.turn("Ana", "L2").turn("Ben", "L1", add=2).turn("Ben", "R1", quartz=True).turn("Cid", "R2")
    g.tilt("left")
    assert g.discs == {"Ana": 6, "Ben": 0, "Cid": 0}
    assert g.pot == 2  # nothing carried; the next base prize
    assert g.state.last_result.winners == (0,)


def test_chieftain_solo_loss_lets_both_opponents_split_wherever_their_stones_stand(three):
    # "If the chieftain loses the round in a solo, his two opponents win, no matter on
    # which side of the scale their stones are placed. They divide the victory prize
    # equally. Any remainder stays for the next round."
    g = three().condition("heavier")
    g.turn("Ana", "L1").turn("Ben", "L2").turn("Cid", "R1", quartz=True).turn("Cid", "R2")
    g.tilt("right")  # right side wins: Ben's stone is on the losing side with Ana's
    assert g.discs == {"Ana": 0, "Ben": 2, "Cid": 2}
    assert g.state.last_result.carried == 1
    assert g.pot == 3  # the remainder 1 + the base prize 2


def test_solo_chieftain_who_took_a_disc_cannot_collect_and_the_prize_stays(three):
    # "If the chieftain did not increase the victory prize but had himself paid out, he
    # may not collect the victory prize in the case of a win. It stays for the next round."
    g = three().condition("heavier")
    g.turn("Ana", "L2", take=1).turn("Ben", "L1").turn("Ben", "R1", quartz=True).turn("Cid", "R2")
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 0, "Cid": 0}
    assert g.state.last_result.carried == 4
    assert g.pot == 6


def test_solo_loss_with_one_opponent_who_took_gives_the_other_the_whole_prize(three):
    # "If one of the two opponents had previously had himself paid out, his partner gets
    # the entire victory prize."
    g = three().condition("heavier")
    g.turn("Ana", "L2").turn("Ben", "R1", take=1).turn("Cid", "L1", quartz=True)
    g.turn("Cid", "R2", add=2)
    g.tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 1, "Cid": 5}
    assert g.state.last_result.carried == 0


def test_solo_loss_with_both_opponents_having_taken_leaves_the_prize_in_the_pot(three):
    # "If both had themselves paid out, the complete prize stays for the next round."
    g = three().condition("heavier")
    g.turn("Ana", "L2").turn("Ben", "R1", take=1).turn("Cid", "L1", quartz=True)
    g.turn("Cid", "R2", take=1)
    g.tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 1, "Cid": 1}
    assert g.state.last_result.carried == 3


def test_offer_accepted_makes_a_partnership(three):
    # Rulebook 3p: "At the start of each round the chieftain may offer a partnership to
    # one of his fellow players ... If a fellow player accepts the offer, the remaining
    # third player plays alone."
    g = three().offer("Cid")
    assert g.awaited == ("Cid", "answer")
    g.answer(True)
    assert g.state.round.partner == 2
    assert q.third_player(g.state) == 1


def test_declined_offer_means_the_chieftain_plays_solo(three):
    # "If the offer is not accepted, the chieftain must play a solo (see above)."
    g = three().offer("Cid").answer(False).condition("heavier")
    assert g.state.round.partner is None
    g.turn("Ana", "L2").turn("Ben", "L1").turn("Cid", "R1", quartz=True).turn("Cid", "R2")
    g.tilt("left")
    assert g.discs == {"Ana": 5, "Ben": 0, "Cid": 0}


def test_offer_may_come_after_the_victory_condition_but_before_the_first_call(three):
    # Spec "Round" 2: "3p: `offer`/`answer` may come before it or after it, but before
    # the first `call`".
    g = three().condition("lighter").offer("Ben").answer(True)
    assert g.state.round.partner == 1 and g.state.round.condition == "lighter"


def test_in_a_partnership_the_third_player_places_the_quartz_as_well_as_his_own_stone(three):
    # "In this case he must, in addition to his own stones, also place the quartz
    # stones; he is therefore on turn twice in this round. When ... is still determined
    # by the chieftain."
    g = three().offer("Cid").answer(True).condition()
    options = {(g.state.players[i], st) for i, st in q.call_options(g.state)}
    assert options == {("Ana", "own"), ("Ben", "own"), ("Cid", "own"), ("Ben", "quartz")}
    g.turn("Ben", "L2", quartz=True).turn("Ben", "L1")
    assert g.state.round.placement("L2").player == 1
    assert g.state.round.placement("L2").kind == "quartz"


def test_partnership_win_is_shared_even_when_the_partner_stands_on_the_losing_side(three):
    # "If the chieftain wins the round in a partnership, he must share the victory prize
    # with his partner, no matter on which side of the scale his partner has placed his
    # stone. The partner may even be on the losing side of the scale."
    g = three().offer("Cid").answer(True).condition("heavier")
    g.turn("Ana", "L2").turn("Ben", "L1").turn("Ben", "R1", quartz=True).turn("Cid", "R2")
    g.tilt("left")  # left wins: Ana and Ben; partner Cid is on the losing side
    assert g.discs == {"Ana": 2, "Ben": 0, "Cid": 2}
    assert g.state.last_result.winners == (0, 2)
    assert g.state.last_result.carried == 1


def test_partnership_loss_gives_the_third_player_the_whole_prize(three):
    # "If the chieftain loses the round in a partnership, that is, his stone sits on the
    # losing side of the scale, the third player wins the entire prize."
    g = three().offer("Cid").answer(True).condition("heavier")
    g.turn("Ana", "L2").turn("Cid", "L1").turn("Ben", "R1", quartz=True).turn("Ben", "R2")
    g.tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 5, "Cid": 0}


def test_partnership_loss_with_a_third_player_who_took_leaves_the_prize_in_the_pot(three):
    # Spec "Payout": "A winner who took a disc this round gets nothing ...; if every
    # winner took a disc ... the pot stays."
    g = three().offer("Cid").answer(True).condition("heavier")
    g.turn("Ana", "L2").turn("Cid", "L1").turn("Ben", "R1", quartz=True)
    g.turn("Ben", "R2", take=1)
    g.tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 1, "Cid": 0}
    assert g.state.last_result.carried == 4


def test_partnership_win_with_a_partner_who_took_gives_the_other_the_whole_prize(three):
    # "If one of the two partners had previously had himself paid out, the other gets
    # the entire victory prize."
    g = three().offer("Cid").answer(True).condition("heavier")
    g.turn("Ana", "L2", take=1).turn("Cid", "L1", add=2).turn("Ben", "R1", quartz=True)
    g.turn("Ben", "R2")
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 0, "Cid": 5}


def test_partnership_win_with_both_partners_having_taken_leaves_the_prize_in_the_pot(three):
    # "If both had themselves paid out, the complete prize stays for the next round."
    g = three().offer("Cid").answer(True).condition("heavier")
    g.turn("Ana", "L2", take=1).turn("Cid", "L1", take=1).turn("Ben", "R1", quartz=True)
    g.turn("Ben", "R2")
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 0, "Cid": 1}
    assert g.state.last_result.carried == 3


def test_player_who_placed_the_quartz_on_the_outer_losing_space_becomes_chieftain(three):
    # 3p step 4: "If the stone in question is a quartz, the player who placed it becomes
    # chieftain."
    g = three().condition("heavier")
    g.turn("Ana", "L2").turn("Cid", "L1").turn("Ben", "R2", quartz=True).turn("Ben", "R1")
    g.tilt("left")
    assert g.chieftain == "Ben"  # Ben's own Hinkelstein lay on R1; his quartz on R2


def test_quartz_stones_placed_leave_the_game(three):
    # 3p step 4: "Then all stones placed in this round are removed from the game."
    g = three().condition()
    g.turn("Ana", "L2").turn("Ben", "L1").turn("Cid", "R2", "Q4", quartz=True)
    g.turn("Cid", "R1").tilt("left")
    assert g.available("quartz") == ("Q1", "Q2", "Q3", "Q5")
    assert g.available("hinkelstein") == ("H2", "H3", "H4", "H5")


def test_offer_is_listed_as_optional_until_the_first_call(three):
    # Spec `offer`: "the chieftain, before the round's first `call`, at most once a round".
    g = three()
    assert ("Ana", "offer") in {(a.player, a.action) for a in optional_actions(g.state)}
    g.condition().call("Cid")
    assert "offer" not in {a.action for a in optional_actions(g.state)}
