"""The engines mark their messages with the standard library alone: importing every
engine loads neither Babel nor Flask (docs/design.md: games import stdlib only)."""

from __future__ import annotations

import subprocess
import sys


def test_the_engines_and_their_messages_load_no_babel():
    code = (
        "import sys\n"
        "import companion.games.hinkel_stein, companion.games.stein_im_brett\n"
        "import companion.games.heuchel_meuchel, companion.games.stein_auf_stein\n"
        "import companion.games.hilo, companion.i18n\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('babel', 'flask')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "[]"
