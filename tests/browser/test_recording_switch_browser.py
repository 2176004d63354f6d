"""The dashboard's "Record this session" switch in a real browser (docs/blackbox.md)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from companion.blackbox.control import RecordingControl
from companion.blackbox.recorder import SessionRecorder
from companion.blackbox.session import sessions_in
from companion.profile import default_profile

from .conftest import unlock


def test_the_switch_is_off_by_default_and_starts_a_session_once_unlocked(page, live, tmp_path):
    expect(page.locator("#btn-new")).to_be_visible()
    assert page.locator("#record-session").count() == 0  # this server cannot record
    store = tmp_path / "recordings"
    live.service.recording = RecordingControl(
        live.service, SessionRecorder(store), default_profile()
    )
    page.reload()
    box = page.locator("#record-session")
    expect(box).not_to_be_checked()
    box.click()  # locked: refused with the reason, and the switch goes back
    expect(box).not_to_be_checked()
    assert sessions_in(store) == []
    unlock(page, live.pin)
    label = page.locator("label.record-switch")
    box.click()
    expect(label).to_have_attribute("title", re.compile("recording the session"))
    expect(box).to_be_checked()
    assert len(sessions_in(store)) == 1
    box.click()
    expect(label).to_have_attribute("title", re.compile("keep the raw"))
    expect(box).not_to_be_checked()
    assert not live.service.recording.on
