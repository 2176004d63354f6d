"""Pure rules engines, one sub-package per game.

Each engine: frozen state, ``apply(state, action) -> state``, ``IllegalAction`` with a
reason a player understands, and queries for what is awaited and allowed. No I/O, no
clocks, randomness only from a seed passed in. ``common`` holds the small helpers they
share: ``evolve``, word lists and seats, record-field checks and the record skeleton,
and the fold over actions (``dispatch``, ``replay``, ``play_out``).
"""
