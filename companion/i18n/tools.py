"""Catalogue upkeep with Babel: extract the marked messages, update and check the ``.po``.

``python -m companion.i18n.tools extract|update|check`` (``make i18n-extract``,
``make i18n-update``, ``make i18n-check``):

- ``extract`` writes ``companion/locale/companion.pot``, every message marked in
  ``companion/`` with ``msg``, ``nmsg``, ``term`` (``companion.i18n.message``);
- ``update`` merges it into each language's ``.po``: new messages come in untranslated,
  gone ones are dropped (the file keeps them as obsolete ``#~`` lines for reuse);
- ``check`` lists every problem: a message without a translation (or only a fuzzy
  one), a catalogue entry no code uses, a translation whose ``{fields}`` differ.
"""

from __future__ import annotations

import ast
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .catalogues import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, po_path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: The markers of ``companion.i18n.message``, as Babel's keyword specs.
KEYWORDS = {"msg": (1,), "nmsg": (1, 2), "term": ((1, "c"), 2)}
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"


def extract_python_ast(fileobj, keywords, comment_tags, options):
    """Babel extraction method over Python's own syntax tree: every call of a keyword,
    nested ones included (Babel's ``python`` method skips a marker inside another's
    arguments: ``msg("{a}", a=msg("b"))``). Yields ``(line, name, messages, comments)``."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in keywords:
            continue
        args = tuple(
            a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
            for a in node.args
        )
        yield node.lineno, name, args, []


def extract() -> Catalog:
    """Every marked message in the package, with where it is used."""
    catalog = Catalog(domain=DOMAIN, project="Table Companion", charset="utf-8")
    found = extract_from_dir(
        PACKAGE_DIR,
        method_map=[("**.py", extract_python_ast)],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
    )
    for filename, lineno, message, comments, context in found:
        path = (PACKAGE_DIR.name + "/" + filename).replace("\\", "/")
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with ``lang``'s catalogue against the code, one line each."""
    template = template if template is not None else extract()
    catalog = read_catalog(lang)
    out: list[str] = []
    for m in template:
        if not m.id:
            continue
        key = m.id if m.context is None else (m.id, m.context)
        got = catalog.get(m.id, context=m.context)
        where = ", ".join(f"{p}:{n}" for p, n in m.locations[:2])
        if got is None or not got.string or (isinstance(got.string, tuple) and not all(got.string)):
            out.append(f"{lang}: no translation of {key!r} ({where})")
            continue
        if got.fuzzy:
            out.append(f"{lang}: only a fuzzy translation of {key!r} ({where})")
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [got.string] if isinstance(got.string, str) else list(got.string)
        wanted = set().union(*(_fields(s) for s in sources))
        for s in strings:
            # a plural form may leave the count out ("eine Scheibe") but adds no field
            extra = _fields(s) - wanted
            if extra or (len(strings) == 1 and _fields(s) != wanted):
                out.append(
                    f"{lang}: {key!r} -> {s!r} has fields {sorted(_fields(s))},"
                    f" the English {sorted(wanted)}"
                )
    for got in catalog:
        if got.id and template.get(got.id, context=got.context) is None:
            out.append(f"{lang}: {got.id!r} is in the catalogue but no code uses it")
    return out


def update() -> None:
    template = extract()
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        catalog = read_catalog(lang) if po_path(lang).exists() else Catalog(locale=lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.project, catalog.version = "Table Companion", ""
        catalog.copyright_holder = "the Table Companion authors"
        catalog.last_translator = catalog.language_team = "Table Companion <translations>"
        catalog.msgid_bugs_address = ""
        with po_path(lang).open("wb") as f:
            # file names without line numbers: an edit elsewhere in a module changes nothing
            write_po(f, catalog, width=100, include_previous=False, include_lineno=False)


def write_pot(template: Catalog) -> None:
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    with POT_PATH.open("wb") as f:
        write_po(f, template, width=100, omit_header=False)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else ""
    if command == "extract":
        write_pot(extract())
        print(f"wrote {POT_PATH}")
        return 0
    if command == "update":
        update()
        print("updated " + ", ".join(str(po_path(x)) for x in LANGUAGES if x != SOURCE_LANGUAGE))
        return 0
    if command == "check":
        template = extract()
        found = [p for x in LANGUAGES if x != SOURCE_LANGUAGE for p in problems(x, template)]
        for line in found:
            print(line)
        print(f"{len(template)} messages; {len(found)} problems")
        return 1 if found else 0
    print("usage: python -m companion.i18n.tools extract|update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
