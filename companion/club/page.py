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

from ..dashboard import language_api
from ..i18n.catalogues import SOURCE_LANGUAGE, known, render
from ..i18n.wire import from_wire
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

    app.register_blueprint(language_api.bp)
    streams = {"open": 0}
    lock = threading.Lock()

    @app.get("/")
    def page():
        return render_template("club.html")

    said = SaidView(club)

    @app.get("/api/club")
    def view():
        return jsonify(said.view(language_api.page_lang()))

    @app.get("/api/club/events")
    def events():
        with lock:
            if streams["open"] >= app.config["MAX_STREAMS"]:
                return jsonify({"error": "too many club pages are open; try again soon"}), 503
            streams["open"] += 1
        lang = language_api.page_lang()  # the page opens a new stream when it switches
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
                    data = json.dumps(said.view(lang), ensure_ascii=False)
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


class SaidView:
    """The club's view with each table's warnings and device details in a page's
    language: from the messages the table published beside its English (``warning_msgs``,
    ``detail_msg``: ``companion.i18n.wire``), said from the club's own catalogue. An old
    table's, or a message this catalogue does not know, stays in the English it came
    with. Built once per view version and language."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self._lock = threading.Lock()
        self._said: dict[str, tuple[int, dict[str, Any]]] = {}

    def view(self, lang: str) -> dict[str, Any]:
        view = self.club.view()
        if lang == SOURCE_LANGUAGE:
            return view  # the English came with the message
        with self._lock:
            cached = self._said.get(lang)
            if cached is not None and cached[0] == view["version"]:
                return cached[1]
        out = {**view, "tables": [_table_in(t, lang) for t in view["tables"]]}
        with self._lock:
            self._said[lang] = (view["version"], out)
        return out


def _said(english: Any, message: Any, lang: str) -> Any:
    """``message`` (its wire form) in ``lang``; ``english`` when there is none or it is
    not one this club can say."""
    if message is None:
        return english
    try:
        return render(from_wire(message, known), lang)
    except (ValueError, KeyError, IndexError, TypeError):
        return english


def _table_in(table: dict[str, Any], lang: str) -> dict[str, Any]:
    summary = table.get("summary")
    if not isinstance(summary, dict):
        return table
    out = dict(summary)
    warnings, msgs = summary.get("warnings"), summary.get("warning_msgs")
    if isinstance(warnings, list) and isinstance(msgs, list) and len(msgs) == len(warnings):
        out["warnings"] = [_said(w, m, lang) for w, m in zip(warnings, msgs, strict=True)]
    devices = summary.get("devices")
    if isinstance(devices, dict):
        out["devices"] = {
            name: {**d, "detail": _said(d.get("detail"), d.get("detail_msg"), lang)}
            if isinstance(d, dict)
            else d
            for name, d in devices.items()
        }
    return {**table, "summary": out}
