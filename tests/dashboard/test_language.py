"""The page's language: ?lang=, Accept-Language, the table's language (docs/i18n.md)."""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.referee.service import GameService

from .test_api import JSON, START, table_pin

CONDITION_BY_BEN = {"type": "condition", "player": "Ben", "wins": "heavier"}
ENGLISH = "only the chieftain (Ana) sets the victory condition"
GERMAN = "nur der Häuptling (Ana) legt die Siegbedingung fest"


@pytest.fixture
def service(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    s = GameService(tmp_path)
    yield s
    s.close()


def _player(service, **config):
    app = create_app(service, test_config={"TESTING": True, "SSE_ONCE": True, **config})
    client = app.test_client()
    assert client.post("/api/session", json={"pin": table_pin(app)}).status_code == 200
    assert client.post("/api/games", json=START, headers=JSON).status_code == 200
    return client


def test_a_refusal_is_said_in_the_language_the_page_asks_for(service):
    player = _player(service)
    r = player.post("/api/actions?lang=de", json=CONDITION_BY_BEN, headers=JSON)
    assert (r.status_code, r.json) == (409, {"error": GERMAN})
    r = player.post(
        "/api/actions",
        json=CONDITION_BY_BEN,
        headers={**JSON, "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"},
    )
    assert r.json == {"error": GERMAN}
    r = player.post("/api/actions", json=CONDITION_BY_BEN, headers=JSON)
    assert r.json == {"error": ENGLISH}


def test_the_tables_language_is_the_default_and_a_page_may_switch_back(service):
    player = _player(service, COMPANION_LANG="de")
    assert player.post("/api/actions", json=CONDITION_BY_BEN, headers=JSON).json["error"] == GERMAN
    r = player.post("/api/actions?lang=en", json=CONDITION_BY_BEN, headers=JSON)
    assert r.json["error"] == ENGLISH


def test_the_settings_file_sets_the_tables_language(service, tmp_path):
    (tmp_path / "table.toml").write_text('language = "de"\n', encoding="utf-8")
    app = create_app(service, test_config={"TESTING": True})
    r = app.test_client().get("/api/language")
    assert r.json == {
        "table": "de",
        "page": "de",
        "languages": [{"code": "en", "name": "English"}, {"code": "de", "name": "Deutsch"}],
    }
    assert app.test_client().get("/api/language?lang=en").json["page"] == "en"


def test_a_language_the_companion_does_not_speak_is_announced_and_english_spoken(service, tmp_path):
    (tmp_path / "table.toml").write_text('language = "fr"\n', encoding="utf-8")
    app = create_app(service, test_config={"TESTING": True})
    assert app.test_client().get("/api/language").json["table"] == "en"
    state = app.test_client().get("/api/state").json
    assert "the companion speaks en, de, not 'fr'" in str(state)


def test_the_journal_keeps_the_records_words_whatever_the_page_speaks(service):
    player = _player(service, COMPANION_LANG="de")
    ok = {"type": "condition", "player": "Ana", "wins": "lighter"}
    assert player.post("/api/actions?lang=de", json=ok, headers=JSON).status_code == 200
    r = player.get("/api/record")
    assert '"wins": "lighter"' in r.get_data(as_text=True)
