"""The Heuchel & Meuchel demo table end to end: scripted players, the synthetic camera
(rendered cards, a hand reaching in for every move), the card reader, the change tracker
and the referee. Every move, favour and lost card must be recorded from the camera (or,
where the camera cannot tell, asked on the tablet); nothing may be recorded wrong.

A 1600x900 frame costs about 0.2 CPU s to make and read here, and a whole game a
few hundred frames, so the fast tier plays the first moves of a game and the slow tier
whole games with the deal read from the camera.
"""

from __future__ import annotations

import pytest

from companion.games.heuchel_meuchel.random_player import DEFAULT_NAMES
from companion.records import jsonl_objects, replay_objects
from companion.referee.service import GameService
from companion.tables.heuchel_meuchel.demo import SimulatedCardTable


def test_the_first_moves_are_recorded_from_the_camera(tmp_path):
    service = GameService(tmp_path)
    try:
        table = SimulatedCardTable(service, seed=3, speed=None, deck_dir=tmp_path / "deck")
        start = table.deal(["Ana", "Ben"], read=False)
        service.new_game(start)
        table.show_state(service.game_state)
        table.play_on(max_actions=3)
        assert table.wrong == 0 and table.missed == 0, service.notices
        sensed = sum(n for (src, _), n in service.accepted.items() if src == "sensor")
        assert table.recorded >= 2 and sensed >= 2, sorted(service.accepted.items())
        assert table.recorded + table.asked + table.accepted >= 2
    finally:
        service.close()


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "players", "dice"), [(100, 2, False), (101, 2, True)])
def test_a_whole_game_from_the_deal_on_is_refereed_from_the_camera(tmp_path, seed, players, dice):
    service = GameService(tmp_path / "state")
    try:
        table = SimulatedCardTable(service, seed=seed, speed=None, deck_dir=tmp_path / "deck")
        table.play_game(list(DEFAULT_NAMES[:players]), dice=dice)
        state = service.game_state
        assert state.finished, f"seed {seed}: {service.notices}"
        assert table.deal_ok, f"seed {seed}: the deal was misread"
        assert table.wrong == 0 and table.missed == 0, f"seed {seed}: {service.notices}"
        assert table.die_wrong == 0, f"seed {seed}: a roll read wrong"
        if dice:  # the die thrown into its tray is read (tapping stays the fallback)
            assert table.die_read > table.die_tapped, f"seed {seed}: {table.die_tapped} tapped"
        replayed = replay_objects(jsonl_objects(service.record_jsonl().splitlines()))
        assert replayed.state == state
    finally:
        service.close()
