"""A page whose live updates the server refuses says why, and gets them once it may."""

from __future__ import annotations

from playwright.sync_api import expect

from companion.dashboard.streams import StreamLimits

from ..dashboard.crowd import Dashboard, RawStream


def test_a_refused_page_says_why_and_connects_when_a_place_is_free(browser, tmp_path):
    dash = Dashboard(tmp_path, StreamLimits(pool=2, per_address=1, retry_after_s=1))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    other_tab = RawStream(dash.port)  # this address's one place
    try:
        assert other_tab.read_status() == 200
        page.goto(f"http://127.0.0.1:{dash.port}/")
        banner = page.locator("#reconnecting")
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_contain_text("too many live pages from your address (1 at most)")
        expect(banner).to_contain_text("Trying again in 5 s")
        other_tab.close()
        dash.service.start_game(["Ana", "Ben"], game="hinkel-stein", options={})
        expect(banner).to_be_hidden(timeout=15_000)  # the page retries after 5 to 8 s
        expect(page.locator("#awaiting")).to_contain_text("heavier or lighter", timeout=5_000)
    finally:
        context.close()
        other_tab.close()
        dash.close()
    assert errors == [], f"errors in the page's scripts: {errors}"
