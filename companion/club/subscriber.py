"""The club's MQTT client: every table's topics into the club's store.

It subscribes to ``<prefix>/v1/tables/+/+`` at QoS 1 with a persistent session
(``clean_session=False`` and a fixed client id), so the broker keeps what tables
publish while the club's machine is off, up to the broker's ``max_queued_messages``
(docs/club.md). Messages go through a queue to one writer thread that stores them
in batches (one transaction each). A message that is not a version-1 payload is
counted and logged with its reason, never stored.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import paho.mqtt.client as mqtt

from ..mqtt import topics
from ..mqtt.publisher import make_client
from ..mqtt.settings import MqttSettings
from .store import ClubStore, IncomingRow

log = logging.getLogger("companion.club")

#: messages stored in one transaction, at most
BATCH = 500


class Club:
    """The store, fed from the broker, and a version bumped on every change (for the page)."""

    def __init__(
        self,
        store: ClubStore,
        settings: MqttSettings | None,
        *,
        name: str = "club",
        client_factory: Callable[..., mqtt.Client] = make_client,
    ) -> None:
        self.store = store
        self.settings = settings
        self.prefix = settings.prefix if settings else "companion"
        self.version = 0
        self.changed = threading.Condition()
        self.received = 0
        self.rejected = 0
        self.last_rejection: str | None = None
        self.connected = False
        #: why the broker cannot be used, in words for the club page (None: nothing known)
        self.broker_problem: str | None = None
        self.closed = False
        self._view: dict[str, Any] | None = None
        #: (table, game id, seq) -> time.monotonic() when stored: for the bench only
        self.on_rows: Callable[[list[IncomingRow], float], None] | None = None
        self._queue: queue.Queue[tuple[str, bytes] | None] = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name="club writer", daemon=True)
        self.client = None
        if settings is not None:
            # a persistent session: the broker queues what comes while the club is away
            self.client = client_factory(settings, f"companion-club-{name}", clean_session=False)
            self.client.on_connect = self._on_connect
            self.client.on_disconnect = self._on_disconnect
            self.client.on_message = self._on_message
            self.client.on_connect_fail = self._on_connect_fail

    def start(self) -> None:
        self._writer.start()
        if self.client is not None:
            s = self.settings
            self.client.connect_async(s.host, s.port, keepalive=s.keepalive_s)
            self.client.loop_start()

    def stop(self) -> None:
        self.closed = True
        if self.client is not None:
            self.client.disconnect()
            self.client.loop_stop()
        self._queue.put(None)
        self._writer.join(10)
        with self.changed:
            self.changed.notify_all()

    # -- paho's thread -------------------------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning("the broker refused the club: %s", reason_code)
            self.broker_problem = (
                f"the broker {self.settings.address()} refused the club ({reason_code}):"
                " check the user, password and TLS settings of `companion club serve`"
            )
            self._bump()
            return
        client.subscribe(topics.all_tables(self.prefix), qos=1)
        self.connected = True
        self.broker_problem = None
        self._bump()
        log.info("club connected to %s", self.settings.describe())

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected = False
        if self.broker_problem is None or "refused" not in self.broker_problem:
            self.broker_problem = (
                f"the broker {self.settings.address()} cannot be reached ({reason_code}):"
                " the club reconnects by itself; the tables play on and send every move once"
                " it is back"
            )
        self._bump()
        if not self.closed:
            log.warning("club lost the broker (%s); reconnecting", reason_code)

    def _on_connect_fail(self, client, userdata) -> None:
        self.broker_problem = (
            f"the broker {self.settings.address()} cannot be reached: the club tries again"
            " by itself; check that the broker runs and the address is right"
        )
        self._bump()

    def _on_message(self, client, userdata, msg) -> None:
        self._queue.put((msg.topic, msg.payload))

    def feed(self, topic: str, payload: bytes) -> None:
        """Take one message as if from the broker (tests, replays of a broker log)."""
        self._queue.put((topic, payload))

    # -- the writer thread ---------------------------------------------------------------

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            batch = [item]
            while item is not None and len(batch) < BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                batch.append(item)
            stop = batch[-1] is None
            messages = [m for m in batch if m is not None]
            if messages:
                try:
                    self._store(messages)
                except Exception:  # the club goes on; the reason is in the log
                    log.exception("club: storing %d messages failed", len(messages))
            if stop:
                return

    def _store(self, messages: list[tuple[str, bytes]]) -> None:
        seen = datetime.now(UTC).isoformat(timespec="milliseconds")
        rows: list[IncomingRow] = []
        for topic, payload in messages:
            self.received += 1
            try:
                where = topics.split_topic(self.prefix, topic)
                if where is None:
                    raise ValueError(f"not a table topic: {topic}")
                table, leaf = where
                data = json.loads(payload)
                if not isinstance(data, dict) or data.get("v") != topics.VERSION:
                    raise ValueError('not a version-1 payload ("v": 1)')
                if leaf == topics.ROWS:
                    rows.append(IncomingRow.from_payload(table, data))
                elif leaf == topics.RECORD:
                    game_rows = data.get("rows")
                    if not isinstance(game_rows, list) or not all(
                        isinstance(r, dict) for r in game_rows
                    ):
                        raise ValueError("a record's 'rows' is a list of rows")
                    head = {k: data.get(k) for k in ("v", "game_id", "game")}
                    rows.extend(IncomingRow.from_payload(table, {**head, **r}) for r in game_rows)
                elif leaf == topics.SUMMARY:
                    self.store.set_summary(table, data, seen)
                elif leaf == topics.STATUS:
                    state = data.get("state")
                    if state not in ("online", "offline"):
                        raise ValueError(f"status is online or offline, not {state!r}")
                    self.store.set_status(
                        table, state, str(data.get("why") or ""), data.get("t_wall"), seen
                    )
                else:
                    raise ValueError(f"unknown topic {leaf!r}")
            except ValueError as e:
                self.rejected += 1
                self.last_rejection = f"{topic}: {e}"
                log.warning("club: ignored a message on %s: %s", topic, e)
        if rows:
            self.store.add_rows(rows)
            if self.on_rows is not None:
                self.on_rows(rows, time.monotonic())
        self._bump()

    def _bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait_for_change(self, seen: int, timeout_s: float) -> int:
        """Block until the version differs from ``seen`` or ``timeout_s`` passes."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.closed, timeout_s)
            return self.version

    def view(self) -> dict[str, Any]:
        """What the club page shows: the tables, the recent games, the league overall
        and per game (built once per version, shared by every page)."""
        version = self.version
        cached = self._view
        if cached is not None and cached["version"] == version:
            return cached
        self._view = view = self._build_view(version)
        return view

    def _build_view(self, version: int) -> dict[str, Any]:
        from . import league

        games = self.store.games()
        lines = league.league(games)
        return {
            "version": version,
            "now": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "connected": self.connected,
            "broker": self.settings.address() if self.settings is not None else None,
            "broker_problem": self.broker_problem,
            "received": self.received,
            "rejected": self.rejected,
            "last_rejection": self.last_rejection,
            "tables": self.store.tables(),
            "games": games[:30],
            # the league tonight (the latest evening) and overall, over all games and
            # per game; every other scope is in the exports
            "leagues": _leagues(lines, games),
        }


def _leagues(lines: list[dict[str, Any]], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page's league scopes: ``{"evening", "game", "lines"}``, latest evening first,
    then overall; all games first, then each game played."""
    from . import league

    evenings = sorted({g["evening"] for g in games if g["finished"] and g["evening"]})
    names = sorted({g["game"] for g in games if g["finished"]})
    out = []
    for evening in [*evenings[-1:], None]:
        for name in [None, *names]:
            rows = league.standings(lines, evening=evening, game=name)
            if rows:
                out.append({"evening": evening, "game": name, "lines": rows})
    return out
