"""Where the club's broker is, and what this table is called there.

From ``--mqtt URL`` (``mqtt://[user@]host[:port]`` or ``mqtts://...`` for TLS; never a
password: a command line shows in the process list) and from a TOML settings file with
an ``[mqtt]`` table (``docs/mqtt.md``): ``host``, ``port``, ``tls``, ``ca_file``,
``username``, ``password``, ``table``, ``prefix``, ``keepalive_s``. The URL overrides
what the file says. Unknown keys and wrong types are errors that name the key and what
is allowed, so typos surface.
"""

from __future__ import annotations

import os
import re
import socket
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from ..errors import CompanionError
from ..i18n.message import msg, reason_of

#: A table's or a prefix's name: safe in a topic (no ``/``, ``+``, ``#``), 1 to 64 characters.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
PLAIN_PORT, TLS_PORT = 1883, 8883


class MqttSettingsError(CompanionError, ValueError):
    """The broker settings are wrong: the message names the setting and what is allowed."""


@dataclass(frozen=True)
class MqttSettings:
    """One broker connection. ``port`` defaults to 1883 (8883 with ``tls``);
    ``keepalive_s``: seconds between pings, so the broker notices a table gone
    (its last will is sent after 1.5 times this). ``password`` is never shown in
    ``repr`` nor published."""

    host: str
    port: int = PLAIN_PORT
    tls: bool = False
    ca_file: str | None = None
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    table: str = field(default_factory=lambda: default_table_name())
    prefix: str = "companion"
    keepalive_s: int = 30

    def __post_init__(self) -> None:
        check(self)

    def address(self) -> str:
        """The broker's address as a URL, with the user but never the password."""
        scheme = "mqtts" if self.tls else "mqtt"
        user = f"{self.username}@" if self.username else ""
        return f"{scheme}://{user}{self.host}:{self.port}"

    def describe(self) -> str:
        """Where this connects, in words for the log (no password)."""
        return f"{self.address()} as table {self.table!r}"


def default_table_name() -> str:
    """The machine's host name, made safe for a topic (e.g. ``table-3``)."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", socket.gethostname().split(".")[0]).strip("-.")
    return name[:64] or "table"


def check(s: MqttSettings) -> None:
    """Raise :class:`MqttSettingsError` naming the first setting that is not allowed."""
    if not isinstance(s.host, str) or not s.host or any(c.isspace() for c in s.host):
        raise MqttSettingsError(msg("mqtt host: a host name or address, not {host!r}", host=s.host))
    if isinstance(s.port, bool) or not isinstance(s.port, int) or not 1 <= s.port <= 65535:
        raise MqttSettingsError(
            msg("mqtt port: a whole number from 1 to 65535, not {port!r}", port=s.port)
        )
    if not isinstance(s.tls, bool):
        raise MqttSettingsError(msg("mqtt tls: true or false, not {tls!r}", tls=s.tls))
    if s.ca_file is not None:
        if not isinstance(s.ca_file, str) or not Path(s.ca_file).is_file():
            raise MqttSettingsError(
                msg(
                    "mqtt ca_file: the CA certificate file (PEM) that signed the broker's"
                    " certificate; {file!r} is not a file",
                    file=s.ca_file,
                )
            )
        if not s.tls:
            raise MqttSettingsError(msg("mqtt ca_file is given but tls is off: set tls = true"))
    for key in ("username", "password"):
        value = getattr(s, key)
        if value is not None and (not isinstance(value, str) or not value):
            raise MqttSettingsError(msg("mqtt {key}: a non-empty text, or leave it out", key=key))
    if s.password is not None and s.username is None:
        raise MqttSettingsError(msg("mqtt password is given without a username"))
    for key in ("table", "prefix"):
        value = getattr(s, key)
        if not isinstance(value, str) or not NAME.fullmatch(value):
            raise MqttSettingsError(
                msg(
                    "mqtt {key}: 1 to 64 letters, digits, '-', '_' or '.', starting with a"
                    " letter or digit (it is part of every topic), not {value!r}",
                    key=key,
                    value=value,
                )
            )
    k = s.keepalive_s
    if isinstance(k, bool) or not isinstance(k, int) or not 5 <= k <= 600:
        raise MqttSettingsError(
            msg("mqtt keepalive_s: whole seconds from 5 to 600, not {k!r}", k=k)
        )


_KEYS = {f.name for f in fields(MqttSettings)}


def from_mapping(values: dict[str, Any], *, where: str) -> MqttSettings:
    """Settings from a mapping (the ``[mqtt]`` table of a file); ``where`` names it in errors."""
    unknown = sorted(set(values) - _KEYS)
    if unknown:
        raise MqttSettingsError(
            msg(
                "{where}: unknown mqtt setting(s) {unknown}; allowed: {allowed}",
                where=where,
                unknown=", ".join(unknown),
                allowed=", ".join(sorted(_KEYS)),
            )
        )
    if "host" not in values:
        raise MqttSettingsError(msg("{where}: the [mqtt] table needs a host", where=where))
    values = dict(values)
    if "port" not in values and values.get("tls") is True:
        values["port"] = TLS_PORT
    try:
        return MqttSettings(**values)
    except MqttSettingsError as e:
        raise MqttSettingsError(
            msg("{where}: {reason}", where=where, reason=reason_of(e))
        ) from None


def load_file(path: str | os.PathLike[str]) -> MqttSettings:
    """The ``[mqtt]`` table of the TOML file at ``path``."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise MqttSettingsError(
            msg(
                "mqtt settings {path}: cannot read it ({why})",
                path=str(p),
                why=e.strerror or str(e),
            )
        ) from e
    except tomllib.TOMLDecodeError as e:
        raise MqttSettingsError(
            msg("mqtt settings {path}: not valid TOML ({e})", path=str(p), e=str(e))
        ) from e
    section = data.get("mqtt")
    if not isinstance(section, dict):
        raise MqttSettingsError(
            msg("mqtt settings {path}: needs an [mqtt] table (docs/mqtt.md)", path=str(p))
        )
    return from_mapping(section, where=msg("mqtt settings {path}", path=str(p)))


def parse_url(url: str, *, base: MqttSettings | None = None) -> MqttSettings:
    """Settings from ``mqtt://[user@]host[:port]`` or ``mqtts://``, over ``base`` (the
    settings file, for the password, the CA file and the table's name)."""
    parts = urlsplit(url)
    if parts.scheme not in ("mqtt", "mqtts"):
        raise MqttSettingsError(
            msg(
                "--mqtt {url!r}: the URL starts with mqtt:// or mqtts:// (TLS), e.g."
                " mqtt://club.lan or mqtts://table-3@club.lan:8883",
                url=url,
            )
        )
    if parts.password is not None:
        raise MqttSettingsError(
            msg(
                "--mqtt: no password in the URL (the command line shows in the process list);"
                ' put it in the settings file as password = "..." (docs/mqtt.md)'
            )
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise MqttSettingsError(msg("--mqtt {url!r}: only mqtt[s]://[user@]host[:port]", url=url))
    try:
        port = parts.port
    except ValueError as e:
        raise MqttSettingsError(
            msg("--mqtt {url!r}: the port is a number from 1 to 65535", url=url)
        ) from e
    tls = parts.scheme == "mqtts"
    values: dict[str, Any] = {
        "host": parts.hostname or "",
        "port": port or (TLS_PORT if tls else PLAIN_PORT),
        "tls": tls,
    }
    if parts.username:
        values["username"] = unquote(parts.username)
    if base is not None:
        values = {
            **{f.name: getattr(base, f.name) for f in fields(base)},
            **values,
        }
        if not tls:
            values["ca_file"] = None
        if "username" in values and parts.username and parts.username != base.username:
            values["password"] = base.password if base.username == values["username"] else None
    try:
        return MqttSettings(**values)
    except MqttSettingsError as e:
        raise MqttSettingsError(
            msg("--mqtt {url!r}: {reason}", url=url, reason=reason_of(e))
        ) from None


def resolve(
    url: str | None,
    config: str | os.PathLike[str] | None,
    *,
    default_file: Path | None = None,
    table: str | None = None,
) -> MqttSettings | None:
    """The broker settings for ``companion run`` or ``companion club``: ``config`` (a
    file that must exist), else ``default_file`` if it exists; ``url`` over it; ``table``
    over both. None when no broker is configured at all (the table plays alone)."""
    base = None
    if config is not None:
        base = load_file(config)
    elif default_file is not None and default_file.is_file():
        base = load_file(default_file)
    settings = parse_url(url, base=base) if url else base
    if settings is not None and table is not None:
        try:
            settings = replace(settings, table=table)
        except MqttSettingsError as e:
            raise MqttSettingsError(msg("--table: {reason}", reason=reason_of(e))) from None
    return settings
