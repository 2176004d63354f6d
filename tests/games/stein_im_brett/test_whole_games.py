"""Whole games, every score worked out by hand (the comments show the working)."""

from __future__ import annotations

from companion.games.stein_im_brett import DEFAULT
from companion.games.stein_im_brett.names import COLOURS
from companion.games.stein_im_brett.queries import live_points, starting_player
from companion.games.stein_im_brett.scoring import totals

from .conftest import FIVE, THREE, TWO
from .script import RING, Table, row, start_record


def test_a_two_player_game_on_a_ring_of_six_fields():
    # Ana red, yellow, green; Ben blue, white, black. Each field of the ring touches the
    # one before and after it (r6 touches r1).
    t = Table(start_record(TWO, board=RING))
    t.play("draw white")  # Ben's colour: Ben starts
    # Round 1: red red blue blue yellow white around the ring. r1-r2 red and r3-r4 blue
    # touch; the yellow (between blue and white) and the white (between yellow and red)
    # are alone: Ana 1, Ben 1.
    s = t.play("Ben r1:red r2:red r3:blue", "Ana r4:blue r5:yellow r6:white")
    assert s.scorings[0].points == (1, 1)
    assert starting_player(s) == "Ana"  # moved on by one
    # Round 2: green black green black green red: every stone alone. Ana 3 greens and the
    # red, Ben 2 blacks.
    s = t.play("Ana r1:green r3:green r5:green", "Ben r2:black r4:black r6:red")
    assert s.scorings[1].points == (4, 2)
    assert starting_player(s) == "Ben"
    # Round 3: blue white white yellow red yellow: the whites touch; the blue (between
    # yellow r6 and white r2), yellow r4, red r5 and yellow r6 (between red and blue) are
    # alone: Ana 3, Ben 1.
    s = t.play("Ben r1:blue r2:white r3:white", "Ana r4:yellow r5:red r6:yellow")
    assert s.scorings[2].points == (3, 1)
    assert s.finished and totals(s) == (8, 4) and s.winners == ("Ana",)
    # 18 stones played from the bag of 108; red 4, yellow 3, green 3, blue 3, white 3,
    # black 2 of them.
    assert s.bag == (14, 15, 15, 15, 15, 16)
    assert s.box == (2, 0, 0, 2, 2, 0)  # the touching reds, blues and whites
    assert s.piles == ((2, 3, 3, 0, 0, 0), (0, 0, 0, 1, 1, 2))


def test_a_five_player_game_on_a_row_of_three_fields():
    # Ana red, Ben yellow, Cleo green, Dora blue, Emil white; black is nobody's.
    t = Table(start_record(FIVE, board=row(3)))
    s = t.play("draw black", "draw black", "draw green")  # black twice: drawn again
    assert starting_player(s) == "Cleo"
    # Round 1: green black green: all alone; the black scores for nobody. Cleo 2.
    s = t.play("Cleo x1:green x2:black x3:green")
    assert s.scorings[0].points == (0, 0, 2, 0, 0)
    # Five players: the starting player moves on by two, Cleo -> Emil.
    assert starting_player(s) == "Emil"
    # Round 2: white white red: the whites touch, the red is alone. Ana 1.
    s = t.play("Emil x1:white x2:white x3:red")
    assert s.scorings[1].points == (1, 0, 0, 0, 0)
    assert starting_player(s) == "Ben"  # Emil -> (past Ana) Ben
    # Round 3: yellow blue yellow: all alone. Ben 2, Dora 1.
    s = t.play("Ben x1:yellow x2:blue x3:yellow")
    assert s.scorings[2].points == (0, 2, 0, 1, 0)
    assert totals(s) == (1, 2, 2, 1, 0)
    assert s.winners == ("Ben", "Cleo")  # a tie is a tie


# The default board drawn row by row (a at the top, d without its centre d4). In rounds 1
# and 2 the colours follow the hex grid's three-colouring ((q - r) mod 3): no two
# neighbours share a colour, and each of the three colours takes 12 of the 36 fields.
ROUND_1 = """
   R Y G R
  Y G R Y G
 G R Y G R Y
R Y G   Y G R
 G R Y G R Y
  Y G R Y G
   R Y G R
"""
ROUND_2 = ROUND_1.replace("R", "B").replace("Y", "W").replace("G", "K")
# Round 3, the bag's last 36 stones, six of each colour, laid out by hand.
ROUND_3 = """
   R R Y B
  G Y W K B
 K W R G Y W
B G K   R Y G
 W R B Y K B
  Y K G W R
   G B W K
"""
LETTER = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "white", "K": "black"}


def cells(drawing: str) -> list[str]:
    """The colours of a drawing in the default layout's field order (a1..g4)."""
    return [LETTER[x] for x in drawing.split()]


def play_round(t: Table, drawing: str) -> None:
    """Fill the board three fields at a time in layout order, whoever is on turn."""
    colours = cells(drawing)
    for k in range(0, 36, 3):
        who = t.state.players[t.state.turn]
        stones = " ".join(f"{DEFAULT.ids[i]}:{colours[i]}" for i in range(k, k + 3))
        t.play(f"{who} {stones}")


def test_a_full_three_player_game_on_the_default_board():
    # Ana red + blue, Ben yellow + white, Cleo green + black.
    t = Table(start_record(THREE))
    t.play("draw yellow")  # Ben starts
    assert [cells(d).count(c) for d in (ROUND_3,) for c in COLOURS] == [6] * 6
    play_round(t, ROUND_1)
    s = t.state
    # Every stone alone: red 12 (Ana), yellow 12 (Ben), green 12 (Cleo).
    assert s.scorings[0].points == (12, 12, 12) and starting_player(s) == "Cleo"
    play_round(t, ROUND_2)
    s = t.state
    assert s.scorings[1].points == (12, 12, 12) and starting_player(s) == "Ana"
    assert s.bag == (6,) * 6  # six of each colour left for the last round
    # Round 3, by hand (neighbours of a field: two above, two beside, two below):
    #   red:    a1-a2 touch; c3, d5, e2, f5 alone                      -> 4
    #   yellow: c5-d6 touch; a3, b2, e4, f1 alone                      -> 4
    #   green:  b1, c4, d2, d7, f3, g1 all alone                       -> 6
    #   blue:   a4-b5 touch; d1, e3, e6, g2 alone                      -> 4
    #   white:  f4-g3 touch; b3, c2, c6, e1 alone                      -> 4
    #   black:  b4, c1, d3, e5, f2, g4 all alone                       -> 6
    # Ana (red, blue) 8, Ben (yellow, white) 8, Cleo (green, black) 12.
    colours = cells(ROUND_3)
    for k in range(0, 33, 3):
        who = t.state.players[t.state.turn]
        t.play(f"{who} " + " ".join(f"{DEFAULT.ids[i]}:{colours[i]}" for i in range(k, k + 3)))
    # Before the last turn (g2, g3, g4 still free), the live score as if it ended now:
    # Ana red 4 + blue 3 (no g2 yet), Ben yellow 4 + white 5 (f4 alone without g3),
    # Cleo green 6 + black 5 (no g4 yet).
    assert live_points(t.state) == (7, 9, 11)
    who = t.state.players[t.state.turn]
    s = t.play(f"{who} g2:blue g3:white g4:black")
    last = s.scorings[2]
    assert last.points == (8, 8, 12)
    assert sorted(s.board.ids[i] for i in range(36) if i not in last.scored) == sorted(
        ["a1", "a2", "c5", "d6", "a4", "b5", "f4", "g3"]
    )
    assert s.finished and totals(s) == (32, 32, 36) and s.winners == ("Cleo",)
    assert s.in_bag == 0  # "at the end of the 3rd round the cloth bag is empty"
    assert s.box == (2, 2, 0, 2, 2, 0)
