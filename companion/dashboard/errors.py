"""Every request error as JSON ``{"error": reason}``: what was wrong and what to do.

HTTP errors (a bad request, an unknown path, a method not allowed, a body too large) get
words of their own; anything unexpected is logged with its traceback and answered 500,
so that a tablet always gets a reason it can show, never an HTML error page.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger("companion.dashboard")


def _json(status: int, message: str) -> Response:
    response = jsonify({"error": message})
    response.status_code = status
    return response


def http_error(e: HTTPException) -> Response:
    """An HTTP error in words: the view's own description, else what fits the code."""
    code = e.code or 500
    if e.description and e.description != type(e).description:
        message = e.description  # a view's abort(400, "...") says what was wrong
    elif code == 404:
        message = f"no such page or API endpoint: {request.path} (docs/api.md lists them)"
    elif code == 405:
        allowed = ", ".join(sorted(getattr(e, "valid_methods", None) or ()))
        message = f"{request.method} is not allowed on {request.path}; allowed: {allowed}"
    elif code == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        message = f"the request body is too large: at most {limit} bytes are taken"
    elif code == 400:
        message = "bad request: send JSON with the header X-Companion: 1 (docs/api.md)"
    else:
        message = f"{e.name.lower()} ({code})"
    response = _json(code, message)
    if code == 405 and getattr(e, "valid_methods", None):
        response.headers["Allow"] = ", ".join(e.valid_methods)
    return response


def unexpected_error(e: Exception) -> Response:
    """A bug or a failure nobody foresaw: the traceback goes to the log, the tablet gets
    a reason it can show; the game is as the last accepted action left it."""
    log.exception("%s %s failed", request.method, request.path)
    return _json(
        500,
        f"the companion failed to answer ({type(e).__name__}: {e}). The game is as its"
        " journal holds it: look at the dashboard again. The log has the details"
        " (journalctl -u companion)",
    )


def init_app(app: Flask) -> None:
    """Answer every error of ``app`` as JSON."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(Exception, unexpected_error)
