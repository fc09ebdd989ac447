"""A network host may take any seat (issue 28): in the lobby the host takes
seat 3 of 3 ("Take this seat", named for screen readers), a guest sits at
seat 1, a bot at seat 2, and the game plays to its end with the host's board
drawn from seat 3's eyes."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE, Site
from tests.browser.net_play import Table, finish, play_to_end, tab_table


@pytest.fixture
def table(browser: Browser, site: Site) -> Iterator[Table]:
    yield from tab_table(browser, site)


def test_the_host_takes_the_last_seat_and_plays_from_it(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(3)
    take = host.page.locator("[data-cmd=net-take][data-seat='2']")
    expect(take).to_have_attribute("aria-label", "Take seat 3")
    take.click()
    host.page.wait_for_selector(
        "#net-seats [data-seat='2'][data-status='host'][data-you='true']", state="attached"
    )
    host.seat_row(0, "open", connected=False)
    host.shot("lobby-host-took-seat-3-1280")
    host.page.set_viewport_size(PHONE)
    host.shot("lobby-host-took-seat-3-375")
    guest = table.open("Bob")
    guest.join_tab(room, 0)
    host.page.click("[data-cmd=net-bot][data-seat='1'][data-level='easy']")
    host.seat_row(1, "bot")
    host.start()
    guest.on_board()
    assert host.marker("viewer") == "2" and guest.marker("viewer") == "0"
    play_to_end(host, [guest], random.Random(3))
    finish([host, guest])
