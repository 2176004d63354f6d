"""Settings for the whole test suite.

The companion picks its language from COMPANION_LANG and the system locale
(docs/i18n.md). The tests that check English output must not turn German on a
machine whose locale is German, so the suite starts from an English environment;
tests of the language choice set these variables themselves.
"""

import os

_LANGUAGE_VARIABLES = ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

for _name in _LANGUAGE_VARIABLES:
    _value = os.environ.get(_name, "")
    if _name == "COMPANION_LANG" or not _value.startswith(("C", "POSIX", "en")):
        os.environ.pop(_name, None)
