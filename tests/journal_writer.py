"""Child process for the journal crash test: append forever, acknowledge each seq.

    python tests/journal_writer.py PATH

Opens (or resumes) the journal at PATH and writes rows in a tight loop following
:func:`planned`, printing each row's seq on stdout (flushed) only after ``append`` or
``undo`` has returned, i.e. once the row is durably committed. The parent kills it
with SIGKILL at a moment of its choosing.
"""

from __future__ import annotations

import sys


def planned(seq: int) -> tuple[str, dict | int]:
    """The row the writer stores at ``seq``: ``("action", record)`` or ``("undo", count)``.

    Row 1 is a start; every fifth row undoes one or two actions (always legal: each
    cycle of five rows adds four actions); the others are comments with some UTF-8.
    """
    if seq == 1:
        return "action", {"type": "start", "game": "crash-test", "players": ["Änne", "Bo"]}
    if seq % 5 == 0:
        return "undo", 1 + (seq // 5) % 2
    return "action", {"type": "comment", "n": seq, "text": "Hinkel & Stein – ü"}


def main(path: str) -> None:
    from companion.journal import Journal

    with Journal(path) as journal:
        seq = journal.last_seq
        while True:
            kind, what = planned(seq + 1)
            seq = journal.undo(what) if kind == "undo" else journal.append(what)
            print(seq, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
