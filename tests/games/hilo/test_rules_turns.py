"""Playing the Game: actions A and B, the layout rule, and the reshuffle."""

from __future__ import annotations

import pytest

from companion.errors import MalformedRecord
from companion.games.hilo import parse_action

from .script import setup


def test_a_takes_the_discard_top_and_the_exchanged_card_goes_face_up_onto_the_pile():
    # A: "Take the top card of the face-up discard pile. Exchange it with an open or
    # face-down card ... place the exchanged card face up on the discard pile."
    g = setup()  # discard [blank]; Ana T1 star, Ben T1 star
    g.do("Ana take B3 wolf")  # B3 was face down: the table shows a wolf leaving it
    assert g.layout("Ana")["B3"] == "blank" and g.discard == ("wolf",)
    assert g.awaited == ("Ben", "turn")


def test_a_may_exchange_an_open_card_too():
    g = setup()
    g.do("Ana take T1")  # her face-up star goes to the discard pile
    assert g.layout("Ana")["T1"] == "blank" and g.discard == ("star",)


def test_a_face_down_card_taken_out_must_be_named_as_it_comes_to_light():
    g = setup()
    g.rejects("Ana take B3", "B3 was face down", "'discards'")
    g.rejects("Ana take T1 wolf", "T1 shows 'star'", "not 'wolf'")
    g.do("Ana take T1 star")  # naming the face-up card is allowed


def test_b_draws_and_exchanges_the_drawn_card_into_the_layout():
    # B, first option: "Exchange it with an open or face-down card from your layout (as under A)"
    g = setup()
    g.do("Ana draw dragon")
    assert g.awaited == ("Ana", "decide") and g.state.drawn == "dragon"
    g.do("Ana exchange B6 r")
    assert g.layout("Ana")["B6"] == "dragon" and g.discard == ("blank", "r")
    assert g.awaited == ("Ben", "turn")


def test_b_discarding_the_drawn_card_obliges_turning_over_a_face_down_card():
    # B, second option: "Place the drawn card face up on the discard pile ... you must
    # immediately turn over any one face-down card from your layout."
    g = setup()
    g.do("Ana draw dragon", "Ana discard")
    assert g.discard == ("blank", "dragon") and g.awaited == ("Ana", "reveal")
    g.rejects("Ana reveal T1 star", "T1 is already face up")
    g.rejects("Ben take T2 b", "not allowed now", "Ana to turn over a face-down card")
    g.rejects("Ben reveal B1 wolf", "not Ben's turn", "Ana to turn over a face-down card")
    g.do("Ana reveal B1 wolf")
    assert g.layout("Ana")["B1"] == "wolf" and g.awaited == ("Ben", "turn")


def test_the_drawn_card_cannot_be_put_back_or_kept_in_hand():
    g = setup()
    g.do("Ana draw dragon")
    g.rejects("Ana take T2 b", "taking the discard pile's top card is not allowed now")
    g.rejects("Ana draw wolf", "drawing a card is not allowed now")


def test_cards_are_never_moved_or_swapped_within_a_layout():
    # Layout rule: "You may never swap or move cards within your layout." No record type
    # can express it; a recorder that tries is told why.
    with pytest.raises(MalformedRecord, match="layout rule"):
        parse_action({"type": "swap", "player": "Ana", "slot": "T1", "at": "T2"})
    with pytest.raises(MalformedRecord, match="layout rule"):
        parse_action({"type": "move", "player": "Ana", "slot": "T1", "to": "B1"})


def test_cards_stay_in_their_spots_while_the_layout_changes_around_them():
    g = setup()
    g.do("Ana take B3 wolf", "Ben draw dragon", "Ben exchange T4 r", "Ana take T5 b")
    assert g.face_up("Ana") == {"T1": "star", "B3": "blank", "T5": "r"}
    assert g.face_up("Ben") == {"T1": "star", "T4": "dragon"}


def test_an_empty_draw_pile_is_replaced_by_the_whole_discard_pile():
    # "If the draw pile is ever empty, shuffle the discard pile and place it as the new
    # draw pile." Decision HL-5: the whole discard pile, once the turn is over.
    g = setup()  # pile 5, discard [blank]
    g.do("Ana draw dragon", "Ana exchange B1 wolf")  # pile 4, discard [blank, wolf]
    g.do("Ben draw dragon", "Ben discard", "Ben reveal B1 l")  # 3, [blank, wolf, dragon]
    g.do("Ana draw r", "Ana exchange B2 b")  # 2
    g.do("Ben draw l", "Ben exchange B2 t")  # 1
    assert g.discard == ("blank", "wolf", "dragon", "b", "t")
    g.do("Ana draw dk")  # 0: not yet reshuffled, her turn is not over
    assert g.state.pile_size == 0 and g.awaited == ("Ana", "decide")
    g.do("Ana exchange B3 phoenix")  # Phoenix goes onto the discard pile: no effect
    assert g.state.pile_size == 6 and g.discard == () and g.state.reshuffles == 1
    assert g.awaited == ("Ben", "turn")
    # only the six reshuffled cards can come from the draw pile now
    g.rejects("Ben draw star", "the draw pile cannot show 'star'")
    g.rejects("Ben take B3", "discard pile is empty", "draw")
    g.do("Ben draw phoenix")
    assert g.state.pile_size == 5


def test_exchanging_a_card_for_an_identical_design_is_a_legal_turn():
    # A: "Exchange it with an open or face-down card from your layout" (rulebook line 47);
    # "Each turn changes your layout in this way" (line 60) describes, it does not forbid.
    # Decision HL-20 (audit): taking (or drawing and exchanging) a copy of the design a
    # face-up slot already shows is legal; the two copies trade places.
    g = setup(upturn="star")  # discard [star]; Ana T1 star, Ben T1 star
    g.do("Ana take T1 star")
    assert g.layout("Ana")["T1"] == "star" and g.discard == ("star",)
    assert g.awaited == ("Ben", "turn")
    g.do("Ben draw blank", "Ben exchange B1 blank")
    assert g.layout("Ben")["B1"] == "blank" and g.discard == ("star", "blank")
