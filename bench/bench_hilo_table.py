"""HiLo at the table: seeded scripted games refereed from what a camera sees.

Scripted players (``companion demo hilo``) play whole games of 2 to 5 players; every
action becomes the steps people make at the table, which a camera reports slot by slot
(``CardsSeen``) to the referee inside ``GameService`` (journal included). Reports how
many actions were recorded from the camera alone, how many the referee asked about
(two legal turns that look the same: tapped on the tablet), how many it missed or got
wrong (entered or put right on the tablet by the demo), whether every final score equals
the engine's replay of the journal's record and the game as played, and what the
referee costs per observation.

With ``--vision`` the games are two-player games seen through rendered frames and the card
reader (a few CPU minutes a game: the table rendered in full once per way the cards lie,
each frame that picture with fresh noise and a hand laid over it; ``--full-frames``
renders every frame in full, as before; ``--actions N`` stops each after N actions); the
figures then include the faces the reader was not sure of, which the referee settles
from what it knows or asks about on the tablet, and the cost per frame. ``--unsure P``
measures that settling without rendering: the scripted camera reports each face unsure
with chance P, with its look-alikes as candidates (``scripted.UnsureCamera``), its guess
wrong with chance ``--wrong-guess``, a hand at the draw pile unseen with chance
``--missed-hand``.

Run with ``python bench/bench_hilo_table.py [--games N] [--first-seed S] [--vision]
[--actions N] [--full-frames] [--unsure P] [--jobs N]``; ``--jobs N`` plays N games at a time, each in
its own process (the CPU per camera step is then summed over them).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import machine

from companion.games.hilo import parse_action, replay
from companion.referee.service import GameService
from companion.tables.hilo.demo import SimulatedCardTable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=100)
    ap.add_argument("--vision", action="store_true", help="2 players, rendered and read")
    ap.add_argument("--actions", type=int, default=None, help="stop each game after N")
    ap.add_argument("--unsure", type=float, default=0.0, help="chance a face is unsure")
    ap.add_argument("--wrong-guess", type=float, default=0.0, help="chance its guess is wrong")
    ap.add_argument("--missed-hand", type=float, default=0.0, help="chance a draw's hand unseen")
    ap.add_argument("--jobs", type=int, default=1, help="games at a time, each in a process")
    ap.add_argument(
        "--full-frames", action="store_true", help="--vision: render every frame in full"
    )
    args = ap.parse_args()
    if args.unsure:
        return unsure(args)
    frames = camera_unsure = clean_renders = 0
    render_s = read_s = 0.0
    totals = {"actions": 0, "camera": 0, "asked": 0, "missed": 0, "wrong": 0}
    paused = {"withdrawn": 0, "late": 0}  # settled in the players' pause (--vision)
    equal = finished = observations = 0
    bad: list[int] = []
    cpu = 0.0
    t0 = time.perf_counter()
    seeds = [(args.first_seed + k, 2 if args.vision else 2 + k % 4) for k in range(args.games)]
    with tempfile.TemporaryDirectory() as d:
        if args.vision:  # the deck registered once, before the games share it
            from companion.tables.hilo.camera import ready_deck

            ready_deck(Path(d) / "deck")
        work = [
            (seed, players, d, args.vision, args.actions, args.full_frames)
            for seed, players in seeds
        ]
        if args.jobs > 1:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                results = list(pool.map(one_game, work))
        else:
            results = [one_game(w) for w in work]
    for r in results:
        s = r["summary"]
        for key in totals:
            totals[key] += s[key]
        for key in paused:
            paused[key] += s.get(key, 0)
        camera_unsure += r["unsure"]
        frames += r["frames"]
        clean_renders += r["clean_renders"]
        render_s += r["render_s"]
        read_s += r["read_s"]
        observations += r["steps"]
        finished += r["finished"]
        equal += r["same"]
        cpu += r["cpu"]
        if s["missed"] or s["wrong"] or not r["same"]:
            bad.append(s["seed"])
        if args.vision:
            print(json.dumps({k: v for k, v in r.items() if k != "summary"} | s), flush=True)
    wall = time.perf_counter() - t0
    seeds = f"{args.first_seed}..{args.first_seed + args.games - 1}"
    n = totals["actions"]
    print(f"Machine: {machine()}")
    print(
        f"Command: python bench/bench_hilo_table.py --games {args.games}"
        f" --first-seed {args.first_seed}"
        + (" --vision" if args.vision else "")
        + (f" --actions {args.actions}" if args.actions else "")
        + (" --full-frames" if args.full_frames else "")
        + (f" --jobs {args.jobs}" if args.jobs > 1 else "")
    )
    print()
    print("| measurement | value |")
    print("| --- | --- |")
    who = "2 players, rendered 1280x960 and read" if args.vision else "2-5 players in turn"
    print(f"| games ({who}, seeds {seeds}) | {args.games}, {finished} finished |")
    print(f"| actions played | {n} ({n / max(1, args.games):.0f} a game) |")
    print(
        f"| recorded from the camera alone | {totals['camera']} of {n}"
        f" ({100 * totals['camera'] / max(1, n):.2f} %) |"
    )
    print(
        f"| asked on the tablet (look-alike cards: two legal turns the same to the camera)"
        f" | {totals['asked']} ({100 * totals['asked'] / max(1, n):.2f} %) |"
    )
    print(f"| missed (entered on the tablet) | {totals['missed']} |")
    print(f"| wrong records | {totals['wrong']} (seeds: {', '.join(map(str, bad)) or 'none'}) |")
    print(
        f"| record's replay equal to the game as played (final scores too) |"
        f" {equal} of {args.games} |"
    )
    print(
        f"| CPU per camera step (referee, rules, journal, snapshot) |"
        f" {1000 * cpu / max(1, observations):.2f} ms ({observations} steps) |"
    )
    if camera_unsure:
        print(f"| faces the reader was not sure of (settled readings) | {camera_unsure} |")
    if args.vision:
        print(
            f"| ... of the recorded: questions the camera settled before a tap, turns"
            f" recorded in the players' pause | {paused['withdrawn']}, {paused['late']} |"
        )
    if frames:
        print(
            f"| frames rendered and read | {frames} ({clean_renders} rendered in full);"
            f" CPU a frame: render {1000 * render_s / frames:.0f} ms,"
            f" read {1000 * read_s / frames:.0f} ms |"
        )
    print(
        f"| wall time | {wall:.1f} s ({wall / max(1, args.games):.2f} s a game,"
        f" {args.jobs} process{'es' if args.jobs > 1 else ''}) |"
    )


def one_game(work: tuple) -> dict:
    """One seeded game (``work``: seed, players, a scratch folder, vision, max actions,
    every frame rendered in full): its summary, the camera's counters, whether the record replays to the game as played
    (final scores too), and its CPU seconds."""
    seed, players, d, vision, max_actions, full_frames = work
    c0 = time.process_time()
    service = GameService(Path(d) / str(seed))
    camera = None
    if vision:
        from companion.tables.hilo.camera import RenderedCardCamera

        camera = RenderedCardCamera(Path(d) / "deck", seed=seed, cheap_frames=not full_frames)
    table = SimulatedCardTable(service, seed=seed, players=players, speed=None, camera=camera)
    table.play_game(max_actions=max_actions)
    s = table.summary()
    records = [json.loads(x) for x in service.record_jsonl().splitlines()]
    replayed = replay([parse_action(r) for r in records])
    same = replayed == table.table.state
    if replayed.finished:
        same = same and list(replayed.scores or ()) == s["scores"] == s["truth"]
    service.close()
    return {
        "summary": s,
        "unsure": camera.unsure if camera is not None else 0,
        "frames": camera.frames if camera is not None else 0,
        "clean_renders": camera.clean_renders if camera is not None else 0,
        "render_s": camera.render_s if camera is not None else 0.0,
        "read_s": camera.read_s if camera is not None else 0.0,
        "steps": table.steps,
        "finished": replayed.finished,
        "same": same,
        "cpu": time.process_time() - c0,
    }


def unsure(args) -> None:
    """``--unsure P``: the referee alone (``scripted.play_game``), each face unsure with
    chance P."""
    from companion.tables.hilo.scripted import play_game

    totals = {"actions": 0, "camera": 0, "asked": 0, "missed": 0, "wrong": 0, "unsure": 0}
    bad, same = [], 0
    c0 = time.process_time()
    for k in range(args.games):
        seed = args.first_seed + k
        r = play_game(
            2 + k % 4,
            seed,
            unsure=args.unsure,
            wrong_guess=args.wrong_guess,
            missed_hand=args.missed_hand,
        )
        for key in totals:
            totals[key] += r[key]
        same += r["same"] and r["state"].finished
        if r["wrong"] or not r["same"]:
            bad.append(seed)
    cpu = time.process_time() - c0
    n = totals["actions"]
    print(f"Machine: {machine()}")
    print(
        f"Command: python bench/bench_hilo_table.py --unsure {args.unsure} --wrong-guess"
        f" {args.wrong_guess} --missed-hand {args.missed_hand} --games {args.games}"
        f" --first-seed {args.first_seed}"
    )
    print()
    print("| measurement | value |")
    print("| --- | --- |")
    seeds = f"{args.first_seed}..{args.first_seed + args.games - 1}"
    print(f"| games (2-5 players in turn, seeds {seeds}) | {args.games} |")
    print(f"| faces reported unsure (candidates: the design's kind) | {totals['unsure']} |")
    print(f"| actions played | {n} |")
    for key, what in (
        ("camera", "recorded from the camera alone"),
        ("asked", "asked on the tablet (a button per legal reading)"),
        ("missed", "missed (entered on the tablet)"),
    ):
        print(f"| {what} | {totals[key]} ({100 * totals[key] / max(1, n):.2f} %) |")
    print(f"| wrong records | {totals['wrong']} (seeds: {', '.join(map(str, bad)) or 'none'}) |")
    print(f"| record equal to the game as played, to its end | {same} of {args.games} |")
    print(f"| CPU | {cpu:.1f} s ({1000 * cpu / max(1, n):.1f} ms an action) |")


if __name__ == "__main__":
    main()
