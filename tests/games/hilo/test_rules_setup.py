"""Components and Setup: the deal, the discard pile, the starting card, a Magician or
Phoenix as starting card, and who begins."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.hilo import Start, start_game
from companion.games.hilo.catalogue import CATALOGUES

from .script import TINY, WIDE, Game, setup


def test_each_player_gets_twelve_cards_face_down_and_the_rest_is_the_draw_pile():
    # "deal 12 cards face down to each player ... 2 rows of 6 cards each. Place the
    # remaining cards in the middle as the draw pile."
    g = Game(("Ana", "Ben", "Cleo"), WIDE)
    assert all(lay == (None,) * 12 for lay in g.state.layouts)
    assert g.state.pile_size == 44 - 36
    assert g.awaited == (None, "upturn")


def test_the_top_card_of_the_draw_pile_is_turned_over_as_the_discard_pile():
    # "Turn over the top card of the draw pile and place it beside it."
    g = Game().do("upturn dragon")
    assert g.discard == ("dragon",) and g.state.pile_size == 30 - 24 - 1
    assert g.awaited == ("Ana", "setup")


def test_a_magician_or_phoenix_turned_over_for_the_discard_pile_does_nothing():
    g = Game().do("upturn mage")
    assert g.discard == ("mage",) and g.awaited == ("Ana", "setup")
    g = Game().do("upturn phoenix")
    assert g.discard == ("phoenix",) and g.awaited == ("Ana", "setup")


def test_each_player_turns_over_any_one_card_of_the_layout_in_any_order():
    # "Turn over any one card in your layout."
    g = Game(("Ana", "Ben", "Cleo"), WIDE).do("upturn dragon", "Cleo reveal B4 wolf")
    assert g.face_up("Cleo") == {"B4": "wolf"}
    assert g.awaited == ("Ana", "setup")
    g.rejects("Cleo reveal B5 wolf", "Cleo has already turned over a starting card")
    g.do("Ana reveal T6 t", "Ben reveal T1 r")
    assert g.awaited == ("Ana", "turn")


def test_the_first_listed_player_begins_and_play_goes_clockwise():
    # "Whoever last saw a unicorn begins. Play then continues clockwise." The record
    # lists the players clockwise, beginning with the starting player.
    g = setup(("Ben", "Ana", "Cleo"), WIDE)
    assert g.awaited == ("Ben", "turn")
    g.do("Ben take T2 b")
    assert g.awaited == ("Ana", "turn")
    g.do("Ana take T2 b")
    assert g.awaited == ("Cleo", "turn")
    g.do("Cleo take T2 b")
    assert g.awaited == ("Ben", "turn")


def test_a_magician_turned_over_at_setup_goes_back_and_a_new_card_takes_its_spot():
    # "If the revealed card is a Magician, shuffle it back into the draw pile and take a
    # new card from the draw pile. Place that new card face up in the freed-up spot."
    g = Game().do("upturn blank", "Ana reveal B2 mage")
    assert g.awaited == ("Ana", "redraw") and g.state.pile_size == 6
    g.rejects("Ben reveal T1 star", "Ana to replace the Magician")
    g.do("Ana redraw wolf")
    assert g.face_up("Ana") == {"B2": "wolf"} and g.state.pile_size == 5
    assert g.awaited == ("Ben", "setup")
    # no spell was cast at setup: Ben's layout is untouched
    assert g.face_up("Ben") == {}


def test_the_magician_shuffled_back_may_come_straight_back_and_goes_back_again():
    # Decision HL-2: the new card may be that Magician (it was shuffled in); it goes
    # back the same way until a card that is not a Magician comes.
    g = Game().do("upturn blank", "Ana reveal B2 mage", "Ana redraw mage")
    assert g.awaited == ("Ana", "redraw") and g.state.pile_size == 6
    g.do("Ana redraw mage")  # the second Magician, from the unknown part of the pile
    assert g.awaited == ("Ana", "redraw") and g.state.pile_size == 6
    g.do("Ana redraw star")
    assert g.face_up("Ana") == {"B2": "star"}


def test_a_phoenix_turned_over_at_setup_does_not_act():
    # "If the revealed card is a Phoenix, the Phoenix's action ... does not take effect."
    g = Game().do("upturn blank", "Ana reveal T3 phoenix")
    assert g.face_up("Ana") == {"T3": "phoenix"} and g.awaited == ("Ben", "setup")


def test_a_phoenix_drawn_for_a_magician_at_setup_does_not_act_either():
    # Decision HL-2: the card that replaces a Magician is a starting card too.
    g = Game().do("upturn blank", "Ana reveal T3 mage", "Ana redraw phoenix")
    assert g.face_up("Ana") == {"T3": "phoenix"} and g.awaited == ("Ben", "setup")


def test_the_deck_limits_the_number_of_players():
    # 69 cards: 12 for each player and at least a discard and a draw pile: 2 to 5.
    cat = CATALOGUES["provisional-69"]
    assert cat.size == 69 and cat.max_players() == 5
    start_game(Start(("A", "B", "C", "D", "E"), "provisional-69"))
    with pytest.raises(
        IllegalAction, match=r"2 to 5 players \(12 cards each, a discard and a draw pile\), not 6"
    ):
        start_game(Start(("A", "B", "C", "D", "E", "F"), "provisional-69"))
    with pytest.raises(IllegalAction, match=r"2 to 2 players .*, not 3$"):
        start_game(Start(("A", "B", "C"), "tiny-30", TINY))
    with pytest.raises(IllegalAction, match=r"is played by 2 to 5 players .*, not 1$"):
        start_game(Start(("A",), "provisional-69"))


def test_a_deck_too_small_for_two_players_is_refused_saying_so():
    # "deal 12 cards face down to each player ... Place the remaining cards in the middle
    # as the draw pile. Turn over the top card" (rulebook line 29); decision HL-14.
    from companion.games.hilo.catalogue import from_dict

    def deck(n):
        return from_dict(
            {"name": f"small-{n}", "cards": [{"id": "x", "kind": "plain", "count": n}]}
        )

    with pytest.raises(IllegalAction) as err:
        start_game(Start(("A", "B"), "small-25", deck(25)))
    message = str(err.value)
    assert "2 to 1" not in message
    assert message == (
        "the 25-card catalogue 'small-25' is too small for HiLo: 2 players need at least"
        " 26 cards (12 each, a discard and a draw pile)"
    )
    assert start_game(Start(("A", "B"), "small-26", deck(26))).pile_size == 2
