"""The demo with someone at the tablet: at random moments (seeded) the tablet takes a
decision (an undo, or a choice the dashboard offers: a stake, a call, a draw, a turn
entered by hand). The scripted players yield and carry on from the game as it is: the
game finishes, their thread never dies, and an undo on the tablet is never doubled by
the demo. The demo's ``sleep`` is where the tablet acts: while the table waits.

Fast tier: a whole Hinkel & Stein game (2 players) and the first round of Stein im Brett
(a smaller frame); the slow tier: whole games of both, more seeds.
"""

from __future__ import annotations

import random

import pytest

from companion.games.stein_im_brett.random_player import DEFAULT_NAMES, RandomPlayer
from companion.games.stein_im_brett.record import to_record as sib_record
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.tables.hinkel_stein.demo import SimulatedTable
from companion.tables.stein_im_brett.demo import SimulatedBoardTable

NAMES = ["Ana", "Ben", "Cleo", "Dora"]
FAST_PX = (512, 384)
FAST = 1e9  # "real time" so fast that the demo's sleep is called, and takes no time


class Tablet:
    """Someone at the tablet, called as the demo's ``sleep``: with chance ``p`` each
    time, an undo (chance ``undo``) or a choice the dashboard offers now. Every change
    of the game is logged as (what, who) to check that no undo is doubled."""

    def __init__(self, service: GameService, seed: int, *, p: float, undo: float = 0.3):
        self.service, self.seed = service, seed
        self.rng = random.Random(seed)
        self.sib_player = RandomPlayer(seed + 7)
        self.p, self.undo_p = p, undo
        self.undos = self.choices = 0
        self.log: list[tuple[str, str]] = []
        self.acting = False
        submit, undo_ = service.submit, service.undo

        def logged_submit(record, *, source="tablet"):
            out = submit(record, source=source)
            self.log.append(("submit", "tablet" if self.acting else source))
            return out

        def logged_undo(count=1):
            out = undo_(count)
            self.log.append(("undo", "tablet" if self.acting else "demo"))
            return out

        service.submit, service.undo = logged_submit, logged_undo  # sensors' too

    def __call__(self, seconds: float) -> None:
        if self.rng.random() >= self.p:
            return
        snap = self.service.snapshot()
        if snap["game"] is None or snap["replay"]["finished"]:
            return
        self.acting = True
        try:
            if self.rng.random() < self.undo_p and snap["game"]["actions"] > 1:
                self.service.undo(1)
                self.undos += 1
            elif self._choose(snap):
                self.choices += 1
        finally:
            self.acting = False

    def _choose(self, snap) -> bool:
        if snap["game"]["name"] == "stein-im-brett":
            state = self.service.game_state
            record = sib_record(self.sib_player.choose(state))  # a draw or a turn by hand
        else:
            offered = [c["record"] for c in snap["view"]["choices"] if c["record"]]
            offered = [r for r in offered if r["type"] != "fate"]  # its place is typed in
            if not offered:
                return False
            record = self.rng.choice(offered)
        self.service.submit(record, source="tablet")
        return True

    def check_no_undo_doubled(self) -> None:
        """The demo undoes only its camera's misread turn, right after the camera
        recorded it; never after an undo on the tablet."""
        for i, (what, who) in enumerate(self.log):
            if (what, who) == ("undo", "demo"):
                assert i > 0 and self.log[i - 1] == ("submit", "sensor"), (
                    f"seed {self.seed}: the demo undid after {self.log[i - 1]}: {self.log}"
                )


def play_hinkel_stein(tmp_path, seed: int, players: int, p: float):
    service = GameService(tmp_path / f"hs{seed}")
    tablet = Tablet(service, seed, p=p)
    table = SimulatedTable(service, default_profile(), seed=seed, speed=FAST, sleep=tablet)
    return service, tablet, table


def check(service, tablet, table, seed):
    state = service.game_state
    assert state.finished, f"seed {seed}: {service.notices}"
    assert tablet.undos >= 1 and tablet.choices >= 1, (seed, tablet.undos, tablet.choices)
    tablet.check_no_undo_doubled()
    print(f"seed {seed}: tablet {tablet.undos} undos, {tablet.choices} choices;"
          f" the players yielded {table.yielded}, missed {table.missed}")  # fmt: skip


@pytest.mark.parametrize("seed", [11])
def test_hinkel_stein_demo_finishes_a_game_with_the_tablet_taking_decisions(tmp_path, seed):
    service, tablet, table = play_hinkel_stein(tmp_path, seed, 2, p=1 / 300)
    try:
        table.play_game(NAMES[:2])  # raises if the players' thread would have died
        check(service, tablet, table, seed)
    finally:
        service.close()


def test_stein_im_brett_demo_carries_on_through_a_round_with_the_tablet(tmp_path):
    seed = 12
    service = GameService(tmp_path)
    tablet = Tablet(service, seed, p=1 / 25)

    def sleep(seconds: float) -> None:  # the tablet acts; the test ends after round 1
        tablet(seconds)
        if service.game_state.scorings:
            table.stop.set()

    table = SimulatedBoardTable(service, seed=seed, speed=FAST, size_px=FAST_PX, sleep=sleep)
    try:
        table.play_game(list(DEFAULT_NAMES[:3]))  # raises if the players' thread would die
        assert service.game_state.scorings, f"seed {seed}: {service.notices}"
        assert tablet.undos >= 1 and tablet.choices >= 1, (tablet.undos, tablet.choices)
        tablet.check_no_undo_doubled()
        print(f"seed {seed}: tablet {tablet.undos} undos, {tablet.choices} choices;"
              f" the players yielded {table.yielded}, missed {table.missed}")  # fmt: skip
    finally:
        service.close()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_hinkel_stein_demo_whole_games_with_the_tablet(tmp_path, seed):
    service, tablet, table = play_hinkel_stein(tmp_path, seed, 2 + seed % 3, p=1 / 300)
    try:
        table.play_game(NAMES[: 2 + seed % 3])
        check(service, tablet, table, seed)
    finally:
        service.close()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [31, 32])
def test_stein_im_brett_demo_whole_games_with_the_tablet(tmp_path, seed):
    service = GameService(tmp_path)
    tablet = Tablet(service, seed, p=1 / 25)
    table = SimulatedBoardTable(service, seed=seed, speed=FAST, size_px=FAST_PX, sleep=tablet)
    try:
        table.play_game(list(DEFAULT_NAMES[: 2 + seed % 3]))
        check(service, tablet, table, seed)
    finally:
        service.close()


def test_players_that_stop_on_an_error_are_announced_on_the_dashboard(tmp_path):
    from companion.demo_cli import players_thread

    service = GameService(tmp_path)

    def play(service):
        raise RuntimeError("a bug in the scripted players")

    try:
        players_thread(play, service)  # the demo's background thread: it does not raise
        notices = service.snapshot()["notices"]
        assert any(
            "scripted players stopped (RuntimeError: a bug in the scripted players)" in n
            for n in notices
        ), notices
    finally:
        service.close()
