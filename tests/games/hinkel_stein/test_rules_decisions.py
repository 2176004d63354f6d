"""The decisions of docs/rules-decisions.md (HS-1 .. HS-17) and of the audit (HS-19, HS-20)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.games.hinkel_stein import awaiting, parse_action
from companion.games.hinkel_stein.queries import stake_choices

from .script import THREE, TWO, do, new_game, record

FULL_ROUND_4P = (
    "Ana condition heavier",
    "Ana call Ben", "Ben stake add 1", "Ben place H5 L2",
    "Ana call Cleo", "Cleo stake add 1", "Cleo place Q1 R2",
    "Ana call Dora", "Dora stake add 1", "Dora place B3 R1",
    "Ana call Ana", "Ana stake add 1", "Ana place P1 L1",
)  # fmt: skip


def test_quartz_holder_may_add_up_to_four():
    # HS-1: in 4 players the quartz holder's every turn is an active quartz turn
    s = do(new_game(), "Ana condition heavier", "Ana call Cleo")
    assert stake_choices(s).adds == (1, 2, 3, 4)
    s = do(s, "Cleo stake add 4")
    assert s.pot == 2 + 4 and s.supply == 50 - 2 - 4


def test_two_player_quartz_holder_adds_at_most_two_when_quartz_is_passive():
    # HS-1: Ana holds pillar and quartz; her active turn with the pillars gets no "four"
    s = do(new_game(TWO), "Ana condition heavier", "Ana call Ana", "Ana mode pillar active")
    assert stake_choices(s).adds == (1, 2)
    with pytest.raises(IllegalAction, match="only the quartz holder, playing his quartz actively"):
        do(s, "Ana stake add 3")
    # ...and her quartz then goes passively: no stake at all
    s = do(s, "Ana stake add 2", "Ana place P1 L1", "Ana call Ana", "Ana mode quartz passive")
    assert stake_choices(s).required is False
    with pytest.raises(IllegalAction, match="no discs are staked on a passive turn"):
        do(s, "Ana stake add 1")


def test_two_player_quartz_holder_may_add_four_on_an_active_quartz_turn():
    s = do(
        new_game(TWO),
        "Ana condition heavier",
        "Ana call Ben",
        "Ben mode hinkelstein active",
        "Ben stake add 1",
        "Ben place H1 L2",
        "Ana call Ana",
        "Ana mode pillar active",
    )
    assert stake_choices(s).adds == (1, 2)
    s2 = do(new_game(TWO), "Ana condition heavier", "Ana call Ana")
    with pytest.raises(IllegalAction, match="pillars"):  # chieftain must play pillars actively
        do(s2, "Ana mode quartz active")


def test_three_player_quartz_turn_has_no_stake():
    s = do(new_game(THREE), "Ana condition heavier", "Ana call Ben quartz")
    assert awaiting(s).action == "place"
    with pytest.raises(IllegalAction, match="no discs are staked on a quartz turn"):
        do(s, "Ben stake add 1")


def test_notch_must_differ_from_the_current_one():
    # HS-2
    s = do(new_game(), "Ana condition heavier", "Ana call Ben", "Ben stake add 1")
    with pytest.raises(
        IllegalAction, match="already rests on the middle notch; choose left or right"
    ):
        do(s, "Ben notch middle")
    assert do(s, "Ben notch right").round.notch == "right"


@pytest.mark.parametrize(
    ("x", "ok"),
    [(-60, True), (0, True), (-210, True), (210, True), (-154, True), (140, True),
     (-211, False), (215, False), (-180, False), (-155, False), (-135, False), (110, False),
     (85, False), (84.5, True), (205, False), (206, True)],
)  # fmt: skip
def test_stone_of_fate_may_not_go_on_a_placement_space(x, ok):
    # HS-3: centres at ±110 and ±180, 50 mm across; beam ±210
    s = do(new_game(), *FULL_ROUND_4P)
    if ok:
        assert do(s, f"Dora fate {x}").round.fate_x == x
    else:
        with pytest.raises(IllegalAction, match="off the placement spaces"):
            do(s, f"Dora fate {x}")


def test_unknown_field_is_rejected():
    # HS-4
    o = record("Ben stake add 2") | {"stakes": 2}
    with pytest.raises(
        MalformedRecord, match="unknown field 'stakes'; stake has player, add, take"
    ):
        parse_action(o)


def test_keep_is_required_before_the_next_condition():
    # HS-5
    s = do(new_game(), *FULL_ROUND_4P, "Dora boulder B1 R1", "tilt left")
    assert awaiting(s).action == "keep" and awaiting(s).player == "Dora"
    with pytest.raises(
        IllegalAction, match="Dora must first choose which boulder to keep, B3 or B1"
    ):
        do(s, f"{s.players[s.chieftain]} condition heavier")
    s = do(s, "Dora keep B1")
    assert "B1" in s.available("boulder") and "B3" in s.out


def test_offer_may_come_before_the_keep_in_three_players():
    # HS-5: 3 players, Cleo holds the boulders
    s = do(new_game(THREE), "Ana condition heavier",
           "Ana call Ben", "Ben stake add 1", "Ben place H1 L2",
           "Ana call Cleo", "Cleo stake add 1", "Cleo place B2 R2",
           "Ana call Ben quartz", "Ben place Q1 R1",
           "Ana call Ana", "Ana stake add 1", "Ana place P1 L1",
           "Cleo boulder B1 R2", "tilt right")  # fmt: skip
    # right down, heavier wins: right side. Losing outer L2 = Ben's H1: Ben is chieftain
    assert s.players[s.chieftain] == "Ben"
    s = do(s, "Ben offer Ana", "Ana answer yes")
    assert s.round.partner == 0
    with pytest.raises(IllegalAction, match="Cleo must first choose which boulder to keep"):
        do(s, "Ben condition lighter")
    s = do(s, "Cleo keep B2", "Ben condition lighter")
    assert s.round.condition == "lighter"


def test_refill_happens_only_for_an_action_that_needs_it():
    # HS-6: supply 3 -> base prize 2 leaves 1; nobody holds discs, so no refill is possible
    s = do(new_game(supply=3), "Ana condition heavier", "Ana call Ben")
    assert stake_choices(s).adds == (1,)
    before = s
    with pytest.raises(IllegalAction, match="the supply can give only 1 disc"):
        do(s, "Ben stake add 2")
    assert s == before and s.supply == 1  # nothing moved
    s = do(s, "Ben stake take 1")
    assert s.supply == 0 and s.discs == (0, 1, 0, 0)


def test_tied_players_all_win():
    # HS-7: find a seeded 2-player game that ends level; both players win it
    from companion.games.hinkel_stein import replay
    from companion.games.hinkel_stein.random_player import random_game

    for seed in range(200):
        final = replay(random_game(2, seed))
        if final.discs[0] == final.discs[1]:
            assert final.winners == ("Ana", "Ben")
            break
    else:
        pytest.fail("no tied 2-player game in 200 seeds")


def test_two_player_chieftain_must_play_his_kind_actively():
    # HS-9: at the start the pillar holder (Ana) must play the pillars actively
    s = do(new_game(TWO), "Ana condition heavier", "Ana call Ana")
    from companion.games.hinkel_stein.queries import mode_options

    assert mode_options(s) == (("pillar", True), ("quartz", False))
    with pytest.raises(IllegalAction, match="must play them actively"):
        do(s, "Ana mode pillar passive")


def test_boulder_abilities_need_the_boulders_played_actively():
    # HS-10: Ben plays his boulders passively, so neither B1 nor the Stone of Fate
    s = do(new_game(TWO), "Ana condition heavier",
           "Ana call Ana", "Ana mode pillar active", "Ana stake add 1", "Ana place P1 L1",
           "Ana call Ben", "Ben mode hinkelstein active", "Ben stake add 1", "Ben place H2 R1",
           "Ana call Ben", "Ben mode boulder passive", "Ben place B2 R2",
           "Ana call Ana", "Ana mode quartz passive", "Ana place Q1 L2")  # fmt: skip
    with pytest.raises(IllegalAction, match="passively"):
        do(s, "Ben boulder B1 R2")
    with pytest.raises(IllegalAction, match="passively"):
        do(s, "Ben fate 0")


def test_both_pillars_may_be_listed_in_either_order():
    # HS-11
    s = do(new_game(), "Ana condition heavier", "Ana call Ana", "Ana stake add 1")
    a = do(s, "Ana place P2+P1 L1")
    assert a.round.placement("L1").stones == ("P2", "P1") and "pillars" in a.used


def test_only_one_offer_a_round():
    # HS-12
    s = do(new_game(THREE), "Ana offer Ben", "Ben answer no")
    with pytest.raises(IllegalAction, match="once a round"):
        do(s, "Ana offer Cleo")


def test_tilt_needs_all_four_spaces_filled():
    # HS-14
    s = do(
        new_game(), "Ana condition heavier", "Ana call Ben", "Ben stake add 1", "Ben place H5 L2"
    )
    with pytest.raises(IllegalAction, match="1 of the 4 spaces is filled"):
        do(s, "tilt left")


def test_cards_stay_put_after_the_last_pass():
    # HS-15, HS-16
    from companion.games.hinkel_stein import replay
    from companion.games.hinkel_stein.random_player import random_game_iter

    history = list(random_game_iter(4, 11))
    before_last_tilt = history[-2][1]
    final = history[-1][1]
    assert final.finished and final.cards == before_last_tilt.cards
    res = final.last_result
    assert final.chieftain == res.next_chieftain
    losing_outer = "L2" if res.winning_side == "right" else "R2"
    assert before_last_tilt.round.placement(losing_outer).player == final.chieftain
    assert replay([a for a, _ in history]) == final


def test_play_goes_on_when_no_disc_is_left_anywhere():
    # HS-17: a supply of 0: no base prize, no stakes, and the round still resolves
    s = new_game(supply=0)
    assert s.pot == 0 and s.supply == 0
    s = do(s, "Ana condition heavier", "Ana call Ben")
    assert awaiting(s).action == "place"  # the stake is skipped
    s = do(
        s,
        "Ben place H1 L2",
        "Ana call Cleo",
        "Cleo place Q1 L1",
        "Ana call Dora",
        "Dora place B2 R1",
        "Ana call Ana",
        "Ana place P1 R2",
        "tilt left",
    )
    assert s.round_no == 2 and s.discs == (0, 0, 0, 0) and s.pot == 0
    assert s.players[s.chieftain] == "Ana"  # right side lost, Ana's P1 on R2


def test_the_stone_of_fate_home_must_be_off_the_spaces():
    # HS-3 for the home position given by the table's profile
    from companion.games.hinkel_stein import start_game
    from companion.games.hinkel_stein.actions import Start

    start = Start(("Ana", "Ben"), (("pillar", "quartz"), ("hinkelstein", "boulder")))
    assert start_game(start, fate_home_x=40).round.fate_x == 40
    with pytest.raises(IllegalAction, match="off the placement spaces, not at -110 mm"):
        start_game(start, fate_home_x=-110)


def test_smallest_boulder_and_stone_of_fate_may_come_in_either_order():
    # HS-19 (audit): Boulders: "Both actions may be performed only once during a pass.
    # They may, however, both be performed together in the same round." Spec step 4:
    # "optional `boulder` ... and `fate`, then `tilt`": no order between the two.
    s = do(new_game(), *FULL_ROUND_4P)  # Dora's B3 lies on R1
    boulder_first = do(s, "Dora boulder B1 R1", "Dora fate 30")
    fate_first = do(s, "Dora fate 30", "Dora boulder B1 R1")
    assert boulder_first == fate_first
    assert boulder_first.round.placement("R1").stones == ("B3", "B1")
    assert boulder_first.round.fate_x == 30
    assert awaiting(boulder_first).action == "tilt"


def test_the_stone_of_fate_set_down_where_it_lay_is_the_move_of_the_pass():
    # HS-20 (audit): "you may move the Stone of Fate as you like": set down again at
    # the same place (here its home, -60 mm) it is still the holder's one move a pass.
    s = do(new_game(), *FULL_ROUND_4P)
    assert s.round.fate_x == -60
    s = do(s, "Dora fate -60")
    assert s.round.fate_x == -60 and "fate" in s.used
    with pytest.raises(IllegalAction, match="already been moved once this pass"):
        do(s, "Dora fate 30")
