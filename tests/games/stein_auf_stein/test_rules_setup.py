"""Setup: "Put the 18 building blocks on the building site"; the players take turns
clockwise, the one who last saw a crane (listed first) starting."""

from __future__ import annotations

from companion.games.stein_auf_stein import STANDARD
from companion.games.stein_auf_stein.standard import DIE

from .script import Table


def test_the_box_holds_eighteen_blocks_in_the_colours_of_the_die():
    assert len(STANDARD.blocks) == 18
    assert len({b.id for b in STANDARD.blocks}) == 18
    assert {b.colour for b in STANDARD.blocks} == set(DIE)


def test_every_block_starts_on_the_building_site():
    t = Table("basic", ("Ana", "Ben", "Cleo"))
    assert t.site == {b.id for b in STANDARD.blocks}
    assert all(t.blocks(p) == () for p in ("Ana", "Ben", "Cleo"))


def test_the_first_player_listed_rolls_first():
    # "The player who last saw a crane goes first": the table decides, the record lists
    # that player first.
    assert Table("basic", ("Cleo", "Ana")).awaited == ("Cleo", "roll")


def test_players_take_turns_in_clockwise_order():
    t = Table("basic", ("Ana", "Ben", "Cleo"))
    t.do("Ana roll red", "Ana lift")
    assert t.awaited == ("Ben", "roll")
    t.do("Ben roll red", "Ben lift")
    assert t.awaited == ("Cleo", "roll")
    t.do("Cleo roll red", "Cleo lift")
    assert t.awaited == ("Ana", "roll")


def test_two_three_or_four_players_may_play_and_one_plays_solo():
    for players in (("A", "B"), ("A", "B", "C"), ("A", "B", "C", "D")):
        assert Table("basic", players).state.n == len(players)
    assert Table("solo", ("Ana",)).state.n == 1
