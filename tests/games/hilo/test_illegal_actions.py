"""Illegal actions: each is refused with ``IllegalAction`` whose message names the rule
and what is allowed instead, and the state handed in is left exactly as it was
(``Game.rejects`` checks all three)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.hilo import Reveal, Start, Take, apply, start_game

from .script import TINY, WIDE, Game, setup


def fresh():
    return Game()


def in_setup():
    return Game().do("upturn blank")


def ana_to_redraw():
    return Game().do("upturn blank", "Ana reveal T1 mage")


def anas_turn():
    return setup()


def ana_drew():
    return setup().do("Ana draw dragon")


def ana_must_reveal():
    return setup().do("Ana draw dragon", "Ana discard")


def ana_casts():
    return setup(catalogue=WIDE).do("Ana draw mage", "Ana exchange T4 r")


def after_reshuffle():
    g = setup()
    return g.do(
        "Ana draw dragon", "Ana exchange B1 wolf", "Ben draw dragon", "Ben exchange B1 l",
        "Ana draw r", "Ana exchange B2 b", "Ben draw l", "Ben exchange B2 t",
        "Ana draw dk", "Ana exchange B3 phoenix",
    )  # fmt: skip


CASES = [
    # what is awaited, and from whom
    (fresh, "Ana reveal T1 star", ["turning over a card is not allowed now", "the top card of the draw pile to be turned over"]),
    (in_setup, "upturn star", ["not allowed now", "Ana or Ben to turn over a starting card"]),
    (in_setup, "Ana take T1 star", ["not allowed now", "Ana or Ben to turn over a starting card (reveal)"]),
    (in_setup, "Zed reveal T1 star", ["'Zed' is not playing; the players are Ana and Ben"]),
    (ana_to_redraw, "Ben redraw star", ["not Ben's turn", "Ana to replace the Magician"]),
    (ana_to_redraw, "Ben reveal T1 star", ["not allowed now", "Ana to replace the Magician"]),
    (anas_turn, "Ben take T2 b", ["not Ben's turn", "Ana to take the discard pile's top card (A: take) or draw a card (B: draw)"]),
    (anas_turn, "Ben draw wolf", ["not Ben's turn"]),
    (anas_turn, "Ana exchange T2 b", ["exchanging a drawn card is not allowed now"]),
    (anas_turn, "Ana discard", ["discarding a drawn card is not allowed now"]),
    (anas_turn, "Ana reveal T2 b", ["turning over a card is not allowed now"]),
    (anas_turn, "Ana spell T2 Ben T2", ["a Magician's spell is not allowed now"]),
    (anas_turn, "Ana uncover T2=b", ["uncovering cards is not allowed now"]),
    (anas_turn, "Ana redraw star", ["a redraw is not allowed now"]),
    (ana_drew, "Ana take T2 b", ["not allowed now", "Ana to exchange the drawn card into the layout (exchange) or put it on the discard pile (discard)"]),
    (ana_drew, "Ben discard", ["not Ben's turn"]),
    (ana_must_reveal, "Ana draw wolf", ["not allowed now", "Ana to turn over a face-down card (reveal, for the discarded card)"]),
    (ana_must_reveal, "Ana reveal T1 star", ["Ana's T1 is already face up; turn over a face-down card: T2, T3"]),
    (ana_casts, "Ana take T2 b", ["not allowed now", "Ana's Magician to cast its spell (spell)"]),
    (ana_casts, "Ana spell T4 Ben T1", ["Ana's T4 holds a Magician", "never exchanged", "choose T1, T2, T3, T5"]),
    (ana_casts, "Ana spell T1 Ana T2", ["with another player's layout", "choose Ben"]),
    (ana_casts, "Ana spell T1 Zed T2", ["'Zed' is not playing"]),
    (after_reshuffle, "Ben take T2 b", ["the discard pile is empty", "draw from the draw pile instead (B: draw)"]),
    # the cards the table reports must fit the deck
    (fresh, "upturn troll", ["there is no card 'troll' in the catalogue 'tiny-30'; its cards are dk, dragon, wk"]),
    (in_setup, "Ana reveal T1 dragonn", ["no card 'dragonn'"]),
    (lambda: Game().do("upturn wk"), "Ana reveal T1 wk", ["Ana's T1 cannot be 'wk': every copy of it is already accounted for (1 on the discard pile)"]),
    (anas_turn, "Ana take T2", ["Ana's T2 was face down: the record must say which card went onto the discard pile ('discards')"]),
    (anas_turn, "Ana take T1 blank", ["Ana's T1 shows 'star', so 'star' goes onto the discard pile, not 'blank'"]),
    (lambda: setup(upturn="wk"), "Ana take T2 wk", ["Ana's face-down T2 cannot be 'wk'", "(1 on the discard pile)"]),
    (lambda: setup(upturn="star", starts={"Ana": "T1 star", "Ben": "B2 star"}), "Ana draw star",
     ["the draw pile cannot show 'star': every copy of it is accounted for (Ana's T1, Ben's B2 and 1 on the discard pile)"]),
    (after_reshuffle, "Ben draw star", ["the draw pile cannot show 'star'"]),
    (lambda: setup().do("Ana draw wk"), "Ana exchange B1 wk", ["Ana's face-down B1 cannot be 'wk'", "(the drawn card)"]),
]  # fmt: skip


@pytest.mark.parametrize(("make", "line", "words"), CASES, ids=[c[1] for c in CASES])
def test_an_illegal_action_is_refused_with_the_rule_and_what_is_allowed(make, line, words):
    make().rejects(line, *words)


def test_an_unknown_slot_is_refused_naming_the_slots():
    g = setup()
    with pytest.raises(IllegalAction, match=r"there is no slot 'T7'; a layout has T1\.\.T6"):
        apply(g.state, Take("Ana", "T7"))
    with pytest.raises(IllegalAction, match="there is no slot 'x'"):
        apply(Game().do("upturn blank").state, Reveal("Ana", "x", "star"))


def test_a_second_start_line_is_refused():
    with pytest.raises(IllegalAction, match="exactly one start line"):
        apply(setup().state, Start(("Ana", "Ben"), "tiny-30", TINY))


@pytest.mark.parametrize(
    ("start", "words"),
    [
        (Start(("Ana", "Ben"), "provisional-69", game="chess"), "a 'hilo' engine, not one for 'chess'"),
        (Start(("Ana", "Ana"), "provisional-69"), "names must be distinct"),
        (Start(("Ana", " "), "provisional-69"), "not blank"),
        (Start(("Ana", "Ben"), "tiny", TINY), "names the catalogue 'tiny' but carries 'tiny-30'"),
        (Start(("Ana", "Ben"), "nope"), "unknown catalogue 'nope'"),
    ],
)  # fmt: skip
def test_a_bad_start_is_refused(start, words):
    with pytest.raises(IllegalAction) as err:
        start_game(start)
    assert words in str(err.value)


def test_a_refusal_is_checked_for_its_reason_not_only_for_being_raised():
    # the helper itself: a test that names no reason is a broken test
    with pytest.raises(AssertionError, match="name the refusal's reason"):
        setup().rejects("Ben take T2 b")
    with pytest.raises(AssertionError, match="not in"):
        setup().rejects("Ben take T2 b", "some other rule")
    assert "not Ben's turn" in setup().rejects("Ben take T2 b", "not Ben's turn")
