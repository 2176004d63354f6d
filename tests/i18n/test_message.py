"""Msg: an English str that says itself in German, with its parameters and plurals."""

from __future__ import annotations

import copy
import pickle

from companion.i18n.catalogues import render
from companion.i18n.message import Msg, and_list, msg, nmsg, or_list, plain


def test_a_message_is_its_english_string():
    m = msg("{who} must first stake: {hint}", who="Ben", hint="add 1 or 2")
    assert m == "Ben must first stake: add 1 or 2"
    assert isinstance(m, str) and m.msgid == "{who} must first stake: {hint}"
    assert m.params == {"who": "Ben", "hint": "add 1 or 2"}


def test_a_message_with_no_parameters_keeps_its_braces_untouched():
    assert msg("take 1") == "take 1"


def test_nested_messages_and_lists_are_said_in_german():
    m = msg(
        "{why}; {who} may place {offered}",
        why=msg("a turn places one stone (or both pillars together)"),
        who="Ben",
        offered=and_list(["H1", "H2", "H3"]),
    )
    assert m == "a turn places one stone (or both pillars together); Ben may place H1, H2 and H3"
    assert render(m, "de") == (
        "ein Zug setzt einen Stein (oder beide Säulen zusammen); Ben darf H1, H2 und H3 setzen"
    )


def test_lists_of_one_or_none_have_no_joining_word():
    assert and_list(["Ana"]) == "Ana" and render(and_list(["Ana"]), "de") == "Ana"
    assert or_list([]) == "" and render(or_list([]), "de") == ""
    assert render(or_list(["Ana", "Ben"]), "de") == "Ana oder Ben"


def test_plurals_follow_the_count_in_both_languages():
    one = nmsg("add {amounts} disc", "add {amounts} discs", 1, amounts="1")
    two = nmsg("add {amounts} disc", "add {amounts} discs", 2, amounts=or_list(["1", "2"]))
    assert (one, two) == ("add 1 disc", "add 1 or 2 discs")
    assert render(one, "de") == "1 Scheibe dazulegen"
    assert render(two, "de") == "1 oder 2 Scheiben dazulegen"


def test_numbers_take_the_german_decimal_comma():
    m = msg("the supply cannot hold {n} discs", n=-3)
    assert render(m, "de") == "der Vorrat kann nicht -3 Scheiben enthalten"
    m = msg("{lo:g} to {hi:g}", lo=-157.5, hi=-85)
    assert m == "-157.5 to -85" and render(m, "de") == "-157,5 bis -85"


def test_an_unmarked_string_renders_as_it_is():
    assert render("plain words", "de") == "plain words"
    assert render(msg("take 1"), "en") == "take 1"


def test_messages_survive_pickle_and_deepcopy_with_their_structure():
    m = msg(
        "{who} may keep {stones}, the boulders on that space",
        who="Cleo",
        stones=or_list(["B2", "B3"]),
    )
    for back in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
        assert back == m and isinstance(back, Msg)
        assert render(back, "de") == "Cleo darf B2 oder B3 behalten, die Findlinge auf diesem Feld"


def test_plain_gives_json_a_plain_string():
    assert type(plain(msg("take 1"))) is str and plain(3) == 3
