"""The table's publisher: journal rows, a retained summary and its status, to a broker.

A thread beside the referee. It reads only what the referee already made durable (the
journal, through :mod:`.journal_rows`) and its snapshot, so the table plays exactly as
before whether the broker is there or not. While connected it publishes every journal
row not yet acknowledged (QoS 1, at most ``window`` unacknowledged at once), and the
summary (retained) whenever it changes; ``status`` is ``online`` (retained) once
connected, and the broker publishes ``offline`` as the last will when the table is
gone. While the broker cannot be reached nothing is queued in memory: the rows wait in
the journal, and the bookmark file (:mod:`.delivered`) says from where to go on, also
after a restart of the companion.

It never subscribes to anything, and no ``on_message`` is set: what the broker sends a
table is nothing it reads.
"""

from __future__ import annotations

import logging
import os
import ssl
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from ..errors import JournalError
from ..games.registry import rules_for
from ..journal import Journal
from . import topics
from .delivered import Bookmarks
from .journal_rows import JournalRows
from .settings import MqttSettings

log = logging.getLogger("companion.mqtt")

#: the device name the table's dashboard shows the broker connection under: ``ok`` when
#: connected, ``off`` while the broker cannot be reached (no alarm: the table plays on),
#: ``fault`` when the broker refuses the table (a wrong user or password)
DEVICE = "club"


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def make_client(
    settings: MqttSettings, client_id: str, *, clean_session: bool = True
) -> mqtt.Client:
    """A paho client (MQTT 3.1.1, callbacks version 2) with the user and TLS of
    ``settings``; not yet connected. ``clean_session=False``: the broker keeps the
    client's subscriptions and queues its messages while it is away."""
    client = mqtt.Client(
        CallbackAPIVersion.VERSION2,
        client_id=client_id,
        clean_session=clean_session,
        protocol=mqtt.MQTTv311,
    )
    if settings.username:
        client.username_pw_set(settings.username, settings.password)
    if settings.tls:
        client.tls_set(ca_certs=settings.ca_file, cert_reqs=ssl.CERT_REQUIRED)
    client.reconnect_delay_set(min_delay=1, max_delay=15)
    return client


class TablePublisher:
    """Publishes one table's journal to the broker of ``settings``; ``start()``, ``stop()``.

    ``service``: the referee's ``GameService`` (its snapshot and state directory).
    ``window``: rows sent and not yet acknowledged, at most. ``idle_s``: how long the
    thread sleeps when nothing changed (it wakes at once when the game changes).
    """

    def __init__(
        self,
        service: Any,
        settings: MqttSettings,
        *,
        window: int = 100,
        idle_s: float = 0.2,
        client_factory: Callable[[MqttSettings, str], mqtt.Client] = make_client,
    ) -> None:
        self.service = service
        self.settings = settings
        self.window = window
        self.idle_s = idle_s
        self.games_dir = Path(service.state_dir) / "games"
        self.bookmarks = Bookmarks(service.state_dir)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._connects = 0  # bumped by each CONNACK (paho's thread)
        self._handled_connects = 0
        self._connected = False
        self._inflight: dict[int, tuple[str, int] | None] = {}  # mid -> (game id, seq)
        self._early: set[int] = set()  # acks that came before publish() returned
        self._acked: dict[str, set[int]] = {}  # game id -> seqs acked above the bookmark
        self._sent: dict[str, int] = {}  # game id -> last seq handed to the client
        self._readers: dict[str, JournalRows] = {}
        self._pending: list[str] = []  # games with rows to send, oldest first
        self._summary_sent: str | None = None
        self._record_sent: dict[str, int] = {}  # game id -> its last seq when its record went
        self._last_record: bytes | None = None  # sent again after each reconnect
        self._completed: list[str] = []  # earlier games whose last row was just sent
        self._last_save = 0.0
        #: rows the broker acknowledged since start (for tests and the bench)
        self.acked_rows = 0
        base = topics.table_topic
        self.status_topic = base(settings.prefix, settings.table, topics.STATUS)
        self.summary_topic = base(settings.prefix, settings.table, topics.SUMMARY)
        self.rows_topic = base(settings.prefix, settings.table, topics.ROWS)
        self.record_topic = base(settings.prefix, settings.table, topics.RECORD)
        self.client = client_factory(settings, f"companion-table-{settings.table}")
        self.client.max_inflight_messages_set(window)
        self.client.will_set(
            self.status_topic,
            topics.status_payload(settings.table, "offline", t_wall=None, why="connection lost"),
            qos=1,
            retain=True,
        )
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        current = (service.snapshot().get("game") or {}).get("id")
        for game_id, seq in list(self.bookmarks.games.items()):
            reader = self._reader(game_id)
            if reader is not None and reader.last()[0] > seq:
                self._sent[game_id] = seq
                self._pending.append(game_id)
            elif game_id != current:  # sent whole (or gone): no need to remember it
                del self.bookmarks.games[game_id]
                if game_id in self._readers:
                    self._readers.pop(game_id).close()
            else:
                self._sent[game_id] = seq

    # -- paho's thread ----------------------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning("the club broker refused the table: %s", reason_code)
            self._device("fault", f"the broker refused the table: {reason_code}")
            return
        with self._lock:
            self._connects += 1
            self._connected = True
        log.info("connected to the club broker %s", self.settings.describe())

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        with self._lock:
            was = self._connected
            self._connected = False
        if was and not self._stop.is_set():
            log.warning("lost the club broker (%s): the table plays on", reason_code)
            self._device(
                "off",
                "broker not reachable: the table plays on; every action is sent once it is back",
            )

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        with self._lock:
            entry = self._inflight.pop(mid, _MISSING)
            if entry is _MISSING:
                self._early.add(mid)
            elif entry is not None:
                self._ack(*entry)

    def _ack(self, game_id: str, seq: int) -> None:
        """Under the lock: ``seq`` of ``game_id`` is acknowledged; move its bookmark on."""
        self.acked_rows += 1
        done = self.bookmarks.games.get(game_id, 0)
        if seq <= done:
            return
        acked = self._acked.setdefault(game_id, set())
        acked.add(seq)
        while done + 1 in acked:
            done += 1
            acked.discard(done)
        self.bookmarks.games[game_id] = done

    # -- lifecycle --------------------------------------------------------------------

    def start(self) -> None:
        """Connect in the background (the broker may come later) and start publishing."""
        s = self.settings
        self._device("off", f"connecting to {s.host}:{s.port}: the table plays on meanwhile")
        self.client.connect_async(s.host, s.port, keepalive=s.keepalive_s)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name="mqtt publisher", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 3.0) -> None:
        """Send what can be sent within ``timeout_s``, say ``offline``, disconnect."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
        deadline = time.monotonic() + timeout_s
        if self._is_connected():
            info = self._publish(
                self.status_topic,
                topics.status_payload(
                    self.settings.table, "offline", t_wall=_now_text(), why="stopped"
                ),
                retain=True,
            )
            while not info.is_published() and time.monotonic() < deadline and self._is_connected():
                time.sleep(0.01)
        self.client.disconnect()
        self.client.loop_stop()
        with self._lock:
            self.bookmarks.save()
        for reader in self._readers.values():
            reader.close()
        self._readers.clear()

    def _is_connected(self) -> bool:
        with self._lock:
            return self._connected

    def _device(self, state: str, detail: str) -> None:
        status = getattr(self.service, "device_status", None)
        if status is not None:
            status(DEVICE, state, detail)

    # -- the publishing thread ---------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            if getattr(self.service, "closed", False):
                return
            seen = self.service.version
            try:
                busy = self.step()
            except Exception:  # a table never falls over for its broker: log, go on
                log.exception("mqtt publisher")
                busy = False
            if busy:
                time.sleep(0.002)  # let acknowledgements come in
            else:
                self.service.wait_for_change(seen, timeout_s=self.idle_s)

    def step(self) -> bool:
        """Publish what is due now; True when rows are still waiting to be sent."""
        with self._lock:
            connected = self._connected
            fresh = self._connects != self._handled_connects
            self._handled_connects = self._connects
        if not connected:
            return False
        if fresh:
            self._device("ok", f"connected to {self.settings.describe()}")
            self._publish(
                self.status_topic,
                topics.status_payload(
                    self.settings.table, "online", t_wall=_now_text(), why="connected"
                ),
                retain=True,
            )
            self._summary_sent = None
        snapshot = self.service.snapshot()
        current = snapshot["game"]["id"] if snapshot.get("game") else None
        if current is not None and current not in self._pending:
            self._follow(current)
        waiting = self._send_rows(current)
        self._send_records(snapshot, current, again=fresh)
        self._send_summary(snapshot, current)
        now = time.monotonic()
        if now - self._last_save > 0.5:
            with self._lock:
                self.bookmarks.save()
            self._last_save = now
        return waiting

    def _follow(self, game_id: str) -> None:
        """Send ``game_id``'s rows from its bookmark on (the game under way)."""
        if self._reader(game_id) is None:
            return
        self._pending.append(game_id)
        self._sent.setdefault(game_id, self.bookmarks.games.get(game_id, 0))
        with self._lock:
            self.bookmarks.games.setdefault(game_id, self._sent[game_id])

    def _send_rows(self, current: str | None) -> bool:
        waiting = False
        for game_id in list(self._pending):
            reader = self._reader(game_id)
            if reader is None:
                self._pending.remove(game_id)
                continue
            with self._lock:
                room = self.window - len(self._inflight)
            if room <= 0:
                return True
            rows = reader.after(self._sent[game_id], limit=room)
            for row in rows:
                payload = topics.row_payload(
                    table=self.settings.table,
                    game_id=game_id,
                    game=reader.game or "",
                    seq=row.seq,
                    kind=row.kind,
                    t_wall=row.t_wall,
                    record=row.record,
                )
                info = self._publish(self.rows_topic, payload, retain=False, row=(game_id, row.seq))
                if info.rc == mqtt.MQTT_ERR_NO_CONN:  # paho keeps it and sends it once back
                    self._sent[game_id] = row.seq
                    return False
                if info.rc != mqtt.MQTT_ERR_SUCCESS:
                    return True  # not taken: sent again on the next step
                self._sent[game_id] = row.seq
            if len(rows) == room:
                waiting = True
            elif game_id != current and self._sent[game_id] >= reader.last()[0]:
                self._pending.remove(game_id)  # sent whole; its acks move the bookmark on
                self._completed.append(game_id)
        return waiting

    def _send_records(self, snapshot: dict[str, Any], current: str | None, *, again: bool) -> None:
        """The whole record of each game that is over once its last row is sent; after a
        reconnect, the last one again (retained: a club that missed rows gets them)."""
        due = [g for g in self._completed if self._finished(g)]
        self._completed.clear()
        if current is not None and (snapshot.get("replay") or {}).get("finished"):
            reader = self._reader(current)
            last = reader.last()[0] if reader is not None else 0
            if self._sent.get(current, 0) >= last and self._record_sent.get(current) != last:
                due.append(current)
        for game_id in due:
            reader = self._reader(game_id)
            if reader is None:
                continue
            rows = reader.after(0, limit=1_000_000)
            payload = topics.record_payload(
                table=self.settings.table,
                game_id=game_id,
                game=reader.game or "",
                rows=[
                    {"seq": r.seq, "kind": r.kind, "t_wall": r.t_wall, "record": r.record}
                    for r in rows
                ],
            )
            if self._publish(self.record_topic, payload, retain=True).rc == 0:
                self._record_sent[game_id] = rows[-1].seq if rows else 0
                self._last_record = payload
        if again and not due and self._last_record is not None:
            self._publish(self.record_topic, self._last_record, retain=True)

    def _finished(self, game_id: str) -> bool:
        """Whether the game's journal, replayed with its rules, is over."""
        path = self.games_dir / f"{game_id}.journal"
        try:
            with Journal(path, readonly=True) as journal:
                records = journal.records()
            rules = rules_for(records[0].get("game")) if records else None
            if rules is None:
                return False
            state = rules.start(rules.parse_action(records[0]))
            for record in records[1:]:
                action = rules.parse_action(record)
                if action is not None:
                    state = rules.apply(state, action)
            return bool(rules.to_json(state).get("finished"))
        except (JournalError, OSError, ValueError) as e:
            log.warning("cannot replay %s to see whether it is over: %s", path.name, e)
            return False

    def _send_summary(self, snapshot: dict[str, Any], current: str | None) -> None:
        last_t_wall = None
        if current is not None:
            reader = self._reader(current)
            if reader is not None:
                last_t_wall = reader.last()[1]
        summary = topics.summary_payload(
            snapshot, table=self.settings.table, t_wall="", last_t_wall=last_t_wall
        )
        key = topics.encode(summary).decode("utf-8")
        if key == self._summary_sent:
            return
        summary["t_wall"] = _now_text()
        if self._publish(self.summary_topic, topics.encode(summary), retain=True).rc == 0:
            self._summary_sent = key

    def _publish(
        self, topic: str, payload: bytes, *, retain: bool, row: tuple[str, int] | None = None
    ) -> mqtt.MQTTMessageInfo:
        """Publish at QoS 1 and remember the message until the broker acknowledges it;
        ``row`` (game id, seq): the journal row it carries, whose bookmark then moves on."""
        info = self.client.publish(topic, payload, qos=1, retain=retain)
        if info.rc in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):
            with self._lock:
                if info.mid in self._early:  # acknowledged before publish() returned
                    self._early.discard(info.mid)
                    if row is not None:
                        self._ack(*row)
                else:
                    self._inflight[info.mid] = row
        return info

    def _reader(self, game_id: str) -> JournalRows | None:
        reader = self._readers.get(game_id)
        if reader is None:
            path = self.games_dir / f"{game_id}.journal"
            if not path.is_file():
                return None
            try:
                reader = JournalRows(path)
            except (JournalError, OSError, ValueError) as e:
                log.warning("cannot read the journal %s to publish it: %s", path.name, e)
                return None
            self._readers[game_id] = reader
            if len(self._readers) > 8:  # keep the newest few open
                oldest = next(iter(self._readers))
                if oldest not in self._pending:
                    self._readers.pop(oldest).close()
        return reader


_MISSING = object()


def start_publisher(service: Any, settings: MqttSettings | None) -> TablePublisher | None:
    """A started publisher for ``service`` when a broker is configured, else None."""
    if settings is None:
        return None
    publisher = TablePublisher(service, settings)
    publisher.start()
    log.info("publishing to the club broker %s", settings.describe())
    return publisher


def settings_file(state_dir: str | os.PathLike[str]) -> Path:
    """The default settings file: ``STATE_DIR/mqtt.toml``."""
    return Path(state_dir) / "mqtt.toml"
