"""The gettext catalogues, read with Babel: ``translations(lang)`` and ``render``.

The ``.po`` files in ``companion/locale/<lang>/LC_MESSAGES/companion.po`` are the only
source: they are compiled to ``.mo`` in memory the first time a language is asked for
(a few milliseconds), so a checkout and an installed wheel need no build step. English
is the source language: its text is the msgid, so it needs no catalogue.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .message import Msg
from .numbers import number_format

DOMAIN = "companion"
#: Where the catalogues live: ``<lang>/LC_MESSAGES/companion.po`` and ``companion.pot``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE_LANGUAGE = "en"
#: Every language the companion speaks, the source language first.
LANGUAGES: tuple[str, ...] = ("en", "de")


def po_path(lang: str) -> Path:
    """The catalogue file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (one of ``LANGUAGES``); English: no translation at all.

    ``ValueError`` names the languages there are."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the companion speaks {', '.join(LANGUAGES)}")
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def render(message: Any, lang: str) -> str:
    """``message`` said in ``lang``: a ``Msg`` translated with its numbers formatted in the
    language; anything else as ``str`` gives it (not yet translated text stays English)."""
    if not isinstance(message, Msg):
        return str(message)
    if lang == SOURCE_LANGUAGE:
        return str(message)
    return message.render(translations(lang), number_format(lang))


def render_all(data: Any, lang: str) -> Any:
    """``data`` (JSON-ready: dicts, lists, tuples, strings, numbers) with every ``Msg`` in
    it said in ``lang``, as plain strings: a snapshot for one page's language. English
    gives ``data`` itself (a ``Msg`` is its English already)."""
    if lang == SOURCE_LANGUAGE:
        return data
    tr, fmt = translations(lang), number_format(lang)
    return _render_all(data, tr, fmt)


def _render_all(data: Any, tr, fmt) -> Any:
    if isinstance(data, Msg):
        return data.render(tr, fmt)
    if isinstance(data, dict):
        return {k: _render_all(v, tr, fmt) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_render_all(v, tr, fmt) for v in data]
    return data


@functools.cache
def _known_ids() -> frozenset[tuple[str, str | None]]:
    out: set[tuple[str, str | None]] = set()
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        with po_path(lang).open("rb") as f:
            for m in read_po(f, locale=lang, domain=DOMAIN):
                if m.id:
                    out.add((m.id if isinstance(m.id, str) else m.id[0], m.context))
    return frozenset(out)


def known(msgid: str, context: str | None = None) -> bool:
    """Whether ``msgid`` (the singular of a plural) is one of this companion's messages:
    a message that came from elsewhere (``companion.i18n.wire``) is said only then."""
    return (msgid, context) in _known_ids()


def gettext_for(lang: str):
    """``_(text)`` for ``lang``: for the messages of the command line and the views."""
    return translations(lang).gettext


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "known",
    "po_path",
    "render",
    "render_all",
    "translations",
]
