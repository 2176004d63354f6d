"""Tables and the club on one real Mosquitto: the league after redeliveries and
restarts, the last will, the page's data and exports, TLS with users."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC

import pytest

from companion.club import league
from companion.club.page import create_club_app
from companion.club.store import ClubStore
from companion.club.subscriber import Club
from companion.games.hinkel_stein.random_player import random_game
from companion.games.hinkel_stein.record import to_record
from companion.mqtt.publisher import TablePublisher
from companion.mqtt.settings import MqttSettings
from companion.pairing.store import PairingStore
from companion.records import replay_path
from companion.referee.service import GameService

from ..mqtt.broker import (
    Mosquitto,
    Subscriber,
    make_certificates,
    make_password_file,
    wait_until,
)


def play(service, seed: int, upto: int | None = None) -> list[dict]:
    recs = [to_record(a) for a in random_game(3, seed)]
    service.new_game(recs[0])
    for r in recs[1:upto]:
        service.submit(r)
    return recs


def club_for(tmp_path, settings: MqttSettings, name="club") -> Club:
    club = Club(ClubStore(tmp_path / f"{name}.sqlite", tz=UTC), settings, name=name)
    club.start()
    wait_until(lambda: club.connected, what="the club to connect")
    return club


def settings(broker, table="club", **kw) -> MqttSettings:
    return MqttSettings(host="127.0.0.1", port=broker.port, table=table, **kw)


def test_the_league_counts_each_game_once_through_redeliveries_and_restarts(tmp_path, broker):
    club = club_for(tmp_path, settings(broker))
    tables = {}
    for name, seed in (("t1", 3), ("t2", 4)):
        service = GameService(tmp_path / name)
        pub = TablePublisher(service, settings(broker, name), idle_s=0.05)
        pub.start()
        play(service, seed)
        tables[name] = (service, pub)
    try:
        wait_until(
            lambda: len(club.store.games(finished_only=True)) == 2,
            timeout_s=20,
            what="both games finished at the club",
        )
        before = league.league(club.store.games())
        rows = club.store.row_count()
        t1_rows = next(g["rows"] for g in club.store.games() if g["table"] == "t1")
        t2_rows = rows - t1_rows
        # t1 restarts without its bookmark file: it sends its whole game again
        service, pub = tables["t1"]
        pub.stop()
        service.close()
        (tmp_path / "t1" / "mqtt-delivered.json").unlink()
        service = GameService(tmp_path / "t1")
        pub = TablePublisher(service, settings(broker, "t1"), idle_s=0.05)
        pub.start()
        tables["t1"] = (service, pub)
        received = club.received
        wait_until(lambda: pub.acked_rows >= t1_rows, what="t1's game sent again")
        wait_until(lambda: club.received >= received + t1_rows, what="the club to get it")
        # and someone replays t2's rows into the broker (a duplicated delivery)
        spy = Subscriber(broker.port, topic="nothing/here")
        received = club.received
        for raw in _rows_as_published(club, "t2"):
            spy.client.publish("companion/v1/tables/t2/rows", raw, qos=1).wait_for_publish(5)
        spy.close()
        wait_until(lambda: club.received >= received + t2_rows, what="the repeats")
        assert club.store.row_count() == rows
        assert league.league(club.store.games()) == before
        overall = league.standings(before)
        assert {r["player"]: r["played"] for r in overall} == {"Ana": 2, "Ben": 2, "Cleo": 2}
        assert sum(r["wins"] for r in overall) >= 2
    finally:
        for service, pub in tables.values():
            pub.stop()
            service.close()
        club.stop()


def _rows_as_published(club: Club, table: str) -> list[bytes]:
    (game,) = [g for g in club.store.games() if g["table"] == table]
    return [
        json.dumps(
            {
                "v": 1,
                "table": table,
                "game_id": game["game_id"],
                "game": game["game"],
                "seq": i + 1,
                "kind": "action",
                "t_wall": "2026-12-01T19:00:00+00:00",
                "record": r,
            }
        ).encode()
        for i, r in enumerate(club.store.record(table, game["game_id"]))
    ]


def test_a_club_that_was_away_gets_what_the_broker_kept_for_it(tmp_path, broker):
    """The club's persistent session: rows published while it was stopped arrive later."""
    club = club_for(tmp_path, settings(broker))
    club.stop()
    club.store.close()
    service = GameService(tmp_path / "t1")
    pub = TablePublisher(service, settings(broker, "t1"), idle_s=0.05)
    pub.start()
    try:
        play(service, 3)
        wait_until(
            lambda: (
                service.snapshot()["game"]["row"]
                == pub.bookmarks.games.get(service.snapshot()["game"]["id"])
            ),
            what="every row acknowledged",
        )
        club = club_for(tmp_path, settings(broker))
        wait_until(lambda: len(club.store.games(finished_only=True)) == 1, what="the game")
        club.stop()
    finally:
        pub.stop()
        service.close()


def test_a_club_that_never_saw_the_rows_gets_the_game_from_the_retained_record(tmp_path, broker):
    service = GameService(tmp_path / "t1")
    pub = TablePublisher(service, settings(broker, "t1"), idle_s=0.05)
    pub.start()
    try:
        recs = play(service, 3)
        game_id = service.snapshot()["game"]["id"]
        wait_until(lambda: pub.bookmarks.games.get(game_id) == len(recs), what="all acked")
        club = club_for(tmp_path, settings(broker), name="newcomer")
        wait_until(lambda: club.store.games(finished_only=True), what="the game from the record")
        assert club.store.record("t1", game_id) == recs
        club.stop()
    finally:
        pub.stop()
        service.close()


def _companion_run(tmp_path, broker, table: str) -> subprocess.Popen:
    env = dict(os.environ, COMPANION_BACKEND="simulated")
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--no-sensors", "--host", "127.0.0.1",
         "--port", "0", "--state-dir", str(tmp_path / table), "--table", table,
         "--mqtt", f"mqtt://127.0.0.1:{broker.port}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )  # fmt: skip


@pytest.mark.parametrize(("how", "why"), [("kill", "connection lost"), ("terminate", "stopped")])
def test_a_companion_that_is_gone_is_offline_at_the_club(tmp_path, broker, how, why):
    """SIGKILL: the broker sends the table's last will; SIGTERM (systemctl stop): the
    table says offline itself before it disconnects."""
    club = club_for(tmp_path, settings(broker))
    proc = _companion_run(tmp_path, broker, "t9")
    try:

        def state():
            return {t["table"]: (t["state"], t["why"]) for t in club.store.tables()}.get("t9")

        wait_until(lambda: state() == ("online", "connected"), timeout_s=30, what="t9 online")
        getattr(proc, how)()
        proc.wait(10)
        wait_until(lambda: state() == ("offline", why), what=f"t9 offline ({why})")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        club.stop()


def test_the_page_data_and_exports(tmp_path, broker):
    club = club_for(tmp_path, settings(broker))
    service = GameService(tmp_path / "t1")
    pub = TablePublisher(service, settings(broker, "t1"), idle_s=0.05)
    pub.start()
    try:
        play(service, 3)
        service.device_status("load cells", "fault", "fault on wedge")
        game_id = service.snapshot()["game"]["id"]
        wait_until(lambda: club.store.games(finished_only=True), what="the finished game")
        client = create_club_app(club).test_client()
        wait_until(
            lambda: _card(client)["summary"]["devices"]["load cells"]["state"] == "fault",
            what="the fault on the card",
        )
        card = _card(client)
        assert card["state"] == "online" and card["summary"]["game"]["finished"]
        assert card["summary"]["game"]["players"] == ["Ana", "Ben", "Cleo"]
        text = client.get("/api/club/league.csv").get_data(as_text=True)
        assert text.splitlines()[0] == "evening,game,player,played,wins,points"
        assert len(text.splitlines()) == 1 + 4 * 3  # 3 players x (evening, all) x (game, all)
        data = client.get("/api/club/league.json").get_json()
        assert data["games"][0]["game_id"] == game_id
        record = client.get(f"/api/club/games/t1/{game_id}.jsonl")
        path = tmp_path / "game.jsonl"
        path.write_bytes(record.data)
        result = replay_path(path)
        assert result.rules.to_json(result.state) == service.snapshot()["replay"]
        missing = client.get("/api/club/games/t1/nothing.jsonl")
        assert missing.status_code == 404 and "no game" in missing.get_json()["error"]
    finally:
        pub.stop()
        service.close()
        club.stop()


def _card(client) -> dict:
    (card,) = client.get("/api/club").get_json()["tables"]
    return card


def test_tls_with_a_generated_ca_and_users_and_no_secret_is_published(tmp_path):
    certs = make_certificates(tmp_path / "certs")
    users = {"t1": "table-secret-pw-123", "club": "club-secret-pw-456"}
    broker = Mosquitto(
        tmp_path / "broker",
        tls=certs,
        password_file=make_password_file(tmp_path, users),
    )
    try:
        tls = {"tls": True, "ca_file": certs["cafile"]}
        spy = Subscriber(broker.port, tls_ca=certs["cafile"], user=("club", users["club"]))
        club = club_for(tmp_path, settings(broker, username="club", password=users["club"], **tls))
        pairing = PairingStore(tmp_path / "t1")
        pin = pairing.code
        cookie = pairing.add_session(how="pin", client="127.0.0.1")
        service = GameService(tmp_path / "t1")
        pub = TablePublisher(
            service,
            settings(broker, "t1", username="t1", password=users["t1"], **tls),
            idle_s=0.05,
        )
        pub.start()
        try:
            play(service, 3, upto=30)
            wait_until(lambda: club.store.row_count() == 30, what="30 rows over TLS")
            wait_until(lambda: spy.payloads("summary"), what="the summary")
        finally:
            pub.stop()
            service.close()
            club.stop()
        raw = spy.raw()
        assert raw, "nothing was published"
        for secret in (pin, cookie, users["t1"], users["club"]):
            assert secret.encode() not in raw
        # a table without the CA is refused: it never reaches the broker
        other = GameService(tmp_path / "t2")
        wrong = TablePublisher(
            other,
            settings(broker, "t2", username="t1", password=users["t1"], tls=True),
            idle_s=0.05,
        )
        wrong.start()
        time.sleep(1.0)
        assert not wrong._is_connected()
        wrong.stop(timeout_s=0.5)
        other.close()
        # a wrong password: the broker refuses the table, its dashboard says so
        other = GameService(tmp_path / "t3")
        refused = TablePublisher(other, settings(broker, "t3", username="t1",
                                 password="wrong", **tls), idle_s=0.05)  # fmt: skip
        refused.start()
        wait_until(lambda: other.snapshot()["devices"]["club"]["state"] == "fault",
                   what="the refusal on the dashboard")  # fmt: skip
        assert "refused" in other.snapshot()["devices"]["club"]["detail"]
        refused.stop(timeout_s=0.5)
        other.close()
        spy.close()
    finally:
        broker.stop()
