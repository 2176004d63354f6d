"""Setup, the base prize and the victory condition."""

from __future__ import annotations

from companion.games.hinkel_stein import Start, start_game
from companion.games.hinkel_stein import queries as q


def test_start_moves_the_base_prize_of_two_discs_from_the_supply_to_the_pot(four):
    # Rulebook, step 1: "two wooden discs from the general supply are always placed in
    # the middle of the table as the base amount of the victory prize".
    g = four()
    assert (g.supply, g.pot, g.discs) == (48, 2, {"Ana": 0, "Ben": 0, "Cid": 0, "Dora": 0})


def test_supply_is_fifty_discs_unless_the_start_line_says_otherwise(four):
    # Components: "50 wooden discs"; spec `start`: "optional `supply` (default 50)".
    assert four().state.total == 50
    g = four(supply=20)
    assert (g.state.total, g.supply, g.pot) == (20, 18, 2)


def test_pillar_holder_is_the_first_chieftain(four, three, two):
    # Rulebook (all variants): "Whoever receives the pillars is the first chieftain."
    deal = (("hinkelstein",), ("quartz",), ("pillar",), ("boulder",))
    assert four(deal=deal).chieftain == "Cid"
    assert three(deal=(("boulder",), ("pillar",), ("hinkelstein",))).chieftain == "Ben"
    assert two(deal=(("quartz", "boulder"), ("hinkelstein", "pillar"))).chieftain == "Ben"


def test_scale_starts_on_the_middle_notch_with_the_stone_of_fate_at_its_place(game):
    # Setup: "placed with the middle one of these three notches on the wedge"; the Stone
    # of Fate "is placed at any point on the scale outside the placement spaces".
    g = game(("Ana", "Ben"), (("pillar", "quartz"), ("hinkelstein", "boulder")), fate_home_x=140)
    assert g.state.round.notch == "middle"
    assert g.state.round.fate_x == 140
    assert q.free_spaces(g.state) == ("L2", "L1", "R1", "R2")


def test_first_decision_is_the_chieftains_victory_condition(four):
    # Rulebook step 1: "Then the current chieftain determines whether the lighter or the
    # heavier side of the scale at the end of the round wins."
    assert four().awaited == ("Ana", "condition")


def test_every_round_begins_with_two_more_discs_in_the_pot(four):
    # Spec "Round": "A round begins at `start` and right after the previous round
    # resolves: 2 discs move from the supply to the pot (the base prize)".
    g = four()
    # Ben and Cid both take a disc and win: nobody can collect, the pot stays.
    g.round4(
        {"Ana": "L2", "Ben": "R1", "Cid": "R2", "Dora": "L1"},
        down="right",
        Ben={"take": 1},
        Cid={"take": 1},
    )
    # pot: 2 base + 2 (Ana, Dora) = 4 carried, + 2 base prize of round 2
    assert (g.pot, g.supply, g.state.round_no) == (6, 42, 2)


def test_start_game_accepts_a_start_action_for_each_table_size():
    # Spec `start`: "4 players: one kind each. 3 players: pillar, hinkelstein, boulder
    # dealt, quartz is neutral. 2 players: two kinds each".
    s4 = start_game(
        Start(("A", "B", "C", "D"), (("quartz",), ("pillar",), ("boulder",), ("hinkelstein",)))
    )
    s3 = start_game(Start(("A", "B", "C"), (("hinkelstein",), ("boulder",), ("pillar",))))
    s2 = start_game(Start(("A", "B"), (("boulder", "quartz"), ("pillar", "hinkelstein"))))
    assert (s4.chieftain, s3.chieftain, s2.chieftain) == (1, 2, 1)
    assert s3.holder("quartz") is None
    assert s2.cards == (("boulder", "quartz"), ("pillar", "hinkelstein"))
