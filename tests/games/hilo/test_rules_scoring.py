"""Scoring: complete Sterntaler across touching edges, whole ones, Keepers and their
animals, and the cards above or below a Magician."""

from __future__ import annotations

from companion.games.hilo import Card, Catalogue, score_layout

from .script import WIDE


def layout(top: str, bottom: str) -> list[str | None]:
    """``"r l _ _ _ _"`` for a row; ``_`` is a blank card, ``?`` a face-down one."""
    cards = top.split() + bottom.split()
    assert len(cards) == 12
    return [None if c == "?" else "blank" if c == "_" else c for c in cards]


def score(top: str, bottom: str, catalogue=WIDE):
    return score_layout(catalogue, layout(top, bottom))


def test_two_halves_on_touching_edges_of_a_row_make_one_sterntaler():
    # "Only complete Sterntaler are scored": the right half of one card and the left
    # half of its right-hand neighbour.
    assert score("r l _ _ _ _", "_ _ _ _ _ _").joined == 1
    assert score("_ _ _ _ r l", "_ _ _ _ _ _").joined == 1


def test_two_halves_on_touching_edges_of_a_column_make_one_sterntaler():
    assert score("b _ _ _ _ _", "t _ _ _ _ _").joined == 1
    assert score("_ _ _ _ _ b", "_ _ _ _ _ t").joined == 1


def test_halves_that_do_not_meet_score_nothing():
    # cards stay upright: the left half of the left card and the right half of the
    # right card, a top half in the top row, halves across the end of a row
    assert score("l r _ _ _ _", "_ _ _ _ _ _").joined == 0
    assert score("t _ _ _ _ _", "b _ _ _ _ _").joined == 0
    assert score("_ _ _ _ _ r", "l _ _ _ _ _").joined == 0  # T6 does not touch B1
    assert score("r _ l _ _ _", "_ _ _ _ _ _").joined == 0  # not neighbours
    assert score("r b _ _ _ _", "_ t _ _ _ _").joined == 1  # only the column meets


def test_whole_sterntaler_printed_on_a_card_count_as_complete():
    assert score("star star _ _ _ _", "star _ _ _ _ _").whole == 3


def test_one_card_may_complete_sterntaler_on_all_its_edges():
    cat = Catalogue("four-sided", (*WIDE.cards, Card("all", "plain", (1, 1, 1, 1))))
    # "all" on T2: r on T1 (1), l on T3 (1), t on B2 below (1); nothing above the top row
    assert score_layout(cat, layout("r all l _ _ _", "_ t _ _ _ _")).joined == 3


def test_a_keeper_brings_two_sterntaler_for_each_of_up_to_two_animals():
    # "2 Sterntaler for 1 Keeper + 1 animal, 4 Sterntaler for 1 Keeper + 2 animals.
    # Each Keeper card always counts for a maximum of 2 animals."
    assert score("dk dragon _ _ _ _", "_ _ _ _ _ _").keepers == 2
    assert score("dk dragon _ _ _ _", "_ _ _ _ _ dragon").keepers == 4
    assert score("dk dragon dragon _ _ _", "_ _ _ _ _ dragon").keepers == 4


def test_a_third_animal_needs_a_second_keeper():
    # "To score a third matching animal, you need a second Keeper."
    assert score("dk dragon dragon _ _ _", "dk _ _ _ _ dragon").keepers == 6
    assert score("dk dragon dragon _ dragon _", "dk _ _ _ _ dragon").keepers == 8


def test_keepers_without_animals_and_animals_without_keepers_bring_nothing():
    # "Keeper cards without their corresponding animals bring no Sterntaler, and
    # additional animals without another Keeper card likewise bring none."
    assert score("dk uk wk _ _ _", "_ _ _ _ _ _").keepers == 0
    assert score("dragon unicorn wolf _ _ _", "_ _ _ _ _ _").keepers == 0
    assert score("dk unicorn wolf _ _ _", "_ _ _ _ _ _").keepers == 0  # wrong animals


def test_each_keeper_guards_its_own_kind_of_animal():
    assert score("dk dragon uk unicorn wk wolf", "_ _ _ _ _ wolf").keepers == 2 + 2 + 4


def test_the_card_above_or_below_a_magician_is_not_scored():
    # "Turn over the card that lies above or below the Magician. That card is not scored."
    b = score("mage _ _ _ _ _", "star _ _ _ _ _")
    assert (b.ignored, b.whole) == ((6,), 0)
    b = score("_ _ _ _ _ dragon", "_ _ _ _ _ mage")
    assert b.ignored == (5,)
    # an ignored Keeper guards nothing, an ignored animal is not guarded
    assert score("mage dk _ _ _ _", "dk dragon dragon _ _ _").keepers == 4
    assert score("mage _ _ _ _ _", "dragon dk dragon _ _ _").keepers == 2
    # an ignored card completes no Sterntaler with its neighbours
    assert score("mage _ _ _ _ _", "r l _ _ _ _").joined == 0


def test_the_magicians_neighbours_in_its_own_row_still_score():
    assert score("r mage star _ _ _", "_ _ _ _ _ _").whole == 1
    assert score("_ mage _ _ _ _", "r b l _ _ _").joined == 0  # B2 lies below: ignored
    assert score("_ mage _ _ _ _", "_ _ r l _ _").joined == 1


def test_two_magicians_in_one_column_ignore_each_other():
    b = score("mage _ _ _ _ _", "mage _ _ _ _ _")
    assert b.ignored == (0, 6) and b.total == 0


def test_face_down_cards_score_nothing_until_shown():
    assert score("? star _ _ _ _", "_ _ _ _ _ _").total == 1
    assert score("r ? _ _ _ _", "_ _ _ _ _ _").joined == 0


def test_the_total_adds_whole_joined_and_keeper_sterntaler():
    b = score("star r l dk dragon _", "_ _ _ _ _ _")
    assert (b.whole, b.joined, b.keepers, b.total) == (1, 1, 2, 4)


def test_scores_during_play_count_the_face_up_cards_only():
    # Decision HL-13: before the end, ``scores`` shows what the face-up cards make now.
    from companion.games.hilo.queries import scores_now

    from .script import setup

    g = setup(upturn="l", starts={"Ana": "T1 r", "Ben": "T1 star"})
    assert scores_now(g.state) == (0, 1)
    g.do("Ana take T2 blank")  # Ana T2 l beside her T1 r: a complete Sterntaler
    assert scores_now(g.state) == (1, 1) and g.state.scores is None


def test_scores_are_not_limited_by_the_56_sterntaler_chips():
    # "69 cards, 56 Sterntaler chips" (rulebook line 25); "Then count the Sterntaler
    # chips together" (line 106). Decision HL-19 (audit): the chips are counters, not a
    # limit: a layout is scored in full even when the table's chips would not cover it.
    cat = Catalogue("rich", (*WIDE.cards, Card("five", "plain", whole=5, count=12)))
    assert score_layout(cat, ["five"] * 12).total == 60
