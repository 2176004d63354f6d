"""The dashboard in a real browser: start a game, play a round by tapping and by sensor
events, undo, and reconnect after the server restarts."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from companion.sensing.observations import LoadShifted, ScaleSettled, StoneAdded

from ..dashboard.server_process import ServerProcess
from .conftest import shot, unlock

X = {"L2": -180.0, "L1": -110.0, "R1": 110.0, "R2": 180.0}


def tap(page, label):
    page.locator("#choices button", has_text=re.compile(f"^{re.escape(label)}$")).first.click()


def test_a_round_is_played_by_tapping_and_by_sensor_events(page, live, tmp_path):
    server = live
    expect(page.locator("#awaiting")).to_have_text("Start a new game")
    unlock(page, server.pin)
    page.click("#btn-new")
    for i, name in enumerate(["Ana", "Ben", "Cleo", "Dora"]):
        page.locator("#new-players input").nth(i).fill(name)
    page.check("#new-enter-deal")
    for name, kind in (
        ("Ana", "pillar"),
        ("Ben", "hinkelstein"),
        ("Cleo", "quartz"),
        ("Dora", "boulder"),
    ):
        page.select_option(f"#new-deal select[data-player={name}]", kind)
    page.click("#new-form button[value=ok]")
    expect(page.locator("#awaiting")).to_have_text("Ana chooses: heavier or lighter side wins")

    tap(page, "Heavier side wins")
    expect(page.locator("#awaiting")).to_have_text("Ana calls who places next")
    tap(page, "Ben")
    tap(page, "Add 2")
    tap(page, "H5 on L2")
    expect(page.locator("#scale")).to_contain_text("H5")
    # the rest of the round: calls and stakes tapped elsewhere, stones seen by the scale
    t = iter(range(1, 100))
    for who, stake, mass, space in (
        ("Cleo", 4, 30.2, "R2"),
        ("Dora", 1, 69.8, "R1"),
        ("Ana", 1, 60.1, "L1"),
    ):
        server.service.submit({"type": "call", "player": "Ana", "calls": who})
        server.service.submit({"type": "stake", "player": who, "add": stake})
        server.service.observe(StoneAdded(float(next(t)), mass, X[space], space))
        server.service.observe(ScaleSettled(float(next(t)), 600.0, -900.0, "left", 6.0))
    expect(page.locator("#awaiting")).to_have_text("Waiting for the scale to settle")
    expect(page.locator("#scale")).to_contain_text("Q1")
    expect(page.locator("#scale-facts")).to_contain_text("Tilt margin: 6 g")
    shot(page, "dashboard-round.png", tmp_path)
    # Dora nudges the Stone of Fate 40 mm to the right: shown where it lies, not yet recorded
    server.service.observe(LoadShifted(float(next(t)), 75.0 * 40))
    server.service.observe(ScaleSettled(float(next(t)), 600.0, -600.0, "left", 4.0))
    expect(page.locator("#scale circle.fate-moving")).to_have_attribute("cx", "-20")
    assert '"fate"' not in server.service.record_jsonl()
    page.locator(
        "#choices button", has_text="Done: no boulder, no Stone of Fate"
    ).click()  # Dora is done
    # pot 2+2+4+1+1 = 10: left (Ben, Ana) wins, 5 each; Cleo's Q1 on R2 makes her chieftain
    expect(page.locator("#awaiting")).to_have_text("Cleo chooses: heavier or lighter side wins")
    expect(page.locator("#players")).to_contain_text("5")
    expect(page.locator("#history li").first).to_contain_text("Pass 1 round 1: left down, left won")
    assert '{"type": "fate", "player": "Dora", "x": -20}' in server.service.record_jsonl()

    page.click("#btn-undo")
    expect(page.locator("#awaiting")).to_have_text("Waiting for the scale to settle")
    expect(page.locator("#banners")).to_contain_text("the stones go back on the scale")


def test_the_page_follows_the_game_after_the_server_restarts(browser, tmp_path):
    server = ServerProcess(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        server.post("/api/session", {"pin": server.pin})
        server.post(
            "/api/games",
            {
                "players": ["Ana", "Ben"],
                "deal": {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]},
            },
        )
        page.goto(server.url)
        expect(page.locator("#awaiting")).to_have_text("Ana chooses: heavier or lighter side wins")
        server.kill()  # power cut: the page loses its event stream
        expect(page.locator("#reconnecting")).to_be_visible(timeout=10_000)
        shot(page, "dashboard-reconnecting.png", tmp_path)
        server = ServerProcess(tmp_path, port=server.port)
        server.post("/api/session", {"pin": server.pin})
        server.post("/api/actions", {"type": "condition", "player": "Ana", "wins": "lighter"})
        expect(page.locator("#reconnecting")).to_be_hidden(timeout=15_000)
        expect(page.locator("#awaiting")).to_have_text("Ana calls who places next", timeout=15_000)
        expect(page.locator("#scale-facts")).to_contain_text("lighter side")
    finally:
        context.close()
        server.kill()


def test_without_the_pin_no_decision_can_be_made(page, live, tmp_path):
    live.service.start_game(
        ["Ana", "Ben", "Cleo"],
        deal={"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["boulder"]},
    )
    expect(page.locator("#choices")).to_contain_text("Unlock with the table PIN")
    expect(page.locator("#choices button").first).to_be_disabled()
    shot(page, "dashboard-locked.png", tmp_path)


def test_earlier_games_are_listed_a_page_at_a_time(page, live):
    """The history comes in pages of 50, newest first; "Older games" appends the rest."""
    for i in range(53):
        live.service.start_game(
            [f"A{i}", f"B{i}"],
            deal={f"A{i}": ["pillar", "quartz"], f"B{i}": ["hinkelstein", "boulder"]},
        )
    page.reload()
    page.click("#games-box summary")
    games = page.locator("#games > li:not(.older)")
    expect(games).to_have_count(50)
    page.click("#games button.older")
    expect(games).to_have_count(53)
    expect(page.locator("#games button.older")).to_have_count(0)
    texts = games.all_inner_texts()
    # every game once, newest first (also those started in the same second)
    assert [re.search(r"A\d+", t).group() for t in texts] == [f"A{i}" for i in range(52, -1, -1)]
    assert sum("(this game)" in t for t in texts) == 1


def test_the_welcome_asks_to_unlock_only_a_locked_tablet(page, live):
    """With no game, the welcome says "unlock first" to a locked tablet, not after."""
    expect(page.locator("#page-none")).to_be_visible()
    expect(page.locator("#welcome-unlock")).to_be_visible()
    unlock(page, live.pin)
    expect(page.locator("#welcome-unlock")).to_be_hidden()
    page.click("#btn-pin")  # lock again
    expect(page.locator("#btn-pin")).to_have_text("Unlock")
    expect(page.locator("#welcome-unlock")).to_be_visible()
