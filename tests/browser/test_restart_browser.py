"""An open dashboard follows a companion killed and restarted: never stale.

A restarted companion counts its versions from 0 again; the page orders snapshots by
version only within one instance of the companion, so after the restart it shows the
restarted companion's state (here: after another tablet acted on it), not the old one.
A real ``companion run`` process, killed with SIGKILL, and a real browser page.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from ..dashboard.server_process import ServerProcess

START = {
    "players": ["Ana", "Ben", "Cleo", "Dora"],
    "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]},
}
BEFORE = [
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 2},
    {"type": "place", "player": "Ben", "stones": ["H5"], "space": "L2"},
]  # fmt: skip
AFTER = {"type": "call", "player": "Ana", "calls": "Cleo"}  # another tablet, after the restart


def test_an_open_page_shows_the_restarted_companions_state(tmp_path, browser):
    server = ServerProcess(tmp_path)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        server.post("/api/session", {"pin": server.pin})
        server.post("/api/games", START)
        for a in BEFORE:
            server.post("/api/actions", a)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        expect(page.locator("#awaiting")).to_contain_text("Ana")  # Ana calls next
        old = server.get("/api/state")
        stale_text = page.locator("#awaiting").inner_text()

        server.kill()
        server = ServerProcess(tmp_path, port=server.port)  # the same address
        server.post("/api/session", {"pin": server.pin})
        now = server.post("/api/actions", AFTER)
        # the premise: the restarted companion's versions are behind the page's
        assert now["instance"] != old["instance"] and now["version"] < old["version"], (
            now["version"],
            old["version"],
        )
        fresh = context.new_page()  # how a page opened now shows the state
        fresh.goto(server.url)
        expect(fresh.locator("#awaiting")).to_contain_text("Cleo")  # called: Cleo stakes
        assert fresh.locator("#awaiting").inner_text() != stale_text
        shown = fresh.locator("#awaiting").inner_text()

        # the page open across the restart shows it too, once it has reconnected
        expect(page.locator("#awaiting")).to_have_text(shown, timeout=5000)
        expect(page.locator("#link")).not_to_have_class(re.compile(r"\bdown\b"))
        assert errors == [], errors
    finally:
        context.close()
        server.kill()
