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
