"""Properties of random legal games (hypothesis draws the seed, the table size and the
variant; a failure prints the falsifying seed, and the seed replays the game exactly)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.heuchel_meuchel import (
    apply,
    awaiting,
    parse_action,
    replay,
    start_game,
    to_record,
)
from companion.games.heuchel_meuchel import queries as q
from companion.games.heuchel_meuchel.moves import legal_actions
from companion.games.heuchel_meuchel.names import CARDS, GOAL_OF
from companion.games.heuchel_meuchel.random_player import random_game, random_game_iter

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.integers(min_value=2, max_value=6)
variants = st.booleans()


def all_cards(state):
    on_board = [c for col in state.board for u in col if u is not None for c in u.cards]
    return on_board + [c for d in state.discards for c in d]


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_cards_are_conserved_and_never_doubled(players, seed, dice):
    first = None
    for _, state in random_game_iter(players, seed, dice=dice):
        cards = sorted(all_cards(state))
        first = first or cards
        assert cards == first and len(cards) == 6 * players
        assert len(set(cards)) == len(cards) and set(cards) <= set(CARDS)


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_no_top_card_stands_above_its_goal_and_flipped_cards_stand_on_it(players, seed, dice):
    for _, state in random_game_iter(players, seed, dice=dice):
        for col in state.board:
            for row, u in enumerate(col, start=1):
                if u is not None:
                    assert row <= GOAL_OF[u.top]
                    assert u.flipped == (row == GOAL_OF[u.top])


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_a_legal_decision_always_exists_until_the_end(players, seed, dice):
    for _, state in random_game_iter(players, seed, dice=dice):
        aw = awaiting(state)
        legal = legal_actions(state)
        if state.finished:
            assert aw is None and legal == []
            continue
        types = {type(a).__name__.lower() for a in legal}
        assert aw.action in types, (aw, types)
        assert all(a.player == aw.player for a in legal)
        assert {o.action for o in q.optional_actions(state)} <= types


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_the_game_ends_as_the_rulebook_says(players, seed, dice):
    actions = random_game(players, seed, dice=dice)
    assert len(actions) < 2000
    state = replay(actions)
    assert state.finished
    movers = q.players_to_move(state)
    assert len(movers) == 0 if dice else len(movers) <= 1
    scores = q.scores(state)
    assert state.winners == tuple(
        p for p, s in zip(state.players, scores, strict=True) if s == max(scores)
    )


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_replaying_the_record_of_a_game_gives_the_same_state(players, seed, dice):
    history = list(random_game_iter(players, seed, dice=dice))
    lines = [json.dumps(to_record(a), ensure_ascii=False) for a, _ in history]
    parsed = [parse_action(json.loads(line)) for line in lines]
    assert parsed == [a for a, _ in history]
    state = start_game(parsed[0])
    for a, (_, expected) in zip(parsed[1:], history[1:], strict=True):
        state = apply(state, a)
        assert state == expected
    assert replay(parsed) == history[-1][1]


@settings(max_examples=15, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_every_action_the_queries_offer_is_accepted_by_apply(players, seed, dice):
    for _, state in random_game_iter(players, seed, dice=dice):
        for a in legal_actions(state):
            apply(state, a)


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert random_game(4, 123) == random_game(4, 123)
    assert random_game(4, 123) != random_game(4, 124)


@pytest.mark.slow
@pytest.mark.parametrize("dice", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_thousand_random_games_per_table_size_end_properly(players, dice):
    for seed in range(1000):
        *_, (_, state) = random_game_iter(players, seed, dice=dice)
        assert state.finished, f"{players} players, seed {seed}"
        assert state.card_count() == 6 * players, f"seed {seed}"


@settings(max_examples=20, deadline=None)
@given(players=tables, seed=seeds, dice=variants)
def test_a_players_view_never_shows_other_players_cards_below_the_top(players, seed, dice):
    from companion.games.heuchel_meuchel.summary import view

    for _, state in random_game_iter(players, seed, dice=dice):
        if state.finished:
            continue
        for me in state.players:
            seen = view(state, me)
            for name, units in seen["board"].items():
                column = dict(state.units(state.seat(name)))
                for shown in units:
                    unit = column[shown["row"]]
                    if name == me:
                        assert shown["cards"] == list(unit.cards)
                    else:
                        assert set(shown) == {"row", "top", "count", "flipped"}
                        assert (shown["top"], shown["count"]) == (unit.top, len(unit.cards))
