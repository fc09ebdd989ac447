"""Around the network table, between tabs of one browser: a reaction shown
beside the seat and a burst refused, a dropped seat handed to a hard bot.
Screenshots of the reactions at 375 and 1280 px. (A spectator watches, and a
rematch is offered, in test_net_tabs.py's whole game: a game played to its
end costs most of a test.)"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.browser.conftest import PHONE, SCREENSHOTS, Site
from tests.browser.net_play import (
    STEP_MS,
    Table,
    host_with_guest,
    play_to_end,
    tab_table,
)
from tests.browser.warm import WarmContext


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


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
    # (the page's own shot stops animations, which would end the bubble's fade;
    # in front of the guest's tab, it is drawn at once)
    host.page.bring_to_front()
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
