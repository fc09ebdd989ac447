"""A hosted game outlives its tab: closing the host's tab and opening the site
again offers to resume it (on the site's root, which lists the games, and on
Boss Quest's page), the tab guests rejoin their seats by themselves and
nothing played is lost. The host's record is sealed (net.js hostStore) and
held by one tab at a time (a Web Lock): another tab is never offered a game
whose host is alive, and a guest's storage holds no card in clear."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from game.bossquest import GAME
from game.net import HostSession
from game.web.net_prefs import HOST_SEALED_PREFIX, HOSTING_KEY
from game.web.net_view import bot_name
from tests.browser.conftest import DESKTOP, PHONE, Site
from tests.browser.net_play import (
    LOCKS_AND_DATABASES_JS,
    STEP_MS,
    HiddenCheck,
    NetPage,
    Table,
    host_with_guest,
    open_home,
    play_to_end,
    reload_home,
    tab_table,
    until_guest_turn,
)
from tests.browser.warm import WarmContext

OFFER = "#net-resume .net-offer[data-room='{room}']"
HOME_CARD = "#games .game-card[data-game='bossquest']"
CHECKED = "#net-resume[data-checked='true']"


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


def _shots(page: NetPage, name: str) -> None:
    """English and French, 1280 and 375 px wide; back to English at 1280."""
    for lang in ("en", "fr"):
        page.page.click(f".lang-btn[data-lang='{lang}']")
        page.page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        page.shot(f"{name}-{lang}-1280")
        page.page.set_viewport_size(PHONE)
        page.shot(f"{name}-{lang}-375")
        page.page.set_viewport_size(DESKTOP)
    page.page.click(".lang-btn[data-lang='en']")


def _actions(page: NetPage) -> list[tuple[int, str]]:
    """The moves of the match the page hosts (seat, action JSON), from its own save."""
    record = page.host_record()
    build = str(json.loads(record.save)["build"])
    match = HostSession.from_save(GAME, record.save, build).match
    assert match is not None
    return [(seat, json.dumps(action, sort_keys=True)) for seat, action in match.actions]


def _no_offer(page: NetPage) -> None:
    """This tab looked for hosted games to resume and offers none."""
    page.page.wait_for_selector(CHECKED, state="attached", timeout=STEP_MS)
    assert page.page.locator("#net-resume .net-offer").count() == 0
    assert page.page.is_hidden("#net-resume")


def _stored_records(page: NetPage) -> list[str]:
    keys: list[str] = page.page.evaluate("() => Object.keys(localStorage)")
    return [key for key in keys if key.startswith(HOST_SEALED_PREFIX)]


def test_closing_the_host_tab_then_opening_the_site_resumes_the_game(table: Table) -> None:
    host, guest = host_with_guest(table, 3, bots={2: "easy"})
    room = host.room()

    # while the host's tab is open, another tab is offered nothing (its lock is held),
    # nor is the site's root
    bystander = table.open("Carol")
    _no_offer(bystander)
    bystander.open_net_menu()
    assert bystander.page.locator("#lobby-view .net-offer").count() == 0
    home = open_home(table, "Home")
    assert home.page.get_attribute(HOME_CARD, "data-resume") is None

    rng = random.Random(11)
    version = play_to_end(host, [guest], rng, stop_at=9)
    played = _actions(host)
    assert len(played) == version and {seat for seat, _ in played} >= {0, 1}
    host.wait_saved(version)
    host.page.close()
    guest.page.wait_for_selector(
        "#board .notice[role=alert]:has-text('connection to the host is lost')",
        timeout=STEP_MS,
    )
    guest.page.wait_for_selector(
        "#net-strip [data-seat='0'][data-connected='false'][data-dropped='true']", state="attached"
    )
    guest.shot("net-host-away-guest-en-1280")

    # the site's root offers it on Boss Quest's card (claiming nothing itself) ...
    reload_home(home)
    expect(home.page.locator(HOME_CARD)).to_have_attribute("data-resume", "online")
    resume = home.page.locator(f"{HOME_CARD} [data-link=resume]")
    expect(resume).to_have_attribute("href", "?game=bossquest")
    assert home.page.evaluate("async () => (await navigator.locks.query()).held.length") == 0

    # ... and Boss Quest's page opened again in a new tab of the same browser offers it
    again = table.open("Alice")
    offer = again.page.wait_for_selector(OFFER.format(room=room), timeout=STEP_MS)
    assert offer is not None
    text = offer.inner_text()
    # the bot of seat 2 goes by the name a local game gives that seat
    bot = bot_name(2, "en", "bossquest", ["Alice", "Bob"])
    assert "Alice's game" in text and "Bob" in text and bot in text, text
    assert again.page.get_attribute("html", "data-screen") == "menu"
    _shots(again, "net-resume-offer")
    again.open_net_menu()  # the network menu shows the same offer first
    again.page.wait_for_selector(f"#lobby-view .net-offer[data-room='{room}']")
    again.shot("net-resume-offer-netmenu-en-1280")
    again.page.click(f"#lobby-view [data-cmd=net-resume][data-room='{room}']")

    # nothing played is lost, and the tab guest is back in its seat by itself
    again.on_board()
    again.wait_version(version)
    assert again.page.get_attribute("#lobby", "data-room") == room
    assert _actions(again) == played
    again.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true'][data-dropped='false']",
        state="attached",
        timeout=STEP_MS,
    )
    guest.page.wait_for_selector(
        "#net-strip [data-seat='0'][data-connected='true']", state="attached", timeout=STEP_MS
    )
    guest.wait_version(version)
    assert guest.marker("viewer") == "1"
    check = HiddenCheck(again, [guest])
    check.run()

    # the game goes on: a move of the guest is accepted
    before = until_guest_turn(again, guest, rng)
    guest.act(rng)
    again.wait_past(before)
    assert _actions(again)[: len(played)] == played
    assert _actions(again)[before][0] == 1
    check.run()
    assert check.secrets_seen > 0

    # ending the game clears its record; the guest is told
    again.acknowledge()
    if again.phase() == "over":
        again.page.click("#game-over [data-cmd=menu]")
    else:
        again.page.click("[data-cmd=quit]")
        again.page.click("[data-cmd=quit-yes]")
    again.page.wait_for_selector("html[data-screen='lobby'] #lobby[data-phase='menu']")
    guest.lobby_phase("menu")
    guest.page.wait_for_selector(
        "#lobby-view [role=alert]:has-text('The host left: the game is over for everyone')"
    )
    assert _stored_records(again) == []
    assert again.page.evaluate(f"() => sessionStorage.getItem('{HOSTING_KEY}')") is None


def test_an_unreadable_record_is_cleared_and_an_offer_can_be_declined(table: Table) -> None:
    host = table.open("Alice")
    room = host.host(2)
    host.wait_saved(0)
    key = HOST_SEALED_PREFIX + room
    # Boss Quest's names, as they always were: its room's Web Lock and its key's database
    locks, databases = host.page.evaluate(LOCKS_AND_DATABASES_JS)
    assert locks == [f"bossquest.host.{room}"] and databases == ["bossquest.host"]

    # a copy of the host's tab (sessionStorage copied, as "Duplicate tab" does) waits
    # for the room's lock, does not get it, and says the game is in another tab
    copy = table.open("Alice", init=f"sessionStorage.setItem('{HOSTING_KEY}', '{room}');")
    copy.page.wait_for_selector(
        "#net-resume [role=alert]:has-text('open in another tab')", timeout=STEP_MS
    )
    assert copy.page.get_attribute("html", "data-screen") == "menu"
    assert copy.page.evaluate(f"() => sessionStorage.getItem('{HOSTING_KEY}')") is None
    host.page.wait_for_selector(f"#lobby[data-phase='host'][data-room='{room}']")

    # a record that does not open (its ciphertext changed) is cleared, and said so
    copy.page.evaluate(
        """(key) => {
            const record = JSON.parse(localStorage.getItem(key));
            const flip = record.ct[5] === 'A' ? 'B' : 'A';
            record.ct = record.ct.slice(0, 5) + flip + record.ct.slice(6);
            localStorage.setItem(key, JSON.stringify(record));
        }""",
        key,
    )
    host.page.close()
    again = table.open("Alice")
    notice = again.page.wait_for_selector(
        "#net-resume [role=alert]:has-text('could not be read back')", timeout=STEP_MS
    )
    assert notice is not None
    assert again.page.locator("#net-resume .net-offer").count() == 0
    assert _stored_records(again) == []
    again.shot("net-resume-corrupt-en-1280")
    again.page.click(".lang-btn[data-lang='fr']")
    again.page.locator("#net-resume [role=alert]", has_text="pas pu être relue").wait_for()
    again.page.click(".lang-btn[data-lang='en']")

    # the menu still hosts a game; closed, it is offered; "End it" (confirmed) clears it
    second = again.host(2)
    again.wait_saved(0)
    again.page.close()
    last = table.open("Alice")
    last.page.wait_for_selector(OFFER.format(room=second), timeout=STEP_MS)
    last.page.click(f"#net-resume [data-cmd=net-discard][data-room='{second}']")
    last.page.wait_for_selector("#net-resume [data-cmd=net-discard-yes]")
    last.shot("net-resume-end-confirm-en-1280")
    last.page.click("#net-resume [data-cmd=net-discard-no]")
    last.page.click(f"#net-resume [data-cmd=net-discard][data-room='{second}']")
    last.page.click("#net-resume [data-cmd=net-discard-yes]")
    last.page.wait_for_selector("#net-resume .net-offer", state="detached")
    assert last.page.is_hidden("#net-resume")
    assert _stored_records(last) == []
