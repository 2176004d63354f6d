"""Illegal actions: each is refused with ``IllegalAction`` whose message names the rule
and what is allowed instead, and the state handed in is left exactly as it was
(``Game.rejects`` checks all three)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.errors import IllegalAction
from companion.games.hinkel_stein import (
    Answer,
    Boulder,
    Call,
    Condition,
    Fate,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
    Start,
    Tilt,
    start_game,
)

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def filled(g, boulder="B3"):
    """4p: all four spaces filled, Dora's ``boulder`` on R2, the tilt awaited."""
    g.condition().turn("Ana", "L2").turn("Ben", "L1").turn("Cid", "R1")
    return g.turn("Dora", "R2", boulder)


# -- start -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deal", "words"),
    [
        (("Ana",), (("pillar",),), ["played by 2, 3 or 4 players, not 1"]),
        (
            ("A", "B", "C", "D", "E"),
            (("pillar",), ("quartz",), ("boulder",), ("hinkelstein",), ()),
            ["2, 3 or 4 players, not 5"],
        ),
        (("Ana", "Ana"), (("pillar", "quartz"), ("hinkelstein", "boulder")), ["distinct"]),
        (("Ana", " "), (("pillar", "quartz"), ("hinkelstein", "boulder")), ["not blank"]),
        (
            ("Ana", "Ben", "Cid", "Dora"),
            (("pillar",), ("pillar",), ("quartz",), ("boulder",)),
            ["each is dealt one kind, and all four kinds are dealt", "Ben: pillar"],
        ),
        (
            ("Ana", "Ben", "Cid"),
            (("pillar",), ("quartz",), ("boulder",)),
            ["one of pillar, hinkelstein and boulder", "(quartz stays neutral)"],
        ),
        (
            ("Ana", "Ben"),
            (("pillar", "quartz", "boulder"), ("hinkelstein",)),
            ["two kinds [left card, right card]"],
        ),
        (("Ana", "Ben"), (("pillar", "quartz"),), ["cards to every player"]),
    ],
)
def test_start_refuses_a_table_or_deal_the_rules_do_not_allow(players, deal, words):
    # Spec `start`: "players: [2..4 names] ... 4 players: one kind each. 3 players:
    # pillar, hinkelstein, boulder dealt, quartz is neutral. 2 players: two kinds each".
    with pytest.raises(IllegalAction) as err:
        start_game(Start(players, deal))
    for w in words:
        assert w in str(err.value)


def test_start_refuses_a_negative_supply_and_another_game():
    # Spec `start`: `game`: "hinkel-stein", optional `supply` (a number of discs).
    with pytest.raises(IllegalAction, match="cannot hold -1 discs"):
        start_game(Start(("Ana", "Ben"), (("pillar", "quartz"), ("hinkelstein", "boulder")), -1))
    with pytest.raises(IllegalAction, match="not one for 'chess'"):
        deal = (("pillar", "quartz"), ("hinkelstein", "boulder"))
        start_game(Start(("Ana", "Ben"), deal, 50, "chess"))


def test_a_second_start_line_is_refused(four):
    # Spec: the `start` is the "first line" - a record has only one.
    g = four()
    g.rejects(Start(g.state.players, ((),)), "exactly one start line")


def test_an_action_naming_someone_who_is_not_playing_is_refused(four):
    # Spec: "Every action names its actor in `player`."
    g = four()
    g.rejects(Condition("Zed", "heavier"), "'Zed' is not playing", "Ana, Ben, Cid and Dora")


# -- condition -----------------------------------------------------------------------


def test_only_the_chieftain_sets_the_victory_condition(four):
    # Rulebook step 1: "Then the current chieftain determines ...".
    four().rejects(Condition("Ben", "heavier"), "only the chieftain (Ana)", "victory condition")


def test_victory_condition_is_set_once_a_round(four):
    # Spec `condition`: "the chieftain, once a round".
    g = four().condition("lighter")
    g.rejects(Condition("Ana", "heavier"), "already set (lighter side wins)")


# -- offer and answer ------------------------------------------------------------------


def test_partnership_is_offered_only_in_the_three_player_game(four, two):
    # Spec `offer`: "3 players only".
    four().rejects(Offer("Ana", "Ben"), "only be offered in the 3-player game")
    two().rejects(Offer("Ana", "Ben"), "only be offered in the 3-player game")


def test_only_the_chieftain_offers_a_partnership(three):
    # Rulebook 3p: "the chieftain may offer a partnership to one of his fellow players".
    three().rejects(Offer("Ben", "Cid"), "only the chieftain (Ana) may offer")


def test_chieftain_cannot_offer_a_partnership_to_himself(three):
    # "offer a partnership to one of his fellow players"
    three().rejects(Offer("Ana", "Ana"), "cannot offer a partnership to himself", "Ben or Cid")


def test_partnership_is_offered_at_most_once_a_round(three):
    # Spec `offer`: "at most once a round".
    g = three().offer("Ben").answer(False)
    g.rejects(Offer("Ana", "Cid"), "already offered a partnership this round (once a round)")


def test_partnership_is_offered_only_before_the_first_call(three):
    # Spec `offer`: "before the round's first `call`".
    g = three().condition().call("Ben")
    g.rejects(Offer("Ana", "Cid"), "only be offered before the round's first call")
    g.stake(add=1).place("L1")  # no turn open now, but the round has begun
    g.rejects(Offer("Ana", "Cid"), "only be offered before the round's first call")


def test_an_offer_must_be_answered_before_anything_else(three):
    # Spec `answer`: "the player offered to, right after `offer`".
    g = three().offer("Cid")
    g.rejects(Condition("Ana", "heavier"), "Cid must first answer Ana's offer")


def test_only_the_player_offered_to_answers(three):
    # Spec `answer`: "the player offered to, right after `offer`".
    g = three().offer("Cid")
    g.rejects(Answer("Ben", True), "the offer was made to Cid; only Cid may answer it")


def test_there_is_no_answer_without_an_offer(three):
    # Spec `answer`: "right after `offer`" - and only once.
    three().rejects(Answer("Ben", True), "no offer of a partnership to answer")
    three().offer("Ben").answer(True).rejects(Answer("Ben", False), "no offer")


# -- call ------------------------------------------------------------------------------


def test_only_the_chieftain_calls(four):
    # Spec `call`: "the chieftain, when no turn is open".
    g = four().condition()
    g.rejects(Call("Ben", "Ben"), "only the chieftain (Ana) calls who places next")


def test_nobody_is_called_before_the_victory_condition(four):
    # Spec `condition`: "once a round, before the first `call`".
    four().rejects(Call("Ana", "Ben"), "must first set the victory condition")


def test_nobody_is_called_while_a_turn_is_open(four):
    # Spec `call`: "the chieftain, when no turn is open"; `place` "ends the turn".
    g = four().condition().call("Ben")
    g.rejects(Call("Ana", "Cid"), "Ben's turn is still open: Ben must place a stone first")


def test_nobody_is_called_once_all_four_spaces_are_filled(four):
    # Spec "Round" 4: after the fourth space is filled come `boulder`, `fate`, then `tilt`.
    g = filled(four())
    g.rejects(Call("Ana", "Ana"), "all four spaces are taken", "when the scale tilts")


def test_four_player_chieftain_calls_each_player_once_a_round(four):
    # Spec: "4p: every player is called exactly once a round".
    g = four().condition().turn("Ben", "L1")
    g.rejects(
        Call("Ana", "Ben"),
        "Ben has already placed a stone this round",
        "the chieftain may call Ana, Cid or Dora",
    )


def test_quartz_stones_are_called_only_in_the_three_player_game(four, two):
    # Spec `call`: "3 players: `own` stones or the `quartz`" - elsewhere the quartz has a
    # holder.
    g = four().condition()
    g.rejects(Call("Ana", "Cid", "quartz"), "only in the 3-player game")
    g = two().condition()
    g.rejects(Call("Ana", "Ben", "quartz"), "only in the 3-player game")


def test_chieftain_may_never_place_the_quartz_stones(three):
    # Rulebook 3p: "The chieftain himself may never place the quartz stones."
    g = three().condition()
    g.rejects(
        Call("Ana", "Ana", "quartz"),
        "the chieftain may never place the quartz stones",
        "Ben (quartz stones) or Cid (quartz stones)",
    )


def test_in_a_partnership_only_the_third_player_places_the_quartz(three):
    # "the remaining third player plays alone. In this case he must ... also place the
    # quartz stones".
    g = three().offer("Cid").answer(True).condition()
    g.rejects(
        Call("Ana", "Cid", "quartz"),
        "in a partnership the quartz stones are placed by the third player, Ben",
        "Ben (quartz stones)",
    )


def test_quartz_stones_are_placed_once_a_round(three):
    # Spec: "the quartz is played once".
    g = three().condition().turn("Ben", "L1", quartz=True)
    g.rejects(Call("Ana", "Cid", "quartz"), "quartz stones have already been placed this round")


def test_three_player_own_stones_are_placed_once_a_round(three):
    # Spec: "3p: each player plays his own stones once".
    g = three().condition().turn("Ben", "L1")
    g.rejects(
        Call("Ana", "Ben"),
        "Ben has already placed his own stone this round",
        "Ana, Cid, Ben (quartz stones) or Cid (quartz stones)",
    )


def test_two_player_is_on_turn_only_twice_a_round(two):
    # Rulebook 2p: "each player has been on turn twice (once actively and once passively)".
    g = two().condition()
    g.turn("Ben", "L1", kind="hinkelstein").turn("Ben", "L2", kind="boulder", active=False)
    g.rejects(Call("Ana", "Ben"), "Ben has already been on turn twice", "may call Ana")


# -- mode (2 players) --------------------------------------------------------------------


def test_mode_exists_only_in_the_two_player_game(four):
    # Spec `mode`: "2 players only: the called player, right after `call`".
    g = four().condition().call("Ben")
    g.rejects(Mode("Ben", "hinkelstein", True), "only with 2 players")


def test_mode_comes_right_after_a_call(two):
    # Spec `mode`: "the called player, right after `call`" - once a turn.
    g = two().condition()
    g.rejects(Mode("Ana", "pillar", True), "the chieftain calls first")
    g.call("Ben").mode("hinkelstein", True)
    g.rejects(Mode("Ben", "boulder", False), "no turn is waiting for its kind and mode")


def test_only_the_called_player_chooses_his_mode(two):
    # Rulebook 2p: "If he calls his opponent, the latter has a free choice ...".
    g = two().condition().call("Ben")
    g.rejects(Mode("Ana", "pillar", True), "Ben was called, so only Ben chooses")


def test_player_chooses_only_among_his_own_kinds(two):
    # Rulebook 2p: "which of his kinds of stones he plays in this turn".
    g = two().condition().call("Ben")
    g.rejects(
        Mode("Ben", "pillar", True),
        "Ben holds hinkelstein and boulder, not pillar",
        "hinkelstein active, hinkelstein passive, boulder active or boulder passive",
    )


def test_chieftain_must_play_the_kind_that_made_him_chieftain_actively(two):
    # Rulebook 2p: "The chieftain must always run actively the kind of stone because of
    # which he became chieftain; at the start this is the pillars."
    g = two().condition().call("Ana")
    msg = "Ana is chieftain because of the pillars and must play them actively"
    g.rejects(Mode("Ana", "pillar", False), msg, "pillar active or quartz passive")
    g.rejects(Mode("Ana", "quartz", True), msg)


def test_chieftain_who_already_played_his_kind_actively_is_told_it_is_once_a_round(two):
    # Rulebook 2p: "each player has been on turn twice (once actively and once
    # passively)". Ana (chieftain by the pillars) has played them actively; a second
    # "pillar active" breaks the once-a-round rule, not the chieftain's duty.
    g = two().condition().turn("Ana", "L2", kind="pillar").call("Ana")
    for kind, active in (("pillar", True), ("pillar", False), ("quartz", True)):
        msg = g.rejects(
            Mode("Ana", kind, active),
            "Ana plays each kind once a round, one actively and one passively",
            "Ana may choose quartz passive",
        )
        assert "must play them actively" not in msg


def test_each_kind_once_and_each_mode_once_a_round(two):
    # "each player has been on turn twice (once actively and once passively)".
    g = two().condition().turn("Ben", "L1", kind="hinkelstein").call("Ben")
    words = ("Ben plays each kind once a round, one actively and one passively", "boulder passive")
    g.rejects(Mode("Ben", "boulder", True), *words)
    g.rejects(Mode("Ben", "hinkelstein", False), *words)


# -- stake -------------------------------------------------------------------------------


def test_non_quartz_player_may_not_add_more_than_two(four):
    # Quartz stones: "... while your fellow players may add at most two discs."
    g = four().condition().call("Ben")
    g.rejects(
        Stake("Ben", add=3),
        "Ben may add 1 or 2 discs or take 1",
        "only the quartz holder, playing his quartz actively, may add up to 4",
    )


def test_three_player_stake_above_two_names_the_neutral_quartz(three):
    # Rulebook 3p: the quartz stones "are also used during play, but their special
    # abilities do not come into play" (decision HS-1: in 3 players nobody adds four).
    g = three().condition().call("Ben")
    msg = g.rejects(
        Stake("Ben", add=3),
        "Ben may add 1 or 2 discs or take 1",
        "with 3 players the quartz stones are neutral, so nobody adds more than 2",
    )
    assert "quartz holder" not in msg


def test_quartz_holder_may_not_add_more_than_four(four):
    # Quartz stones: "you may add up to four wooden discs".
    g = four().condition().call("Cid")
    g.rejects(Stake("Cid", add=5), "may add at most 4 discs", "add 1, 2, 3 or 4 discs or take 1")


def test_quartz_holder_may_not_add_four_while_his_quartz_is_passive(two):
    # Decision: the four belong to the quartz played actively.
    g = two(deal=(("pillar", "hinkelstein"), ("quartz", "boulder"))).condition()
    g.call("Ben").mode("boulder", True)
    g.rejects(Stake("Ben", add=4), "Ben may add 1 or 2 discs or take 1", "quartz actively")


def test_a_take_is_exactly_one_disc(four):
    # "take one disc from the supply for himself" (engine fix: `take=2` used to take 2)
    g = four().condition().call("Ben")
    g.rejects(Stake("Ben", take=2), "exactly 1 disc", "add 1 or 2 discs or take 1")


def test_an_add_is_at_least_one_disc(four):
    # "add one or two discs" (engine fix: the message used to blame the supply)
    g = four().condition().call("Ben")
    g.rejects(Stake("Ben", add=0), "at least 1", "add 1 or 2 discs or take 1")


def test_a_stake_either_adds_or_takes(four):
    # Spec `stake`: "`add`: n, or `take`: 1" - one or the other. (Engine fix: a Stake with
    # neither used to crash with a TypeError, and one with both was taken as an add.)
    g = four().condition().call("Ben")
    g.rejects(Stake("Ben", add=1, take=1), "either add or take", "add 1 or 2 discs or take 1")
    g.rejects(Stake("Ben"), "either add or take")


def test_stake_once_a_turn(four):
    # "The player called may either add one or two discs ..., or instead ... take one"
    g = four().condition().call("Ben").stake(add=1)
    g.rejects(Stake("Ben", add=1), "Ben has already staked this turn; now Ben places a stone")


def test_no_stake_on_a_quartz_turn(three):
    # Rulebook 3p: "The prize may not be increased in doing so."
    g = three().condition().call("Ben", "quartz")
    g.rejects(Stake("Ben", add=1), "no discs are staked on a quartz turn; Ben just places")
    g.rejects(Stake("Ben", take=1), "no discs are staked on a quartz turn")


def test_no_stake_on_a_passive_turn(two):
    # Rulebook 2p: "The victory prize cannot be increased, one may not have oneself paid out".
    g = two().condition().call("Ben").mode("boulder", False)
    g.rejects(Stake("Ben", take=1), "no discs are staked on a passive turn; Ben just places")


def test_no_stake_before_the_two_player_mode(two):
    # Spec "Round" 3: "`call` → (`mode` in 2p) → `stake` ...".
    g = two().condition().call("Ben")
    g.rejects(Stake("Ben", add=1), "Ben must first choose a kind and active or passive play")


def test_only_the_player_on_turn_stakes(four):
    # Spec `stake`: "the called player".
    g = four().condition().call("Ben")
    g.rejects(Stake("Cid", add=1), "it is Ben's turn, not Cid's; only Ben may stake now")


def test_no_stake_without_a_call(four):
    # Spec `stake`: "the called player on an active own-stone turn, before `place`".
    g = four().condition()
    g.rejects(Stake("Ben", add=1), "Ana (chieftain) calls who places next")


def test_no_stake_after_all_four_spaces_are_filled(four):
    # Spec `place`: "ends the turn"; after the fourth stone no turn is left.
    g = filled(four())
    g.rejects(Stake("Ana", add=1), "all four spaces are taken; no stake until the next round")


def test_no_stake_the_supply_cannot_cover_even_after_a_refill(four):
    # Spec: "a stake or take that cannot be covered is illegal".
    g = four(supply=5).condition().turn("Ana", "L2", add=2)  # supply 1
    g.call("Ben")
    g.rejects(
        Stake("Ben", add=2), "the supply can give only 1 disc", "Ben may add 1 disc or take 1"
    )


def test_no_stake_at_all_when_the_supply_cannot_give_a_single_disc(four):
    # Spec: "the player on turn skips the stake: his `place` comes without a `stake`".
    g = four(supply=4).condition().turn("Ana", "L2", add=2)  # supply 0, all hold none
    g.call("Ben")
    g.rejects(Stake("Ben", take=1), "the supply can give only 0 discs", "place without a stake")


# -- notch -------------------------------------------------------------------------------


def test_only_the_hinkelstein_holder_moves_the_scale(four):
    # Spec `notch`: "the `hinkelstein` holder, on his active turn".
    g = four().condition().call("Cid")
    g.rejects(
        Notch("Cid", "left"),
        "only the Hinkelstein holder moves the scale to another notch",
        "Cid is not playing a Hinkelstein actively now",
    )


def test_hinkelstein_holder_moves_the_scale_only_on_his_own_turn(four):
    # Spec `notch`: "on his active turn, before placing his Hinkelstein".
    g = four().condition().call("Cid")
    g.rejects(Notch("Ben", "left"), "it is Cid's turn, not Ben's; only Cid may notch now")


def test_notch_only_before_the_hinkelstein_is_placed(four):
    # "This action must be performed before the current Hinkelstein is placed".
    g = four().condition().turn("Ben", "L1")
    g.rejects(Notch("Ben", "left"), "no one is on turn (a turn ends with its stone)")


def test_notch_once_a_pass(four):
    # "This action may be performed only once during a pass."
    g = four().condition().call("Ben").notch("left").stake(add=1).place("L1")
    g.turn("Ana", "L2").turn("Cid", "R1").turn("Dora", "R2").tilt("left")
    g.condition().call("Ben")
    g.rejects(Notch("Ben", "right"), "the Hinkelstein notch has already been used this pass")


def test_notch_must_name_another_notch_than_the_one_the_scale_rests_on(four):
    # Decision: naming the current notch is refused.
    g = four().condition().call("Ben")
    g.rejects(Notch("Ben", "middle"), "already rests on the middle notch; choose left or right")


def test_no_notch_with_a_passive_hinkelstein(two):
    # Rulebook 2p: "The special ability of the stones that one runs passively ... cannot be
    # used."
    g = two().condition().call("Ben").mode("hinkelstein", False)
    g.rejects(Notch("Ben", "left"), "not playing a Hinkelstein actively now")


def test_no_notch_on_the_hinkelstein_holders_quartz_turn(three):
    # Spec `notch`: "on his active turn, before placing his Hinkelstein"; quartz turns
    # have "no stake and no ability".
    g = three().condition().call("Ben", "quartz")
    g.rejects(Notch("Ben", "left"), "not playing a Hinkelstein actively now")


def test_no_notch_on_the_hinkelstein_holders_turn_with_his_other_kind(two):
    # 2p: the notch belongs to the Hinkelstein played actively, not to Ben's boulder turn.
    g = two().condition().call("Ben").mode("boulder", True)
    g.rejects(Notch("Ben", "left"), "not playing a Hinkelstein actively now")


# -- place -------------------------------------------------------------------------------


def test_no_place_before_the_stake(four):
    # Spec `stake`: "before `place`; required there".
    g = four().condition().call("Ben")
    g.rejects(Place("Ben", ("H1",), "L1"), "Ben must first stake: add 1 or 2 or take 1")


def test_no_place_before_the_two_player_mode(two):
    # Spec "Round" 3: "`call` → (`mode` in 2p) → ... → `place`".
    g = two().condition().call("Ben")
    g.rejects(Place("Ben", ("H1",), "L1"), "Ben must first choose a kind")


def test_stones_only_on_a_free_space(four):
    # FAQ: "Stones may only be placed on free spaces of the scale."
    g = four().condition().turn("Ana", "L2").call("Ben").stake(add=1)
    g.rejects(Place("Ben", ("H1",), "L2"), "L2 is taken by Ana's P1", "free spaces: L1, R1 and R2")


def test_only_stones_of_the_kind_on_turn(four):
    # Rulebook 4p: "the player named ... places one of his stones".
    g = four().condition().call("Ben").stake(add=1)
    g.rejects(
        Place("Ben", ("Q1",), "L1"),
        "Ben places his Hinkelsteine this turn, not Q1",
        "H1, H2, H3, H4 and H5",
    )


def test_own_stone_turn_may_not_place_a_quartz_nor_a_quartz_turn_an_own_stone(three):
    # Rulebook 3p: the chieftain "determines whether this player must run his own stones or the
    # quartz stones in this turn".
    g = three().condition().call("Ben", "quartz")
    g.rejects(Place("Ben", ("H1",), "L1"), "Ben places the quartz stones this turn, not H1")
    g = three().condition().call("Ben").stake(add=1)
    g.rejects(Place("Ben", ("Q1",), "L1"), "Ben places his Hinkelsteine this turn, not Q1")


def test_a_stone_that_left_the_game_cannot_be_placed_again(four):
    # 4p step 4: "Then the stones used in this round are removed from the game."
    g = four().round4(SEATS, down="left")  # Ben's H1 left the game
    g.condition().call("Ben").stake(add=1)
    g.rejects(Place("Ben", ("H1",), "L1"), "H1 is no longer in Ben's hand this pass", "H2")


def test_a_neutral_quartz_that_left_the_game_cannot_be_placed_again(three):
    # Rulebook 3p: "all stones placed in this round are removed from the game"; the
    # neutral quartz stones were never in the hand of the player who places them.
    g = three().condition().turn("Ben", "L2", "Q5", quartz=True)
    g.turn("Ana", "L1").turn("Ben", "R1").turn("Cid", "R2").tilt("left")
    g.condition().call("Ben", "quartz")
    msg = g.rejects(
        Place("Ben", ("Q5",), "L2"),
        "Q5 has already left the game this pass",
        "Ben may place Q1, Q2, Q3 and Q4",
    )
    assert "hand" not in msg


def test_only_the_two_pillars_may_be_placed_together(four):
    # FAQ: "As a rule, one stone of each kind is placed per round. Exceptions apply to
    # the pillars and the boulders."
    g = four().condition().call("Ben").stake(add=1)
    g.rejects(Place("Ben", ("H1", "H2"), "L1"), "only the two pillars may be placed together")


def test_a_turn_places_at_most_two_stones(four):
    # Spec `place`: "one stone, or both pillars together on one space".
    g = four().condition().call("Ben").stake(add=1)
    g.rejects(Place("Ben", ("H1", "H2", "H3"), "L1"), "a turn places one stone")


def test_both_pillars_together_not_twice_a_pass(four):
    # "Once during a pass you may place both pillars at the same time. ... Afterwards,
    # however, you must give up the large pillar".
    g = four().condition().call("Ana").stake(add=1).place("R2", "P1", "P2")
    g.turn("Ben", "L1").turn("Cid", "R1").turn("Dora", "L2").tilt("left")
    g.condition().call("Ana").stake(add=1)
    g.rejects(Place("Ana", ("P1", "P2"), "L2"), "already been placed together this pass", "P1")
    g.rejects(Place("Ana", ("P2",), "L2"), "P2 is no longer in Ana's hand this pass", "place P1")


def test_both_pillars_together_not_on_a_passive_turn(two):
    # Spec `place`: "both pillars together on one space (once a pass, active only)".
    g = two().condition()
    g.turn("Ana", "L2", kind="pillar").turn("Ana", "L1", kind="quartz", active=False)
    g.turn("Ben", "R2", kind="hinkelstein").turn("Ben", "R1", kind="boulder", active=False)
    g.tilt("left")  # Ben is chieftain, Ana free to play the pillars passively
    g.condition().call("Ana").mode("pillar", False)
    g.rejects(
        Place("Ana", ("P1", "P2"), "L1"),
        "both pillars may only be placed together on an active turn",
        "P1 and P2",
    )


def test_only_the_player_on_turn_places(four):
    # Spec `place`: "the called player; ends the turn".
    g = four().condition().call("Ben").stake(add=1)
    g.rejects(Place("Ana", ("P1",), "L1"), "it is Ben's turn, not Ana's; only Ben may place now")


def test_no_place_without_a_call(four):
    # Rulebook: "The chieftain now calls upon another player of his choice to place".
    g = four().condition()
    g.rejects(Place("Ana", ("P1",), "L1"), "no one is on turn", "Ana (chieftain) calls")


# -- boulder and Stone of Fate -------------------------------------------------------------


def test_only_the_boulder_holder_adds_the_smallest_boulder(four):
    # Spec `boulder`: "the `boulder` holder".
    g = filled(four())
    g.rejects(Boulder("Ana", ("B1",), "R2"), "only the boulder holder (Dora)")


def test_smallest_boulder_only_after_all_four_spaces_are_filled(four):
    # "At the end of a round, after everyone has placed their stones".
    g = four().condition().turn("Dora", "R2", "B3")
    g.rejects(Boulder("Dora", ("B1",), "R2"), "only after all four spaces are filled")


def test_only_the_smallest_boulder_may_be_added(four):
    # "you may additionally place the smallest of your boulders"
    g = filled(four())
    g.rejects(Boulder("Dora", ("B2",), "R2"), "only the smallest boulder, B1, may be added")


def test_smallest_boulder_only_on_the_space_of_this_rounds_boulder(four):
    # "This stone must be placed on the same space on which a boulder already lies."
    g = filled(four())
    g.rejects(Boulder("Dora", ("B1",), "R1"), "B1 must go on R2")


def test_smallest_boulder_not_when_it_was_already_played(four):
    # "If you have already played the smallest boulder, this action is no longer possible."
    g = filled(four(), "B1")
    g.rejects(Boulder("Dora", ("B1",), "R2"), "Dora no longer holds B1")


def test_smallest_boulder_added_once_a_pass(four):
    # Boulders: "Both actions may be performed only once during a pass."
    g = filled(four()).boulder().tilt("left").keep("B1")
    filled(g, "B2")
    g.rejects(Boulder("Dora", ("B1",), "R2"), "already been added once this pass")


def test_boulder_abilities_not_after_a_passive_boulder_turn(two):
    # Spec `boulder`/`fate`: "the `boulder` holder (active in 2p)".
    g = two().condition()
    g.turn("Ana", "L2", kind="pillar").turn("Ana", "L1", kind="quartz", active=False)
    g.turn("Ben", "R2", "B3", kind="boulder", active=False).turn("Ben", "R1", kind="hinkelstein")
    g.rejects(Boulder("Ben", ("B1",), "R2"), "played the boulders passively this round")
    g.rejects(Fate("Ben", 0), "played the boulders passively this round")


def test_only_the_boulder_holder_moves_the_stone_of_fate(four):
    # Spec `fate`: "the `boulder` holder (active in 2p)".
    g = filled(four())
    g.rejects(Fate("Cid", 0), "only the boulder holder (Dora) may move the Stone of Fate")


def test_stone_of_fate_only_after_all_four_spaces_are_filled(four):
    # Boulders: "At the end of a round, when all stones are placed, you may move the Stone of
    # Fate".
    g = four().condition().turn("Dora", "R2", "B3")
    g.rejects(Fate("Dora", 0), "only after all four spaces are filled, before the tilt")


def test_stone_of_fate_moved_once_a_pass(four):
    # Boulders: "Both actions may be performed only once during a pass."
    g = filled(four()).fate(10).tilt("left")
    filled(g, "B2")
    g.rejects(Fate("Dora", 20), "already been moved once this pass")


def test_stone_of_fate_not_on_a_placement_space(four):
    # "It may not, however, be placed on the normal placement spaces."
    g = filled(four())
    g.rejects(
        Fate("Dora", -110),
        "off the placement spaces",
        "x = -110 mm is not allowed",
        "-210 to -205, -155 to -135, -85 to 85, 135 to 155 or 205 to 210 mm",
    )


def test_stone_of_fate_not_off_the_beam(four):
    # Setup: the Stone of Fate is placed "at any point on the scale"; decision: within ±210 mm.
    g = filled(four())
    g.rejects(Fate("Dora", 250), "must lie on the beam", "x = 250 mm is not allowed")


# -- tilt and keep ----------------------------------------------------------------------


def test_no_tilt_before_all_four_spaces_are_filled(four):
    # Spec `tilt`: "the side resting on the ground once the scale settles after the last stone".
    g = four().condition().turn("Ana", "L2").turn("Ben", "L1")
    g.rejects(Tilt("left"), "all four spaces are filled", "2 of the 4 spaces are filled")


def test_no_tilt_while_a_turn_is_open(four):
    # Spec `tilt`: "after the last stone" - an open turn has not placed yet.
    g = four().condition().turn("Ana", "L2").turn("Ben", "L1").turn("Cid", "R1").call("Dora")
    g.rejects(Tilt("left"), "all four spaces are filled", "3 of the 4 spaces are filled")


def test_keep_comes_before_the_next_condition_and_call(four):
    # Spec `keep`: "before the next `condition`".
    g = filled(four()).boulder().tilt("left")
    for action in (Condition("Dora", "heavier"), Call("Dora", "Ana"), Tilt("left")):
        g.rejects(action, "Dora must first choose which boulder to keep, B3 or B1")


def test_keep_only_after_a_boulder_round(four):
    # Spec `keep`: "after a round in which `boulder` was used".
    g = filled(four()).tilt("left")
    g.rejects(Keep("Dora", "B3"), "no two boulders to choose between")


def test_only_the_boulder_holder_keeps(four):
    # Spec `keep`: "the `boulder` holder".
    g = filled(four()).boulder().tilt("left")
    g.rejects(Keep("Ana", "B3"), "only the boulder holder (Dora) chooses which boulder to keep")


def test_keep_one_of_the_two_boulders_on_that_space(four):
    # "After the scoring you give up one of the two stones and take back the other."
    g = filled(four()).boulder().tilt("left")
    g.rejects(Keep("Dora", "B2"), "Dora may keep B3 or B1, the boulders on that space")


# -- the end --------------------------------------------------------------------------


def test_no_action_after_the_game_is_over(two):
    # Spec "Pass end": "The game ends after 4 passes".
    g = two().play_to_end()
    g.rejects(Condition(g.chieftain, "heavier"), "the game is over; the winners are Ana")
    g.rejects(Tilt("left"), "the game is over")


def test_partnership_is_offered_only_to_a_player_in_the_game(three):
    # Rulebook 3p: "offer a partnership to one of his fellow players".
    three().rejects(Offer("Ana", "Zed"), "'Zed' is not playing", "Ana, Ben and Cid")


def test_game_state_is_frozen_so_a_refused_action_cannot_have_changed_it(four):
    # apply is a pure fold: the state handed in is never modified, refused or not.
    g = four()
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.state.pot = 99
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.state.round.condition = "heavier"
    before = g.state
    g.condition()
    assert before.round.condition is None and g.state is not before
