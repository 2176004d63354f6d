"""Heuchel & Meuchel: the rules engine, with and without dice, for 2 to 6 players.

- ``names``: classes, cards, rows, ranks; ``actions``: one frozen dataclass per record
  type; ``record``: JSON to actions and back.
- ``state``: the frozen game state; ``board``: the rules of one column (where a unit
  may go, remainders, Zugzwang's cascade).
- ``engine``: ``start_game``, ``apply``, ``replay``; ``turns``: the rule handlers.
- ``queries``: what is awaited and allowed, scores; ``moves``: every legal action.
- ``random_player``: a seeded legal player; ``summary``: what ``companion replay``
  prints and a player's view that hides other players' stacks below the top card.

Rulebook: ``shared/rules/heuchel-meuchel.txt``; decisions: ``docs/rules-decisions.md``;
record format: ``docs/records.md``.
"""

from .actions import Action, Discard, End, Move, Roll, Start, Take
from .engine import apply, replay, start_game
from .queries import Awaiting, awaiting, optional_actions, score, scores
from .record import parse_action, to_record
from .state import GameState, Turn, Unit

__all__ = [
    "Action",
    "Awaiting",
    "Discard",
    "End",
    "GameState",
    "Move",
    "Roll",
    "Start",
    "Take",
    "Turn",
    "Unit",
    "apply",
    "awaiting",
    "optional_actions",
    "parse_action",
    "replay",
    "score",
    "scores",
    "start_game",
    "to_record",
]
