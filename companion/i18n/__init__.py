"""The companion in the players' language: English and German, the way open for more.

- ``message`` (standard library only; the games' engines use it): ``Msg``, a ``str`` in
  English that carries its msgid and parameters, and the markers ``msg``, ``nmsg``,
  ``term``, ``and_list``, ``or_list``.
- ``catalogues`` (Babel): the gettext catalogues in ``companion/locale/<lang>/LC_MESSAGES/
  companion.po``, compiled in memory when first used; ``render(message, lang)``.
- ``language``: the table's language (``--lang``, ``COMPANION_LANG``, the settings file
  ``STATE_DIR/table.toml``, the system locale) and a page's (``?lang=``, Accept-Language).
- ``numbers``: decimals in the language (``1,5 s``, ``25,7 g``).

How to mark, extract and translate: docs/i18n.md.
"""

from .message import Msg, and_list, clauses, lines, msg, nmsg, or_list, plain, reason_of, term

__all__ = [
    "Msg",
    "and_list",
    "clauses",
    "lines",
    "msg",
    "nmsg",
    "or_list",
    "plain",
    "reason_of",
    "term",
]
