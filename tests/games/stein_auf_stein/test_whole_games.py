"""Whole games of Stein auf Stein in every variant, played to the end, worked out by hand.

Every length and winner asserted here was computed from the rulebook
(shared/rules/stein-auf-stein.txt) and the standard catalogue's sizes, never copied from
the engine. Rows lay each block along its longest side, towers pile each block as it
stands (SAS-3). The sizes used, in mm as "row / tower":

    R1 30/30  R2 60/30  R3 90/15    Y1 45/45  Y2 45/30  Y3 60/20
    G1 30/30  G2 60/15  G3 60/60    B1 30/15  B2 60/30  B3 90/30
    O1 45/45  O2 60/60  O3 60/30    P1 30/30  P2 75/15  P3 45/30

After each game the record written by ``to_record`` replays to the same state.
"""

from __future__ import annotations

import json

from companion.games.stein_auf_stein import parse_action, replay, to_record
from companion.games.stein_auf_stein.scoring import computed_mm, remaining_computed_mm
from companion.games.stein_auf_stein.summary import to_json

from .script import Table


def mm(t: Table) -> dict[str, float]:
    return {p: computed_mm(t.state, i) for i, p in enumerate(t.state.players)}


def replays(t: Table) -> None:
    lines = [json.dumps(r) for r in t.records]
    actions = [parse_action(json.loads(x)) for x in lines]
    assert replay(actions) == t.state
    assert [to_record(a) for a in actions] == t.records


def test_basic_game_three_players_the_longest_row_wins():
    t = Table("basic", ("Ana", "Ben", "Cleo"))
    t.do("Ana roll red", "Ana lift R3")  # Ana keeps R3: 90
    t.do("Ben roll blue", "Ben lift B1 Y1")  # Ben keeps B1 (30), Y1 goes back
    t.do("Cleo roll green", "Cleo lift")  # hooks nothing
    t.do("Ana roll green", "Ana lift Y2")  # wrong colour: back on the site
    t.do("Ben roll red", "Ben lift R1 R2")  # Ben: 30 + 30 + 60 = 120
    t.do("Cleo roll orange", "Cleo lift O2")  # Cleo: 60
    assert not t.state.finished and t.awaited == ("Ana", "roll")
    t.do("Ana roll red")  # R1, R2, R3 are all gone: the game ends
    assert mm(t) == {"Ana": 90, "Ben": 120, "Cleo": 60}
    assert t.state.ended_by == "colour" and t.winners == ("Ben",)
    assert t.blocks("Ben") == ("B1", "R1", "R2")
    assert t.site == {"Y1", "Y2", "Y3", "G1", "G2", "G3", "B2", "B3", "O1", "O3", "P1", "P2", "P3"}
    out = to_json(t.state)
    assert out["winners"] == ["Ben"] and out["finished"] and out["awaiting"] is None
    assert out["blocks"] == {"Ana": ["R3"], "Ben": ["B1", "R1", "R2"], "Cleo": ["O2"]}
    assert out["computed_mm"] == {"Ana": 90, "Ben": 120, "Cleo": 60}
    replays(t)


def test_yardstick_game_two_players_the_measured_rows_decide():
    t = Table("yardstick", ("Ana", "Ben"))
    t.do("Ana roll yellow", "Ana lift Y1 Y2")  # Ana: 45 + 45 = 90
    t.do("Ben roll purple", "Ben lift P2")  # Ben: 75
    t.do("Ana roll blue", "Ana lift B3")  # Ana: 90 + 90 = 180
    t.do("Ben roll purple", "Ben lift P1 P3")  # Ben: 75 + 30 + 45 = 150
    t.do("Ana roll purple")  # no purple left: play is over
    assert mm(t) == {"Ana": 180, "Ben": 150}
    assert t.awaited == ("Ana", "measure")
    # At the table the rows measure 178 mm (red peg) and 181 mm (yellow peg): the
    # blocks were laid with gaps, and the table is the truth.
    t.do("Ana measure 178", "Ben measure 181")
    assert t.winners == ("Ben",)
    assert to_json(t.state)["measured_mm"] == {"Ana": 178, "Ben": 181}
    replays(t)


def test_tower_game_four_players_the_tallest_tower_wins():
    t = Table("tower", ("Ana", "Ben", "Cleo", "Dora"))
    t.do("Ana roll green", "Ana lift G3")  # Ana: 60
    t.do("Ben roll orange", "Ben lift O2 O1")  # Ben: 60 + 45 = 105
    t.do("Cleo roll yellow", "Cleo lift Y1")  # Cleo: 45
    t.do("Dora roll blue", "Dora lift B2 R1")  # Dora: B2 30; R1 goes back
    t.do("Ana roll orange", "Ana lift O3")  # Ana: 60 + 30 = 90
    t.do("Ben roll green", "Ben lift G1 G2")  # Ben: 105 + 30 + 15 = 150
    t.do("Cleo roll green")  # G1, G2, G3 gone: the game ends
    assert mm(t) == {"Ana": 90, "Ben": 150, "Cleo": 45, "Dora": 30}
    assert t.winners == ("Ben",)
    replays(t)


def test_master_tower_game_three_players_a_fall_ends_it():
    t = Table("master-tower", ("Ana", "Ben", "Cleo"))
    t.do("Ana roll blue", "Ana lift B2", "Ana pile B2")  # Ana: 30
    t.do("Ben roll yellow", "Ben lift Y2 Y3", "Ben pile Y2", "Ben pile Y3")  # Ben: 30 + 20
    t.do("Cleo roll red", "Cleo lift R3", "Cleo pile R3")  # Cleo: 15
    t.do("Ana roll orange", "Ana lift O1", "Ana pile O1")  # Ana: 30 + 45 = 75
    t.do("Ben roll red", "Ben lift R2 R1", "Ben pile R2", "Ben stop")  # Ben: 80; R1 aside
    t.do("Cleo roll purple", "Cleo lift P2", "Cleo pile P2")  # Cleo: 15 + 15 = 30
    t.do("Ana roll purple", "Ana lift P1", "Ana pile P1")  # Ana: 75 + 30 = 105
    t.do("Ben roll purple", "Ben lift P3")  # Ben stopped: P3 is set aside, no pile
    assert t.awaited == ("Cleo", "roll")
    t.do("Cleo roll yellow", "Cleo lift Y1", "Cleo pile Y1")  # Cleo: 30 + 45 = 75 ...
    t.do("Cleo fall")  # ... and it falls over: Cleo loses, the game ends
    assert mm(t) == {"Ana": 105, "Ben": 80, "Cleo": 75}
    assert t.tower("Ben") == ("Y2", "Y3", "R2") and t.state.set_aside(1) == ("R1", "P3")
    assert t.state.ended_by == "fall" and t.winners == ("Ana",)
    out = to_json(t.state)
    assert out["fallen"] == "Cleo" and out["stopped"] == ["Ben"]
    assert out["towers"]["Ana"] == ["B2", "O1", "P1"]
    replays(t)


def test_master_tower_game_two_players_measured_after_the_basic_end():
    t = Table("master-tower", ("Ana", "Ben"), scoring="measured")
    t.do("Ana roll green", "Ana lift G3", "Ana pile G3")  # Ana: 60
    t.do("Ben roll orange", "Ben lift O2", "Ben pile O2")  # Ben: 60
    t.do("Ana roll green", "Ana lift G1 G2", "Ana pile G1", "Ana pile G2")  # 60 + 30 + 15
    t.do("Ben roll orange", "Ben lift O1 O3", "Ben pile O1", "Ben stop")  # 60 + 45; O3 aside
    t.do("Ana roll green")  # no green left
    assert mm(t) == {"Ana": 105, "Ben": 105}
    t.do("Ana measure 104", "Ben measure 106")
    assert t.winners == ("Ben",)
    replays(t)


def test_solo_game_the_own_tower_beats_the_remaining_one():
    t = Table("solo", ("Ana",))
    t.do("Ana roll red", "Ana lift R1")  # 30
    t.do("Ana roll yellow", "Ana lift Y1")  # 45
    t.do("Ana roll green", "Ana lift G3")  # 60
    t.do("Ana roll orange", "Ana lift O2")  # 60
    t.do("Ana roll blue", "Ana lift")  # nothing
    t.do("Ana roll blue", "Ana lift B1 Y2")  # B1 15; Y2 goes back
    t.do("Ana roll red", "Ana lift R2")  # 30
    t.do("Ana roll purple", "Ana lift P1")  # 30
    t.do("Ana roll red", "Ana lift R3")  # 15
    t.do("Ana roll red")  # no red left
    # own: 30 + 45 + 60 + 60 + 15 + 30 + 30 + 15 = 285; all 18 heights sum to 560
    # (red 75, yellow 95, green 105, blue 75, orange 135, purple 75), so the
    # remaining tower is 560 - 285 = 275.
    assert computed_mm(t.state, 0) == 285 and remaining_computed_mm(t.state) == 275
    assert t.winners == ("Ana",)
    assert to_json(t.state)["remaining_mm"] == {"computed": 275, "measured": None}
    replays(t)


def test_solo_game_with_a_row_measured_loses_to_the_remaining_tower():
    t = Table("solo", ("Ana",), build="row", scoring="measured")
    t.do("Ana roll blue", "Ana lift B3", "Ana roll blue", "Ana lift B2")  # 90 + 60
    t.do("Ana roll blue", "Ana lift B1", "Ana roll blue")  # + 30 = 180; blue is gone
    # remaining tower: 560 - blue 75 = 485
    assert computed_mm(t.state, 0) == 180 and remaining_computed_mm(t.state) == 485
    assert t.awaited == ("Ana", "measure")
    t.do("Ana measure 181", "Ana measure 480 remaining")
    assert t.winners == ()
    replays(t)


def test_solo_game_in_fishing_order_the_tower_falls():
    t = Table("solo", ("Ana",), order="fishing")
    t.do("Ana roll orange", "Ana lift O1", "Ana pile O1")
    t.do("Ana roll yellow", "Ana lift Y1 Y3", "Ana pile Y3", "Ana pile Y1", "Ana fall")
    assert t.state.ended_by == "fall" and t.winners == ()
    replays(t)
