"""No English left unmarked on the pages: every string literal in ``web/static/*.js``
that a player would read goes through ``t()``, ``tn()`` or ``N_()`` (docs/i18n.md).

The scripts are read with Babel's JavaScript lexer (the one its extractor uses). A string
is a player's text when it is put where text goes (``textContent``/``title``/
``innerHTML =``, a ``title:``/``aria-label:``/``placeholder:``/``text:`` attribute, a
child of ``el()``/``svg()``, an argument of ``append``, ``confirm``, ``alert``,
``showError``...) and has letters, or anywhere when it reads like words ("two words",
"Capitalised"), except where it cannot be text (a class, a style, a selector, an event,
an address, a storage key). What is not text although it looks so is listed in ALLOWED
with the reason.
"""

from __future__ import annotations

import re
import warnings
from html.parser import HTMLParser
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web" / "static"
MARKERS = {"t", "tn", "pt", "N_"}
#: calls whose arguments (from the given index) are shown to the player
TEXT_CALLS = {
    "el": 2, "svg": 2, "append": 0, "prepend": 0, "replaceChildren": 0, "confirm": 0,
    "alert": 0, "showError": 0, "showAwaiting": 0, "Error": 0, "field": 0, "down": 0,
}  # fmt: skip
#: object keys and properties whose value is shown to the player
TEXT_KEYS = {
    "title",
    "aria-label",
    "placeholder",
    "text",
    "label",
    "help",
    "textContent",
    "innerHTML",
}
#: calls and keys whose strings are never text
NOT_TEXT_CALLS = {
    "querySelector", "querySelectorAll", "getElementById", "$", "addEventListener", "fetch",
    "post", "getItem", "setItem", "removeItem", "createElement", "createElementNS", "startsWith",
    "classList", "toggle", "add", "remove", "contains", "setProperty", "getPropertyValue", "request",
    "matchAll", "replace", "split", "join", "EventSource", "setAttribute", "hasAttribute", "getAttribute",
    "includes", "select_option", "Audio", "RegExp", "get",
}  # fmt: skip
NOT_TEXT_KEYS = {"class", "className", "style", "d", "points", "transform", "viewBox", "method",
                 "headers", "fill", "stroke", "type", "cache", "name", "value", "id", "href", "role",
                 "cls"}  # fmt: skip
#: two words with a space between, or one Capitalised word
PROSE = re.compile(r"[A-Za-z]{2,}'?[a-z]*[,.:;?!]*\s+\(?[A-Za-z]{2,}|^[A-Z][a-z]{2,}\b")
COMPARE = {"===", "!==", "==", "!="}  # Babel's lexer gives "===" as "==", "="
#: words that are the same in every language
TECHNICAL = {"use strict", "HTTP"}
LETTERS = re.compile(r"[A-Za-z]{2,}")
#: (file, literal): why it is no text for a player
ALLOWED = {
    ("app.js", "Content-Type"): "an HTTP header",
    ("club.js", "Hinkel & Stein"): "a game's name (the same in every language)",
    ("club.js", "Stein im Brett"): "a game's name",
    ("club.js", "Heuchel & Meuchel"): "a game's name",
    ("club.js", "Stein auf Stein"): "a game's name",
    ("club.js", "HiLo"): "a game's name",
    ("hinkel-stein.js", "Hinkel & Stein"): "a game's name",
    ("stein-im-brett.js", "Stein im Brett"): "a game's name",
    ("heuchel-meuchel.js", "Heuchel & Meuchel"): "a game's name",
    ("stein-auf-stein.js", "Stein auf Stein"): "a game's name",
    ("hilo.js", "HiLo"): "a game's name",
    ("hinkel-stein.js", "F"): "the Stone of Fate's mark on the drawing",
    ("heuchel-meuchel.js", "big choice ask"): "CSS classes, choiceButton's second argument",
    ("hinkel-stein.js", "linear-gradient(to right,  )"): "a CSS gradient",
    ("hilo.js", "Dra"): "a card's short label (its id's letters)",
    ("hilo.js", "Uni"): "a card's short label",
    ("hilo.js", "Wolf"): "a card's short label",
    ("hilo.js", "Mag"): "a card's short label",
    ("hilo.js", "Phx"): "a card's short label",
    ("recording.js", "Record this session"): "the msgid kept for a language switch (t() beside it)",
}


def _tokens(source: str):
    from babel.messages.jslexer import tokenize

    with warnings.catch_warnings():  # Babel calls its lexer an implementation detail
        warnings.simplefilter("ignore", DeprecationWarning)
        return [
            tok
            for tok in tokenize(source, jsx=False, template_string=True)
            if tok.type not in ("linecomment", "multilinecomment")
        ]


def _template_parts(value: str) -> tuple[str, list[str]]:
    """A template string's own text (``${...}`` left out) and its expressions."""
    text, exprs, i, body = [], [], 0, value[1:-1]
    while i < len(body):
        if body.startswith("${", i):
            depth, j = 1, i + 2
            while j < len(body) and depth:
                depth += {"{": 1, "}": -1}.get(body[j], 0)
                j += 1
            exprs.append(body[i + 2 : j - 1])
            text.append(" ")
            i = j
        else:
            text.append(body[i])
            i += 1
    return "".join(text), exprs


def unmarked(source: str) -> list[tuple[int, str]]:
    """The player's texts in ``source`` that no marker wraps: (line, text)."""
    toks = _tokens(source)
    found: list[tuple[int, str]] = []
    stack: list[list] = []  # openers: [char, callee or key, argument index]
    for i, tok in enumerate(toks):
        prev = toks[i - 1] if i else None
        if tok.type == "operator" and tok.value in "([{":
            callee = (
                prev.value.rsplit(".", 1)[-1] if prev is not None and prev.type == "name" else None
            )
            if tok.value == "[":  # a subscript (devices["load cells"]) or an array
                sub = prev is not None and (prev.type == "name" or prev.value in (")", "]"))
                callee = "[]" if sub else None
            stack.append([tok.value, callee if tok.value != "{" else None, 0])
            continue
        if tok.type == "operator" and tok.value in ")]}":
            if stack:
                stack.pop()
            continue
        if tok.type == "operator" and tok.value == "," and stack:
            stack[-1][2] += 1
            continue
        if tok.type not in ("string", "template_string"):
            continue
        if tok.type == "string":
            text, exprs = tok.value[1:-1].replace("\\'", "'").replace('\\"', '"'), []
        else:
            text, exprs = _template_parts(tok.value)
        for expr in exprs:
            found += [(tok.lineno + n - 1, s) for n, s in unmarked(expr)]
        # the key or property this string is the value of: `title: "x"`, `.title = "x"`
        key = None
        if prev is not None and prev.value in (":", "=") and i >= 2:
            key = toks[i - 2].value.strip("\"'").rsplit(".", 1)[-1]
        after = toks[i + 1].value if i + 1 < len(toks) else ""
        before = "".join(x.value for x in toks[max(0, i - 2) : i])
        compared = after in COMPARE or before.endswith(("==", "!=")) or before in ("==", "!=")
        if text.strip() in TECHNICAL or compared:
            continue  # a comparison with a record's word, not a text shown
        inner = stack[-1] if stack else None
        callee = inner[1] if inner and inner[0] == "(" else None
        if callee in MARKERS or key in NOT_TEXT_KEYS or callee in NOT_TEXT_CALLS:
            continue
        if inner and inner[0] == "{" and after == ":":
            continue  # an object's key
        if inner and inner[1] == "[]":
            continue  # a subscript: devices["load cells"]
        shown = key in TEXT_KEYS or (callee in TEXT_CALLS and inner[2] >= TEXT_CALLS[callee])
        if (shown and LETTERS.search(text)) or PROSE.search(text.strip()):
            found.append((tok.lineno, text.strip()))
    return found


def test_the_scan_finds_unmarked_text_and_passes_marked_text():
    source = """
      box.append(el("div", { class: "choice-group big" }, "Waiting for the scale"));
      $("x").textContent = cond ? t("Undo") : "Lock";
      node.title = `${n} cards in the stack`;
      el("button", { title: t("tap: another picture"), "aria-label": "the die" }, t("Undo"));
      const GROUPS = { condition: N_("Victory condition"), offer: "Partnership" };
      el("span", {}, `: ${DEVICE_WORDS[d.state] ? t(DEVICE_WORDS[d.state]) : "broken down"}`);
      document.querySelector("input[name=new-game]:checked");
      fetch("/api/session", { method: "POST", headers: { "Content-Type": "application/json" } });
    """
    assert [text for _, text in unmarked(source)] == [
        "Waiting for the scale", "Lock", "cards in the stack", "the die", "Partnership",
        "broken down",
    ]  # fmt: skip


@pytest.mark.parametrize("path", sorted(WEB.glob("*.js")), ids=lambda p: p.name)
def test_no_page_text_is_left_unmarked(path):
    left = [
        f"{path.name}:{line}: {text!r}"
        for line, text in unmarked(path.read_text(encoding="utf-8"))
        if (path.name, text) not in ALLOWED
    ]
    assert left == [], "English a player reads, not marked with t()/tn()/N_() (docs/i18n.md)"


# ---- the templates ----------------------------------------------------------------------

TEMPLATES = WEB.parent / "templates"
#: template texts that are the same in every language
SAME_IN_EVERY_LANGUAGE = {
    "Table Companion", "Hinkel & Stein", "Stein im Brett", "Heuchel & Meuchel", "Stein auf Stein",
    "HiLo", "Heuchel & Meuchel:", "Sterntaler", "CSV", "JSON", "0 mm",
}  # fmt: skip
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder")


class _Unmarked(HTMLParser):
    """Text outside a data-t element, and shown attributes data-t-attrs does not name."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.open: list[tuple[str, bool]] = []  # (tag, whether its text is marked or no text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        marked = "data-t" in a or tag in ("style", "script")
        named = (a.get("data-t-attrs") or "").split()
        for name in SHOWN_ATTRIBUTES:
            if LETTERS.search(a.get(name) or "") and name not in named:
                self.found.append((self.getpos()[0], f"{name}={a[name]!r}"))
        if tag not in ("input", "meta", "link", "br", "img"):
            self.open.append((tag, marked or any(m for _, m in self.open)))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        text = " ".join(data.split())
        inside = any(m for _, m in self.open)
        if text and not inside and LETTERS.search(text) and text not in SAME_IN_EVERY_LANGUAGE:
            self.found.append((self.getpos()[0], text))


def unmarked_html(source: str) -> list[tuple[int, str]]:
    parser = _Unmarked()
    parser.feed(source)
    return parser.found


def test_the_template_scan_finds_unmarked_text_and_attributes():
    source = """<h2 data-t>Scale</h2><p>Start a game <b>now</b></p>
      <input placeholder="8 digits" aria-label="table PIN" data-t-attrs="aria-label">
      <style>.a { color: red }</style><div class="brand">Table Companion</div>
      <title>Club night</title>"""
    assert [text for _, text in unmarked_html(source)] == [
        "Start a game", "now", "placeholder='8 digits'", "Club night"
    ]  # fmt: skip


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.html")), ids=lambda p: p.name)
def test_no_template_text_is_left_unmarked(path):
    left = [f"{path.name}:{n}: {text}" for n, text in unmarked_html(path.read_text("utf-8"))]
    assert left == [], "English a player reads, without data-t / data-t-attrs (docs/i18n.md)"
