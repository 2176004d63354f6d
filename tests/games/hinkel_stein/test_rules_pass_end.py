"""The end of a pass: interim scoring, the stone cards move, everything is fresh."""

from __future__ import annotations

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}


def five_scored_rounds(g):
    """Ana and Ben win five rounds; Cid takes a disc every round, Dora in round 1."""
    g.round4(SEATS, down="left", Cid={"take": 1}, Dora={"take": 1})  # pot 4: 2 each
    for _ in range(4):  # pots 5 (2 each, 1 left), 6 (3 each), 5, 6
        g.round4(SEATS, down="left", Cid={"take": 1})
    return g


def test_pass_ends_after_five_rounds(four):
    # "After five rounds a pass is over and an interim scoring takes place."
    g = four().play_rounds(4)
    assert (g.state.pass_no, g.state.round_no) == (1, 5)
    g.play_rounds(1)
    assert (g.state.pass_no, g.state.round_no) == (2, 1)


def test_interim_scoring_makes_everyone_return_as_many_discs_as_the_poorest_holds(four):
    # "The player with the fewest wooden discs returns all his discs; all other players
    # return the same number to the general supply."
    g = four()
    for _ in range(4):
        g.round4(SEATS, down="left", Cid={"take": 1}, Dora={"take": 1})
    before = g.discs
    # rounds 1-4: pot 4 each round, 2 each to Ana and Ben; Cid and Dora 1 a round
    assert before == {"Ana": 8, "Ben": 8, "Cid": 4, "Dora": 4}
    g.round4(SEATS, down="left", Cid={"take": 1})  # pot 5: 2 each, 1 left; Dora adds
    # before scoring: Ana 10, Ben 10, Cid 5, Dora 4 -> everyone returns 4
    assert g.discs == {"Ana": 6, "Ben": 6, "Cid": 1, "Dora": 0}
    assert g.state.pass_no == 2


def test_interim_scoring_leaves_the_poorest_with_nothing_and_the_rest_in_the_supply(four):
    # "The player with the fewest wooden discs returns all his discs"; the pot is not
    # part of the scoring.
    g = five_scored_rounds(four())
    # before scoring: Ana 12, Ben 12, Cid 5, Dora 1 -> everyone returns 1
    assert g.discs == {"Ana": 11, "Ben": 11, "Cid": 4, "Dora": 0}
    assert (g.pot, g.supply) == (2, 22)


def test_the_pot_carries_over_into_the_next_pass(four):
    # Spec "Pass end": "The pot carries over."
    g = four().play_rounds(4)
    g.round4(SEATS, down="left", Ana={"take": 1}, Ben={"take": 1})  # winners took: pot 4 stays
    assert g.state.pass_no == 2
    assert g.state.last_result.carried == 4
    assert g.pot == 6


def test_once_a_pass_abilities_are_fresh_in_the_next_pass(four):
    # Spec "Pass end": "once-a-pass abilities are fresh."
    g = four().condition().call("Ana").stake(add=1).place("R2", "P1", "P2")
    g.call("Ben").notch("left").stake(add=1).place("L1")
    g.turn("Cid", "R1").turn("Dora", "L2", "B3").fate(0).boulder().tilt("left").keep("B3")
    assert g.state.used == frozenset({"pillars", "notch", "fate", "boulder"})
    g.play_rounds(4)
    assert g.state.pass_no == 2
    assert g.state.used == frozenset()


def test_stone_cards_move_to_the_left_neighbour_in_four_player_game(four):
    # 4p: "each player passes his stone card to his left neighbour"; spec: "A player's
    # left neighbour is the next name in that list (wrapping round)."
    g = four().play_rounds(5)
    assert g.state.cards == (("boulder",), ("pillar",), ("hinkelstein",), ("quartz",))


def test_every_four_player_plays_with_every_kind_once_in_four_passes(four):
    # 4p: "After four passes every player has played with every kind of stone".
    g = four()
    seen = {p: [] for p in g.state.players}
    for _ in range(4):
        for p in seen:
            seen[p].append(g.kinds(p)[0])
        g.play_rounds(5)
    assert seen["Ana"] == ["pillar", "boulder", "quartz", "hinkelstein"]
    assert all(sorted(k) == ["boulder", "hinkelstein", "pillar", "quartz"] for k in seen.values())


def test_three_dealt_cards_move_to_the_left_neighbour_and_quartz_stays_neutral(three):
    # 3p: "Each player passes his stone card to his left neighbour"; spec: "(3p: the
    # three dealt cards only)".
    g = three().play_rounds(5)
    assert g.state.cards == (("boulder",), ("pillar",), ("hinkelstein",))
    assert g.state.holder("quartz") is None
    g.play_rounds(5)
    assert g.state.cards == (("hinkelstein",), ("boulder",), ("pillar",))


def test_two_player_cards_move_clockwise_left_card_to_the_opponents_right(two):
    # 2p: "each player passes his left stone card to his opponent, who places it to his
    # right and shifts the card previously located there to the left."
    g = two()
    assert g.state.cards == (("pillar", "quartz"), ("hinkelstein", "boulder"))
    g.play_rounds(5)
    # Ana's left card (pillar) goes to Ben's right; Ben's right (boulder) shifts left.
    assert g.state.cards == (("quartz", "hinkelstein"), ("boulder", "pillar"))
    g.play_rounds(5)
    assert g.state.cards == (("hinkelstein", "boulder"), ("pillar", "quartz"))
    g.play_rounds(5)
    assert g.state.cards == (("boulder", "pillar"), ("quartz", "hinkelstein"))


def test_two_players_each_hold_every_kind_in_the_course_of_the_game(two):
    # 2p: "In the course of a pass a player can in this way use the special abilities of
    # his two kinds of stones"; over four passes every kind comes round to both.
    g = two()
    held = {"Ana": set(), "Ben": set()}
    for _ in range(4):
        for p in held:
            held[p].update(g.kinds(p))
        g.play_rounds(5)
    every = {"pillar", "quartz", "hinkelstein", "boulder"}
    assert held == {"Ana": every, "Ben": every}
