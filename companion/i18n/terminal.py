"""Messages on the terminal for commands without ``--lang``: in the table's language
(``COMPANION_LANG``, ``STATE_DIR/table.toml``, the system locale; docs/i18n.md)."""

from __future__ import annotations

import argparse
from typing import Any

from .catalogues import SOURCE_LANGUAGE, render


def command_language(args: argparse.Namespace) -> str:
    """The table's language for this command (its ``--lang`` and ``--state-dir`` when it
    has them); English when the language is set wrongly (``companion doctor`` says so)."""
    from .. import settings
    from .language import LanguageError, table_language

    try:
        state_dir = settings.state_dir(getattr(args, "state_dir", None))
        return table_language(getattr(args, "lang", None), state_dir=state_dir)
    except (LanguageError, OSError, ValueError):
        return SOURCE_LANGUAGE


def say(args: argparse.Namespace, message: Any) -> str:
    """``message`` (a ``Msg``, or a plain string kept as it is) in the command's language."""
    return render(message, command_language(args))
