"""The helpers the games share: evolve, word lists, seats, record fields and format."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.games.common import records
from companion.games.common.records import RecordFormat
from companion.games.common.state import evolve
from companion.games.common.text import and_list, or_list, seat_in


@dataclass(frozen=True, slots=True)
class _Point:
    x: int
    y: int = 0
    tag: str | None = None


def test_evolve_changes_only_the_named_fields():
    p = _Point(1, 2, "a")
    assert evolve(p, y=5) == _Point(1, 5, "a")
    assert evolve(p) == p
    assert p == _Point(1, 2, "a")


def test_evolve_rejects_an_unknown_field():
    with pytest.raises(TypeError, match="_Point has no field 'z'"):
        evolve(_Point(1), z=3)


@pytest.mark.parametrize(
    ("items", "ands", "ors"),
    [
        ([], "", ""),
        (["a"], "a", "a"),
        (["a", "b"], "a and b", "a or b"),
        (["a", "b", "c"], "a, b and c", "a, b or c"),
    ],
)
def test_word_lists(items, ands, ors):
    assert and_list(items) == ands
    assert or_list(iter(items)) == ors


def test_seat_in():
    assert seat_in(("Ana", "Ben", "Cid"), "Ben") == 1
    with pytest.raises(IllegalAction) as e:
        seat_in(("Ana", "Ben", "Cid"), "Dora")
    assert str(e.value) == "'Dora' is not playing; the players are Ana, Ben and Cid"
    assert e.value.__context__ is None


@pytest.mark.parametrize(
    ("check", "value", "message"),
    [
        (records.text, "", "t: 'f' must be a non-empty string, not ''"),
        (records.text, 3, "t: 'f' must be a non-empty string, not 3"),
        (records.nonblank, "  ", "t: 'f' must be a non-empty string, not '  '"),
        (records.whole, True, "t: 'f' must be a whole number, not True"),
        (records.whole, 1.0, "t: 'f' must be a whole number, not 1.0"),
        (records.boolean, 1, "t: 'f' must be true or false, not 1"),
        (
            lambda v, f, t: records.choice(v, f, t, ("x", "y")),
            "z",
            "t: 'f' must be one of x, y, not 'z'",
        ),
    ],
)
def test_field_validators_reject(check, value, message):
    with pytest.raises(MalformedRecord) as e:
        check(value, "f", "t")
    assert str(e.value) == message


def test_field_validators_accept():
    assert records.text(" ", "f", "t") == " "
    assert records.nonblank("a", "f", "t") == "a"
    assert records.whole(-3, "f", "t") == -3
    assert records.boolean(False, "f", "t") is False
    assert records.choice("y", "f", "t", ("x", "y")) == "y"


@dataclass(frozen=True, slots=True)
class _Say:
    player: str
    words: tuple[str, ...]
    to: str | None = None
    with_: str = "all"


_FORMAT = RecordFormat(
    {"say": (_Say, ("player", "words"), ("to", "with"))},
    {
        "say": lambda o, t: _Say(
            records.text(o["player"], "player", t),
            tuple(o["words"]),
            o.get("to"),
            o.get("with", "all"),
        )
    },
    forbidden={"shout": "there is no 'shout' here"},
)


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "each line must be a JSON object, not list"),
        ({}, "missing field 'type'"),
        ({"type": "shout"}, "there is no 'shout' here"),
        ({"type": 3}, "unknown type 3; the types are say, comment"),
        ({"type": "say", "player": "A"}, "say: missing field 'words'"),
        (
            {"type": "say", "player": "A", "words": [], "x": 1, "y": 2},
            "say: unknown field 'x', 'y'; say has player, words, to, with",
        ),
        (
            {"type": "say", "player": "", "words": []},
            "say: 'player' must be a non-empty string, not ''",
        ),
    ],
)
def test_parse_rejects(obj, message):
    with pytest.raises(MalformedRecord) as e:
        _FORMAT.parse(obj)
    assert str(e.value) == message


def test_parse_and_fields_record():
    assert _FORMAT.types == ("say", "comment")
    assert _FORMAT.parse({"type": "comment", "text": "anything"}) is None
    say = _FORMAT.parse({"type": "say", "player": "A", "words": ["hi"], "with": "B"})
    assert say == _Say("A", ("hi",), None, "B")
    assert _FORMAT.fields_record(say) == {
        "type": "say",
        "player": "A",
        "words": ["hi"],
        "to": None,
        "with_": "B",
    }
    plain = RecordFormat(
        {"say": (_Say, ("player", "words"), ("to", "with"))},
        {},
        omit_none=True,
        omit={(_Say, "with_"): "all"},
        rename={"with_": "with"},
    )
    assert plain.fields_record(say) == {"type": "say", "player": "A", "words": ["hi"], "with": "B"}
    assert plain.fields_record(evolve(say, with_="all", to="C")) == {
        "type": "say",
        "player": "A",
        "words": ["hi"],
        "to": "C",
    }
    with pytest.raises(KeyError):
        plain.fields_record(object())
