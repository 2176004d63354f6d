"""`companion doctor` reports the table's language and its catalogue."""

from __future__ import annotations

from companion.doctor import FAIL, OK, Machine, check_language


def test_the_doctor_names_the_language_and_the_size_of_its_catalogue(tmp_path):
    got = check_language(Machine(tmp_path, environ={"COMPANION_LANG": "de"}))
    assert got.status == OK and got.found.startswith("de (") and "messages" in got.found
    got = check_language(Machine(tmp_path, environ={"LANG": "C.UTF-8"}))
    assert (got.status, got.found) == (OK, "en (English, the source language)")


def test_a_language_set_wrongly_fails_with_the_fix(tmp_path):
    (tmp_path / "table.toml").write_text('language = "fr"\n', encoding="utf-8")
    got = check_language(Machine(tmp_path, environ={}))
    assert got.status == FAIL
    assert "the companion speaks en, de, not 'fr'" in got.found
    assert "table.toml" in got.fix


def test_the_doctor_reports_in_the_tables_language(tmp_path):
    from companion.doctor import check_journals, report

    games = tmp_path / "games"
    games.mkdir()
    (games / "20261201-100000-abcdef.journal").write_bytes(b"not a database at all" * 100)
    for environ, fix, end in (
        (
            {"COMPANION_LANG": "de"},
            "      Abhilfe: aus {games} verschieben (eine Kopie behalten);",
            "1 Prüfung(en) FEHLGESCHLAGEN (FAIL), 0 Warnung(en): zuerst die FAIL-Zeilen beheben",
        ),
        (
            {"COMPANION_LANG": "en"},
            "      fix: move it out of {games} (keep a copy);",
            "1 check(s) FAILED, 0 warning(s): fix the FAIL lines first",
        ),
    ):
        m = Machine(tmp_path, environ=environ)
        said: list[str] = []
        assert report(check_journals(m), m, out=said.append) == 1
        assert said[0].startswith("FAIL  journal 20261201-100000-abcdef.journal: damaged: ")
        assert said[1].startswith(fix.format(games=games)), said
        assert said[-1] == end
    m = Machine(tmp_path / "empty", environ={"COMPANION_LANG": "de"})
    said = []
    assert report([check_language(m)], m, out=said.append) == 0
    assert said[0].startswith("ok    language: de (") and "Meldungen im Katalog)" in said[0]
    assert said[-1] == "alles gut"


def test_a_load_cells_problems_are_said_in_german_with_decimal_commas():
    from types import SimpleNamespace

    from companion.i18n.catalogues import render
    from companion.profile import default_profile
    from companion.scale_cli import _diagnose

    stats = SimpleNamespace(
        samples=100, saturated=3, rate_sps=5.0, noise_g=2.5, glitches=0, drift_g_per_min=-3.25
    )
    found = [(render(f, "de"), render(x, "de")) for f, x in _diagnose(stats, default_profile())]
    assert found[0] == ("3 gesättigte Messwerte", "ein gebrochener Zellendraht, oder Überlast")
    assert found[1][0].startswith("5,0 Messwerte/s, eingestellt ")
    assert found[2][0] == "2,50 g Rauschen (erwartet unter 1 g)"
    assert found[3][0] == "driftet -3,25 g/min"
