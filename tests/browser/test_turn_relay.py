"""Play across the internet: two devices in two homes behind NAT, joined by a
TURN relay (tests/browser/nat_world.py builds the networks and runs coturn).

Each home's Chromium runs in its own namespace. The host and the guest type
the relay into their ICE settings (the "Advanced" fold of "Play with others"),
pair by copied link and answer as people do, and play a game to its end; the
connection must go through the relay (the candidate pair ICE chose, from
RTCPeerConnection.getStats, through BossQuestNet.rtcRoutes) and no packet may
leave the namespaces. Without the relay the same pairing must fail, and both
pages must say so and what to try.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright

import build
from game.web.net_prefs import ICE_KEY
from tests.browser.conftest import DESKTOP, PHONE, Site
from tests.browser.nat_world import NatWorld, skip_reason, turn_line
from tests.browser.net_play import NetPage, finish, play_to_end
from tests.browser.netns import chromium_args, rtc_browser, rtc_netns, rtc_site  # noqa: F401
from tests.browser.test_net_webrtc import QUERY, _answer_code, _invitation, _paste_answer

#: the pairing's time limits (BossQuestNet.limits, read at use), shortened so
#: that a failure shows in seconds
_SHORT_LIMITS = "Object.assign(window.BossQuestNet.limits, {connectMs: 8000, pairHintMs: 4000})"


@pytest.fixture(scope="module")
def world(built_site: build.BuildResult) -> Iterator[NatWorld]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    made = NatWorld.create(built_site.out)
    try:
        yield made
    finally:
        made.delete()


@pytest.fixture(scope="module")
def homes(world: NatWorld, playwright_instance: Playwright) -> Iterator[list[Browser]]:
    """A Chromium in each home (Chromium's defaults: mDNS host candidates)."""
    with tempfile.TemporaryDirectory(prefix="bq-nat-chromium-") as temp:
        browsers = [
            playwright_instance.chromium.launch(
                executable_path=str(home.wrapper(Path(temp))), args=chromium_args()
            )
            for home in world.homes
        ]
        try:
            yield browsers
        finally:
            for browser in browsers:
                browser.close()


class Homes:
    """The host's device in home 1, the guest's in home 2, their pages checked at the end."""

    def __init__(self, browsers: list[Browser], world: NatWorld) -> None:
        self.world = world
        self.host_context = browsers[0].new_context(viewport=DESKTOP, locale="en-GB")
        self.guest_context = browsers[1].new_context(viewport=PHONE, locale="fr-FR")
        self.pages: list[NetPage] = []

    def open(self, host: bool, name: str, url: str = "") -> NetPage:
        context = self.host_context if host else self.guest_context
        origin = self.world.origin
        page = NetPage.open(context, url or origin + "/" + QUERY, origin, name)
        page.page.evaluate(_SHORT_LIMITS)
        self.pages.append(page)
        return page

    def close(self) -> list[str]:
        problems = [problem for page in self.pages for problem in page.problems()]
        self.host_context.close()
        self.guest_context.close()
        return problems


@pytest.fixture
def devices(homes: list[Browser], world: NatWorld) -> Iterator[Homes]:
    made = Homes(homes, world)
    yield made
    problems = made.close()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def set_ice(page: NetPage, text: str) -> None:
    """Type `text` into the ICE settings (under the Advanced fold of the menu or
    of the invitation's screen); it is kept once good."""
    page.page.click("#net-advanced summary")
    page.page.fill("#net-ice", text)
    page.page.wait_for_function(
        "([key, text]) => localStorage.getItem(key) === text", arg=[ICE_KEY, text]
    )


def pair(devices: Homes, host: NetPage, ice: str) -> NetPage:
    """The host (in its lobby) invites; the guest opens the link, types its ICE
    settings there (if any), takes a name and shows its answer; the host pastes it."""
    host.page.click("[data-cmd=net-invite]")
    guest = devices.open(False, "Bob", _invitation(host))
    guest.lobby_phase("join")
    if ice:
        set_ice(guest, ice)
        guest.shot("turn-guest-ice-375-fr")
    guest.page.fill("#net-name", "Bob")
    guest.page.click("[data-cmd=net-join-rtc]")
    _paste_answer(host, _answer_code(guest))
    return guest


def routes(page: NetPage) -> list[dict[str, str]]:
    found = page.page.evaluate("() => window.BossQuestNet.rtcRoutes()")
    assert isinstance(found, list)
    return found


def test_two_homes_behind_nat_play_through_the_turn_relay(devices: Homes) -> None:
    world = devices.world
    assert world.links_stay_inside() == []
    before = world.relay_packets()
    host = devices.open(True, "Alice")
    host.open_net_menu()
    set_ice(host, turn_line())
    host.host(2)
    guest = pair(devices, host, turn_line())
    guest.sit(1)
    host.seat_row(1, "guest")
    # the pair ICE chose goes through the relay, on both sides
    for page in (host, guest):
        chosen = routes(page)
        assert len(chosen) == 1, chosen
        assert "relay" in (chosen[0]["local"], chosen[0]["remote"]), (page.name, chosen)
    host.start()
    guest.on_board()
    play_to_end(host, [guest], random.Random(30))
    finish([host, guest])
    assert world.relay_packets() > before + 20, "the relay did not carry the game"
    # nothing went anywhere but the relay the players named (and the other home)
    assert world.links_stay_inside() == [] and world.stray_packets() == 0


def test_without_a_relay_the_pairing_fails_and_both_sides_say_what_to_try(
    devices: Homes,
) -> None:
    host = devices.open(True, "Alice")
    host.host(2)
    guest = pair(devices, host, "")
    # both pairing widgets give up, each in its own words, naming what to try
    host.page.wait_for_selector("#net-pairing .bq-pair[data-pairing='error']", timeout=60_000)
    guest.page.wait_for_selector("#net-pairing .bq-pair[data-pairing='stalled']", timeout=60_000)
    host.shot("turn-no-relay-host-1280-en")
    guest.shot("turn-no-relay-guest-375-fr")
    host_text = host.page.inner_text("#net-pairing [data-pairing-status]")
    guest_text = guest.page.inner_text("#net-pairing [data-pairing-status]")
    assert "same network" in host_text and "TURN" in host_text, host_text
    assert "même réseau" in guest_text and "TURN" in guest_text, guest_text
    assert routes(host) == [] and routes(guest) == []
    assert devices.world.stray_packets() == 0
    # each widget follows its page's language switch, and the other width
    status = "#net-pairing [data-pairing-status]"
    host.page.locator(".lang-btn[data-lang='fr']").click()
    host.page.wait_for_selector(f"{status}:has-text('même réseau')")
    close = host.page.locator("#net-pairing [data-cmd=net-pair-close]")
    assert close.inner_text() == "Fermer l’invitation"  # its label follows the switch too
    host.page.set_viewport_size(PHONE)
    host.shot("turn-no-relay-host-375-fr")
    guest.page.locator(".lang-btn[data-lang='en']").click()
    guest.page.wait_for_selector(f"{status}:has-text('same network')")
    guest.page.set_viewport_size(DESKTOP)
    guest.shot("turn-no-relay-guest-1280-en")


def test_a_guest_on_the_hosts_network_is_not_told_to_change_it_while_the_host_is_slow(
    rtc_browser: Browser,  # noqa: F811
    rtc_site: Site,  # noqa: F811
) -> None:
    """The guest's "stalled" hint needs no candidate pair that answered: on the
    same network the host answers ICE's checks before it has the answer, so a
    guest whose host takes its time keeps "waiting" past limits.pairHintMs;
    then the host pastes the answer and both connect."""
    contexts = [rtc_browser.new_context(), rtc_browser.new_context()]
    try:
        pages = [
            NetPage.open(context, rtc_site.url + QUERY, rtc_site.origin, name)
            for context, name in zip(contexts, ("Alice", "Bob"), strict=True)
        ]
        host, guest = (page.page for page in pages)
        offer = host.evaluate("async () => (window.invite = await BossQuestNet.rtcInvite({})).code")
        answer = guest.evaluate(
            """async (offer) => {
                BossQuestNet.limits.pairHintMs = 1500;
                const box = document.body.appendChild(document.createElement("div"));
                window.answer = await BossQuestNet.rtcAnswer(offer, {});
                window.widget = BossQuestNet.showAnswer(box, answer, "en");
                window.shownAt = performance.now();
                return answer.code;
            }""",
            offer,
        )
        # past the hint's time limit, on the guest's own clock
        guest.wait_for_function("() => performance.now() - shownAt > 4000", timeout=60_000)
        assert guest.evaluate("answer.reached()") is True
        assert guest.get_attribute(".bq-pair[data-role=answer]", "data-pairing") == "waiting"
        host.evaluate("async (code) => { await invite.accept(code); }", answer)
        guest.wait_for_selector(".bq-pair[data-pairing='connected']", state="attached")
        assert [page.problems() for page in pages] == [[], []]
    finally:
        for context in contexts:
            context.close()
