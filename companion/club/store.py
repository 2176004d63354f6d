"""The club's SQLite: every row the tables published (once), the games, the tables.

``rows`` is keyed by (table, game id, seq): a row delivered twice (QoS 1 after an
outage), republished after a table's restart, or sent again by a table that lost its
bookmark is stored once. ``games`` is derived from ``rows`` (folded with the rules,
``fold.GameFold``), never counted up: so the league cannot count a game twice. A game
counts once its rows 1..n have all arrived and the rules say it is over; undone after
it was over, it no longer counts.

``evening``: the date a game began, in the club's time zone, with the day turning at
``day_starts_h`` (noon by default: a game after midnight belongs to the evening before).

One :class:`ClubStore` writes (the subscriber's thread); its methods hold a lock, so the
page's threads may read through it too.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

from ..errors import CompanionError
from ..i18n.message import msg
from ..mqtt.topics import points_of
from .fold import GameFold

SCHEMA_VERSION = 1
#: games kept folded in memory (those under way); others are folded again from their rows
MAX_FOLDS = 500
APPLICATION = "table-companion-club"

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta VALUES ('application', '{APPLICATION}');
INSERT OR IGNORE INTO meta VALUES ('schema_version', '{SCHEMA_VERSION}');
CREATE TABLE IF NOT EXISTS rows (
    tbl TEXT NOT NULL, game_id TEXT NOT NULL, seq INTEGER NOT NULL,
    game TEXT NOT NULL, kind TEXT NOT NULL, t_wall TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (tbl, game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    tbl TEXT NOT NULL, game_id TEXT NOT NULL, game TEXT NOT NULL,
    players TEXT NOT NULL DEFAULT '[]', started TEXT, evening TEXT,
    upto INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0,
    winners TEXT NOT NULL DEFAULT '[]', points TEXT NOT NULL DEFAULT '{{}}',
    ended TEXT, error TEXT,
    PRIMARY KEY (tbl, game_id)
);
CREATE TABLE IF NOT EXISTS tables (
    tbl TEXT PRIMARY KEY, state TEXT, why TEXT, status_t TEXT, summary TEXT, seen TEXT,
    moved TEXT
);
"""


class ClubStoreError(CompanionError, OSError):
    """The club's database cannot be opened or is not one: the message names the file."""


@dataclass(frozen=True)
class IncomingRow:
    """One published row, checked (``from_payload``)."""

    table: str
    game_id: str
    seq: int
    game: str
    kind: str
    t_wall: str
    record: dict[str, Any]

    @classmethod
    def from_payload(cls, table: str, p: Any) -> IncomingRow:
        """``ValueError`` naming the field when the payload is not a version-1 row."""
        if not isinstance(p, dict) or p.get("v") != 1:
            raise ValueError('not a version-1 payload ("v": 1)')
        checks = {
            "game_id": str,
            "game": str,
            "kind": str,
            "t_wall": str,
            "record": dict,
        }
        for key, kind in checks.items():
            if not isinstance(p.get(key), kind):
                raise ValueError(f"row field {key!r} missing or not a {kind.__name__}")
        seq = p.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise ValueError(f"row field 'seq' is a whole number from 1, not {seq!r}")
        if p["kind"] not in ("action", "undo"):
            raise ValueError(f"row kind is action or undo, not {p['kind']!r}")
        return cls(table, p["game_id"], seq, p["game"], p["kind"], p["t_wall"], p["record"])


def evening_of(t_wall: str, *, tz: tzinfo | None = None, day_starts_h: int = 12) -> str:
    """The club evening (``YYYY-MM-DD``) a game begun at ``t_wall`` (ISO 8601) belongs to."""
    t = datetime.fromisoformat(t_wall).astimezone(tz)
    return (t - timedelta(hours=day_starts_h)).date().isoformat()


class ClubStore:
    """The club's database at ``path`` (created if missing). ``tz``: the club's time
    zone for evenings (default: this machine's)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        tz: tzinfo | None = None,
        day_starts_h: int = 12,
    ) -> None:
        self.path = Path(path)
        self.tz = tz
        self.day_starts_h = day_starts_h
        self._lock = threading.RLock()
        self._folds: dict[tuple[str, str], GameFold] = {}
        try:
            self._con = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._con.execute("PRAGMA journal_mode = WAL")
            self._con.execute("PRAGMA synchronous = NORMAL")
            self._con.executescript(_SCHEMA)
            meta = dict(self._con.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as e:
            raise ClubStoreError(f"club database {str(self.path)!r}: {e}") from e
        if meta.get("application") != APPLICATION:
            raise ClubStoreError(f"{str(self.path)!r} is not a club database")
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            raise ClubStoreError(
                f"club database {str(self.path)!r}: schema {meta.get('schema_version')!r},"
                f" this companion reads {SCHEMA_VERSION}"
            )

    def close(self) -> None:
        with self._lock:
            self._con.close()

    # -- writing ------------------------------------------------------------------------

    def add_rows(self, rows: Iterable[IncomingRow]) -> int:
        """Store rows not yet stored and fold the games they belong to; the number of
        new rows (a row already stored is ignored)."""
        rows = list(rows)
        with self._lock:
            con = self._con
            con.execute("BEGIN")
            try:
                new = 0
                touched: dict[tuple[str, str], str] = {}
                for r in rows:
                    cur = con.execute(
                        "INSERT OR IGNORE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            r.table,
                            r.game_id,
                            r.seq,
                            r.game,
                            r.kind,
                            r.t_wall,
                            json.dumps(r.record, ensure_ascii=False),
                        ),
                    )
                    if cur.rowcount:
                        new += 1
                        touched[(r.table, r.game_id)] = r.game
                for (table, game_id), game in touched.items():
                    self._advance(table, game_id, game)
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                self._folds.clear()  # refolded from the stored rows when next needed
                raise
            return new

    def _advance(self, table: str, game_id: str, game: str) -> None:
        key = (table, game_id)
        fold = self._folds.pop(key, None)  # put back last: the dict is oldest first
        if fold is None:
            fold = GameFold(game)
        self._folds[key] = fold
        cur = self._con.execute(
            "SELECT seq, kind, t_wall, record FROM rows WHERE tbl = ? AND game_id = ? AND seq > ?"
            " ORDER BY seq",
            (table, game_id, fold.upto),
        )
        started = ended = None
        for seq, kind, t_wall, record in cur:
            if seq != fold.upto + 1:
                break  # a gap: the missing rows come later (QoS 1)
            fold.feed(seq, kind, json.loads(record))
            if seq == 1:
                started = t_wall
            ended = t_wall
        summary = fold.summary
        finished = bool(summary and summary.get("finished"))
        if finished:  # folded again from its rows if a row ever comes (an undo)
            self._folds.pop(key, None)
        elif len(self._folds) > MAX_FOLDS:
            self._folds.pop(next(iter(self._folds)))  # the longest untouched
        self._con.execute(
            "INSERT OR IGNORE INTO games (tbl, game_id, game) VALUES (?, ?, ?)",
            (table, game_id, game),
        )
        if started is not None:
            self._con.execute(
                "UPDATE games SET started = ?, evening = ? WHERE tbl = ? AND game_id = ?",
                (
                    started,
                    evening_of(started, tz=self.tz, day_starts_h=self.day_starts_h),
                    table,
                    game_id,
                ),
            )
        self._con.execute(
            "UPDATE games SET players = ?, upto = ?, finished = ?, winners = ?, points = ?,"
            " ended = CASE WHEN ? THEN COALESCE(?, ended) ELSE NULL END, error = ?"
            " WHERE tbl = ? AND game_id = ?",
            (
                json.dumps((summary or {}).get("players") or []),
                fold.upto,
                int(finished),
                json.dumps((summary or {}).get("winners") or [] if finished else []),
                json.dumps(points_of(summary) if summary else {}),
                finished,
                ended,
                fold.error,
                table,
                game_id,
            ),
        )

    def set_status(self, table: str, state: str, why: str, t_wall: str | None, seen: str) -> None:
        """A table's ``status`` message: ``online`` or ``offline``."""
        with self._lock:
            self._con.execute(
                "INSERT INTO tables (tbl, state, why, status_t, seen) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (tbl) DO UPDATE SET state = excluded.state, why = excluded.why,"
                " status_t = excluded.status_t, seen = excluded.seen",
                (table, state, why, t_wall, seen),
            )

    def set_summary(self, table: str, summary: dict[str, Any], seen: str) -> None:
        """A table's retained ``summary`` message. ``moved`` (the club's clock, not the
        table's) is when the game's row last changed: the time since the last move."""
        game = summary.get("game") if isinstance(summary.get("game"), dict) else None
        where = (game.get("id"), game.get("row")) if game else None
        with self._lock:
            old = self._con.execute(
                "SELECT summary, moved FROM tables WHERE tbl = ?", (table,)
            ).fetchone()
            moved = seen
            if old is not None and old[0]:
                before = json.loads(old[0]).get("game") or None
                if before and where == (before.get("id"), before.get("row")):
                    moved = old[1]
            self._con.execute(
                "INSERT INTO tables (tbl, summary, seen, moved) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (tbl) DO UPDATE SET summary = excluded.summary,"
                " seen = excluded.seen, moved = excluded.moved",
                (table, json.dumps(summary, ensure_ascii=False), seen, moved),
            )

    # -- reading ------------------------------------------------------------------------

    def tables(self) -> list[dict[str, Any]]:
        """Every table seen: name, status, why, last summary, when last heard of."""
        with self._lock:
            cur = self._con.execute(
                "SELECT tbl, state, why, status_t, summary, seen, moved FROM tables ORDER BY tbl"
            )
            return [
                {
                    "table": t,
                    "state": state or "unknown",
                    "why": why,
                    "status_t": status_t,
                    "summary": json.loads(summary) if summary else None,
                    "seen": seen,
                    "moved": moved,
                }
                for t, state, why, status_t, summary, seen, moved in cur
            ]

    def games(
        self, *, finished_only: bool = False, evening: str | None = None, game: str | None = None
    ) -> list[dict[str, Any]]:
        """The games kept, newest first (by when they began)."""
        where, args = ["1"], []
        if finished_only:
            where.append("finished = 1")
        if evening is not None:
            where.append("evening = ?")
            args.append(evening)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        with self._lock:
            cur = self._con.execute(
                "SELECT tbl, game_id, game, players, started, evening, upto, finished, winners,"
                f" points, ended, error FROM games WHERE {' AND '.join(where)}"
                " ORDER BY started DESC, tbl",
                args,
            )
            return [
                {
                    "table": t,
                    "game_id": gid,
                    "game": g,
                    "players": json.loads(players),
                    "started": started,
                    "evening": ev,
                    "rows": upto,
                    "finished": bool(fin),
                    "winners": json.loads(winners),
                    "points": json.loads(points),
                    "ended": ended,
                    "error": error,
                }
                for t, gid, g, players, started, ev, upto, fin, winners, points, ended, error in cur
            ]

    def record(self, table: str, game_id: str) -> list[dict[str, Any]]:
        """The effective record of a game (undos folded), as ``companion replay`` reads it;
        ``LookupError`` when the club has no rows of it, or not rows 1..n without a gap."""
        with self._lock:
            cur = self._con.execute(
                "SELECT seq, kind, record FROM rows WHERE tbl = ? AND game_id = ? ORDER BY seq",
                (table, game_id),
            )
            effective: list[dict[str, Any]] = []
            expected = 1
            for seq, kind, record in cur:
                if seq != expected:
                    raise LookupError(
                        msg(
                            "the club has not got row {row} of {table}/{game_id} yet",
                            row=expected,
                            table=table,
                            game_id=game_id,
                        )
                    )
                expected += 1
                payload = json.loads(record)
                if kind == "action":
                    effective.append(payload)
                else:
                    del effective[-payload["count"] :]
        if not effective:
            raise LookupError(
                msg("the club has no game {game_id!r} of table {table!r}", game_id=game_id,
                    table=table)
            )  # fmt: skip
        return effective

    def row_count(self) -> int:
        with self._lock:
            return self._con.execute("SELECT COUNT(*) FROM rows").fetchone()[0]
