"""The JSON API (documented in docs/api.md): state, live events, session, actions, undo,
record and new games. Everything that changes state needs a session."""

from __future__ import annotations

from collections.abc import Iterator
from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from ..errors import IllegalAction, MalformedRecord
from ..referee.service import GameService, NoGame
from . import auth

bp = Blueprint("api", __name__, url_prefix="/api")


def _service() -> GameService:
    return current_app.extensions["companion.service"]


def _error(status: int, message: str, **extra: Any) -> Response:
    response = jsonify({"error": message, **extra})
    response.status_code = status
    return response


def _json_body() -> Any:
    return request.get_json(silent=True)


def acting(view):
    """Guard a state-changing view: same origin, JSON with ``X-Companion``, a session."""

    @wraps(view)
    def guarded(*args, **kwargs):
        if not auth.same_origin(request.headers.get("Origin"), request.host):
            return _error(403, "cross-site requests are refused")
        if request.headers.get("X-Companion") != "1" or not request.is_json:
            return _error(400, "send JSON with the header X-Companion: 1")
        if not auth.has_session():
            return _error(401, "unlock first: the table's confirm button or the table PIN")
        return view(*args, **kwargs)

    return guarded


@bp.get("/state")
def state():
    snap = _service().snapshot()
    snap["session"] = auth.has_session()
    return jsonify(snap)


@bp.get("/events")
def events():
    """Server-Sent Events: the full snapshot now, then each new one (latest wins)."""
    service = _service()
    keepalive_s = current_app.config["SSE_KEEPALIVE_S"]
    once = current_app.config.get("SSE_ONCE", False)  # tests: stop after the first snapshot

    def stream() -> Iterator[str]:
        seen = -1
        yield "retry: 2000\n\n"
        while True:
            version = service.wait_for_change(seen, keepalive_s)
            if service.closed:  # shutting down: the page reconnects to the next server
                return
            if version == seen:
                yield ": keep-alive\n\n"
                continue
            seen, data = service.snapshot_json()
            yield f"event: snapshot\nid: {seen}\ndata: {data}\n\n"
            if once:
                return

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream(), mimetype="text/event-stream", headers=headers)


@bp.post("/actions")
@acting
def actions():
    record = _json_body()
    if not isinstance(record, dict):
        return _error(400, "send one action as a JSON object in the game's record format")
    try:
        return jsonify(_service().submit(record, source="tablet"))
    except MalformedRecord as e:
        return _error(400, str(e))
    except IllegalAction as e:
        return _error(409, str(e))
    except NoGame as e:
        return _error(409, str(e))


def _snapshot_or_409(change, *args) -> Response:
    """The snapshot after ``change(*args)``, or 409 with the reason it cannot be done now
    (no game; nothing to undo). ``NoGame`` is a ``LookupError``, not a ``ValueError``."""
    try:
        return jsonify(change(*args))
    except (NoGame, ValueError) as e:
        return _error(409, str(e))


@bp.post("/undo")
@acting
def undo():
    body = _json_body()
    count = body.get("count", 1) if isinstance(body, dict) else 1
    return _snapshot_or_409(_service().undo, count)


@bp.post("/done")
@acting
def done():
    """The boulder holder will neither add B1 nor move the Stone of Fate: the settled
    scale may now decide the round."""
    return _snapshot_or_409(_service().boulder_done)


@bp.post("/confirm")
@acting
def confirm():
    """The players confirm the table as it is (the table's confirm button): the
    standing warnings go; a camera reading that differs from the record is accepted."""
    return _snapshot_or_409(_service().confirm)


@bp.get("/record")
def record():
    try:
        text = _service().record_jsonl()
    except NoGame as e:
        return _error(404, str(e))
    game_id = _service().snapshot()["game"]["id"]
    return Response(
        text,
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
    )


@bp.get("/games/<game_id>/record")
def game_record(game_id: str):
    try:
        text = _service().record_of(game_id)
    except NoGame as e:
        return _error(404, str(e))
    return Response(
        text,
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
    )


@bp.get("/games")
def games():
    return jsonify({"games": _service().games()})


@bp.post("/games")
@acting
def new_game():
    body = _json_body()
    if not isinstance(body, dict) or "players" not in body:
        return _error(
            400,
            'send {"game": "hinkel-stein" or "stein-im-brett", "players": [names, clockwise]}'
            " and the game's options (docs/api.md)",
        )
    options = {k: v for k, v in body.items() if k not in ("players", "game")}
    try:
        snap = _service().start_game(
            body["players"], game=body.get("game", "hinkel-stein"), options=options
        )
    except (MalformedRecord, IllegalAction) as e:
        return _error(400, str(e))
    return jsonify(snap)
