"""Comparing a replay with that evening's journals (``replay``): the journal rows, up to
the last row the session saw, and the warnings and questions for the tablet in order;
the first difference, in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..journal import Journal
from .session import JOURNALS, RESUME, Session


def _changes(outs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``outs`` without an entry equal to the one before it."""
    return [o for i, o in enumerate(outs) if i == 0 or o != outs[i - 1]]


def journal_rows(path: Path) -> list:
    with Journal(path, readonly=True) as j:
        return j.rows()


def _find_live(session: Session, name: str, journals: Path | None) -> Path | None:
    folders = [journals] if journals else []
    folders += [session.path / JOURNALS]
    if session.meta.get("state_dir"):
        folders.append(Path(session.meta["state_dir"]) / "games")
    for folder in folders:
        p = folder / name
        if p.is_file():
            return p
    return None


def compare(run, journals: Path | None) -> None:
    """Compare the replay ``run`` (``replay._Run``) with the live journals (``journals``:
    a folder holding them, else the session's ``journals/`` or its state directory);
    sets ``run.out.verdict`` and ``difference``."""
    out, session = run.out, run.session
    torn = "end" not in {ev["k"] for ev in session.events}
    recorded = _changes([{k: ev[k] for k in ("warnings", "asks")} for ev in run.recorded_outs])
    mine = _changes([{k: o[k] for k in ("warnings", "asks")} for o in out.outs])
    if torn:
        mine = mine[: len(recorded)]
    if out.difference is None and mine != recorded:
        i = next((i for i, (a, b) in enumerate(zip(mine, recorded, strict=False)) if a != b), None)
        i = min(len(mine), len(recorded)) if i is None else i
        at = out.outs[i]["t"] if i < len(out.outs) else run.now
        said = mine[i] if i < len(mine) else "nothing more"
        live = recorded[i] if i < len(recorded) else "nothing more"
        run._differ(f"t={at:.3f} s: warnings/asks {said}; live {live}")
    if not run.live_games:
        if out.difference is None:
            out.verdict = "no journal" if not out.actions else "different"
            out.difference = None if not out.actions else "the live table started no game"
        return
    by_game: dict[int, list] = {}
    for a in out.actions:
        by_game.setdefault(a["game"], []).append(a)
    resumed = session.meta.get("resumed")
    skip = journal_rows(session.path / RESUME)[-1].seq if resumed else 0
    for i, name in enumerate(run.live_games):
        path = _find_live(session, name if name.endswith(".journal") else f"{name}.journal",
                          journals)  # fmt: skip
        if path is None:
            if out.difference is None:
                out.verdict = "no journal"
            return
        game = name.removesuffix(".journal")
        mine_rows = by_game.get(i, [])
        last_seen = max(run.last_row.get(game, 0), mine_rows[-1]["seq"] if mine_rows else 0)
        first = skip if i == 0 and resumed else 0
        live_rows = [r for r in journal_rows(path) if first < r.seq <= last_seen]
        for a, r in zip(mine_rows, live_rows, strict=False):
            if (a["kind"], a["record"]) != (r.kind, r.payload):
                run._differ(
                    f"game {game}, row {r.seq}: the replay recorded {a['kind']} {a['record']};"
                    f" the journal has {r.kind} {r.payload}"
                )
                return
        if len(mine_rows) != len(live_rows):
            longer, what = (
                (mine_rows, "the replay recorded") if len(mine_rows) > len(live_rows)
                else (live_rows, "the journal has")
            )  # fmt: skip
            extra = longer[min(len(mine_rows), len(live_rows))]
            extra = (
                (extra["kind"], extra["record"])
                if isinstance(extra, dict)
                else (extra.kind, extra.payload)
            )
            run._differ(f"game {game}: {what} one more row: {extra[0]} {extra[1]}")
            return
