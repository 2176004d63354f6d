"""The pages' own catalogue (the ``pages`` domain, docs/i18n.md): every text marked in
``web/static/*.js`` and ``web/templates/*.html`` has its German and every German entry
is used; ``GET /api/messages`` hands it to the page."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Catalog

from companion.dashboard import create_app
from companion.dashboard.page_messages import catalogue, plural_categories
from companion.i18n import tools
from companion.referee.service import GameService


@pytest.fixture(scope="module")
def template() -> Catalog:
    return tools.extract_pages()


def test_every_page_text_has_its_german_and_every_entry_is_used(template):
    assert len(template) > 300
    assert tools.problems("de", template, tools.PAGES_DOMAIN) == []


def test_the_check_finds_a_missing_an_unused_and_a_mistyped_page_entry(template, monkeypatch):
    real = tools.read_catalog("de", tools.PAGES_DOMAIN)
    broken = Catalog(locale="de", domain=tools.PAGES_DOMAIN)
    for m in real:
        if m.id and m.id != "Undo":
            broken.add(m.id, m.string, context=m.context)
    broken.add("a label no page shows", "ein Etikett")
    broken["{player} decides"].string = "{spieler} entscheidet"
    monkeypatch.setattr(tools, "read_catalog", lambda lang, domain: broken)
    found = "\n".join(tools.problems("de", template, tools.PAGES_DOMAIN))
    assert "no translation of 'Undo'" in found
    assert "'a label no page shows' is in the catalogue but no code uses it" in found
    assert "has fields ['spieler'], the English ['player']" in found


def test_the_extractors_find_js_markers_plurals_and_template_texts(template):
    # Babel's JavaScript extractor: t(), tn() (both forms), N_() in a table of words
    assert template.get("{player} decides").locations[0][0] == "web/static/hinkel-stein.js"
    assert template.get("{names} wins").id == ("{names} wins", "{names} win")
    assert template.get("Fire-Eater") is not None
    # the templates: a data-t element's text (spaces collapsed) and data-t-attrs
    assert template.get("Where is the Stone of Fate now?") is not None
    assert template.get("the Stone of Fate's place in mm from the middle") is not None
    assert template.get("e.g. K7QX3M").locations[0][0] == "web/templates/seat.html"


def test_a_tag_inside_a_marked_element_is_refused():
    html = b"<p data-t>Start with <b>New game</b></p>"
    with pytest.raises(ValueError, match="<b> inside a data-t element"):
        list(tools.extract_html(io.BytesIO(html), {}, (), {}))


def test_the_plural_forms_map_to_the_browsers_plural_categories():
    assert plural_categories("de", "(n != 1)", 2) == ["one", "other"]
    assert plural_categories("en", "(n != 1)", 2) == ["one", "other"]
    # a language with three forms: Polish (one, few, many)
    polish = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
    assert plural_categories("pl", polish, 3) == ["one", "few", "many"]


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    service = GameService(tmp_path)
    yield create_app(service, test_config={"TESTING": True}).test_client()
    service.close()


def test_the_page_gets_its_catalogue_as_json_and_may_keep_it(client):
    r = client.get("/api/messages?lang=de")
    assert r.status_code == 200
    data = r.get_json()
    assert data["lang"] == "de" and data["plural"] == ["one", "other"]
    assert data["messages"]["Undo"] == "Rückgängig"
    assert data["messages"]["{names} wins"] == ["{names} gewinnt", "{names} gewinnen"]
    # a context tells one English word from another: Hinkel & Stein's winning side, the
    # club's count of wins
    assert data["messages"]["which side wins\x04Wins"] == "Gewinnt"
    assert data["messages"]["Wins"] == "Siege"
    etag = r.headers["ETag"]
    again = client.get("/api/messages?lang=de", headers={"If-None-Match": etag})
    assert again.status_code == 304
    english = client.get("/api/messages?lang=en").get_json()
    assert english == {"lang": "en", "plural": ["one", "other"], "messages": {}}
    # no ?lang=: the browser's Accept-Language, else the table's language
    assert client.get("/api/messages").get_json()["lang"] == "en"
    assert (
        client.get("/api/messages", headers={"Accept-Language": "de-DE"}).get_json()["lang"] == "de"
    )
    assert catalogue("de")[1] == etag.strip('"')


def test_every_marker_in_the_scripts_is_extracted(template):
    """Babel's JavaScript extractor skips a marker inside another's arguments (and a lexer
    mistake would lose more): a plain search for t("…"), tn("…"), N_("…") outside comment
    lines finds nothing the catalogue lacks."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    marker = re.compile(r'\b(?:t|tn|N_)\("((?:[^"\\]|\\.)*)"')
    lost = []
    for path in sorted((tools.WEB_DIR / "static").glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for m in marker.finditer(line):
                if m.group(1).replace('\\"', '"') not in ids:
                    lost.append(f"{path.name}:{number}: {m.group(1)}")
    assert lost == [], "markers the extractor missed (a marker inside another's arguments?)"


def test_the_club_page_gets_its_catalogue_too(tmp_path):
    from datetime import UTC

    from companion.club.page import create_club_app
    from companion.club.store import ClubStore
    from companion.club.subscriber import Club

    club = Club(ClubStore(tmp_path / "club.sqlite", tz=UTC), None)  # no broker: never started
    client = create_club_app(club).test_client()
    assert client.get("/api/messages?lang=de").get_json()["messages"]["Club night"] == "Spieleabend"
    assert client.get("/api/language").get_json()["languages"][1] == {
        "code": "de",
        "name": "Deutsch",
    }
    assert 'src="/static/i18n.js"' in client.get("/").get_data(as_text=True)
