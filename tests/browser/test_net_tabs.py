"""Network play between tabs of one browser (BroadcastChannel, sealed per pair):
whole games with two and three tabs, reloads of a guest and of the host, and no
guest ever holding another seat's hidden card."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, Site
from tests.browser.net_play import HiddenCheck, NetPage, Table, finish, play_to_end


@pytest.fixture
def tabs(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    yield context
    context.close()


@pytest.fixture
def table(tabs: BrowserContext, site: Site) -> Iterator[Table]:
    table = Table(tabs, site)
    yield table
    problems = table.problems()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def _shot(page: NetPage, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_two_tabs_play_a_whole_game(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(2)
    guest = table.open("Bob")
    _shot(guest, "net-menu-entry-1280")
    guest.open_net_menu()
    guest.page.wait_for_selector(f"[data-cmd=net-join-tab][data-room='{room}']")
    _shot(guest, "net-menu-1280")
    guest.join_tab(room, 1)
    host.seat_row(1, "guest")
    _shot(host, "net-lobby-host-1280")
    _shot(guest, "net-lobby-guest-1280")
    # the live language switch redraws the lobby, then the board, in French
    guest.page.click(".lang-btn[data-lang='fr']")
    guest.page.wait_for_selector("#lobby-title:has-text('Partie de Alice')")
    guest.page.set_viewport_size(PHONE)
    _shot(guest, "net-lobby-guest-fr-375")
    host.page.set_viewport_size(PHONE)
    _shot(host, "net-lobby-host-375")
    host.page.set_viewport_size(DESKTOP)
    host.start()
    guest.on_board()
    guest.page.wait_for_selector("#net-strip .net-role:has-text('Invité de Alice')")
    guest.page.click(".lang-btn[data-lang='en']")
    guest.page.wait_for_selector('#net-strip .net-role:has-text("Alice\'s guest")')
    check = HiddenCheck(host, [guest])
    final = play_to_end(host, [guest], random.Random(2), check=check)
    check.run()
    finish([host, guest])
    assert final > 0 and check.runs > 1 and check.secrets_seen > 0
    assert host.marker("net") == "host" and guest.marker("net") == "guest"
    assert guest.marker("viewer") == "1"


def test_three_tabs_and_a_bot_play_a_whole_game(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(4)
    guests = [table.open("Bob"), table.open("Chloé")]
    # the ICE servers setting: a bad address is refused and named, a good one kept
    setting = guests[1]
    setting.open_net_menu()
    setting.page.click(".net-ice summary")
    setting.page.fill("#net-ice", "http://example.org")
    setting.page.dispatch_event("#net-ice", "change")
    setting.page.wait_for_selector("#lobby-view [role=alert]:has-text('http://example.org')")
    setting.page.fill("#net-ice", "stun:stun.example.org:3478")
    setting.page.dispatch_event("#net-ice", "change")
    setting.page.wait_for_selector("#lobby-view [role=alert]", state="detached")
    stored = setting.page.evaluate("() => localStorage.getItem('bossquest.net.ice.v1')")
    assert stored == "stun:stun.example.org:3478"
    guests[0].join_tab(room, 1)
    guests[1].join_tab(room, 3)
    host.page.click("[data-cmd=net-bot][data-seat='2'][data-level='easy']")
    host.seat_row(2, "bot")
    host.seat_row(3, "guest")
    # every screen shows who is in the game
    for page in guests:
        page.seat_row(0, "host")
        page.seat_row(2, "bot")
    host.start()
    for page in guests:
        page.on_board()
    _shot(host, "net-board-host-1280")
    _shot(guests[0], "net-board-guest-1280")
    guests[1].page.set_viewport_size({"width": 375, "height": 812})
    _shot(guests[1], "net-board-guest-375")
    check = HiddenCheck(host, guests)
    play_to_end(host, guests, random.Random(3), check=check, check_every=15)
    check.run()
    finish([host, *guests])
    assert check.secrets_seen > 0


def test_a_guest_reloads_and_the_host_reloads_mid_game(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(3)
    guest = table.open("Bob")
    guest.join_tab(room, 1)
    host.page.click("[data-cmd=net-bot][data-seat='2'][data-level='normal']")
    host.seat_row(2, "bot")
    host.start()
    guest.on_board()
    rng = random.Random(5)
    version = play_to_end(host, [guest], rng, stop_at=8)
    assert host.marker("stage") != "over"

    # the guest reloads: the host sees it drop, then rejoin the same seat
    guest.page.reload(wait_until="domcontentloaded")
    guest.wait_ready()
    guest.on_board()
    guest.wait_version(version)
    assert guest.marker("viewer") == "1"
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true']", state="attached"
    )

    # the host reloads: the match resumes from its save, the guest tab reconnects
    host.page.reload(wait_until="domcontentloaded")
    host.wait_ready()
    host.on_board()
    host.wait_version(version)
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true'][data-dropped='false']",
        state="attached",
        timeout=60_000,
    )
    guest.page.wait_for_selector(
        "#net-strip [data-seat='0'][data-connected='true']", state="attached"
    )
    check = HiddenCheck(host, [guest])
    check.run()
    play_to_end(host, [guest], rng, check=check)
    finish([host, guest])


def test_a_dropped_tab_waits_and_can_be_handed_to_a_bot(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(2)
    guest = table.open("Bob")
    guest.join_tab(room, 1)
    host.start()
    guest.on_board()
    guest.page.close()
    table.pages.remove(guest)
    dropped = "#net-strip [data-seat='1'][data-dropped='true']"
    host.page.wait_for_selector(dropped, state="attached", timeout=60_000)
    host.page.wait_for_selector("#board-seats [data-seat='1'][data-dropped='true']")
    _shot(host, "net-board-dropped-1280")
    host.page.click("[data-cmd=net-hand][data-seat='1']")
    host.page.wait_for_selector("#net-strip [data-seat='1'][data-handed='true']", state="attached")
    play_to_end(host, [], random.Random(7), stop_at=6)
    host.page.click("[data-cmd=net-back-seat][data-seat='1']")
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-handed='false'][data-dropped='true']", state="attached"
    )


def test_a_refused_move_is_explained_in_the_guest_dock(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(2)
    guest = table.open("Bob")
    guest.join_tab(room, 1)
    host.start()
    guest.on_board()
    rng = random.Random(21)
    while not (host.marker("to-act") == "1" and guest.phase() in ("human", "result")):
        play_to_end(host, [guest], rng, stop_at=host.version() + 1)
    version = host.version()
    guest.wait_version(version)
    guest.acknowledge()
    # a hand-made button (as a hostile page could send): the host refuses it,
    # nothing changes, and the guest's dock says why in words
    guest.page.evaluate(
        """() => {
            const button = document.querySelector('#actions [data-cmd=act]');
            button.dataset.act = JSON.stringify({type: 'ask', count: 99});
        }"""
    )
    guest.page.click("#actions [data-cmd=act]")
    notice = guest.page.wait_for_selector("#actions .notice[role=alert]")
    assert notice is not None and notice.inner_text().startswith("Refused")
    assert host.version() == version and guest.version() == version
    _shot(guest, "net-refused-1280")
    # the real buttons still work
    guest.act(rng)
