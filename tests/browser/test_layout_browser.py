"""The page at the three sizes that matter, for every game's page: 1024x768 landscape
(the tablet at the table), 800x1280 portrait and a 390x844 phone.

Each size walks through the no-game page, Hinkel & Stein and Stein im Brett, with short
and long texts in the top bar (a 60-character name among them), and checks what a player
relies on: nothing overflows sideways, the top bar keeps one height and stays on screen,
who must act is written at 22 px or more on one line (two on a phone) and what he may do
is not cut off, every target is at least 48 px and no two buttons touch, disabled buttons
look disabled. The
screenshots go to docs/screenshots/ with UPDATE_SCREENSHOTS=1 (README's dashboard
section shows them). Then the page's small items: the new-game dialog on a phone and its
deal, the Stone of Fate dialog, Manual entry, a table without load cells, the undo
banner and the board after the game.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.games.common.records import NAME_MAX_CHARS
from companion.games.hinkel_stein.random_player import RandomPlayer as HinkelSteinPlayer
from companion.games.hinkel_stein.record import to_record
from companion.games.stein_im_brett.random_player import RandomPlayer as SteinImBrettPlayer
from companion.sensing.observations import CellChange, CellsChanged

from .conftest import shot

SIZES = {"1024x768": (1024, 768), "800x1280": (800, 1280), "390x844": (390, 844)}
PHONE = "390x844"
#: one word as long as a name may be (24 characters, wide letters): nothing to break it
#: at but the page's own rules
LONG = "WMWolfeschlegelsteinhausenbergerdorff"[:NAME_MAX_CHARS]
DEAL4 = {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["quartz"], "Dora": ["boulder"]}
COLOURS = {"Ana": ["red", "yellow"], "Ben": ["green", "blue"], "Cleo": ["white", "black"]}

# What the page looks like to a player, measured in the browser.
MEASURE = """() => {
  const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const bar = document.querySelector(".topbar").getBoundingClientRect();
  const aw = document.getElementById("awaiting");
  const box = aw.getBoundingClientRect();
  const what = aw.querySelector(".what");
  const whatRects = what ? [...what.getClientRects()] : [];
  const small = [];
  for (const e of document.querySelectorAll("button, select, input, summary, a[href]")) {
    if (!seen(e)) continue;
    const target = (e.type === "radio" || e.type === "checkbox") && e.closest("label") || e;
    const r = target.getBoundingClientRect();
    if (r.width < 47.5 || r.height < 47.5) {
      small.push(`${e.id || e.textContent.trim().slice(0, 30) || e.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  for (const hex of document.querySelectorAll(".hexboard .tappable .hex")) {  // a board's free fields
    const r = hex.getBoundingClientRect();
    if (r.width && (r.width < 47.5 || r.height < 47.5)) small.push(`field ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  const looksEnabled = [...document.querySelectorAll("button:disabled")].filter(seen).filter((b) => {
    const cs = getComputedStyle(b);
    return cs.cursor !== "not-allowed" || !(cs.borderTopStyle === "dashed" || Number(cs.opacity) < 0.6);
  }).map((b) => b.textContent.trim());
  const boxes = [...document.querySelectorAll("button")].filter(seen).map((b) => [b, b.getBoundingClientRect()]);
  const touching = [];
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const apart = Math.max(q.left - p.right, p.left - q.right, q.top - p.bottom, p.top - q.bottom);
    if (apart < 6) touching.push(`${a.textContent.trim()} / ${b.textContent.trim()}: ${Math.round(apart)} px`);
  }));
  return {
    touching,
    scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
    barHeight: bar.height, awFont: parseFloat(getComputedStyle(aw).fontSize),
    awLineHeight: parseFloat(getComputedStyle(aw).lineHeight), awHeight: box.height, awWidth: box.width,
    whatLines: new Set(whatRects.map((r) => Math.round(r.bottom))).size,
    whatRight: whatRects.length ? Math.max(...whatRects.map((r) => r.right)) : 0, awRight: box.right,
    text: aw.textContent, small, looksEnabled,
  };
}"""


def open_page(browser, live, size: str, *, locale: str | None = None):
    """A fresh tablet of this size on the live dashboard (its browser set to ``locale``
    if given), unlocked with the table PIN (through the API, so that these tests do not
    depend on the PIN dialog's design)."""
    width, height = SIZES[size]
    extra = {"locale": locale} if locale else {}
    context = browser.new_context(viewport={"width": width, "height": height}, **extra)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.goto(live.url)
    status = page.evaluate(
        """async (pin) => (await fetch("/api/session", {method: "POST",
             headers: {"Content-Type": "application/json", "X-Companion": "1"},
             body: JSON.stringify({pin})})).status""",
        live.pin,
    )
    assert status == 200
    page.reload()
    expect(page.locator("#btn-pin")).not_to_have_text("Unlock")
    return context, page, errors


class Checks:
    """Every check of one size, collected over several snapshots of the page."""

    def __init__(self, page, size: str):
        self.page, self.size = page, size
        self.bar_heights: dict[str, float] = {}
        self.lines = 2 if size == PHONE else 1

    def __call__(self, what: str, text: str) -> dict:
        """Wait until the top bar says ``text``, then check the page as it is."""
        page = self.page
        expect(page.locator("#awaiting")).to_have_text(text)
        m = page.evaluate(MEASURE)
        where = f"{self.size}, {what} ({text!r})"
        assert m["scrollWidth"] <= m["innerWidth"], (
            f"{where}: the page is {m['scrollWidth']} px wide"
        )
        assert m["awFont"] >= 22, f"{where}: who acts is written at {m['awFont']} px"
        # one line (two on a phone) across the whole bar: never squeezed a word a line
        assert m["awWidth"] >= 0.9 * (m["innerWidth"] - 32), f"{where}: squeezed to {m['awWidth']}"
        assert m["whatLines"] <= self.lines, f"{where}: {m['whatLines']} lines"
        assert m["awHeight"] <= self.lines * m["awLineHeight"] + 1, f"{where}: {m['awHeight']} px"
        if self.lines == 1:  # what he may do is shown whole; only a long name gives way
            assert m["whatRight"] <= m["awRight"] + 1, f"{where}: what he may do is cut off"
        assert m["small"] == [], f"{where}: targets under 48 px: {m['small']}"
        assert m["touching"] == [], f"{where}: buttons touch: {m['touching']}"
        assert m["looksEnabled"] == [], f"{where}: disabled but not looking it: {m['looksEnabled']}"
        # the top bar stays on screen when the page is scrolled
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        top = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().top")
        page.evaluate("window.scrollTo(0, 0)")
        assert abs(top) < 1, f"{where}: the top bar scrolled away (top {top})"
        self.bar_heights[where] = m["barHeight"]
        return m

    def same_bar_height(self) -> None:
        heights = {round(h) for h in self.bar_heights.values()}
        assert len(heights) == 1, f"the top bar's height changed: {self.bar_heights}"


def play_hinkel_stein(live, *, until) -> None:
    """A seeded random Hinkel & Stein game, action by action, until ``until(state)``."""
    player = HinkelSteinPlayer(11)
    while not until(live.service.game_state):
        live.service.submit(to_record(player.choose(live.service.game_state)))


def play_stein_im_brett(live, *, until) -> None:
    """A seeded random Stein im Brett game, turn by turn, until ``until(state)``; then the
    camera sees the board as recorded (the scored round cleared away)."""
    player = SteinImBrettPlayer(3)
    while not until(live.service.game_state):
        choice = player.choose(live.service.game_state)
        live.service.submit(
            {"type": "place", "player": choice.player, "stones": [list(s) for s in choice.stones]}
        )
    state = live.service.game_state
    seen = tuple(
        CellChange(f, "unknown", c or "empty", 0.9)
        for f, c in zip(state.board.ids, state.cells, strict=True)
    )
    live.service.observe(CellsChanged(1.0, "stein-im-brett", seen))


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_fits_this_size(browser, live, tmp_path, size):
    live.service.device_status("load cells", "simulated", "the test's scale")
    live.service.device_status("camera", "simulated", "the test's camera")
    context, page, errors = open_page(browser, live, size)
    check = Checks(page, size)
    try:
        check("no game", "Start a new game")
        shot(page, f"no-game-{size}.png", tmp_path)

        # Hinkel & Stein, into the third round: the scale, choices, players, history
        live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
        play_hinkel_stein(live, until=lambda s: s.round_no == 3 and s.round.filled == 2)
        check("Hinkel & Stein", live.service.snapshot()["view"]["awaiting_text"])
        expect(page.locator("#history li")).to_have_count(2)
        if size == "1024x768":  # two columns: the players whole and the history begun, unscrolled
            bottom = page.evaluate(
                "(s) => document.querySelector(s).getBoundingClientRect().bottom",
                "#page-hinkel-stein .players-panel",
            )
            top = page.evaluate(
                "(s) => document.querySelector(s).getBoundingClientRect().top",
                "#page-hinkel-stein .history-panel",
            )
            assert bottom <= 768 and top < 400, (bottom, top)
        shot(page, f"hinkel-stein-{size}.png", tmp_path)
        # a 60-character name in the top bar, the players, the chart and the scale
        live.service.start_game(
            [LONG, "Ben"], deal={LONG: ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]}
        )
        player = HinkelSteinPlayer(5)
        for _ in range(6):
            check("a long name", live.service.snapshot()["view"]["awaiting_text"])
            live.service.submit(to_record(player.choose(live.service.game_state)))
        expect(page.locator("#players")).to_contain_text(LONG)

        # Stein im Brett, in the second round: the board, colours, bag, scores, turns
        live.service.start_game(list(COLOURS), game="stein-im-brett", options={"colours": COLOURS})
        live.service.submit({"type": "draw", "colour": "green"})
        play_stein_im_brett(live, until=lambda s: s.round_no == 2 and s.free <= 30)
        check("Stein im Brett", live.service.snapshot()["view"]["awaiting_text"])
        assert live.service.snapshot()["warnings"] == []
        expect(page.locator("#sib-last")).to_be_visible()
        shot(page, f"stein-im-brett-{size}.png", tmp_path)
        two = {LONG: ["red", "yellow", "green"], "Ben": ["blue", "white", "black"]}
        live.service.start_game([LONG, "Ben"], game="stein-im-brett", options={"colours": two})
        check("Stein im Brett, a long name", "Draw a stone from the bag: its owner starts")
        live.service.submit({"type": "draw", "colour": "red"})
        check("Stein im Brett, a long name", f"{LONG} places 3 stones")
        expect(page.locator("#sib-players")).to_contain_text(LONG)
        check.same_bar_height()
    finally:
        context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"


# ---- the page's small items -------------------------------------------------------------


def test_the_new_game_dialog_fits_a_phone_and_offers_a_valid_deal(browser, live, tmp_path):
    context, page, errors = open_page(browser, live, PHONE)
    try:
        page.click("#welcome-new")
        expect(page.locator("#new-dialog")).to_be_visible()
        names = page.locator("#new-players input")
        for i, name in enumerate(["Ana", "Ben", "Cleo"]):
            names.nth(i).fill(name)
        page.check("#new-enter-deal")
        deal = page.locator("#new-deal select")
        # preset to a deal the rules allow: three players, the quartz out
        assert [deal.nth(i).input_value() for i in range(3)] == ["pillar", "hinkelstein", "boulder"]
        names.nth(2).fill("")  # two players: two cards each, every kind once
        expect(deal).to_have_count(4)
        assert [deal.nth(i).input_value() for i in range(4)] == [
            "pillar", "hinkelstein", "quartz", "boulder"
        ]  # fmt: skip
        m = page.evaluate(MEASURE)
        assert m["scrollWidth"] <= m["innerWidth"]
        assert m["small"] == [], f"targets under 48 px: {m['small']}"
        # every field lies inside the dialog, and the dialog inside the screen
        cut = page.evaluate("""() => {
          const d = document.getElementById("new-dialog").getBoundingClientRect();
          const out = d.left < 0 || d.right > innerWidth ? ["the dialog"] : [];
          for (const e of document.querySelectorAll("#new-dialog input, #new-dialog select, #new-dialog button")) {
            const r = e.getBoundingClientRect();
            if (r.width && (r.left < d.left || r.right > d.right)) out.push(e.id || e.value || e.tagName);
          }
          return out;
        }""")
        assert cut == [], f"cut off at 390 px: {cut}"
        shot(page, f"new-game-{PHONE}.png", tmp_path)
        page.click("#new-form button[value=ok]")  # the preset deal starts at once
        expect(page.locator("#awaiting")).to_have_text("Ana chooses: heavier or lighter side wins")
        assert live.service.game_state.cards == (("pillar", "hinkelstein"), ("quartz", "boulder"))
    finally:
        context.close()
    assert errors == []


def test_the_stone_of_fate_starts_where_it_lies_and_no_space_can_be_confirmed(browser, live):
    from companion.games.hinkel_stein import queries as q

    live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
    play_hinkel_stein(live, until=q.fate_open)
    context, page, errors = open_page(browser, live, "1024x768")
    try:
        lies = round(live.service.snapshot()["view"]["scale"]["fate_x_mm"])
        page.locator("#choices button", has_text="Stone of Fate moved").click()
        expect(page.locator("#fate-dialog")).to_be_visible()
        expect(page.locator("#fate-x")).to_have_value(str(lies))
        expect(page.locator("#fate-out")).to_have_text(f"{lies} mm")
        expect(page.locator("#fate-confirm")).to_be_enabled()
        page.locator("#fate-x").evaluate(
            "(i) => { i.value = '-87'; i.dispatchEvent(new Event('input')); }"
        )  # on L1 (-135 to -85 mm)
        expect(page.locator("#fate-confirm")).to_be_disabled()
        expect(page.locator("#fate-ok")).to_contain_text("on a placement space: not allowed")
        page.click("#fate-dialog button[data-step='1']")
        page.click("#fate-dialog button[data-step='1']")
        expect(page.locator("#fate-out")).to_have_text("-85 mm")  # the edge: still the space
        expect(page.locator("#fate-confirm")).to_be_disabled()
        page.click("#fate-dialog button[data-step='1']")
        expect(page.locator("#fate-confirm")).to_be_enabled()
        page.click("#fate-confirm")
        expect(page.locator("#fate-dialog")).to_be_hidden()
        expect(page.locator("#scale circle.fate")).to_have_attribute("cx", "-84")
        assert '"type": "fate"' in live.service.record_jsonl().splitlines()[-1]
    finally:
        context.close()
    assert errors == []


def test_manual_entry_buttons_keep_apart(browser, live):
    live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
    context, page, errors = open_page(browser, live, PHONE)
    try:
        page.click("#btn-manual")
        expect(page.locator("#manual button").first).to_be_visible()
        rects = page.locator("#manual button").evaluate_all(
            "(bs) => bs.map((b) => { const r = b.getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]; })"
        )
        assert len(rects) >= 2
        for i, (l1, t1, r1, b1) in enumerate(rects):
            for l2, t2, r2, b2 in rects[i + 1 :]:
                apart = max(l2 - r1, l1 - r2, t2 - b1, t1 - b2)
                assert apart >= 8, f"manual entry's buttons {i} and another are {apart} px apart"
    finally:
        context.close()
    assert errors == []


def test_without_load_cells_the_players_tap_the_side_that_is_down(browser, live):
    from companion.games.hinkel_stein import queries as q

    live.service.device_status("load cells", "off", "--no-sensors: manual entry")
    live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
    play_hinkel_stein(live, until=lambda s: (a := q.awaiting(s)) is not None and a.action == "tilt")
    context, page, errors = open_page(browser, live, "1024x768")
    try:
        expect(page.locator("#awaiting")).to_have_text(
            "Tap the side that is down (no scale is read)"
        )
        expect(page.locator("body")).not_to_contain_text("Waiting for the scale to settle")
        expect(page.locator("#choices")).to_contain_text("Which side is down?")
        page.locator("#choices button", has_text="Left side down").click()
        expect(page.locator("#history li")).to_have_count(1)
        expect(page.locator("#history li").first).to_contain_text("left down")
    finally:
        context.close()
    assert errors == []


def test_an_undo_says_undone_once(browser, live):
    live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
    live.service.submit({"type": "condition", "player": "Ana", "wins": "heavier"})
    context, page, errors = open_page(browser, live, "1024x768")
    try:
        live.service.undo(1)
        banner = page.locator("#banners .banner-info")
        expect(banner).to_have_text(
            "Undone. Taken back: Ana (chieftain): the heavier side wins this round;"
            " nothing to change on the table"
        )
        assert "Undone. Undone" not in banner.text_content()
    finally:
        context.close()
    assert errors == []


def test_the_board_after_the_game_invites_no_turn(browser, live):
    live.service.start_game(list(COLOURS), game="stein-im-brett", options={"colours": COLOURS})
    live.service.submit({"type": "draw", "colour": "green"})
    play_stein_im_brett(live, until=lambda s: s.finished)
    context, page, errors = open_page(browser, live, "1024x768")
    try:
        caption = page.locator("#sib-board-caption")
        expect(caption).to_contain_text("The game is over: round 3 as it was scored")
        expect(caption).not_to_contain_text("Tap a field")
        expect(page.locator("#sib-board .tappable")).to_have_count(0)
    finally:
        context.close()
    assert errors == []


def test_a_refusal_shows_where_the_player_is_looking(browser, live):
    """On a phone the Enter button lies far down the page: the rules' refusal must show
    on screen there, not at the top of the page."""
    live.service.start_game(list(COLOURS), game="stein-im-brett", options={"colours": COLOURS})
    live.service.submit({"type": "draw", "colour": "green"})
    context, page, errors = open_page(browser, live, PHONE)
    try:
        page.locator("#sib-board [data-field=b2]").click()
        page.click("#sib-colours button[data-colour=white]")
        page.click("#sib-enter")
        refusal = page.locator("#toasts .banner-bad")
        expect(refusal).to_contain_text("Ben places exactly 3 stones this turn, not 1")
        assert page.evaluate("window.scrollY") > 100  # the page was scrolled to the button
        box = refusal.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[PHONE][1], box
        refusal.click()  # a tap puts it away
        expect(refusal).to_have_count(0)
    finally:
        context.close()
    assert errors == []


def test_on_a_phone_the_colours_come_to_the_tapped_field_and_back(browser, live):
    """The board fills a phone's screen: a tapped field brings the colour buttons into
    view, a chosen colour brings the board back for the next stone."""
    live.service.start_game(list(COLOURS), game="stein-im-brett", options={"colours": COLOURS})
    live.service.submit({"type": "draw", "colour": "green"})
    context, page, errors = open_page(browser, live, PHONE)
    try:
        colours = page.locator("#sib-colours button[data-colour=black]")  # the lowest
        expect(colours).not_to_be_in_viewport(ratio=1)  # below the fold, or cut by it
        page.locator("#sib-board [data-field=c3]").click()
        expect(colours).to_be_in_viewport(ratio=1)
        colours.click()
        expect(page.locator("#sib-board")).to_be_in_viewport(ratio=0.9)
        expect(page.locator("#sib-pending li")).to_have_text(["Black on c3 ✕"])
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_card_and_block_games_fit_this_size(browser, live, tmp_path, size):
    """Heuchel & Meuchel, Stein auf Stein and HiLo under the same checks as the first two
    games: nothing wider than the screen, who acts on one line (two on a phone), targets
    of 48 px, buttons apart, the top bar kept."""
    from companion.games.heuchel_meuchel.random_player import RandomPlayer as HMPlayer
    from companion.games.heuchel_meuchel.record import to_record as hm_record
    from companion.games.stein_auf_stein.random_player import RandomPlayer as SASPlayer
    from companion.games.stein_auf_stein.record import to_record as sas_record

    live.service.device_status("camera", "simulated", "the test's camera")
    context, page, errors = open_page(browser, live, size)
    check = Checks(page, size)
    try:
        live.service.start_game(["Ana", "Ben", "Cleo"], game="heuchel-meuchel")
        player = HMPlayer(4)
        for _ in range(8):
            live.service.submit(hm_record(player.choose(live.service.game_state)))
        check("Heuchel & Meuchel", live.service.snapshot()["view"]["awaiting_text"])
        shot(page, f"heuchel-meuchel-{size}.png", tmp_path)

        live.service.start_game(["Mia", "Noah", "Lea"], game="stein-auf-stein",
                                options={"variant": "basic"})  # fmt: skip
        player = SASPlayer(2)
        for _ in range(6):
            live.service.submit(sas_record(player.choose(live.service.game_state)))
        check("Stein auf Stein", live.service.snapshot()["view"]["awaiting_text"])
        shot(page, f"stein-auf-stein-{size}.png", tmp_path)

        live.service.start_game(["Ana", "Ben", "Cleo", "Dora", "Emil"], game="hilo")
        check("HiLo", live.service.snapshot()["view"]["awaiting_text"])
        shot(page, f"hilo-{size}.png", tmp_path)
    finally:
        context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"
