"""Around the network table, between tabs of one browser: a spectator watches
two tabs play (no hidden card until the end, then everything) within the
host's cap, a reaction shown beside the seat and a burst refused, a dropped
seat handed to a hard bot. Screenshots of the spectator's board and the
reactions at 375 and 1280 px. (A rematch is offered at the end of
test_net_tabs.py's whole game: a game played to its end costs most of a test.)"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import PHONE, SCREENSHOTS, Site
from tests.browser.net_play import (
    STEP_MS,
    HiddenCheck,
    NetPage,
    Table,
    finish,
    host_with_guest,
    play_to_end,
    tab_table,
)


@pytest.fixture
def table(browser: Browser, site: Site) -> Iterator[Table]:
    yield from tab_table(browser, site)


def set_spectators(host: NetPage, cap: int) -> None:
    host.page.fill("#net-spectators", str(cap))
    host.page.dispatch_event("#net-spectators", "change")
    host.page.wait_for_selector(f"#net-spectators[value='{cap}']", state="attached")


def watch(page: NetPage, room: str) -> None:
    """Open the list of games and press the room's button (Watch: no seat is free)."""
    page.open_net_menu()
    button = f"[data-cmd=net-join-tab][data-room='{room}']"
    page.page.wait_for_selector(f"{button}:has-text('Watch')", timeout=STEP_MS)
    page.page.click(button)


def test_a_spectator_watches_two_tabs_play_and_sees_no_hidden_card(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(2)
    guest = table.open("Bob")
    guest.join_tab(room, 1)
    host.seat_row(1, "guest")
    set_spectators(host, 1)
    fan = table.open("Fan")
    watch(fan, room)
    fan.page.wait_for_selector("#net-wait:has-text('Every seat is taken: you will watch')")
    # The host lets one spectator in: a second tab's list says the game is full,
    # with no button to press (the host refuses such a newcomer all the same,
    # spectators_full: tests/test_net_table.py)
    late = table.open("Zed")
    late.open_net_menu()
    late.page.wait_for_selector(
        f"#net-rooms [data-room='{room}']:has-text('Full: the host lets no one else watch')",
        timeout=STEP_MS,
    )
    assert late.page.locator(f"[data-cmd=net-join-tab][data-room='{room}']").count() == 0
    host.start()
    guest.on_board()
    fan.on_board()
    assert fan.marker("net") == "spectator" and fan.marker("viewer") == ""
    fan.page.wait_for_selector('#net-strip .net-role:has-text("You are watching Alice\'s game")')
    assert fan.page.locator("#actions [data-cmd=act]").count() == 0
    assert fan.page.locator("[data-cmd=net-react-menu]").count() == 0
    host.page.wait_for_selector("#net-strip .net-watching[data-spectators='1']", state="attached")
    fan.shots("net-spectator")
    check = HiddenCheck(host, [guest], spectators=[fan])
    play_to_end(host, [guest], random.Random(8), check=check, check_every=10)
    check.run()
    assert check.secrets_seen > 0
    finish([host, guest, fan])
    check.run()  # the last frames: everything face up
    fan.shots("net-spectator-over")


def test_a_reaction_is_shown_and_a_burst_refused(table: Table) -> None:
    host, guest = host_with_guest(table, 2)
    guest.page.click("[data-cmd=net-react-menu]")
    guest.page.wait_for_selector("#net-react-menu [data-reaction='well_played']")
    guest.shots("net-reactions-menu")
    version = host.version()
    # A burst: two reactions sent in one go. The host shows the first and
    # refuses the second (one every two seconds); nothing else changes.
    guest.page.evaluate(
        """() => {
            document.querySelector('#net-react-menu [data-reaction=well_played]').click();
            document.querySelector('[data-cmd=net-react-menu]').click();
            document.querySelector('#net-react-menu [data-reaction=laugh]').click();
        }"""
    )
    bubble = "#net-react-layer .net-bubble[data-seat='1'][data-reaction='well_played']"
    for page in (host, guest):
        shown = page.page.wait_for_selector(bubble, state="attached", timeout=STEP_MS)
        assert shown is not None and shown.inner_text() == "Bob: Well played!"
    # (the page's own shot stops animations, which would end the bubble's fade)
    host.page.screenshot(path=str(SCREENSHOTS / "net-reaction-1280.png"), full_page=True)
    guest.page.wait_for_selector(
        "#board-view [role=alert]:has-text('one reaction every two seconds at most')",
        timeout=STEP_MS,
    )
    assert host.page.locator("#net-react-layer [data-reaction='laugh']").count() == 0
    assert host.version() == version
    guest.page.set_viewport_size(PHONE)
    guest.shot("net-reaction-refused-375")


def test_a_dropped_seat_is_handed_to_a_hard_bot(table: Table) -> None:
    host, guest = host_with_guest(table, 2)
    guest.page.close()
    table.pages.remove(guest)
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-dropped='true']", state="attached", timeout=60_000
    )
    host.shots("net-dropped-levels")
    host.page.click("#net-strip [data-cmd=net-hand][data-seat='1'][data-level='hard']")
    host.page.wait_for_selector("#net-strip [data-seat='1'][data-handed='true']", state="attached")
    host.page.wait_for_selector(
        "#board-seats [data-seat='1'][data-kind='bot'][data-level='hard']", state="attached"
    )
    play_to_end(host, [], random.Random(11), stop_at=host.version() + 4)
