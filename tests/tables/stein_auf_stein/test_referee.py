"""The camera referee of Stein auf Stein on scripted observation sequences: die readings
and block sightings against real engine states; every proposed record must pass the
record parser and the engine's ``apply``."""

from __future__ import annotations

from itertools import count

from companion.games.stein_auf_stein import STANDARD, GameState, Start, apply, parse_action
from companion.games.stein_auf_stein import start_game as start
from companion.sensing.observations import AreaSeen, BlocksSeen, DieSeen
from companion.tables.stein_auf_stein.referee import Reaction, SteinAufSteinCamera

LAYOUT = "stein-auf-stein"
T = count(1)
ALL = tuple(b.id for b in STANDARD.blocks)


def game(variant: str = "basic", players=("Ana", "Ben"), **kw) -> GameState:
    return start(Start(tuple(players), variant, STANDARD.blocks, STANDARD.die, **kw))


def roll_die(cam: SteinAufSteinCamera, state: GameState, colour: str) -> Reaction:
    """The die is thrown (seen moving), then lies still showing ``colour``."""
    r = cam.observe(DieSeen(next(T), LAYOUT, None, "rolling"), state)
    assert r.submit == ()
    return cam.observe(DieSeen(next(T), LAYOUT, colour), state)


def see(cam, state, site, *, areas=(), turned=(), hand=False) -> Reaction:
    return cam.observe(
        BlocksSeen(next(T), LAYOUT, tuple(site), tuple(turned), tuple(areas), hand), state
    )


def without(*ids: str, site=ALL) -> tuple[str, ...]:
    return tuple(b for b in site if b not in ids)


def camera(state: GameState) -> SteinAufSteinCamera:
    """A referee that has seen the full building site and a die lying still."""
    cam = SteinAufSteinCamera()
    assert see(cam, state, ALL).submit == ()
    assert cam.observe(DieSeen(next(T), LAYOUT, "red"), state).submit == ()
    return cam


def accept(state: GameState, r: Reaction, n: int = 1, cam=None) -> GameState:
    """Apply the proposed record through the record parser and the engine; with ``n`` >
    1, the records that follow from each new state (the service asks ``after_change``)."""
    records = []
    while True:
        assert len(r.submit) <= 1, r
        if not r.submit:
            break
        records.append(r.submit[0])
        state = apply(state, parse_action(r.submit[0]))
        if cam is None or len(records) == n:
            break
        r = cam.after_change(state)
    assert len(records) == n, records
    accept.records = records
    return state


def test_a_die_lying_still_since_the_last_roll_is_not_a_roll():
    s = game()
    cam = camera(s)
    assert cam.observe(DieSeen(next(T), LAYOUT, "blue"), s).submit == ()


def test_a_die_still_rolling_or_in_a_hand_is_never_a_roll():
    s = game()
    cam = camera(s)
    for why in ("rolling", "in a hand", "rolling", "out of the tray"):
        assert cam.observe(DieSeen(next(T), LAYOUT, None, why), s).submit == ()
    r = cam.observe(DieSeen(next(T), LAYOUT, "green"), s)
    assert r.submit == ({"type": "roll", "player": "Ana", "colour": "green"},)


def test_the_right_colour_goes_to_the_player():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "red"))
    assert see(cam, s, without("R2"), hand=True).submit == ()  # the crane over the site
    assert see(cam, s, without("R2")).submit == ()  # R2 still in the crane
    r = see(cam, s, without("R2"), areas=[AreaSeen("player1", ("R2",), row_mm=60.0)])
    s = accept(s, r)
    assert r.submit[0] == {"type": "lift", "player": "Ana", "blocks": ["R2"]}
    assert s.kept == (("R2",), ()) and s.turn == 1


def test_a_kept_block_read_as_its_twin_in_the_row_is_recorded_as_lifted():
    # O2 (30x30x60) and O3 (60x30x30) look alike laid in a row: the area names the first
    # one that fits. Ana keeps O2; Ben lifts O3 and his row is read as showing "O2": that
    # O2 is Ana's, so the block seen in Ben's row is O3 (bench seed 4, lift 12)
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "orange"))
    row1 = AreaSeen("player1", ("O2",), row_mm=60.0)
    s = accept(s, see(cam, s, without("O2"), areas=[row1]))
    assert s.kept == (("O2",), ())
    s = accept(s, roll_die(cam, s, "orange"))
    assert see(cam, s, without("O2", "O3")).submit == ()  # O3 still in the crane
    r = see(cam, s, without("O2", "O3"), areas=[row1, AreaSeen("player2", ("O2",), 60.0)])
    assert r.submit[0] == {"type": "lift", "player": "Ben", "blocks": ["O3"]}
    s = accept(s, r)
    assert s.kept == (("O2",), ("O3",))


def test_a_block_of_another_colour_put_back_is_a_lift_that_keeps_nothing():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "red"))
    assert see(cam, s, without("B1")).submit == ()  # in the crane: wait
    r = see(cam, s, ALL)  # back on the site
    s = accept(s, r)
    assert r.submit[0]["blocks"] == ["B1"]
    assert s.last.returned == ("B1",) and s.kept == ((), ()) and s.turn == 1


def test_a_block_of_another_colour_laid_out_is_a_warning_to_put_it_back():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "red"))
    r = see(cam, s, without("B1"), areas=[AreaSeen("player1", ("B1",), row_mm=30.0)])
    assert r.submit == ()
    assert any("blue block B1" in w and "put it back" in w for w in r.warnings)
    s = accept(s, see(cam, s, ALL, areas=[AreaSeen("player1", ())]))
    assert s.last.returned == ("B1",)


def test_several_blocks_in_one_lift_keep_the_rolled_colour_and_return_the_rest():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "red"))
    assert see(cam, s, without("R1", "G1", "B3"), hand=True).submit == ()
    assert see(cam, s, without("R1", "G1", "B3")).submit == ()
    assert see(cam, s, without("R1", "B3"), areas=[AreaSeen("player1", ("R1",))]).submit == ()
    r = see(cam, s, without("R1"), areas=[AreaSeen("player1", ("R1",))])
    s = accept(s, r)
    assert r.submit[0]["blocks"] == ["R1", "G1", "B3"]
    assert s.last.kept == ("R1",) and s.last.returned == ("G1", "B3")


def test_a_block_of_the_rolled_colour_that_fell_back_was_not_lifted():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "red"))
    see(cam, s, without("R1"))
    assert see(cam, s, ALL).submit == ()  # fell off the hook: no try recorded yet
    r = roll_die(cam, s, "yellow")  # Ben throws the die: Ana's try hooked nothing
    s = accept(s, r, 2, cam)
    assert accept.records == [
        {"type": "lift", "player": "Ana", "blocks": []},
        {"type": "roll", "player": "Ben", "colour": "yellow"},
    ]
    assert s.rolled == "yellow" and s.turn == 1


def test_a_block_knocked_over_on_the_site_is_named_to_turn_back():
    s = game()
    cam = camera(s)
    r = see(cam, s, without("G2"), turned=("G2",))
    assert r.submit == ()
    assert any("green block G2" in w and "button up" in w for w in r.warnings)
    assert not see(cam, s, ALL).warnings  # turned back: the warning goes


def test_a_knocked_over_block_is_still_on_the_site_not_lifted():
    s = game()
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "green"))
    r = see(cam, s, without("G2"), turned=("G2",))
    assert r.submit == ()
    assert cam.observe(DieSeen(next(T), LAYOUT, None), s).submit == ()


def test_lifting_before_the_roll_asks_for_the_roll_first():
    s = game()
    cam = camera(s)
    r = see(cam, s, without("Y1"))
    assert r.submit == () and any("roll the die first" in w for w in r.warnings)


def test_the_end_comes_when_the_die_shows_a_colour_no_longer_on_the_site():
    s = game()
    for b in ("R1", "R2", "R3"):
        who = s.players[s.turn]
        s = apply(s, parse_action({"type": "roll", "player": who, "colour": "red"}))
        s = apply(s, parse_action({"type": "lift", "player": who, "blocks": [b]}))
    site = without("R1", "R2", "R3")
    cam = SteinAufSteinCamera()
    see(cam, s, site, areas=[AreaSeen("player1", ("R1", "R3")), AreaSeen("player2", ("R2",))])
    s = accept(s, roll_die(cam, s, "red"))
    assert s.finished and s.ended_by == "colour" and s.winners == ("Ana",)


def test_the_yardstick_variant_takes_each_row_as_the_camera_measures_it():
    s = game("yardstick")
    s = apply(s, parse_action({"type": "roll", "player": "Ana", "colour": "blue"}))
    s = apply(s, parse_action({"type": "lift", "player": "Ana", "blocks": ["B3"]}))
    s = apply(s, parse_action({"type": "roll", "player": "Ben", "colour": "red"}))
    s = apply(s, parse_action({"type": "lift", "player": "Ben", "blocks": ["R2"]}))
    cam = SteinAufSteinCamera()
    site = without("B3", "R2")
    see(cam, s, site)
    # take every red block away: Ana rolls red and nothing red is left
    for b in ("R1", "R3"):
        who = s.players[s.turn]
        s = apply(s, parse_action({"type": "roll", "player": who, "colour": "red"}))
        s = apply(s, parse_action({"type": "lift", "player": who, "blocks": [b]}))
    s = apply(s, parse_action({"type": "roll", "player": s.players[s.turn], "colour": "red"}))
    assert s.ended_by == "colour" and not s.finished
    r = see(
        cam,
        s,
        without("B3", "R2", "R1", "R3"),
        areas=[
            AreaSeen("player1", ("B3", "R1"), row_mm=120.4),
            AreaSeen("player2", ("R2", "R3"), row_mm=149.6),
        ],
    )
    s = accept(s, r, 2, cam)
    assert s.measured == (120.4, 149.6) and s.finished and s.winners == ("Ben",)


def test_a_row_not_measured_yet_waits():
    s = game("yardstick")
    for b in ("B3", "R2"):
        who = s.players[s.turn]
        colour = STANDARD.colour(b)
        s = apply(s, parse_action({"type": "roll", "player": who, "colour": colour}))
        s = apply(s, parse_action({"type": "lift", "player": who, "blocks": [b]}))
    s = apply(s, parse_action({"type": "roll", "player": "Ana", "colour": "red"}))
    for b in ("R1", "R3"):
        s = apply(s, parse_action({"type": "lift", "player": s.players[s.turn], "blocks": [b]}))
        s = apply(s, parse_action({"type": "roll", "player": s.players[s.turn], "colour": "red"}))
    assert s.ended_by == "colour"
    cam = SteinAufSteinCamera()
    r = see(cam, s, (), areas=[AreaSeen("player1", ("B3",), row_mm=None)])
    assert r.submit == ()


def test_the_tower_variant_measured_takes_the_tower_height():
    s = game("tower", scoring="measured")
    s = apply(s, parse_action({"type": "roll", "player": "Ana", "colour": "yellow"}))
    s = apply(s, parse_action({"type": "lift", "player": "Ana", "blocks": ["Y1"]}))
    s = apply(s, parse_action({"type": "roll", "player": "Ben", "colour": "purple"}))
    s = apply(s, parse_action({"type": "lift", "player": "Ben", "blocks": []}))
    for b in ("Y2", "Y3"):
        s = apply(
            s, parse_action({"type": "roll", "player": s.players[s.turn], "colour": "yellow"})
        )
        s = apply(s, parse_action({"type": "lift", "player": s.players[s.turn], "blocks": [b]}))
    s = apply(s, parse_action({"type": "roll", "player": s.players[s.turn], "colour": "yellow"}))
    assert s.ended_by == "colour"
    cam = SteinAufSteinCamera()
    r = see(
        cam,
        s,
        (),
        areas=[
            AreaSeen("player1", ("Y1", "Y3"), tower_mm=65.2),
            AreaSeen("player2", ("Y2",), tower_mm=30.1),
        ],
    )
    s = accept(s, r, 2, cam)
    assert s.measured == (65.2, 30.1) and s.winners == ("Ana",)


def test_master_tower_each_block_fished_is_piled_as_the_camera_sees_the_tower_grow():
    s = game("master-tower")
    cam = camera(s)
    s = accept(s, roll_die(cam, s, "orange"))
    r = see(cam, s, without("O1"), areas=[AreaSeen("player1", ("O1",), tower_mm=45.0)])
    s = accept(s, r, 2, cam)
    assert accept.records == [
        {"type": "lift", "player": "Ana", "blocks": ["O1"]},
        {"type": "pile", "player": "Ana", "block": "O1"},
    ]
    assert s.towers == (("O1",), ()) and s.turn == 1
    s = accept(s, roll_die(cam, s, "blue"))  # Ben fishes B2 and sets it down first
    r = see(cam, s, without("O1", "B2"), areas=[AreaSeen("player2", ("B2",), row_mm=60.0)])
    s = accept(s, r, 2, cam)
    assert s.towers == (("O1",), ("B2",))


def test_master_tower_a_tower_seen_falling_ends_the_game_and_loses():
    s = game("master-tower")
    for b, colour in (("B2", "blue"), ("G1", "green"), ("B1", "blue"), ("G2", "green")):
        who = s.players[s.turn]
        s = apply(s, parse_action({"type": "roll", "player": who, "colour": colour}))
        s = apply(s, parse_action({"type": "lift", "player": who, "blocks": [b]}))
        s = apply(s, parse_action({"type": "pile", "player": who, "block": b}))
    assert s.towers == (("B2", "B1"), ("G1", "G2"))
    cam = SteinAufSteinCamera()
    site = without("B2", "G1", "B1", "G2")
    assert see(cam, s, site, areas=[AreaSeen("player1", ("B2", "B1"), tower_mm=45.0)]).submit == ()
    r = see(cam, s, site, areas=[AreaSeen("player1", ("B2", "B1"), fallen=True)])
    assert r.submit == ({"type": "fall", "player": "Ana"},)
    s = accept(s, r)
    assert s.finished and s.ended_by == "fall" and s.winners == ("Ben",)


def test_after_an_undo_the_blocks_off_the_site_are_named_to_put_back_not_lifted_again():
    s0 = game()
    cam = camera(s0)
    s1 = accept(s0, roll_die(cam, s0, "red"))
    s2 = accept(s1, see(cam, s1, without("R2"), areas=[AreaSeen("player1", ("R2",))]))
    r = cam.undone(s1)  # the lift is taken back on the tablet; R2 lies in Ana's area
    assert r.submit == ()
    assert any("red block R2" in w and "back on the building site" in w for w in r.warnings)
    assert see(cam, s1, without("R2"), areas=[AreaSeen("player1", ("R2",))]).submit == ()
    r = see(cam, s1, ALL, areas=[AreaSeen("player1", ())])  # put back
    assert r.submit == () and not r.warnings
    assert s2.turn == 1


def test_a_block_already_fished_seen_on_the_site_is_named():
    s = game()
    s = apply(s, parse_action({"type": "roll", "player": "Ana", "colour": "red"}))
    s = apply(s, parse_action({"type": "lift", "player": "Ana", "blocks": ["R1"]}))
    cam = SteinAufSteinCamera()
    r = see(cam, s, ALL)
    assert any("R1 is Ana's" in w for w in r.warnings)


def test_other_layouts_are_ignored():
    s = game()
    cam = camera(s)
    assert cam.observe(DieSeen(next(T), "stein-im-brett", None), s).submit == ()
    assert cam.observe(DieSeen(next(T), LAYOUT, "blue"), s).submit == ()
