"""The pages in German, the longer language (issue 19, docs/i18n.md): at the three sizes
every game's page keeps the checks of test_layout_browser (nothing wider than the
screen, who acts on one line, two on a phone, targets of 48 px, buttons apart) and
nothing overflows its own box; the acting line never breaks inside a word. The language
switch redraws the page in place, and the page's API requests carry its language.

Screenshots: docs/screenshots/<game>-de-<size>.png with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from companion.games.heuchel_meuchel.random_player import RandomPlayer as HMPlayer
from companion.games.heuchel_meuchel.record import to_record as hm_record
from companion.games.stein_auf_stein.random_player import RandomPlayer as SASPlayer
from companion.games.stein_auf_stein.record import to_record as sas_record

from .conftest import shot
from .test_layout_browser import (
    COLOURS,
    DEAL4,
    SIZES,
    Checks,
    open_page,
    play_hinkel_stein,
    play_stein_im_brett,
)

# Every box on the visible page whose text is wider than the box (cut off or spilling
# out), and every word of the acting line that is broken over two lines.
OVERFLOW = """() => {
  const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const boxes = document.querySelectorAll(
    ".topbar, .topbar .tool, .awaiting, main:not([hidden]) .panel, main:not([hidden]) h2, " +
    "main:not([hidden]) button, main:not([hidden]) .choice-group, main:not([hidden]) .facts span, " +
    "main:not([hidden]) th, main:not([hidden]) td, main:not([hidden]) .badge, .banner");
  const over = [...boxes].filter(seen).filter((e) => e.scrollWidth > e.clientWidth + 1
      && getComputedStyle(e).textOverflow !== "ellipsis")
    .map((e) => `${e.id || e.className || e.tagName} "${e.textContent.trim().slice(0, 40)}" ${e.scrollWidth}>${e.clientWidth}`);
  const broken = [];
  const walker = document.createTreeWalker(document.getElementById("awaiting"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return { over, broken };
}"""


def open_german(browser, live, size: str):
    """A tablet of this size on a German table (its browser English), unlocked with the
    table PIN."""
    live.app.config["COMPANION_LANG"] = "de"
    context, page, errors = open_page(browser, live, size, locale="en-GB")
    expect(page.locator("#btn-pin")).to_have_text("Sperren")
    return context, page, errors


def fits(page, check, what: str, text: str) -> None:
    check(what, text)
    m = page.evaluate(OVERFLOW)
    assert m["over"] == [], f"{check.size}, {what}: text wider than its box: {m['over']}"
    assert m["broken"] == [], (
        f"{check.size}, {what}: words broken in the acting line: {m['broken']}"
    )


@pytest.mark.slow
@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_page_fits_in_german(browser, live, tmp_path, size):
    live.service.device_status("load cells", "simulated", "the test's scale")
    live.service.device_status("camera", "simulated", "the test's camera")
    context, page, errors = open_german(browser, live, size)
    check = Checks(page, size)
    awaiting = lambda: live.service.snapshot("de")["view"]["awaiting_text"]  # noqa: E731
    try:
        fits(page, check, "no game", "Starte ein neues Spiel")
        expect(page.locator("#welcome-new")).to_have_text("Neues Spiel")

        live.service.start_game(["Ana", "Ben", "Cleo", "Dora"], deal=DEAL4)
        play_hinkel_stein(live, until=lambda s: s.round_no == 3 and s.round.filled == 2)
        fits(page, check, "Hinkel & Stein", awaiting())
        expect(page.locator("#page-hinkel-stein .scale-panel h2")).to_have_text("Waage")
        expect(page.locator("#scale-facts")).to_contain_text("Häuptling")
        shot(page, f"hinkel-stein-de-{size}.png", tmp_path)

        live.service.start_game(list(COLOURS), game="stein-im-brett", options={"colours": COLOURS})
        live.service.submit({"type": "draw", "colour": "green"})
        play_stein_im_brett(live, until=lambda s: s.round_no == 2 and s.free <= 30)
        fits(page, check, "Stein im Brett", awaiting())
        expect(page.locator("#sib-board-facts")).to_contain_text("Freie Felder")
        shot(page, f"stein-im-brett-de-{size}.png", tmp_path)

        # a seeded deal: the line the page shows (and so its length) depends on the cards
        live.service.start_game(["Ana", "Ben", "Cleo"], game="heuchel-meuchel",
                                rng=random.Random(7))  # fmt: skip
        player = HMPlayer(4)
        for _ in range(8):
            live.service.submit(hm_record(player.choose(live.service.game_state)))
        fits(page, check, "Heuchel & Meuchel", awaiting())
        expect(page.locator("#hm-players th").first).to_have_text("Spieler")
        shot(page, f"heuchel-meuchel-de-{size}.png", tmp_path)

        live.service.start_game(["Mia", "Noah", "Lea"], game="stein-auf-stein",
                                options={"variant": "basic"})  # fmt: skip
        player = SASPlayer(2)
        for _ in range(6):
            live.service.submit(sas_record(player.choose(live.service.game_state)))
        fits(page, check, "Stein auf Stein", awaiting())
        expect(page.locator("#page-stein-auf-stein .sas-table h2")).to_have_text("Baustelle")
        shot(page, f"stein-auf-stein-de-{size}.png", tmp_path)

        live.service.start_game(["Ana", "Ben", "Cleo", "Dora", "Emil"], game="hilo")
        fits(page, check, "HiLo", awaiting())
        expect(page.locator("#hilo-tally th").first).to_have_text("Spieler")
        shot(page, f"hilo-de-{size}.png", tmp_path)
        check.same_bar_height()
    finally:
        context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"


def test_the_language_switch_redraws_in_place_and_the_server_follows(page, live):
    """English table; this tablet switches to German and back: no reload (a mark set on
    the window survives), the choice is kept over a reload, and the API's refusal comes
    in the page's language."""
    live.service.start_game(["Ana", "Ben", "Cleo"])
    page.reload()
    expect(page.locator("#btn-new")).to_have_text("New game")
    expect(page.locator("#act-title")).to_have_text(re.compile(r"^\w+ decides$"))
    chief = page.locator("#act-title").text_content().split()[0]
    page.evaluate("window.keptMark = 42")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))

    page.select_option("#lang-switch", "de")
    expect(page.locator("#btn-new")).to_have_text("Neues Spiel")
    expect(page.locator("#act-title")).to_have_text(f"{chief} entscheidet")
    expect(page.locator("#page-hinkel-stein .players-panel h2")).to_have_text("Spieler")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("window.keptMark") == 42
    # the live stream is opened again in German (the snapshot's texts may follow)
    page.wait_for_function("() => events && events.url.includes('lang=de')")
    assert any("/api/events?lang=de" in url for url in asked), asked
    # the page's requests carry ?lang=de: the server's refusal is German
    page.evaluate(
        """async (pin) => fetch("/api/session", {method: "POST",
             headers: {"Content-Type": "application/json", "X-Companion": "1"},
             body: JSON.stringify({pin})})""",
        live.pin,
    )
    refusal = page.evaluate(
        """async (player) => (await (await fetch("/api/actions", {method: "POST",
             headers: {"Content-Type": "application/json", "X-Companion": "1"},
             body: JSON.stringify({type: "condition", player, wins: "heavier"})})).json())""",
        "Ana" if chief == "Ben" else "Ben",
    )
    assert "Häuptling" in refusal["error"], refusal

    page.reload()  # the tablet keeps its own choice
    expect(page.locator("#btn-new")).to_have_text("Neues Spiel")
    page.select_option("#lang-switch", "en")  # the table's language: follow the table
    expect(page.locator("#btn-new")).to_have_text("New game")
    expect(page.locator("#act-title")).to_have_text(f"{chief} decides")
    assert page.evaluate("localStorage.getItem('companion.lang')") is None


def test_a_german_table_shows_plurals_and_decimal_commas(page, live):
    live.app.config["COMPANION_LANG"] = "de"
    page.reload()
    expect(page.locator("#btn-new")).to_have_text("Neues Spiel")
    got = page.evaluate(
        """() => [tn("{n} card", "{n} cards", 1), tn("{n} card", "{n} cards", 2),
                  t("{grams} g", { grams: 25.66 }), num(1.5, { maximumFractionDigits: 1 }),
                  pt("which side wins", "Wins"), t("Wins")]"""
    )
    assert got == ["1 Karte", "2 Karten", "25,66 g", "1,5", "Gewinnt", "Siege"]


def test_the_overflow_checks_see_a_word_too_wide_and_a_word_broken(page, live):
    """The sweep's own checks fail where they should: a button whose word is wider than
    the button, and a word of the acting line broken over two lines."""
    expect(page.locator("#lang-switch option")).to_have_count(2)
    # the texts set and measured in one synchronous call: no snapshot from the stream can
    # be drawn over them in between (it was, once, on a loaded machine)
    m = page.evaluate(
        """() => {
          render = () => {};  // the page draws no snapshot over this test's texts
          const b = document.getElementById("welcome-new");
          b.style.width = "120px"; b.style.whiteSpace = "nowrap"; b.style.overflow = "hidden";
          b.textContent = "Donaudampfschifffahrtsgesellschaft";
          const aw = document.getElementById("awaiting");
          aw.style.width = "200px"; aw.style.wordBreak = "break-all"; aw.style.whiteSpace = "normal";
          aw.textContent = "Ana Donaudampfschifffahrtsgesellschaftskapitän";
          return (OVERFLOW)();
        }""".replace("OVERFLOW", OVERFLOW)
    )
    assert any(o.startswith("welcome-new") for o in m["over"]), m
    assert m["broken"] == ["Donaudampfschifffahrtsgesellschaftskapitän"], m


def test_the_new_game_dialog_and_the_seat_page_speak_german(page, live):
    live.app.config["COMPANION_LANG"] = "de"
    page.evaluate(
        """async (pin) => fetch("/api/session", {method: "POST",
             headers: {"Content-Type": "application/json", "X-Companion": "1"},
             body: JSON.stringify({pin})})""",
        live.pin,
    )
    page.reload()
    page.click("#welcome-new")
    expect(page.locator("#new-title")).to_have_text("Neues Spiel: Hinkel & Stein")
    expect(page.locator("#new-help")).to_contain_text("im Uhrzeigersinn; 2, 3 oder 4 Spieler")
    expect(page.locator("#new-players input").first).to_have_attribute("placeholder", "Spieler 1")
    expect(page.locator("#new-players input").nth(2)).to_have_attribute(
        "placeholder", "Spieler 3 (optional)"
    )
    page.select_option("#lang-switch", "en")  # the open dialog is said again
    expect(page.locator("#new-title")).to_have_text("New game of Hinkel & Stein")
    expect(page.locator("#new-players input").first).to_have_attribute("placeholder", "Player 1")

    page.goto(f"{live.url}/seat")  # the seat page: this tablet chose English, back to German
    expect(page.locator("#seat-awaiting")).to_have_text("Enter your seat code")
    page.select_option("#lang-switch", "de")
    expect(page.locator("#seat-awaiting")).to_have_text("Gib deinen Platzcode ein")
    expect(page.locator("#seat-code")).to_have_attribute("placeholder", "z. B. K7QX3M")


# The top bar's texts that must show whole: where in the game (two lines at most on a
# phone, never a word cut with "…") and who acts (the lines the bar has, none hidden).
WHOLE = """() => {
  const cut = (e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
  const where = document.getElementById("where"), aw = document.getElementById("awaiting");
  return { where: cut(where) ? where.textContent : null, awaiting: cut(aw) ? aw.textContent : null,
           whereLines: Math.round(where.getBoundingClientRect().height / parseFloat(getComputedStyle(where).lineHeight)) };
}"""


@pytest.mark.slow
@pytest.mark.parametrize("size", list(SIZES))
def test_a_german_hilo_game_shows_every_phase_whole_in_the_top_bar(browser, live, tmp_path, size):
    """A seeded random HiLo game of four in German, phase by phase (setup, the turn, the
    drawn card, a card to turn over, the uncovering, the end): the acting line keeps to
    the lines the bar has and where in the game shows whole; cards go by their names."""
    from companion.games.hilo.random_player import random_game_iter
    from companion.games.hilo.record import to_record

    context, page, errors = open_german(browser, live, size)
    check = Checks(page, size)
    seen: set[tuple] = set()
    try:
        game = random_game_iter(["Ana", "Ben", "Cleo", "Dora"], seed=5)
        start, _ = next(game)
        live.service.new_game(to_record(start))
        for action, state in game:
            live.service.submit(to_record(action))
            phase = (state.phase, state.because, state.finished)
            if phase in seen:
                continue
            seen.add(phase)
            text = live.service.snapshot("de")["view"]["awaiting_text"]
            fits(page, check, f"HiLo {phase}", text)
            got = page.evaluate(WHOLE)
            assert got["where"] is None, f"{size}, {phase}: where cut: {got['where']!r}"
            assert got["awaiting"] is None, f"{size}, {phase}: acting line cut: {text!r}"
            assert got["whereLines"] <= 2, (size, phase, got)
            if state.finished:
                shot(page, f"hilo-end-de-{size}.png", tmp_path)
            elif state.phase == "decide":
                titles = page.locator("#page-hilo svg title").all_text_contents()
                ids = [x for x in titles if re.search(r"\b(plain|dragon|wolf|unicorn)-", x)]
                assert ids == [], f"{size}: cards named by their ids: {ids[:3]}"
                shot(page, f"hilo-turn-de-{size}.png", tmp_path)
        assert {p[0] for p in seen} >= {"turn", "decide", "reveal", "uncover", "over"}, seen
    finally:
        context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"
