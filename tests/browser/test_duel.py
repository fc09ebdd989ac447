"""The test game Duel through the shared shell, in a build made with
`--test-games`: the home offers it, its page names it (title, rules link, no
weapon legend), a whole game against a bot, pass-and-play where its
simultaneous commit step goes behind the curtain, a replay link, and a whole
game online between two tabs of one browser, the guest's page never holding
the host's committed card before the reveal, its records, locks and key
database named after Duel."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from game.net import HostSession
from game.registry import get_game, include_test_games
from game.web.net_prefs import (
    HOST_SEALED_PREFIX,
    NAME_KEY,
    guest_key,
    host_key,
    host_sealed_prefix,
)
from tests.browser.conftest import App, PageLog, Site
from tests.browser.net_play import (
    LOCKS_AND_DATABASES_JS,
    NetPage,
    Table,
    finish,
    sealed_only,
    tab_table,
)
from tests.browser.play import SETTLED
from tests.browser.warm import WarmContext
from tests.test_game_pages import duel_link


@pytest.fixture
def duel(page: Page, page_log: PageLog, duel_site: Site) -> App:
    app = App(page, page_log, duel_site)
    app.use(duel_site)
    page.emulate_media(reduced_motion="reduce")
    return app


def _start(app: App, humans: tuple[int, ...]) -> None:
    page = app.page
    app.open("?game=duel&botdelay=0&seed=5")
    for seat in range(2):
        kind = "Human" if seat in humans else "Bot"
        page.locator(f"#seats .seat[data-seat='{seat}']").locator("label", has_text=kind).click()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached")


def _click(page: Page, selector: str) -> str:
    seq = page.get_attribute("#board", "data-seq")
    page.locator(selector).first.click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    return str(page.get_attribute("#board", "data-phase"))


def _play_to_end(page: Page, each: object = None) -> list[str]:
    phases = []
    phase = str(page.get_attribute("#board", "data-phase"))
    for _ in range(200):
        phases.append(phase)
        if phase == "over":
            return phases
        if phase == "result":
            phase = _click(page, "[data-cmd=continue]")
        elif phase == "curtain":
            phase = _click(page, "#curtain [data-cmd=reveal]")
        else:
            assert phase == "human", phase
            phase = _click(page, "#actions [data-cmd=act]")
    raise AssertionError("the duel did not end")


def test_the_home_offers_the_test_game_in_a_test_build(duel: App) -> None:
    duel.home()
    duel.page.wait_for_selector(".game-card[data-game='duel']", state="attached")
    page = duel.page
    for name in ("bossquest", "duel"):  # each game's own rules page
        card = page.locator(f".game-card[data-game='{name}']")
        expect(card.locator("[data-link=rules]")).to_have_attribute("href", f"rules-{name}.html")


def test_the_duel_page_names_duel_and_shows_no_weapon_legend(duel: App) -> None:
    page = duel.page
    duel.open("?game=duel")
    page.locator(".lang-btn[data-lang='en']").click()
    assert page.title() == "Duel"
    expect(page.locator(".banner .title")).to_have_text("Duel")
    expect(page.locator("#legend")).to_be_hidden()
    expect(page.locator("#legend li")).to_have_count(0)
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules-duel.html")
    expect(page.locator("#rules-link")).to_be_visible()
    # Boss Quest's page of the same build: its weapons in the footer, in the page's language
    duel.open("?game=bossquest")
    expect(page.locator("#legend")).to_be_visible()
    expect(page.locator("#legend li")).to_have_count(5)
    expect(page.locator("#legend li").first).to_have_text("Red")
    expect(page.locator("#legend")).to_have_attribute("aria-label", "Weapons")
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator("#legend li").first).to_have_text("Rouge")
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules-bossquest.html")


def test_a_duel_replay_link_opens_on_a_test_build(duel: App) -> None:
    """The replay page registers the test games of the build, as the game page does."""
    page = duel.page
    duel.open("replay.html" + duel_link())
    duel.wait_ready()
    page.wait_for_selector("#replay[data-step='0'][data-steps='4']", state="attached")
    assert page.get_attribute("html", "data-game") == "duel"
    assert page.title() == "Duel · replay"
    expect(page.locator("#replay-game")).to_have_text("Duel")
    expect(page.locator("#replay-game")).to_have_attribute("href", "./")  # the list of games
    expect(page.locator("#replay-play")).to_have_attribute("href", "./?game=duel")
    page.locator("#replay [data-cmd=next]").click()
    page.wait_for_selector("#replay[data-step='1']", state="attached")
    duel.screenshot("duel-replay-1280")


def test_a_whole_duel_against_a_bot(duel: App) -> None:
    _start(duel, humans=(0,))
    phases = _play_to_end(duel.page)
    assert "human" in phases and phases[-1] == "over"
    duel.screenshot("duel-over-1280")


def test_pass_and_play_hides_the_first_commit_behind_the_curtain(duel: App) -> None:
    page = duel.page
    _start(duel, humans=(0, 1))
    # Play the swap step (keep) until both seats must commit.
    for _ in range(10):
        phase = str(page.get_attribute("#board", "data-phase"))
        if phase == "curtain":
            _click(page, "#curtain [data-cmd=reveal]")
            continue
        if page.get_attribute("#board", "data-stage") == "commit":
            break
        _click(page, "#actions [data-cmd=act][data-kind='keep']")
    assert page.get_attribute("#board", "data-stage") == "commit"
    viewer = page.get_attribute("#board", "data-viewer")
    committed = page.locator("#actions [data-cmd=act][data-kind='commit']").first
    act = str(committed.get_attribute("data-act"))
    phase = _click(page, "#actions [data-cmd=act][data-kind='commit']")
    assert phase == "curtain"  # the device goes to the other player
    card = act.split('"card":')[1].rstrip("}")
    html = page.content()
    assert f'data-card="{card}"' not in html  # behind the curtain, no card at all
    _click(page, "#curtain [data-cmd=reveal]")
    assert page.get_attribute("#board", "data-viewer") != viewer
    assert f'data-card="{card}"' not in page.content()  # the rival's card stays face down
    duel.screenshot("duel-commit-curtain-1280")
    assert _play_to_end(page)[-1] == "over"


def test_screens_at_phone_width(duel: App) -> None:
    duel.page.set_viewport_size({"width": 375, "height": 800})
    _start(duel, humans=(0,))
    duel.screenshot("duel-board-375")


# ------------------------------------------------------------------ online


@pytest.fixture
def duel_table(warm: WarmContext, duel_site: Site) -> Iterator[Table]:
    """Tabs of one browser context on the Duel page (``?game=duel``)."""
    yield from tab_table(warm, duel_site, query="?game=duel&botdelay=0")


def _card_hidden_in(frames: list[str], card: int) -> None:
    """The state frames a guest (seat 1) got while the host's `card` lay face
    down: its own view and events, neither that card nor a reveal in them."""
    states = [json.loads(text) for text in frames]
    states = [frame for frame in states if frame.get("t") == "state"]
    assert states, "the guest heard nothing of the host's commit"
    for frame in states:
        view = frame["view"]
        assert view["seat"] == 1 and view["committed"][0] is True
        assert card not in view["hand"] and view["my_card"] != card
        assert card not in view["discards"]
        for event in frame["events"]:
            assert event["type"] != "reveal" and "secret" not in event
            assert not (event["type"] == "commit" and "card" in event and event["seat"] == 0)


def _play_online_duel(host: NetPage, guest: NetPage, rng: random.Random) -> int:
    """Play to the end, each page clicking its own board; in each commit step
    the host commits first. Returns the commit steps checked."""
    pages = {0: host, 1: guest}
    commits = 0
    for _ in range(60):
        version = host.version()
        guest.wait_version(version)
        for page in (host, guest):
            page.acknowledge()
        if host.phase() == "over":
            return commits
        if host.marker("stage") != "commit":
            pages[int(host.marker("to-act"))].act(rng)
            continue
        # both seats act at once, each from its own board
        assert host.phase() == guest.phase() == "human"
        seen = len(guest.frames())
        card = json.loads(host.act(rng))["card"]
        guest.wait_version(version + 1)
        assert host.phase() == "waiting" and guest.phase() == "human"
        assert f'data-card="{card}"' not in guest.page.content()
        _card_hidden_in(guest.frames()[seen:], card)
        guest.act(rng)
        host.wait_version(version + 2)
        # the reveal: the host's card face up on the guest's result panel
        assert guest.phase() == "result"
        assert f'data-card="{card}"' in guest.page.content()
        commits += 1
    raise AssertionError("the online duel did not end")


def test_two_tabs_play_a_whole_duel_online(duel_table: Table, duel_site: Site) -> None:
    # a Boss Quest tab of the same browser, listening for tables too
    other = NetPage.open(
        duel_table.context,
        duel_site.url + "?game=bossquest&botdelay=0",
        duel_site.origin,
        "Zoé",
    )
    duel_table.pages.append(other)
    other.open_net_menu()
    host = duel_table.open("Alice")
    assert host.page.get_attribute("html", "data-game") == "duel"
    room = host.host(2)
    guest = duel_table.open("Bob")
    guest.join_tab(room, 1)
    host.seat_row(1, "guest")
    # the Boss Quest tab heard the same announces, and lists no Duel table
    assert other.page.locator(f"#lobby-view [data-room='{room}']").count() == 0
    assert other.page.locator("#net-rooms-none").count() == 1
    host.start()
    guest.on_board()
    # the host's Web Lock and its key's database are Duel's, none of Boss Quest's
    host.wait_saved(0)
    locks, databases = host.page.evaluate(LOCKS_AND_DATABASES_JS)
    assert locks == [f"duel.host.{room}"] and databases == ["duel.host"]
    assert guest.marker("net") == "guest" and guest.marker("viewer") == "1"
    assert guest.page.locator("#board-view #table[data-game='duel']").count() == 1
    commits = _play_online_duel(host, guest, random.Random(7))
    finish([host, guest])
    assert commits == 3
    # the records are Duel's: the guest's seat, and the host's match sealed
    stored = guest.storage()
    assert set(stored["session"]) == {guest_key("duel"), NAME_KEY}  # and the tab's name
    assert host_key("duel") not in stored["local"] and host_key("duel") not in stored["session"]
    assert not [key for key in stored["local"] if key.startswith(HOST_SEALED_PREFIX)]
    sealed = [key for key in stored["local"] if key.startswith(host_sealed_prefix("duel"))]
    assert sealed == [host_sealed_prefix("duel") + room]
    sealed_only(stored["local"][sealed[0]])
    record = host.host_record()
    include_test_games()
    save = json.loads(record.save)
    assert HostSession.from_save(get_game("duel"), record.save, str(save["build"])).phase == "over"
