"""Who may act: the session cookie, cross-site protection, the cookie key.

Anyone on the network may watch. Acting needs a session, got by pairing
(``companion.pairing``: the table's confirm button, or the table PIN). The cookie
carries only the session's random id (HttpOnly, SameSite=Strict); the server checks it
against the live sessions on every request, so that Lock and ``companion pin --reset``
end it at once. State-changing requests must be JSON with the ``X-Companion`` header
and, when the browser sends an ``Origin``, come from this host: a page on another site
cannot forge them.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from flask import Response, current_app, request

from ..pairing import SESSION_S, Pairing

SECRET_FILE = "secret_key"
SESSION_COOKIE = "companion_session"


def _read_or_create(path: Path, make: Callable[[], str]) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        value = make()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(value + "\n")
        return value


def secret_key(state_dir: Path) -> str:
    """Flask's signing key (made once, private to the service; sessions do not use it)."""
    return _read_or_create(state_dir / SECRET_FILE, lambda: secrets.token_hex(32))


def same_origin(origin: str | None, host: str) -> bool:
    """A request's ``Origin`` (if the browser sent one) names this very host."""
    if not origin:
        return True
    return urlsplit(origin).netloc == host


def pairing() -> Pairing:
    return current_app.extensions["companion.pairing"]


def has_session() -> bool:
    """This request carries the cookie of a live session."""
    return pairing().valid(request.cookies.get(SESSION_COOKIE))


def set_session_cookie(response: Response, session_id: str) -> Response:
    response.set_cookie(
        SESSION_COOKIE, session_id, max_age=SESSION_S, httponly=True, samesite="Strict", path="/"
    )
    return response


def clear_session_cookie(response: Response) -> Response:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="Strict")
    return response
