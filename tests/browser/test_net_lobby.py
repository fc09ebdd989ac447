"""Network play's lobby and table between tabs of one browser (issue 27): a new
tab watches a game already started; a The Boss guest's reload does not show
again the round's result it closed; each tab keeps its own name and the host
refuses a second person of the same name; a full lobby counts "0 free seats";
at 375 px the invitation and its QR code come into view; a reaction shows
wherever the page is scrolled."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.browser.conftest import PHONE, Site
from tests.browser.net_play import (
    STEP_MS,
    HiddenCheck,
    NetPage,
    Table,
    host_with_guest,
    play_to_end,
    tab_table,
)
from tests.browser.test_theboss import QUERY as BOSS_QUERY
from tests.browser.test_theboss import BossPage
from tests.browser.warm import WarmContext

NAME_KEY = "bossquest.net.name.v1"
#: whether an element lies wholly inside the window
_IN_SIGHT_JS = """(selector) => {
    const node = document.querySelector(selector);
    if (!node) return false;
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}"""


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


@pytest.fixture
def boss_table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site, query=BOSS_QUERY)


def _menu(page: NetPage) -> None:
    """The "play with others" screen, its name field left as the page filled it."""
    page.page.click("#net-open")
    page.lobby_phase("menu")


def test_a_new_tab_watches_a_game_already_started(table: Table) -> None:
    host, guest = host_with_guest(table, 2)
    room = host.room()
    fan = table.open("Fan")
    _menu(fan)
    watch = f"#net-rooms [data-cmd=net-join-tab][data-room='{room}'][data-verb='watch']"
    fan.page.wait_for_selector(f"{watch}:has-text('Watch')", timeout=STEP_MS)
    assert "Game under way" in fan.page.inner_text(f"#net-rooms [data-room='{room}']")
    fan.page.fill("#net-name", "Fan")
    fan.page.click(watch)
    fan.on_board()
    assert fan.marker("net") == "spectator" and fan.marker("viewer") == ""
    fan.page.wait_for_selector('#net-strip .net-role:has-text("You are watching Alice\'s game")')
    assert fan.page.locator("#actions [data-cmd=act]").count() == 0
    host.page.wait_for_selector("#net-strip .net-watching[data-spectators='1']", state="attached")
    # the spectator sees public information only (DOM, storage, every frame)
    # while the game goes on (that it sees everything once the game is over
    # is test_net_table.py's, whose spectator watches a whole game)
    check = HiddenCheck(host, [guest], spectators=[fan])
    play_to_end(host, [guest], random.Random(12), check=check, check_every=4, stop_at=12)
    fan.wait_version(host.version())
    check.run()
    assert check.secrets_seen > 0 and check.runs > 2


def _result_closed_by_guest(host: NetPage, guest: NetPage, rng: random.Random) -> int:
    """Play until the guest's screen shows a round's result, then close it
    (Next round) and let the next round begin; returns the version it shows."""
    for _ in range(400):
        guest.wait_version(host.version())
        if guest.phase() == "result":
            guest.acknowledge()
            play_to_end(host, [guest], rng, stop_at=host.version() + 1)
            version = host.version()
            guest.wait_version(version)
            assert guest.phase() != "result"
            return version
        play_to_end(host, [guest], rng, stop_at=host.version() + 1)
    raise AssertionError("no round ended")


def test_a_the_boss_guest_reload_keeps_the_result_it_closed(boss_table: Table) -> None:
    host, guest = (BossPage.of(page) for page in host_with_guest(boss_table, 3, bots={2: "normal"}))
    version = _result_closed_by_guest(host, guest, random.Random(6))
    guest.page.reload(wait_until="domcontentloaded")
    guest.wait_ready()
    guest.on_board()
    guest.wait_version(version)
    assert guest.marker("viewer") == "1"
    assert guest.phase() != "result", "the reveal the guest closed shows again"
    assert guest.page.locator("#round-result").count() == 0


def test_names_are_per_tab_and_a_second_person_of_the_same_name_is_refused(
    table: Table,
) -> None:
    hanna = table.open("Hanna")
    room = hanna.host(2)
    assert hanna.storage()["session"][NAME_KEY] == "Hanna"
    # a second tab while Hanna's game is open: another player, an empty field
    other = table.open("Other")
    _menu(other)
    other.page.wait_for_selector(f"#net-rooms [data-room='{room}']", timeout=STEP_MS)
    assert other.page.input_value("#net-name") == ""
    other.page.fill("#net-name", "  hANNA ")
    other.page.click(f"[data-cmd=net-join-tab][data-room='{room}']")
    other.lobby_phase("menu")
    other.page.wait_for_selector(
        "#lobby-view [role=alert]:has-text('Someone in this game is already called')",
        timeout=STEP_MS,
    )
    hanna.page.wait_for_selector("#net-seats [data-seat='1'][data-status='open']", state="attached")
    # in French too
    other.page.locator(".lang-btn[data-lang='fr']").first.click()
    other.page.fill("#net-name", "Hanna")
    other.page.click(f"[data-cmd=net-join-tab][data-room='{room}']")
    other.page.wait_for_selector(
        "#lobby-view [role=alert]:has-text('Quelqu’un s’appelle déjà')", timeout=STEP_MS
    )
    other.page.locator(".lang-btn[data-lang='en']").first.click()
    other.page.fill("#net-name", "Bob")
    other.page.click(f"[data-cmd=net-join-tab][data-room='{room}']")
    other.sit(1)
    # each tab keeps its own name
    assert other.storage()["session"][NAME_KEY] == "Bob"
    assert hanna.storage()["session"][NAME_KEY] == "Hanna"
    # a full lobby that has not started counts no free seat, in the plural
    third = table.open("Third")
    _menu(third)
    third.page.wait_for_selector(
        f"#net-rooms [data-room='{room}'] .net-room-free:text-is('0 free seats')", timeout=STEP_MS
    )


def test_at_375_px_the_invitation_and_its_qr_code_come_into_view(table: Table) -> None:
    host = table.open("Alice")
    host.page.set_viewport_size(PHONE)
    host.host(2)
    host.page.click("[data-cmd=net-invite]")
    host.page.wait_for_selector("#net-pairing .bq-qr", timeout=STEP_MS)
    host.page.wait_for_function(_IN_SIGHT_JS, arg="#net-pairing .bq-qr", timeout=STEP_MS)
    assert host.page.evaluate("() => window.scrollY") > 0


def test_a_reaction_shows_wherever_the_page_is_scrolled(table: Table) -> None:
    host, guest = host_with_guest(table, 2)
    for page in (host, guest):
        page.page.set_viewport_size(PHONE)
    host.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    host.page.wait_for_function("() => window.scrollY > 200")
    guest.page.click("[data-cmd=net-react-menu]")
    guest.page.click("#net-react-menu [data-reaction='thanks']")
    bubble = "#net-react-layer .net-bubble[data-seat='1'][data-reaction='thanks']"
    host.page.wait_for_selector(bubble, state="attached", timeout=STEP_MS)
    assert host.page.evaluate(_IN_SIGHT_JS, bubble), "the bubble is out of sight"
    # and it stays in sight while the page scrolls
    host.page.evaluate("() => window.scrollTo(0, 0)")
    assert host.page.evaluate(_IN_SIGHT_JS, bubble)
