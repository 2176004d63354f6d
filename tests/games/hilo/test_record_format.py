"""The record format (docs/records.md, HiLo): every type round-trips through
``parse_action``/``to_record``, and malformed objects raise ``MalformedRecord`` with a
message that says what is wrong."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.games.hilo import (
    Discard,
    Draw,
    Exchange,
    Redraw,
    Reveal,
    Spell,
    Start,
    Take,
    Uncover,
    Upturn,
    parse_action,
    start_game,
    to_record,
)

from .script import TINY, TINY_CARDS

START = {"type": "start", "game": "hilo", "players": ["Ana", "Ben"], "catalogue": "provisional-69"}

CANONICAL = [
    (START, Start(("Ana", "Ben"), "provisional-69")),
    ({**START, "catalogue": "tiny-30", "cards": TINY_CARDS}, Start(("Ana", "Ben"), "tiny-30", TINY)),
    ({"type": "upturn", "card": "wolf-a"}, Upturn("wolf-a")),
    ({"type": "reveal", "player": "Ana", "slot": "T3", "card": "magician"}, Reveal("Ana", "T3", "magician")),
    ({"type": "redraw", "player": "Ana", "card": "plain-01"}, Redraw("Ana", "plain-01")),
    ({"type": "take", "player": "Ana", "slot": "B6"}, Take("Ana", "B6")),
    ({"type": "take", "player": "Ana", "slot": "B6", "discards": "phoenix"}, Take("Ana", "B6", "phoenix")),
    ({"type": "draw", "player": "Ben", "card": "dragon-keeper"}, Draw("Ben", "dragon-keeper")),
    ({"type": "exchange", "player": "Ben", "slot": "T1"}, Exchange("Ben", "T1")),
    ({"type": "exchange", "player": "Ben", "slot": "T1", "discards": "wolf-b"}, Exchange("Ben", "T1", "wolf-b")),
    ({"type": "discard", "player": "Ben"}, Discard("Ben")),
    ({"type": "spell", "player": "Ben", "slot": "B2", "with": "Ana", "at": "T5"}, Spell("Ben", "B2", "Ana", "T5")),
    ({"type": "uncover", "player": "Ana", "cards": {"T2": "plain-03", "B1": "wolf-c"}},
     Uncover("Ana", (("T2", "plain-03"), ("B1", "wolf-c")))),
]  # fmt: skip


@pytest.mark.parametrize(("obj", "action"), CANONICAL)
def test_every_record_type_round_trips(obj, action):
    assert parse_action(obj) == action
    assert to_record(action) == obj


def test_uncover_cards_are_kept_in_slot_order_whatever_the_record_order():
    a = parse_action({"type": "uncover", "player": "Ana", "cards": {"B1": "x", "T2": "y"}})
    assert a.cards == (("T2", "y"), ("B1", "x"))


def test_comment_lines_are_ignored():
    assert parse_action({"type": "comment", "text": "turn 3"}) is None


def test_a_start_line_with_the_provisional_catalogue_plays_with_69_cards():
    state = start_game(parse_action(START))
    assert state.catalogue.size == 69 and state.catalogue.provisional
    assert state.pile_size == 69 - 24


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ([], "each line must be a JSON object, not list"),
        ({"player": "Ana"}, "missing field 'type'"),
        ({"type": "pass", "player": "Ana"}, "unknown type 'pass'; the types are start, upturn"),
        ({"type": "swap", "player": "Ana"}, "layout rule"),
        ({**START, "game": "hinkel-stein"}, "'game' must be 'hilo'"),
        ({**START, "players": ["Ana"]}, "at least 2 players, not 1"),
        ({**START, "players": ["Ana", "Ana"]}, "a name appears twice"),
        ({**START, "players": "Ana, Ben"}, "'players' must be a list of names"),
        ({**START, "catalogue": ""}, "'catalogue' must be a non-empty string"),
        ({**START, "deck": []}, "start: unknown field 'deck'; start has game, players, catalogue, cards"),
        ({**START, "cards": []}, "'cards' must be a non-empty list"),
        ({**START, "cards": [{"id": "x", "kind": "troll"}]}, "card 'x': 'kind' must be one of"),
        ({**START, "cards": [{"id": "x", "kind": "plain", "edges": [1, 0]}]}, "'edges' must list the half Sterntaler"),
        ({**START, "cards": [{"id": "x", "kind": "plain", "edges": [1, 0, -1, 0]}]}, "whole number of at least 0"),
        ({**START, "cards": [{"id": "x", "kind": "plain", "count": 0}]}, "'count' must be a whole number of at least 1"),
        ({**START, "cards": [{"id": "x", "kind": "plain"}, {"id": "x", "kind": "wolf"}]}, "'x' is listed twice"),
        ({**START, "cards": [{"id": "x", "kind": "plain", "colour": "red"}]}, "unknown field 'colour'"),
        ({"type": "upturn"}, "upturn: missing field 'card'"),
        ({"type": "upturn", "card": 7}, "'card' must be a card id"),
        ({"type": "reveal", "player": "Ana", "slot": "C1", "card": "x"}, "'slot' must be a slot, T1..T6 (top row) or B1..B6"),
        ({"type": "reveal", "player": "Ana", "slot": "T7", "card": "x"}, "not 'T7'"),
        ({"type": "reveal", "player": "", "slot": "T1", "card": "x"}, "'player' must be a non-empty string"),
        ({"type": "take", "player": "Ana", "slot": "T1", "card": "x"}, "take: unknown field 'card'; take has player, slot, discards"),
        ({"type": "take", "player": "Ana", "slot": "T1", "discards": ""}, "'discards' must be a card id"),
        ({"type": "discard", "player": "Ana", "card": "x"}, "discard: unknown field 'card'"),
        ({"type": "spell", "player": "Ana", "slot": "T1", "with": "Ben"}, "spell: missing field 'at'"),
        ({"type": "spell", "player": "Ana", "slot": "T1", "with": 3, "at": "B1"}, "'with' must be a non-empty string"),
        ({"type": "uncover", "player": "Ana", "cards": ["x"]}, "'cards' must be an object {slot: card}"),
        ({"type": "uncover", "player": "Ana", "cards": {}}, "'cards' must be an object {slot: card}"),
        ({"type": "uncover", "player": "Ana", "cards": {"Z9": "x"}}, "not 'Z9'"),
    ],
)  # fmt: skip
def test_a_malformed_record_object_is_refused_with_a_reason(obj, words):
    with pytest.raises(MalformedRecord) as err:
        parse_action(obj)
    assert words in str(err.value)


def test_an_unknown_catalogue_name_is_refused_naming_the_known_ones():
    with pytest.raises(
        IllegalAction, match="unknown catalogue 'real-deck'; the companion knows provisional-69"
    ):
        start_game(parse_action({**START, "catalogue": "real-deck"}))


def test_the_example_in_docs_records_md_replays():
    # the HiLo example in docs/records.md, with the full test deck for "…11 more"
    import json
    from pathlib import Path

    from companion.games.hilo import replay

    doc = (Path(__file__).parents[3] / "docs" / "records.md").read_text(encoding="utf-8")
    section = doc.split("## HiLo: Dein Königreich (`hilo`)", 1)[1]
    block = section.split("```json\n", 1)[1].split("```", 1)[0]
    objs = [json.loads(line) for line in block.strip().splitlines()]
    assert objs[0]["cards"][-1] == "…11 more"
    objs[0]["cards"] = TINY_CARDS
    state = replay(parse_action(o) for o in objs)
    assert state.layouts[0][0] == "r" and state.layouts[1][11] == "star"
    assert [to_record(parse_action(o)) for o in objs[1:]] == objs[1:]
