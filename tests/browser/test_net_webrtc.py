"""Network play between two "devices" (two browser contexts) over WebRTC, paired
as people do it: the host's invitation link is read from its page and opened by
the guest, whose answer code is read from its page and pasted into the host's.
Chromium and the site run in a private network namespace (tests/browser/netns.py),
so no packet leaves the machine."""

from __future__ import annotations

import random
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, Site, with_game
from tests.browser.net_play import HiddenCheck, NetPage, finish, play_to_end, until_guest_turn
from tests.browser.netns import rtc_browser, rtc_netns, rtc_site  # noqa: F401

#: Boss Quest's page (the site's root lists the games)
QUERY = with_game("?botdelay=0")


def pair_devices(
    host: NetPage,
    guest_context: BrowserContext,
    origin: str,
    *,
    name: str = "Bob",
    seat: int = 1,
    probe: str = "",
    shots: str = "",
) -> NetPage:
    """The host (in its lobby) invites a device; the guest opens the link, takes
    a name, shows its answer; the host pastes it; the guest sits at `seat`."""
    host.page.click("[data-cmd=net-invite]")
    url = _invitation(host)
    if shots:
        _shot(host, f"{shots}-invite")
    guest = NetPage.open(guest_context, url, origin, name, init=probe)
    guest.lobby_phase("join")
    guest.page.fill("#net-name", name)
    guest.page.click("[data-cmd=net-join-rtc]")
    answer = _answer_code(guest)
    if shots:
        _shot(guest, f"{shots}-answer")
    _paste_answer(host, answer)
    guest.sit(seat)
    host.seat_row(seat, "guest")
    return guest


def _invitation(host: NetPage) -> str:
    """The invitation link the host's page shows: it names the host's game
    (``?game=``), since the site's root lists several games."""
    field = host.page.locator("#net-pairing [data-invite-link]")
    field.wait_for(timeout=60_000)
    url = field.input_value()
    assert "#join=" in url
    game = host.page.get_attribute("html", "data-game")
    assert game and parse_qs(urlsplit(url).query).get("game") == [game], url
    return url


def _answer_code(guest: NetPage) -> str:
    code = guest.page.locator("#net-pairing [data-answer-code]")
    code.wait_for(timeout=60_000)
    text = code.inner_text().strip()
    assert text
    return text


def _paste_answer(host: NetPage, answer: str) -> None:
    host.page.fill("#net-pairing [data-answer-input]", answer)
    host.page.click("#net-pairing [data-answer-connect]")


def _shot(page: NetPage, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


class Devices:
    """Two browser contexts (two devices), their pages checked at the end."""

    def __init__(self, browser: Browser, site: Site) -> None:
        self.site = site
        self.host_context = browser.new_context(viewport=DESKTOP, locale="en-GB")
        self.guest_context = browser.new_context(viewport=PHONE, locale="fr-FR")
        self.pages: list[NetPage] = []

    def host(self) -> NetPage:
        page = NetPage.open(self.host_context, self.site.url + QUERY, self.site.origin, "Alice")
        self.pages.append(page)
        return page

    def close(self) -> list[str]:
        problems = [problem for page in self.pages for problem in page.problems()]
        self.host_context.close()
        self.guest_context.close()
        return problems


@pytest.fixture
def devices(rtc_browser: Browser, rtc_site: Site) -> Iterator[Devices]:  # noqa: F811
    made = Devices(rtc_browser, rtc_site)
    yield made
    problems = made.close()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def test_two_devices_pair_and_play_a_whole_game(devices: Devices) -> None:
    host = devices.host()
    host.host(2)
    guest = pair_devices(host, devices.guest_context, devices.site.origin, shots="net-rtc")
    devices.pages.append(guest)
    _shot(host, "net-rtc-lobby-host")
    host.start()
    guest.on_board()
    check = HiddenCheck(host, [guest])
    play_to_end(host, [guest], random.Random(11), check=check, check_every=10)
    check.run()
    finish([host, guest])
    assert check.secrets_seen > 0


def test_a_device_guest_reloads_and_rejoins_with_a_new_invitation(devices: Devices) -> None:
    host = devices.host()
    host.host(2)
    guest = pair_devices(host, devices.guest_context, devices.site.origin)
    devices.pages.append(guest)
    host.start()
    guest.on_board()
    rng = random.Random(12)
    version = play_to_end(host, [guest], rng, stop_at=5)

    guest.page.reload(wait_until="domcontentloaded")
    guest.wait_ready()
    # the guest's page says what to do; the host's offers a new invitation
    guest.lobby_phase("join")
    guest.page.wait_for_selector("#lobby-view [role=alert]")
    _shot(guest, "net-rtc-guest-lost-375")
    host.page.click("#net-strip [data-seat='1'][data-dropped='true'] [data-cmd=net-reinvite]")
    _shot(host, "net-rtc-reinvite-1280")
    url = _invitation(host)
    guest.page.goto(url, wait_until="domcontentloaded")
    guest.wait_ready()
    _paste_answer(host, _answer_code(guest))
    guest.on_board()
    guest.wait_version(version)
    assert guest.marker("viewer") == "1"
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true']", state="attached"
    )
    _plays_on(host, guest, rng)


def test_the_host_reloads_and_device_guests_come_back(devices: Devices) -> None:
    host = devices.host()
    host.host(2)
    guest = pair_devices(host, devices.guest_context, devices.site.origin)
    devices.pages.append(guest)
    host.start()
    guest.on_board()
    rng = random.Random(13)
    version = play_to_end(host, [guest], rng, stop_at=5)

    host.page.reload(wait_until="domcontentloaded")
    host.wait_ready()
    host.on_board()
    host.wait_version(version)
    # the guest is told plainly; the host sees the dropped device seat
    guest.page.wait_for_selector("#board [role=alert]", timeout=60_000)
    host.page.click("#net-strip [data-seat='1'][data-dropped='true'] [data-cmd=net-reinvite]")
    url = _invitation(host)
    guest.page.goto(url, wait_until="domcontentloaded")
    _paste_answer(host, _answer_code(guest))
    guest.wait_version(version)
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true']", state="attached"
    )
    _plays_on(host, guest, rng)


def _plays_on(host: NetPage, guest: NetPage, rng: random.Random) -> None:
    """The device that came back plays in the resumed match, and both boards
    follow (a whole game over WebRTC to its end is the pairing test's)."""
    version = until_guest_turn(host, guest, rng)
    guest.act(rng)
    host.wait_past(version)
    play_to_end(host, [guest], rng, stop_at=version + 3)
    guest.wait_version(host.version())
