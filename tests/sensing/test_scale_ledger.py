"""What the scale named on the beam tells what a load taken off was (``scale_ledger``)."""

from __future__ import annotations

from companion.sensing.scale_ledger import BeamLedger

TOL = {"mass_tol_g": 4.0, "x_tol_mm": 35.0}


def ledger(*named):
    book = BeamLedger()
    for mass, x, space in named:
        book.add(mass, x, space)
    return book


def test_one_stone_taken_off_is_the_stone_named_even_measured_just_off_its_space():
    book = ledger((50.0, 104.0, "R1"), (30.0, -110.0, "L1"))
    taken = book.take(52.3, 78.0, **TOL)  # measured 7 mm off R1's edge on noisy cells
    assert [(e.space, e.mass_g) for e in taken] == [("R1", 50.0)]
    assert [e.space for e in book.entries] == ["L1"]


def test_two_stones_taken_off_together_are_both_found():
    book = ledger((65.0, -190.0, "L2"), (45.0, -100.0, "L1"), (50.0, 180.0, "R2"))
    taken = book.take(110.5, -159.0, **TOL)
    assert sorted(e.space for e in taken) == ["L1", "L2"]
    assert [e.space for e in book.entries] == ["R2"]


def test_two_choices_that_fit_alike_are_unsure_and_the_ledger_keeps_both():
    same = ledger((40.0, -110.0, "L1"), (40.0, -100.0, "L1"))
    assert len(same.take(40.0, -108.0, **TOL)) == 1  # same space and mass: one choice
    book = ledger((30.0, 112.0, "R1"), (30.0, 178.0, "R2"))
    assert book.take(30.0, 145.0, **TOL) is None  # between the spaces: either stone
    assert len(book.entries) == 2


def test_a_load_that_matches_nothing_named_is_unsure():
    book = ledger((30.0, 110.0, "R1"))
    assert book.take(95.0, 110.0, **TOL) is None
    assert BeamLedger().take(30.0, 110.0, **TOL) is None
    assert len(book.entries) == 1


def test_fits_says_whether_any_choice_could_be_the_load_taken_off_ambiguous_or_not():
    # seed 407: the pillars (named as 60 + 110 g on R2) and H3 (65 g on R1): a load of
    # 172.5 g taken off near R2 fits two choices (take is unsure), but it fits; seed
    # 516: 37 g taken off R2, where only P2 (110 g) lies, fits none
    book = ledger((60.0, 192.0, "R2"), (110.0, 192.0, "R2"), (65.0, 111.0, "R1"))
    assert book.fits(172.5, 178.0, **TOL)
    assert book.take(172.5, 178.0, **TOL) is None
    assert not ledger((110.0, 182.0, "R2")).fits(37.0, 167.0, **TOL)
    assert not BeamLedger().fits(30.0, 110.0, **TOL)
    assert book.mass_g == 235.0 and len(book.entries) == 3
