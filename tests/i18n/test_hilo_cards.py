"""HiLo's cards by name in German (records keep the catalogue's ids), a HiLo catalogue's
format errors, and the card capture's prompts, in both languages."""

from __future__ import annotations

import pytest

from companion.card_capture import InView, StillCard
from companion.errors import MalformedRecord
from companion.games.hilo import actions as A
from companion.games.hilo.catalogue import from_dict
from companion.games.hilo.summary import describe
from companion.games.hilo.text import card_name
from companion.i18n.catalogues import render
from companion.i18n.message import reason_of

from .german import german_problems


@pytest.mark.parametrize(
    ("card", "german"),
    [
        ("magician", "Zaubererkarte"),
        ("phoenix", "Phönixkarte"),
        ("dragon-keeper", "Drachenhüterkarte"),
        ("unicorn-b", "Einhornkarte\N{NO-BREAK SPACE}b"),
        ("plain-03", "einfache Karte\N{NO-BREAK SPACE}03"),
        ("troll-1", "troll-1"),  # a registered deck's own id: as it is
    ],
)
def test_a_card_is_named_in_german_and_keeps_its_id_in_english(card, german):
    name = card_name(card)
    assert str(name) == card
    assert render(name, "de") == german


def test_the_summary_names_the_cards_in_german():
    drew = describe(A.Draw("Ana", "plain-03"))
    assert (str(drew), render(drew, "de")) == (
        "Ana draws plain-03",
        "Ana zieht einfache Karte\N{NO-BREAK SPACE}03",
    )
    shows = describe(A.Uncover("Ben", (("T1", "magician"), ("B2", "wolf-c"))))
    assert str(shows) == "Ben shows T1 magician, B2 wolf-c"
    assert render(shows, "de").endswith("T1 Zaubererkarte, B2 Wolfskarte\N{NO-BREAK SPACE}c")
    assert german_problems(drew) == german_problems(shows) == []


def _refusal(catalogue) -> MalformedRecord:
    with pytest.raises(MalformedRecord) as e:
        from_dict(catalogue)
    return e.value


def test_a_catalogues_format_errors_are_said_in_german():
    card = {"id": "troll", "kind": "troll", "edges": [0, 0, 0, 0]}
    wrong_kind = reason_of(_refusal({"name": "mine", "cards": [card]}))
    assert str(wrong_kind).startswith("catalogue card 'troll': 'kind' must be one of")
    de = render(wrong_kind, "de")
    assert de.startswith("Katalog Karte 'troll': 'kind' muss eines von dragon-keeper, ")
    assert de.endswith(", plain sein, nicht 'troll'")
    fourth = {"id": "x", "kind": "plain", "edges": [0, 0, 0, 0], "count": 0}
    count = reason_of(_refusal({"name": "mine", "cards": [fourth]}))
    assert render(count, "de") == (
        "Katalog Karte 'x': 'count' muss eine ganze Zahl von mindestens 1 sein, nicht 0"
    )
    not_object = reason_of(_refusal({"name": "mine", "cards": [{"id": "a", "kind": "plain"}, 3]}))
    assert render(not_object, "de") == (
        "Katalog 'mine', Karte 2: jede Karte muss ein Objekt sein, nicht 3"
    )
    for m in (wrong_kind, count, not_object):
        assert german_problems(m) == []


def test_the_card_captures_prompts_are_said_in_german():
    tracker = StillCard(still_frames=2)
    _, nothing = tracker.update(InView((), ()))
    assert (str(nothing), render(nothing, "de")) == ("no card in view", "keine Karte im Bild")
    quad = object()
    _, two = tracker.update(InView((quad, quad), ()))
    assert render(two, "de") == "2 Karten im Bild: zeigt immer nur eine"
    assert german_problems(two) == []
