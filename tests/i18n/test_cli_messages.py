"""The other commands in the table's language (COMPANION_LANG): `companion doctor scale`
(its table, verdict and problems), `record scale`, `sense`, `generate`, `pin --reset`,
and the storage notices on the dashboard (in the page's language)."""

from __future__ import annotations

import errno
import math
import re
from types import SimpleNamespace

import pytest

from companion.cli import main
from companion.i18n.catalogues import render
from companion.journal import storage_error
from companion.profile import default_profile
from companion.scale_cli import scale_report

from .german import german_problems

NAN = math.nan


@pytest.fixture
def lang(tmp_path, monkeypatch):
    """Set the table's language through the environment, as an operator would."""
    for var in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "COMPANION_BACKEND"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))

    def set_lang(code: str) -> None:
        monkeypatch.setenv("COMPANION_LANG", code)

    return set_lang


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- doctor scale ----------------------------------------------------------------------


def test_doctor_scale_says_its_table_and_verdict_in_german_with_decimal_commas(capsys, lang):
    lang("de")
    code, out, err = run(capsys, "doctor", "scale", "--backend", "simulated", "--seconds", "5")
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0] == "Wägezellen (simuliert), 5 s, Profil 'default':"
    assert lines[1].split() == ["Kanal", "Rate/s", "Rausch.", "g", "Ausreißer", "Drift",
                                "g/min", "Mittel", "g", "Wandern", "g"]  # fmt: skip
    rows = {line.split()[0]: line.split() for line in lines[2:5]}
    assert set(rows) == {"Keil", "links", "rechts"}
    for row in rows.values():
        assert re.fullmatch(r"\d+,\d", row[1]) and 79 <= float(row[1].replace(",", ".")) <= 81
        assert re.fullmatch(r"\d+,\d\d", row[2])  # noise in g, a decimal comma
        assert "." not in "".join(row)
    assert "  eingestellt: 80 Messwerte/s je Kanal" in lines
    verdict = next(line for line in lines if line.startswith("SCALE "))
    assert verdict.startswith("SCALE gut: ")
    assert lines[-1] == "OK: jeder Kanal misst mit seiner Rate, ruhig, ohne Drift"


def _stats(**changes):
    base = {
        "samples": 400,
        "saturated": 0,
        "rate_sps": 80.0,
        "noise_g": 0.3,
        "glitches": 0,
        "drift_g_per_min": 0.1,
        "mean_g": 12.5,
        "wander_g": 0.2,
    }
    return SimpleNamespace(**{**base, **changes})


def test_doctor_scale_names_each_problem_in_either_language():
    stats = {
        "wedge": _stats(
            samples=0, rate_sps=NAN, noise_g=NAN, drift_g_per_min=NAN, mean_g=NAN, wander_g=NAN
        ),
        "left": _stats(glitches=40, drift_g_per_min=-3.25),
        "right": _stats(),
    }
    profile = default_profile()
    de = scale_report(stats, profile, kind="HX711", seconds=2.5, lang="de")
    en = scale_report(stats, profile, kind="HX711", seconds=2.5, lang="en")
    assert de[0] == "Wägezellen (HX711), 2,5 s, Profil 'default':"
    assert en[0] == "Load cells (HX711), 2.5 s, profile 'default':"
    assert de[2].split()[:3] == ["Keil", "-", "-"]  # no readings: no figures
    assert de[3].split()[:4] == ["links", "80,0", "0,30", "40"]
    assert "40 (10,0\N{NO-BREAK SPACE}%) " in de[3]  # the German percent sign stands apart
    assert en[3].split()[:5] == ["left", "80.0", "0.30", "40", "(10.0%)"]
    assert not any(line.startswith("SCALE") for line in de)  # no verdict without noise
    assert [line for line in de if line.startswith("PROBLEM")] == [
        "PROBLEM Keil: keine Messwerte: der HX711 ist abgesteckt, ohne Strom oder an einem"
        " anderen GPIO-Pin",
        "PROBLEM links: 40 Ausreißer in 400 Messwerten: "
        + render_fix("shorten the wires between the Pi and the HX711, or lower the system load"),
        "PROBLEM links: driftet -3,25 g/min: "
        + render_fix("let it warm up, keep it out of the sun and drafts"),
    ]
    assert (
        en[-1]
        == "PROBLEM left: drifts -3.25 g/min: let it warm up, keep it out of the sun and drafts"
    )
    assert not any(line.startswith("OK") for line in de + en)


def render_fix(english: str) -> str:
    from companion.i18n.catalogues import translations

    german = translations("de").gettext(english)
    assert german != english, english
    return german


# -- record scale, sense ---------------------------------------------------------------


def test_record_scale_says_what_it_wrote_in_german(capsys, lang, tmp_path):
    lang("de")
    out_csv = tmp_path / "round.csv"
    code, out, err = run(capsys, "record", "scale", out_csv, "--simulate-round", "3")
    assert code == 0, err
    assert out == f"5766 Messwerte (24,0 s) nach {out_csv} geschrieben\n"


def test_sense_says_an_unreadable_file_in_german(capsys, lang, tmp_path):
    lang("de")
    missing = tmp_path / "nothing.csv"
    code, _, err = run(capsys, "sense", missing)
    assert code == 2
    assert err.startswith(f"companion sense: kann {missing} nicht lesen: ")


# -- generate, pin ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("de", r"eine Partie für 3 Spieler \((\d+) Zeilen\) nach {path} geschrieben"),
        ("en", r"wrote a 3-player game \((\d+) lines\) to {path}"),
    ],
)
def test_generate_says_what_it_wrote_in_the_tables_language(capsys, lang, tmp_path, code, said):
    lang(code)
    path = tmp_path / "game.jsonl"
    rc, out, _ = run(capsys, "generate", "--players", "3", "--seed", "7", "-o", path)
    assert rc == 0
    found = re.fullmatch(said.format(path=re.escape(str(path))), out.strip())
    assert found, out
    assert int(found.group(1)) == len(path.read_text(encoding="utf-8").splitlines()) > 1


def test_pin_reset_says_the_tablets_are_locked_in_german(capsys, lang):
    lang("de")
    rc, out, err = run(capsys, "pin", "--reset")
    assert rc == 0 and re.fullmatch(r"\d+\n", out)
    assert err == "jedes Tablet ist jetzt gesperrt; die neue Tisch-PIN:\n"


# -- the storage notices -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "german"),
    [
        (errno.ENOSPC, "der Datenträger mit /state/games ist voll ("),
        (errno.EROFS, "/state/games kann nicht beschrieben werden ("),
        (errno.EIO, "der Datenträger versagte bei /state/games ("),
    ],
)
def test_a_storage_notice_is_a_message_in_both_languages(number, german):
    error = storage_error(OSError(number, "refused"), "/state/games")
    notice = error.args[0]
    assert german_problems(notice) == []
    assert render(notice, "de").startswith(german)
    assert "nichts wurde aufgezeichnet" in render(notice, "de")
    assert str(error) == str(notice) and "nothing was recorded" in str(error)


def test_a_full_disk_is_said_in_each_pages_language(tmp_path):
    from companion.dashboard import create_app
    from companion.referee.service import GameService

    start = {
        "players": ["Ana", "Ben", "Cleo", "Dora"],
        "deal": {
            "Ana": ["pillar"],
            "Ben": ["hinkelstein"],
            "Cleo": ["quartz"],
            "Dora": ["boulder"],
        },
    }
    condition = {"type": "condition", "player": "Ana", "wins": "heavier"}
    headers = {"X-Companion": "1"}
    service = GameService(tmp_path)
    try:
        app = create_app(service, test_config={"TESTING": True, "SSE_ONCE": True})
        player = app.test_client()
        pin = app.extensions["companion.pairing"].code
        assert player.post("/api/session", json={"pin": pin}).status_code == 200
        player.post("/api/games", json=start, headers=headers)
        service._game.journal._con.execute("PRAGMA max_page_count = 1")  # a real SQLITE_FULL
        for i in range(400):  # bounded: the last page fills within a few hundred rows
            path = "/api/actions?lang=de" if i % 2 == 0 else "/api/undo?lang=de"
            r = player.post(path, json=condition, headers=headers)
            if r.status_code != 200:
                break
        assert r.status_code == 507 and r.json["storage"] == "full"
        assert r.json["error"].startswith("der Datenträger mit ")
        assert "Macht Platz frei" in r.json["error"]
        watcher = app.test_client()
        de = watcher.get("/api/state?lang=de").json["notices"]
        en = watcher.get("/api/state?lang=en").json["notices"]
        assert r.json["error"] in de
        assert any(n.startswith("the disk holding ") and "Free some space" in n for n in en)
    finally:
        service.close()


# -- club ----------------------------------------------------------------------------------


def test_club_games_and_a_missing_game_in_german(capsys, lang, tmp_path):
    from tests.club.test_club_cli import make_db

    db, _ = make_db(tmp_path)
    lang("de")
    assert main(["club", "games", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        r"table-2 20261201-190500-bbbbbb hinkel-stein \(Ana, Ben, Cleo\): läuft, 20 Zeilen",
        lines[0],
    ), lines[0]
    assert re.fullmatch(
        r"table-1 20261201-190000-aaaaaa hinkel-stein \(.*\): beendet, gewonnen von"
        r" \w+( und \w+)?, \d+ Zeilen",
        lines[1],
    ), lines[1]
    assert main(["club", "record", "table-9", "x", "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        "companion club record: der Club hat keine Partie 'x' von Tisch 'table-9'\n"
    )
    none = tmp_path / "none.sqlite"
    assert main(["club", "league", "--db", str(none)]) == 2
    assert capsys.readouterr().err == (
        f"companion club league: keine Club-Datenbank unter {none}"
        " (zuerst `companion club serve` starten)\n"
    )


def test_club_games_in_english_keeps_its_words(capsys, lang, tmp_path):
    from tests.club.test_club_cli import make_db

    db, _ = make_db(tmp_path)
    lang("en")
    assert main(["club", "games", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(Ana, Ben, Cleo): under way, 20 rows")
    assert ": finished, won by " in lines[1] and lines[1].endswith(" rows")


# -- markers, calibrate colours, doctor camera ---------------------------------------------


def test_markers_says_what_it_wrote_in_german(capsys, lang, tmp_path):
    lang("de")
    code, out, err = run(capsys, "markers", "stein-im-brett", "-o", tmp_path)
    assert code == 0, err
    svg = tmp_path / "stein-im-brett.svg"
    assert svg.is_file()
    assert re.fullmatch(
        re.escape(f"{svg} geschrieben: ") + r".+, \d+ x \d+ mm, ArUco-4x4-Marker [\d, ]+;"
        r" in 100 % drucken\n",
        out,
    ), out


def test_calibrate_colours_refuses_bad_usage_in_german(capsys, lang, tmp_path):
    lang("de")
    code, _, err = run(capsys, "calibrate", "colours", "--layout", "stein-im-brett")
    assert code != 0
    assert err == (
        "companion calibrate colours: gebt --camera (geführt, live) an, oder --empty BILD und"
        " Fotos als LABEL=BILD\n"
    )


def test_doctor_camera_without_a_camera_says_the_fix_in_german(capsys, lang, monkeypatch):
    from companion.devices import frames
    from companion.errors import DeviceUnavailable

    def no_camera(*args, **kwargs):
        raise DeviceUnavailable("no camera here")

    monkeypatch.setattr(frames, "Picamera2Source", no_camera)
    lang("de")
    code, out, _ = run(capsys, "doctor", "camera")
    assert code == 1
    assert out.splitlines() == [
        "camera: nicht verfügbar: no camera here",
        "  Abhilfe: auf einem Raspberry Pi `sudo apt install python3-picamera2` und das"
        " Flachbandkabel prüfen;",
        "  anderswo nimmt `companion see --camera` den simulierten Tisch (und sagt es).",
    ]


# -- the service's notices about a game it could not resume ---------------------------------


def test_a_journal_moved_aside_is_announced_in_each_pages_language(tmp_path):
    from companion.referee.service import GameService
    from tests.referee.test_damaged_state import _garbage, _played

    path = _played(tmp_path)
    _garbage(path)
    s = GameService(tmp_path)
    try:
        (en,) = s.snapshot("en")["notices"]
        (de,) = s.snapshot("de")["notices"]
        (moved,) = (tmp_path / "damaged").iterdir()
        assert en.startswith(f"the game journal {path.name} could not be read (")
        assert "nothing was deleted" in en
        assert de.startswith(f"das Spieljournal {path.name} konnte nicht gelesen werden (")
        assert f"es wurde ganz nach {moved} verschoben (nichts wurde gelöscht)" in de
        (kept,) = s.snapshot()["notices"]
        assert german_problems(kept) == []  # a message, said anew in each language
    finally:
        s.close()


def test_a_current_file_naming_a_missing_journal_is_announced_in_german(tmp_path):
    from companion.referee.service import GameService

    (tmp_path / "current").write_text("20261201-100000-abcdef.journal\n", encoding="utf-8")
    s = GameService(tmp_path)
    try:
        assert s.snapshot("de")["notices"] == [
            f"das in {tmp_path / 'current'} genannte Spieljournal"
            " 20261201-100000-abcdef.journal fehlt"
        ]
    finally:
        s.close()


# -- export ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("de", "companion export: Journal {path!r}: kein Journal: eine leere Datei\n"),
        ("en", "companion export: journal {path!r}: not a journal: an empty file\n"),
    ],
)
def test_export_of_an_empty_file_names_it_in_the_tables_language(
    capsys, lang, tmp_path, code, said
):
    lang(code)
    empty = tmp_path / "empty.journal"
    empty.write_bytes(b"")
    rc, out, err = run(capsys, "export", empty)
    assert rc == 2 and out == ""
    assert err == said.format(path=str(empty))


# -- calibrate cards ---------------------------------------------------------------------------


def test_calibrate_cards_refuses_bad_usage_in_german(capsys, lang, tmp_path):
    lang("de")
    deck = tmp_path / "deck"
    rc, _, err = run(capsys, "calibrate", "cards", deck, "--video", tmp_path / "v.mp4")
    assert rc == 2
    assert err == (
        "companion calibrate cards: --video und --images gehören zu --camera"
        " (Karte für Karte registrieren)\n"
    )
    rc, _, err = run(capsys, "calibrate", "cards", deck, "--ready", "skat")
    assert rc == 2
    assert err.startswith("companion calibrate cards: kein fertiges Deck für 'skat'; fertig: ")
    assert not deck.exists()
