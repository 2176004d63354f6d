"""Calls: the chieftain names who places next, in every variant."""

from __future__ import annotations

from companion.games.hinkel_stein import queries as q


def callable_now(g):
    return {(g.state.players[i], stones) for i, stones in q.call_options(g.state)}


def test_chieftain_may_call_himself_first(four):
    # Rulebook 4p step 2: "The chieftain names the starting player; this may also be himself."
    g = four().condition()
    g.call("Ana")
    assert g.awaited == ("Ana", "stake")


def test_in_four_player_game_every_player_is_called_exactly_once_a_round(four):
    # Spec: "4p: every player is called exactly once a round; the chieftain may call himself."
    g = four().condition()
    assert callable_now(g) == {("Ana", "own"), ("Ben", "own"), ("Cid", "own"), ("Dora", "own")}
    g.turn("Cid", "L2").turn("Ana", "L1")
    assert callable_now(g) == {("Ben", "own"), ("Dora", "own")}
    g.turn("Dora", "R1").turn("Ben", "R2")
    assert callable_now(g) == set()
    assert g.awaited == (None, "tilt")


def test_called_player_places_and_his_turn_ends_with_the_stone(four):
    # Rulebook: "Once a player has placed his stone, his turn is over. The chieftain now
    # calls upon another player of his choice".
    g = four().condition().call("Ben")
    assert g.awaited == ("Ben", "stake")
    g.stake(add=1)
    assert g.awaited == ("Ben", "place")
    g.place("R2")
    assert g.state.round.turn is None
    assert g.awaited == ("Ana", "call")
    assert g.state.round.placement("R2").stones == ("H1",)


def test_three_player_chieftain_calls_own_stones_or_the_quartz(three):
    # Rulebook 3p: "If he calls a fellow player, he also determines whether this player
    # must run his own stones or the quartz stones"; "The chieftain himself may never
    # place the quartz stones." (solo: either opponent may be named for the quartz)
    g = three().condition()
    assert callable_now(g) == {
        ("Ana", "own"),
        ("Ben", "own"),
        ("Cid", "own"),
        ("Ben", "quartz"),
        ("Cid", "quartz"),
    }


def test_three_player_round_has_each_own_stone_once_and_the_quartz_once(three):
    # Spec: "3p: each player plays his own stones once; the quartz is played once".
    g = three().condition()
    g.turn("Ben", "L2", quartz=True)
    assert callable_now(g) == {("Ana", "own"), ("Ben", "own"), ("Cid", "own")}
    g.turn("Ben", "L1")
    assert callable_now(g) == {("Ana", "own"), ("Cid", "own")}
    g.turn("Ana", "R1").turn("Cid", "R2")
    assert callable_now(g) == set()
    assert g.awaited == (None, "tilt")


def test_two_player_chieftain_calls_each_player_twice_and_may_call_the_same_twice_running(two):
    # Rulebook 2p: "Then the chieftain determines who must place the next stone; this
    # may also be the same player as before. This is repeated until ... each player has
    # been on turn twice".
    g = two().condition()
    g.turn("Ben", "L2", kind="hinkelstein", active=True)
    g.turn("Ben", "L1", kind="boulder", active=False)
    assert callable_now(g) == {("Ana", "own")}
    g.turn("Ana", "R1", kind="pillar", active=True)
    g.turn("Ana", "R2", kind="quartz", active=False)
    assert callable_now(g) == set()
    assert g.awaited == (None, "tilt")


def test_every_kind_is_on_the_scale_when_the_round_ends(four, three, two):
    # Rulebook: "until all players ... have placed stones and all kinds of stones are
    # represented on the scale".
    for g in (four(), three(), two()):
        g.condition()
        while g.awaited[1] != "tilt":
            seat, stones = q.call_options(g.state)[0]
            g.call(g.state.players[seat], stones)
            if g.state.n == 2:
                g.mode(*q.mode_options(g.state)[0])
            if q.stake_due(g.state):
                g.stake(add=1)
            g.place(q.free_spaces(g.state)[0])
        kinds = {p.kind for p in g.state.round.placements}
        assert kinds == {"pillar", "hinkelstein", "quartz", "boulder"}
