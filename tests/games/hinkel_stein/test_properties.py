"""Properties of random legal games (hypothesis draws the seed and the table size;
a failure prints the falsifying seed, and the seed replays the game exactly)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.hinkel_stein import (
    Fate,
    Tilt,
    apply,
    awaiting,
    parse_action,
    replay,
    start_game,
    to_record,
)
from companion.games.hinkel_stein.moves import fate_open, legal_actions, tilt_open
from companion.games.hinkel_stein.names import PASSES, ROUNDS_PER_PASS
from companion.games.hinkel_stein.random_player import random_game, random_game_iter

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.sampled_from([2, 3, 4])


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds)
def test_random_games_keep_the_disc_invariant(players, seed):
    for _, state in random_game_iter(players, seed):
        assert state.supply + state.pot + sum(state.discs) == 50
        assert state.supply >= 0 and state.pot >= 0 and min(state.discs) >= 0


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds)
def test_random_games_always_have_a_legal_decision_until_the_end(players, seed):
    for _, state in random_game_iter(players, seed):
        aw = awaiting(state)
        if state.finished:
            assert aw is None and legal_actions(state) == [] and not tilt_open(state)
            continue
        types = {type(a).__name__.lower() for a in legal_actions(state)}
        if tilt_open(state):
            types.add("tilt")
        if fate_open(state):
            types.add("fate")
        # the awaited decision is one the rules offer, from the player it names
        assert aw.action in types, (aw, types)
        for a in legal_actions(state):
            if aw.player is not None and type(a).__name__.lower() == aw.action:
                assert a.player == aw.player


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds)
def test_random_games_end_after_the_right_number_of_passes(players, seed):
    actions = random_game(players, seed)
    state = replay(actions)
    assert state.finished
    assert state.pass_no == PASSES[players] and state.round_no == ROUNDS_PER_PASS
    tilts = sum(isinstance(a, Tilt) for a in actions)
    assert tilts == PASSES[players] * ROUNDS_PER_PASS
    assert state.winners and all(
        d == max(state.discs)
        for p, d in zip(state.players, state.discs, strict=True)
        if p in state.winners
    )


@settings(max_examples=60, deadline=None)
@given(players=tables, seed=seeds)
def test_replaying_the_record_of_a_game_gives_the_same_state(players, seed):
    states = [s for _, s in random_game_iter(players, seed)]
    actions = random_game(players, seed)
    lines = [json.dumps(to_record(a), ensure_ascii=False) for a in actions]
    parsed = [parse_action(json.loads(line)) for line in lines]
    assert parsed == actions
    state = start_game(parsed[0])
    for a, expected in zip(parsed[1:], states[1:], strict=True):
        state = apply(state, a)
        assert state == expected


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert random_game(4, 123) == random_game(4, 123)
    assert random_game(4, 123) != random_game(4, 124)


@settings(max_examples=30, deadline=None)
@given(players=tables, seed=seeds)
def test_the_random_player_moves_the_stone_of_fate_only_off_the_spaces(players, seed):
    from companion.games.hinkel_stein.names import fate_position_allowed

    for a in random_game(players, seed):
        if isinstance(a, Fate):
            assert fate_position_allowed(a.x)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_per_table_size_end_properly(players):
    for seed in range(1000):
        try:
            *_, (_, state) = random_game_iter(players, seed)
        except Exception as e:  # pragma: no cover - reported with the seed
            raise AssertionError(f"{players} players, seed {seed}: {e}") from e
        assert state.finished, f"{players} players, seed {seed}"
        assert state.supply + state.pot + sum(state.discs) == 50, f"seed {seed}"


@settings(max_examples=15, deadline=None)
@given(players=tables, seed=seeds)
def test_every_action_the_queries_offer_is_accepted_by_apply(players, seed):
    # what the queries offer and what apply accepts are the same rules
    for _, state in random_game_iter(players, seed):
        for a in legal_actions(state):
            apply(state, a)
