"""Topic names and JSON payloads that tables publish, version 1 (``docs/mqtt.md``).

Every topic starts ``<prefix>/v1/tables/<table>/`` (prefix ``companion`` unless set);
every payload is a UTF-8 JSON object with ``"v": 1``. A later, incompatible version
gets new topics (``v2``) so that an old club and a new table never misread each other.

- ``.../status`` (retained, QoS 1): ``online`` when the table connects, ``offline``
  when it stops, and ``offline`` from the broker as the table's last will.
- ``.../summary`` (retained, QoS 1): what the club's card shows (game, players, round,
  scores, who must act, warnings, devices).
- ``.../rows`` (QoS 1): each journal row, with its sequence number (``seq``) and game
  id: a club that gets one twice stores it once.
- ``.../record`` (retained, QoS 1): every row of the table's last finished game, once
  its last row is sent, and again after each reconnect: a club that missed rows (it
  was away longer than the broker kept its messages, or the broker lost them in a
  crash) still gets the whole game.

Pure functions; nothing here touches the network. The summary is built from named
fields only, so that nothing else (a PIN, an address, a path) can leak into it.
"""

from __future__ import annotations

import json
from typing import Any

from .. import __version__
from ..i18n.wire import to_wire

VERSION = 1
TOPIC_ROOT = f"v{VERSION}/tables"
STATUS, SUMMARY, ROWS, RECORD = "status", "summary", "rows", "record"


def table_topic(prefix: str, table: str, leaf: str) -> str:
    """``<prefix>/v1/tables/<table>/<leaf>``."""
    return f"{prefix}/{TOPIC_ROOT}/{table}/{leaf}"


def all_tables(prefix: str) -> str:
    """The subscription that sees every table's every topic."""
    return f"{prefix}/{TOPIC_ROOT}/+/+"


def split_topic(prefix: str, topic: str) -> tuple[str, str] | None:
    """``(table, leaf)`` for a version-1 table topic under ``prefix``; None otherwise."""
    head = f"{prefix}/{TOPIC_ROOT}/"
    if not topic.startswith(head):
        return None
    parts = topic[len(head) :].split("/")
    if len(parts) != 2 or not all(parts):
        return None
    return parts[0], parts[1]


def encode(obj: dict[str, Any]) -> bytes:
    """A payload as compact UTF-8 JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def status_payload(table: str, state: str, *, t_wall: str | None, why: str) -> bytes:
    """``.../status``: ``state`` ``online`` or ``offline``; ``why`` says what happened
    (``connected``, ``stopped``, ``connection lost``: the last will)."""
    return encode(
        {
            "v": VERSION,
            "table": table,
            "state": state,
            "why": why,
            "t_wall": t_wall,
            "software": __version__,
        }
    )


def row_payload(
    *, table: str, game_id: str, game: str, seq: int, kind: str, t_wall: str, record: dict
) -> bytes:
    """``.../rows``: one journal row. ``kind`` is ``action`` (``record`` is the action's
    record object) or ``undo`` (``record`` is ``{"count": n}``: the last n actions in
    effect are taken back). ``t_wall``: when the table journaled it (UTC, ISO 8601)."""
    return encode(
        {
            "v": VERSION,
            "table": table,
            "game_id": game_id,
            "game": game,
            "seq": seq,
            "kind": kind,
            "t_wall": t_wall,
            "record": record,
        }
    )


def record_payload(*, table: str, game_id: str, game: str, rows: list[dict[str, Any]]) -> bytes:
    """``.../record``: a finished game's journal rows, each ``{"seq", "kind", "t_wall",
    "record"}`` as in ``.../rows``."""
    return encode({"v": VERSION, "table": table, "game_id": game_id, "game": game, "rows": rows})


#: Per game: the summary field (``companion replay --json``) that holds each player's points.
POINTS_FIELD = {
    "hinkel-stein": "discs",
    "stein-im-brett": "totals",
    "heuchel-meuchel": "scores",
    "hilo": "scores",
}


def points_of(replay: dict[str, Any]) -> dict[str, float]:
    """Each player's points in a game's summary (``companion replay --json``): the
    discs, totals or scores; Stein auf Stein's tower lengths in mm (measured where
    every one was measured, else computed). Players without a number get nothing."""
    game = replay.get("game")
    if game == "stein-auf-stein":
        measured = replay.get("measured_mm") or {}
        use = measured if measured and all(v is not None for v in measured.values()) else None
        values = use or replay.get("computed_mm") or {}
    else:
        values = replay.get(POINTS_FIELD.get(game, "scores")) or {}
    if not isinstance(values, dict):
        return {}
    return {
        str(k): v
        for k, v in values.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }


def to_act(replay: dict[str, Any]) -> str | None:
    """Who must act now, from a game's summary; None when nobody (or the game is over)."""
    awaiting = replay.get("awaiting")
    if isinstance(awaiting, dict) and isinstance(awaiting.get("player"), str):
        return awaiting["player"]
    turn = replay.get("turn")
    return turn if isinstance(turn, str) else None


def round_of(replay: dict[str, Any]) -> int | None:
    """The round (or, for games that count turns, the turn) a game's summary names."""
    for key in ("round", "turns"):
        value = replay.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def summary_payload(
    snapshot: dict[str, Any],
    *,
    table: str,
    t_wall: str,
    last_t_wall: str | None,
) -> dict[str, Any]:
    """``.../summary`` from the referee's snapshot: named fields only (see the module
    docstring). ``last_t_wall``: when the last row was journaled (the club shows the
    time since the last move)."""
    game = snapshot.get("game")
    replay = snapshot.get("replay") or {}
    devices = {
        str(name): {
            "state": str(d.get("state", "")),
            "detail": str(d.get("detail", "")),
            "detail_msg": to_wire(d.get("detail")),
        }
        for name, d in (snapshot.get("devices") or {}).items()
    }
    warnings = list(snapshot.get("warnings") or [])
    out: dict[str, Any] = {
        "v": VERSION,
        "table": table,
        "t_wall": t_wall,
        "warnings": [str(w) for w in warnings],
        # each warning as a message (null: plain text), for the club page's language
        "warning_msgs": [to_wire(w) for w in warnings],
        "devices": devices,
        "game": None,
    }
    if game:
        out["game"] = {
            "id": game["id"],
            "name": game["name"],
            "title": game["title"],
            "players": list(replay.get("players") or []),
            "round": round_of(replay),
            "scores": points_of(replay),
            "to_act": to_act(replay),
            "finished": bool(replay.get("finished")),
            "winners": list(replay.get("winners") or []),
            "row": game["row"],
            "last_t_wall": last_t_wall,
        }
    return out
