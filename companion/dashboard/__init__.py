"""The tablet dashboard: a Flask app factory over the referee's ``GameService``.

Views stay thin: they call the service and turn its answers and errors into HTTP.
Every error is JSON ``{"error": reason}`` (``errors.py``), never an HTML page.
Templates and assets live in the top-level ``web/`` folder (no build step).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from ..paths import data_dir
from ..referee.service import GameService
from . import api, auth, errors, pages, settings_api

#: The largest request body taken, in bytes: a new game's start is well under 4 KiB.
MAX_BODY_BYTES = 64 * 1024


def create_app(service: GameService, *, test_config: dict[str, Any] | None = None) -> Flask:
    """The dashboard for ``service``; the PIN and cookie key come from its state directory."""
    web = data_dir("web")
    app = Flask(
        __name__,
        template_folder=str(web / "templates"),
        static_folder=str(web / "static"),
        static_url_path="/static",
    )
    app.config.update(
        SECRET_KEY=auth.secret_key(service.state_dir),
        TABLE_PIN=auth.table_pin(service.state_dir),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        SSE_KEEPALIVE_S=15.0,
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
    )
    if test_config:
        app.config.update(test_config)
    app.extensions["companion.service"] = service
    app.extensions["companion.pin_limit"] = auth.PinRateLimit()
    app.json.sort_keys = False
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(settings_api.bp)
    errors.init_app(app)
    return app
