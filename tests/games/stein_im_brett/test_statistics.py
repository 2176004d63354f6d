"""Long statistical runs (``make test-slow``): many seeded games, careful and careless."""

from __future__ import annotations

from statistics import mean

import pytest

from companion.games.stein_im_brett.random_player import random_game_iter
from companion.games.stein_im_brett.scoring import totals


def final(players: int, seed: int, care: float):
    return list(random_game_iter(players, seed, care=care))[-1][1]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 6])
def test_players_who_follow_the_placing_rule_score_more(players):
    careless = [sum(totals(final(players, seed, 0.0))) for seed in range(150)]
    careful = [sum(totals(final(players, seed, 1.0))) for seed in range(150)]
    assert mean(careful) > mean(careless) + 5


@pytest.mark.slow
def test_many_games_end_after_three_rounds_with_every_stone_accounted_for():
    for seed in range(1500):
        s = final(2 + seed % 5, seed, 0.3)
        assert s.finished and len(s.scorings) == 3 and s.in_bag == 0
        assert sum(s.box) + sum(map(sum, s.piles)) + sum(s.shown()) == 114
