"""Each player's discard area under the camera: a card arriving there tells a stack's
remainder discarded for arrogance from the whole stack moved (the squares read the same),
and checks the cards lost (Zugzwang's, a remainder's). The referee on scripted
observations; the demo's frames of seeds 106 and 136 (where the tablet was asked before
the layout had discard areas) in the slow tier."""

from __future__ import annotations

import copy

import pytest

from companion.errors import IllegalAction
from companion.games.heuchel_meuchel import Discard, Move, apply
from companion.games.heuchel_meuchel.random_player import DEFAULT_NAMES
from companion.games.heuchel_meuchel.record import to_record
from companion.games.heuchel_meuchel.state import DISCARD, Turn
from companion.referee.service import GameService
from companion.tables.heuchel_meuchel.cells import discard_id, expected, pile_agrees
from companion.tables.heuchel_meuchel.referee import WARN_AFTER_S, HeuchelMeuchelCamera, Reaction

from .scenes import accept, laid, see

#: seed 106: Ana's Bishop 4 on her Fire-Eater 5 on row 10 (the Fire-Eater's goal is row
#: 7); the Bishop goes to row 11, alone (the Fire-Eater discarded) or with it
SEED_106 = {0: {10: ("B4", "F5"), 9: "L6", 4: "Q5"}, 1: {3: "Q1", 6: "Q6", 10: "L2"}}
BISHOP_UP = {"c1r10": "empty", "c1r11": "B4"}


def camera(state) -> HeuchelMeuchelCamera:
    """A camera referee that has seen the board and the empty discard areas."""
    cam = HeuchelMeuchelCamera()
    piles = {discard_id(s): "empty" for s in range(state.n)}
    assert see(cam, state, {**expected(state), **piles}, t=0.0) == Reaction()
    return cam


def test_the_remainder_seen_arriving_on_the_discard_area_is_recorded_at_once():
    s = laid(SEED_106)
    cam = camera(s)
    r = see(cam, s, {**BISHOP_UP, "d1": "F5"}, t=10.0)
    assert r.submit == (to_record(Move("Ana", 10, 1, 11)),) and not r.asks
    assert accept(s, r).discards[0] == ("F5",)


def test_a_card_laid_face_down_or_unnamed_on_the_discard_area_counts_as_arrived():
    for label in ("back", "face"):
        s = laid(SEED_106)
        cam = camera(s)
        r = see(cam, s, {**BISHOP_UP, "d1": label}, t=10.0)
        assert r.submit == (to_record(Move("Ana", 10, 1, 11)),), label


def test_the_whole_stack_moved_is_recorded_once_the_discard_area_stood_still():
    s = laid(SEED_106)
    cam = camera(s)
    r = see(cam, s, BISHOP_UP, t=10.0)
    assert not r.submit and not r.asks  # the remainder may be on its way to the pile
    assert cam.tick(10.0 + WARN_AFTER_S / 2, s).asks == ()
    r = cam.tick(10.0 + WARN_AFTER_S, s)
    assert r.submit == (to_record(Move("Ana", 10, 2, 11)),) and not r.asks


def test_the_remainder_landing_while_the_referee_waits_is_the_move_played():
    s = laid(SEED_106)
    cam = camera(s)
    assert not see(cam, s, BISHOP_UP, t=10.0).submit
    r = see(cam, s, {"d1": "F5"}, t=10.5)
    assert r.submit == (to_record(Move("Ana", 10, 1, 11)),)


def test_without_discard_areas_the_tablet_is_still_asked():
    # a layout with no discard areas (the camera never reports one): as before
    s = laid(SEED_106)
    cam = HeuchelMeuchelCamera()
    see(cam, s, expected(s), t=0.0)
    r = see(cam, s, BISHOP_UP, t=10.0)
    assert not r.submit and sorted(a["record"]["cards"] for a in r.asks) == [1, 2]


def test_a_card_lost_onto_another_players_discard_area_is_a_warning_and_nothing_is_recorded():
    s = laid(SEED_106)
    cam = camera(s)
    r = see(cam, s, {**BISHOP_UP, "d2": "F5"}, t=10.0)
    assert not r.submit and not r.asks
    r = cam.tick(10.0 + WARN_AFTER_S, s)
    text = " ".join(str(w) for w in r.warnings)
    assert not r.submit and "Ana lost cards: lay them face up on Ana's discard area" in text
    assert "Ben's discard area should show nothing on top" in text, text
    r = see(cam, s, {"d2": "empty", "d1": "F5"}, t=12.0)  # laid where it belongs
    assert r.submit == (to_record(Move("Ana", 10, 1, 11)),)


def test_zugzwang_lost_card_and_its_cascade_are_read_from_the_discard_area():
    # Ana rolled a number that fits no move: she loses the top card of a stack; the
    # Quack 5 on row 4 is the one she lays on her pile
    s = laid(
        {0: {4: "Q5", 10: ("P5", "F2")}, 1: {3: "Q1"}},
        dice=True,
        turn=Turn(0, DISCARD, roll=6),
    )
    cam = camera(s)
    r = see(cam, s, {"c1r4": "empty"}, t=10.0)
    assert not r.submit
    r = cam.tick(10.0 + WARN_AFTER_S, s)  # gone from the board, not on the pile
    assert not r.submit
    assert any("Ana lost cards" in str(w) for w in r.warnings), r.warnings
    r = see(cam, s, {"d1": "Q5"}, t=12.0)
    assert r.submit == (to_record(Discard("Ana", 4)),)
    # the Prince 5 on the Fire-Eater 2 (above its goal): both go, the Prince first
    s = laid(
        {0: {4: "Q5", 10: ("P5", "F2")}, 1: {3: "Q1"}}, dice=True, turn=Turn(0, DISCARD, roll=6)
    )
    cam = camera(s)
    r = see(cam, s, {"c1r10": "empty", "d1": "P5"}, t=10.0)
    assert r.submit == (to_record(Discard("Ana", 10)),)
    assert accept(s, r).discards[0] == ("P5", "F2")


def test_undo_across_a_discard_waits_until_the_card_is_off_the_pile():
    s = laid(SEED_106)
    cam = camera(s)
    s1 = accept(s, see(cam, s, {**BISHOP_UP, "d1": "F5"}, t=10.0))
    cam.after_change(s1)
    r = cam.undone(s)
    assert any("Undone" in str(w) for w in r.warnings)
    r = see(cam, s, {"c1r10": "B4", "c1r11": "empty"}, t=20.0)  # the squares put back
    text = " ".join(str(w) for w in r.warnings)
    assert "Ana's discard area should show nothing on top" in text, text
    r = see(cam, s, {"d1": "empty"}, t=21.0)
    assert r == Reaction()  # the table as the record has it again


def test_a_pile_fits_what_was_lost_and_nothing_else():
    assert pile_agrees("F5", "empty", ("F5",)) and pile_agrees("F5", "F5", ())
    assert not pile_agrees("F5", "empty", ()) and not pile_agrees("L2", "F5", ("B4",))
    assert pile_agrees("face", "F5", ()) and pile_agrees("back", "F5", ("B4",))
    assert not pile_agrees("empty", "empty", ("F5",)) and not pile_agrees("unknown", None, ())
    assert pile_agrees("L2", None, ()) and pile_agrees("L2", None, ("B4",))  # not known


@pytest.mark.slow
@pytest.mark.parametrize("seed", [106, 136])
def test_the_demo_frames_of_seeds_106_and_136_record_the_asked_moves(tmp_path, seed):
    # the demo's own game (2 players, no die) entered on the tablet, but for the moves
    # that were asked before (two in each game: a stack's top card up, the card under it
    # above its goal): each is made under the camera (rendered frames, a hand reaching
    # in, the card reader, the change tracker, the referee) and must be recorded as played
    from companion.tables.heuchel_meuchel.demo import SimulatedCardTable

    service = GameService(tmp_path / "state")
    try:
        table = SimulatedCardTable(service, seed=seed, speed=None, deck_dir=tmp_path / "deck")
        service.new_game(table.deal(list(DEFAULT_NAMES[:2]), read=False))
        table.show_state(service.game_state)
        table.frame()
        service.observe(table.camera.current(table.t_mono))
        made = []
        while not service.game_state.finished:
            state = service.game_state
            saved = copy.deepcopy(table.player)
            action = table.player.choose(state)
            if isinstance(action, Move) and _ambiguous_without_piles(state, action):
                table.player = saved  # the demo's player makes this choice himself
                table.match_board(state)  # the cards as the tablet moved them
                table.play_on(max_actions=1)
                made.append(action)
                assert table.wrong == 0 and table.missed == 0, (action, service.notices)
                assert table.asked == 0, (action, service.warnings)
                assert table.recorded == len(made), (action, service.warnings)
            else:
                service.submit(to_record(action), source="tablet")
        assert len(made) == 2, made
        assert any(service.game_state.discards), "a remainder was discarded"
    finally:
        service.close()


def _ambiguous_without_piles(state, action: Move) -> bool:
    """Whether another number of cards leaves the same squares as ``action``."""
    after = expected(apply(state, action))
    s = state.seat(action.player)
    n = len(state.unit(s, action.row).cards)
    for k in range(1, n + 1):
        if k == action.cards:
            continue
        try:
            if expected(apply(state, Move(action.player, action.row, k, action.to))) == after:
                return True
        except IllegalAction:  # that many cards may not go there: no alternative
            continue
    return False


def test_a_discard_entered_on_the_tablet_is_checked_once_the_table_shows_it():
    s = laid(SEED_106)
    cam = camera(s)
    s1 = apply(s, Move("Ana", 10, 1, 11))  # tapped: the camera saw nothing happen yet
    cam.tablet_action()
    assert not cam.after_change(s1).submit
    r = see(cam, s1, {**BISHOP_UP, "d1": "F5"}, t=10.0)  # the table catches up
    assert r == Reaction()
    r = see(cam, s1, {"d1": "L6"}, t=20.0)  # a card that nobody lost lands on the pile
    r = cam.tick(20.0 + WARN_AFTER_S, s1)
    assert not r.submit
    assert any("Ana's discard area should show" in str(w) for w in r.warnings), r.warnings
