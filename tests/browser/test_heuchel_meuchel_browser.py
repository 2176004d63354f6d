"""The Heuchel & Meuchel page in a real browser: a game started from the dialog, a whole
turn (a move tapped, a favour taken, the camera's move), the hidden-stack rule on the
shared page, and a player's private view on a phone opened with his seat code."""

from __future__ import annotations

from itertools import count

from playwright.sync_api import expect

from companion.sensing.observations import CellChange, CellsChanged
from companion.tables.heuchel_meuchel.cells import expected

from .conftest import shot, unlock

T = count(1)
#: Ana's Fire-Eaters 5 on 2 on 1; every player one card of every other class but Ana.
STACKS = {
    "Ana": [["F5", "F2", "F1"], ["M1"], ["Q1"], ["B1"]],
    "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
    "Cid": [["F4"], ["M3"], ["Q3"], ["L3"], ["B3"], ["P3"]],
}


def square(page, cell):
    return page.locator(f"#hm-board [data-cell={cell}]")


def see(live, cells: dict[str, str]) -> None:
    changes = tuple(CellChange(c, "unknown", v, 0.95) for c, v in cells.items())
    live.service.observe(CellsChanged(float(next(T)), "heuchel-meuchel", changes))


def start(live) -> None:
    live.service.start_game(list(STACKS), game="heuchel-meuchel", stacks=STACKS)
    see(live, expected(live.service.game_state))


def test_a_game_is_started_from_the_dialog(page, live):
    unlock(page, live.pin)
    page.click("#btn-new")
    page.check("#new-game-hm")
    expect(page.locator("#new-hm-options")).to_be_visible()
    for i, name in enumerate(["Ana", "Ben"]):
        page.locator("#new-players input").nth(i).fill(name)
    page.check("#new-hm-dice")
    page.click("#new-form button[value=ok]")
    expect(page.locator("#awaiting")).to_have_text("Ana must roll the die")
    expect(page.locator("#hm-choices button")).to_have_count(6)  # the die's faces
    page.locator("#hm-choices button", has_text="rolled a 6").click()
    expect(page.locator("#hm-board .hm-square.movable").first).to_be_visible()


def test_a_whole_turn_tapped_and_seen_and_stacks_stay_hidden(page, live, tmp_path):
    start(live)
    unlock(page, live.pin)
    expect(page.locator("#awaiting")).to_have_text("Ana must move a card or stack")
    # the shared page: the top card and the count, never the cards below
    expect(square(page, "c1r1")).to_contain_text("F5")
    expect(square(page, "c1r1")).to_contain_text("×3")
    board = page.locator("#page-heuchel-meuchel").inner_text()
    assert "F2" not in board.replace(" ", "") and "F1" not in board.replace(" ", "")
    expect(page.locator("#record-link")).to_be_hidden()  # it lists the hidden cards
    state = page.evaluate("JSON.stringify(snap)")
    assert '"F2"' not in state and '"F1"' not in state
    # Ana taps her Bishop (row 5): its target, row 6, lights up; she taps it
    square(page, "c1r5").click()
    expect(page.locator("#hm-board .hm-square.target")).to_have_count(1)
    square(page, "c1r6").click()
    expect(page.locator("#awaiting")).to_have_text("Ben must move a card or stack")
    # the camera still sees the Bishop on row 5: a dashed mark says where it differs
    expect(square(page, "c1r5")).to_have_class("hm-square start camera-differs")
    see(live, {"c1r5": "empty", "c1r6": "B1"})
    # Ben's Fire-Eater jumps to row 7, seen by the camera; Cid's joins it and takes a favour
    see(live, {"c2r1": "empty", "c2r7": "F3"})
    see(live, {"c3r1": "empty", "c3r7": "F4"})
    expect(page.locator("#awaiting")).to_contain_text("Cid may take favours")
    expect(square(page, "c2r7")).to_have_class("hm-square takeable")
    square(page, "c2r7").click()
    page.locator("#hm-pick button", has_text="the top card").click()
    expect(square(page, "c3r7")).to_contain_text("×2")
    expect(square(page, "c2r7")).not_to_contain_text("F3")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("window.scrollTo(0, 0)")  # the page from its top, as a player first sees it
    shot(page, "heuchel-meuchel-1024x768.png", tmp_path)
    page.locator("#hm-choices button", has_text="end the turn").click()
    expect(page.locator("#awaiting")).to_have_text("Ana must move a card or stack")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "heuchel-meuchel-390x844.png", tmp_path)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone page scrolls sideways: {width} px"


def test_a_seat_code_opens_a_players_own_cards_on_a_phone(page, live, browser, tmp_path):
    start(live)
    unlock(page, live.pin)
    page.click("#hm-codes-btn")
    expect(page.locator("#hm-codes .hm-code")).to_have_count(3)
    ana_code = page.locator("#hm-codes .hm-code", has_text="Ana").locator("code").inner_text()
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    try:
        phone.goto(live.url + "/seat")
        phone.fill("#seat-code", ana_code.lower())
        phone.click("#seat-form button")
        expect(phone.locator("#seat-title")).to_have_text("Ana's stacks")
        expect(phone.locator("#seat-mine")).to_contain_text("F1")  # her hidden cards
        expect(phone.locator("#seat-score")).to_contain_text("Your score")
        shot(phone, "heuchel-meuchel-seat-390x844.png", tmp_path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
    finally:
        phone.context.close()
    # without a session there are no codes
    watcher = browser.new_context().new_page()
    try:
        watcher.goto(live.url)
        expect(watcher.locator("#hm-codes-btn")).to_be_hidden()
    finally:
        watcher.context.close()


def test_a_restarted_companion_resumes_the_game_from_its_journal(page, live, tmp_path):
    from .conftest import LiveServer

    start(live)
    see(live, {"c1r1": "F1", "c1r4": "F5"})  # Ana's top two Fire-Eaters jump to row 4
    expect(square(page, "c1r4")).to_contain_text("×2")
    live.stop()
    again = LiveServer(tmp_path, port=live.port)  # the same state directory and address
    try:
        assert again.service.game_state.unit(0, 4).cards == ("F5", "F2")
        page.goto(again.url)
        expect(square(page, "c1r4")).to_contain_text("F5")
        expect(square(page, "c1r4")).to_contain_text("×2")
        expect(page.locator("#awaiting")).to_have_text("Ben must move a card or stack")
        # the camera goes on: the new referee learns the board, then Ben's move is recorded
        changes = tuple(
            CellChange(c, "unknown", v, 0.95) for c, v in expected(again.service.game_state).items()
        )
        again.service.observe(CellsChanged(100.0, "heuchel-meuchel", changes))
        again.service.observe(
            CellsChanged(
                101.0,
                "heuchel-meuchel",
                (CellChange("c2r1", "F3", "empty", 1), CellChange("c2r7", "empty", "F3", 1)),
            )
        )
        expect(square(page, "c2r7")).to_contain_text("F3")
        expect(page.locator("#awaiting")).to_have_text("Cid must move a card or stack")
    finally:
        again.stop()
        live.stop = lambda: None  # already stopped
