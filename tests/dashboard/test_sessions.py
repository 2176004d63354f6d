"""Pairing, sessions and Host checks through the HTTP API (Flask's test client)."""

from __future__ import annotations

import re
import socket

import pytest

from companion.cli import main
from companion.dashboard import create_app
from companion.dashboard.auth import SESSION_COOKIE
from companion.pairing import Pairing
from companion.pairing.limits import BURST, REFILL_S
from companion.pairing.store import SESSION_S
from companion.referee.service import GameService

JSON = {"X-Companion": "1"}
START = {
    "players": ["Ana", "Ben"],
    "deal": {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]},
}


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def service(tmp_path):
    s = GameService(tmp_path)
    yield s
    s.close()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def pairing(service, clock):
    return Pairing(
        service.state_dir,
        clock=clock,
        announce=service.announce,
        show_requests=service.show_pairing_requests,
    )


@pytest.fixture
def app(service, pairing):
    return create_app(service, pairing=pairing, test_config={"TESTING": True})


def tablet(app, address="192.168.1.20"):
    """A client at ``address``."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def can_act(client) -> bool:
    r = client.post("/api/games", json=START, headers=JSON)
    assert r.status_code in (200, 401), r.json
    return r.status_code == 200


def pin_status(app, address, pin) -> int:
    return tablet(app, address).post("/api/session", json={"pin": pin}).status_code


# -- the PIN ---------------------------------------------------------------------------


def test_the_right_pin_gives_a_session_and_a_new_pin_for_the_next_tablet(app, pairing):
    client, code = tablet(app), pairing.code
    assert client.post("/api/session", json={"pin": code}).json == {"session": True}
    assert client.get("/api/state").json["session"] is True and can_act(client)
    assert pairing.code != code
    assert pin_status(app, "192.168.1.21", code) == 403


def test_the_pin_may_be_typed_in_groups(app, pairing):
    code = pairing.code
    assert pin_status(app, "192.168.1.20", f"{code[:4]} {code[4:]}") == 200


def test_a_request_without_a_pin_says_what_to_send(app):
    r = tablet(app).post("/api/session", json={"code": "1"})
    assert r.status_code == 400 and '"pin"' in r.json["error"]


def test_wrong_pins_from_many_addresses_spend_one_budget(app, pairing, clock):
    for i in range(BURST):
        r = tablet(app, f"10.0.0.{i}").post("/api/session", json={"pin": "00000000x"})
        assert r.status_code == 403 and "wrong PIN" in r.json["error"]
    # an eleventh address, even with the right PIN: the PIN is not even compared
    r = tablet(app, "10.0.1.1").post("/api/session", json={"pin": pairing.code})
    assert r.status_code == 429
    assert int(r.headers["Retry-After"]) == r.json["retry_after_s"] == REFILL_S
    assert "confirm button" in r.json["error"]
    clock.t += REFILL_S / 2
    r = tablet(app, "10.0.1.2").post("/api/session", json={"pin": pairing.code})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) == REFILL_S / 2
    clock.t += REFILL_S / 2
    assert pin_status(app, "10.0.1.3", pairing.code) == 200


def test_a_tablet_sharing_an_address_with_a_guesser_is_not_refused_for_his_guesses(app, pairing):
    for _ in range(BURST - 1):
        assert pin_status(app, "10.0.0.9", "11111111") == 403
    assert pin_status(app, "10.0.0.9", pairing.code) == 200


# -- the confirm button ----------------------------------------------------------------


def ask(client) -> str:
    r = client.post("/api/pairing", json={}, headers=JSON)
    assert r.status_code == 200 and r.json["state"] == "waiting", r.json
    return r.json["request"]


def test_pairing_by_holding_the_button_grants_the_one_waiting_tablet(app, pairing, service):
    pairing.button_present = True
    client = tablet(app)
    assert client.get("/api/session").json == {"session": False, "button": True, "hold_s": 3.0}
    rid = ask(client)
    r = client.get(f"/api/pairing/{rid}")
    assert r.json["state"] == "waiting" and 0 < r.json["left_s"] <= 60
    assert pairing.hold().id == rid
    assert client.get(f"/api/pairing/{rid}").json == {"state": "granted", "session": True}
    assert can_act(client)
    assert any("paired by holding the table's confirm button" in n for n in service.notices)
    assert client.get(f"/api/pairing/{rid}").status_code == 404  # collected once
    assert pairing.hold() is None  # nobody asks any more: a hold grants nothing


def test_the_pairing_answer_says_how_long_to_hold_the_button(app, pairing):
    pairing.button_present = True
    pairing.button.hold_s = 2.5
    r = tablet(app).post("/api/pairing", json={}, headers=JSON)
    assert r.json["hold_s"] == 2.5 and r.json["wait_s"] == 60
    assert tablet(app).get("/api/session").json["hold_s"] == 2.5


def test_every_dashboard_names_the_address_that_asks_to_pair_while_it_waits(app, pairing, clock):
    pairing.button_present = True
    watcher = app.test_client()
    before = watcher.get("/api/state").json
    assert before["pairing_requests"] == []
    ask(tablet(app, "10.0.0.66"))
    during = watcher.get("/api/state").json
    assert during["pairing_requests"] == ["10.0.0.66"] and during["version"] > before["version"]
    clock.t += 60.0  # the request expires (the controls look once a second)
    pairing.button.waiting()
    assert watcher.get("/api/state").json["pairing_requests"] == []
    ask(tablet(app, "10.0.0.66"))
    pairing.hold()  # granted: it waits no more
    assert watcher.get("/api/state").json["pairing_requests"] == []


def test_another_device_cannot_collect_a_granted_request_without_its_id(app, pairing):
    pairing.button_present = True
    rid = ask(tablet(app))
    pairing.hold()
    attacker = tablet(app, "10.0.0.66")
    assert attacker.get("/api/pairing/not-the-id").status_code == 404
    assert not can_act(attacker)
    assert tablet(app).get(f"/api/pairing/{rid}").json["state"] == "granted"


def test_a_hold_while_two_devices_ask_pairs_neither(app, pairing, service):
    pairing.button_present = True
    mine, theirs = tablet(app), tablet(app, "10.0.0.66")
    a, b = ask(mine), ask(theirs)
    assert len(pairing.hold()) == 2
    for client, rid in ((mine, a), (theirs, b)):
        r = client.get(f"/api/pairing/{rid}").json
        assert r["state"] == "refused" and "none was paired" in r["reason"]
        assert not can_act(client)
    assert any("10.0.0.66" in n and "none was paired" in n for n in service.notices)


def test_wrong_pins_never_block_the_button(app, pairing):
    pairing.button_present = True
    for i in range(3 * BURST):
        pin_status(app, f"10.0.0.{i}", "12345678")
    client = tablet(app)
    rid = ask(client)
    pairing.hold()
    assert client.get(f"/api/pairing/{rid}").json["state"] == "granted" and can_act(client)


def test_a_table_without_a_confirm_button_says_to_use_the_pin(app):
    r = tablet(app).post("/api/pairing", json={}, headers=JSON)
    assert r.status_code == 409 and "PIN" in r.json["error"]


def test_asking_to_pair_needs_the_header_and_the_same_origin(app, pairing):
    pairing.button_present = True
    assert tablet(app).post("/api/pairing", json={}).status_code == 400
    r = tablet(app).post("/api/pairing", json={}, headers={**JSON, "Origin": "http://evil.example"})
    assert r.status_code == 403


# -- sessions end on the server ----------------------------------------------------------


def paired(app, pairing, address="192.168.1.20"):
    client = tablet(app, address)
    assert client.post("/api/session", json={"pin": pairing.code}).status_code == 200
    return client, client.get_cookie(SESSION_COOKIE).value


def test_lock_ends_the_session_even_for_a_kept_copy_of_the_cookie(app, pairing):
    client, sid = paired(app, pairing)
    assert client.delete("/api/session").json == {"session": False}
    assert client.get_cookie(SESSION_COOKIE) is None
    client.set_cookie(SESSION_COOKIE, sid)  # the cookie, replayed
    assert not can_act(client) and client.get("/api/state").json["session"] is False


def test_lock_ends_only_that_tablets_session(app, pairing):
    one, _ = paired(app, pairing, "192.168.1.20")
    two, _ = paired(app, pairing, "192.168.1.21")
    one.delete("/api/session")
    assert not can_act(one) and can_act(two)


def test_a_new_pin_ends_every_session(app, pairing):
    client, _ = paired(app, pairing)
    pairing.reset()
    assert not can_act(client)


def test_companion_pin_reset_in_another_process_ends_every_session(app, pairing, service, capsys):
    client, _ = paired(app, pairing)
    old = pairing.code
    assert main(["pin", "--reset", "--state-dir", str(service.state_dir)]) == 0
    new = capsys.readouterr().out.strip()
    assert re.fullmatch(r"\d{8}", new) and new != old
    assert not can_act(client)
    assert pin_status(app, "192.168.1.20", new) == 200


def test_companion_pin_reset_gives_the_wrong_pin_budget_back(app, pairing, service):
    for i in range(BURST):
        pin_status(app, f"10.0.0.{i}", "00000000")
    assert pin_status(app, "192.168.1.20", pairing.code) == 429
    main(["pin", "--reset", "--state-dir", str(service.state_dir)])
    assert pin_status(app, "192.168.1.20", pairing.code) == 200


def test_the_cookie_holds_a_random_session_id_and_nothing_else(app, pairing):
    r = tablet(app).post("/api/session", json={"pin": pairing.code})
    cookies = r.headers.getlist("Set-Cookie")
    assert len(cookies) == 1, cookies  # no Flask session cookie beside it
    name_value, *attributes = (part.strip() for part in cookies[0].split(";"))
    name, value = name_value.split("=", 1)
    assert name == SESSION_COOKIE
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", value)  # 32 random bytes: no claims, no signature
    attrs = {a.split("=")[0].lower(): a.split("=", 1)[-1] for a in attributes}
    assert "httponly" in attrs and attrs["samesite"] == "Strict" and attrs["path"] == "/"
    assert int(attrs["max-age"]) == SESSION_S
    assert value not in pairing.store.path.read_text()  # the server keeps only its digest


def test_a_made_up_cookie_is_no_session(app):
    client = tablet(app)
    client.set_cookie(SESSION_COOKIE, "A" * 43)
    assert not can_act(client)


# -- the Host header ---------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "192.0.2.7:8000"])
def test_a_foreign_host_name_is_refused_with_a_reason(app, host):
    for path in ("/", "/api/state", "/api/events"):
        r = app.test_client().get(path, headers={"Host": host})
        assert r.status_code == 421 and r.is_json, path
        assert "does not answer to the name" in r.json["error"]
        assert "COMPANION_HOSTS" in r.json["error"]
    r = app.test_client().post("/api/session", json={"pin": "1"}, headers={"Host": host})
    assert r.status_code == 421


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8123", "[::1]:8000", "LOCALHOST."]
)
def test_the_loopback_names_are_answered(app, host):
    assert app.test_client().get("/api/state", headers={"Host": host}).status_code == 200


def test_the_machines_own_names_are_answered(app):
    short = socket.gethostname().split(".")[0]
    for host in (short, f"{short}.local:8000"):
        assert app.test_client().get("/api/state", headers={"Host": host}).status_code == 200


def test_configured_names_are_answered(service, pairing, monkeypatch):
    monkeypatch.setenv("COMPANION_HOSTS", "companion.lan, table-7.club.example")
    app = create_app(service, pairing=pairing)
    for host in ("companion.lan:8000", "table-7.club.example"):
        assert app.test_client().get("/api/state", headers={"Host": host}).status_code == 200
    assert app.test_client().get("/api/state", headers={"Host": "x.example"}).status_code == 421


def test_a_star_answers_to_any_name(service, pairing):
    app = create_app(service, pairing=pairing, test_config={"ALLOWED_HOSTS": ("*",)})
    assert app.test_client().get("/api/state", headers={"Host": "x.example"}).status_code == 200


def test_companion_run_refuses_a_rebound_name_and_answers_its_address(tmp_path):
    """A real ``companion run`` on a loopback socket, asked as a browser after DNS
    rebinding would ask; its PIN works once, then the next one does."""
    import http.client
    import json

    from .server_process import ServerProcess

    server = ServerProcess(tmp_path / "state")
    try:
        answers = {}
        for host in (f"rebind.example:{server.port}", f"127.0.0.1:{server.port}"):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            conn.request("GET", "/api/state", headers={"Host": host})
            r = conn.getresponse()
            answers[host] = (r.status, json.loads(r.read()))
            conn.close()
        status, body = answers[f"rebind.example:{server.port}"]
        assert status == 421 and "rebind.example" in body["error"]
        assert answers[f"127.0.0.1:{server.port}"][0] == 200
        assert re.fullmatch(r"\d{8}", server.pin)
        assert server.post("/api/session", {"pin": server.pin}) == {"session": True}
    finally:
        server.kill()
