"""The general supply: refills when it runs short, the base prize taking what is
there, skipped stakes, and the disc invariant."""

from __future__ import annotations

from companion.games.hinkel_stein import Stake
from companion.games.hinkel_stein import queries as q

SEATS = {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"}
ALL_TAKE = {"Ana": {"take": 1}, "Ben": {"take": 1}, "Cid": {"take": 1}, "Dora": {"take": 1}}


def everyone_holds_one_disc(four, supply):
    """Round 1 with every player taking a disc: the pot (2) stays, everyone holds 1."""
    g = four(supply=supply).round4(SEATS, down="left", **ALL_TAKE)
    assert g.discs == {"Ana": 1, "Ben": 1, "Cid": 1, "Dora": 1}
    return g


def test_supply_is_refilled_before_a_stake_it_cannot_cover(four):
    # FAQ: "If no more discs can be taken from the supply, it is refilled by all players
    # putting back into the general supply as many discs as the 'poorest' player owns at
    # that moment." Spec: "first refilled".
    g = everyone_holds_one_disc(four, supply=12)  # supply 12-2-4-2 = 4, pot 4
    assert (g.supply, g.pot) == (4, 4)
    g.condition().turn("Ana", "L2", add=2).turn("Ben", "L1", add=2)
    assert g.supply == 0
    g.call("Cid")
    assert q.stake_choices(g.state).adds == (1, 2, 3, 4)  # after a refill of 4
    g.stake(add=2)
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 0, "Dora": 0}
    assert (g.supply, g.pot) == (2, 10)


def test_no_refill_while_the_supply_covers_the_stake(four):
    # Spec: "When the supply holds fewer discs than an action ... needs, it is first
    # refilled" - and only then.
    g = everyone_holds_one_disc(four, supply=12)
    g.condition().call("Ana").stake(add=2)
    assert g.supply == 2
    assert g.discs == {"Ana": 1, "Ben": 1, "Cid": 1, "Dora": 1}


def test_a_take_also_triggers_the_refill(four):
    # "If no more discs can be taken from the supply, it is refilled".
    g = everyone_holds_one_disc(four, supply=10)  # supply 2, pot 4
    g.condition().turn("Ana", "L2", add=2)
    assert g.supply == 0
    g.call("Ben").stake(take=1)
    # refill: everyone returns his 1 disc -> supply 4, then Ben takes 1
    assert g.discs == {"Ana": 0, "Ben": 1, "Cid": 0, "Dora": 0}
    assert g.supply == 3


def test_stake_is_limited_to_what_the_supply_can_give_after_a_refill(four):
    # Spec: "If it is still short, ... a stake or take that cannot be covered is illegal."
    g = everyone_holds_one_disc(four, supply=10)  # supply 2, pot 4
    g.condition().turn("Ana", "L2", add=2).turn("Ben", "L1", add=2)  # Ben's needs a refill
    assert (g.supply, g.discs["Cid"]) == (2, 0)
    g.call("Cid")
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.limit) == ((1, 2), True, 4)
    g.rejects(Stake("Cid", add=3), "the supply can give only 2 discs", "add 1 or 2")


def test_base_prize_triggers_a_refill_when_the_supply_is_short(four):
    # Spec: "When the supply holds fewer discs than ... the base prize needs, it is
    # first refilled".
    g = four(supply=9)  # supply 7, pot 2
    g.round4(
        {"Ana": "L2", "Ben": "L1", "Cid": "R1", "Dora": "R2"},
        down="right",
        Ana={"take": 1},
        Ben={"take": 1},
        Cid={"add": 4},
        Dora={"add": 1},
    )
    # round 1: supply 7-1-1-4-1 = 0, pot 7: Cid and Dora 3 each, 1 left.
    # base prize: refill 1 from everyone (supply 4), then 2 to the pot.
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 2, "Dora": 2}
    assert (g.supply, g.pot) == (2, 3)


def test_base_prize_takes_what_is_there_when_the_supply_stays_short(four):
    # Spec: "If it is still short, the base prize takes what is there".
    g = four(supply=9).round4(SEATS, down="left", Ana={"add": 2}, Ben={"add": 2})
    # supply 7-6 = 1, pot 8: Ana and Ben 4 each; Cid and Dora hold none, so no refill
    # helps: the base prize is the 1 disc left
    assert g.discs == {"Ana": 4, "Ben": 4, "Cid": 0, "Dora": 0}
    assert (g.supply, g.pot) == (0, 1)


def test_player_skips_the_stake_when_the_supply_cannot_give_a_single_disc(four):
    # Spec: "When the supply cannot give even one disc (empty, and the poorest player
    # holds none), the player on turn skips the stake: his `place` comes without a
    # `stake`, and he keeps his share in the prize."
    g = four(supply=8).condition()  # supply 6
    g.turn("Ana", "L2", add=2).turn("Ben", "L1", add=2).turn("Cid", "R1", add=2)
    assert g.supply == 0
    g.call("Dora")
    ch = q.stake_choices(g.state)
    assert (ch.adds, ch.take, ch.required) == ((), False, False)
    assert g.awaited == ("Dora", "place")
    g.place("R2").tilt("right")
    assert g.discs == {"Ana": 0, "Ben": 0, "Cid": 4, "Dora": 4}


def test_total_of_supply_pot_and_discs_never_changes_even_with_a_tiny_supply(four, three, two):
    # Spec: "The total of supply, pot and all players' discs never changes." (The
    # builder checks this after every action; here through whole games that keep
    # running the supply dry and refilling it.)
    for g in (four(supply=5), three(supply=3), two(supply=4)):
        g.play_to_end()
        s = g.state
        assert s.supply + s.pot + sum(s.discs) == s.total
    for g in (four(supply=7), three(supply=6), two(supply=9)):
        g.play_to_end(take=True)
        s = g.state
        assert s.supply + s.pot + sum(s.discs) == s.total
