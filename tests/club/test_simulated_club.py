"""A simulated club: 50 tables play seeded games at full speed into one Mosquitto while
the club follows; every row is stored once and every finished game counted once."""

from __future__ import annotations

import threading
from datetime import UTC

import pytest

from companion.club import league
from companion.club.store import ClubStore
from companion.club.subscriber import Club
from companion.games.hinkel_stein.random_player import random_game
from companion.games.hinkel_stein.record import to_record
from companion.mqtt.publisher import TablePublisher
from companion.mqtt.settings import MqttSettings
from companion.referee.service import GameService

from ..mqtt.broker import wait_until

TABLES = 50


@pytest.mark.slow
def test_fifty_tables_and_the_club_agree_row_for_row(tmp_path, broker):
    club = Club(ClubStore(tmp_path / "club.sqlite", tz=UTC),
                MqttSettings(host="127.0.0.1", port=broker.port, table="club"))  # fmt: skip
    club.start()
    wait_until(lambda: club.connected, what="the club")
    services, publishers = [], []
    for i in range(TABLES):
        service = GameService(tmp_path / f"t{i}")
        pub = TablePublisher(
            service, MqttSettings(host="127.0.0.1", port=broker.port, table=f"t{i:02d}")
        )
        pub.start()
        services.append(service)
        publishers.append(pub)

    finished = [0]
    lock = threading.Lock()

    def play(service, seed: int) -> None:
        # table i plays game seed i; every fifth table plays it to the end
        recs = [to_record(a) for a in random_game(3, seed)]
        upto = None if seed % 5 == 0 else 40
        service.new_game(recs[0])
        for r in recs[1:upto]:
            service.submit(r)
        if service.snapshot()["replay"]["finished"]:
            with lock:
                finished[0] += 1

    threads = [threading.Thread(target=play, args=(s, i)) for i, s in enumerate(services)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        total = sum(s.snapshot()["game"]["row"] for s in services)
        wait_until(lambda: club.store.row_count() == total, timeout_s=120,
                   what=f"all {total} rows at the club")  # fmt: skip
        games = club.store.games()
        assert len(games) == TABLES
        assert sum(g["finished"] for g in games) == finished[0] == TABLES // 5
        overall = league.standings(league.league(games))
        assert {r["played"] for r in overall} == {finished[0]}  # Ana, Ben, Cleo at each
        wait_until(lambda: all(t["state"] == "online" for t in club.store.tables())
                   and len(club.store.tables()) == TABLES, what="every card online")  # fmt: skip
    finally:
        for pub, service in zip(publishers, services, strict=True):
            pub.stop(timeout_s=1)
            service.close()
        club.stop()
