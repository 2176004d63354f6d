"""Hinkel & Stein's refusals said in German: the rulebook's words (Häuptling, Säulen,
Findlinge, Schicksalsstein), names and stones in place, "1 Scheibe" and "2 Scheiben"."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.hinkel_stein import Condition, Fate, Stake, apply
from companion.i18n.catalogues import render

from .test_illegal_actions import filled


def _refusal(g, action):
    """The message ``action`` is refused with (a ``Msg``), the state unchanged."""
    g.rejects(action)
    with pytest.raises(IllegalAction) as err:
        apply(g.state, action)
    return err.value.args[0]


def test_the_supply_that_gives_one_disc_says_eine_scheibe(four):
    g = four(supply=5).condition().turn("Ana", "L2", add=2)  # supply 1
    g.call("Ben")
    m = _refusal(g, Stake("Ben", add=2))
    assert render(m, "de") == (
        "der Vorrat gibt nur 1 Scheibe her (nachdem jeder so viele zurückgegeben hat, wie der"
        " Ärmste hat), also darf Ben 1 Scheibe dazulegen oder 1 nehmen"
    )


def test_adding_three_says_scheiben_and_names_the_quartz_holder(four):
    g = four().condition().call("Ben")
    m = _refusal(g, Stake("Ben", add=3))
    assert render(m, "de") == (
        "Ben darf 1 oder 2 Scheiben dazulegen oder 1 nehmen; nur der Spieler mit den Quarzen"
        " darf, wenn er sie aktiv spielt, bis zu 4 dazulegen"
    )


def test_only_the_chieftain_sets_the_victory_condition_names_the_haeuptling(four):
    m = _refusal(four(), Condition("Ben", "lighter"))
    assert m == "only the chieftain (Ana) sets the victory condition"
    assert render(m, "de") == "nur der Häuptling (Ana) legt die Siegbedingung fest"


def test_the_condition_already_set_names_the_heavier_side(four):
    m = _refusal(four().condition("heavier"), Condition("Ana", "lighter"))
    assert render(m, "de") == (
        "die Siegbedingung dieser Runde steht schon fest (die schwerere Seite gewinnt)"
    )


def test_the_stone_of_fate_off_the_beam_gives_millimetres_with_a_decimal_comma(four):
    g = filled(four())
    m = _refusal(g, Fate("Dora", -110.5))
    german = render(m, "de")
    assert german.startswith(
        "der Schicksalsstein muss auf dem Balken und neben den Setzfeldern liegen;"
        " x = -110,5 mm geht nicht (erlaubt: -210 bis -205"
    )
    assert "110.5" not in german and "bis 210 mm, ohne die Feldränder)" in german


def test_a_game_over_names_the_winners_with_und(four):
    from companion.games.hinkel_stein.state import evolve

    over = evolve(four().state, finished=True, winners=("Ana", "Cid"))
    with pytest.raises(IllegalAction) as err:
        apply(over, Condition("Ana", "lighter"))
    m = err.value.args[0]
    assert m == "the game is over; the winners are Ana and Cid"
    assert render(m, "de") == "das Spiel ist vorbei; Sieg für Ana und Cid"
