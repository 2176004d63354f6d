"""The referee: the one place a game changes.

- ``service``: ``GameService`` validates every action with the game's rules, journals it
  before anyone sees it, folds the journal into the state (also after a crash), undoes by
  appending corrections, and publishes each new snapshot to the dashboards.
- ``history``, ``state_files``: the index of past games, damaged journals set aside.

Each game's own referee, view and demo live in ``companion.tables.<game>``.

The referee may import the games, sensing and the journal; never Flask or hardware.
"""
