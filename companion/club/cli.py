"""``companion club``: the organiser's screen, the league and its exports.

companion club serve --mqtt mqtt://club.lan      # subscribe, keep results, the page on :8080
companion club league [--json] [--evening 2026-12-01] [--game hinkel-stein]
companion club games                             # the games kept, newest first
companion club record TABLE GAME_ID -o game.jsonl   # then: companion replay game.jsonl
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path

from ..errors import CompanionError, reason
from ..i18n.message import and_list, msg, nmsg, reason_of
from ..i18n.terminal import say

EXIT_OK, EXIT_USAGE, EXIT_PORT = 0, 2, 4


def _db_path(args: argparse.Namespace) -> Path:
    from .. import settings

    return Path(args.db) if args.db else settings.state_dir(args.state_dir) / "club.sqlite"


def _open_store(args: argparse.Namespace):
    from .store import ClubStore

    path = _db_path(args)
    if not path.exists() and args.club_command != "serve":
        raise CompanionError(
            msg("no club database at {path} (start `companion club serve` first)", path=str(path))
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    return ClubStore(path)


def cmd_serve(args: argparse.Namespace) -> int:
    from waitress.server import create_server

    from .. import settings
    from ..mqtt.settings import resolve
    from .page import create_club_app
    from .subscriber import Club

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        broker = resolve(
            args.mqtt,
            args.mqtt_config,
            default_file=settings.state_dir(args.state_dir) / "club.toml",
        )
        if broker is None:
            raise ValueError(
                msg("no broker: give --mqtt mqtt://host or a settings file (--mqtt-config)")
            )
        store = _open_store(args)
    except (ValueError, OSError, CompanionError) as e:
        print(f"companion club: {_reason(args, e)}", file=sys.stderr)
        return EXIT_USAGE
    club = Club(store, broker, name=args.name)
    app = create_club_app(club)
    try:
        server = create_server(
            app, host=args.host, port=args.port, threads=app.config["MAX_STREAMS"] + 8
        )
    except OSError as e:
        said = msg("cannot listen on {host}:{port}: {reason}", host=args.host, port=str(args.port),
                   reason=reason(e))  # fmt: skip
        print(f"companion club: {say(args, said)}", file=sys.stderr)
        store.close()
        return EXIT_PORT
    club.start()
    url = f"http://{args.host}:{server.effective_port}/"
    print(say(args, msg("Club page: {url}", url=url)), flush=True)
    print(say(args, msg("Results are kept in {path}", path=str(store.path))), flush=True)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        club.stop()
        server.close()
        store.close()
    return EXIT_OK


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _write(text: str, output: str | None) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")


def cmd_league(args: argparse.Namespace) -> int:
    from . import league

    try:
        store = _open_store(args)
    except (OSError, CompanionError) as e:
        print(f"companion club league: {_reason(args, e)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        games = store.games(evening=args.evening, game=args.game)
        lines = league.league(games)
        text = league.to_json(lines, games) + "\n" if args.json else league.to_csv(lines)
        _write(text, args.output)
    finally:
        store.close()
    return EXIT_OK


def cmd_games(args: argparse.Namespace) -> int:
    try:
        store = _open_store(args)
    except (OSError, CompanionError) as e:
        print(f"companion club games: {_reason(args, e)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        for g in store.games():
            print(say(args, game_line(g)))
    finally:
        store.close()
    return EXIT_OK


def game_line(g: dict):
    """One kept game for ``companion club games``: table, game id, game, players, how it
    stands, the winners and how many rows the club holds of it."""
    if g["error"]:
        state = msg("cannot be replayed ({error})", error=g["error"])
    elif g["finished"]:
        state = msg("finished")
    else:
        state = msg("under way")
    if g["winners"]:
        state = msg("{state}, won by {winners}", state=state, winners=and_list(g["winners"]))
    return nmsg(
        "{table} {game_id} {game} ({players}): {state}, {n} row",
        "{table} {game_id} {game} ({players}): {state}, {n} rows",
        g["rows"],
        table=g["table"],
        game_id=g["game_id"],
        game=g["game"],
        players=", ".join(g["players"]),
        state=state,
        n=g["rows"],
    )


def _reason(args: argparse.Namespace, e: BaseException) -> str:
    """An error in words, in the command's language where it was raised with a message."""
    return say(args, reason_of(e)) if isinstance(e, CompanionError | ValueError) else reason(e)


def cmd_record(args: argparse.Namespace) -> int:
    import json

    try:
        store = _open_store(args)
    except (OSError, CompanionError) as e:
        print(f"companion club record: {_reason(args, e)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        rows = store.record(args.table, args.game_id)
    except LookupError as e:
        print(f"companion club record: {say(args, e.args[0])}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        store.close()
    _write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), args.output)
    return EXIT_OK


def register(commands, *, calibrate, doctor) -> None:
    """Add ``companion club`` and its commands."""
    club = commands.add_parser(
        "club", help="the club's screen and league from its MQTT broker (docs/club.md)"
    )
    sub = club.add_subparsers(dest="club_command", required=True, metavar="WHAT")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--state-dir", help="where the club database lives (default as run)")
        p.add_argument("--db", help="the club database (default: STATE_DIR/club.sqlite)")

    serve = sub.add_parser("serve", help="subscribe to every table and serve the club page")
    common(serve)
    serve.add_argument(
        "--mqtt", metavar="URL", help="the broker: mqtt://[user@]host[:port] or mqtts://"
    )
    serve.add_argument(
        "--mqtt-config",
        metavar="FILE",
        help="broker settings (TOML, [mqtt]; default: STATE_DIR/club.toml if it exists)",
    )
    serve.add_argument("--name", default="club", help="the club's session name on the broker")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    serve.add_argument(
        "--port", type=int, default=8080, help="port of the club page (default 8080)"
    )
    serve.set_defaults(func=cmd_serve)

    lg = sub.add_parser("league", help="the league as CSV (or --json with every game)")
    common(lg)
    lg.add_argument("--json", action="store_true", help="JSON: the league and every game")
    lg.add_argument("--evening", help="one evening only (YYYY-MM-DD)")
    lg.add_argument("--game", help="one game only (e.g. hinkel-stein)")
    lg.add_argument("-o", "--output", help="file to write (default: standard output)")
    lg.set_defaults(func=cmd_league)

    gm = sub.add_parser("games", help="list the games kept, newest first")
    common(gm)
    gm.set_defaults(func=cmd_games)

    rec = sub.add_parser("record", help="a game's record (JSONL) for companion replay")
    common(rec)
    rec.add_argument("table", help="the table's name (as on the club page)")
    rec.add_argument("game_id", help="the game's id (companion club games lists them)")
    rec.add_argument("-o", "--output", help="file to write (default: standard output)")
    rec.set_defaults(func=cmd_record)
