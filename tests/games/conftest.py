"""Every refusal the engine tests provoke is checked in German too: each ``IllegalAction``
raised while a test of a translated engine runs must be a marked message whose German
has every part translated and every parameter (name, stone, number, plural) in place
(tests/i18n/german.py)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.i18n.message import Msg
from tests.i18n.german import german_problems

#: The engines whose refusals are translated (docs/i18n.md); the others still speak English.
TRANSLATED = {"heuchel_meuchel", "hilo", "hinkel_stein", "stein_auf_stein", "stein_im_brett"}
#: Test folders whose own stand-in games refuse in plain words: only their marked
#: messages (the shared engine's) are checked.
MARKED_ONLY = {"common"}
#: At most this many distinct refusals are checked per test (the property tests raise many).
MAX_CHECKED = 200


@pytest.fixture(autouse=True)
def refusals_in_german(request, monkeypatch):
    parts = request.node.path.parts
    game = parts[parts.index("games") + 1] if "games" in parts else None
    if game not in TRANSLATED and game not in MARKED_ONLY:
        yield
        return
    seen: dict[str, object] = {}
    base_init = IllegalAction.__init__

    def recording_init(self, *args):
        if args and len(seen) < MAX_CHECKED:
            seen.setdefault(str(args[0]), args[0])
        base_init(self, *args)

    monkeypatch.setattr(IllegalAction, "__init__", recording_init)
    yield
    monkeypatch.undo()
    if game in MARKED_ONLY:
        seen = {text: m for text, m in seen.items() if isinstance(m, Msg)}
    problems = {text: german_problems(m) for text, m in seen.items()}
    bad = {text: p for text, p in problems.items() if p}
    assert not bad, "refusals not right in German:\n" + "\n".join(
        f"{text!r}: {p}" for text, p in bad.items()
    )
