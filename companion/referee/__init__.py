"""The referee: the one place a game changes.

- ``service``: ``GameService`` validates every action with the game's rules, journals it
  before anyone sees it, folds the journal into the state (also after a crash), undoes by
  appending corrections, and publishes each new snapshot to the dashboards.
- ``hinkel_stein_view``: what a dashboard shows of a Hinkel & Stein game: the scale,
  the ledger, who must act and the legal choices as ready-made records.

The referee may import the games, sensing and the journal; never Flask or hardware.
"""
