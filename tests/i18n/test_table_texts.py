"""The referees' warnings, the "put back" hints and what the game awaits follow each
page's language: the snapshot keeps them as messages and says them in the language a
page asks for (``?lang=``), on ``/api/state``, ``/api/events`` and the answers to actions.
Hinkel & Stein and Stein im Brett in both languages: names, numbers, plurals."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.games.hinkel_stein import Fate, Place
from companion.games.hinkel_stein import Start as HSStart
from companion.games.hinkel_stein import start_game as hs_start
from companion.games.stein_im_brett import Draw, Start, apply, start_game
from companion.i18n.catalogues import render, render_all
from companion.i18n.message import msg
from companion.sensing.observations import CellChange, CellsChanged, StoneAdded
from companion.tables.hinkel_stein import view as hs_view
from companion.tables.stein_im_brett import view as sib_view
from companion.tables.stein_im_brett.referee import SteinImBrettCamera

from ..dashboard.test_api import JSON, START
from ..dashboard.test_language import _player
from .german import german_problems

OUT_OF_TURN_EN = (
    "A stone (50 g) went onto L1 out of turn (Ana must first condition): take it off,"
    " or enter the turn on the tablet"
)
OUT_OF_TURN_DE = (
    "Ein Stein (50 g) kam außer der Reihe auf L1 (Ana muss zuerst die Siegbedingung"
    " festlegen): nehmt ihn herunter oder gebt den Zug auf dem Tablet ein"
)


def _event_snapshot(client, query: str) -> dict:
    body = client.get(f"/api/events{query}").get_data(as_text=True)
    data = next(line for line in body.splitlines() if line.startswith("data: "))
    return json.loads(data[len("data: ") :])


def test_a_referee_warning_is_said_in_each_pages_language(service):
    player = _player(service)
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))  # before the victory condition
    assert german_problems(service.warnings[0]) == []
    assert player.get("/api/state").json["warnings"] == [OUT_OF_TURN_EN]
    assert player.get("/api/state?lang=de").json["warnings"] == [OUT_OF_TURN_DE]
    german = player.get("/api/state", headers={"Accept-Language": "de-DE,de;q=0.9"}).json
    assert german["warnings"] == [OUT_OF_TURN_DE]
    assert (
        german["view"]["awaiting_text"]
        == "Ana wählt: die schwerere oder die leichtere Seite gewinnt"
    )
    labels = [c["label"] for c in german["view"]["choices"]]
    assert "Die schwerere Seite gewinnt" in labels, labels
    # the live stream: one snapshot per language asked for, the same version
    de, en = _event_snapshot(player, "?lang=de"), _event_snapshot(player, "")
    assert (de["warnings"], en["warnings"]) == ([OUT_OF_TURN_DE], [OUT_OF_TURN_EN])
    assert de["version"] == en["version"]
    # the record and the replay stay in the record's words
    assert de["replay"] == en["replay"]


def test_the_answer_to_an_action_and_an_undo_hint_follow_the_page(service):
    player = _player(service)
    r = player.post(
        "/api/actions?lang=de",
        json={"type": "condition", "player": "Ana", "wins": "heavier"},
        headers=JSON,
    )
    assert r.status_code == 200
    assert r.json["view"]["awaiting_text"] == "Ana ruft auf, wer als Nächstes setzt"
    r = player.post("/api/undo?lang=de", json={"count": 1}, headers=JSON)
    assert r.json["undo_hints"] == [
        "Zurückgenommen: Ana (Häuptling): die schwerere Seite gewinnt diese Runde;"
        " auf dem Tisch ist nichts zu ändern"
    ]
    english = player.get("/api/state").json
    assert english["undo_hints"] == [
        "Taken back: Ana (chieftain): the heavier side wins this round;"
        " nothing to change on the table"
    ]


def test_the_table_language_is_the_pages_default_for_snapshots(service):
    player = _player(service, COMPANION_LANG="de")
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))
    assert player.get("/api/state").json["warnings"] == [OUT_OF_TURN_DE]
    assert player.get("/api/state?lang=en").json["warnings"] == [OUT_OF_TURN_EN]


def test_snapshot_json_is_serialised_once_per_version_and_language(service):
    service.new_game({"type": "start", "game": "hinkel-stein", **START})
    service.observe(StoneAdded(1.0, 50.0, -110.0, "L1"))
    v, de = service.snapshot_json("de")
    assert OUT_OF_TURN_DE in de and service.snapshot_json("de") == (v, de)
    assert service.snapshot_json("de")[1] is de  # cached, not serialised again
    v_en, en = service.snapshot_json()
    assert v_en == v and OUT_OF_TURN_EN in en and OUT_OF_TURN_DE not in en


def test_render_all_says_every_message_in_a_structure_and_leaves_the_rest():
    data = {"a": [msg("nothing"), "plain", 3, None], "b": {"c": (msg("Accept"),)}}
    assert render_all(data, "de") == {"a": ["nichts", "plain", 3, None], "b": {"c": ["Annehmen"]}}
    assert render_all(data, "en") is data


def test_hinkel_stein_undo_hints_in_german_with_decimal_commas():
    state = hs_start(
        HSStart(("Ana", "Ben"), (("pillar", "hinkelstein"), ("quartz", "boulder"))),
        fate_home_x=-60.5,
    )
    before = replace(state, round=replace(state.round, fate_x=-60.5))
    hint = hs_view.undo_hint(Fate("Ben", 200.0), before, before)
    assert hint == "Put the Stone of Fate back at -60.5 mm"
    assert render(hint, "de") == "Legt den Schicksalsstein zurück auf -60,5 mm"
    assert german_problems(hint) == []
    hint = hs_view.undo_hint(Place("Ana", ("P1",), "L2"), before, before)
    assert hint == "Take P1 off L2 and give it back to Ana"
    assert render(hint, "de") == "Nehmt P1 von L2 und gebt ihn Ana zurück"


def _sib_camera(state):
    cam = SteinImBrettCamera()
    ids = state.board.ids
    changes = tuple(CellChange(f, "unknown", "empty", 0.9) for f in ids)
    cam.observe(CellsChanged(0.0, "stein-im-brett", changes), state)
    return cam


@pytest.mark.parametrize(
    ("seen", "english", "german"),
    [
        (
            {"a1": "red", "a2": "red", "a3": "red", "a4": "green"},
            "Ana places 3 stones this turn, but the camera sees 4 new ones (red on a1, red on a2,"
            " red on a3, green on a4): take the extra stone off",
            "Ana setzt in diesem Zug 3 Steine, aber die Kamera sieht 4 neue (Rot auf a1, Rot auf"
            " a2, Rot auf a3, Grün auf a4): nehmt den überzähligen Stein herunter",
        ),
        (
            {"a1": "red", "a2": "red", "a3": "red", "a4": "green", "b1": "green"},
            "Ana places 3 stones this turn, but the camera sees 5 new ones (red on a1, red on a2,"
            " red on a3, green on a4, green on b1): take the 2 extra stones off",
            "Ana setzt in diesem Zug 3 Steine, aber die Kamera sieht 5 neue (Rot auf a1, Rot auf"
            " a2, Rot auf a3, Grün auf a4, Grün auf b1): nehmt die 2 überzähligen Steine herunter",
        ),
    ],
)
def test_stein_im_brett_warnings_in_both_languages_with_plurals(seen, english, german):
    s = start_game(Start(("Ana", "Ben"), (("red", "yellow", "green"), ("blue", "white", "black"))))
    s = apply(s, Draw("red"))
    cam = _sib_camera(s)
    changes = tuple(CellChange(f, "empty", c, 0.9) for f, c in seen.items())
    (warning,) = cam.observe(CellsChanged(1.0, "stein-im-brett", changes), s).warnings
    assert (warning, render(warning, "de")) == (english, german)
    assert german_problems(warning) == []


def test_stein_im_brett_awaiting_and_undo_hint_in_german():
    s = start_game(Start(("Ana", "Ben"), (("red", "yellow", "green"), ("blue", "white", "black"))))
    assert (
        render(sib_view.awaiting_text(s), "de")
        == "Zieht einen Stein aus dem Beutel: sein Besitzer beginnt"
    )
    after = apply(s, Draw("red"))
    text = sib_view.awaiting_text(after)
    assert render(text, "de").startswith("Ana setzt ") and render(text, "de").endswith(" Steine")
    hint = sib_view.undo_hint(Draw("red"), s, after)
    assert hint == "The draw of a red stone is undone: draw again for the starting player"
    assert render(hint, "de") == (
        "Das Ziehen eines Steins in Rot ist zurückgenommen: zieht noch einmal für den Startspieler"
    )


def test_a_malformed_action_is_refused_in_the_pages_language(service):
    player = _player(service)
    bad = {"type": "stake", "player": "Ana", "add": 0}
    r = player.post("/api/actions?lang=de", json=bad, headers=JSON)
    assert (r.status_code, r.json) == (
        400,
        {"error": "stake: 'add' muss mindestens 1 sein, nicht 0"},
    )
    r = player.post("/api/actions", json=bad, headers=JSON)
    assert r.json == {"error": "stake: 'add' must be at least 1, not 0"}


def test_an_undo_refused_and_a_stream_refused_are_said_in_the_pages_language(service):
    from companion.dashboard.streams import Refusal, refused_event
    from companion.i18n.message import msg as message

    player = _player(service)
    r = player.post("/api/undo?lang=de", json={"row": 1}, headers=JSON)
    assert (r.status_code, r.json) == (
        409,
        {"error": "nichts zurückzunehmen: das Spiel hat nur seinen Start"},
    )
    assert player.post("/api/undo", json={"row": 1}, headers=JSON).json == {
        "error": "nothing to undo: the game has only its start"
    }
    reason = message(
        "too many live pages from your address ({n} at most): close a tab or wait", n=6
    )
    event = refused_event(Refusal(429, reason, 20), "de")
    assert "zu viele Live-Seiten von deiner Adresse (höchstens 6)" in event
    assert "too many live pages from your address (6 at most)" in refused_event(
        Refusal(429, reason, 20)
    )


def test_a_notice_on_every_dashboard_follows_the_pages_language(service):
    player = _player(service)
    service.announce(  # the demo's banner (companion/demo_cli.py)
        msg(
            "DEMO: a simulated scale and camera, scripted players (seeded random legal"
            " choices); the tablet may still take over any decision"
        )
    )
    german = player.get("/api/state?lang=de").json["notices"]
    assert german[-1].startswith("DEMO: eine simulierte Waage und Kamera, gespielte Spieler")
    english = player.get("/api/state").json["notices"]
    assert english[-1].startswith("DEMO: a simulated scale and camera, scripted players")
