"""``companion demo [GAME]``: scripted players at a simulated table, with the dashboard,
or a game told in the terminal (``--terminal``).

Hinkel & Stein: a simulated scale (physics, HX711 signals) and camera
(``tables.hinkel_stein.demo``); Stein im Brett: a synthetic camera over the board
(``tables.stein_im_brett.demo``); Heuchel & Meuchel: a synthetic camera over the card
table (``tables.heuchel_meuchel.demo``). Each goes
through the real sensing pipeline and referee; a move the sensors missed is entered on
the tablet and announced.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .i18n.message import commas, msg, nmsg, reason_of

EXIT_OK, EXIT_USAGE, EXIT_PORT = 0, 2, 4

#: The demo's games: (title, the player counts it allows, the default count).
DEMO_GAMES = {
    "hinkel-stein": ("Hinkel & Stein", (2, 3, 4), 4),
    "stein-im-brett": ("Stein im Brett", (2, 3, 4, 5, 6), 3),
    "heuchel-meuchel": ("Heuchel & Meuchel", (2, 3, 4, 5, 6), 3),
    "stein-auf-stein": ("Stein auf Stein", (1, 2, 3, 4), 2),
    "hilo": ("HiLo", (2, 3, 4, 5), 3),
}


def _say(args: argparse.Namespace, message) -> str:
    """``message`` (a game's description or summary) in the table's language."""
    from .i18n.catalogues import render

    return render(message, getattr(args, "language", None) or "en")


def cmd_demo(args: argparse.Namespace) -> int:
    from .i18n.language import LanguageError, table_language

    title, allowed, default = DEMO_GAMES[args.game]
    try:  # the table's language: the narration and the demo table's dashboard speak it
        state_dir = Path(args.state_dir) if args.state_dir else None
        args.language = table_language(getattr(args, "lang", None), state_dir=state_dir)
    except LanguageError as e:
        print(f"companion demo: {e}", file=sys.stderr)
        return EXIT_USAGE
    if args.players is None:
        args.players = 2 if getattr(args, "vision", False) else default
    elif args.players not in allowed:
        wrong = msg(
            "{game} is for {least} to {most} players, not {n}",
            game=title,
            least=allowed[0],
            most=allowed[-1],
            n=args.players,
        )
        print(f"companion demo: {_say(args, wrong)}", file=sys.stderr)
        return EXIT_USAGE
    if args.record and args.terminal:
        wrong = msg("--record is for the demo table (with the dashboard), not --terminal")
        print(f"companion demo: {_say(args, wrong)}", file=sys.stderr)
        return EXIT_USAGE
    if args.game == "stein-im-brett":
        return _tell_stein_im_brett(args) if args.terminal else _serve_stein_im_brett(args)
    if args.game == "heuchel-meuchel":
        return _tell_heuchel_meuchel(args) if args.terminal else _serve_heuchel_meuchel(args)
    if args.game == "stein-auf-stein":
        return _tell_stein_auf_stein(args) if args.terminal else _serve_stein_auf_stein(args)
    if args.game == "hilo":
        return _tell_hilo(args) if args.terminal else _serve_hilo(args)
    return _tell_hinkel_stein(args) if args.terminal else _serve_hinkel_stein(args)


def _serve(args: argparse.Namespace, title: str, notice: str, play: Callable) -> int:
    """A fresh service (journals in ``--state-dir`` or a temp dir) with ``notice`` on every
    dashboard; ``play(service)`` runs beside the server until it stops."""
    import tempfile

    from .referee.service import GameService
    from .server import CannotListen, serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    state = (
        Path(args.state_dir) if args.state_dir else Path(tempfile.mkdtemp(prefix="companion-demo-"))
    )
    service = GameService(state)
    service.announce(notice)
    said = msg(
        "Demo: {game}, {n} players, seed {seed}, speed x{speed:g}. Ctrl-C stops.",
        game=title,
        n=args.players,
        seed=args.seed,
        speed=args.speed,
    )
    print(_say(args, said))
    try:
        serve(
            service,
            host=args.host,
            port=args.port,
            background=lambda: players_thread(play, service),
            language=getattr(args, "language", None),
        )
    except CannotListen as e:
        print(f"companion demo: {_say(args, reason_of(e))}", file=sys.stderr)
        return EXIT_PORT
    return EXIT_OK


def players_thread(play: Callable, service) -> None:
    """Run the scripted players (``play(service)``); should they ever stop on an error,
    every dashboard says so (the tablet can go on alone), never silently."""
    try:
        play(service)
    except Exception as e:
        logging.getLogger("companion.demo").exception("the scripted players stopped")
        if not service.closed:
            service.announce(
                msg(
                    "demo: the scripted players stopped ({error}: {reason}); the game stays as"
                    " it is: go on from the tablet, or restart the demo",
                    error=type(e).__name__,
                    reason=str(e),
                )
            )


def _serve_hinkel_stein(args: argparse.Namespace) -> int:
    from .profile import default_profile
    from .tables.hinkel_stein.demo import SimulatedTable

    names = ["Ana", "Ben", "Cleo", "Dora"][: args.players]

    def play(service) -> None:
        seed = args.seed
        recorder = _demo_recorder(service, args)
        while not service.closed:
            table = SimulatedTable(
                service,
                default_profile(),
                seed=seed,
                speed=args.speed,
                camera_every_s=None if args.no_camera else 0.5,
            )
            if recorder is not None:
                from .blackbox.recorder import tap_demo_table

                tap_demo_table(recorder, table)
            table.play_game(names)
            table.run(10.0)  # a pause to look at the result, then the next game
            seed += 1

    notice = msg(
        "DEMO: a simulated scale and camera, scripted players (seeded random legal choices);"
        " the tablet may still take over any decision"
    )
    return _serve(args, "Hinkel & Stein", notice, play)


def _demo_recorder(service, args: argparse.Namespace):
    """With ``--record DIR``: a session recorder on ``service`` (docs/blackbox.md)."""
    if not args.record:
        return None
    from .blackbox.recorder import SessionRecorder
    from .profile import default_profile

    recorder = SessionRecorder(
        args.record, source="demo", max_bytes=int(args.record_max_mb * 1024**2)
    )
    recorder.start(service, default_profile())
    recorder.tap_service(service)
    print(_say(args, msg("Recording the session in {path}", path=str(recorder.path))), flush=True)
    return recorder


def _serve_stein_im_brett(args: argparse.Namespace) -> int:
    from .games.stein_im_brett.random_player import DEFAULT_NAMES
    from .tables.stein_im_brett.demo import SimulatedBoardTable

    names = list(DEFAULT_NAMES[: args.players])

    def play(service) -> None:
        seed = args.seed
        recorder = _demo_recorder(service, args)
        while not service.closed:
            table = SimulatedBoardTable(service, seed=seed, speed=args.speed)
            if recorder is not None:
                from .blackbox.recorder import tap_demo_table

                tap_demo_table(recorder, table)  # the camera's frames (no scale here)
            table.play_game(names)
            table.idle(10.0)  # a pause to look at the result, then the next game
            seed += 1

    notice = msg(
        "DEMO: Stein im Brett on a simulated board seen by a synthetic camera, scripted"
        " players (seeded random legal choices); the starting player's draw is entered on"
        " the tablet, which may still take over any turn"
    )
    return _serve(args, "Stein im Brett", notice, play)


def _serve_heuchel_meuchel(args: argparse.Namespace) -> int:
    from .games.heuchel_meuchel.random_player import DEFAULT_NAMES
    from .tables.heuchel_meuchel.demo import SimulatedCardTable

    names = list(DEFAULT_NAMES[: args.players])

    def play(service) -> None:
        seed = args.seed
        while not service.closed:
            table = SimulatedCardTable(service, seed=seed, speed=args.speed)
            table.play_game(names, dice=args.dice)
            table.idle(10.0)  # a pause to look at the tally, then the next game
            seed += 1

    notice = msg(
        "DEMO: Heuchel & Meuchel on a synthetic card table seen by a camera (rendered cards,"
        " hands reaching in), scripted players (seeded random legal choices); the die and"
        " the end of a turn are tapped on the tablet, which may still take over any move"
    )
    return _serve(args, "Heuchel & Meuchel", notice, play)


def _tell_heuchel_meuchel(args: argparse.Namespace) -> int:
    from .games.heuchel_meuchel.random_player import random_game_iter
    from .games.heuchel_meuchel.summary import describe, to_text

    if args.dice:
        said = msg(
            "Demo: a {n}-player game of Heuchel & Meuchel played by seeded random legal"
            " players (seed {seed}), with the die.",
            n=args.players,
            seed=args.seed,
        )
    else:
        said = msg(
            "Demo: a {n}-player game of Heuchel & Meuchel played by seeded random legal"
            " players (seed {seed}).",
            n=args.players,
            seed=args.seed,
        )
    print(_say(args, said))
    return _tell_game(
        random_game_iter(args.players, args.seed, dice=args.dice), args, describe, to_text
    )


def _tell_game(game_iter, args: argparse.Namespace, describe, to_text) -> int:
    """Print each action of ``game_iter`` ((action, state) pairs), ``args.delay`` s
    apart, then the final state."""
    last = None
    for action, state in game_iter:
        print(f"  {_say(args, describe(action))}")
        last = state
        if args.delay:
            time.sleep(args.delay)
    if last is not None:
        print()
        print(_say(args, to_text(last)))
    return EXIT_OK


def _tell_hinkel_stein(args: argparse.Namespace) -> int:
    from .games.hinkel_stein.actions import Tilt
    from .games.hinkel_stein.random_player import random_game_iter
    from .games.hinkel_stein.summary import describe, to_text

    said = msg(
        "Demo: a {n}-player game of Hinkel & Stein played by seeded random legal players"
        " (seed {seed}), on a simulated scale.",
        n=args.players,
        seed=args.seed,
    )
    print(_say(args, said))
    for action, state in random_game_iter(args.players, args.seed):
        print(f"  {_say(args, describe(action))}")
        if isinstance(action, Tilt):
            print()
            print(_say(args, to_text(state)))
            print()
        if args.delay:
            time.sleep(args.delay)
    return EXIT_OK


def _serve_hilo(args: argparse.Namespace) -> int:
    from .tables.hilo.demo import SimulatedCardTable

    if args.vision and args.players != 2:
        wrong = msg("--vision is for 2 players (the hilo layout)")
        print(f"companion demo: {_say(args, wrong)}", file=sys.stderr)
        return EXIT_USAGE

    def play(service) -> None:
        seed = args.seed
        recorder = _demo_recorder(service, args)  # the referee's inputs
        camera = None
        if args.vision:
            import tempfile

            from .tables.hilo.camera import RenderedCardCamera, keep_frames

            deck = Path(args.state_dir or tempfile.mkdtemp(prefix="companion-demo-")) / "hilo-deck"
            camera = RenderedCardCamera(deck, seed=seed)
            if recorder is not None:
                keep_frames(recorder, camera)  # every rendered frame, as the reader read it
        while not service.closed:
            table = SimulatedCardTable(
                service, seed=seed, players=args.players, speed=args.speed, camera=camera
            )
            table.play_game()
            table.idle(10.0)  # a pause to look at the result, then the next game
            seed += 1

    notice = msg(
        "DEMO: HiLo with scripted players (seeded random legal choices) and a camera that"
        " reports each card slot as people play; the referee records the game from it, and"
        " the tablet may still enter or undo any action"
    )
    return _serve(args, "HiLo", notice, play)


def _tell_hilo(args: argparse.Namespace) -> int:
    from .games.hilo.summary import describe, to_text
    from .tables.hilo.scripted import play_game

    said = msg(
        "Demo: a {n}-player game of HiLo played by seeded random legal players (seed {seed}),"
        " recorded by the referee from what a camera sees.",
        n=args.players,
        seed=args.seed,
    )
    print(_say(args, said))
    result = play_game(args.players, args.seed)
    for action in result["played"]:
        print(f"  {_say(args, describe(action))}")
        if args.delay:
            time.sleep(args.delay)
    print(_say(args, to_text(result["state"])))
    said = nmsg(
        "Recorded from the camera: {camera} of {actions} action; asked on the tablet:"
        " {asked}; missed: {missed}; wrong: {wrong}",
        "Recorded from the camera: {camera} of {actions} actions; asked on the tablet:"
        " {asked}; missed: {missed}; wrong: {wrong}",
        result["actions"],
        **{k: result[k] for k in ("camera", "actions", "asked", "missed", "wrong")},
    )
    print(_say(args, said))
    return EXIT_OK


def _tell_stein_im_brett(args: argparse.Namespace) -> int:
    from .games.stein_im_brett.random_player import DEFAULT_NAMES, random_game_iter
    from .games.stein_im_brett.summary import describe, draw_board, to_text

    said = msg(
        "Demo: a {n}-player game of Stein im Brett played by seeded random legal players"
        " (seed {seed}).",
        n=args.players,
        seed=args.seed,
    )
    print(_say(args, said))
    scored = 0
    for action, state in random_game_iter(list(DEFAULT_NAMES[: args.players]), args.seed, care=0.5):
        print(f"  {_say(args, describe(action))}")
        if len(state.scorings) > scored:  # a round ended: the board as it was scored
            scored = len(state.scorings)
            last = state.scorings[-1]
            print()
            points = commas(
                msg("{player} {points}", player=p, points=v)
                for p, v in zip(state.players, last.points, strict=True)
            )
            said = msg("Round {n} is scored: {points}", n=last.round_no, points=points)
            print(_say(args, said))
            if state.finished:
                print(_say(args, to_text(state)))
            else:
                rows = draw_board(state.board, last.cells)
                board = _say(args, msg("Board at the scoring:"))
                print("\n".join([board, *("    " + r for r in rows)]))
            print()
        if args.delay:
            time.sleep(args.delay)
    return EXIT_OK


def _serve_stein_auf_stein(args: argparse.Namespace) -> int:
    from .games.stein_auf_stein.names import SOLO, VARIANTS
    from .games.stein_auf_stein.random_player import DEFAULT_NAMES
    from .tables.stein_auf_stein.demo import SimulatedBlockTable

    names = list(DEFAULT_NAMES[: args.players])

    def play(service) -> None:
        seed = args.seed
        while not service.closed:
            table = SimulatedBlockTable(service, seed=seed, speed=args.speed)
            if args.players == 1:
                variant = SOLO
            else:
                variant = [v for v in VARIANTS if v != SOLO][(seed - args.seed) % 4]
            table.play_game(names, variant)
            table.idle(10.0)  # a pause to look at the result, then the next game
            seed += 1

    notice = msg(
        "DEMO: Stein auf Stein on a simulated table seen by a synthetic camera (blocks, the"
        " die, hands), scripted children (seeded random legal choices); what a camera above"
        " cannot see (piling, a fall, a tower's height) is entered on the tablet"
    )
    return _serve(args, "Stein auf Stein", notice, play)


def _tell_stein_auf_stein(args: argparse.Namespace) -> int:
    from .games.stein_auf_stein.random_player import random_game_iter
    from .games.stein_auf_stein.summary import describe, to_text

    said = msg(
        "Demo: a {n}-player game of Stein auf Stein played by seeded random legal players"
        " (seed {seed}).",
        n=args.players,
        seed=args.seed,
    )
    print(_say(args, said))
    return _tell_game(random_game_iter(args.players, args.seed), args, describe, to_text)


def register(
    commands: argparse._SubParsersAction,
    *,
    calibrate: argparse._SubParsersAction,
    doctor: argparse._SubParsersAction,
) -> None:
    """Add ``companion demo`` to the ``companion`` parser."""
    d = commands.add_parser(
        "demo", help="a simulated table with scripted players and the dashboard"
    )
    d.add_argument(
        "game",
        nargs="?",
        choices=tuple(DEMO_GAMES),
        default="hinkel-stein",
        help="the game (default: hinkel-stein)",
    )
    d.add_argument(
        "--players",
        type=int,
        help="Hinkel & Stein 2-4 (default 4), Stein im Brett and Heuchel & Meuchel 2-6 (default 3),"
        " Stein auf Stein 1-4 (default 2; 1: the solo variant), HiLo 2-5 (default 3)",
    )
    d.add_argument("--seed", type=int, default=1, help="the scripted game's seed (default 1)")
    d.add_argument("--speed", type=float, default=2.0, help="how much faster than real time")
    d.add_argument(
        "--host", default="127.0.0.1", help="the dashboard's address (default 127.0.0.1)"
    )
    d.add_argument("--port", type=int, default=8000, help="the dashboard's port (default 8000)")
    d.add_argument("--state-dir", help="keep the demo's journals here (default: a new temp dir)")
    d.add_argument(
        "--terminal", action="store_true", help="no dashboard: tell a game in the terminal"
    )
    d.add_argument("--no-camera", action="store_true", help="Hinkel & Stein: the scale only")
    d.add_argument("--dice", action="store_true", help="Heuchel & Meuchel: the dice variant")
    d.add_argument(
        "--vision",
        action="store_true",
        help="HiLo, 2 players: render the table and read it with the card reader",
    )
    d.add_argument("--delay", type=float, default=0.02, help="--terminal: seconds between actions")
    d.add_argument(
        "--lang",
        help="the table's language, en or de (default: COMPANION_LANG, else language in"
        " STATE_DIR/table.toml, else the system locale)",
    )
    from .blackbox.cli import add_record_options

    add_record_options(d)
    d.set_defaults(func=cmd_demo)
