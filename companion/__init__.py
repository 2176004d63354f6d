"""Table Companion: a Raspberry Pi beside the table that referees real tabletop games.

Packages, in the order data flows (see ``docs/design.md``):

- ``companion.games``: pure rules engines, one sub-package per game.
- ``companion.journal``: the append-only SQLite journal every accepted action goes to.
- ``companion.records``: reading game records (JSON Lines) and journals for replay.
- ``companion.cli``: the ``companion`` command.
"""

__version__ = "0.1.0"
