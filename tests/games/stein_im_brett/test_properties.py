"""Properties of random legal games (hypothesis draws the seed, the table size, the care
and sometimes a small board; a failure prints the falsifying seed, which replays it)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.stein_im_brett import (
    Board,
    Place,
    advice,
    apply,
    awaiting,
    parse_action,
    replay,
    start_game,
    to_record,
)
from companion.games.stein_im_brett.advice import own_pairs
from companion.games.stein_im_brett.moves import colour_sets, legal_actions, placements
from companion.games.stein_im_brett.names import STONES_PER_COLOUR
from companion.games.stein_im_brett.random_player import random_game_iter

from .script import stones_everywhere

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.integers(min_value=2, max_value=6)
cares = st.sampled_from([0.0, 0.5, 1.0])


@st.composite
def boards(draw):
    """None (the default board) or a random small patch of hexes."""
    if draw(st.booleans()):
        return None
    cells = draw(
        st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=20)
    )
    return Board.of((f"h{k}", q, r) for k, (q, r) in enumerate(sorted(cells)))


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, care=cares, board=boards())
def test_random_games_conserve_the_stones(players, seed, care, board):
    placed = 0  # stones placed this round, counted from the actions, not from the board
    for action, s in random_game_iter(players, seed, care=care, board=board):
        assert stones_everywhere(s) == [STONES_PER_COLOUR] * 6
        assert s.free == sum(1 for c in s.cells if c is None)
        if isinstance(action, Place):
            placed = 0 if not any(s.cells) else placed + len(action.stones)
        assert s.free == s.board.size - placed, f"seed {seed}"


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, care=cares)
def test_three_rounds_exactly_fill_the_default_board_each_round(players, seed, care):
    s = list(random_game_iter(players, seed, care=care))[-1][1]
    assert s.finished and len(s.scorings) == 3 and s.in_bag == 0
    for scoring in s.scorings:
        assert all(c is not None for c in scoring.cells)
    assert sum(sum(x.points) for x in s.scorings) == sum(s.total(i) for i in range(s.n))


@settings(max_examples=40, deadline=None)
@given(players=tables, seed=seeds, board=boards())
def test_a_legal_decision_always_exists_until_the_end(players, seed, board):
    for _, s in random_game_iter(players, seed, board=board):
        aw = awaiting(s)
        options = legal_actions(s)
        if s.finished:
            assert aw is None and options == []
            continue
        assert options and all(type(a).__name__.lower() == aw.action for a in options)
        if aw.action == "place":
            assert all(a.player == aw.player and len(a.stones) == aw.stones for a in options)
            apply(s, options[-1])  # accepted
            first = next(placements(s, colour_sets(s)[0]))
            apply(s, first)


@settings(max_examples=40, deadline=None)
@given(players=tables, seed=seeds, care=cares, board=boards())
def test_a_record_replays_to_the_same_state(players, seed, care, board):
    played = list(random_game_iter(players, seed, care=care, board=board))
    actions, state = [a for a, _ in played], played[-1][1]
    lines = [json.dumps(to_record(a)) for a in actions]
    parsed = [parse_action(json.loads(x)) for x in lines]
    assert parsed == actions
    assert replay(parsed) == state
    assert start_game(parsed[0]).board == state.board


@settings(max_examples=30, deadline=None)
@given(players=tables, seed=seeds, board=boards())
def test_the_placing_advice_offers_a_legal_arrangement_with_fewer_pairs(players, seed, board):
    before = None
    for action, s in random_game_iter(players, seed, board=board):
        if isinstance(action, Place):
            a = advice(before, action)
            if a is not None:
                better = Place(action.player, a.instead)
                apply(before, better)  # legal
                assert sorted(c for _, c in a.instead) == sorted(c for _, c in action.stones)
                ix = before.board.index
                pairs = own_pairs(before, before.turn, [(ix[f], c) for f, c in a.instead])
                assert len(pairs) == a.instead_together < len(a.together)
        before = s
