"""HiLo's table texts follow each page's language: the camera referee's warnings, the
"put back" hints after an undo, what the game awaits and the choices' labels, in the
snapshot said in English and in German (``GameService.snapshot(lang)``): names, cards,
numbers and plurals filled in."""

from __future__ import annotations

import pytest

from companion.games.hilo import apply, replay
from companion.games.hilo.catalogue import DEFAULT_CATALOGUE
from companion.games.hilo.names import UNCOVER
from companion.games.hilo.random_player import random_game
from companion.i18n.catalogues import render
from companion.tables.hilo.seen import CardsSeen, SlotSeen, camera_slot
from companion.tables.hilo.view import awaiting_text

from .german import german_problems

START = {"type": "start", "game": "hilo", "players": ["Ana", "Ben"], "catalogue": DEFAULT_CATALOGUE}


@pytest.fixture
def service(service):
    """The companion of tests/i18n/conftest.py with a HiLo game under way."""
    service.new_game(START)
    return service


def _both(service, *path):
    """The text at ``path`` of the snapshot in English and in German."""
    en, de = service.snapshot(), service.snapshot("de")
    for key in path:
        en, de = en[key], de[key]
    return en, de


def test_awaiting_lines_and_button_labels_in_both_languages(service):
    assert _both(service, "view", "awaiting_text") == (
        "Turn over the draw pile's top card as the discard pile",
        "Deckt die oberste Karte für den Ablagestapel auf",
    )
    service.submit({"type": "upturn", "card": "plain-03"})
    assert _both(service, "view", "awaiting_text") == (
        "Ana and Ben: turn over one starting card each",
        "Ana und Ben: deckt je eine Startkarte auf",
    )
    en, de = _both(service, "view", "choices")
    assert [c["label"] for c in en] == ["Ana starts with", "Ben starts with"]
    assert [c["label"] for c in de] == ["Ana beginnt mit", "Ben beginnt mit"]
    assert german_problems(service.snapshot()["view"]["awaiting_text"]) == []


def test_a_camera_warning_names_the_player_and_the_slots_in_both_languages(service):
    service.submit({"type": "upturn", "card": "plain-03"})
    table = [SlotSeen(camera_slot(s, i), "back", None) for s in range(2) for i in range(12)]
    table += [SlotSeen("discard", "face", "plain-03"), SlotSeen("draw", "back", None)]
    service.observe(CardsSeen(1.0, "hilo", tuple(table)))
    assert service.snapshot()["warnings"] == []
    two = (SlotSeen("A1", "face", "plain-01"), SlotSeen("A2", "face", "plain-02"))
    service.observe(CardsSeen(2.0, "hilo", two))
    assert _both(service, "warnings") == (
        [
            "Ana turns over one starting card only: put a face-down card back on Ana's A1"
            " (B1), put a face-down card back on Ana's A2 (B2)"
        ],
        [
            "Ana deckt nur eine Startkarte auf: legt eine verdeckte Karte zurück auf A1 (B1)"
            " von Ana, legt eine verdeckte Karte zurück auf A2 (B2) von Ana"
        ],
    )
    assert german_problems(service.warnings[0]) == []


def test_an_undo_hint_and_the_referees_put_back_warning_in_both_languages(service):
    service.submit({"type": "upturn", "card": "magician"})
    service.undo(1)
    assert _both(service, "undo_hints") == (
        ["Put the magician back face down on top of the draw pile"],
        ["Legt Zaubererkarte verdeckt zurück oben auf den Nachziehstapel"],
    )
    assert _both(service, "warnings") == (
        ["Undone: the discard pile should show nothing"],
        ["Zurückgenommen: der Ablagestapel sollte leer sein"],
    )


@pytest.mark.parametrize(
    ("players", "seed", "ending"),
    [
        (2, 0, "decke deine Karten auf"),  # one player uncovers: du
        (3, 0, "deckt eure Karten auf"),  # two players uncover: ihr
    ],
)
def test_the_end_of_a_game_in_german_with_its_plurals(players, seed, ending):
    """Who must uncover (du or ihr by their number) and the winners' Sterntaler (a
    number, with its plural) at the end of a seeded random game."""
    actions = random_game(players, seed=seed)
    state = replay(actions[:1])
    uncover = None
    for a in actions[1:]:
        state = apply(state, a)
        if uncover is None and state.phase == UNCOVER:
            uncover = awaiting_text(state)
    assert uncover is not None, f"seed {seed}: the game never reached the uncovering"
    owing = [state.players[i] for i in range(players) if i != state.ender]
    assert str(uncover) == (
        f"The game is over: {' and '.join(owing)}, uncover your face-down cards"
    ), seed
    assert render(uncover, "de") == f"Spielende: {' und '.join(owing)}, {ending}", seed
    over = awaiting_text(state)
    best = max(state.scores)
    word = "Sterntaler" if best == 1 else "Sterntalern"
    assert str(over).endswith(f" won with {best} Sterntaler"), (seed, over)
    assert render(over, "de").endswith(f" mit {best} {word}"), (seed, render(over, "de"))
    assert german_problems(over) == [] and german_problems(uncover) == []
