"""The table's black box: record a session raw, replay it through the referee.

- ``session``: the files of one session recording and reading them back (tolerant of a
  torn last line after a power cut or ``kill -9``);
- ``codec``: observations as JSON objects and back;
- ``recorder``: ``SessionRecorder``, which writes a session; ``seams``: how it taps the
  scale sensor, the camera and the ``GameService`` of a live (or demo) table;
- ``store``: the bounded store of sessions (oldest dropped first, never the current);
- ``replay``: runs a session through the same sensing, referee and engine, on the
  recording's clock; ``compare``: compares it with that evening's journal;
- ``from_csv``: a session made from a scale CSV and a ``start`` line;
- ``pack``: the last session, journals, logs and versions in one archive (no secrets);
- ``control``: the dashboard's switch (``service.recording``);
- ``cli``: ``companion replay-session``, ``companion doctor pack``, ``--record``.
"""
