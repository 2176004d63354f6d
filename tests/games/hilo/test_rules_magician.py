"""The Magician's spell: when it is cast, what it may exchange, and that it must be cast."""

from __future__ import annotations

from .script import WIDE, setup


def two():
    """Ana and Ben past setup with the 44-card deck: Ana T1 star, Ben T1 star, discard [blank]."""
    return setup(catalogue=WIDE)


def test_a_magician_taken_from_the_discard_pile_casts_a_spell():
    # "Immediately when you ... place one into your layout, whether you drew it from the
    # draw pile or took it from the discard pile, the Magician casts a spell"
    g = two().do("Ana draw mage", "Ana discard", "Ana reveal B1 b")
    assert g.awaited == ("Ben", "turn")
    g.do("Ben take B6 l")
    assert g.awaited == ("Ben", "spell")


def test_a_magician_drawn_and_placed_casts_a_spell():
    g = two().do("Ana draw mage", "Ana exchange T4 r")
    assert g.awaited == ("Ana", "spell")


def test_a_magician_turned_over_in_the_layout_casts_a_spell():
    # "Immediately when you reveal a Magician in your layout"
    g = two().do("Ana draw dragon", "Ana discard", "Ana reveal B2 mage")
    assert g.awaited == ("Ana", "spell")


def test_a_magician_leaving_a_face_down_spot_for_the_discard_pile_casts_nothing():
    g = two().do("Ana take B2 mage")
    assert g.awaited == ("Ben", "turn") and g.discard == ("mage",)


def test_the_spell_exchanges_a_card_with_another_players_card_keeping_their_faces():
    # "exchange any card ... from your layout with a card from another player's layout.
    # ... The exchanged cards remain face down or face up, as they were"
    g = two().do("Ana draw mage", "Ana exchange T4 r")
    g.do("Ana spell T1 Ben B5")  # her face-up star for his face-down card
    assert g.layout("Ana")["T1"] is None and g.layout("Ana")["T4"] == "mage"
    assert g.layout("Ben")["B5"] == "star" and g.awaited == ("Ben", "turn")


def test_the_spell_may_exchange_two_face_down_cards():
    g = two().do("Ana draw mage", "Ana exchange T4 r", "Ana spell B6 Ben B6")
    assert g.layout("Ana")["B6"] is None and g.layout("Ben")["B6"] is None


def test_the_spell_is_compulsory():
    # "you must immediately exchange"
    g = two().do("Ana draw mage", "Ana exchange T4 r")
    g.rejects("Ben take T2 b", "not allowed now", "Ana's Magician to cast its spell")
    g.rejects("Ana draw wolf", "not allowed now", "spell")


def test_the_magician_never_exchanges_itself():
    # "any card (but not the Magician itself)"
    g = two().do("Ana draw mage", "Ana exchange T4 r")
    g.rejects("Ana spell T4 Ben B1", "Ana's T4 holds a Magician", "never exchanged")


def test_no_magician_is_ever_exchanged_by_a_spell():
    # "Caution: when casting, you may never exchange Magicians." Neither one's own other
    # Magicians nor another player's face-up ones.
    g = two().do("Ana draw mage", "Ana exchange T4 r", "Ana spell B1 Ben B1")
    g.do("Ben draw mage", "Ben exchange T3 r")
    g.rejects("Ben spell T1 Ana T4", "Ana's T4 holds a Magician")
    g.do("Ben spell T1 Ana T2")
    g.do("Ana draw mage", "Ana exchange T5 b")  # Ana has two Magicians now
    g.rejects("Ana spell T4 Ben T1", "Ana's T4 holds a Magician")
    g.rejects("Ana spell T2 Ben T3", "Ben's T3 holds a Magician")


def test_a_face_down_magician_may_be_exchanged_unknowingly():
    # Decision HL-7: nobody can see a face-down Magician; the spell may take it, and it
    # casts when its new owner turns it over.
    g = two().do("Ana draw mage", "Ana exchange T4 r", "Ana spell B6 Ben B6")
    g.do("Ben draw dragon", "Ben discard", "Ben reveal B6 mage")
    assert g.awaited == ("Ben", "spell")


def test_the_spell_is_cast_with_another_player_never_within_ones_own_layout():
    g = two().do("Ana draw mage", "Ana exchange T4 r")
    g.rejects("Ana spell T1 Ana T2", "another player's layout", "Ben")


def test_the_magician_stays_in_the_layout_and_may_be_exchanged_later():
    # "The Magician remains in your layout for now. However, later in the game you can
    # exchange it with a card drawn from the draw pile or discard pile."
    g = two().do("Ana draw mage", "Ana exchange T4 r", "Ana spell B1 Ben B1")
    g.do("Ben take T2 b", "Ana take T4")  # Ana takes Ben's b for her Magician
    assert g.layout("Ana")["T4"] == "b" and g.discard[-1] == "mage"
