"""The tablet dashboard: a Flask app factory over the referee's ``GameService``.

Views stay thin: they call the service and turn its answers and errors into HTTP.
Templates and assets live in the top-level ``web/`` folder (no build step).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from ..paths import data_dir
from ..referee.service import GameService
from . import api, auth, pages
from .streams import StreamHub, StreamLimits


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
        STREAM_LIMITS=StreamLimits(),
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    app.extensions["companion.service"] = service
    app.extensions["companion.pin_limit"] = auth.PinRateLimit()
    app.extensions["companion.streams"] = StreamHub(service, app.config["STREAM_LIMITS"])
    app.json.sort_keys = False
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    return app
