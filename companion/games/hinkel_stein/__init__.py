"""Hinkel & Stein: the complete rules engine for 2, 3 and 4 players.

- ``actions``: one frozen dataclass per record type; ``record``: JSON to actions and back.
- ``state``: the frozen game state; ``engine``: ``start_game``, ``apply``, ``replay``.
- ``queries``: what is awaited, which stones/spaces/stakes are allowed, who wins per tilt.
- ``turns`` and ``resolution``: the rule handlers; ``discs``: supply and refills.
- ``random_player``: a seeded legal player with a torque model of the scale.
- ``summary``: what ``companion replay`` prints.

Rulebook: ``shared/rules/hinkel-stein.txt``; decisions: ``docs/spec/hinkel-stein-record.md``
and ``docs/rules-decisions.md``.
"""

from .actions import (
    Action,
    Answer,
    Boulder,
    Call,
    Condition,
    Fate,
    Keep,
    Mode,
    Notch,
    Offer,
    Place,
    Stake,
    Start,
    Tilt,
)
from .engine import apply, replay, start_game
from .queries import Awaiting, awaiting, optional_actions, outcome, outcomes
from .record import parse_action, to_record
from .state import GameState

__all__ = [
    "Action",
    "Answer",
    "Awaiting",
    "Boulder",
    "Call",
    "Condition",
    "Fate",
    "GameState",
    "Keep",
    "Mode",
    "Notch",
    "Offer",
    "Place",
    "Stake",
    "Start",
    "Tilt",
    "apply",
    "awaiting",
    "optional_actions",
    "outcome",
    "outcomes",
    "parse_action",
    "replay",
    "start_game",
    "to_record",
]
