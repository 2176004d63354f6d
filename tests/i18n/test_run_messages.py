"""``companion run``'s and the demo's own messages in both languages: the dashboard's
notices and device lines, the terminal's lines, a port that cannot be listened on, and
the journal's errors on writing and reading rows."""

from __future__ import annotations

import errno
import sqlite3

import pytest

from companion.cli import EXIT_OK, EXIT_USAGE, main
from companion.devices.backends import open_device
from companion.errors import DeviceUnavailable, JournalError, MalformedRecord
from companion.i18n.catalogues import render
from companion.i18n.message import reason_of
from companion.journal import Journal
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.server import _cannot_listen
from companion.table import ScaleLoop
from tests import test_table as table_tests

from .german import german_problems

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch):
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


class DeadCells(table_tests.DeadCells):
    why = "HX711 on GPIO 6 not ready within 0.5 s"


def test_dead_load_cells_are_announced_and_shown_in_each_pages_language(tmp_path):
    service = GameService(tmp_path)
    loop = ScaleLoop(service, DeadCells(), default_profile()).start()
    try:
        assert table_tests.wait_for(lambda: service.notices)
        de = service.snapshot("de")
        en = service.snapshot("en")
        assert de["notices"] == [
            "Wägezellen: HX711 on GPIO 6 not ready within 0.5 s; gebt die gesetzten Steine auf"
            " dem Tablet ein"
        ]
        assert en["notices"] == [
            "load cells: HX711 on GPIO 6 not ready within 0.5 s; enter placements on the tablet"
        ]
        assert german_problems(service.notices[0]) == []
    finally:
        loop.stop()
        service.close()


def test_the_simulated_scales_device_line_says_its_rate_in_german(tmp_path):
    from companion.devices.load_cells import SimulatedLoadCells
    from companion.devices.scale_sim import ScaleSimulator

    service = GameService(tmp_path)
    cells = SimulatedLoadCells(ScaleSimulator(default_profile(), seed=1))
    loop = ScaleLoop(service, cells, default_profile()).start()
    try:
        assert table_tests.wait_for(lambda: "load cells" in service.devices)
        detail = service.snapshot("de")["devices"]["load cells"]["detail"]
        assert detail.startswith("die simulierte Waage"), detail
        assert service.snapshot("en")["devices"]["load cells"]["detail"].startswith(
            "the simulated scale"
        )
    finally:
        loop.stop()
        service.close()


def test_a_fallback_to_the_simulation_is_announced_in_german():
    notes = []

    def real():
        raise DeviceUnavailable("no camera found")

    assert open_device("camera", real=real, simulated=lambda: "sim", announce=notes.append) == "sim"
    (note,) = notes
    assert str(note) == (
        "camera: real hardware unavailable (no camera found); using the SIMULATION instead"
    )
    assert render(note, "de") == (
        "Kamera: echte Hardware nicht verfügbar (no camera found); stattdessen wird die"
        " SIMULATION benutzt"
    )


def test_a_port_in_use_is_said_in_german_with_the_next_port():
    error = _cannot_listen(OSError(errno.EADDRINUSE, "in use"), "127.0.0.1", 8000)
    de = render(reason_of(error), "de")
    assert de.startswith("Port 8000 ist belegt") and "--port 8001" in de
    assert str(error).startswith("port 8000 is in use")


def test_the_journals_errors_on_writing_and_reading_rows_are_said_in_german(tmp_path):
    with Journal(tmp_path / "game.journal") as j:
        with pytest.raises(MalformedRecord) as first:
            j.append({"type": "tilt", "down": "left"})
        j.append(START)
        with pytest.raises(JournalError) as undo:
            j.undo(2)
    assert render(reason_of(first.value), "de") == (
        "der erste Eintrag eines Journals ist ein 'start', nicht 'tilt'"
    )
    assert render(reason_of(undo.value), "de").endswith(
        ": kann 2 Aktion(en) nicht zurücknehmen: nur 0 nach dem Start"
    )
    con = sqlite3.connect(tmp_path / "game.journal")
    con.execute("UPDATE journal SET payload = '{not json' WHERE seq = 1")
    con.commit()
    con.close()
    with Journal(tmp_path / "game.journal") as j, pytest.raises(JournalError) as damaged:
        j.records()
    de = render(reason_of(damaged.value), "de")
    assert "beschädigt: Zeile 1 enthält ungültiges JSON" in de, de
    assert "damaged: row 1 holds invalid JSON" in str(damaged.value)
    assert german_problems(reason_of(damaged.value)) == []


def test_the_terminal_demo_says_its_own_lines_in_german(capsys):
    args = ["demo", "hilo", "--terminal", "--delay", "0", "--seed", "1"]
    assert main([*args, "--lang", "de"]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith("Demo: eine Partie HiLo mit 3 Spielern")
    assert "\nVon der Kamera erfasst: " in out and " Zügen; auf dem Tablet gefragt: " in out
    assert main(args) == EXIT_OK
    assert "\nRecorded from the camera: " in capsys.readouterr().out
    assert main([*args, "--lang", "de", "--players", "9"]) == EXIT_USAGE
    assert capsys.readouterr().err == "companion demo: HiLo ist für 2 bis 5 Spieler, nicht 9\n"


def test_the_stein_im_brett_demo_names_the_scoring_in_german(capsys):
    args = ["demo", "stein-im-brett", "--terminal", "--delay", "0", "--seed", "1"]
    assert main([*args, "--lang", "de"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "\nRunde 1 ist gewertet: Ana " in out and "\nDas Brett bei der Wertung:\n" in out


def test_controls_without_gpio_are_announced_in_german(tmp_path):
    from companion.controls import start_controls

    from ..test_controls import enabled_pinmap

    service = GameService(tmp_path)
    close = start_controls(service, enabled_pinmap())  # no pin factory: lgpio, not here
    try:
        (note,) = [n for n in service.snapshot("de")["notices"] if n.startswith("Taster")]
        assert note.startswith("Taster und Status-LED: ") and note.endswith(
            "; das Tablet übernimmt alles"
        )
    finally:
        close()
        service.close()
