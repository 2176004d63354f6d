"""The HiLo demo's own notices (companion/tables/hilo/demo.py) in the page's language:
an undo followed (a plural), an action the camera missed (a player's name and the action
described in the language)."""

from __future__ import annotations

from companion.i18n.catalogues import render
from companion.referee.service import GameService
from companion.tables.hilo.demo import SimulatedCardTable


class _BlindCamera:
    """A camera that reports nothing: every action is entered on the tablet, announced."""

    def __init__(self) -> None:
        self.settler = type("Settler", (), {"settled": {}})()

    def frame(self, table, t_mono):
        self.settler.settled = dict(table)
        return None


def _notices(service: GameService, needle: str) -> list:
    return [n for n in service.notices if needle in str(n)]


def test_an_undo_followed_is_said_with_its_plural(tmp_path):
    service = GameService(tmp_path)
    table = SimulatedCardTable(service, seed=6, players=2, speed=None)
    table.play_game(max_actions=20)
    service.undo(2)
    table.play_on(max_actions=1)
    service.undo(1)
    table.play_on(max_actions=1)
    two, one = _notices(service, "taken back on the tablet")
    assert str(two).startswith("demo: 2 actions taken back on the tablet")
    assert render(two, "de").startswith("Demo: 2 Aktionen auf dem Tablet zurückgenommen")
    assert render(one, "de").startswith("Demo: 1 Aktion auf dem Tablet zurückgenommen")
    service.close()


def test_what_the_camera_missed_is_said_in_german_with_the_player(tmp_path):
    service = GameService(tmp_path)
    table = SimulatedCardTable(service, seed=6, players=2, speed=None, camera=_BlindCamera())
    table.play_game(max_actions=6)
    missed = _notices(service, "the camera missed")
    assert missed and table.missed == len(missed)
    english, german = str(missed[-1]), render(missed[-1], "de")
    assert english.startswith("demo: the camera missed ") and english.endswith(
        "; entered on the tablet"
    )
    assert german.startswith("Demo: die Kamera hat übersehen: ")
    assert german.endswith("; auf dem Tablet eingegeben")
    who = next(p for p in table.table.state.players if p in english)
    assert who in german
    service.close()
