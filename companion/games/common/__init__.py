"""Small helpers the games' rules engines share: pure, standard library only, no I/O.

- ``state``: ``evolve``, a fast ``dataclasses.replace`` for frozen state objects.
- ``text``: ``and_list``, ``or_list`` and ``seat_in``, a player's name to his seat.
- ``records``: the record-field validators (each raises ``MalformedRecord`` as
  ``"{type}: {field!r} must be ..."``) and ``RecordFormat``, the skeleton of a game's
  ``parse_action`` and ``to_record`` driven by its table of record types.
- ``engine``: ``dispatch`` (a second start line, a finished game in the game's own words,
  an unknown action, else the action's handler), ``replay`` (the fold over a record)
  and ``play_out`` (a game played to its end by a chooser, as the random players do).

Each game keeps its own names for these (``state.evolve``, ``text.and_list``,
``record.parse_action``...) and its game-specific validators.
"""
