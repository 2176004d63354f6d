"""The league: per player, games played, wins and points, from the finished games.

Scopes: each game and all games together (``game`` None), each evening and overall
(``evening`` None). A win is being among a finished game's winners (a shared first
place is a win for each); points are the game's own (Hinkel & Stein's discs, Stein im
Brett's totals, the scores, Stein auf Stein's tower mm), summed as they are, so points
over all games add unlike things: compare wins first. Players are known by name.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from typing import Any

COLUMNS = ("evening", "game", "player", "played", "wins", "points")


def league(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per (evening, game, player) scope from the finished ``games``
    (``ClubStore.games(finished_only=True)``); sorted by scope, then wins and points."""
    table: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0, 0, 0])
    for g in games:
        if not g["finished"] or g.get("error"):
            continue
        for evening in (g["evening"] or "", ""):
            for name in (g["game"], ""):
                for player in g["players"]:
                    line = table[(evening, name, player)]
                    line[0] += 1
                    line[1] += player in g["winners"]
                    line[2] += g["points"].get(player, 0)
    lines = [
        {
            "evening": evening or None,
            "game": name or None,
            "player": player,
            "played": played,
            "wins": wins,
            "points": points,
        }
        for (evening, name, player), (played, wins, points) in table.items()
    ]
    lines.sort(
        key=lambda r: (r["evening"] or "", r["game"] or "", -r["wins"], -r["points"], r["player"])
    )
    return lines


def standings(lines: list[dict[str, Any]], *, evening=None, game=None) -> list[dict[str, Any]]:
    """The lines of one scope (None: overall / all games), best first."""
    return [r for r in lines if r["evening"] == evening and r["game"] == game]


def to_csv(lines: list[dict[str, Any]]) -> str:
    """The league as CSV with a header (``COLUMNS``); an empty scope field means all."""
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in lines:
        w.writerow({k: ("" if r[k] is None else r[k]) for k in COLUMNS})
    return out.getvalue()


def to_json(lines: list[dict[str, Any]], games: list[dict[str, Any]]) -> str:
    """The league and every game kept, as one JSON document."""
    return json.dumps({"v": 1, "league": lines, "games": games}, ensure_ascii=False, indent=1)
