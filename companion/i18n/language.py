"""Which language the table speaks, and which one a page asked for.

The table's language, first that is set: ``companion run --lang``, the environment's
``COMPANION_LANG``, ``language = "de"`` in the settings file ``STATE_DIR/table.toml``,
the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. A page may
ask for its own with ``?lang=de`` or its browser's ``Accept-Language``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path

from babel import Locale, UnknownLocaleError

from .catalogues import LANGUAGES, SOURCE_LANGUAGE

SETTINGS_FILE = "table.toml"


class LanguageError(ValueError):
    """A language asked for that the companion does not speak, or a settings file that
    cannot be read: the message names it and what is allowed."""


def language_code(value: str) -> str | None:
    """The companion's language for a locale name (``de``, ``de_DE.UTF-8``, ``de-AT``),
    or None when it speaks none of it (``C``, ``POSIX``, ``fr``, nonsense)."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not code or code in ("C", "POSIX"):
        return None
    try:
        lang = Locale.parse(code).language
    except (UnknownLocaleError, ValueError):
        return None
    return lang if lang in LANGUAGES else None


def checked(value: str, where: str) -> str:
    """``value`` as one of ``LANGUAGES``, or ``LanguageError`` naming ``where`` it came from."""
    lang = language_code(value)
    if lang is None:
        raise LanguageError(f"{where}: the companion speaks {', '.join(LANGUAGES)}, not {value!r}")
    return lang


def settings_language(state_dir: Path | None) -> str | None:
    """``language`` from ``STATE_DIR/table.toml``; None when there is no such file or key."""
    if state_dir is None:
        return None
    path = Path(state_dir) / SETTINGS_FILE
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        return None
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise LanguageError(f"{path}: cannot read it: {e}") from e
    value = data.get("language")
    if value is None:
        return None
    if not isinstance(value, str):
        raise LanguageError(f"{path}: 'language' must be a string such as \"de\", not {value!r}")
    return checked(value, f"{path}: language")


def system_language(environ: Mapping[str, str]) -> str | None:
    """The language of the system locale, as POSIX picks it (``LC_ALL``, then
    ``LC_MESSAGES``, then ``LANG``); None when unset or one the companion does not speak."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return language_code(value)
    return None


def table_language(
    explicit: str | None = None,
    *,
    state_dir: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The table's language (module docstring for the order). ``LanguageError`` for a
    ``--lang``, ``COMPANION_LANG`` or settings value the companion does not speak."""
    env = os.environ if environ is None else environ
    if explicit:
        return checked(explicit, "--lang")
    if env.get("COMPANION_LANG"):
        return checked(env["COMPANION_LANG"], "COMPANION_LANG")
    return settings_language(state_dir) or system_language(env) or SOURCE_LANGUAGE


def page_language(asked: str | None, accept_language: list[tuple[str, float]], table: str) -> str:
    """The language of one page: ``?lang=`` if the companion speaks it, else the best of
    the browser's ``Accept-Language`` (pairs of value and quality), else the table's."""
    if asked:
        lang = language_code(asked)
        if lang is not None:
            return lang
    for value, quality in sorted(accept_language, key=lambda vq: -vq[1]):
        if quality <= 0:
            continue
        lang = language_code(value)
        if lang is not None:
            return lang
    return table
