"""A network host may take any seat (issue 28): in the lobby the host takes
seat 3 of 3 ("Take this seat", named for screen readers), a guest sits at
seat 1, a bot at seat 2, and the game goes on, the host's board drawn from
seat 3's eyes and the host and the guest each playing from their seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Site
from tests.browser.net_play import Table, play_to_end, tab_table
from tests.browser.warm import WarmContext


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


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
    # the host's board is seat 3's; the host and the guest each play from
    # their seat (a few moves: the tabs' whole game is test_net_tabs.py's, one
    # whole game per transport, docs/testing.md)
    host.page.wait_for_selector(".seat-panel[data-seat='2'][data-you='true']", state="attached")
    assert host.page.locator(".seat-panel[data-you='true']").count() == 1
    rng, to_act = random.Random(3), set[str]()
    while not {"0", "2"} <= to_act:
        assert host.marker("stage") != "over", to_act
        play_to_end(host, [guest], rng, stop_at=host.version() + 1)
        to_act.add(host.marker("to-act"))  # a person's turn: their move comes next
    play_to_end(host, [guest], rng, stop_at=host.version() + 2)
