"""Who may act: the session cookie and cross-site protection.

Anyone on the network may watch. Acting needs a session, got by pairing
(``companion.pairing``: the table's confirm button, or the table PIN). The cookie
carries only the session's random id (HttpOnly, SameSite=Strict); the server checks it
against the live sessions on every request, so that Lock and ``companion pin --reset``
end it at once. State-changing requests must be JSON with the ``X-Companion`` header
and, when the browser sends an ``Origin``, come from this host: a page on another site
cannot forge them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, current_app, request

from ..pairing import SESSION_S, Pairing

SESSION_COOKIE = "companion_session"


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
