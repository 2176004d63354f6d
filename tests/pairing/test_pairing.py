"""The pairing facade: what a PIN gets, what a hold does, what a reset ends."""

from __future__ import annotations

from companion.pairing import Pairing
from companion.pairing.limits import BURST
from companion.pairing.store import STORE_FILE


def test_the_right_pin_gives_a_session_and_is_replaced(tmp_path):
    pairing = Pairing(tmp_path)
    code = pairing.code
    answer = pairing.try_code(f"{code[:4]}-{code[4:]}", client="a")
    assert answer.session_id and pairing.valid(answer.session_id)
    assert pairing.code != code
    assert pairing.try_code(code, client="b").session_id is None


def test_anything_but_a_string_is_a_wrong_pin(tmp_path):
    pairing = Pairing(tmp_path)
    for given in (None, 12345678, ["1"], "9" * 100):
        answer = pairing.try_code(given, client="a")
        assert answer.session_id is None and answer.retry_after_s == 0
    assert pairing.budget.retry_after_s() == 0  # 4 of the 10 spent


def test_once_the_budget_is_spent_even_the_right_pin_waits(tmp_path):
    pairing = Pairing(tmp_path)
    for _ in range(BURST):
        pairing.try_code("x", client="a")
    answer = pairing.try_code(pairing.code, client="b")
    assert answer.session_id is None and answer.retry_after_s > 0


def test_a_reset_ends_every_session_and_refills_the_budget(tmp_path):
    pairing = Pairing(tmp_path)
    sid = pairing.try_code(pairing.code, client="a").session_id
    for _ in range(BURST):
        pairing.try_code("x", client="a")
    pairing.reset()
    assert not pairing.valid(sid)
    assert pairing.try_code(pairing.code, client="a").session_id


def test_lock_ends_the_session(tmp_path):
    pairing = Pairing(tmp_path)
    sid = pairing.try_code(pairing.code, client="a").session_id
    assert pairing.lock(sid) and not pairing.valid(sid)


def test_a_state_directory_that_refuses_writes_is_announced(tmp_path):
    (tmp_path / (STORE_FILE + ".tmp")).mkdir()
    said = []
    pairing = Pairing(tmp_path, announce=said.append)
    assert said and "in memory" in said[0]
    assert pairing.try_code(pairing.code, client="a").session_id


def test_a_hold_pairs_the_one_tablet_that_asks_and_says_so(tmp_path):
    said, shown = [], []
    pairing = Pairing(tmp_path, announce=said.append, show_requests=shown.append)
    assert pairing.hold() is None and not said  # nobody asks: a hold does nothing
    request = pairing.button.ask("192.168.1.20")
    assert shown == [["192.168.1.20"]]  # every dashboard names the asking address
    assert pairing.hold() is request and request.state == "granted"
    assert shown[-1] == []
    assert "192.168.1.20 was paired by holding the table's confirm button" in said[-1]
    sid = pairing.claim(request.id)
    assert sid and pairing.valid(sid)


def test_a_hold_while_two_ask_pairs_neither_and_names_both(tmp_path):
    said = []
    pairing = Pairing(tmp_path, announce=said.append)
    pairing.button.ask("192.168.1.20")
    pairing.button.ask("10.0.0.66")
    refused = pairing.hold()
    assert isinstance(refused, list) and len(refused) == 2
    assert "10.0.0.66, 192.168.1.20" in said[-1] and "none was paired" in said[-1]
