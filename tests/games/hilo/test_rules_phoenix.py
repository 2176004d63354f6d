"""The Phoenix: turn over one more card, whichever way it came into the layout."""

from __future__ import annotations

from .script import WIDE, setup


def two():
    return setup(catalogue=WIDE)


def test_a_phoenix_turned_over_in_the_layout_turns_over_one_more_card():
    # "When you reveal a Phoenix in your layout ... you immediately turn over one more card"
    g = two().do("Ana draw dragon", "Ana discard", "Ana reveal B2 phoenix")
    assert g.awaited == ("Ana", "reveal")
    g.do("Ana reveal B3 wolf")
    assert g.awaited == ("Ben", "turn")


def test_a_phoenix_drawn_and_placed_acts():
    g = two().do("Ana draw phoenix", "Ana exchange T2 r")
    assert g.awaited == ("Ana", "reveal")


def test_a_phoenix_taken_from_the_discard_pile_acts():
    g = two().do("Ana draw phoenix", "Ana discard", "Ana reveal B1 r", "Ben take T1")
    assert g.awaited == ("Ben", "reveal")


def test_a_phoenix_won_by_a_spell_acts_for_the_caster():
    # "It does not matter whether you drew the Phoenix ..., took it ..., or exchanged it
    # from another player's layout."
    g = two().do("Ana draw phoenix", "Ana discard", "Ana reveal B1 r")  # discard top phoenix
    g.do("Ben take T5 b", "Ben reveal T6 b")  # Ben T5 phoenix, face up
    g.do("Ana draw mage", "Ana exchange T4 l", "Ana spell B6 Ben T5")
    assert g.layout("Ana")["B6"] == "phoenix" and g.awaited == ("Ana", "reveal")


def test_a_phoenix_given_away_by_a_spell_does_not_act_for_the_receiver():
    # Decision HL-8: the Phoenix acts for the player who brings it into his layout on
    # his turn; the spell's victim does nothing on another player's turn.
    g = two().do("Ana draw phoenix", "Ana exchange T2 r", "Ana reveal T3 t")
    g.do("Ben take T1")  # Ben's star for the r on the discard pile
    g.do("Ana draw mage", "Ana exchange T4 l", "Ana spell T2 Ben B1")
    assert g.layout("Ben")["B1"] == "phoenix" and g.layout("Ana")["T2"] is None
    assert g.awaited == ("Ben", "turn")


def test_a_phoenix_turning_over_a_phoenix_acts_again():
    g = two().do("Ana draw phoenix", "Ana exchange T2 r", "Ana reveal T3 phoenix")
    assert g.awaited == ("Ana", "reveal")
    g.do("Ana reveal T4 star")
    assert g.awaited == ("Ben", "turn")


def test_a_phoenix_turning_over_a_magician_brings_a_spell():
    g = two().do("Ana draw phoenix", "Ana exchange T2 r", "Ana reveal T3 mage")
    assert g.awaited == ("Ana", "spell")


def test_a_phoenix_leaving_a_face_down_spot_for_the_discard_pile_does_not_act():
    g = two().do("Ana take B2 phoenix")
    assert g.awaited == ("Ben", "turn")


def test_a_phoenix_as_the_last_card_does_not_act():
    # "If the Phoenix is revealed ... as the last card, its action does not take effect."
    # The last face-down card turned over ends the game at once.
    g = two()
    slots = ("T2", "T3", "T4", "T5", "T6", "B1", "B2", "B3", "B4", "B5")
    cards = ("r", "l", "t", "b", "dragon", "wolf", "unicorn", "dk", "uk", "wk")
    for slot, card in zip(slots, cards, strict=True):
        g.do(f"Ana take {slot} {card}", "Ben take T1")
    assert g.state.face_down(0) == (11,)
    g.do("Ana draw phoenix", "Ana exchange B6 blank")
    assert g.awaited == ("Ben", "uncover")
