"""Dashboard settings: the black box's "Record this session" switch (docs/api.md).

``GET /api/settings`` -> ``{"recording": {"record", "session", "store"} | null}`` (null:
this companion cannot record, e.g. the demo); ``POST /api/settings`` with
``{"record": true|false}`` (a session needed) switches it and answers the same.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from . import errors
from .api import _error, acting

bp = Blueprint("settings", __name__, url_prefix="/api")


def _control():
    service = current_app.extensions["companion.service"]
    return getattr(service, "recording", None)


@bp.get("/settings")
def settings():
    control = _control()
    return jsonify({"recording": control.status() if control is not None else None})


@bp.post("/settings")
@acting
def change_settings():
    body = errors.json_body()
    if not isinstance(body, dict) or not isinstance(body.get("record"), bool):
        return _error(400, 'send {"record": true} or {"record": false}')
    control = _control()
    if control is None:
        return _error(409, "this companion cannot record sessions (start it with companion run)")
    try:
        status = control.set(body["record"])
    except OSError as e:
        return _error(507, f"cannot record: {e}")
    return jsonify({"recording": status})
