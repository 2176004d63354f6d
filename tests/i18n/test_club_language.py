"""The club page says each table's warnings in the page's language: the table publishes
each warning's message (``warning_msgs``, ``detail_msg``: ``companion.i18n.wire``) beside
its English, and the club renders it from its own catalogue; an old table's summary,
or a message the club does not know, stays in the English it came with."""

from __future__ import annotations

import json
import time
from datetime import UTC

import pytest

from companion.club.page import create_club_app
from companion.club.store import ClubStore
from companion.club.subscriber import Club
from companion.i18n import and_list, msg, nmsg
from companion.i18n.catalogues import known, render
from companion.i18n.wire import MAX_DEPTH, from_wire, to_wire
from companion.mqtt import topics


def extra_stones(k: int, n: int, stones: list[str]):
    """Stein im Brett's camera warning (tables/stein_im_brett/referee.py), as it makes it."""
    extra = n - k
    return nmsg(
        "{who} places {k} stone this turn, but the camera sees {n} new ones ({stones}): {take}",
        "{who} places {k} stones this turn, but the camera sees {n} new ones ({stones}): {take}",
        k,
        who="Ana",
        k=k,
        n=n,
        stones=and_list(stones),
        take=nmsg(
            "take the extra stone off", "take the {extra} extra stones off", extra, extra=extra
        ),
    )


REFUSED = msg(
    "The table showed: {action}. The rules say: {reason}",
    action=msg("{who} places {stones} on {space}", who="Ana", stones="H3", space="R1"),
    reason=msg("only the chieftain ({chief}) sets the victory condition", chief="Björn"),
)


@pytest.mark.parametrize(
    "message", [extra_stones(2, 3, ["c3", "d4", "e5"]), extra_stones(1, 4, ["a1"]), REFUSED]
)
def test_a_message_travels_and_says_itself_the_same_in_each_language(message):
    data = json.loads(json.dumps(to_wire(message)))  # through JSON, as on the broker
    back = from_wire(data, known)
    assert str(back) == str(message)
    assert render(back, "de") == render(message, "de") != str(message)


def test_the_german_has_the_name_the_numbers_and_the_plurals():
    one = render(from_wire(to_wire(extra_stones(1, 2, ["c3", "d4"])), known), "de")
    assert one == (
        "Ana setzt in diesem Zug 1 Stein, aber die Kamera sieht 2 neue (c3 und d4):"
        " nehmt den überzähligen Stein herunter"
    )
    many = render(from_wire(to_wire(extra_stones(1, 4, ["c3", "d4", "e5", "f6"])), known), "de")
    assert many.endswith("(c3, d4, e5 und f6): nehmt die 3 überzähligen Steine herunter")
    refused = render(from_wire(to_wire(REFUSED), known), "de")
    assert "nur der Häuptling (Björn) legt die Siegbedingung fest" in refused


def test_plain_text_has_no_wire_form():
    assert to_wire("a camera on fire") is None


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"id": "something no companion says"}, "no such message"),
        (
            {
                "id": "{who} places {n} stone",
                "params": {"who": "Ana"},
                "plural": "{who} places {n} stones",
                "n": 2,
            },
            "do not fill",
        ),
        (
            {
                "id": "{who} places {n} stone",
                "plural": "{x.__class__}",
                "n": 2,
                "params": {"who": 1, "n": 2},
            },
            "plain names",
        ),
        ({"id": "{who} places {n} stone", "plural": 3, "n": 2}, "plural"),
        ({"list": "xor", "items": []}, "a list is one of"),
        ({"id": REFUSED.msgid, "params": {"action": [1, 2], "reason": "x"}}, "a parameter is"),
        ("just text", "not a message"),
    ],
)
def test_a_message_the_club_cannot_trust_is_refused_with_the_reason(data, why):
    with pytest.raises(ValueError, match=why):
        from_wire(data, known)


def test_nesting_is_bounded():
    data: object = "Ana"
    for _ in range(MAX_DEPTH + 1):
        data = {"list": "and", "items": [data, "Ben"]}
    with pytest.raises(ValueError, match="nested deeper"):
        from_wire(data, known)


def _summary(table: str, warnings: list, detail) -> bytes:
    snapshot = {
        "warnings": warnings,
        "devices": {"load cells": {"state": "fault", "detail": detail}},
    }
    return topics.encode(
        topics.summary_payload(
            snapshot, table=table, t_wall="2026-12-01T19:00:00+00:00", last_t_wall=None
        )
    )


@pytest.fixture
def club(tmp_path):
    c = Club(ClubStore(tmp_path / "club.sqlite", tz=UTC), None)
    c.start()
    warnings = [extra_stones(2, 3, ["c3", "d4", "e5"]), REFUSED, "a plain text stays"]
    c.feed(
        "companion/v1/tables/t1/summary",
        _summary("t1", warnings, msg("--no-sensors: manual entry")),
    )
    # an old table: English only, no warning_msgs
    old = json.loads(_summary("t0", [REFUSED], "HX711 gone"))
    del old["warning_msgs"]
    c.feed("companion/v1/tables/t0/summary", topics.encode(old))
    # a newer table's message this club does not know: its English
    new = json.loads(_summary("t2", ["A message from the future"], "x"))
    new["warning_msgs"] = [{"id": "A message from the future"}]
    c.feed("companion/v1/tables/t2/summary", topics.encode(new))
    end = time.monotonic() + 10
    while len(c.store.tables()) < 3 and time.monotonic() < end:
        time.sleep(0.01)
    yield c
    c.stop()


def _cards(client, **kw) -> dict:
    view = client.get("/api/club", **kw).get_json()
    return {t["table"]: t["summary"] for t in view["tables"]}


def test_the_club_page_says_the_warnings_in_german(club):
    cards = _cards(create_club_app(club).test_client(), query_string={"lang": "de"})
    assert cards["t1"]["warnings"] == [
        "Ana setzt in diesem Zug 2 Steine, aber die Kamera sieht 3 neue (c3, d4 und e5):"
        " nehmt den überzähligen Stein herunter",
        render(REFUSED, "de"),
        "a plain text stays",
    ]
    assert cards["t1"]["devices"]["load cells"]["detail"] == render(
        msg("--no-sensors: manual entry"), "de"
    )
    assert cards["t0"]["warnings"] == [str(REFUSED)]  # an old table's English
    assert cards["t2"]["warnings"] == ["A message from the future"]


def test_the_club_page_speaks_english_and_follows_accept_language(club):
    client = create_club_app(club).test_client()
    english = _cards(client, query_string={"lang": "en"})
    assert english["t1"]["warnings"][:2] == [
        str(extra_stones(2, 3, ["c3", "d4", "e5"])),
        str(REFUSED),
    ]
    assert english["t1"]["warnings"][0].startswith("Ana places 2 stones this turn")
    german = _cards(client, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert german["t1"]["warnings"][1] == render(REFUSED, "de")


def test_the_club_stream_speaks_the_page_language(club):
    app = create_club_app(
        club, test_config={"SSE_MAX_S": 0.3, "SSE_MIN_INTERVAL_S": 0.0, "SSE_KEEPALIVE_S": 0.1}
    )
    body = app.test_client().get("/api/club/events?lang=de").get_data(as_text=True)
    data = json.loads(next(line for line in body.splitlines() if line.startswith("data: "))[6:])
    t1 = next(t for t in data["tables"] if t["table"] == "t1")
    assert "nur der Häuptling (Björn)" in t1["summary"]["warnings"][1]


def test_the_published_summary_keeps_its_english_warnings():
    data = json.loads(_summary("t1", [REFUSED, "plain"], "ok"))
    assert data["warnings"] == [str(REFUSED), "plain"]  # as before, for older clubs
    assert data["warning_msgs"][0]["id"] == REFUSED.msgid and data["warning_msgs"][1] is None
    assert data["devices"]["load cells"] == {"state": "fault", "detail": "ok", "detail_msg": None}
