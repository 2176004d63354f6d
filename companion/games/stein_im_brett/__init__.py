"""Stein im Brett: the rules engine for the hex board of coloured stones, 2 to 6 players.

- ``names``: colours and fixed numbers; ``board``: a hex board as data (axial
  coordinates, neighbours); ``layouts``: the default board (36 fields) and its name.
- ``actions``: one frozen dataclass per record type; ``record``: JSON to actions and back.
- ``state``: the frozen game state; ``engine``: ``start_game``, ``apply``, ``replay``.
- ``turns``: the rule handlers (draw, place, the end of a round); ``scoring``: isolated
  stones, live points, totals and winners.
- ``queries``: what is awaited and what is allowed; ``moves``: the legal actions;
  ``advice``: the "avoid placing your colours together" rule as advice.
- ``random_player``: a seeded legal player; ``summary``: what ``companion replay`` prints.

Rulebook: ``shared/rules/stein-im-brett.txt``; record: ``docs/records.md``; decisions:
``docs/rules-decisions.md`` (SIB-n).
"""

from .actions import Action, Draw, Place, Start
from .advice import Advice, advice, arrange
from .board import Board
from .engine import apply, replay, start_game
from .layouts import DEFAULT, LAYOUTS
from .queries import Awaiting, awaiting
from .record import parse_action, to_record
from .state import GameState, Scoring

__all__ = [
    "DEFAULT",
    "LAYOUTS",
    "Action",
    "Advice",
    "Awaiting",
    "Board",
    "Draw",
    "GameState",
    "Place",
    "Scoring",
    "Start",
    "advice",
    "apply",
    "arrange",
    "awaiting",
    "parse_action",
    "replay",
    "start_game",
    "to_record",
]
