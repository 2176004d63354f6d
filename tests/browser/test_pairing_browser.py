"""Unlocking and locking a tablet in a real browser: the PIN, the lock-out countdown,
holding the table's confirm button, Lock, and the New-game dialog coming back after unlocking."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from companion.pairing import GuessBudget

from .conftest import shot


def pairing_of(live):
    return live.app.extensions["companion.pairing"]


def test_a_wrong_pin_is_cleared_and_the_right_one_unlocks_then_lock_locks_again(page, live):
    pairing = pairing_of(live)
    page.click("#btn-pin")
    expect(page.locator("#pin-dialog")).to_be_visible()
    expect(page.locator("#pair-box")).to_be_hidden()  # no confirm button on this table
    page.fill("#pin-input", "12345678" if pairing.code != "12345678" else "87654321")
    page.click("#pin-ok")
    expect(page.locator("#pin-error")).to_contain_text("wrong PIN")
    expect(page.locator("#pin-input")).to_have_value("")
    assert "`" not in page.locator("#pin-dialog").inner_text()  # no Markdown in the words
    page.fill("#pin-input", pairing.code)
    page.click("#pin-ok")
    expect(page.locator("#btn-pin")).to_have_text("Lock")
    expect(page.locator("#pin-dialog")).to_be_hidden()
    assert pairing.store.sessions() == 1
    page.click("#btn-pin")  # Lock
    expect(page.locator("#btn-pin")).to_have_text("Unlock")
    assert pairing.store.sessions() == 0  # ended on the server, not only in the page
    page.click("#btn-new")  # acting needs the PIN again
    expect(page.locator("#pin-dialog")).to_be_visible()


def test_a_lockout_counts_down_the_seconds_the_server_gives(page, live, tmp_path):
    pairing = pairing_of(live)
    pairing.budget = GuessBudget(burst=1, refill_s=3.0)  # three seconds, not thirty
    page.click("#btn-pin")
    page.fill("#pin-input", "00000000" if pairing.code != "00000000" else "11111111")
    page.click("#pin-ok")
    expect(page.locator("#pin-error")).to_contain_text("wrong PIN")
    page.fill("#pin-input", pairing.code)
    page.click("#pin-ok")  # the budget is spent: refused without a look at the PIN
    error = page.locator("#pin-error")
    expect(error).to_have_text(re.compile(r"Try again in [1-3] s"))
    expect(page.locator("#pin-input")).to_be_disabled()
    expect(page.locator("#pin-input")).to_have_value("")
    shot(page, "dashboard-pin-lockout.png", tmp_path)
    first = int(re.search(r"in (\d+) s", error.inner_text()).group(1))
    expect(error).to_have_text(re.compile(rf"in {first - 1} s"))  # it counts down
    expect(page.locator("#pin-input")).to_be_enabled(timeout=6000)
    page.fill("#pin-input", pairing.code)
    page.click("#pin-ok")
    expect(page.locator("#btn-pin")).to_have_text("Lock")


def test_pairing_by_holding_the_tables_confirm_button(page, live, tmp_path):
    pairing = pairing_of(live)
    pairing.button_present = True
    page.click("#btn-pin")
    expect(page.locator("#pair-box")).to_be_visible()
    expect(page.locator("#pair-box")).to_contain_text(
        "hold the confirm button on the table for 3 seconds"
    )
    page.click("#pair-button")
    expect(page.locator("#pair-status")).to_contain_text(
        "Hold the table's confirm button for 3 seconds now"
    )
    # every dashboard (this one too) names the address that asks
    expect(page.locator("#banners")).to_contain_text(
        "A device at 127.0.0.1 asks to pair with this table"
    )
    shot(page, "dashboard-pair-button.png", tmp_path)
    assert pairing.button.waiting() == 1
    assert pairing.hold()  # what holding the confirm button does (companion.controls)
    expect(page.locator("#btn-pin")).to_have_text("Lock")
    expect(page.locator("#pin-dialog")).to_be_hidden()
    expect(page.locator("#banners")).to_contain_text("paired by holding the table's confirm button")
    expect(page.locator("#banners")).not_to_contain_text("asks to pair")


def test_the_dialog_says_the_hold_time_the_server_gives(page, live):
    pairing = pairing_of(live)
    pairing.button_present = True
    pairing.button.hold_s = 5
    page.click("#btn-pin")
    expect(page.locator("#pair-box")).to_contain_text("for 5 seconds")
    page.click("#pair-button")
    expect(page.locator("#pair-status")).to_contain_text("for 5 seconds now")


def test_the_new_game_dialog_comes_back_after_unlocking(page, live):
    page.click("#btn-new")
    expect(page.locator("#pin-dialog")).to_be_visible()
    page.fill("#pin-input", pairing_of(live).code)
    page.click("#pin-ok")
    expect(page.locator("#new-dialog")).to_be_visible()
    expect(page.locator("#btn-pin")).to_have_text("Lock")
