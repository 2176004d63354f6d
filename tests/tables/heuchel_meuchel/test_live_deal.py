"""At a real table (``companion run --deck``) the camera loop reads the deal: rendered
frames of the cards being laid, card by card with a hand over each, go through
``CameraLoop.feed`` (the game's own pipeline: the card reader with the registered deck,
the change tracker) into the referee, and the game starts from the deal as laid."""

from __future__ import annotations

import pytest

from companion.games.heuchel_meuchel.names import START_OF
from companion.referee.service import GameService
from companion.table import CameraLoop
from companion.tables.heuchel_meuchel.camera import ready_deck
from companion.tables.heuchel_meuchel.cells import cell_id
from companion.tables.heuchel_meuchel.demo import SimulatedCardTable

SEED = 7
#: The tablet's deal, and the deal the players lay instead (Ana's Fire-Eaters stacked in
#: another order: only the camera watching the stack being built can know it).
TABLETS = {
    "Ana": [["F1", "F2", "F5"], ["M1"], ["Q1"], ["L1"]],
    "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
}
LAID = {
    "Ana": [["F5", "F2", "F1"], ["M1"], ["Q1"], ["L1"]],
    "Ben": [["F3"], ["M2"], ["Q2"], ["L2"], ["B2"], ["P2"]],
}


class _ThroughTheLoop:
    """The demo table's camera replaced by the live camera loop's ``feed``."""

    def __init__(self, loop: CameraLoop) -> None:
        self.loop = loop

    def feed(self, image, t_mono: float):
        self.loop.feed(image, t_mono)
        return None  # the loop handed its observations to the service already


@pytest.mark.slow
def test_the_camera_loop_reads_the_deal_laid_and_the_game_starts_from_it(tmp_path):
    service = GameService(tmp_path / "state")
    try:
        deck = ready_deck(tmp_path / "deck")
        service.start_game(["Ana", "Ben"], game="heuchel-meuchel", stacks=TABLETS)
        first = service.camera_game()[0]
        loop = CameraLoop(service, None, decks={"heuchel-meuchel": deck})
        table = SimulatedCardTable(
            service, seed=SEED, speed=None, deck=deck, deck_dir=tmp_path / "deck"
        )
        table.camera = _ThroughTheLoop(loop)
        table.table = {}
        for _ in range(4):  # the empty board
            table.frame()
        for seat, name in enumerate(("Ana", "Ben")):
            for stack in LAID[name]:
                cell = cell_id(seat, START_OF[stack[0]])
                for k in range(len(stack) - 1, -1, -1):  # bottom card first
                    table.table[cell] = tuple(stack[k:])
                    table.frame(table._hand(cell))
                    for _ in range(4):
                        table.frame()
        for _ in range(6):  # the new game's pipeline settles on the board
            table.frame()
        game_id, _, state = service.camera_game()
        assert game_id != first, f"seed {SEED}: {service.warnings}"
        assert state.unit(0, 1).cards == ("F5", "F2", "F1"), f"seed {SEED}"
        assert service.warnings == [], f"seed {SEED}: {service.warnings}"
    finally:
        service.close()
