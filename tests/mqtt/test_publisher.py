"""The table's publisher against a real Mosquitto: rows, summary, status, catch-up."""

from __future__ import annotations

import json

import pytest

from companion.games.hinkel_stein.random_player import random_game
from companion.games.hinkel_stein.record import to_record
from companion.journal import Journal
from companion.mqtt.publisher import TablePublisher
from companion.mqtt.settings import MqttSettings
from companion.referee.service import GameService

from .broker import Subscriber, wait_until

SEED = 7


def records(players: int = 3, seed: int = SEED) -> list[dict]:
    return [to_record(a) for a in random_game(players, seed)]


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path / "table")
    yield s
    s.close()


def publisher_for(service, broker, table="t1", **kw) -> TablePublisher:
    p = TablePublisher(
        service, MqttSettings(host="127.0.0.1", port=broker.port, table=table, **kw), idle_s=0.05
    )
    p.start()
    return p


def journal_rows(service) -> list:
    (path,) = (service.state_dir / "games").glob("*.journal")
    with Journal(path, readonly=True) as j:
        return j.rows()


def test_each_accepted_action_is_published_with_its_seq_and_game_id(service, broker):
    sub = Subscriber(broker.port)
    pub = publisher_for(service, broker)
    try:
        recs = records()
        service.new_game(recs[0])
        for r in recs[1:40]:
            service.submit(r)
        service.undo()
        game_id = service.snapshot()["game"]["id"]
        rows = journal_rows(service)
        wait_until(lambda: sub.seqs(game_id) >= {r.seq for r in rows}, what="every row")
        got = {p["seq"]: p for p in sub.payloads("rows")}
        for row in rows:
            p = got[row.seq]
            assert p["v"] == 1 and p["table"] == "t1" and p["game"] == "hinkel-stein"
            assert (p["game_id"], p["kind"], p["t_wall"]) == (game_id, row.kind, row.t_wall)
            assert p["record"] == row.payload
        assert got[rows[-1].seq]["kind"] == "undo"
        wait_until(lambda: pub.bookmarks.games.get(game_id) == rows[-1].seq, what="bookmark")
    finally:
        pub.stop()
        sub.close()


def test_a_late_subscriber_finds_the_retained_summary_and_status(service, broker):
    pub = publisher_for(service, broker)
    try:
        recs = records()
        service.new_game(recs[0])
        for r in recs[1:6]:
            service.submit(r)
        service.announce("a notice with /some/path that stays on the table")
        wait_until(lambda: pub.acked_rows >= 6, what="rows acknowledged")
        snap = service.snapshot()

        def summary_current() -> bool:
            late = Subscriber(broker.port)
            try:
                wait_until(lambda: len(late.payloads("summary")) >= 1, timeout_s=2)
                s = late.payloads("summary")[-1]
                return s["game"]["row"] == snap["game"]["row"]
            except AssertionError:
                return False
            finally:
                late.close()

        wait_until(summary_current, what="the summary of the last row")
        late = Subscriber(broker.port)
        wait_until(lambda: late.payloads("status") and late.payloads("summary"), what="retained")
        (status,) = late.payloads("status")
        assert status["state"] == "online" and status["v"] == 1
        summary = late.payloads("summary")[-1]
        game = summary["game"]
        assert game["players"] == recs[0]["players"]
        assert game["name"] == "hinkel-stein" and game["id"] == snap["game"]["id"]
        assert game["to_act"] == snap["replay"]["awaiting"]["player"]
        assert game["round"] == snap["replay"]["round"]
        assert game["scores"] == snap["replay"]["discs"]
        assert game["last_t_wall"] == journal_rows(service)[-1].t_wall
        assert "club" in summary["devices"]
        assert "notices" not in summary and b"/some/path" not in late.raw()
        late.close()
    finally:
        pub.stop()


def test_a_clean_stop_says_offline_and_the_table_publishes_nothing_it_was_sent(service, broker):
    pub = publisher_for(service, broker)
    recs = records()
    service.new_game(recs[0])
    wait_until(lambda: pub.acked_rows >= 1, what="the start")
    pub.client.subscribe = _refuse  # nothing may subscribe for the table
    intruder = Subscriber(broker.port, topic="nothing/here")
    for leaf in ("rows", "summary", "commands", "undo"):
        intruder.client.publish(f"companion/v1/tables/t1/{leaf}", json.dumps(recs[1]), qos=1)
    version = service.version
    sub = Subscriber(broker.port)
    wait_until(lambda: sub.payloads("status"), what="status")
    assert pub.client.on_message is None
    assert len(journal_rows(service)) == 1 and service.version == version
    pub.stop()
    wait_until(lambda: sub.payloads("status")[-1]["state"] == "offline", what="offline")
    assert sub.payloads("status")[-1]["why"] == "stopped"
    intruder.close()
    sub.close()


def _refuse(*a, **kw):
    raise AssertionError("the table subscribed to something")


def test_the_table_plays_on_while_the_broker_is_down_and_catches_up(service, broker):
    """The broker is killed mid-game (retained messages and sessions lost), the table
    plays on, and once the broker is back the rows are sent from the journal (the broker
    acknowledges every one); the summary and, once the game is over, the whole record
    are retained again, so a subscriber that came back late still has every row."""
    sub = Subscriber(broker.port)
    pub = publisher_for(service, broker)
    try:
        recs = records()
        service.new_game(recs[0])
        for r in recs[1:20]:
            service.submit(r)
        game_id = service.snapshot()["game"]["id"]
        wait_until(lambda: len(sub.seqs(game_id)) >= 10, what="the first rows")
        broker.kill()
        wait_until(
            lambda: service.snapshot()["devices"]["club"]["state"] == "off",
            what="the dashboard to show the broker gone",
        )
        for r in recs[20:80]:
            service.submit(r)  # the table plays on, nothing waits for the broker
        assert len(journal_rows(service)) == 80
        broker.start()
        wait_until(
            lambda: pub.bookmarks.games[game_id] == 80,
            timeout_s=20,
            what="every row acknowledged by the restarted broker",
        )
        wait_until(lambda: sub.subscribes == 2, what="the test subscriber to come back")
        for r in recs[80:]:
            service.submit(r)
        rows = {r.seq for r in journal_rows(service)}
        assert service.snapshot()["replay"]["finished"]
        wait_until(lambda: sub.seqs(game_id) >= rows - set(range(1, 81)), what="the new rows")
        wait_until(lambda: sub.seqs(game_id) | sub.record_seqs(game_id) == rows, what="all")
        late = Subscriber(broker.port)
        wait_until(lambda: late.payloads("summary") and late.payloads("record"), what="retained")
        assert late.payloads("summary")[-1]["game"]["row"] == max(rows)
        assert late.record_seqs(game_id) == rows
        assert late.payloads("status")[-1]["state"] == "online"
        late.close()
    finally:
        pub.stop()
        sub.close()


def test_a_restarted_companion_sends_what_the_broker_never_acknowledged(tmp_path, broker):
    """The broker goes down, the table plays on and then the companion stops too; the
    next companion on the same state directory sends the rest from the journal."""
    sub = Subscriber(broker.port)
    recs = records()
    first = GameService(tmp_path / "table")
    pub = publisher_for(first, broker)
    first.new_game(recs[0])
    for r in recs[1:10]:
        first.submit(r)
    game_id = first.snapshot()["game"]["id"]
    wait_until(lambda: pub.bookmarks.games.get(game_id) == 10, what="10 rows acknowledged")
    # an acknowledgement says the broker took a row, not that it passed it on yet: a
    # broker killed between the two loses it (QoS 1 to the broker, not end to end)
    wait_until(lambda: sub.seqs(game_id) >= set(range(1, 11)), what="rows 1-10 passed on")
    broker.kill()
    for r in recs[10:30]:
        first.submit(r)
    pub.stop(timeout_s=0.5)
    first.close()
    assert json.loads((tmp_path / "table" / "mqtt-delivered.json").read_text()) == {
        "v": 1,
        "games": {game_id: 10},
    }
    broker.start()
    wait_until(lambda: sub.subscribes == 2, what="the test subscriber to come back")
    second = GameService(tmp_path / "table")
    pub2 = publisher_for(second, broker)
    try:
        wait_until(lambda: sub.seqs(game_id) >= set(range(1, 31)), what="the rest")
        wait_until(lambda: pub2.bookmarks.games.get(game_id) == 30, what="the bookmark")
    finally:
        pub2.stop()
        second.close()
        sub.close()


def test_a_table_started_before_its_broker_sends_everything_once_it_comes(service, broker):
    broker.kill()
    pub = publisher_for(service, broker)
    try:
        recs = records()
        service.new_game(recs[0])
        for r in recs[1:15]:
            service.submit(r)
        assert service.snapshot()["devices"]["club"]["state"] == "off"
        broker.start()
        sub = Subscriber(broker.port)
        game_id = service.snapshot()["game"]["id"]
        wait_until(
            lambda: pub.bookmarks.games.get(game_id) == 15,
            timeout_s=20,
            what="every row acknowledged",
        )
        wait_until(lambda: sub.payloads("summary"), what="the retained summary")
        assert sub.payloads("summary")[-1]["game"]["row"] == 15
        sub.close()
    finally:
        pub.stop()


def test_a_ca_file_that_is_no_certificate_is_a_notice_and_the_table_plays_on(service, tmp_path):
    from companion.mqtt.cli import publisher_for_run

    bad = tmp_path / "ca.crt"
    bad.write_text("not a certificate")
    settings = MqttSettings(host="127.0.0.1", port=1, tls=True, ca_file=str(bad), table="t1")
    assert publisher_for_run(service, settings) is None
    assert any("club broker: cannot start publishing" in n for n in service.snapshot()["notices"])
    service.new_game(records()[0])  # the table plays on


def test_a_companion_killed_mid_stream_loses_nothing_after_its_restart(tmp_path, broker):
    """The publisher dies without a goodbye while rows are in flight (its bookmark file
    behind what the broker has); the next one sends from the bookmark: repeats, no gap."""
    sub = Subscriber(broker.port)
    recs = records()
    first = GameService(tmp_path / "table")
    pub = publisher_for(first, broker)
    first.new_game(recs[0])
    for r in recs[1:150]:
        first.submit(r)
    game_id = first.snapshot()["game"]["id"]
    wait_until(lambda: len(sub.seqs(game_id)) >= 20, what="some rows")
    pub._stop.set()  # a crash: no offline, no last save of the bookmark
    pub.client.socket().close()
    pub.client.loop_stop()
    first.close()
    second = GameService(tmp_path / "table")
    pub2 = publisher_for(second, broker)
    try:
        for r in recs[150:]:
            second.submit(r)
        rows = set(range(1, len(recs) + 1))
        wait_until(lambda: sub.seqs(game_id) >= rows, timeout_s=20, what="every row")
        wait_until(lambda: pub2.bookmarks.games.get(game_id) == len(recs), what="the bookmark")
    finally:
        pub2.stop()
        second.close()
        sub.close()
