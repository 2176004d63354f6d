"""The JSON API (documented in docs/api.md): state, live events, session, actions, undo,
record and new games. Everything that changes state needs a session."""

from __future__ import annotations

from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from ..errors import IllegalAction, MalformedRecord, StorageError
from ..i18n.catalogues import render_all
from ..referee.history import DEFAULT_LIMIT, MAX_LIMIT
from ..referee.service import GameService, NoGame, RecordHidden
from . import auth, errors
from .language_api import message_of, page_lang, say
from .streams import Refusal, StreamHub

bp = Blueprint("api", __name__, url_prefix="/api")


def _service() -> GameService:
    return current_app.extensions["companion.service"]


def _error(status: int, message: str, **extra: Any) -> Response:
    response = jsonify({"error": say(message), **extra})
    response.status_code = status
    return response


def _json_body() -> Any:
    return errors.json_body()


@bp.errorhandler(StorageError)
def storage_refused(e: StorageError) -> Response:
    """The state directory refused the write: 507 for a full disk, 503 for a read-only or
    failing one; nothing was recorded, the game is as it was."""
    return _error(507 if e.kind == "full" else 503, message_of(e), storage=e.kind)


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
    snap = _service().snapshot(page_lang())
    snap["session"] = auth.has_session()
    return jsonify(snap)


@bp.get("/events")
def events():
    """Server-Sent Events: the full snapshot now, then each new one (latest wins). A
    stream over the limits is refused at once with the reason (streams.py);
    ``?check`` only says whether one would open now, and opens none."""
    hub: StreamHub = current_app.extensions["companion.streams"]
    address, paired = request.remote_addr or "?", auth.has_session()
    if "check" in request.args:
        admitted = hub.refusal(address, session=paired) or {"ok": True}
    else:
        gone = request.environ.get("waitress.client_disconnected", lambda: False)
        admitted = hub.admit(address, session=paired, gone=gone)
    if isinstance(admitted, Refusal):
        response = _error(admitted.status, admitted.reason, retry_after_s=admitted.retry_after_s)
        response.headers["Retry-After"] = str(admitted.retry_after_s)
        return response
    if isinstance(admitted, dict):
        return jsonify(admitted)
    once = current_app.config.get("SSE_ONCE", False)  # tests: stop after the first snapshot
    lang = page_lang()  # the snapshots' texts in the page's language
    body = hub.events(admitted, current_app.config["SSE_KEEPALIVE_S"], once=once, lang=lang)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    response = Response(body, mimetype="text/event-stream", headers=headers)
    response.call_on_close(admitted.release)  # also when the stream never started
    return response


@bp.post("/actions")
@acting
def actions():
    record = _json_body()
    if not isinstance(record, dict):
        return _error(400, "send one action as a JSON object in the game's record format")
    try:
        return _snapshot(_service().submit(record, source="tablet"))
    except MalformedRecord as e:
        return _error(400, message_of(e))
    except IllegalAction as e:
        return _error(409, message_of(e))
    except NoGame as e:
        return _error(409, message_of(e))


def _snapshot(snap: dict[str, Any]) -> Response:
    """A snapshot answered with its texts in the page's language."""
    return jsonify(render_all(snap, page_lang()))


def _snapshot_or_409(change, *args) -> Response:
    """The snapshot after ``change(*args)``, or 409 with the reason it cannot be done now
    (no game; nothing to undo). ``NoGame`` is a ``LookupError``, not a ``ValueError``."""
    try:
        return _snapshot(change(*args))
    except (NoGame, ValueError) as e:
        return _error(409, message_of(e))


@bp.post("/undo")
@acting
def undo():
    """Take back the action at ``row`` (the snapshot's ``game.row``) if it is still the
    last (or the last one the snapshot of ``version`` showed); 409 when another tablet
    took it back already or a newer action came.
    ``count`` (without ``row``) takes back that many, whichever they are."""
    body = _json_body()
    body = body if isinstance(body, dict) else {}
    count, row, version = body.get("count", 1), body.get("row"), body.get("version")
    return _snapshot_or_409(lambda: _service().undo(count, row=row, version=version))


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
    except RecordHidden as e:
        return _error(403, str(e))
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
    except RecordHidden as e:
        return _error(403, str(e))
    return Response(
        text,
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
    )


@bp.get("/games")
def games():
    """A page of the kept games, newest first: ``?limit=`` (1 to 500, default 50) and
    ``?before=<id>`` (the ``next`` of the previous page)."""
    raw = request.args.get("limit", str(DEFAULT_LIMIT))
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= MAX_LIMIT:
        return _error(400, f"limit is a whole number of games from 1 to {MAX_LIMIT}, not {raw!r}")
    try:
        return jsonify(_service().games(limit=int(raw), before=request.args.get("before")))
    except ValueError as e:
        return _error(400, str(e))


@bp.post("/looks")
@acting
def looks():
    """The children's pictures and colours (Stein auf Stein): ``{"looks": {player:
    {"picture", "colour"}}}``, kept beside the journal (docs/api.md)."""
    body = _json_body()
    try:
        return jsonify(_service().set_looks(body.get("looks") if isinstance(body, dict) else None))
    except NoGame as e:
        return _error(409, message_of(e))
    except ValueError as e:
        return _error(400, message_of(e))


@bp.post("/games")
@acting
def new_game():
    body = _json_body()
    if not isinstance(body, dict) or "players" not in body:
        return _error(
            400,
            'send {"game": "hinkel-stein", "stein-im-brett" or "heuchel-meuchel",'
            ' "players": [names, clockwise]}'
            " and the game's options (docs/api.md)",
        )
    options = {k: v for k, v in body.items() if k not in ("players", "game")}
    try:
        snap = _service().start_game(
            body["players"], game=body.get("game", "hinkel-stein"), options=options
        )
    except (MalformedRecord, IllegalAction) as e:
        return _error(400, message_of(e))
    return _snapshot(snap)
