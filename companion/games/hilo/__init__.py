"""HiLo: Dein Königreich: the complete rules engine for 2 players and up.

- ``catalogue`` and ``provisional_deck``: the deck as data (kinds, half Sterntaler on
  the edges, whole ones); any catalogue works, the built-in one is provisional.
- ``actions``: one frozen dataclass per record type; ``record``: JSON to actions and back.
- ``state``: the frozen game state (what the table hides stays hidden);
  ``engine``: ``start_game``, ``apply``, ``replay``; ``turns``: the rule handlers.
- ``queries``: what is awaited, from whom, and what is allowed; ``moves``: every legal
  decision and action; ``scoring``: Sterntaler of a layout.
- ``random_player``: a seeded legal player and a simulated table that deals the cards.
- ``summary``: what ``companion replay`` prints.

Rulebook: ``shared/rules/hilo.txt``; record format: ``docs/records.md``; decisions:
``docs/rules-decisions.md`` (HiLo).
"""

from .actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Redraw,
    Reveal,
    Spell,
    Start,
    Take,
    Uncover,
    Upturn,
)
from .catalogue import CATALOGUES, Card, Catalogue
from .engine import apply, replay, start_game
from .queries import Awaiting, awaiting, whose_turn
from .record import parse_action, to_record
from .scoring import Breakdown, score_layout
from .state import GameState

__all__ = [
    "CATALOGUES",
    "Action",
    "Awaiting",
    "Breakdown",
    "Card",
    "Catalogue",
    "Discard",
    "Draw",
    "Exchange",
    "GameState",
    "Redraw",
    "Reveal",
    "Spell",
    "Start",
    "Take",
    "Uncover",
    "Upturn",
    "apply",
    "awaiting",
    "parse_action",
    "replay",
    "score_layout",
    "start_game",
    "to_record",
    "whose_turn",
]
