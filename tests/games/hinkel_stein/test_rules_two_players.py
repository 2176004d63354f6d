"""2 players: two kinds each, one played actively and one passively a round; the
chieftain's mandatory active kind; only active stones win.

Ana holds [pillar, quartz] (first chieftain), Ben [hinkelstein, boulder].
"""

from __future__ import annotations

from companion.games.hinkel_stein import queries as q


def test_each_player_is_dealt_two_kinds_as_left_and_right_card(two):
    # Rulebook 2p: "two are dealt to each of the two players ... one to the left, the
    # other to the right".
    g = two()
    assert g.kinds("Ana") == ("pillar", "quartz")
    assert g.kinds("Ben") == ("hinkelstein", "boulder")


def test_called_player_chooses_which_kind_to_play_and_whether_actively(two):
    # Rulebook 2p step 2: "the latter has a free choice which of his kinds of stones he
    # plays in this turn and whether he wants to use it actively or passively."
    g = two().condition().call("Ben")
    assert g.awaited == ("Ben", "mode")
    assert set(q.mode_options(g.state)) == {
        ("hinkelstein", True),
        ("hinkelstein", False),
        ("boulder", True),
        ("boulder", False),
    }


def test_second_turn_plays_the_other_kind_in_the_other_mode(two):
    # "until every kind of stone has been placed and each player has been on turn twice
    # (once actively and once passively)."
    g = two().condition().turn("Ben", "L1", kind="hinkelstein", active=True).call("Ben")
    assert q.mode_options(g.state) == (("boulder", False),)
    g2 = two().condition().turn("Ben", "L1", kind="boulder", active=False).call("Ben")
    assert q.mode_options(g2.state) == (("hinkelstein", True),)


def test_first_chieftain_must_play_the_pillars_actively(two):
    # "The chieftain must always run actively the kind of stone because of which he
    # became chieftain; at the start this is the pillars."
    g = two().condition().call("Ana")
    assert q.mode_options(g.state) == (("pillar", True), ("quartz", False))


def test_chieftain_must_play_actively_the_kind_of_the_stone_that_made_him_chieftain(two):
    # Spec "Next chieftain": "In 2p the kind of that stone is the kind he must play
    # actively next round." Here a passively played boulder made Ben chieftain.
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar").turn("Ana", "L1", kind="quartz", active=False)
    g.turn("Ben", "R1", kind="hinkelstein").turn("Ben", "R2", kind="boulder", active=False)
    g.tilt("left")
    assert g.chieftain == "Ben"
    assert q.mandatory_kind(g.state) == "boulder"
    g.condition().call("Ben")
    assert q.mode_options(g.state) == (("hinkelstein", False), ("boulder", True))


def test_non_chieftain_is_free_to_choose_even_after_winning_chieftainship_before(two):
    # Only the chieftain is bound: "The chieftain must always run actively ...".
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar").turn("Ana", "L1", kind="quartz", active=False)
    g.turn("Ben", "R1", kind="hinkelstein").turn("Ben", "R2", kind="boulder", active=False)
    g.tilt("left")
    g.condition().call("Ana")
    assert len(q.mode_options(g.state)) == 4


def play_round_with_pillar_outer_on_losing_side(g):
    """Whoever is chieftain: Ana's pillar on L2, the left side loses (right heavier down)."""
    g.condition("heavier")
    g.call("Ana")
    pillar_mode = next(m for m in q.mode_options(g.state) if m[0] == "pillar")
    g.mode(*pillar_mode)
    if q.stake_due(g.state):
        g.stake(add=1)
    g.place("L2")
    for name, space in (("Ana", "L1"), ("Ben", "R1"), ("Ben", "R2")):
        g.call(name).mode(*q.mode_options(g.state)[0])
        if q.stake_due(g.state):
            g.stake(add=1)
        g.place(space)
    return g.tilt("right")


def test_chieftain_chooses_freely_when_the_cards_moved_away_the_kind_that_made_him_chieftain(
    two,
):
    # Spec: "if he no longer holds it after the cards moved, he chooses."
    g = two().play_rounds(4)
    play_round_with_pillar_outer_on_losing_side(g)
    assert g.state.pass_no == 2
    assert g.chieftain == "Ana"
    assert g.kinds("Ana") == ("quartz", "hinkelstein")  # the pillars went to Ben
    assert q.mandatory_kind(g.state) is None
    g.condition().call("Ana")
    assert len(q.mode_options(g.state)) == 4


def test_active_and_passive_stone_on_the_winning_side_pay_the_active_owner_everything(two):
    # 2p payout: "If at the end of a round an actively and a passively played stone
    # stand on the winning side, the owner of the actively played stone wins the entire
    # victory prize."
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar").turn("Ben", "L1", kind="boulder", active=False)
    g.turn("Ben", "R1", kind="hinkelstein").turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("left")
    assert g.discs == {"Ana": 4, "Ben": 0}
    assert g.state.last_result.winners == (0,)


def test_active_winner_who_took_a_disc_leaves_the_prize_in_the_pot(two):
    # "If the winner had himself paid out, the complete prize stays for the next round."
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar", take=1).turn("Ben", "L1", kind="boulder", active=False)
    g.turn("Ben", "R1", kind="hinkelstein").turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 0}
    assert g.state.last_result.carried == 3


def test_two_active_stones_on_the_winning_side_split_the_prize_and_leave_the_remainder(two):
    # "If at the end of a round two actively played stones stand on the winning side,
    # the two players divide the victory prize between them. Any remainder stays for the
    # next round."
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar").turn("Ben", "L1", kind="hinkelstein", add=2)
    g.turn("Ben", "R1", kind="boulder", active=False).turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("left")
    assert g.discs == {"Ana": 2, "Ben": 2}
    assert g.state.last_result.carried == 1
    assert g.pot == 3


def test_two_active_stones_on_the_winning_side_with_one_taker_pay_the_other_everything(two):
    # "If one of the two players had previously had himself paid out, the other gets the
    # entire victory prize."
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar", take=1).turn("Ben", "L1", kind="hinkelstein", add=2)
    g.turn("Ben", "R1", kind="boulder", active=False).turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 4}


def test_two_active_stones_on_the_winning_side_with_both_takers_leave_the_prize(two):
    # "If both had themselves paid out, the complete prize stays for the next round."
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar", take=1).turn("Ben", "L1", kind="hinkelstein", take=1)
    g.turn("Ben", "R1", kind="boulder", active=False).turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("left")
    assert g.discs == {"Ana": 1, "Ben": 1}
    assert g.state.last_result.carried == 2


def test_passively_played_stones_can_never_win_the_round(two):
    # "A passively played stone can never win the round." Two passive stones on the
    # winning side: nobody wins and the pot stays.
    g = two().condition("heavier")
    g.turn("Ana", "L2", kind="pillar").turn("Ben", "L1", kind="hinkelstein")
    g.turn("Ben", "R1", kind="boulder", active=False).turn("Ana", "R2", kind="quartz", active=False)
    g.tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 0}
    assert g.state.last_result.winners == ()
    assert g.state.last_result.carried == 4
    assert g.chieftain == "Ana"  # her active pillar on L2, outer on the losing side
    assert q.mandatory_kind(g.state) == "pillar"
