"""The catalogues against the code: every marked message has its German, every German
entry is used, and the {fields} of a translation are the English ones."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from companion.i18n import tools
from companion.i18n.catalogues import LANGUAGES, translations


@pytest.fixture(scope="module")
def template() -> Catalog:
    return tools.extract()


def test_every_marked_message_is_translated_and_every_entry_used(template):
    assert len(template) > 100
    for lang in LANGUAGES[1:]:
        assert tools.problems(lang, template) == []


def test_the_check_finds_a_missing_an_unused_and_a_mistyped_entry(template, monkeypatch):
    real = tools.read_catalog("de")
    broken = Catalog(locale="de")
    for m in real:
        if m.id and m.id != "nobody":
            broken.add(m.id, m.string, context=m.context)
    broken.add("a sentence no code says", "ein Satz")
    broken["{who} must first stake: {hint}"].string = "{wer} muss zuerst setzen: {hint}"
    monkeypatch.setattr(tools, "read_catalog", lambda lang: broken)
    found = "\n".join(tools.problems("de", template))
    assert "no translation of 'nobody'" in found
    assert "'a sentence no code says' is in the catalogue but no code uses it" in found
    assert "has fields ['hint', 'wer'], the English ['hint', 'who']" in found


def test_english_is_the_source_and_an_unknown_language_is_refused():
    assert translations("en").gettext("take 1") == "take 1"
    assert translations("de").gettext("take 1") == "1 nehmen"
    with pytest.raises(ValueError, match="no language 'fr'; the companion speaks en, de"):
        translations("fr")


def test_a_marked_message_inside_another_is_extracted(template):
    # Babel's own python method skips it: msg("{name} may {options}", options=or_list([...,
    # msg("end the turn")])) in Heuchel & Meuchel's awaited_words.
    assert template.get("end the turn") is not None
    assert template.get("nothing") is not None
