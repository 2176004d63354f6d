"""The Stein auf Stein page in a real browser: a game started from the dialog, the die
tapped, a lift tapped on the building site, a turn seen by the camera, a block knocked
over, undo, the sound switch, and a whole game to the crowned winner on one ruler; the
page at the three sizes with screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.games.stein_auf_stein import to_record
from companion.games.stein_auf_stein.random_player import RandomPlayer
from companion.sensing.observations import AreaSeen, BlocksSeen, DieSeen

from .conftest import LiveServer, shot, unlock
from .test_layout_browser import SIZES, Checks, open_page

GAME = "stein-auf-stein"
RED = "rgb(179, 38, 30)"


def ids(live):
    return [b.id for b in live.service.game_state.catalogue.blocks]


def play(live, seed, *, until):
    """Seeded random legal actions entered on the tablet until ``until(state)``."""
    player = RandomPlayer(seed)
    for _ in range(400):
        state = live.service.game_state
        if until(state):
            return
        live.service.submit(to_record(player.choose(state)))
    raise AssertionError(f"seed {seed}: the condition never came")


def test_a_game_is_started_rolled_and_a_lift_tapped_in(page, live, tmp_path):
    unlock(page, live.pin)
    page.click("#btn-new")
    page.check("#new-game-sas")
    expect(page.locator("#new-players input")).to_have_count(4)
    page.locator("#new-players input").nth(0).fill("Mia")
    page.locator("#new-players input").nth(1).fill("Noah")
    expect(page.locator("#new-sas-looks select")).to_have_count(2)
    page.select_option("#new-sas-looks select[data-player=Noah]", "cat")
    page.select_option("#new-sas-variant", "basic")
    page.click("#new-form button[value=ok]")
    expect(page.locator("#awaiting")).to_have_text("Mia rolls the die")
    expect(page.locator("#sas-turn .sas-turn-name")).to_have_text("Mia")
    expect(page.locator("#sas-site .sas-block")).to_have_count(18)
    expect(page.locator("#sas-players [data-player=Noah] .sas-pic")).to_have_attribute(
        "data-picture", "cat"
    )

    page.click("#sas-choices button[data-colour=red]")  # the camera could not see the die
    expect(page.locator("#awaiting")).to_have_text("Mia fishes a red block with the crane")
    expect(page.locator("#sas-die")).to_have_css("background-color", RED)
    page.click("#sas-site button[data-block=R2]")
    page.click("#sas-site button[data-block=B1]")
    expect(page.locator("#sas-lift")).to_have_text("✓ R2 B1")
    page.click("#sas-lift")
    expect(page.locator("#awaiting")).to_have_text("Noah rolls the die")
    expect(page.locator("#sas-site .sas-block")).to_have_count(17)  # B1 went back
    expect(page.locator("#sas-rows [data-player=Mia] rect.sas-bar")).to_have_count(1)
    expect(page.locator("#sas-turns li").first).to_contain_text("Mia: ✓ R2 ↩ B1")
    assert page.evaluate("document.body.dataset.sasChirps") == "1"  # a block won: a tune

    page.click("#sas-sound")  # the sound off
    expect(page.locator("#sas-sound")).to_have_attribute("data-on", "0")
    page.click("#sas-choices button[data-colour=green]")
    page.click("#sas-nothing")
    expect(page.locator("#awaiting")).to_have_text("Mia rolls the die")
    page.click("#sas-undo")
    expect(page.locator("#banners")).to_contain_text("Undone. Noah tries with the crane again")
    expect(page.locator("#awaiting")).to_have_text("Noah fishes a green block with the crane")
    shot(page, "stein-auf-stein.png", tmp_path)


def test_the_pictures_chosen_are_kept_by_the_companion_across_a_restart(browser, tmp_path):
    live = LiveServer(tmp_path / "state")
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(live.url)
        unlock(page, live.pin)
        page.click("#btn-new")
        page.check("#new-game-sas")
        page.locator("#new-players input").nth(0).fill("Mia")
        page.locator("#new-players input").nth(1).fill("Noah")
        page.select_option("#new-sas-looks select[data-player=Noah]", "cat")
        page.click("#new-form button[value=ok]")
        noah = "#sas-players [data-player=Noah] .sas-pic"
        expect(page.locator(noah)).to_have_attribute("data-picture", "cat")
        page.click("#sas-players [data-player=Mia]")  # a tap: Mia's next picture (star -> heart)
        mia = "#sas-players [data-player=Mia] .sas-pic"
        expect(page.locator(mia)).to_have_attribute("data-picture", "heart")
        looks = live.service.snapshot()["game"]["looks"]
        assert {p: v["picture"] for p, v in looks.items()} == {"Mia": "heart", "Noah": "cat"}
        context.close()
        port = live.port
        live.stop()
        live = LiveServer(tmp_path / "state", port=port)  # a restart: the same game resumed
        fresh = browser.new_context(viewport={"width": 1280, "height": 800})  # another tablet
        page = fresh.new_page()
        page.goto(live.url)
        expect(page.locator(noah)).to_have_attribute("data-picture", "cat")
        expect(page.locator(mia)).to_have_attribute("data-picture", "heart")
        fresh.close()
    finally:
        live.stop()


def test_the_camera_plays_a_turn_and_a_knocked_over_block_is_shown(page, live):
    live.service.start_game(["Mia", "Noah"], game=GAME)
    expect(page.locator("#awaiting")).to_have_text("Mia rolls the die")
    everything = tuple(ids(live))
    live.service.observe(BlocksSeen(1.0, GAME, everything))
    live.service.observe(DieSeen(2.0, GAME, None, "rolling"))
    live.service.observe(DieSeen(3.0, GAME, "blue"))
    expect(page.locator("#awaiting")).to_have_text("Mia fishes a blue block with the crane")
    rest = tuple(b for b in everything if b not in ("B3", "G2"))
    live.service.observe(
        BlocksSeen(4.0, GAME, rest, ("G2",), (AreaSeen("player1", ("B3",), 90.0),))
    )
    expect(page.locator("#awaiting")).to_have_text("Noah rolls the die")
    expect(page.locator("#sas-site [data-block=G2]")).to_have_class(re.compile(r"\bturned\b"))
    expect(page.locator("#sas-site [data-block=G2]")).to_have_text("↻")
    expect(page.locator("#banners")).to_contain_text("Turn the green block G2 back")
    expect(page.locator("#sas-rows [data-player=Mia] rect[data-block=B3]")).to_have_count(1)


@pytest.mark.parametrize("variant", ["basic", "master-tower"])
def test_a_whole_game_ends_with_the_winner_crowned_on_one_ruler(page, live, variant):
    live.service.start_game(["Mia", "Noah", "Lea"], game=GAME, options={"variant": variant})
    play(live, 5, until=lambda s: s.finished)
    state = live.service.game_state
    expect(page.locator("#awaiting")).to_contain_text("Game over")
    expect(page.locator("#sas-turn .sas-turn-card.winner")).to_have_count(len(state.winners))
    for w in state.winners:
        expect(page.locator(f"#sas-rows [data-player={w}] .icon-crown")).to_have_count(1)
    expect(page.locator("#sas-rows .sas-ruler text").first).to_be_visible()
    expect(page.locator("#sas-rows g.sas-build")).to_have_count(3)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_page_fits_this_size(browser, live, tmp_path, size):
    live.service.device_status("camera", "simulated", "the test's camera")
    context, page, errors = open_page(browser, live, size)
    check = Checks(page, size)
    try:
        live.service.start_game(["Mia", "Noah", "Lea"], game=GAME, options={"variant": "basic"})
        play(live, 3, until=lambda s: s.turn_no >= 9 and s.rolled is not None)
        state = live.service.game_state
        site = tuple(sorted(state.site))
        live.service.observe(BlocksSeen(1.0, GAME, site[1:], (site[0],)))
        check("a lift", live.service.snapshot()["view"]["awaiting_text"])
        shot(page, f"stein-auf-stein-{size}.png", tmp_path)
        live.service.confirm()
        play(live, 3, until=lambda s: s.finished)
        live.service.observe(BlocksSeen(2.0, GAME, tuple(live.service.game_state.site)))
        check("the end", live.service.snapshot()["view"]["awaiting_text"])
        shot(page, f"stein-auf-stein-end-{size}.png", tmp_path)
        live.service.start_game(["Mia"], game=GAME, options={"variant": "solo"})
        check("solo", "Mia rolls the die")
        check.same_bar_height()
    finally:
        context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"


def test_the_page_says_plainly_that_piling_and_a_towers_height_are_tapped(page, live):
    from companion.games.stein_auf_stein import queries as q
    from companion.tables.stein_auf_stein import view

    live.service.start_game(["Mia", "Noah"], game=GAME, options={"variant": "master-tower"})
    expect(page.locator("#sas-tapped-pile")).to_have_count(0)
    play(live, 7, until=lambda s: q.awaiting(s) is not None and q.awaiting(s).action == "pile")
    expect(page.locator("#sas-tapped-pile")).to_contain_text("cannot see which block goes on")
    options = {"variant": "tower", "scoring": "measured"}
    live.service.start_game(["Mia", "Noah"], game=GAME, options=options)
    play(live, 7, until=lambda s: any(c["type"] == "measure" for c in view.choices(s)))
    expect(page.locator("#sas-tapped-height")).to_contain_text("cannot see a tower's height")
