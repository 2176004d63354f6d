"""Stein auf Stein: the rules engine for the crane game, every variant of the rulebook.

- ``catalogue``: blocks (colour, size in mm) and the colour die as data; ``standard``:
  the provisional catalogue of the 18 blocks.
- ``actions``: one frozen dataclass per record type; ``record``: JSON to actions and back.
- ``state``: the frozen game state; ``engine``: ``start_game``, ``apply``, ``replay``.
- ``turns``: the rule handlers; ``scoring``: rows, towers and winners.
- ``queries``: what is awaited and what is allowed; ``moves``: the legal actions.
- ``random_player``: a seeded legal player; ``summary``: what ``companion replay`` prints.

Rulebook: ``shared/rules/stein-auf-stein.txt``; record: ``docs/records.md``; decisions:
``docs/rules-decisions.md`` (SAS-n).
"""

from .actions import Action, Fall, Lift, Measure, Pile, Roll, Start, Stop
from .catalogue import Block, Catalogue
from .engine import apply, replay, start_game
from .queries import Awaiting, awaiting, optional_actions
from .record import parse_action, to_record
from .standard import STANDARD
from .state import GameState

__all__ = [
    "STANDARD",
    "Action",
    "Awaiting",
    "Block",
    "Catalogue",
    "Fall",
    "GameState",
    "Lift",
    "Measure",
    "Pile",
    "Roll",
    "Start",
    "Stop",
    "apply",
    "awaiting",
    "optional_actions",
    "parse_action",
    "replay",
    "start_game",
    "to_record",
]
