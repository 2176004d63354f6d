"""Messages that are English strings and know how to say themselves in another language.

``Msg`` is a ``str`` whose value is the English sentence, so code and tests that compare
or print reasons keep working, and it carries what a translation needs: its msgid, the
plural and its count, a context, and its parameters (which may be messages themselves).
``render(translations)`` says it in the language of any ``gettext.NullTranslations``-like
object (``gettext``, ``ngettext``, ``pgettext``), with numbers formatted by an optional
``number_format(value, spec)``. Pure standard library: the games' engines use it.

Marking, for ``pybabel extract`` (keywords in ``babel.cfg``)::

    msg("{who} must first stake", who=name)                      # msgid
    nmsg("{n} disc", "{n} discs", n, n=n)                         # msgid, plural, count
    term("condition", "heavier")                                  # context, msgid: a word
    and_list(["Ada", "Ben"]), or_list([...])                      # "Ada and Ben"

Only what is marked with these is extracted: never pass a variable as the msgid.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

NumberFormat = Callable[[Any, str], str]


class Translations(Protocol):
    """What ``render`` needs of a catalogue (``gettext.NullTranslations`` has it)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


class _Formatter(string.Formatter):
    """``str.format`` with numbers formatted by ``number_format`` (the language's
    decimal separator) and parameters that are messages rendered first."""

    def __init__(self, number_format: NumberFormat | None) -> None:
        self.number_format = number_format

    def format_field(self, value: Any, format_spec: str) -> str:
        if (
            self.number_format is not None
            and isinstance(value, int | float)
            and not isinstance(value, bool)
        ):
            return self.number_format(value, format_spec)
        return format(value, format_spec)


class Msg(str):
    """A sentence for a person: the English text as a ``str``, and what it is made of.

    Build it with ``msg``, ``nmsg``, ``term``, ``and_list`` or ``or_list``, never
    directly. Two messages are equal when their English is (they are strings).
    """

    msgid: str
    plural: str | None
    count: int | None
    context: str | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> Msg:
        params = dict(params or {})
        pattern = msgid if plural is None or count == 1 else plural
        self = super().__new__(cls, pattern.format_map(params) if params else pattern)
        self.msgid, self.plural, self.count = msgid, plural, count
        self.context, self.params = context, params
        return self

    def render(
        self, translations: Translations | None, number_format: NumberFormat | None = None
    ) -> str:
        """This message in the language of ``translations`` (None: English as written)."""
        if translations is None and number_format is None:
            return str(self)
        pattern = self._pattern(translations)
        if not self.params:
            return pattern
        params = {k: _render(v, translations, number_format) for k, v in self.params.items()}
        return _Formatter(number_format).vformat(pattern, (), params)

    def _pattern(self, tr: Translations | None) -> str:
        if tr is None:
            return self.msgid if self.plural is None or self.count == 1 else self.plural
        if self.plural is not None:
            assert self.count is not None
            return tr.ngettext(self.msgid, self.plural, self.count)
        if self.context is not None:
            return tr.pgettext(self.context, self.msgid)
        return tr.gettext(self.msgid)

    def parts(self) -> Iterable[Msg]:
        """This message and every message in its parameters, depth first."""
        yield self
        for v in self.params.values():
            if isinstance(v, Msg):
                yield from v.parts()

    def __reduce__(self):  # pickle/copy keep the structure
        return (_rebuild, (self.msgid, self.params, self.plural, self.count, self.context))


def _rebuild(msgid, params, plural, count, context) -> Msg:
    return Msg(msgid, params, plural=plural, count=count, context=context)


def _render(value: Any, tr: Translations | None, number_format: NumberFormat | None) -> Any:
    if isinstance(value, Msg):
        return value.render(tr, number_format)
    return value


class ListMsg(Msg):
    """Items joined as ``a, b and c`` (or ``or``): each item may be a message."""

    items: tuple[Any, ...]

    def render(
        self, translations: Translations | None, number_format: NumberFormat | None = None
    ) -> str:
        items = [str(_render(i, translations, number_format)) for i in self.items]
        if len(items) <= 1:
            return "".join(items)
        head = Msg(_COMMA, context="list").render(translations).join(items[:-1])
        return Msg(self.msgid, {"head": head, "last": items[-1]}, context="list").render(
            translations
        )

    def parts(self) -> Iterable[Msg]:
        yield self
        for v in self.items:
            if isinstance(v, Msg):
                yield from v.parts()

    def __reduce__(self):
        return (_list_msg, (self.items, self.msgid))


def msg(msgid: str, /, **params: Any) -> Msg:
    """A sentence: ``msgid`` is its English, ``{name}`` fields filled from ``params``."""
    return Msg(msgid, params)


def nmsg(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A sentence whose words follow the count ``n`` ("1 disc", "2 discs")."""
    return Msg(singular, params, plural=plural, count=n)


def term(context: str, word: str, /) -> Msg:
    """A word of the game said in a sentence (a side, a kind, a colour): ``context`` tells
    translators where it stands, since one English word may want two German ones."""
    return Msg(word, context=context)


def _list_msg(items: Iterable[Any], msgid: str) -> ListMsg:
    items = tuple(items)
    english = [str(i) for i in items]
    if len(english) <= 1:
        text = "".join(english)
    else:
        text = msgid.format(head=", ".join(english[:-1]), last=english[-1])
    self = str.__new__(ListMsg, text)
    self.msgid, self.plural, self.count, self.context = msgid, None, None, "list"
    self.params, self.items = {}, items
    return self


def and_list(items: Iterable[Any]) -> ListMsg:
    """``a, b and c`` (``a`` alone, nothing for no item)."""
    return _list_msg(items, _AND)


def or_list(items: Iterable[Any]) -> ListMsg:
    """``a, b or c``."""
    return _list_msg(items, _OR)


# The list patterns, marked here so that extraction finds them.
_AND = term("list", "{head} and {last}").msgid
_OR = term("list", "{head} or {last}").msgid
_COMMA = term("list", ", ").msgid
_SEMICOLON = term("list", "; ").msgid


class JoinedMsg(Msg):
    """Parts joined with a separator: clauses with ``; `` and the first letter upper
    case ("Take P1 off L2 and give it back to Ana; discs back to: ..."), or lines."""

    items: tuple[Any, ...]
    upper: bool

    def render(
        self, translations: Translations | None, number_format: NumberFormat | None = None
    ) -> str:
        sep = Msg(self.msgid, context="list").render(translations) if self.context else "\n"
        text = sep.join(str(_render(i, translations, number_format)) for i in self.items)
        return text[:1].upper() + text[1:] if self.upper else text

    def parts(self) -> Iterable[Msg]:
        yield self
        for v in self.items:
            if isinstance(v, Msg):
                yield from v.parts()

    def __reduce__(self):
        return (_joined, (self.items, self.upper))


def _joined(items: Iterable[Any], upper: bool) -> JoinedMsg:
    items = tuple(items)
    sep = "; " if upper else "\n"
    text = sep.join(str(i) for i in items)
    self = str.__new__(JoinedMsg, text[:1].upper() + text[1:] if upper else text)
    self.msgid, self.plural, self.count = _SEMICOLON if upper else "\n", None, None
    self.context = "list" if upper else None
    self.params, self.items, self.upper = {}, items, upper
    return self


def clauses(items: Iterable[Any]) -> JoinedMsg:
    """``items`` (messages or text) joined with ``; ``, the first letter upper case."""
    return _joined(items, True)


def lines(items: Iterable[Any]) -> JoinedMsg:
    """``items`` (messages or text) one a line, for a summary printed on a terminal."""
    return _joined(items, False)


class GridMsg(JoinedMsg):
    """A picture of rows on a terminal (a HiLo board): each row a label and cells, padded
    to columns after each cell is said in the language, so that a longer German word
    keeps the columns straight. Its lines: two spaces, the label padded to the longest
    label, two spaces, the cells each padded to the longest cell, joined by two spaces."""

    def render(
        self, translations: Translations | None, number_format: NumberFormat | None = None
    ) -> str:
        said = [[str(_render(c, translations, number_format)) for c in row] for row in self.items]
        return _grid_text(said)

    def parts(self) -> Iterable[Msg]:
        yield self
        for row in self.items:
            for v in row:
                if isinstance(v, Msg):
                    yield from v.parts()

    def __reduce__(self):
        return (grid, (self.items,))


def _grid_text(rows: list[list[str]]) -> str:
    if not rows:
        return ""
    w0 = max(len(r[0]) for r in rows)
    w = max((len(c) for r in rows for c in r[1:]), default=0)
    return "\n".join(
        f"  {r[0]:<{w0}}  " + "  ".join(f"{c:<{w}}" for c in r[1:]).rstrip() for r in rows
    )


def grid(rows: Iterable[Iterable[Any]]) -> GridMsg:
    """``rows`` (each a label, then cells: messages or text) as a padded picture."""
    items = tuple(tuple(r) for r in rows)
    self = str.__new__(GridMsg, _grid_text([[str(c) for c in r] for r in items]))
    self.msgid, self.plural, self.count, self.context = "\n", None, None, None
    self.params, self.items, self.upper = {}, items, False
    return self


def reason_of(error: BaseException) -> Any:
    """The message an error was raised with: the marked ``Msg`` itself when there is one
    (``str(error)`` keeps only its English)."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


def commas(items: Iterable[Any]) -> Msg | str:
    """``a, b, c``: messages or text joined with commas ("" for none)."""
    return _chain(items, "comma")


def semicolons(items: Iterable[Any]) -> Msg | str:
    """``a; b; c``: messages or text joined with semicolons ("" for none)."""
    return _chain(items, "semicolon")


def _chain(items: Iterable[Any], sign: str) -> Msg | str:
    out: Msg | str | None = None
    for item in items:
        if out is None:
            out = item
        elif sign == "comma":
            out = msg("{head}, {last}", head=out, last=item)
        else:
            out = msg("{head}; {last}", head=out, last=item)
    return "" if out is None else out


def plain(value: Any) -> Any:
    """``value`` as a plain ``str`` if it is a message (for JSON and records)."""
    return str(value) if isinstance(value, Msg) else value


__all__ = [
    "GridMsg",
    "JoinedMsg",
    "ListMsg",
    "Msg",
    "Translations",
    "and_list",
    "clauses",
    "commas",
    "grid",
    "lines",
    "msg",
    "nmsg",
    "or_list",
    "plain",
    "reason_of",
    "semicolons",
    "term",
]
