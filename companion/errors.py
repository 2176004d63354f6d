"""The project's exceptions: one root, leaves that also inherit a builtin.

Catch ``CompanionError`` to catch anything the companion raises on purpose;
catch ``ValueError`` to treat bad input from any source alike. ``reason(e)`` puts any
of them, or an operating system error, in words for the command line.
"""


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class IllegalAction(CompanionError, ValueError):
    """An action the rules do not allow now.

    The message is for the players: what rule it breaks and what is allowed instead.
    """


class MalformedRecord(CompanionError, ValueError):
    """A record line that is not a well-formed action (bad JSON, unknown type, missing field)."""


class JournalError(CompanionError, OSError):
    """The journal file cannot be opened, read or written, or is not a journal."""


class StorageError(JournalError):
    """The state directory cannot take a write now: the disk is full (``kind`` ``"full"``),
    the directory or file system is read-only (``"read-only"``), or the disk failed
    (``"io"``). Nothing was written; the message says what to do."""

    def __init__(self, message: str, *, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


class DeviceError(CompanionError, OSError):
    """A device (load cells, camera, buttons) failed: what failed and how to fix it."""


class DeviceUnavailable(DeviceError):
    """A real device cannot be opened here (no GPIO, no camera, library missing)."""


def reason(e: BaseException) -> str:
    """An error in words for a person: an operating system error's own words, without
    its errno and file name (the message names the file), else what the error says."""
    if isinstance(e, OSError) and not isinstance(e, CompanionError) and e.strerror:
        return e.strerror
    return str(e)
