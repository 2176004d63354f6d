"""Where the project's data folders are, from a checkout and from an installed wheel.

In a checkout, ``calibration/``, ``web/`` and ``hardware/`` sit beside the ``companion``
package; an installed wheel carries copies under ``companion/_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``calibration``, ``web``, ``hardware``): checkout first, then wheel."""
    for candidate in (_CHECKOUT / name, _PACKAGE / "_data" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the companion's {name}/ folder is missing"
        f" (looked in {_CHECKOUT} and {_PACKAGE / '_data'})"
    )
