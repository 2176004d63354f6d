"""Catalogue upkeep with Babel: extract the marked messages, update and check the ``.po``.

``python -m companion.i18n.tools extract|update|check`` (``make i18n-extract``,
``make i18n-update``, ``make i18n-check``):

- ``extract`` writes ``companion/locale/companion.pot``, every message marked in
  ``companion/`` with ``msg``, ``nmsg``, ``term`` (``companion.i18n.message``), and
  ``companion/locale/pages.pot``, every text of the dashboard's pages: ``t``, ``tn`` and
  ``N_`` in ``web/static/*.js`` (Babel's own JavaScript extractor) and the ``data-t``
  elements and ``data-t-attrs`` attributes of ``web/templates/*.html``;
- ``update`` merges it into each language's ``.po``: new messages come in untranslated,
  gone ones are dropped (the file keeps them as obsolete ``#~`` lines for reuse);
- ``check`` lists every problem: a message without a translation (or only a fuzzy
  one), a catalogue entry no code uses, a translation whose ``{fields}`` differ.
"""

from __future__ import annotations

import ast
import string
import sys
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_javascript
from babel.messages.pofile import read_po, write_po

from .catalogues import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, po_path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: The markers of ``companion.i18n.message``, as Babel's keyword specs.
KEYWORDS = {"msg": (1,), "nmsg": (1, 2), "term": ((1, "c"), 2)}
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"

#: The gettext domain of the dashboard's pages: its own catalogue, sent to the page whole.
PAGES_DOMAIN = "pages"
WEB_DIR = PACKAGE_DIR.parent / "web"
#: The pages' markers in JavaScript: ``t(text, {fields})``, ``tn(one, other, n, {fields})``,
#: ``pt(context, text)`` and ``N_(text)`` (marked only: a table of words translated where
#: it is shown).
PAGE_KEYWORDS = {"t": (1,), "tn": (1, 2), "pt": ((1, "c"), 2), "N_": (1,)}


#: The command line's texts: argparse calls and their keywords that hold a text a person
#: reads in ``--help`` (``companion.i18n.cli_help`` says them in the table's language).
HELP_CALLS = frozenset(
    {"ArgumentParser", "add_argument", "add_parser", "add_subparsers", "add_argument_group",
     "add_mutually_exclusive_group"}
)  # fmt: skip
HELP_KEYWORDS = frozenset({"help", "description", "epilog", "title"})


def extract_python_ast(fileobj, keywords, comment_tags, options):
    """Babel extraction method over Python's own syntax tree: every call of a keyword,
    nested ones included (Babel's ``python`` method skips a marker inside another's
    arguments: ``msg("{a}", a=msg("b"))``), and the literal ``help=``, ``description=``,
    ``epilog=`` and ``title=`` texts of argparse's calls (``HELP_CALLS``). Yields
    ``(line, name, messages, comments)``."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in HELP_CALLS:
            for kw in node.keywords:
                text = kw.value.value if isinstance(kw.value, ast.Constant) else None
                if kw.arg in HELP_KEYWORDS and isinstance(text, str) and text:
                    yield node.lineno, "msg", (text,), []
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


class _MarkedHTML(HTMLParser):
    """The texts of a template: an element with ``data-t`` (its text, which has no child
    elements, spaces collapsed) and the attributes named in ``data-t-attrs``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: tuple[str, int, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        line = self.getpos()[0]
        if self._open is not None:
            raise ValueError(
                f"line {line}: <{tag}> inside a data-t element; give it its own data-t"
            )
        for name in (a.get("data-t-attrs") or "").split():
            if a.get(name):
                self.found.append((line, a[name]))
        if "data-t" in a:
            self._open = (tag, line, [])

    def handle_data(self, data):
        if self._open is not None:
            self._open[2].append(data)

    def handle_endtag(self, tag):
        if self._open is not None and tag == self._open[0]:
            text = " ".join("".join(self._open[2]).split())
            if text:
                self.found.append((self._open[1], text))
            self._open = None


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel extraction method for the page templates (``_MarkedHTML``)."""
    parser = _MarkedHTML()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    for line, text in parser.found:
        yield line, "t", text, []


def extract_pages() -> Catalog:
    """Every text of the pages (``web/static/*.js``, ``web/templates/*.html``)."""
    catalog = Catalog(domain=PAGES_DOMAIN, project="Table Companion", charset="utf-8")
    found = extract_from_dir(
        WEB_DIR,
        method_map=[("static/*.js", extract_javascript), ("templates/*.html", extract_html)],
        options_map={"static/*.js": {"jsx": False, "parse_template_string": True}},
        keywords=PAGE_KEYWORDS,
        comment_tags=("i18n:",),
    )
    for filename, lineno, message, comments, context in found:
        path = ("web/" + filename).replace("\\", "/")
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


#: Each domain: how its messages are found and where its catalogues lie.
EXTRACTORS = {DOMAIN: extract, PAGES_DOMAIN: extract_pages}


def domain_po_path(lang: str, domain: str = DOMAIN) -> Path:
    return po_path(lang) if domain == DOMAIN else LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(lang: str, domain: str = DOMAIN) -> Catalog:
    with domain_po_path(lang, domain).open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(lang: str, template: Catalog | None = None, domain: str = DOMAIN) -> list[str]:
    """What is wrong with ``lang``'s catalogue of ``domain`` against the code, one line each."""
    template = template if template is not None else EXTRACTORS[domain]()
    catalog = read_catalog(lang) if domain == DOMAIN else read_catalog(lang, domain)
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


def update(domain: str = DOMAIN) -> None:
    template = EXTRACTORS[domain]()
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = domain_po_path(lang, domain)
        catalog = (
            read_catalog(lang, domain) if path.exists() else Catalog(locale=lang, domain=domain)
        )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.project, catalog.version = "Table Companion", ""
        catalog.copyright_holder = "the Table Companion authors"
        catalog.last_translator = catalog.language_team = "Table Companion <translations>"
        catalog.msgid_bugs_address = ""
        with path.open("wb") as f:
            # file names without line numbers: an edit elsewhere in a module changes nothing
            write_po(f, catalog, width=100, include_previous=False, include_lineno=False)


def write_pot(template: Catalog, domain: str = DOMAIN) -> None:
    path = LOCALE_DIR / f"{domain}.pot"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, template, width=100, omit_header=False)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else ""
    others = [x for x in LANGUAGES if x != SOURCE_LANGUAGE]
    if command == "extract":
        for domain, find in EXTRACTORS.items():
            write_pot(find(), domain)
            print(f"wrote {LOCALE_DIR / f'{domain}.pot'}")
        return 0
    if command == "update":
        for domain in EXTRACTORS:
            update(domain)
            print("updated " + ", ".join(str(domain_po_path(x, domain)) for x in others))
        return 0
    if command == "check":
        bad = 0
        for domain, find in EXTRACTORS.items():
            template = find()
            found = [p for x in others for p in problems(x, template, domain)]
            for line in found:
                print(f"{domain}: {line}")
            print(f"{domain}: {len(template)} messages; {len(found)} problems")
            bad += len(found)
        return 1 if bad else 0
    print("usage: python -m companion.i18n.tools extract|update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
