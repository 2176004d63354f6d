"""Stakes: add 1 or 2 discs, or take 1; the quartz holder's four; no stake on quartz
(3p) and passive (2p) turns."""

from __future__ import annotations

from companion.games.hinkel_stein import queries as q


def test_called_player_may_add_one_or_two_discs_or_take_one(four):
    # Rulebook 4p step 2: "The player called may either add one or two discs from the
    # general supply to the victory prize ..., or instead ... take one disc".
    g = four().condition().call("Ben")
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.required, ch.limit) == ((1, 2), True, True, 2)


def test_adding_moves_discs_from_the_supply_into_the_prize(four):
    # "add one or two discs from the general supply to the victory prize"
    g = four().condition().call("Ben").stake(add=2)
    assert (g.supply, g.pot, g.discs["Ben"]) == (46, 4, 0)


def test_taking_moves_one_disc_from_the_supply_to_the_player(four):
    # "take one disc from the supply for himself"
    g = four().condition().call("Ben").stake(take=1)
    assert (g.supply, g.pot, g.discs["Ben"]) == (47, 2, 1)
    assert g.state.round.took == frozenset({1})


def test_a_stake_is_required_before_an_active_player_places(four):
    # Spec `stake`: "the called player on an active own-stone turn, before `place`;
    # required there".
    g = four().condition().call("Dora")
    assert g.awaited == ("Dora", "stake")
    g.stake(add=1)
    assert g.awaited == ("Dora", "place")


def test_quartz_holder_may_add_up_to_four(four):
    # Quartz stones: "Each time it is your turn you may add up to four wooden discs to
    # the victory prize, while your fellow players may add at most two discs."
    g = four().condition().call("Cid")
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.limit) == ((1, 2, 3, 4), True, 4)
    g.stake(add=4)
    assert (g.supply, g.pot) == (44, 6)


def test_quartz_holder_may_also_take_one_instead(four):
    # "If you do not wish to contribute anything to the prize, you too may only take
    # one disc for yourself."
    g = four().condition().call("Cid").stake(take=1)
    assert g.discs["Cid"] == 1 and g.pot == 2


def test_quartz_holder_playing_his_quartz_passively_stakes_nothing(two):
    # Decision (engine): on a 2p turn where the quartz is passive there is no stake at
    # all ("The victory prize cannot be increased"), so no four either.
    g = two().condition().call("Ana").mode("quartz", False)
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.required, ch.limit) == ((), False, False, 0)
    assert g.awaited == ("Ana", "place")


def test_quartz_holder_playing_quartz_actively_in_two_player_game_may_add_four(two):
    # 2p: the chieftain Ana must play pillars actively, so Ben holds the quartz here.
    g = two(deal=(("pillar", "hinkelstein"), ("quartz", "boulder"))).condition()
    g.call("Ben").mode("quartz", True)
    assert q.stake_choices(g.state).adds == (1, 2, 3, 4)
    g.stake(add=3)
    assert g.pot == 5


def test_quartz_holder_adds_at_most_two_on_his_active_turn_with_his_other_kind(two):
    # Decision (engine): the quartz holder's "up to 4" applies only when he plays his
    # quartz actively; on a turn where the quartz is passive his active kind adds 1 or 2.
    g = two(deal=(("pillar", "hinkelstein"), ("quartz", "boulder"))).condition()
    g.call("Ben").mode("boulder", True)
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.limit) == ((1, 2), 2)


def test_quartz_turns_in_three_player_game_have_no_stake(three):
    # Rulebook 3p: "If the quartz stones are to be played, the player called places any
    # available quartz ... The prize may not be increased in doing so."
    g = three().condition().call("Ben", "quartz")
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.required) == ((), False, False)
    assert g.awaited == ("Ben", "place")
    g.place("L2", "Q3")
    assert (g.pot, g.supply) == (2, 48)


def test_quartz_is_neutral_in_three_player_game_so_nobody_adds_four(three):
    # Rulebook 3p: the quartz stones "are also used during play, but their special
    # abilities do not come into play."
    g = three().condition()
    for name in ("Ana", "Ben", "Cid"):
        g.call(name)
        assert q.stake_choices(g.state).adds == (1, 2)
        g.stake(add=2).place(q.free_spaces(g.state)[0])


def test_passive_turns_in_two_player_game_have_no_stake(two):
    # Rulebook 2p, passive play: "The victory prize cannot be increased, one may not
    # have oneself paid out".
    g = two().condition().call("Ben").mode("boulder", False)
    assert q.stake_choices(g.state).required is False
    assert g.awaited == ("Ben", "place")
    g.place("R2")
    assert (g.pot, g.discs["Ben"]) == (2, 0)


def test_notch_and_stake_may_come_in_either_order(four):
    # Spec "Round" 3: "`stake` and/or `notch` in any order → `place`".
    g = four().condition().call("Ben").notch("left").stake(add=2).place("L1")
    assert g.state.round.notch == "left" and g.pot == 4
