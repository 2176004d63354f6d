"""Names and fixed numbers of Heuchel & Meuchel.

Rows are numbered 1 (bottom) to 13 (top) in every column. A card is named by its
class letter and its value: ``F1`` .. ``F6`` (Fire-Eater), ``M`` (Minstrel), ``Q``
(Quack), ``L`` (Lady), ``B`` (Bishop), ``P`` (Prince). Rank is class first, then value:
``M6`` is above ``M5`` and below ``Q1``.
"""

from __future__ import annotations

GAME = "heuchel-meuchel"
TITLE = "Heuchel & Meuchel"

ROWS = 13
#: Every class has its goal this many rows above its starting row.
STEPS_TO_GOAL = 7
CARDS_PER_PLAYER = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: The six classes, lowest first.
CLASSES: tuple[str, ...] = ("fire-eater", "minstrel", "quack", "lady", "bishop", "prince")
CLASS_LETTER: dict[str, str] = {
    "fire-eater": "F",
    "minstrel": "M",
    "quack": "Q",
    "lady": "L",
    "bishop": "B",
    "prince": "P",
}
CLASS_TITLE: dict[str, str] = {
    "fire-eater": "Fire-Eater",
    "minstrel": "Minstrel",
    "quack": "Quack",
    "lady": "Lady",
    "bishop": "Bishop",
    "prince": "Prince",
}
#: Starting row of each class (Fire-Eater 1 .. Prince 6) and its goal, seven rows higher.
START_ROW: dict[str, int] = {c: i + 1 for i, c in enumerate(CLASSES)}
GOAL_ROW: dict[str, int] = {c: START_ROW[c] + STEPS_TO_GOAL for c in CLASSES}

#: All 36 cards, lowest rank first.
CARDS: tuple[str, ...] = tuple(f"{CLASS_LETTER[c]}{v}" for c in CLASSES for v in range(1, 7))
CLASS_OF: dict[str, str] = {f"{CLASS_LETTER[c]}{v}": c for c in CLASSES for v in range(1, 7)}
VALUE_OF: dict[str, int] = {card: int(card[1]) for card in CARDS}
RANK_OF: dict[str, int] = {card: i for i, card in enumerate(CARDS)}
GOAL_OF: dict[str, int] = {card: GOAL_ROW[CLASS_OF[card]] for card in CARDS}
START_OF: dict[str, int] = {card: START_ROW[CLASS_OF[card]] for card in CARDS}


def card_name(card: str) -> str:
    """``L4`` -> ``Lady 4``."""
    return f"{CLASS_TITLE[CLASS_OF[card]]} {VALUE_OF[card]}"


def class_name(card: str) -> str:
    """``L4`` -> ``Lady``."""
    return CLASS_TITLE[CLASS_OF[card]]
