"""The club page in a browser (Debian's chromium): a card per table, offline greyed,
warnings and faults highlighted, the league; at 1024x768 and 390x844, with screenshots
(docs/screenshots/club-*.png with UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import importlib
import re
import threading
from datetime import UTC, datetime

import pytest

from companion.club.page import create_club_app
from companion.club.store import ClubStore
from companion.club.subscriber import Club
from companion.i18n import msg
from companion.i18n.catalogues import render
from companion.i18n.sensed import sensed
from companion.journal import Journal
from companion.mqtt import topics
from companion.mqtt.settings import MqttSettings
from companion.referee.service import GameService
from companion.sensing.scale_cells import saturated_reason

from ..mqtt.broker import Mosquitto, wait_until
from .conftest import shot

#: table -> (game package, seed, actions played (None: to the end), what else happens)
TABLES = {
    "table-1": ("hinkel_stein", 3, 60, None),
    "table-2": ("hinkel_stein", 4, None, None),
    "table-3": ("stein_im_brett", 5, 14, "warning"),
    "table-4": ("hinkel_stein", 6, 120, "fault"),
    "table-5": ("hinkel_stein", 7, 30, "offline"),
    "the-long-table-by-the-window-with-a-name-that-goes-on": ("hinkel_stein", 8, 10, None),
}
#: a load cell's fault as the table reports it: the sensing's sentence as a message
FAULT = sensed(saturated_reason(8388607, 12))
#: a referee's warning as the service makes it: a message, said on each page in its language
WARNING = msg(
    "The table showed: {action}. The rules say: {reason}",
    action=msg("{who} places {stones} on {space}", who="Cleo", stones="H5", space="L2"),
    reason=msg("it is not {player}'s turn: the game waits for {waits}", player="Cleo", waits="Ben"),
)


def feed_table(club: Club, tmp_path, table: str, spec) -> None:
    package, seed, upto, extra = spec
    player = importlib.import_module(f"companion.games.{package}.random_player")
    record = importlib.import_module(f"companion.games.{package}.record")
    recs = [record.to_record(a) for a in player.random_game(3, seed)]
    service = GameService(tmp_path / table)
    service.new_game(recs[0])
    for r in recs[1:upto]:
        service.submit(r)
    service.device_status("camera", "ok", "picamera2")
    if extra == "fault":
        service.device_status("load cells", "fault", FAULT)
    snap = service.snapshot()
    if extra == "warning":
        snap["warnings"] = [WARNING]
    game_id = snap["game"]["id"]
    with Journal(service.state_dir / "games" / f"{game_id}.journal", readonly=True) as j:
        rows = j.rows()
    service.close()
    now = datetime.now(UTC).isoformat(timespec="milliseconds")
    for row in rows:
        club.feed(f"companion/v1/tables/{table}/rows", topics.row_payload(
            table=table, game_id=game_id, game=recs[0]["game"], seq=row.seq, kind=row.kind,
            t_wall=row.t_wall, record=row.payload))  # fmt: skip
    summary = topics.summary_payload(snap, table=table, t_wall=now, last_t_wall=rows[-1].t_wall)
    club.feed(f"companion/v1/tables/{table}/summary", topics.encode(summary))
    state, why = ("offline", "connection lost") if extra == "offline" else ("online", "connected")
    club.feed(f"companion/v1/tables/{table}/status",
              topics.status_payload(table, state, t_wall=now, why=why))  # fmt: skip


@pytest.fixture(scope="module")
def club_url(tmp_path_factory):
    from waitress.server import create_server

    tmp_path = tmp_path_factory.mktemp("club")
    club = Club(ClubStore(tmp_path / "club.sqlite"), None)
    club.start()
    for table, spec in TABLES.items():
        feed_table(club, tmp_path, table, spec)
    wait_until(lambda: len(club.store.tables()) == len(TABLES) and club._queue.empty(),
               what="every table stored")  # fmt: skip
    app = create_club_app(club, test_config={"SSE_KEEPALIVE_S": 1.0, "SSE_MIN_INTERVAL_S": 0.1})
    server = create_server(app, host="127.0.0.1", port=0, threads=6)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}/"
    club.stop()
    server.close()
    club.store.close()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_the_club_page_shows_every_table(browser, club_url, tmp_path, width, height):
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(club_url)
    cards = page.locator("article.card")
    expect(cards).to_have_count(len(TABLES))
    offline = page.locator("article.card.offline")
    expect(offline).to_have_count(1)
    expect(offline).to_have_attribute("data-table", "table-5")
    assert offline.evaluate("e => getComputedStyle(e).opacity") == "0.55"
    warned = page.locator("article.card.warn")
    expect(warned).to_have_count(2)
    expect(page.locator('[data-table="table-3"] .problems li')).to_have_text(str(WARNING))
    expect(page.locator('[data-table="table-4"] .problems li.fault')).to_contain_text(
        "load cells: stuck at the saturation code 8388607 for 12 samples"
    )
    expect(page.locator('[data-table="table-2"] .game')).to_contain_text("finished")
    expect(page.locator('[data-table="table-1"] li.leader')).not_to_have_count(0)
    expect(page.locator('[data-table="table-1"] .act')).to_contain_text("to act · last move")
    expect(page.locator("#facts")).to_have_text("5 of 6 tables online · no broker set")
    expect(page.locator("#league tbody tr")).to_have_count(3)  # the finished game's players
    options = page.locator("#league-scope option")
    expect(options).to_have_count(4)  # tonight and overall, all games and Hinkel & Stein
    expect(options.nth(0)).to_have_text(re.compile(r"^all games, evening of \d{4}-\d\d-\d\d$"))
    page.select_option("#league-scope", "Hinkel & Stein, overall")
    expect(page.locator("#league tbody tr")).to_have_count(3)
    expect(page.locator("#league tbody tr").first.locator("td").nth(2)).to_have_text("1")
    expect(page.locator("#games tbody tr")).to_have_count(len(TABLES))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"club-{width}x{height}.png", tmp_path)
    context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"


def test_the_club_page_says_plainly_when_the_broker_is_gone(browser, tmp_path):
    """The club page's dot turns red and a line says what is wrong while the club's broker
    is down, and both clear by themselves once it is back."""
    from playwright.sync_api import expect
    from waitress.server import create_server

    broker = Mosquitto(tmp_path / "broker")
    broker.kill()
    settings = MqttSettings(host="127.0.0.1", port=broker.port, table="club")
    club = Club(ClubStore(tmp_path / "club.sqlite"), settings)
    club.start()
    app = create_club_app(club, test_config={"SSE_KEEPALIVE_S": 1.0, "SSE_MIN_INTERVAL_S": 0.1})
    server = create_server(app, host="127.0.0.1", port=0, threads=6)
    threading.Thread(target=server.run, daemon=True).start()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.effective_port}/")
        alert = page.locator("#alert")
        expect(alert).to_be_visible(timeout=15_000)
        expect(alert).to_contain_text(f"mqtt://127.0.0.1:{broker.port}")
        expect(alert).to_contain_text("cannot be reached")
        expect(page.locator("#link")).to_have_class(re.compile(r"\bdown\b"))
        expect(page.locator("#facts")).to_contain_text("broker not connected")
        shot(page, "club-broker-down-390x844.png", tmp_path)
        broker.start()
        expect(alert).to_be_hidden(timeout=25_000)
        expect(page.locator("#link")).not_to_have_class(re.compile(r"\bdown\b"))
        expect(page.locator("#link")).to_have_attribute(
            "title", "connected to the club and its broker"
        )
        expect(page.locator("#facts")).to_contain_text("broker connected")
    finally:
        context.close()
        club.stop()
        server.close()
        club.store.close()
        broker.stop()


@pytest.mark.parametrize(
    ("width", "height"),
    [
        pytest.param(1024, 768, marks=pytest.mark.slow),
        pytest.param(800, 1280, marks=pytest.mark.slow),
        (390, 844),
    ],
)
def test_the_club_page_in_german_says_its_dates_and_warnings_the_german_way(
    browser, club_url, tmp_path, width, height
):
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(club_url)
    expect(page.locator("article.card")).to_have_count(len(TABLES))
    options = page.locator("#league-scope option")
    expect(options.nth(0)).to_have_text(re.compile(r"^all games, evening of \d{4}-\d\d-\d\d$"))
    iso = options.nth(0).text_content().rsplit(" ", 1)[1]
    page.select_option("#lang-switch", "de")
    year, month, day = iso.split("-")
    expect(options.nth(0)).to_have_text(f"alle Spiele, Abend vom {day}.{month}.{year}")
    expect(page.locator("#facts")).to_contain_text("5 von 6 Tischen online")
    # the table's warning, said by the club in the page's language (a new stream)
    german = render(WARNING, "de")
    assert german != str(WARNING) and "Cleo" in german
    expect(page.locator('[data-table="table-3"] .problems li')).to_have_text(german)
    expect(page.locator('[data-table="table-4"] .problems li.fault')).to_have_text(
        f"Wägezellen: {render(FAULT, 'de')}"
    )
    cut = "e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1"
    assert not page.locator("#facts").evaluate(cut), "the club's facts are cut"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"club-de-{width}x{height}.png", tmp_path)
    context.close()
    assert errors == [], f"errors in the page's scripts: {errors}"
