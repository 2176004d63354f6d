"""The placing rule "avoiding to place stones of his color(s) in adjacent positions, if
possible": advice, not a legal check (decision SIB-5)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.stein_im_brett import Place, advice, apply, arrange, parse_action
from companion.games.stein_im_brett.advice import own_pairs

from .conftest import TWO
from .script import RING, Table, record, start_record


def place(line: str) -> Place:
    return parse_action(record(line))


def test_own_colours_placed_together_when_apart_was_possible_are_pointed_out_with_a_better_way():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    a = advice(s, place("Ana r1:red r2:red r3:blue"))
    assert a is not None and a.player == "Ana"
    assert a.together == (("r1", "r2"),) and a.instead_together == 0
    # One red moves (the fewest moves), the blue keeps its field.
    assert a.instead == (("r4", "red"), ("r2", "red"), ("r3", "blue"))


def test_placing_own_colours_together_is_still_legal():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red", "Ana r1:red r2:red r3:blue")
    assert s.cells[:3] == ("red", "red", "blue")


def test_an_own_stone_beside_one_already_there_is_pointed_out():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    s = apply(s, place("Ana r1:blue r2:white r3:red"))  # Ben's blue and white
    # Ben's blue on r6 touches his blue already on r1; on r4 or r5 it would touch none.
    a = advice(s, place("Ben r6:blue r4:green r5:yellow"))
    assert a is not None and a.together == (("r1", "r6"),)
    assert a.instead_together == 0 and {c: f for f, c in a.instead}["blue"] in {"r4", "r5"}


def test_no_advice_when_the_own_colours_are_apart():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    assert advice(s, place("Ana r1:red r3:red r5:yellow")) is None
    assert advice(s, place("Ana r1:red r2:yellow r3:green")) is None  # different colours


def test_no_advice_for_another_players_colours_placed_together():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    assert advice(s, place("Ana r1:blue r2:blue r3:red")) is None


def test_no_advice_when_no_arrangement_would_have_kept_them_apart():
    t = Table(start_record(TWO, board=RING[:3]))  # r1-r2-r3 in a row
    s = t.play("draw red")
    assert advice(s, place("Ana r1:red r2:red r3:red")) is None
    # With one stone of another colour, the reds could have gone on both ends.
    a = advice(s, place("Ana r1:red r2:red r3:yellow"))
    assert a is not None and a.instead_together == 0
    assert sorted(a.instead) == [("r1", "red"), ("r2", "yellow"), ("r3", "red")]


def test_advice_on_an_illegal_placement_is_refused_like_the_placement():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    with pytest.raises(IllegalAction, match="it is Ana's turn, not Ben's"):
        advice(s, place("Ben r1:blue r2:blue r3:red"))


def test_a_careful_player_arranges_his_stones_apart_where_he_can():
    t = Table(start_record(TWO, board=RING))
    s = t.play("draw red")
    stones = arrange(s, ["red", "red", "red"])
    assert own_pairs(s, 0, [(s.board.index[f], c) for f, c in stones]) == []
    assert sorted(stones) == [("r1", "red"), ("r3", "red"), ("r5", "red")]
