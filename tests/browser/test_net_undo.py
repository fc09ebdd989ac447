"""A guest takes back a move over two tabs (issue #28): its board shows the
local game's undo button, the click takes the move back on both boards (a new
version), the host's log says who took it back, and a refused undo says why."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.browser.conftest import PHONE, Site
from tests.browser.net_play import Table, host_with_guest, play_to_end, tab_table
from tests.browser.warm import WarmContext

UNDO = "#actions [data-cmd=undo]"
VISIT = "#actions [data-cmd=act][data-kind=visit]"


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


def test_a_guest_takes_back_a_move_and_both_boards_follow(table: Table) -> None:
    host, guest = host_with_guest(table)
    rng = random.Random(5)
    # on to a turn of the guest's at the Armorer, where a visit may be taken back
    for _ in range(200):
        version = host.version()
        if host.marker("to-act") == "1" and guest.phase() in ("human", "result"):
            guest.wait_version(version)
            guest.acknowledge()
            if guest.marker("stage") == "turn" and guest.page.locator(VISIT).count():
                break
        play_to_end(host, [guest], rng, stop_at=version + 1)
    else:
        raise AssertionError("no turn of the guest's at the Armorer")
    assert guest.page.get_attribute(UNDO, "data-undo") == "refused"
    guest.page.click(UNDO)  # nothing to take back: it says why
    notice = guest.page.wait_for_selector("#actions .notice[role=alert]")
    assert notice is not None and notice.inner_text().startswith("You cannot undo:")
    assert host.version() == version
    guest.page.click(VISIT)
    guest.wait_version(version + 1)
    assert guest.marker("stage") == "spell"
    assert guest.page.get_attribute(UNDO, "data-undo") == "allowed"
    guest.shot("net-undo-allowed-1280")
    guest.page.click(UNDO)
    for page in (host, guest):
        page.wait_version(version + 2)  # an undo is a new version, not an old one
        assert page.marker("stage") == "turn"
    host.page.wait_for_selector("#log li:has-text('Bob took back a move.')", state="attached")
    guest.page.wait_for_selector("#log li:has-text('Bob took back a move.')", state="attached")
    assert guest.page.get_attribute(UNDO, "data-undo") == "refused"
    guest.page.set_viewport_size(PHONE)
    guest.shot("net-undo-taken-back-375")
    # the game goes on from the state taken back
    guest.act(rng)
    host.wait_past(version + 2)
