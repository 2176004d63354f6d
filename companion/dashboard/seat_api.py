"""Private seat views (docs/api.md, "Heuchel & Meuchel"): a player's own cards on his phone.

``POST /api/seat-codes`` (a session: the paired table tablet) gives one code per seat of
the game under way; ``GET /api/seat/<code>`` is that seat's view (the code is the key, no
session); ``GET /seat`` is the phone's page that asks for the code and shows the view.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template

from ..referee.service import GameService, NoGame
from .api import acting

bp = Blueprint("seat_api", __name__)


def _service() -> GameService:
    return current_app.extensions["companion.service"]


def _error(status: int, message: str) -> Response:
    response = jsonify({"error": message})
    response.status_code = status
    return response


@bp.post("/api/seat-codes")
@acting
def seat_codes():
    try:
        return jsonify({"codes": _service().seat_codes()})
    except (NoGame, ValueError) as e:
        return _error(409, str(e))


@bp.get("/api/seat/<code>")
def seat_view(code: str):
    try:
        response = jsonify(_service().seat_view(code[:32]))
    except NoGame as e:
        return _error(404, str(e))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/seat")
def seat_page():
    return render_template("seat.html")
