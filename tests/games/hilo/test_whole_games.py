"""Whole games of HiLo, played to the very end, scores worked out by hand.

Every number asserted here was computed from the rulebook (shared/rules/hilo.txt) and
the little 30-card deck of ``script.TINY`` (``r``/``l``/``t``/``b``: one half
Sterntaler on the right/left/top/bottom edge; ``star``: a whole Sterntaler printed;
``blank``: nothing), never copied from the engine. The comments track the draw pile
(size; cards known to be in it), the discard pile (bottom first) and the cards still
unseen (face down somewhere or unknown in the draw pile).
"""

from __future__ import annotations

from companion.games.hilo import parse_action, replay
from companion.games.hilo.names import SLOTS
from companion.games.hilo.queries import score_now
from companion.games.hilo.summary import to_json

from .script import WIDE, Game

# Deck: dk 2, dragon 3, wk 1, wolf 2, mage 2, phoenix 2, r 3, l 3, t 2, b 2, star 3, blank 5.
# 2 players: 24 dealt, 6 in the draw pile.
TWO_PLAYER_GAME = [
    # -- setup
    "upturn blank",  # pile 5; discard [blank]
    "Ana reveal T1 mage",  # a Magician at setup goes back: pile 6 (mage known)
    "Ana redraw star",  # pile 5 (mage known + 4 unknown); Ana T1 star
    "Ben reveal B6 r",
    # unseen now: dk2 dragon3 wk1 wolf2 mage1 phoenix2 r2 l3 t2 b2 star2 blank4 (26 = 22 face down + 4)
    # -- turn 1, Ana (B): draw, exchange into a face-down slot
    "Ana draw dk",  # pile 4
    "Ana exchange T4 l",  # Ana T4 dk; discard [blank, l]
    # -- turn 2, Ben (A)
    "Ben take T1 star",  # Ben T1 l; discard [blank, star]
    # -- turn 3, Ana (A)
    "Ana take T5 blank",  # Ana T5 star; discard [blank, blank]
    # -- turn 4, Ben (B): draws the Magician sent back at setup and places it: a spell
    "Ben draw mage",  # pile 3, all unknown
    "Ben exchange T2 t",  # Ben T2 mage; discard [blank, blank, t]
    "Ben spell B6 Ana T1",  # Ben's r and Ana's star change places, both stay face up
    # -- turn 5, Ana (B): a Phoenix placed turns over one more card
    "Ana draw phoenix",  # pile 2
    "Ana exchange B1 wolf",  # discard [blank, blank, t, wolf]
    "Ana reveal B2 dragon",
    # -- turn 6, Ben (A)
    "Ben take B1 b",  # Ben B1 wolf; discard [blank, blank, t, b]
    # -- turn 7, Ana (B): discards the drawn card, so turns over a face-down card
    "Ana draw wk",  # pile 1
    "Ana discard",  # discard [blank, blank, t, b, wk]
    "Ana reveal B3 dragon",
    # -- turn 8, Ben (B): the last card of the draw pile
    "Ben draw l",  # pile 0
    "Ben exchange B2 dk",  # discard [blank, blank, t, b, wk, dk]
    # end of turn: the draw pile is empty, the whole discard pile becomes the draw pile:
    # pile 6 = {blank 2, t, b, wk, dk}; discard []
    # -- turn 9, Ana: the discard pile is empty, so she must draw (B)
    "Ana draw wk",  # pile 5 {blank 2, t, b, dk}
    "Ana exchange B4 star",  # discard [star]
    # -- turn 10, Ben (A): a face-down Magician goes onto the discard pile: no spell
    "Ben take T3 mage",  # Ben T3 star; discard [mage]
    # -- turn 11, Ana (A): she places that Magician: a spell
    "Ana take T3 phoenix",  # a face-down Phoenix leaves for the discard pile: no effect
    "Ana spell B3 Ben T4",  # Ana's face-up dragon for Ben's face-down card: Ana B3 is
    # face down again, Ben T4 shows the dragon; discard [phoenix]
    # -- turn 12, Ben (A): takes the Phoenix, which acts
    "Ben take T4",  # Ben T4 phoenix; the face-up dragon goes to the discard: [dragon]
    "Ben reveal T5 blank",
    # -- turn 13, Ana (A)
    "Ana take B5 wolf",  # Ana B5 dragon; discard [wolf]
    # -- turn 14, Ben (B)
    "Ben draw blank",  # pile 4 {blank, t, b, dk}
    "Ben discard",  # discard [wolf, blank]
    "Ben reveal T6 b",
    # -- turn 15, Ana (A)
    "Ana take T6 r",  # Ana T6 blank; discard [wolf, r]
    # -- turn 16, Ben (A)
    "Ben take B3 t",  # Ben B3 r; discard [wolf, t]
    # -- turn 17, Ana (A)
    "Ana take B6 dragon",  # Ana B6 t; discard [wolf, dragon]
    # -- turn 18, Ben (B)
    "Ben draw t",  # pile 3 {blank, b, dk}
    "Ben exchange B4 l",  # Ben B4 t; discard [wolf, dragon, l]
    # -- turn 19, Ana (A): r on T1 and l on T2 now make a complete Sterntaler
    "Ana take T2 r",  # Ana T2 l; discard [wolf, dragon, r]; Ana has B3 face down
    # -- turn 20, Ben (A): his last face-down card: the game ends at once
    "Ben take B5 blank",  # Ben B5 r; discard [wolf, dragon, blank]
    # Ana shows her last face-down card (unseen left: blank 1)
    "Ana uncover B3=blank",
]


def test_a_two_player_game_with_magicians_phoenixes_and_a_reshuffle():
    g = Game()
    lines = iter(TWO_PLAYER_GAME)

    def play_through(last: str) -> None:
        for line in lines:
            g.do(line)
            if line == last:
                return

    play_through("Ben spell B6 Ana T1")
    assert g.layout("Ana")["T1"] == "r" and g.layout("Ben")["B6"] == "star"
    play_through("Ben exchange B2 dk")
    # turn 8's end: the whole discard pile was shuffled into the new draw pile
    assert g.state.pile_size == 6 and g.discard == () and g.state.reshuffles == 1
    g.rejects("Ana take T6", "discard pile is empty")
    play_through("Ana spell B3 Ben T4")
    assert g.layout("Ana")["B3"] is None and g.layout("Ben")["T4"] == "dragon"
    play_through("Ben take B5 blank")
    assert g.awaited == ("Ana", "uncover")
    g.do(TWO_PLAYER_GAME[-1])
    s = g.state
    assert s.finished and s.turn_no == 20
    assert g.layout("Ana") == {
        "T1": "r", "T2": "l", "T3": "mage", "T4": "dk", "T5": "star", "T6": "blank",
        "B1": "phoenix", "B2": "dragon", "B3": "blank", "B4": "wk", "B5": "dragon", "B6": "t",
    }  # fmt: skip
    assert g.layout("Ben") == {
        "T1": "l", "T2": "mage", "T3": "star", "T4": "phoenix", "T5": "blank", "T6": "b",
        "B1": "wolf", "B2": "l", "B3": "r", "B4": "t", "B5": "r", "B6": "star",
    }  # fmt: skip
    # Ana: B3 lies below her Magician (ignored); whole: star 1; T1 r + T2 l: 1 complete
    # Sterntaler; the Dragon Keeper guards the dragons on B2 and B5: 4; the Wolf Keeper
    # has no wolf: 0. Total 6.
    ana = score_now(s, 0)
    assert (ana.whole, ana.joined, ana.keepers, ana.ignored) == (1, 1, 4, (8,))
    # Ben: B2 below his Magician (ignored); whole: T3 star + B6 star = 2; no halves meet
    # (T6 b over B6 star, B3 r beside B4 t, B5 r beside B6 star); a wolf and no Keeper: 0.
    ben = score_now(s, 1)
    assert (ben.whole, ben.joined, ben.keepers, ben.ignored) == (2, 0, 0, (7,))
    out = to_json(s)
    assert out["scores"] == {"Ana": 6, "Ben": 2}
    assert out["winners"] == ["Ana"] and out["ended_by"] == "Ben"
    assert out["discard"] == {"top": "blank", "cards": 3} and out["draw_pile"] == 3
    assert out["awaiting"] is None and out["turn"] is None
    # the record replays to the same state
    assert replay(parse_action(r) for r in g.records) == s


# Deck (script.WIDE, 44 cards): dk 3, uk 2, wk 2, dragon 4, unicorn 3, wolf 3, mage 4,
# phoenix 4, r 3, l 3, t 3, b 3, star 3, blank 4. 3 players: 36 dealt, 8 in the draw pile.
THREE_PLAYER_GAME = [
    "upturn phoenix",  # pile 7; a Phoenix on the discard pile does nothing
    "Ana reveal T1 dk",
    "Ben reveal B1 wolf",
    "Cleo reveal T1 phoenix",  # a starting Phoenix does not act
    # turn 1, Ana: the Phoenix from the discard pile turns over one more card
    "Ana take T2 dragon",  # discard [dragon]
    "Ana reveal T3 dragon",
    # turn 2, Ben
    "Ben take B2 unicorn",  # Ben B2 dragon; discard [unicorn]
    # turn 3, Cleo: a Phoenix placed turns over a Phoenix, which turns over one more
    "Cleo draw phoenix",  # pile 6
    "Cleo exchange T2 mage",  # a face-down Magician to the discard pile: no spell
    "Cleo reveal T3 phoenix",
    "Cleo reveal T4 star",  # discard [unicorn, mage]
    # turn 4, Ana: takes that Magician; her spell wins Cleo's star
    "Ana take T4 uk",  # discard [unicorn, uk]
    "Ana spell T5 Cleo T4",  # Ana T5 star; Cleo T4 face down
    # turns 5 to 9
    "Ben take B3 wolf",  # Ben B3 uk; discard [unicorn, wolf]
    "Cleo take T4 b",  # Cleo T4 wolf; discard [unicorn, b]
    "Ana take B1 dragon",  # Ana B1 b; discard [unicorn, dragon]
    "Ben take B4 dk",  # Ben B4 dragon; discard [unicorn, dk]
    "Cleo take T5 mage",  # Cleo T5 dk; discard [unicorn, mage]
    # turn 10, Ana: a second Magician; she takes Ben's face-up dragon
    "Ana take T6 wk",  # discard [unicorn, wk]
    "Ana spell B2 Ben B2",  # Ana B2 dragon; Ben B2 face down
    # turns 11 to 14
    "Ben take T1 wolf",  # Ben T1 wk; discard [unicorn, wolf]
    "Cleo take T6 unicorn",  # Cleo T6 wolf; discard [unicorn, unicorn]
    "Ana draw dragon",  # pile 5
    "Ana exchange B3 r",  # Ana B3 dragon: her third; discard [unicorn, unicorn, r]
    "Ben take T2 l",  # Ben T2 r; discard [unicorn, unicorn, l]
    # turn 15, Cleo: her Magician takes back a star, now Ana's
    "Cleo draw mage",  # pile 4
    "Cleo exchange B1 wk",  # discard [unicorn, unicorn, l, wk]
    "Cleo spell B2 Ana T5",  # Cleo B2 star; Ana T5 face down
    # turns 16 to 24
    "Ana take T5 blank",  # Ana T5 wk; discard [.., l, blank]
    "Ben draw t",  # pile 3
    "Ben discard",  # discard [.., blank, t]
    "Ben reveal T3 l",  # Ben T2 r and T3 l: a complete Sterntaler
    "Cleo take B3 star",  # Cleo B3 t; discard [.., blank, star]
    "Ana take B5 unicorn",  # Ana B5 star; discard [.., blank, unicorn]
    "Ben take T4 b",  # Ben T4 unicorn; discard [.., blank, b]
    "Cleo take B4 t",  # Cleo B4 b; discard [.., blank, t]
    "Ana take B6 r",  # Ana B6 t; discard [.., blank, r]; Ana has only B4 face down
    "Ben draw l",  # pile 2
    "Ben exchange T5 blank",  # Ben T5 l; discard [.., r, blank]
    "Cleo take B5 r",  # Cleo B5 blank; discard [.., blank, r]
    # turn 25, Ana: her last face-down card: the game is over
    "Ana take B4 b",  # Ana B4 r; discard [unicorn, unicorn, l, blank, r, b]
    # unseen now: dk, uk, mage, t, star, blank 2: 5 face-down cards and 2 in the pile
    "Ben uncover T6=dk B2=star B5=t B6=blank",
    "Cleo uncover B6=mage",  # shown at the end, it casts nothing
]


def test_a_three_player_game_ended_by_the_first_player_with_keepers_and_magicians():
    g = Game(("Ana", "Ben", "Cleo"), WIDE)
    g.do(*THREE_PLAYER_GAME[:-3])
    assert g.awaited == ("Ana", "turn") and g.state.turn_no == 25
    g.do(THREE_PLAYER_GAME[-3])
    assert g.awaited == ("Ben", "uncover") and g.state.ender == 0
    g.do(*THREE_PLAYER_GAME[-2:])
    s = g.state
    assert s.finished and s.pile_size == 2 and s.reshuffles == 0
    expected = {
        "Ana": "dk phoenix dragon mage wk mage / b dragon dragon r star t",
        "Ben": "wk r l unicorn l dk / wolf star uk dragon t blank",
        "Cleo": "phoenix phoenix phoenix wolf dk wolf / mage star t b blank mage",
    }
    for name, cards in expected.items():
        row = [c for c in cards.split(" ") if c != "/"]
        assert g.layout(name) == dict(zip(SLOTS, row, strict=True)), name
    # Ana: B4 and B6 lie below her Magicians (ignored). Whole: B5 star 1. No halves meet
    # (B1 b's bottom half touches nothing). Dragon Keeper with three dragons (T3, B2,
    # B3) counts two: 4; Wolf Keeper without a wolf: 0. Total 5.
    ana = score_now(s, 0)
    assert (ana.whole, ana.joined, ana.keepers, ana.ignored) == (1, 0, 4, (9, 11))
    # Ben: no Magician. Whole: B2 star 1. T2 r + T3 l: 1 (T4 unicorn beside T5 l and
    # T5 l over B5 t do not meet). Wolf Keeper + B1 wolf 2, Unicorn Keeper + T4 unicorn 2,
    # Dragon Keeper (T6) + B4 dragon 2. Total 8.
    ben = score_now(s, 1)
    assert (ben.whole, ben.joined, ben.keepers, ben.ignored) == (1, 1, 6, ())
    # Cleo: T1 and T6 lie above her Magicians (ignored: a Phoenix and a wolf). Whole: B2
    # star 1. B3 t under T3 Phoenix: no. Dragon Keeper without a dragon, wolves without a
    # Keeper: 0. Total 1.
    cleo = score_now(s, 2)
    assert (cleo.whole, cleo.joined, cleo.keepers, cleo.ignored) == (1, 0, 0, (0, 5))
    assert s.scores == (5, 8, 1) and s.winners == ("Ben",)
    assert replay(parse_action(r) for r in g.records) == s


def test_the_other_players_uncover_in_any_order_and_the_scores_come_with_the_last():
    # "All other players now also reveal their remaining face-down cards" (rulebook
    # line 98). Decision HL-16: any order; ``awaiting`` names the first in seating order
    # still owing an ``uncover``; the scores come when the last is in.
    g = Game(("Ana", "Ben", "Cleo"), WIDE)
    g.do(*THREE_PLAYER_GAME[:-2])
    assert g.awaited == ("Ben", "uncover")
    g.do(THREE_PLAYER_GAME[-1])  # Cleo first
    assert g.awaited == ("Ben", "uncover") and not g.state.finished
    assert g.state.scores is None and g.state.winners == ()
    g.rejects("Cleo uncover B6=mage", "Cleo has no face-down card left to show")
    g.do(THREE_PLAYER_GAME[-2])
    assert g.state.finished and g.state.scores == (5, 8, 1) and g.state.winners == ("Ben",)
