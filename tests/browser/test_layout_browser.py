"""The page at the three sizes that matter, for every game's page: 1024x768 landscape
(the tablet at the table), 800x1280 portrait and a 390x844 phone.

Each size walks through the no-game page, Hinkel & Stein and Stein im Brett, with short
and long texts in the top bar (a 60-character name among them), and checks what a player
relies on: nothing overflows sideways, the top bar keeps one height and stays on screen,
who must act is written at 22 px or more on one line (two on a phone) and what he may do
is not cut off, every target is at least 48 px, disabled buttons look disabled. The
screenshots go to docs/screenshots/ with UPDATE_SCREENSHOTS=1 (README's dashboard
section shows them). Then the page's small items: the new-game dialog on a phone and its
deal, the Stone of Fate dialog, Manual entry, a table without load cells, the undo
banner and the board after the game.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.games.hinkel_stein.random_player import RandomPlayer as HinkelSteinPlayer
from companion.games.hinkel_stein.record import to_record
from companion.games.stein_im_brett.random_player import RandomPlayer as SteinImBrettPlayer

from .conftest import shot

SIZES = {"1024x768": (1024, 768), "800x1280": (800, 1280), "390x844": (390, 844)}
PHONE = "390x844"
#: one word of 60 characters: nothing to break it at but the page's own rules
LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf"
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
  const looksEnabled = [...document.querySelectorAll("button:disabled")].filter(seen).filter((b) => {
    const cs = getComputedStyle(b);
    return cs.cursor !== "not-allowed" || !(cs.borderTopStyle === "dashed" || Number(cs.opacity) < 0.6);
  }).map((b) => b.textContent.trim());
  return {
    scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
    barHeight: bar.height, awFont: parseFloat(getComputedStyle(aw).fontSize),
    awLineHeight: parseFloat(getComputedStyle(aw).lineHeight), awHeight: box.height, awWidth: box.width,
    whatLines: new Set(whatRects.map((r) => Math.round(r.bottom))).size,
    whatRight: whatRects.length ? Math.max(...whatRects.map((r) => r.right)) : 0, awRight: box.right,
    text: aw.textContent, small, looksEnabled,
  };
}"""


def open_page(browser, live, size: str):
    """A fresh tablet of this size on the live dashboard, unlocked with the table PIN
    (through the API, so that these tests do not depend on the PIN dialog's design)."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
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
    player = SteinImBrettPlayer(3)
    while not until(live.service.game_state):
        choice = player.choose(live.service.game_state)
        live.service.submit(
            {"type": "place", "player": choice.player, "stones": [list(s) for s in choice.stones]}
        )


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
