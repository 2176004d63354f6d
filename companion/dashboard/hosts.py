"""Which ``Host`` the dashboard answers to: a guard against DNS rebinding.

A page on another site can make its own name resolve to the companion's address; the
browser then sends that name in ``Host``. The dashboard answers only to the names it is
reached by: ``localhost`` and the loopback addresses, the machine's hostname and
``<hostname>.local`` (mDNS), any address of this machine, and the names configured in
``COMPANION_HOSTS`` (``settings.extra_host_names``). Anything else is a JSON 421.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Iterable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def host_name(host_header: str) -> str:
    """The name in a ``Host`` header, without the port, lower case, no trailing dot
    (``[::1]:8000`` -> ``::1``)."""
    host = host_header.strip().lower()
    if host.startswith("["):  # an IPv6 literal, maybe with a port
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def is_local_address(name: str) -> bool:
    """``name`` is an IP address of this machine (binding to it succeeds; no packet)."""
    try:
        addr = ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    if addr.is_loopback:
        return True
    family = socket.AF_INET6 if addr.version == 6 else socket.AF_INET
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as s:
        s.bind((name, 0))
        return True
    return False


class AllowedHosts:
    """The names the dashboard answers to; ``extra`` from configuration (``*``: any)."""

    def __init__(self, extra: Iterable[str] = (), *, hostname: str | None = None) -> None:
        self.any = False
        names = set(LOOPBACK_NAMES)
        own = (hostname or socket.gethostname()).lower().rstrip(".")
        if own:
            short = own.split(".", 1)[0]
            names |= {own, short, f"{short}.local"}
        for name in extra:
            if name.strip() == "*":
                self.any = True
            elif name.strip():
                names.add(host_name(name))
        self.names = frozenset(names)

    def allows(self, host_header: str | None) -> bool:
        if self.any:
            return True
        if not host_header:
            return False
        name = host_name(host_header)
        return name in self.names or is_local_address(name)

    def describe(self) -> str:
        return ", ".join(sorted(self.names)) + ", and this machine's addresses"
