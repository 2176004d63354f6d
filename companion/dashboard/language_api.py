"""The page's language (docs/i18n.md): ``GET /api/language`` and ``say`` for the views.

A page asks for its language with ``?lang=de`` on any API request, else its browser's
``Accept-Language`` decides, else the table's language (``app.config["COMPANION_LANG"]``,
from ``companion run --lang``, ``COMPANION_LANG``, ``STATE_DIR/table.toml`` or the
system locale). Messages the engines mark (``companion.i18n.Msg``) are said in it;
records and journals stay in the record's own words.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from ..i18n.catalogues import LANGUAGES, render
from ..i18n.language import page_language

bp = Blueprint("language", __name__, url_prefix="/api")

#: Each language in its own words, for a page's language switch.
NAMES = {"en": "English", "de": "Deutsch"}


def table_lang() -> str:
    return current_app.config.get("COMPANION_LANG", "en")


def page_lang() -> str:
    """The language of this request's page."""
    accept = [(value, quality) for value, quality in request.accept_languages]
    return page_language(request.args.get("lang"), accept, table_lang())


def say(message: Any) -> str:
    """``message`` in this request's language (a plain string stays as it is)."""
    return render(message, page_lang())


def message_of(error: BaseException) -> Any:
    """The message an error was raised with: the marked ``Msg`` itself when there is one
    (``str(error)`` would keep only its English)."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


@bp.get("/language")
def language():
    """``{"table": "de", "page": "en", "languages": [{"code", "name"}, ...]}``."""
    return jsonify(
        {
            "table": table_lang(),
            "page": page_lang(),
            "languages": [{"code": c, "name": NAMES.get(c, c)} for c in LANGUAGES],
        }
    )


@bp.get("/messages")
def messages():
    """The pages' catalogue in the page's language (``page_messages``), cacheable: the
    ETag changes with the catalogue, so a page asks again cheaply and works offline."""
    from .page_messages import catalogue

    body, etag = catalogue(page_lang())
    response = current_app.response_class(body, mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # kept, but checked with If-None-Match
    response.headers["Vary"] = "Accept-Language"
    return response.make_conditional(request)
