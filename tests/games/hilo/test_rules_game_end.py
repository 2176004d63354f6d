"""End of the Game: a fully revealed layout ends it at once; the others show their
cards; the scores decide, and a tie is shared."""

from __future__ import annotations

from companion.games.hilo.summary import to_json

from .script import WIDE, setup

SLOTS_AND_CARDS = (
    ("T2", "r"), ("T3", "l"), ("T4", "t"), ("T5", "b"), ("T6", "dragon"),
    ("B1", "wolf"), ("B2", "unicorn"), ("B3", "dk"), ("B4", "uk"), ("B5", "wk"),
)  # fmt: skip


def ana_one_card_short(upto: str = "B5"):
    """Ana takes the discard pile's top card into T2, T3, ... ``upto``, revealing what lay
    there; Ben swaps his face-up T1 with the discard pile's top card meanwhile.

    With ``upto="B5"`` Ana ends with T1 star, T2 blank, T3 star, T4 r, T5 l, T6 t,
    B1 b, B2 dragon, B3 wolf, B4 unicorn, B5 dk; B6 face down; Ben T1 wk."""
    g = setup(catalogue=WIDE)
    for slot, card in SLOTS_AND_CARDS:
        g.do(f"Ana take {slot} {card}", "Ben take T1")
        if slot == upto:
            break
    return g


def test_the_game_ends_at_once_when_one_layout_is_fully_revealed():
    # "The game ends immediately when all 12 cards in one player's layout have been revealed."
    g = ana_one_card_short()
    assert g.state.face_down(0) == (11,)
    g.do("Ana draw star", "Ana exchange B6 blank")
    assert g.awaited == ("Ben", "uncover") and g.state.ender == 0
    g.rejects("Ben take T2 b", "not allowed now", "Ben to show the remaining face-down cards")


def test_a_magician_placed_as_the_last_card_casts_no_spell():
    # "If a Magician is present, it may no longer cast its spell."
    g = ana_one_card_short().do("Ana draw mage", "Ana exchange B6 blank")
    assert g.awaited == ("Ben", "uncover")


def test_a_spell_that_completes_the_casters_layout_ends_the_game():
    # Decision HL-9: however a layout comes to be fully face up, the game ends.
    g = ana_one_card_short("B4")  # B5 and B6 face down
    g.do("Ana draw mage", "Ana exchange B5 blank")
    g.do("Ana spell B6 Ben T1")  # her last face-down card for Ben's face-up one
    assert g.awaited == ("Ben", "uncover") and to_json(g.state)["ended_by"] == "Ana"


def test_the_other_players_show_all_their_face_down_cards():
    # "All other players now also reveal their remaining face-down cards."
    g = ana_one_card_short().do("Ana draw star", "Ana exchange B6 blank")
    g.rejects("Ben uncover T2=wolf", "Ben must show exactly his face-down cards", "B6")
    g.rejects("Ana uncover T2=wolf", "Ana has no face-down card left")
    g.rejects(
        "Ben uncover T2=wolf T3=wolf T4=wolf T5=wolf T6=blank B1=dragon B2=dragon B3=unicorn"
        " B4=unicorn B5=phoenix B6=phoenix",
        "Ben's T4 cannot be 'wolf'",
        "every copy of it is already accounted for",
    )


def test_tied_players_share_the_victory():
    # "In case of a tie, the players share the victory."
    g = ana_one_card_short().do("Ana draw phoenix", "Ana exchange B6 blank")
    # Ana: stars T1, T3 (2) + T4 r beside T5 l (1) + Dragon Keeper with the B2 dragon (2) = 5
    g.do(
        "Ben uncover T2=wolf T3=wolf T4=star T5=blank T6=blank B1=dragon B2=dragon"
        " B3=unicorn B4=unicorn B5=phoenix B6=phoenix"
    )
    # Ben: Wolf Keeper (T1) with two wolves (4) + a star (1) = 5; dragons and unicorns
    # without their Keepers bring nothing
    s = g.state
    assert s.finished and s.scores == (5, 5) and s.winners == ("Ana", "Ben")
    g.rejects("Ben take T2", "the game is over", "Ana and Ben won with 5 Sterntaler")


def test_a_spell_that_completes_another_players_layout_ends_the_game():
    # Decision HL-9: "The game ends immediately when all 12 cards in one player's layout
    # have been revealed" (rulebook line 98), whoever's layout it is: here Ben's spell
    # gives Ana a face-up card for her last face-down one; she ended the game.
    g = ana_one_card_short()
    g.do("Ana take T1")  # Ana keeps B6 face down
    g.do("Ben draw mage", "Ben exchange T2 blank", "Ben spell T1 Ana B6")
    assert g.layout("Ana")["B6"] == "wk" and g.state.face_down(0) == ()
    assert g.awaited == ("Ben", "uncover") and to_json(g.state)["ended_by"] == "Ana"
    g.rejects("Ana draw star", "not allowed now", "Ben to show the remaining face-down cards")


def test_the_summary_after_the_end_names_nobody_on_turn():
    # "The game ends immediately ... All other players now also reveal their remaining
    # face-down cards" (rulebook line 98): while they do, no player is on turn, and the
    # summary says the game is over and what it waits for.
    from companion.games.hilo.summary import to_text

    g = ana_one_card_short().do("Ana draw star", "Ana exchange B6 blank")
    head = to_text(g.state).splitlines()[0]
    assert "None" not in head and "to play" not in head
    assert head.endswith(": the game ended in turn 21 (Ana's layout is revealed); cards to show")
    assert "Awaiting:   Ben to show the remaining face-down cards (uncover)" in to_text(g.state)
