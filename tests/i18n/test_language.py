"""The table's language: --lang, COMPANION_LANG, STATE_DIR/table.toml, the system locale."""

from __future__ import annotations

import pytest

from companion.i18n.language import LanguageError, language_code, page_language, table_language


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("de", "de"),
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("en_GB", "en"),
        ("fr_FR", None),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("", None),
        ("nonsense!", None),
    ],
)
def test_language_codes(value, lang):
    assert language_code(value) == lang


def test_the_flag_comes_first_then_the_environment_then_the_file_then_the_locale(tmp_path):
    (tmp_path / "table.toml").write_text('language = "de"\n', encoding="utf-8")
    env = {"COMPANION_LANG": "en", "LANG": "de_DE.UTF-8"}
    assert table_language("de", state_dir=tmp_path, environ=env) == "de"
    assert table_language(None, state_dir=tmp_path, environ=env) == "en"
    assert table_language(None, state_dir=tmp_path, environ={"LANG": "en_US.UTF-8"}) == "de"
    assert table_language(None, state_dir=None, environ={"LANG": "de_CH.UTF-8"}) == "de"
    assert table_language(None, state_dir=None, environ={"LC_ALL": "C", "LANG": "de_DE"}) == "en"
    assert table_language(None, state_dir=None, environ={}) == "en"


def test_a_language_the_companion_does_not_speak_is_named_with_what_is_allowed(tmp_path):
    with pytest.raises(LanguageError, match="--lang: the companion speaks en, de, not 'fr'"):
        table_language("fr", environ={})
    with pytest.raises(LanguageError, match=r"COMPANION_LANG: .* not 'klingon'"):
        table_language(None, environ={"COMPANION_LANG": "klingon"})
    (tmp_path / "table.toml").write_text("language = 3\n", encoding="utf-8")
    with pytest.raises(LanguageError, match="'language' must be a string"):
        table_language(None, state_dir=tmp_path, environ={})
    (tmp_path / "table.toml").write_text("language = \n", encoding="utf-8")
    with pytest.raises(LanguageError, match="cannot read it"):
        table_language(None, state_dir=tmp_path, environ={})


def test_a_page_asks_by_query_then_by_accept_language_else_takes_the_tables():
    assert page_language("de", [("en", 1.0)], "en") == "de"
    assert page_language("xx", [("fr", 1.0), ("de-DE", 0.8)], "en") == "de"
    assert page_language(None, [("de", 0.0), ("fr", 1.0)], "en") == "en"
    assert page_language(None, [], "de") == "de"
