"""One rule for player names, used by every game's ``start``: 1 to 24 printable
characters, not blank, no control character, no lone surrogate, no name twice."""

from __future__ import annotations

import pytest

from companion.errors import MalformedRecord
from companion.games.common.records import NAME_MAX_CHARS, NAME_RULE, name_problem
from companion.games.registry import GAMES

#: every field each game's start requires, with placeholder values: the players are
#: checked before the rest
FIELDS = {
    "hinkel-stein": {"deal": {}},
    "heuchel-meuchel": {"stacks": {}},
    "hilo": {"catalogue": "x"},
    "stein-auf-stein": {"variant": "basic", "blocks": [], "die": []},
    "stein-im-brett": {"colours": {}},
}


def test_every_game_is_covered():
    assert set(FIELDS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(FIELDS))
@pytest.mark.parametrize(
    "name",
    ["\ud83d", "Ana\tBen", "Ana\x00", " ", "", "x" * (NAME_MAX_CHARS + 1), "\u200b", 7],
)
def test_every_game_refuses_a_bad_name_with_the_rule(game, name):
    start = {"type": "start", "game": game, "players": [name, "Ben"], **FIELDS[game]}
    with pytest.raises(MalformedRecord) as e:
        GAMES[game].parse_action(start)
    assert NAME_RULE in str(e.value)


@pytest.mark.parametrize(
    "name", ["Ana", "Zoë", "Ana-Lena O'Neil", "李小龙", "x" * NAME_MAX_CHARS, "🙂 Ben"]
)
def test_printable_names_up_to_the_limit_are_fine(name):
    assert name_problem(name) is None


def test_the_problem_is_named_in_words():
    assert "half of a surrogate pair" in name_problem("\udc00")
    assert "control character (U+000A)" in name_problem("a\nb")
    assert f"{NAME_MAX_CHARS + 6} characters long" in name_problem("y" * (NAME_MAX_CHARS + 6))
    assert "is empty" in name_problem("  ")
    assert "is not text" in name_problem(None)
