"""The club page: a Flask app over a :class:`~companion.club.subscriber.Club`.

``/`` the page (``web/templates/club.html``, ``web/static/club.js``); ``/api/club`` what
it shows, as JSON; ``/api/club/events`` the same as server-sent events (the whole view
on each change, at most every ``SSE_MIN_INTERVAL_S``, latest wins); exports:
``/api/club/league.csv``, ``/api/club/league.json`` and each game's record
``/api/club/games/<table>/<game id>.jsonl`` (for ``companion replay``). Read only: the
page changes nothing, so it needs no PIN.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from flask import Flask, Response, jsonify, render_template, request

from ..paths import data_dir
from . import league
from .subscriber import Club


def create_club_app(club: Club, *, test_config: dict[str, Any] | None = None) -> Flask:
    """The club page for ``club``. Config: ``SSE_KEEPALIVE_S``, ``SSE_MIN_INTERVAL_S``,
    ``SSE_MAX_S`` (a stream ends then; the browser opens a new one), ``MAX_STREAMS``."""
    web = data_dir("web")
    app = Flask(
        __name__,
        template_folder=str(web / "templates"),
        static_folder=str(web / "static"),
        static_url_path="/static",
    )
    app.config.update(SSE_KEEPALIVE_S=15.0, SSE_MIN_INTERVAL_S=0.5, SSE_MAX_S=600.0, MAX_STREAMS=40)
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False
    from ..dashboard import language_api  # the page's languages (docs/i18n.md)

    app.register_blueprint(language_api.bp)
    streams = {"open": 0}
    lock = threading.Lock()

    @app.get("/")
    def page():
        return render_template("club.html")

    @app.get("/api/club")
    def view():
        return jsonify(club.view())

    @app.get("/api/club/events")
    def events():
        with lock:
            if streams["open"] >= app.config["MAX_STREAMS"]:
                return jsonify({"error": "too many club pages are open; try again soon"}), 503
            streams["open"] += 1
        keepalive = app.config["SSE_KEEPALIVE_S"]
        interval = app.config["SSE_MIN_INTERVAL_S"]
        end = time.monotonic() + app.config["SSE_MAX_S"]

        def stream():
            try:
                seen = -1
                yield "retry: 2000\n\n"
                while time.monotonic() < end and not club.closed:
                    version = club.wait_for_change(seen, keepalive)
                    if version == seen:
                        yield ": keepalive\n\n"
                        continue
                    seen = version
                    data = json.dumps(club.view(), ensure_ascii=False)
                    yield f"event: club\ndata: {data}\n\n"
                    time.sleep(interval)  # latest wins: what came meanwhile is in the next
            finally:
                with lock:
                    streams["open"] -= 1

        return Response(
            stream(),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def _scope() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        games = club.store.games(
            evening=request.args.get("evening") or None, game=request.args.get("game") or None
        )
        return league.league(games), games

    @app.get("/api/club/league.csv")
    def league_csv():
        lines, _ = _scope()
        return Response(
            league.to_csv(lines),
            mimetype="text/csv",
            headers={"Content-Disposition": 'attachment; filename="league.csv"'},
        )

    @app.get("/api/club/league.json")
    def league_json():
        lines, games = _scope()
        return Response(league.to_json(lines, games), mimetype="application/json")

    @app.get("/api/club/games/<table>/<game_id>.jsonl")
    def record(table: str, game_id: str):
        try:
            rows = club.store.record(table, game_id)
        except LookupError as e:
            return jsonify({"error": str(e)}), 404
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        name = f"{table}-{game_id}.jsonl"
        return Response(
            text,
            mimetype="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    return app
