"""The tablet dashboard: a Flask app factory over the referee's ``GameService``.

Views stay thin: they call the service and turn its answers and errors into HTTP.
Every error is JSON ``{"error": reason}`` (``errors.py``), never an HTML page.
Templates and assets live in the top-level ``web/`` folder (no build step).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request

from .. import settings
from ..pairing import Pairing
from ..paths import data_dir
from ..referee.service import GameService
from . import api, errors, language_api, pages, seat_api, session_api, settings_api
from .hosts import AllowedHosts
from .streams import StreamHub, StreamLimits

#: The largest request body taken, in bytes: a new game's start is well under 4 KiB.
MAX_BODY_BYTES = 64 * 1024


def create_app(
    service: GameService,
    *,
    pairing: Pairing | None = None,
    test_config: dict[str, Any] | None = None,
) -> Flask:
    """The dashboard for ``service``. ``pairing``: the table's pairing state (the PIN,
    sessions, button requests), shared with the table's controls; by default one over
    the service's state directory. ``test_config["ALLOWED_HOSTS"]``: further names the
    dashboard answers to (default: ``COMPANION_HOSTS``)."""
    web = data_dir("web")
    app = Flask(
        __name__,
        template_folder=str(web / "templates"),
        static_folder=str(web / "static"),
        static_url_path="/static",
    )
    app.config.update(
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        SSE_KEEPALIVE_S=15.0,
        STREAM_LIMITS=StreamLimits(),
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        ALLOWED_HOSTS=settings.extra_host_names(),
    )
    app.config["COMPANION_LANG"] = _table_language(service)
    if test_config:
        app.config.update(test_config)
    if pairing is None:
        pairing = Pairing(
            service.state_dir,
            announce=service.announce,
            show_requests=service.show_pairing_requests,
        )
    app.extensions["companion.service"] = service
    app.extensions["companion.pairing"] = pairing
    app.extensions["companion.streams"] = StreamHub(service, app.config["STREAM_LIMITS"])
    allowed = AllowedHosts(app.config["ALLOWED_HOSTS"])

    @app.before_request
    def check_host():
        """DNS rebinding: answer only to the names the companion is reached by."""
        if not allowed.allows(request.host):
            response = jsonify(
                {
                    "error": f"this companion does not answer to the name {request.host!r};"
                    f" it answers to {allowed.describe()}"
                    " (add names with COMPANION_HOSTS, comma-separated)"
                }
            )
            response.status_code = 421
            return response
        return None

    app.json.sort_keys = False
    app.register_blueprint(api.bp)
    app.register_blueprint(session_api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(settings_api.bp)
    app.register_blueprint(seat_api.bp)
    app.register_blueprint(language_api.bp)
    errors.init_app(app)
    return app


def _table_language(service: GameService) -> str:
    """The table's language (docs/i18n.md); one set wrongly is announced, and English
    spoken, so that a typo in a settings file never keeps the dashboard down."""
    from ..i18n.language import LanguageError, table_language

    try:
        return table_language(None, state_dir=getattr(service, "state_dir", None))
    except LanguageError as e:
        announce = getattr(service, "announce", None)
        if announce is not None:
            announce(f"language: {e}; the dashboard speaks English")
        return "en"
