"""Any number of watchers: event streams are bounded and the tablet is always served.

Real sockets against the real server (waitress with `companion run`'s settings, in this
process, on an ephemeral loopback port). Every wait has a timeout (a generous bound, not
a timing: the bench measures the delays); every crowd is bounded in size.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

from companion.dashboard.streams import StreamHub, StreamLimits
from companion.referee.service import GameService
from companion.server import limits_for_threads

from .crowd import PARTIAL_REQUEST, START, Dashboard, RawStream, Tablet, connect, crowd

ACTIONS = (
    {"type": "condition", "player": "Ana", "wins": "heavier"},
    {"type": "call", "player": "Ana", "calls": "Ben"},
    {"type": "stake", "player": "Ben", "add": 1},
)


def eventually(check, timeout_s: float = 5.0) -> bool:
    """True as soon as ``check()`` is; False if it is not within ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


@pytest.fixture
def dash(tmp_path):
    d = Dashboard(tmp_path)
    yield d
    d.close()


# ---- admission (no sockets) -----------------------------------------------------------


@pytest.fixture
def hub(tmp_path):
    service = GameService(tmp_path)
    yield StreamHub(service, StreamLimits(pool=4, per_address=2, sessions=2))
    service.close()


def test_a_few_streams_per_address_then_429_with_the_reason(hub):
    a, _b = (hub.admit("10.0.0.5", session=False) for _ in range(2))
    refused = hub.admit("10.0.0.5", session=False)
    assert (refused.status, refused.retry_after_s) == (429, 20)
    assert "too many live pages from your address (2 at most)" in refused.reason
    assert hub.refusal("10.0.0.5", session=False) == refused
    a.release()
    a.release()  # twice is harmless
    assert hub.counts() == {"pool": 1, "sessions": 0}
    assert hub.refusal("10.0.0.5", session=False) is None


def test_the_pool_full_answers_503(hub):
    for i in range(4):
        hub.admit(f"10.0.0.{i // 2}", session=False)
    refused = hub.admit("10.0.0.9", session=False)
    assert refused.status == 503
    assert "already serves its 4 live pages" in refused.reason


def test_a_paired_tablet_gets_a_stream_when_its_address_and_the_pool_are_full(hub):
    for i in range(4):
        hub.admit(f"10.0.0.{i // 2}", session=False)
    tablet = hub.admit("10.0.0.0", session=True)
    assert tablet.reserved and hub.counts() == {"pool": 4, "sessions": 1}
    assert hub.refusal("10.0.0.0", session=True) is None


def test_a_paired_tablet_over_the_reserve_takes_the_pool_first(hub):
    first, _second = (hub.admit("10.0.0.1", session=True) for _ in range(2))
    third = hub.admit("10.0.0.1", session=True)
    assert not third.reserved and hub.counts() == {"pool": 1, "sessions": 2}
    assert not first.ended and first.evicted is None


def test_a_newer_paired_tablet_takes_the_oldest_ones_place_when_all_is_full(hub):
    for i in range(4):
        hub.admit(f"10.0.0.{i // 2}", session=False)
    oldest, other = hub.admit("10.0.0.7", session=True), hub.admit("10.0.0.8", session=True)
    newest = hub.admit("10.0.0.9", session=True)
    assert newest.reserved and oldest.ended and not other.ended
    assert oldest.evicted.status == 409 and "another paired tablet" in oldest.evicted.reason
    assert hub.counts() == {"pool": 4, "sessions": 2}
    lines = list(hub.events(oldest, keepalive_s=5.0))
    assert lines[-1].startswith("retry: 20000\nevent: refused\ndata: {")
    oldest.release()  # its stream ending later does not free the newer one's place
    assert hub.counts() == {"pool": 4, "sessions": 2}


# ---- the crowd on real sockets --------------------------------------------------------


def tablet_plays_through(tablet: Tablet, stream: RawStream) -> list[int]:
    """A new game and three actions from the tablet; each answer's version must come on
    its stream. The versions the tablet was answered."""
    versions = []
    for method, path, body in [("POST", "/api/games", START)] + [
        ("POST", "/api/actions", a) for a in ACTIONS
    ]:
        status, snap, _ = tablet.call(method, path, body)
        assert status == 200, snap
        assert stream.wait_version(snap["version"]), f"no event for version {snap['version']}"
        versions.append(snap["version"])
    return versions


def crowd_then_recovery(dash: Dashboard, n_streams: int, n_idle: int) -> None:
    """``n_streams`` event streams and ``n_idle`` connections that never finish a request,
    all from 127.0.0.1; the tablet pairs from the same address meanwhile. Then they go."""
    lim = dash.limits
    streams, idle = crowd(dash.port, n_streams, n_idle)
    try:
        statuses = Counter(s.read_status() for s in streams)
        assert statuses == {200: lim.per_address, 429: n_streams - lim.per_address}
        refused = next(s for s in streams if s.status == 429)
        assert refused.headers["retry-after"] == str(lim.retry_after_s)
        assert "too many live pages from your address" in refused.refusal()["error"]

        tablet = Tablet(dash.port, dash.pin)  # answers before its 5 s timeout
        status, snap, _ = tablet.call("GET", "/api/state")
        assert status == 200 and snap["session"] is True
        own = tablet.stream()
        assert own.read_status() == 200
        versions = tablet_plays_through(tablet, own)
        assert set(versions) <= set(own.versions)  # every version the tablet made, in order
        assert own.versions == sorted(own.versions)
        admitted = [s for s in streams if s.status == 200]
        assert all(s.wait_version(versions[-1]) for s in admitted)
    finally:
        for s in streams:
            s.close()
        for s in idle:
            s.close()

    # Within 5 s of the crowd going, its streams and connections are gone ...
    assert eventually(lambda: dash.hub.counts() == {"pool": 0, "sessions": 1})
    assert eventually(lambda: len(dash.server.active_channels) <= 2)  # the tablet's own
    # ... and the same address gets its streams again.
    again = [RawStream(dash.port) for _ in range(lim.per_address)]
    assert [s.read_status() for s in again] == [200] * lim.per_address
    for s in again:
        s.close()
    own.close()


def test_the_tablet_is_served_through_a_crowd_of_streams_and_idle_connections(dash):
    # More idle connections than waitress's default connection limit (100).
    crowd_then_recovery(dash, n_streams=60, n_idle=120)


@pytest.mark.slow
def test_the_tablet_is_served_through_200_streams_and_150_idle_connections(dash):
    crowd_then_recovery(dash, n_streams=200, n_idle=150)


@pytest.mark.slow
def test_200_onlookers_from_200_addresses_the_pool_then_503(dash):
    lim = dash.limits
    streams = [RawStream(dash.port, f"127.0.1.{i + 1}") for i in range(200)]
    try:
        statuses = Counter(s.read_status() for s in streams)
        assert statuses == {200: lim.pool, 503: 200 - lim.pool}
        tablet = Tablet(dash.port, dash.pin)
        own = tablet.stream()
        assert own.read_status() == 200
        tablet_plays_through(tablet, own)
    finally:
        for s in streams:
            s.close()
    assert eventually(lambda: dash.hub.counts()["pool"] == 0)
    own.close()


def test_a_page_that_goes_away_frees_its_stream(dash):
    lim = dash.limits
    streams = [RawStream(dash.port) for _ in range(lim.per_address)]
    assert [s.read_status() for s in streams] == [200] * lim.per_address
    extra = RawStream(dash.port)
    assert extra.read_status() == 429
    extra.close()
    streams.pop().close()  # a tab closed: no request, no keep-alive needed to notice
    assert eventually(lambda: dash.hub.counts()["pool"] == lim.per_address - 1)
    fresh = RawStream(dash.port)
    assert fresh.read_status() == 200
    for s in [*streams, fresh]:
        s.close()


def test_check_says_whether_a_stream_would_open_and_opens_none(dash):
    tablet = Tablet(dash.port, dash.pin)
    tablet.cookie = None  # an onlooker
    status, body, _ = tablet.call("GET", "/api/events?check")
    assert (status, body) == (200, {"ok": True})
    streams = [RawStream(dash.port) for _ in range(dash.limits.per_address)]
    assert [s.read_status() for s in streams] == [200] * dash.limits.per_address
    status, body, headers = tablet.call("GET", "/api/events?check")
    assert status == 429 and body["retry_after_s"] == dash.limits.retry_after_s
    assert headers["Retry-After"] == str(dash.limits.retry_after_s)
    assert dash.hub.counts()["pool"] == dash.limits.per_address
    for s in streams:
        s.close()


def test_an_evicted_tablet_page_is_told_why_and_when_to_come_back(tmp_path):
    d = Dashboard(tmp_path, StreamLimits(pool=1, per_address=1, sessions=1))
    try:
        tablet = Tablet(d.port, d.pin)
        onlooker = RawStream(d.port)
        old = tablet.stream()
        assert (onlooker.read_status(), old.read_status()) == (200, 200)
        new = tablet.stream()
        assert new.read_status() == 200
        told = old.read_event("refused")
        assert told is not None and "another paired tablet" in told["error"]
        assert b"retry: 20000" in old.buf
        assert old.ended()
        status, snap, _ = tablet.call("POST", "/api/games", START)
        assert status == 200 and new.wait_version(snap["version"])
        for s in (onlooker, old, new):
            s.close()
    finally:
        d.close()


def test_idle_connections_are_closed_but_streams_in_progress_are_not(tmp_path):
    d = Dashboard(
        tmp_path, waitress={"channel_timeout": 1, "cleanup_interval": 1}, SSE_KEEPALIVE_S=30.0
    )
    try:
        idle, half_open = connect(d.port), connect(d.port)
        half_open.sendall(PARTIAL_REQUEST)
        stream = RawStream(d.port)
        assert stream.read_status() == 200
        assert idle.recv(1) == b""  # closed by the server (the socket's timeout is 5 s)
        assert half_open.recv(1) == b""
        idle.close()
        half_open.close()
        time.sleep(2.5)  # longer than the idle timeout, shorter than a keep-alive
        tablet = Tablet(d.port, d.pin)
        status, snap, _ = tablet.call("POST", "/api/games", START)
        assert status == 200 and stream.wait_version(snap["version"])
        stream.close()
    finally:
        d.close()


def test_server_threads_set_the_pool_and_keep_the_reserved_ones():
    lim = limits_for_threads(212)
    assert (lim.pool, lim.threads) == (200, 212)
    small = limits_for_threads(3)  # too few: the reserved threads stay
    assert (small.pool, small.per_address) == (1, 1)
    assert small.threads == small.sessions + small.request_threads + 1
