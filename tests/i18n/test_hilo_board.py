"""HiLo's board picture in `companion replay`'s summary (the terminal), in the table's
language: each card by a short word (``Zauberer``, ``einfach 03``), face down and empty
slots in words, the columns padded after translation; English keeps the record's ids
(``magician``, ``plain-03``) in the picture it always had."""

from __future__ import annotations

import re

from companion.games.hilo import summary
from companion.games.hilo.names import COLUMNS
from companion.games.hilo.random_player import random_game_iter
from companion.i18n.catalogues import render
from companion.i18n.message import grid, msg

from .german import german_problems

SEED = 5


def _states():
    return [state for _action, state in random_game_iter(3, SEED)]


def _old_picture(state) -> list[str]:
    """The picture as the summary drew it before it was translated (English only)."""

    def cell(c):
        return "(face down)" if c is None else "(empty)" if c == "" else c

    width = max(len(p) for p in state.players)
    w = max(len(cell(c)) for lay in state.layouts for c in lay)
    out = []
    for p, lay in zip(state.players, state.layouts, strict=True):
        for row, label in ((0, p), (1, "")):
            part = lay[row * COLUMNS : (row + 1) * COLUMNS]
            out.append(
                f"  {label:<{width}}  " + "  ".join(f"{cell(c):<{w}}" for c in part).rstrip()
            )
    return out


def _picture(text: str, n_players: int) -> list[str]:
    return text.splitlines()[1 : 1 + 2 * n_players]


def test_english_keeps_the_ids_and_the_picture_it_had():
    states = _states()
    for state in (states[len(states) // 2], states[-1]):
        text = str(summary.to_text(state))
        assert _picture(text, state.n) == _old_picture(state), f"seed {SEED}"
        assert render(summary.to_text(state), "en") == text


def test_german_says_each_card_short_and_keeps_the_columns():
    states = _states()
    middle, end = states[len(states) // 2], states[-1]
    for state in (middle, end):
        message = summary.to_text(state)
        assert german_problems(message) == [], f"seed {SEED}"
        picture = _picture(render(message, "de"), state.n)
        joined = "\n".join(picture)
        assert "(face down)" not in joined and "(empty)" not in joined
        assert not re.search(r"\bplain-|\bmagician\b|\bphoenix\b", joined), joined
        # every cell starts at the same columns in every line: padded after translation
        starts = {tuple(m.start() for m in re.finditer(r"(?<=  )\S", line[2:])) for line in picture}
        longest = max(starts, key=len)
        assert all(s == longest[: len(s)] for s in starts), picture
    german_end = "\n".join(_picture(render(summary.to_text(end), "de"), end.n))
    assert re.search(r"\beinfach\xa0\d\d\b", german_end), german_end  # "einfach 03": its number
    assert any(p in german_end for p in end.players)  # the names


def test_a_grid_pads_after_the_words_are_said():
    picture = grid([("Ana", msg("(face down)"), "x"), ("", "plain-03", msg("(empty)"))])
    assert str(picture) == "  Ana  (face down)  x\n       plain-03     (empty)"
    assert render(picture, "de") == "  Ana  (verdeckt)  x\n       plain-03    (leer)"
