"""Sessions and pairing (docs/api.md): the table PIN, the confirm button, Lock.

``POST /api/session`` exchanges the table PIN for a session; ``POST /api/pairing`` asks
to pair by holding the table's confirm button and ``GET /api/pairing/<id>`` follows the
request until the hold grants it (then the answer carries the session cookie);
``DELETE /api/session`` locks this tablet again (the session ends on the server).
"""

from __future__ import annotations

import math
from typing import Any

from flask import Blueprint, Response, jsonify, request

from ..pairing import TooManyRequests
from . import auth

bp = Blueprint("session_api", __name__, url_prefix="/api")

PIN_HELP = "the table PIN is shown on the companion's screen and by the command companion pin"


def _error(status: int, message: str, **extra: Any) -> Response:
    response = jsonify({"error": message, **extra})
    response.status_code = status
    return response


def _client() -> str:
    return request.remote_addr or "?"


def _cross_site() -> Response | None:
    if not auth.same_origin(request.headers.get("Origin"), request.host):
        return _error(403, "cross-site requests are refused")
    return None


@bp.get("/session")
def session_state():
    """Whether this tablet has a session, whether the table has a confirm button, and
    how many seconds it must be held to pair (``hold_s``)."""
    pairing = auth.pairing()
    return jsonify(
        {
            "session": auth.has_session(),
            "button": pairing.button_present,
            "hold_s": pairing.button.hold_s,
        }
    )


@bp.post("/session")
def login():
    refused = _cross_site()
    if refused:
        return refused
    body = request.get_json(silent=True)
    given = body.get("pin") if isinstance(body, dict) else None
    if not isinstance(given, str):
        return _error(400, 'send {"pin": "12345678"}: ' + PIN_HELP)
    answer = auth.pairing().try_code(given, client=_client())
    if answer.retry_after_s > 0:
        wait_s = math.ceil(answer.retry_after_s)
        response = _error(
            429,
            f"too many wrong PINs were tried on this table: try again in {wait_s} s,"
            " or pair with the confirm button on the table",
            retry_after_s=wait_s,
        )
        response.headers["Retry-After"] = str(wait_s)
        return response
    if answer.session_id is None:
        return _error(403, "wrong PIN: " + PIN_HELP)
    return auth.set_session_cookie(jsonify({"session": True}), answer.session_id)


@bp.delete("/session")
def logout():
    """Lock this tablet: its session ends on the server, whatever the cookie says later."""
    refused = _cross_site()
    if refused:
        return refused
    auth.pairing().lock(request.cookies.get(auth.SESSION_COOKIE))
    return auth.clear_session_cookie(jsonify({"session": False}))


@bp.post("/pairing")
def ask_to_pair():
    """Ask to pair by the table's confirm button: holding it ``hold_s`` seconds while
    only this request waits grants it (a short press stays the game's)."""
    refused = _cross_site()
    if refused:
        return refused
    if request.headers.get("X-Companion") != "1":
        return _error(400, "send the header X-Companion: 1")
    pairing = auth.pairing()
    if not pairing.button_present:
        return _error(409, "this table has no confirm button: enter the PIN; " + PIN_HELP)
    try:
        pair = pairing.button.ask(_client())
    except TooManyRequests as e:
        response = _error(429, str(e), retry_after_s=int(pairing.button.wait_s))
        response.headers["Retry-After"] = str(int(pairing.button.wait_s))
        return response
    return jsonify(
        {
            "request": pair.id,
            "state": pair.state,
            "wait_s": pairing.button.wait_s,
            "hold_s": pairing.button.hold_s,
        }
    )


@bp.get("/pairing/<request_id>")
def pairing_status(request_id: str):
    """How the request stands: ``waiting`` (with ``left_s``), ``granted`` by a hold (this answer
    carries the session cookie, once), ``refused`` (with the reason); 404 when unknown
    or expired."""
    pairing = auth.pairing()
    status = pairing.button.status(request_id)
    if status is None:
        return _error(404, "no such pairing request (it expired after a minute): ask again")
    pair, left_s = status
    if pair.state == "granted":
        session_id = pairing.claim(request_id)
        if session_id is not None:
            return auth.set_session_cookie(
                jsonify({"state": "granted", "session": True}), session_id
            )
    if pair.state == "refused":
        return jsonify({"state": "refused", "reason": pair.reason})
    if pair.state == "waiting":
        return jsonify({"state": "waiting", "left_s": round(max(left_s, 0.0), 1)})
    return _error(404, "this request was granted and its session collected already")
