"""GameService: checked by the rules, journaled before shown, undo by correction, resume."""

from __future__ import annotations

import threading

import pytest

from companion.errors import IllegalAction, MalformedRecord
from companion.journal import Journal
from companion.referee.service import GameService, NoGame

START = {
    "type": "start",
    "game": "hinkel-stein",
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
ROUND = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
    {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
    {"type": "call", "player": "Ana", "calls": "Cleo"},
    {"type": "stake", "player": "Cleo", "add": 4},
    {"type": "place", "player": "Cleo", "stones": ["Q1"], "space": "R2"},
    {"type": "call", "player": "Ana", "calls": "Dora"},
    {"type": "stake", "player": "Dora", "take": 1},
    {"type": "place", "player": "Dora", "stones": ["B3"], "space": "R1"},
    {"type": "call", "player": "Ana", "calls": "Ana"},
    {"type": "stake", "player": "Ana", "add": 1},
    {"type": "place", "player": "Ana", "stones": ["P1", "P2"], "space": "L1"},
]  # fmt: skip


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


def test_without_a_game_the_snapshot_says_so_and_actions_are_refused(service):
    assert service.snapshot()["game"] is None
    with pytest.raises(NoGame, match="start a new game first"):
        service.submit(ROUND[0])


def test_an_accepted_action_is_in_the_journal_before_the_snapshot_shows_it(service, tmp_path):
    service.new_game(START)
    snap = service.submit(ROUND[0])
    assert snap["replay"]["awaiting"] == {"player": "Ana", "action": "call"}
    (journal_file,) = (tmp_path / "games").glob("*.journal")
    with Journal(journal_file, readonly=True) as j:
        assert j.records() == [START, ROUND[0]]


def test_an_illegal_action_changes_nothing_and_says_why(service):
    service.new_game(START)
    before = service.snapshot()
    with pytest.raises(
        IllegalAction, match="only the chieftain \\(Ana\\) sets the victory condition"
    ):
        service.submit({"type": "condition", "player": "Ben", "wins": "heavier"})
    with pytest.raises(MalformedRecord, match="unknown type"):
        service.submit({"type": "sneeze", "player": "Ben"})
    assert service.snapshot() == before


def test_undo_appends_a_correction_and_says_what_to_put_back(service, tmp_path):
    service.new_game(START)
    for r in ROUND[:4]:
        service.submit(r)
    snap = service.undo(2)
    assert snap["replay"]["awaiting"] == {"player": "Ben", "action": "stake"}
    assert snap["undo_hints"][0] == "Take H5 off L2 and give it back to Ben"
    assert "discs back to: Ana 0, Ben 0, Cleo 0, Dora 0, pot 2, supply 48" in snap["undo_hints"][1]
    (journal_file,) = (tmp_path / "games").glob("*.journal")
    with Journal(journal_file, readonly=True) as j:
        kinds = [row.kind for row in j.rows()]
    assert kinds == ["action"] * 5 + ["undo"]  # nothing deleted


def test_undo_of_the_start_is_refused(service):
    service.new_game(START)
    service.submit(ROUND[0])
    with pytest.raises(ValueError, match="only 1 after the start"):
        service.undo(2)


def test_undo_of_a_round_end_lists_the_winnings_to_give_back(service):
    service.new_game(START)
    for r in ROUND:
        service.submit(r)
    service.submit({"type": "tilt", "down": "left"})  # heavier left wins: Ben and Ana
    snap = service.undo()
    hint = snap["undo_hints"][0]
    assert "the stones go back on the scale (L2 H5; L1 P1+P2; R1 B3; R2 Q1)" in hint
    assert "discs back to: Ana 0, Ben 0, Cleo 0, Dora 1, pot 9, supply 40" in hint


def test_a_restarted_service_resumes_the_same_game_in_the_same_state(tmp_path):
    first = GameService(tmp_path)
    first.new_game(START)
    for r in ROUND[:7]:
        first.submit(r)
    first.undo()
    expected = first.snapshot()
    first.close()
    second = GameService(tmp_path)
    again = second.snapshot()
    assert again["replay"] == expected["replay"] and again["view"] == expected["view"]
    second.submit(ROUND[6])
    assert second.snapshot()["replay"]["awaiting"] == {"player": "Ana", "action": "call"}
    second.close()


def test_a_bad_row_in_a_journal_is_announced_and_the_game_goes_on_before_it(tmp_path):
    first = GameService(tmp_path)
    first.new_game(START)
    first.submit(ROUND[0])
    name = (tmp_path / "current").read_text().strip()
    first.close()
    with Journal(tmp_path / "games" / name) as j:  # a row the rules refuse (written by hand)
        j.append({"type": "call", "player": "Ben", "calls": "Ana"})
    second = GameService(tmp_path)
    snap = second.snapshot()
    assert snap["replay"]["awaiting"] == {"player": "Ana", "action": "call"}
    assert "journal row 3 could not be replayed" in snap["notices"][0]
    second.close()


def test_the_record_is_the_game_so_far_without_undone_actions(service):
    service.new_game(START)
    service.submit(ROUND[0])
    service.submit(ROUND[1])
    service.undo()
    lines = service.record_jsonl().splitlines()
    assert len(lines) == 2 and '"condition"' in lines[1]


def test_the_view_offers_exactly_the_legal_choices(service):
    service.new_game(START)
    snap = service.submit(ROUND[0])
    calls = [c for c in snap["view"]["choices"] if c["type"] == "call"]
    assert [c["record"]["calls"] for c in calls] == ["Ana", "Ben", "Cleo", "Dora"]
    snap = service.submit(ROUND[1])
    stakes = sorted(c["label"] for c in snap["view"]["choices"] if c["type"] == "stake")
    assert stakes == ["Add 1", "Add 2", "Take 1"]
    for c in snap["view"]["choices"]:  # every offered choice is accepted as it is
        if c["type"] != "fate":
            probe = GameService(service.state_dir / "probe")
            probe.new_game(START)
            for r in ROUND[:2]:
                probe.submit(r)
            probe.submit(c["record"])
            probe.close()


def test_waiting_dashboards_wake_up_on_a_change(service):
    service.new_game(START)
    seen = service.version
    woke = []
    t = threading.Thread(target=lambda: woke.append(service.wait_for_change(seen, 5.0)))
    t.start()
    service.submit(ROUND[0])
    t.join(5)
    assert woke == [seen + 1]


def test_start_game_draws_a_legal_deal_when_none_is_given(service):
    snap = service.start_game(["Ana", "Ben", "Cleo"])
    kinds = sorted(k for ks in snap["replay"]["kinds"].values() for k in ks)
    assert kinds == ["boulder", "hinkelstein", "pillar"]
    with pytest.raises(MalformedRecord, match="2 to 4 players, not 5"):
        service.start_game(["A", "B", "C", "D", "E"])


def test_the_snapshot_is_serialised_once_per_version_for_every_event_stream(service):
    import json

    service.new_game(START)
    version, text = service.snapshot_json()
    again = service.snapshot_json()
    assert again[1] is text and again[0] == version  # shared, not serialised again
    assert json.loads(text) == service.snapshot()
    service.submit(ROUND[0])
    newer, changed = service.snapshot_json()
    assert newer > version and json.loads(changed)["replay"]["awaiting"]["action"] == "call"


def test_what_the_table_showed_and_the_rules_refused_stands_until_the_game_changes(service):
    # the referee's records still go through the rules; a refusal is a warning that must
    # not vanish at the sensing loop's next tick (a tick rebuilds the referee's warnings)
    from companion.tables.hinkel_stein.referee import Reaction

    service.new_game(START)
    illegal = {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"}  # no call
    service._referee.tick = lambda t, state: Reaction(submit=(illegal,))
    service.tick(1.0)
    (warning,) = service.snapshot()["warnings"]
    assert warning.startswith("The table showed: Ben places H5 on L2. The rules say: ")
    (german,) = service.snapshot("de")["warnings"]  # the action in the table's words too
    assert german.startswith("Der Tisch zeigte: Ben setzt H5 auf L2. Die Regeln sagen: "), german
    service._referee.tick = lambda t, state: Reaction()
    service.tick(1.1)
    service.tick(1.2)
    assert service.snapshot()["warnings"] == [warning]
    service.submit(ROUND[0])  # the game moved on: judged afresh
    assert service.snapshot()["warnings"] == []
