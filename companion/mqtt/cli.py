"""``companion run``'s broker options: ``--mqtt URL``, ``--mqtt-config FILE``, ``--table``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .settings import MqttSettings, resolve


def add_mqtt_options(parser: argparse.ArgumentParser) -> None:
    """The options that point ``companion run`` at a club's broker (docs/mqtt.md)."""
    parser.add_argument(
        "--mqtt",
        metavar="URL",
        help="publish to the club's broker: mqtt://[user@]host[:port] or mqtts:// (TLS);"
        " the password and CA file come from the settings file (docs/mqtt.md)",
    )
    parser.add_argument(
        "--mqtt-config",
        metavar="FILE",
        help="broker settings (TOML, an [mqtt] table; default: STATE_DIR/mqtt.toml if it exists)",
    )
    parser.add_argument("--table", help="this table's name on the broker (default: the host name)")


def settings_for(args: argparse.Namespace, state_dir: Path) -> MqttSettings | None:
    """The broker settings the options and the settings file give; None: no broker.
    ``MqttSettingsError`` (a ``ValueError``) names what is wrong."""
    return resolve(
        args.mqtt,
        args.mqtt_config,
        default_file=Path(state_dir) / "mqtt.toml",
        table=args.table,
    )


def publisher_for_run(service: Any, settings: MqttSettings | None):
    """A started publisher for ``companion run`` (None without a broker). One that
    cannot even start (a CA file that is no certificate) is a notice on the dashboard:
    the table plays without the broker, never fails for it."""
    from .publisher import start_publisher

    try:
        return start_publisher(service, settings)
    except (OSError, ValueError) as e:  # ssl.SSLError is an OSError
        service.announce(f"club broker: cannot start publishing ({e}); the table plays on")
        return None
