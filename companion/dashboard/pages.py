"""The dashboard page and its web app manifest; assets are served from ``web/static``."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, send_from_directory

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    return render_template("index.html")


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(
        current_app.static_folder, "manifest.webmanifest", mimetype="application/manifest+json"
    )
