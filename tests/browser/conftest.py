"""Browser tests: Playwright driving Debian's chromium (no browser download).

Without a browser they skip with a reason, except under CI (``CI=true``), where a
missing browser is a failure (``.ci/run`` installs it).
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from companion.dashboard import create_app
from companion.referee.service import GameService

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    exe = _chromium()
    if sync_playwright is None or exe is None:
        why = "playwright is not installed" if sync_playwright is None else "no chromium on PATH"
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests need a browser under CI: {why}")
        pytest.skip(f"browser tests skipped: {why} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield b
        b.close()


class LiveServer:
    """The dashboard on waitress in this process, restartable on the same port."""

    def __init__(self, state_dir, port: int = 0):
        from waitress.server import create_server

        self.state_dir = state_dir
        self.service = GameService(state_dir)
        self.app = create_app(self.service, test_config={"SSE_KEEPALIVE_S": 1.0})
        self.server = create_server(self.app, host="127.0.0.1", port=port, threads=8)
        self.port = self.server.effective_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    @property
    def pin(self) -> str:
        """The table PIN now (a new one after each use)."""
        return self.app.extensions["companion.pairing"].code

    def _run(self) -> None:
        try:
            self.server.run()
        except OSError:  # waitress's loop sees its sockets closed under it by stop()
            if not self.stopping:
                raise

    def stop(self):
        self.stopping = True
        self.service.close()  # ends the event streams first
        self.server.close()
        self.thread.join(5)


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.stop()


@pytest.fixture
def page(browser, live):
    """A tablet-sized page on the live dashboard; confirmations (undo) are accepted."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())  # the undo confirmation
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.url)
    yield page
    context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"


def shot(page, name: str, tmp_path: Path) -> None:
    """A screenshot: into docs/screenshots/ with UPDATE_SCREENSHOTS=1 (then commit them),
    else beside the test's other files (a test run never changes the checkout)."""
    folder = SHOTS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else tmp_path
    page.screenshot(path=str(folder / name))


def unlock(page, pin: str) -> None:
    """Enter the table PIN in the dialog."""
    from playwright.sync_api import expect

    page.click("#btn-pin")
    page.fill("#pin-input", pin)
    page.click("#pin-form button[value=ok]")
    expect(page.locator("#btn-pin")).to_have_text("Lock")
