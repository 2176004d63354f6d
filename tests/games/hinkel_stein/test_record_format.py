"""The record format (spec "The record"): every type round-trips through
``parse_action``/``to_record``, and malformed objects raise ``MalformedRecord`` with a
message that says what is wrong."""

from __future__ import annotations

import json

import pytest

from companion.errors import MalformedRecord
from companion.games.hinkel_stein import (
    Answer,
    Boulder,
    Call,
    Condition,
    Fate,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
    Start,
    Tilt,
    parse_action,
    replay,
    to_record,
)

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben"],
    "deal": {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]},
}

# One canonical record object per type, and the action it stands for.
CANONICAL = [
    (
        START,
        Start(("Ana", "Ben"), (("pillar", "quartz"), ("hinkelstein", "boulder"))),
    ),
    (
        {**START, "supply": 30},
        Start(("Ana", "Ben"), (("pillar", "quartz"), ("hinkelstein", "boulder")), 30),
    ),
    ({"type": "offer", "player": "Ana", "to": "Ben"}, Offer("Ana", "Ben")),
    ({"type": "answer", "player": "Ben", "accept": True}, Answer("Ben", True)),
    ({"type": "answer", "player": "Ben", "accept": False}, Answer("Ben", False)),
    ({"type": "condition", "player": "Ana", "wins": "heavier"}, Condition("Ana", "heavier")),
    ({"type": "condition", "player": "Ana", "wins": "lighter"}, Condition("Ana", "lighter")),
    ({"type": "call", "player": "Ana", "calls": "Ben"}, Call("Ana", "Ben")),
    (
        {"type": "call", "player": "Ana", "calls": "Ben", "stones": "quartz"},
        Call("Ana", "Ben", "quartz"),
    ),
    (
        {"type": "mode", "player": "Ben", "kind": "boulder", "active": False},
        Mode("Ben", "boulder", False),
    ),
    ({"type": "stake", "player": "Ben", "add": 2}, Stake("Ben", add=2)),
    ({"type": "stake", "player": "Ben", "add": 4}, Stake("Ben", add=4)),
    ({"type": "stake", "player": "Ben", "take": 1}, Stake("Ben", take=1)),
    ({"type": "notch", "player": "Ben", "notch": "left"}, Notch("Ben", "left")),
    (
        {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
        Place("Ben", ("H5",), "L2"),
    ),
    (
        {"type": "place", "player": "Ana", "stones": ["P1", "P2"], "space": "R1"},
        Place("Ana", ("P1", "P2"), "R1"),
    ),
    (
        {"type": "boulder", "player": "Ben", "stones": ["B1"], "space": "R2"},
        Boulder("Ben", ("B1",), "R2"),
    ),
    ({"type": "fate", "player": "Ben", "x": -30}, Fate("Ben", -30)),
    ({"type": "fate", "player": "Ben", "x": 42.5}, Fate("Ben", 42.5)),
    ({"type": "tilt", "down": "left"}, Tilt("left")),
    ({"type": "keep", "player": "Ben", "stone": "B3"}, Keep("Ben", "B3")),
]
IDS = [f"{o['type']}-{i}" for i, (o, _) in enumerate(CANONICAL)]


@pytest.mark.parametrize(("obj", "action"), CANONICAL, ids=IDS)
def test_every_record_type_parses_to_its_action(obj, action):
    # Spec "The record": the fields of each `type`.
    assert parse_action(obj) == action


@pytest.mark.parametrize(("obj", "action"), CANONICAL, ids=IDS)
def test_every_action_writes_back_to_the_same_record_byte_for_byte(obj, action):
    # Spec: "A record written by the referee for a real game must replay to the same
    # state, byte for byte in its JSON output."
    out = to_record(action)
    assert json.dumps(out) == json.dumps(obj)
    assert next(iter(out)) == "type"
    assert parse_action(json.loads(json.dumps(out))) == action


def test_call_stones_default_to_own():
    # Spec `call`: "optional `stones`: `own` (default) / `quartz`".
    assert parse_action({"type": "call", "player": "Ana", "calls": "Ben", "stones": "own"}) == (
        Call("Ana", "Ben", "own")
    )
    assert "stones" not in to_record(Call("Ana", "Ben", "own"))


def test_supply_defaults_to_fifty_and_is_written_only_when_different():
    # Spec `start`: "optional `supply` (default 50)".
    assert parse_action(START).supply == 50
    assert "supply" not in to_record(parse_action({**START, "supply": 50}))


def test_comment_lines_are_ignored():
    # Spec: "lines whose `type` is `comment` are ignored".
    assert parse_action({"type": "comment", "text": "round 2 starts", "anything": [1]}) is None


def test_three_and_four_player_starts_parse_with_the_deal_in_seat_order():
    # Spec: "Players are listed in clockwise seating order"; `deal` is {name: [kinds]}.
    obj = {
        "type": "start",
        "game": "hinkel-stein",
        "players": ["Ana", "Ben", "Cid"],
        "deal": {"Cid": ["boulder"], "Ana": ["pillar"], "Ben": ["hinkelstein"]},
    }
    a = parse_action(obj)
    assert a.deal == (("pillar",), ("hinkelstein",), ("boulder",))
    assert to_record(a)["deal"] == {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cid": ["boulder"]}


# -- malformed objects -------------------------------------------------------------------

MALFORMED = [
    # not an object / no type / unknown type
    ("a line that is not an object", "place", ["must be a JSON object, not str"]),
    ("a JSON array", [1, 2], ["must be a JSON object, not list"]),
    ("no type", {"player": "Ana"}, ["missing field 'type'"]),
    ("unknown type", {"type": "pass", "player": "Ana"}, ["unknown type 'pass'", "the types are"]),
    ("type not a string", {"type": ["call"]}, ["unknown type ['call']"]),
    ("type a number", {"type": 3}, ["unknown type 3", "start, offer, answer"]),
    # missing and unknown fields
    ("missing field", {"type": "condition", "player": "Ana"}, ["condition: missing field 'wins'"]),
    ("missing player", {"type": "keep", "stone": "B1"}, ["keep: missing field 'player'"]),
    (
        "unknown field",
        {"type": "condition", "player": "Ana", "wins": "heavier", "why": "x"},
        ["condition: unknown field 'why'", "condition has player, wins"],
    ),
    (
        "typo of a field",
        {"type": "stake", "player": "Ben", "adds": 2},
        ["unknown field 'adds'", "stake has player, add, take"],
    ),
    ("tilt names no player", {"type": "tilt", "player": "Ana", "down": "left"}, ["'player'"]),
    # names
    (
        "player not a string",
        {"type": "condition", "player": 7, "wins": "heavier"},
        ["'player' must be a non-empty string, not 7"],
    ),
    (
        "empty player",
        {"type": "offer", "player": "Ana", "to": ""},
        ["'to' must be a non-empty string"],
    ),
    (
        "unknown victory condition",
        {"type": "condition", "player": "Ana", "wins": "heavy"},
        ["'wins' must be one of heavier, lighter, not 'heavy'"],
    ),
    (
        "unknown call stones",
        {"type": "call", "player": "Ana", "calls": "Ben", "stones": "mine"},
        ["'stones' must be one of own, quartz, not 'mine'"],
    ),
    (
        "unknown kind",
        {"type": "mode", "player": "Ben", "kind": "menhir", "active": True},
        ["'kind' must be one of pillar, hinkelstein, quartz, boulder, not 'menhir'"],
    ),
    (
        "unknown stone",
        {"type": "place", "player": "Ben", "stones": ["H6"], "space": "L1"},
        ["unknown stone 'H6'", "P1, P2, H1..H5, Q1..Q5, B1..B5"],
    ),
    (
        "lower-case stone",
        {"type": "boulder", "player": "Ben", "stones": ["b1"], "space": "L1"},
        ["unknown stone 'b1'"],
    ),
    (
        "unknown kept stone",
        {"type": "keep", "player": "Ben", "stone": "B0"},
        ["'stone' must be one of P1", "not 'B0'"],
    ),
    (
        "unknown space",
        {"type": "place", "player": "Ben", "stones": ["H1"], "space": "L3"},
        ["'space' must be one of L2, L1, R1, R2, not 'L3'"],
    ),
    (
        "unknown notch",
        {"type": "notch", "player": "Ben", "notch": "centre"},
        ["'notch' must be one of left, middle, right, not 'centre'"],
    ),
    (
        "unknown side",
        {"type": "tilt", "down": "up"},
        ["'down' must be one of left, right, not 'up'"],
    ),
    # stones lists
    (
        "stones not a list",
        {"type": "place", "player": "Ben", "stones": "H1", "space": "L1"},
        ['must be a list of stones such as ["P1"]'],
    ),
    (
        "empty stones",
        {"type": "place", "player": "Ben", "stones": [], "space": "L1"},
        ["must be a list of stones"],
    ),
    (
        "a stone twice",
        {"type": "place", "player": "Ana", "stones": ["P1", "P1"], "space": "L1"},
        ["a stone is listed twice"],
    ),
    # stakes
    ("add 0", {"type": "stake", "player": "Ben", "add": 0}, ["'add' must be at least 1, not 0"]),
    ("add -1", {"type": "stake", "player": "Ben", "add": -1}, ["at least 1"]),
    ("take 2", {"type": "stake", "player": "Ben", "take": 2}, ["'take' is always 1, not 2"]),
    (
        "both add and take",
        {"type": "stake", "player": "Ben", "add": 1, "take": 1},
        ["exactly one of 'add' (1 to 4 discs) or 'take' (1)"],
    ),
    ("neither add nor take", {"type": "stake", "player": "Ben"}, ["exactly one of 'add'"]),
    (
        "add not a number",
        {"type": "stake", "player": "Ben", "add": "2"},
        ["'add' must be a whole number, not '2'"],
    ),
    ("add a fraction", {"type": "stake", "player": "Ben", "add": 1.5}, ["whole number"]),
    ("add a bool", {"type": "stake", "player": "Ben", "add": True}, ["whole number, not True"]),
    ("take null", {"type": "stake", "player": "Ben", "take": None}, ["whole number, not None"]),
    # booleans
    (
        "accept not a bool",
        {"type": "answer", "player": "Ben", "accept": "yes"},
        ["'accept' must be true or false, not 'yes'"],
    ),
    (
        "accept a number",
        {"type": "answer", "player": "Ben", "accept": 1},
        ["'accept' must be true or false, not 1"],
    ),
    (
        "active not a bool",
        {"type": "mode", "player": "Ben", "kind": "boulder", "active": "passive"},
        ["'active' must be true or false"],
    ),
    # fate
    (
        "x not a number",
        {"type": "fate", "player": "Ben", "x": "-30"},
        ["'x' must be a number of millimetres, not '-30'"],
    ),
    ("x a bool", {"type": "fate", "player": "Ben", "x": False}, ["number of millimetres"]),
    (
        "x not finite",
        {"type": "fate", "player": "Ben", "x": float("inf")},
        ["number of millimetres"],
    ),
    ("x NaN", {"type": "fate", "player": "Ben", "x": float("nan")}, ["number of millimetres"]),
    # start
    ("another game", {**START, "game": "chess"}, ["'game' must be 'hinkel-stein', not 'chess'"]),
    ("players not a list", {**START, "players": "Ana, Ben"}, ["'players' must be a list of names"]),
    ("one player", {**START, "players": ["Ana"]}, ["for 2 to 4 players, not 1"]),
    (
        "five players",
        {**START, "players": ["A", "B", "C", "D", "E"]},
        ["for 2 to 4 players, not 5"],
    ),
    ("a name twice", {**START, "players": ["Ana", "Ana"]}, ["a name appears twice"]),
    ("deal not an object", {**START, "deal": [["pillar"]]}, ["'deal' must be an object"]),
    (
        "deal to a stranger",
        {**START, "deal": {"Ana": ["pillar", "quartz"], "Zed": ["hinkelstein", "boulder"]}},
        ["deals to Zed who is not playing", "deals nothing to Ben"],
    ),
    (
        "unknown kind dealt",
        {**START, "deal": {"Ana": ["pillar", "quartz"], "Ben": ["menhir", "boulder"]}},
        ["Ben's deal must be a list of kinds", "'menhir'"],
    ),
    ("negative supply", {**START, "supply": -1}, ["'supply' cannot be negative (-1)"]),
    ("supply not a number", {**START, "supply": "50"}, ["'supply' must be a whole number"]),
]


@pytest.mark.parametrize(
    ("obj", "words"), [(o, w) for _, o, w in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_record_objects_are_refused_saying_what_is_wrong(obj, words):
    # Spec: "An illegal or malformed line stops the replay ... followed by the reason in
    # plain words"; decision: unknown fields are refused, naming the fields the type has.
    with pytest.raises(MalformedRecord) as err:
        parse_action(obj)
    for w in words:
        assert w in str(err.value)


def test_a_parsed_record_replays_to_the_same_state_as_the_actions_applied_one_by_one(four):
    # Spec: "A record written by the referee for a real game must replay to the same
    # state"; `replay` folds the start and the actions after it.
    lines = [
        '{"type": "start", "game": "hinkel-stein", "players": ["Ana", "Ben", "Cid", "Dora"],'
        ' "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cid": ["quartz"],'
        ' "Dora": ["boulder"]}}',
        '{"type": "condition", "player": "Ana", "wins": "lighter"}',
        '{"type": "comment", "text": "Ben first"}',
        '{"type": "call", "player": "Ana", "calls": "Ben"}',
        '{"type": "notch", "player": "Ben", "notch": "right"}',
        '{"type": "stake", "player": "Ben", "add": 2}',
        '{"type": "place", "player": "Ben", "stones": ["H4"], "space": "L2"}',
        '{"type": "call", "player": "Ana", "calls": "Cid"}',
        '{"type": "stake", "player": "Cid", "add": 4}',
        '{"type": "place", "player": "Cid", "stones": ["Q1"], "space": "R2"}',
        '{"type": "call", "player": "Ana", "calls": "Dora"}',
        '{"type": "stake", "player": "Dora", "take": 1}',
        '{"type": "place", "player": "Dora", "stones": ["B3"], "space": "R1"}',
        '{"type": "call", "player": "Ana", "calls": "Ana"}',
        '{"type": "stake", "player": "Ana", "add": 1}',
        '{"type": "place", "player": "Ana", "stones": ["P2", "P1"], "space": "L1"}',
        '{"type": "boulder", "player": "Dora", "stones": ["B1"], "space": "R1"}',
        '{"type": "fate", "player": "Dora", "x": 40}',
        '{"type": "tilt", "down": "left"}',
        '{"type": "keep", "player": "Dora", "stone": "B1"}',
    ]
    actions = [a for a in (parse_action(json.loads(x)) for x in lines) if a is not None]
    state = replay(actions)
    g = four().condition("lighter")
    g.call("Ben").notch("right").stake(add=2).place("L2", "H4")
    g.turn("Cid", "R2", "Q1", add=4).turn("Dora", "R1", "B3", take=1)
    g.turn("Ana", "L1", "P2", "P1").boulder().fate(40).tilt("left").keep("B1")
    assert state == g.state
    # lighter wins with the left side down: Cid and Dora; Dora took, so Cid gets all 9
    assert state.discs == (0, 0, 9, 1)
    # Ben's H4 lay outer on the losing left side; P2 is out after both pillars together
    assert (state.chieftain, state.pot, state.out) == (1, 2, frozenset({"H4", "Q1", "B3", "P2"}))
