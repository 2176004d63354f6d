"""Every request error as JSON ``{"error": reason}``: what was wrong and what to do.

HTTP errors (a bad request, an unknown path, a method not allowed, a body too large) get
words of their own; anything unexpected is logged with its traceback and answered 500,
so that a tablet always gets a reason it can show, never an HTML error page.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from flask import Flask, Response, abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger("companion.dashboard")

#: The deepest JSON body taken (objects and lists inside each other); the records are 3 deep.
MAX_JSON_DEPTH = 32


def json_body() -> Any:
    """The request's JSON body (None when it is not JSON or empty); 400 with the reason
    for text that is not JSON, or JSON nested deeper than ``MAX_JSON_DEPTH``."""
    if not request.is_json:
        return None
    data = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    if not data.strip():
        return None
    try:
        body = json.loads(data)
    except RecursionError:
        abort(400, f"the JSON body is nested too deeply: at most {MAX_JSON_DEPTH} levels")
    except ValueError as e:  # bad JSON, or not UTF-8
        abort(400, f"the body is not valid JSON ({e}); send one JSON object")
    if _depth(body) > MAX_JSON_DEPTH:
        abort(400, f"the JSON body is nested too deeply: at most {MAX_JSON_DEPTH} levels")
    return body


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (a scalar: 0), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else None
        if items is None:
            continue
        deepest = max(deepest, d)
        if d <= MAX_JSON_DEPTH:  # deeper than that is refused anyway
            todo.extend((item, d + 1) for item in items)
    return deepest


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
