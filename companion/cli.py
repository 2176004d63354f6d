"""The ``companion`` command: replay records, play a demo game, generate and export records.

Exit status: 0 success; 1 ``replay-session``: the replay differs from the journal;
2 bad usage or an unreadable file; 3 an illegal or malformed record line (``line N:
reason`` on stderr, or ``{"error", "line"}`` with ``--json``); 4 the dashboard cannot
listen where asked (the port in use); 5 a device asked for
(``--backend real``) is not there.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from .devices.backends import CHOICES as BACKEND_CHOICES
from .errors import CompanionError, DeviceError, reason
from .i18n import Msg, msg, reason_of
from .records import ReplayError, replay_path

EXIT_OK, EXIT_USAGE, EXIT_RECORD, EXIT_PORT, EXIT_DEVICE = 0, 2, 3, 4, 5
#: ``--lang``'s help, said in the table's language like every help text (cli_help.py).
LANG_HELP = msg(
    "the table's language, en or de (default: COMPANION_LANG, else language in"
    " STATE_DIR/table.toml, else the system locale; docs/i18n.md)"
)

#: Modules that add their own commands: each has ``register(commands, *, calibrate, doctor)``
#: taking the top-level subparsers and those of ``companion calibrate`` and ``companion doctor``.
COMMAND_MODULES = (
    "companion.demo_cli",
    "companion.scale_cli",
    "companion.vision_cli",
    "companion.doctor",
    "companion.blackbox.cli",
    "companion.club.cli",
    "companion.tables.stein_auf_stein.calibrate_blocks",
)


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _language(args: argparse.Namespace) -> str | None:
    """The language of this command's messages (docs/i18n.md); None, with the reason on
    stderr, for one the companion does not speak."""
    from . import settings
    from .i18n.language import LanguageError, table_language

    try:
        return table_language(args.lang, state_dir=settings.state_dir(args.state_dir))
    except LanguageError as e:
        print(f"companion {args.command}: {e}", file=sys.stderr)
        return None


def _say(args: argparse.Namespace, message) -> str:
    """``message`` in the table's language, for a command without ``--lang``."""
    from .i18n.terminal import say

    return say(args, message)


def cmd_replay(args: argparse.Namespace) -> int:
    lang = _language(args)
    if lang is None:
        return EXIT_USAGE
    try:
        result = replay_path(args.record)
    except ReplayError as e:
        if args.json:
            print(_dumps({"error": str(e.reason), "line": e.line}))
        else:
            from .i18n import msg
            from .i18n.catalogues import render

            line = msg("line {line}: {reason}", line=e.line, reason=e.reason)
            print(render(line, lang), file=sys.stderr)
        return EXIT_RECORD
    except (OSError, CompanionError) as e:
        print(f"companion replay: cannot read {args.record}: {reason(e)}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(_dumps(result.rules.to_json(result.state)))
    else:
        from .i18n.catalogues import render

        print(render(result.rules.to_text(result.state), lang))
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    from .games.hinkel_stein.random_player import random_game
    from .games.hinkel_stein.record import to_record

    lines = [_dumps(to_record(a)) for a in random_game(args.players, args.seed)]
    text = "\n".join(lines) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        from .i18n import nmsg

        wrote = nmsg("wrote a {players}-player game ({n} line) to {path}",
                     "wrote a {players}-player game ({n} lines) to {path}", len(lines),
                     players=args.players, n=len(lines), path=args.output)  # fmt: skip
        print(_say(args, wrote))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from . import journal

    try:
        with journal.Journal(args.journal, readonly=True) as j:
            if args.output in (None, "-"):
                j.export_jsonl(sys.stdout)
            else:
                j.export_jsonl(args.output)
    except (OSError, CompanionError) as e:
        why = reason_of(e) if isinstance(e, CompanionError) else reason(e)
        print(f"companion export: {_say(args, why)}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def _decks(folders: Sequence[str]) -> dict[str, object]:
    """The registered decks of ``--deck`` by the game each is for. ``ValueError`` names a
    folder that is no deck (or not one of a game the camera reads cards of), or two
    decks for one game."""
    from .sensing.vision.deck import load_deck
    from .tables import TABLES

    card_games = sorted(g for g, t in TABLES.items() if t.reads_cards)
    decks: dict[str, object] = {}
    for folder in folders:
        deck = load_deck(folder)  # DeckError (a ValueError) names what is wrong
        if deck.game not in card_games:
            raise ValueError(
                msg(
                    "--deck {folder}: its deck.toml is for {game!r}; the camera reads the cards"
                    " of {games}",
                    folder=folder,
                    game=deck.game or "no game",
                    games=", ".join(card_games),
                )
            )
        if deck.game in decks:
            raise ValueError(
                msg(
                    "--deck {folder}: a second deck for {game}; give one a game",
                    folder=folder,
                    game=deck.game,
                )
            )
        decks[deck.game] = deck
    return decks


def _layouts(files: Sequence[str]) -> dict[str, Path]:
    """The table's own layout files of ``--layout`` by the shipped layout each replaces
    (the file's ``name``). ``ValueError`` names a file that is missing, no layout, or
    named for no shipped layout, or a second file for one layout."""
    from .sensing.vision.layout import layout_names, load_layout, table_names

    shipped = layout_names() + table_names()
    out: dict[str, Path] = {}
    for file in files:
        path = Path(file)
        if path.suffix != ".toml":
            raise ValueError(msg("--layout {file}: a layout is a .toml file", file=file))
        if not path.is_file():
            raise ValueError(msg("--layout {file}: no such file", file=file))
        try:
            layout = load_layout(path)
        except (ValueError, OSError) as e:
            why = reason_of(e)
            if isinstance(why, Msg) and why.params.get("source") == str(path):
                raise ValueError(msg("--layout {reason}", reason=why)) from None  # names it
            if not isinstance(why, Msg):
                why = str(why).removeprefix(f"{path}: ")  # the file is named once
            raise ValueError(msg("--layout {file}: {reason}", file=file, reason=why)) from None
        if layout.name not in shipped:
            raise ValueError(
                msg(
                    "--layout {file}: its name {name!r} is no shipped layout's; a table's own"
                    " layout keeps the name of the one it replaces ({shipped})",
                    file=file,
                    name=layout.name,
                    shipped=", ".join(shipped),
                )
            )
        if layout.name in out:
            raise ValueError(
                msg("--layout {file}: a second layout for {name}", file=file, name=layout.name)
            )
        out[layout.name] = path
    return out


def cmd_run(args: argparse.Namespace) -> int:
    from . import settings
    from .devices.backends import requested_backend
    from .profile import load_profile
    from .referee.service import GameService
    from .server import CannotListen, serve
    from .systemd_notify import Notifier, Watchdog, log_handler

    logging.basicConfig(level=logging.INFO, handlers=[log_handler()])
    lang = _language(args)
    if lang is None:
        return EXIT_USAGE
    try:
        profile = load_profile(args.profile)
        backend = None if args.no_sensors else requested_backend(args.backend)
        decks = _decks(args.deck or [])
        layouts = _layouts(args.layout or [])
    except (ValueError, OSError) as e:
        print(f"companion run: {_say(args, reason_of(e))}", file=sys.stderr)
        return EXIT_USAGE
    from .mqtt.cli import publisher_for_run, settings_for
    from .pairing import Pairing

    try:
        broker = settings_for(args, settings.state_dir(args.state_dir))
    except ValueError as e:
        print(f"companion run: {_say(args, reason_of(e))}", file=sys.stderr)
        return EXIT_USAGE
    service = GameService(settings.state_dir(args.state_dir), profile=profile)
    pairing = Pairing(
        service.state_dir,
        announce=service.announce,
        show_requests=service.show_pairing_requests,
    )
    from .blackbox.cli import recording_for_run

    recording = recording_for_run(service, profile, args)
    scale = camera = None
    if backend is None:
        service.announce(msg("no sensors: enter every action on the tablet (manual entry)"))
        service.device_status("load cells", "off", msg("--no-sensors: manual entry"))
        service.device_status("camera", "off", msg("--no-sensors: manual entry"))
    else:
        from .table import open_camera_loop, open_scale

        try:
            scale = open_scale(service, profile, requested=backend, tap=recording.tap_scale)
            camera = open_camera_loop(
                service, requested=backend, tap=recording.tap_camera, decks=decks, layouts=layouts
            )
        except DeviceError as e:
            print(f"companion run: {_say(args, reason_of(e))}", file=sys.stderr)
            if scale is not None:  # the camera failed: power the HX711s down again
                scale.stop()
            recording.set(False, remember=False)
            service.close()
            return EXIT_DEVICE
    close_controls = _controls(service, pairing, args)
    # Under systemd (Type=notify): READY=1 once the server listens; watchdog pings only
    # while the scale's and the camera's threads keep coming round their loops (a device
    # that fails is a fault on the dashboard, not a restart). Outside systemd: nothing.
    notifier = Notifier()
    watchdog = Watchdog(
        notifier,
        healthy=lambda: all(loop is None or loop.responsive for loop in (scale, camera)),
    )

    def ready(url: str) -> None:
        notifier.ready(f"dashboard on {url}")
        watchdog.start()

    signal.signal(signal.SIGTERM, _interrupt)  # `systemctl stop`: stop as Ctrl-C does
    publisher = publisher_for_run(service, broker)  # the club's broker, if any: never waited for
    try:
        serve(
            service,
            host=args.host,
            port=args.port,
            threads=args.threads,
            ready=ready,
            pairing=pairing,
            language=lang,
        )
    except CannotListen as e:
        print(f"companion run: {_say(args, reason_of(e))}", file=sys.stderr)
        return EXIT_PORT
    finally:
        notifier.stopping()
        watchdog.stop()
        if publisher is not None:
            publisher.stop()
        close_controls()
        for loop in (scale, camera):
            if loop is not None:
                loop.stop()
        recording.set(False, remember=False)
    return EXIT_OK


def _controls(service, pairing, args: argparse.Namespace):
    """The optional buttons and status LED of the pin map (off unless enabled there); the
    confirm button also pairs tablets (``pairing``)."""
    from .controls import start_controls
    from .pinmap import PinMapError, load_pinmap

    if args.no_sensors:
        return lambda: None
    try:
        pinmap = load_pinmap()
    except (PinMapError, OSError) as e:
        service.announce(msg("pin map: {reason}; no buttons or status LED", reason=reason_of(e)))
        return lambda: None
    return start_controls(service, pinmap, pairing=pairing)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def cmd_pin(args: argparse.Namespace) -> int:
    """Print the table PIN; ``--reset``: a new one, and every paired tablet is locked
    (the running server sees it at its next request)."""
    from . import settings
    from .pairing import PairingStore

    try:
        store = PairingStore(settings.state_dir(args.state_dir))
        if store.problem:  # a PIN kept only in this command's memory would unlock nothing
            raise OSError(store.write_error)
        if args.reset:
            code = store.reset()
            locked = msg("every tablet is locked now; the new table PIN:")
            print(_say(args, locked), file=sys.stderr)
            print(code)
        else:
            print(store.code)
    except OSError as e:
        print(f"companion pin: {reason(e)}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """Every command's parser; its ``--help`` in ``lang`` (``companion.i18n.cli_help``)."""
    from .i18n.cli_help import parser_class

    p = parser_class(lang)(
        prog="companion",
        description=msg(
            "The table companion: referees tabletop games, replays and exports their records."
        ),
    )
    p.add_argument("--lang", dest="top_lang", metavar="LANG", help=LANG_HELP)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a game record (JSONL) or journal and print the state")
    r.add_argument("record", help="a .jsonl record or a journal file")
    r.add_argument("--json", action="store_true", help="print the state as one JSON object")
    r.add_argument("--lang", help=LANG_HELP)
    r.add_argument("--state-dir", help="where the settings file table.toml lives (docs/i18n.md)")
    r.set_defaults(func=cmd_replay)

    g = sub.add_parser("generate", help="write the record of a random legal game")
    g.add_argument("--players", type=int, choices=(2, 3, 4), default=4, help="players (default 4)")
    g.add_argument("--seed", type=int, default=1, help="the random game's seed (default 1)")
    g.add_argument("-o", "--output", help="file to write (default: standard output)")
    g.set_defaults(func=cmd_generate)

    e = sub.add_parser("export", help="export a journal's game as a JSONL record")
    e.add_argument("journal", help="a journal file (STATE_DIR/games/*.journal)")
    e.add_argument("-o", "--output", help="file to write (default: standard output)")
    e.set_defaults(func=cmd_export)

    run = sub.add_parser("run", help="serve the referee and the tablet dashboard")
    run.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    run.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    run.add_argument(
        "--threads",
        type=int,
        help="server threads: 12 for requests and paired tablets, the rest for onlookers' pages"
        " (default: 76)",
    )
    run.add_argument("--state-dir", help="where journals and the PIN live (see docs/api.md)")
    run.add_argument(
        "--backend",
        choices=BACKEND_CHOICES,
        help="load cells: real HX711s, the simulation, or real with an announced fallback"
        " (default: COMPANION_BACKEND, else auto)",
    )
    run.add_argument("--profile", help="the scale profile (a name or a TOML file)")
    run.add_argument("--no-sensors", action="store_true", help="manual entry only, no devices")
    run.add_argument("--lang", help=LANG_HELP)
    run.add_argument(
        "--deck",
        action="append",
        metavar="DECK_DIR",
        help="a card deck registered with `companion calibrate cards` (its deck.toml names"
        " the game): the camera reads that game's cards by it; once per game",
    )
    run.add_argument(
        "--layout",
        action="append",
        metavar="LAYOUT_FILE",
        help="the table's own vision layout (a copy of a shipped one with its own squares,"
        " die tray, discard areas; its name says which it replaces): the camera reads the"
        " table by it; once per layout (docs/heuchel-meuchel.md)",
    )
    from .blackbox.cli import add_record_options

    add_record_options(run)
    from .mqtt.cli import add_mqtt_options

    add_mqtt_options(run)
    run.set_defaults(func=cmd_run)

    pin = sub.add_parser("pin", help="print the table PIN that unlocks the dashboard")
    pin.add_argument("--state-dir", help="where the PIN lives (see docs/api.md)")
    pin.add_argument(
        "--reset", action="store_true", help="a new PIN, and every tablet is locked again"
    )
    pin.set_defaults(func=cmd_pin)

    cal = sub.add_parser("calibrate", help="guided calibration of a device (writes a profile)")
    calibrate = cal.add_subparsers(dest="what", required=True, metavar="WHAT")
    doc = sub.add_parser("doctor", help="check the devices and say what is wrong and how to fix it")
    doctor = doc.add_subparsers(dest="what", metavar="WHAT")  # none: every check (doctor.py)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub, calibrate=calibrate, doctor=doctor)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from .i18n.cli_help import argparse_in, help_language

    argv = sys.argv[1:] if argv is None else list(argv)
    lang = help_language(argv)  # --help prints while parsing: its language comes first
    with argparse_in(lang):
        args = build_parser(lang).parse_args(argv)
    if getattr(args, "lang", None) is None and args.top_lang is not None:
        args.lang = args.top_lang  # `companion --lang de COMMAND` as `COMMAND --lang de`
    try:
        return args.func(args)
    except BrokenPipeError:  # e.g. `companion generate | head`
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
