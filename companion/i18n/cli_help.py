"""Every command's ``--help`` and argparse's own words in the table's language.

argparse says its own words (``usage:``, ``options``, ``the following arguments are
required``) through ``gettext`` under the module names ``argparse._`` and
``argparse.ngettext``; ``bind_argparse(lang)`` points them at our catalogue, whose
``ARGPARSE_WORDS`` below mark those msgids exactly as argparse writes them (a test
checks them against the running Python's argparse). Our own ``help=``,
``description=`` and ``epilog=`` texts are extracted from the calls that take them
(``companion.i18n.tools``) and said by ``Formatter`` when the help is printed.

The language is chosen before the command line is parsed, since ``--help`` prints
while parsing: ``help_language(argv)`` reads ``--lang`` wherever it stands, else
``COMPANION_LANG``, ``STATE_DIR/table.toml`` and the system locale (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
from collections.abc import Iterator, Sequence
from typing import Any

from .catalogues import SOURCE_LANGUAGE, render, translations
from .message import Msg, msg, nmsg

#: argparse's words a person reads (usage, headings, parse errors), its msgids as
#: Python 3.11 writes them; the programmer's errors (a conflicting option) stay English.
ARGPARSE_WORDS = (
    msg("usage: "),
    msg("positional arguments"),
    msg("options"),
    msg("show this help message and exit"),
    msg("%(prog)s: error: %(message)s\n"),
    msg("argument %(argument_name)s: %(message)s"),
    msg("unknown parser %(parser_name)r (choices: %(choices)s)"),
    msg("can't open '%(filename)s': %(error)s"),
    msg("unrecognized arguments: %s"),
    msg("not allowed with argument %s"),
    msg("ignored explicit argument %r"),
    msg("the following arguments are required: %s"),
    msg("one of the arguments %s is required"),
    msg("expected one argument"),
    msg("expected at most one argument"),
    msg("expected at least one argument"),
    nmsg("expected %s argument", "expected %s arguments", 2),
    msg("ambiguous option: %(option)s could match %(matches)s"),
    msg("unexpected option string: %s"),
    msg("invalid %(type)s value: %(value)r"),
    msg("invalid choice: %(value)r (choose from %(choices)s)"),
)

_PLAIN_GETTEXT, _PLAIN_NGETTEXT = gettext.gettext, gettext.ngettext


def bind_argparse(lang: str) -> None:
    """argparse's own words in ``lang`` from now on (English: argparse's as they are)."""
    if lang == SOURCE_LANGUAGE:
        argparse._ = _PLAIN_GETTEXT  # type: ignore[attr-defined]
        argparse.ngettext = _PLAIN_NGETTEXT  # type: ignore[attr-defined]
    else:
        tr = translations(lang)
        argparse._ = tr.gettext  # type: ignore[attr-defined]
        argparse.ngettext = tr.ngettext  # type: ignore[attr-defined]


@contextlib.contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words in ``lang`` while parsing; as they were afterwards (a test or
    a program that builds a parser of its own gets argparse's English)."""
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    bind_argparse(lang)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]


def say_help(text: Any, lang: str) -> Any:
    """A help text in ``lang``: a ``Msg`` rendered, a plain text looked up in the
    catalogue (it is its own msgid), ``None``, ``SUPPRESS`` and "" as they are."""
    if isinstance(text, Msg):
        return render(text, lang)
    if not isinstance(text, str) or not text or text == argparse.SUPPRESS:
        return text
    if lang == SOURCE_LANGUAGE:
        return text
    return translations(lang).gettext(text)


def formatter_for(lang: str) -> type[argparse.HelpFormatter]:
    """A help formatter that says our help texts in ``lang``."""

    class Formatter(argparse.HelpFormatter):
        def _get_help_string(self, action: argparse.Action) -> str | None:
            return say_help(action.help, lang)

        def add_text(self, text: str | None) -> None:
            super().add_text(say_help(text, lang))

        def start_section(self, heading: str | None) -> None:
            super().start_section(say_help(heading, lang))

    return Formatter


def parser_class(lang: str) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` whose help (and every sub-command's: argparse makes them of
    the same class) is in ``lang``."""
    formatter = formatter_for(lang)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", formatter)
            super().__init__(*args, **kwargs)

    return Parser


class _Unparsable(Exception):
    pass


class _QuietParser(argparse.ArgumentParser):
    def error(self, message: str):  # a bad --lang is the command's to report
        raise _Unparsable(message)


def help_language(argv: Sequence[str]) -> str:
    """The language of the help and of argparse's errors for ``argv``: its ``--lang``
    (anywhere), else the table's (``--state-dir``'s ``table.toml`` too); English for a
    language the companion does not speak (the command itself then says so)."""
    from .. import settings
    from .language import LanguageError, table_language

    pre = _QuietParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--lang")
    pre.add_argument("--state-dir")
    try:
        known, _ = pre.parse_known_args(list(argv))
        state_dir = settings.state_dir(known.state_dir)
        return table_language(known.lang, state_dir=state_dir)
    except (_Unparsable, LanguageError, OSError, ValueError):
        return SOURCE_LANGUAGE


__all__ = [
    "ARGPARSE_WORDS",
    "argparse_in",
    "bind_argparse",
    "formatter_for",
    "help_language",
    "parser_class",
]
