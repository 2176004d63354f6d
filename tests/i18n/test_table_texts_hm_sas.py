"""Heuchel & Meuchel's and Stein auf Stein's referee warnings, "put back" hints, awaiting
lines and buttons in both languages: names, numbers, plurals, cards and colours in the
language (the snapshot says them in the page's language, ``GameService.snapshot``)."""

from __future__ import annotations

import random

import pytest

from companion.games.heuchel_meuchel import actions as HA
from companion.games.heuchel_meuchel import apply as hm_apply
from companion.games.heuchel_meuchel.engine import start_game as hm_start
from companion.games.heuchel_meuchel.moves import legal_actions as hm_legal
from companion.games.heuchel_meuchel.names import card_name
from companion.games.heuchel_meuchel.record import parse_action as hm_parse
from companion.games.heuchel_meuchel.text import card_title
from companion.games.stein_auf_stein import actions as SA
from companion.games.stein_auf_stein import parse_action as sas_parse
from companion.games.stein_auf_stein import start_game as sas_start
from companion.i18n.catalogues import render
from companion.i18n.message import reason_of
from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel import view as hm_view
from companion.tables.heuchel_meuchel.cells import EMPTY, cell_id, expected
from companion.tables.heuchel_meuchel.referee import HeuchelMeuchelCamera
from companion.tables.stein_auf_stein import view as sas_view

from .german import german_problems

PLAYERS = ["Ana", "Ben"]


def _hm_state():
    record = hm_view.start_record(PLAYERS, {}, random.Random(7))
    return record, hm_start(hm_parse(record))


def _both(text) -> tuple[str, str]:
    assert german_problems(text) == [], text
    return str(text), render(text, "de")


def test_heuchel_meuchel_stray_card_and_undo_warnings_in_both_languages():
    _, state = _hm_state()
    cam = HeuchelMeuchelCamera()
    view = dict(expected(state))
    view[cell_id(2, 1)] = "face"  # a third column, but two play
    changes = tuple(CellChange(c, "unknown", v, 0.9) for c, v in view.items())
    warnings = cam.observe(CellsChanged(0.0, "heuchel-meuchel", changes), state).warnings
    assert [_both(w) for w in warnings] == [
        (
            "A card lies on c3r1 (column 3), but only 2 columns are played: take it off",
            "Auf c3r1 (Spalte 3) liegt eine Karte, aber nur 2 Spalten werden gespielt:"
            " nimm sie weg",
        )
    ]
    # undone, and a square of Ana's column still differs: what to put back, by name
    row, unit = next((r, u) for r, u in state.units(0) if len(u.cards) == 1)
    cam.observe(
        CellsChanged(1.0, "heuchel-meuchel", (CellChange(cell_id(0, row), "x", EMPTY, 0.9),)),
        state,
    )
    warnings = cam.undone(state).warnings
    said = [_both(w) for w in warnings]
    assert said[0][1].startswith("Rückgängig gemacht: leg die Karten zurück")
    english, german = said[1]
    card = unit.top
    assert english == f"Row {row} of Ana's column should show the {card_name(card)};" + (
        " the camera sees nothing"
    )
    assert german == (
        f"Reihe {row} in der Spalte von Ana sollte {render(card_title(card), 'de')} zeigen;"
        " die Kamera sieht nichts"
    )


def test_heuchel_meuchel_awaiting_labels_and_undo_hint_in_german(service):
    record, state = _hm_state()
    service.new_game(record)
    de = service.snapshot("de")["view"]
    en = service.snapshot()["view"]
    assert str(en["awaiting_text"]).startswith("Ana ")
    assert de["awaiting_text"] == "Ana muss eine Karte oder einen Stapel ziehen"
    labels = {c["type"]: c["label"] for c in de["choices"]}
    assert labels["move"].startswith("die Karte von Reihe ") or labels["move"].startswith(
        "die obersten "
    )
    move = next(a for a in hm_legal(state) if isinstance(a, HA.Move))
    after = hm_apply(state, move)
    hint = hm_view.undo_hint(move, state, after)
    english, german = _both(hint)
    assert english.startswith("Take the ") and f"of Ana's column back to row {move.row}" in english
    assert (
        german.startswith("Nimm die ")
        and f"in der Spalte von Ana zurück auf Reihe {move.row}" in german
    )
    assert _both(hm_view.undo_hint(HA.Roll("Ben", 4), state, state)) == (
        "Ben's roll of 4 is taken back: Ben rolls again",
        "Der Wurf von Ben (4) ist zurückgenommen: Ben würfelt noch einmal",
    )


def test_stein_auf_stein_awaiting_title_and_undo_hints_in_both_languages(service):
    record = sas_view.start_record(PLAYERS, {"variant": "tower"}, random.Random(3))
    service.new_game(record)
    de, en = service.snapshot("de")["view"], service.snapshot()["view"]
    assert (str(en["awaiting_text"]), de["awaiting_text"]) == ("Ana rolls the die", "Ana würfelt")
    assert (str(en["variant_title"]), de["variant_title"]) == (
        "tower (tallest tower)",
        render(en["variant_title"], "de"),
    )
    assert de["variant_title"] != en["variant_title"]
    state = sas_start(sas_parse(record))
    assert _both(sas_view.undo_hint(SA.Pile("Ben", "R1"), state, state)) == (
        "Take R1 off Ben's tower again",
        "Nimm R1 wieder vom Turm von Ben",
    )
    assert _both(sas_view.undo_hint(SA.Measure("Ana", 120.5), state, state)) == (
        "Measure Ana's tower again",
        "Miss noch einmal: Turm von Ana",
    )


def test_stein_auf_stein_a_bad_look_is_refused_in_the_pages_language(service):
    service.start_game(["Mia", "Noah"], game="stein-auf-stein", options={"variant": "basic"})
    with pytest.raises(ValueError) as caught:
        service.set_looks({"Mia": {"picture": "cat", "colour": "teal"}})
    said = reason_of(caught.value)
    assert german_problems(said) == []
    assert (str(said), render(said, "de")) == (
        "Mia's colour 'teal' is not a colour like #e4572e",
        "die Farbe 'teal' von Mia ist keine Farbe wie #e4572e",
    )
