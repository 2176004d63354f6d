"""The cases the whole-game bench (``bench/bench_heuchel_meuchel_table.py``, frames tier)
found, each on scripted frames: what the card reader gave, through the same mapping and
change tracker as the demo's camera, into the referee."""

from __future__ import annotations

from companion.games.heuchel_meuchel import Move, Roll, apply, moves
from companion.games.heuchel_meuchel.record import to_record
from companion.games.heuchel_meuchel.state import FAVOURS, Turn
from companion.sensing.observations import DieSeen
from companion.sensing.vision.card_reader import CardReading
from companion.sensing.vision.changes import ChangeTracker
from companion.sensing.vision.layout import load_layout
from companion.sensing.vision.reader import BoardReading
from companion.tables.heuchel_meuchel.camera import MIN_CONFIDENCE, square_reading
from companion.tables.heuchel_meuchel.cells import expected
from companion.tables.heuchel_meuchel.referee import WARN_AFTER_S

from .scenes import camera, laid, see

LAYOUT = load_layout("heuchel-meuchel")


def frame(cards: dict[str, CardReading]) -> BoardReading:
    """One frame's card readings (every slot not named reads empty, sure) as the demo's
    camera hands them to the change tracker."""
    empty = CardReading("empty", None, 1.0)
    return BoardReading(
        LAYOUT.name,
        "ok",
        cells={c.id: square_reading(cards.get(c.id, empty)) for c in LAYOUT.cells},
    )


def sure(state) -> dict[str, CardReading]:
    """The board of ``state`` read with every card named for certain."""
    return {c: CardReading("face", v, 1.0) for c, v in expected(state).items() if v != "empty"}


def test_a_twin_named_too_unsurely_reads_face_and_the_move_is_recorded():
    # seed 134: Ana's Lady 6 went from her stack on row 7 (over the Quack 2) to row 8; the
    # reader named it L6 at 0.027 there (its twins alike but for the value), below the
    # tracker's 0.05, every frame: neither row 8 nor row 7 (within the guard) settled and
    # the move was entered on the tablet after 3 s
    s = laid({0: {7: ("L6", "Q2"), 2: "M1"}, 1: {1: "F3", 10: "P6"}})
    tracker = ChangeTracker(LAYOUT, min_confidence=MIN_CONFIDENCE)
    for k in range(3):  # the board as it lay, settled
        tracker.update(frame(sure(s)), 0.2 * k)
    cam = camera(s)
    unsure = CardReading("face", "L6", 0.027, candidates=("L6", "L5"))
    after = {**sure(s), "c1r7": CardReading("face", "Q2", 0.434), "c1r8": unsure}
    changes = [tracker.update(frame(after), 10.0 + 0.2 * k) for k in range(3)]
    assert changes[:2] == [None, None]  # three clear frames in a row, as before
    seen = {ch.cell: ch.after for ch in changes[2].changes}
    assert seen == {"c1r7": "Q2", "c1r8": "face"}  # a card face up; which, the record knows
    r = cam.observe(changes[2], s)
    assert r.submit == (to_record(Move("Ana", 7, 1, 8)),)


def test_only_an_unsure_face_becomes_face_a_sure_one_or_a_back_keeps_what_it_is():
    assert square_reading(CardReading("face", "L6", 0.04)).label == "face"
    assert square_reading(CardReading("face", "L6", 0.04)).confidence == MIN_CONFIDENCE
    assert square_reading(CardReading("face", "L6", 0.05)).label == "L6"
    # a back or an unknown named unsurely stays unsure: the tracker waits, never guesses
    assert square_reading(CardReading("back", None, 0.01)).confidence == 0.01
    assert square_reading(CardReading("unknown", None, 0.5)).label == "unknown"
    covered = square_reading(CardReading("unknown", None, 1.0, occluded=True))
    assert covered.occluded and covered.label == "unknown"


def test_confirming_the_table_keeps_a_move_made_since_the_record_last_changed():
    # seed 134, next turn: Ana's move was entered on the tablet while the camera still saw
    # the old board; Ben then moved on the table; the warning (rows 7 and 8 of Ana's
    # column) was confirmed as it is, and that took Ben's move for part of the table
    s = laid({0: {7: ("L6", "Q2")}, 1: {1: "F3", 10: "P6"}})
    cam = camera(s)
    s1 = apply(s, Move("Ana", 7, 1, 8))  # tapped on the tablet: the camera never saw it
    cam.tablet_action()
    assert not cam.after_change(s1).submit
    ben = next(a for a in moves.legal_actions(s1) if isinstance(a, Move) and a.row == 10)
    s2 = apply(s1, ben)
    moved = {c: v for c, v in expected(s2).items() if expected(s1)[c] != v}
    r = see(cam, s1, moved, t=40.0)
    assert not r.submit  # rows 7 and 8 of Ana's column cannot be explained
    assert cam.tick(40.0 + WARN_AFTER_S, s1).warnings
    r = cam.accept_table(s1)  # "the table is right": Ana's squares as the camera reads them
    assert r.submit == (to_record(ben),)
    assert not r.warnings


def test_confirming_a_misread_square_still_accepts_it_as_before():
    # a square that changed since the record last changed, with nothing stale beside it:
    # a card the camera misreads; confirming accepts it as it is
    s = laid({0: {1: "F2", 3: "Q1"}, 1: {1: "F3"}})
    cam = camera(s)
    r = see(cam, s, {"c1r3": "Q2"}, t=10.0)  # the Quack 1 read as the Quack 2
    assert not r.submit
    assert cam.tick(10.0 + WARN_AFTER_S, s).warnings
    r = cam.accept_table(s)
    assert r == type(r)()  # nothing recorded, no warning left
    r = see(cam, s, {"c1r1": "empty", "c1r2": "F2"}, t=20.0)  # and the game goes on
    assert r.submit == (to_record(Move("Ana", 1, 1, 2)),)


def test_a_stack_whose_remainder_would_be_discarded_is_asked_not_guessed():
    # seed 106 (and 136, four times in all): Ana's Bishop 4 on her Fire-Eater 5 on row
    # 10 goes to row 11. Both cards moved, or the Bishop alone and the Fire-Eater, left
    # above its goal, discarded for arrogance: the squares read the same (row 10 empty,
    # the Bishop on row 11) and the discards are not on the mat. Only the tablet knows.
    s = laid({0: {10: ("B4", "F5"), 9: "L6", 4: "Q5"}, 1: {3: "Q1", 6: "Q6", 10: "L2"}})
    cam = camera(s)
    r = see(cam, s, {"c1r10": "empty", "c1r11": "B4"})
    assert not r.submit
    assert sorted(a["record"]["cards"] for a in r.asks) == [1, 2]
    assert {a["record"]["to"] for a in r.asks} == {11}
    one = apply(s, Move("Ana", 10, 1, 11))
    assert one.discards[0] == ("F5",) and expected(one) == expected(
        apply(s, Move("Ana", 10, 2, 11))
    )


def test_a_throw_after_favours_to_move_again_is_read_as_the_roll():
    # seed 101: after favours Ana may throw again to move again; the camera saw the die
    # thrown and lying still (a 6) but the referee took rolls only at a turn's start, so
    # it was tapped (twice in that game)
    s = laid(
        {0: {12: "P2", 3: "Q1"}, 1: {12: "B2", 1: "F3"}},
        dice=True,
        turn=Turn(0, FAVOURS, at=12, taken=(1,)),  # Ana took a favour in row 12
    )
    assert Roll("Ana", 6) in moves.legal_actions(s)  # may roll to move again
    cam = camera(s)
    assert not cam.observe(DieSeen(1.0, "heuchel-meuchel", "2"), s).submit  # lay as it lay
    cam.observe(DieSeen(5.0, "heuchel-meuchel", None, "moved"), s)
    r = cam.observe(DieSeen(5.6, "heuchel-meuchel", "6"), s)
    assert r.submit == (to_record(Roll("Ana", 6)),)


def test_a_die_thrown_to_the_same_face_and_place_but_turned_is_a_throw():
    # seed 103: Ben threw a 4 that came to rest 2.4 mm from where Ana's 4 lay, turned by
    # 5.2 degrees; the die settler saw the same face at the same place (no throw) and the
    # roll was tapped. Turned so, it was picked up: a throw. Hidden and back as it lay (a
    # hand passing over it), its turn read within a degree or so: no throw.
    from companion.sensing.vision.blocks import DieSettle
    from companion.tables.heuchel_meuchel.camera import TrayDie

    die = TrayDie(DieSettle("heuchel-meuchel"))
    told: list = []

    def frames(readings, start):
        for k, reading in enumerate(readings):
            told.extend(die.update(reading, start + 0.2 * k))

    lying = ("4", (473.4, 523.4), "", 38.8)  # Ana's 4
    frames([lying] * 3, 0.0)
    assert [d.colour for d in told] == ["4"]
    hidden = (None, None, "in a hand", None)
    frames([hidden] * 2 + [("4", (473.6, 523.3), "", 39.9)] * 4, 10.0)  # as it lay
    assert [d.colour for d in told] == ["4"]
    frames([hidden, (None, None, "rolling", None)] + [("4", (473.6, 521.1), "", 33.6)] * 4, 20.0)
    assert [d.colour for d in told] == ["4", None, "4"]  # thrown: the referee's roll
    frames([("4", (473.6, 521.1), "", 34.5)] * 5, 30.0)  # lying on, jittering: nothing
    assert [d.colour for d in told] == ["4", None, "4"]
