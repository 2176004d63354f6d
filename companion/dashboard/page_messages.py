"""The pages' own catalogue (the ``pages`` gettext domain), as JSON for the browser.

``GET /api/messages?lang=de`` (``language_api``) answers::

    {"lang": "de", "plural": ["one", "other"],
     "messages": {"Undo": "Rückgängig", "{n} disc": ["{n} Scheibe", "{n} Scheiben"], ...}}

``messages`` maps each English text (a plural by its singular; one with a context as
``context\u0004text``, gettext's way) to its translation, a plural's forms in gettext
order. ``plural`` names the CLDR plural category of each form
(what the browser's built-in ``Intl.PluralRules`` answers), so the page picks a form
with the language's own rule and no code is sent. English is the source: no messages.
The ``.po`` is read once per language; the answer carries an ETag and may be cached.
"""

from __future__ import annotations

import functools
import gettext
import hashlib
import json

from babel import Locale
from babel.messages.pofile import read_po

from ..i18n.catalogues import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

DOMAIN = "pages"


def po_path(lang: str):
    """The pages' catalogue of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def plural_categories(lang: str, plural_expr: str, nplurals: int) -> list[str]:
    """The CLDR category of each gettext plural form: the category of the first count
    (0 to 200) that the catalogue's ``Plural-Forms`` sends to that form."""
    pick = gettext.c2py(plural_expr)
    rule = Locale.parse(lang).plural_form
    out: list[str | None] = [None] * nplurals
    for n in range(201):
        i = pick(n)
        if out[i] is None:
            out[i] = rule(n)
    return [c or "other" for c in out]


@functools.cache
def catalogue(lang: str) -> tuple[bytes, str]:
    """The JSON body for ``lang`` and its ETag. ``ValueError`` for a language there is not."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the pages speak {', '.join(LANGUAGES)}")
    messages: dict[str, str | list[str]] = {}
    plural = ["one", "other"]
    if lang != SOURCE_LANGUAGE and po_path(lang).exists():  # a language without one: English
        with po_path(lang).open("rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
        plural = plural_categories(lang, cat.plural_expr, cat.num_plurals)
        for m in cat:
            if not m.id or m.fuzzy or not m.string:
                continue
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            if m.context:
                key = f"{m.context}\x04{key}"
            if isinstance(m.id, tuple):
                if all(m.string):
                    messages[key] = list(m.string)
            else:
                messages[key] = m.string
    body = json.dumps(
        {"lang": lang, "plural": plural, "messages": messages}, ensure_ascii=False
    ).encode("utf-8")
    return body, hashlib.sha256(body).hexdigest()[:16]
