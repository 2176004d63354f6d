"""The HiLo page in a real browser: a whole turn seen by the camera and one entered on
the tablet, a question the camera asks answered by a tap, the end tally with what the
Magicians cancelled greyed out, and five kingdoms on a 1024x768 tablet and a 390 px
phone (screenshots: docs/screenshots/hilo-*.png with UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

from itertools import count

from playwright.sync_api import expect

from companion.tables.hilo.demo import SimulatedCardTable
from companion.tables.hilo.seen import CardsSeen, SlotSeen, camera_slot

from .conftest import shot, unlock
from .test_layout_browser import Checks, open_page

T = count(1)


def see(live, **slots):
    """The camera settles on ``slots`` (camera slot = (label, card) or a label)."""
    obs = tuple(SlotSeen(k, *((v, None) if isinstance(v, str) else v)) for k, v in slots.items())
    live.service.observe(CardsSeen(float(next(T)), "hilo", obs))


def dealt(live):
    """Ana and Ben; the camera has seen the deal, the discard pile's plain-01 and each
    player's starting card (Ana's T1 plain-02, Ben's T1 plain-03)."""
    live.service.start_game(["Ana", "Ben"], game="hilo")
    table = {camera_slot(s, i): "back" for s in range(2) for i in range(12)}
    see(live, **table, draw="back", discard="empty")
    see(live, discard=("face", "plain-01"))
    see(live, A7=("face", "plain-02"))
    see(live, B7=("face", "plain-03"))
    assert live.service.game_state.phase == "turn"


def card(page, player, slot):
    return page.locator(f'.kingdom[data-player="{player}"] .card[data-slot="{slot}"]')


def test_a_whole_turn_from_the_camera_and_one_from_the_tablet(page, live, tmp_path):
    dealt(live)
    expect(page.locator("#awaiting")).to_have_text(
        "Ana: take the discard pile's top card, or draw a card"
    )
    expect(card(page, "Ana", "B2")).to_have_class("card back")
    # Ana takes the plain-01 into B2 (camera A2): the face-down card goes to the discard
    see(live, discard="empty")
    see(live, A2="empty")
    see(live, A2=("face", "plain-01"))
    see(live, discard=("face", "wolf-a"))
    expect(card(page, "Ana", "B2")).to_have_attribute("data-card", "plain-01")
    expect(page.locator("#hilo-turns li").first).to_have_text(
        "Ana takes the discard pile's top card into B2, discarding wolf-a"
    )
    expect(page.locator("#hilo-discard .card")).to_have_attribute("data-card", "wolf-a")
    # Ben's turn entered on the tablet: draw a dragon-a, put it on T2 (face down before)
    unlock(page, live.pin)
    page.click("#hilo-choices button[data-type=draw]")
    page.select_option("#hilo-entry select[name=card]", "dragon-a")
    page.click("#hilo-entry button:has-text('Enter')")
    expect(page.locator("#awaiting")).to_have_text(
        "Ben: put the drawn card into the layout, or discard it and turn a card over"
    )
    page.click("#hilo-choices button[data-type=exchange]")
    page.select_option("#hilo-entry select[name=slot]", "T2")
    page.select_option("#hilo-entry select[name=discards]", "unicorn-b")
    page.click("#hilo-entry button:has-text('Enter')")
    expect(card(page, "Ben", "T2")).to_have_attribute("data-card", "dragon-a")
    expect(page.locator("#hilo-discard .card")).to_have_attribute("data-card", "unicorn-b")
    # the table does not show it yet: the camera's view differs, marked on the card
    expect(card(page, "Ben", "T2")).to_have_class("card differs")
    see(live, B8=("face", "dragon-a"), discard=("face", "unicorn-b"))
    expect(card(page, "Ben", "T2")).to_have_class("card")
    shot(page, "hilo-turn.png", tmp_path)


def test_a_layout_rule_break_is_a_banner_and_undo_says_what_to_put_back(page, live):
    dealt(live)
    see(live, A7="back", A8=("face", "plain-02"))  # swapped within Ana's layout
    expect(page.locator(".banner-bad").first).to_contain_text(
        "Cards were swapped or moved within Ana's layout"
    )
    see(live, A7=("face", "plain-02"), A8="back")
    expect(page.locator(".banner-bad")).to_have_count(0)
    unlock(page, live.pin)
    page.click("#hilo-undo")
    expect(page.locator(".banner-info")).to_contain_text(
        "Undone. Turn Ben's plain-03 on T1 face down again"
    )


def test_a_question_from_the_camera_is_answered_with_a_tap(page, live):
    dealt(live)  # the discard pile shows plain-01
    unlock(page, live.pin)
    # Ana's face-down B2 now shows a plain-01 and the discard pile still does: she took
    # the discard for a face-down plain-01, or her hand hid a turn the camera cannot tell
    see(live, A2="empty")
    see(live, A2=("face", "plain-01"))
    ask = page.locator("#hilo-asks button")
    expect(ask).to_have_text("Ana took the discard pile's plain-01 for another plain-01")
    ask.click()
    expect(page.locator("#hilo-turns li").first).to_have_text(
        "Ana takes the discard pile's top card into B2, discarding plain-01"
    )
    expect(page.locator("#hilo-asks button")).to_have_count(0)


def test_a_question_with_many_readings_shows_the_first_five_and_the_rest_on_a_tap(
    page, live, tmp_path
):
    dealt(live)
    unlock(page, live.pin)
    # Ana takes the discard into B2; the card she put on the discard pile is read face up
    # but not named: any of twelve plain cards
    see(live, discard="empty")
    see(live, A2="empty")
    see(live, A2=("face", None, False, ("plain-01",)))
    candidates = tuple(f"plain-{i:02d}" for i in range(1, 13))
    see(live, discard=("face", None, False, candidates))
    asks = page.locator("#hilo-asks button.ask")
    expect(asks).to_have_count(5)
    more = page.locator("#hilo-asks button.ask-more")
    expect(more).to_have_text("7 more readings…")
    shot(page, "hilo-many-readings.png", tmp_path)
    more.click()
    expect(asks).to_have_count(12)
    expect(more).to_have_count(0)
    asks.nth(8).click()
    expect(page.locator("#hilo-turns li").first).to_have_text(
        "Ana takes the discard pile's top card into B2, discarding plain-09"
    )
    expect(page.locator("#hilo-asks button")).to_have_count(0)


def test_the_end_tally_greys_what_the_magicians_cancelled(browser, live, tmp_path):
    table = SimulatedCardTable(live.service, seed=11, players=5, speed=None)
    table.play_game()
    s = table.summary()
    assert (s["missed"], s["wrong"]) == (0, 0)
    view = live.service.snapshot()["view"]
    cancelled = [(p["name"], slot) for p in view["players"] for slot in p["ignored"]]
    assert cancelled, "seed 11 ends with a Magician in some layout"
    for size in ("1024x768", "390x844"):
        context, page, errors = open_page(browser, live, size)
        try:
            check = Checks(page, size)
            check("the end", view["awaiting_text"])
            expect(page.locator("#hilo-tally-title")).to_have_text("Final tally")
            for p in view["players"]:
                row = page.locator(f'#hilo-tally tr[data-player="{p["name"]}"]')
                expect(row.locator("td.total")).to_have_text(str(p["final"]))
            name, slot = cancelled[0]
            expect(card(page, name, slot)).to_have_class("card ignored")
            expect(page.locator(".card.ignored")).to_have_count(len(cancelled))
            winners = page.locator("#hilo-tally tr.winner")
            expect(winners).to_have_count(len(view["winners"]))
            shot(page, f"hilo-end-{size}.png", tmp_path)
            assert errors == []
        finally:
            context.close()


def test_five_kingdoms_fit_a_tablet_and_a_phone_midgame(browser, live, tmp_path):
    table = SimulatedCardTable(live.service, seed=11, players=5, speed=None)
    live.service.new_game(table.table.start_record())
    table.see(table.table.deal())
    for _ in range(60):
        action = table.table.next_action()
        table.played.append(action)
        for step in table.table.play(action):
            table.see(step)
        table._answer()
        if table.table.state.phase in ("turn", "over"):
            table._catch_up()
    view = live.service.snapshot()["view"]
    for size in ("1024x768", "390x844"):
        context, page, errors = open_page(browser, live, size)
        try:
            check = Checks(page, size)
            check("five kingdoms", view["awaiting_text"])
            expect(page.locator(".kingdom")).to_have_count(5)
            # every kingdom's picture is whole on the page and at least 300 px wide
            widths = page.evaluate(
                "[...document.querySelectorAll('.kingdom-pic')]"
                ".map((e) => e.getBoundingClientRect().width)"
            )
            assert min(widths) >= (300 if size == "390x844" else 250), widths
            if size == "1024x768":  # the kingdoms and what to do share the first screen
                bottom = page.evaluate(
                    "document.querySelector('#hilo-kingdoms').getBoundingClientRect().bottom"
                )
                assert bottom <= 768, bottom
            shot(page, f"hilo-{size}.png", tmp_path)
            assert errors == []
        finally:
            context.close()


def test_a_game_is_started_from_the_dialog(page, live):
    unlock(page, live.pin)
    page.click("#btn-new")
    page.check("#new-game-hilo")
    expect(page.locator("#new-players input")).to_have_count(5)
    expect(page.locator("#new-help")).to_contain_text("2 to 5 players")
    for i, name in enumerate(["Ana", "Ben", "Cleo"]):
        page.locator("#new-players input").nth(i).fill(name)
    page.click("#new-form button[value=ok]")
    expect(page.locator("#awaiting")).to_have_text(
        "Turn over the draw pile's top card as the discard pile"
    )
    expect(page.locator(".kingdom")).to_have_count(3)
    expect(page.locator(".kingdom .card.back")).to_have_count(36)
    # the discard pile's first card entered by hand
    page.click("#hilo-choices button[data-type=upturn]")
    page.select_option("#hilo-entry select[name=card]", "plain-07")
    page.click("#hilo-entry button:has-text('Enter')")
    expect(page.locator("#hilo-discard .card")).to_have_attribute("data-card", "plain-07")
    assert live.service.game_state.players == ("Ana", "Ben", "Cleo")
