"""The ICE servers setting in the page: checked as it is typed, key by key (a
malformed address is named with its reason beside the field, in the page's
language), kept on the device once good, and read again on the next visit."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext

from game.web.net_prefs import ICE_KEY
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, Site
from tests.browser.net_play import NetPage
from tests.browser.test_net_webrtc import QUERY

GOOD = "turn:turn.example.org:3478?transport=udp alice s3cret"


@pytest.fixture
def device(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    yield context
    context.close()


def _open_ice(context: BrowserContext, site: Site) -> NetPage:
    page = NetPage.open(context, site.url + QUERY, site.origin, "Chloé")
    page.open_net_menu()
    page.page.click("#net-advanced summary")
    return page


def _stored(page: NetPage) -> str | None:
    value = page.page.evaluate("(key) => localStorage.getItem(key)", ICE_KEY)
    assert value is None or isinstance(value, str)
    return value


def test_ice_servers_are_checked_as_they_are_typed(device: BrowserContext, site: Site) -> None:
    page = _open_ice(device, site)
    field = page.page.locator("#net-ice")
    error = page.page.locator("#net-ice-error")
    # typed key by key, no change event: a mistyped scheme is named at once
    field.press_sequentially("stun;stun.example.org:3478")
    # each key redraws: wait for the last one's (earlier keys were already wrong)
    page.page.wait_for_selector(
        "#net-ice[aria-invalid='true'] ~ #net-ice-error:has-text('stun;stun.example.org:3478)')",
        state="attached",
    )
    assert error.inner_text().startswith("Ligne 1 (stun;stun.example.org:3478)")
    assert "stun:" in error.inner_text() and _stored(page) is None
    assert field.evaluate("(node) => document.activeElement === node")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=str(SCREENSHOTS / "net-ice-error-375-fr.png"), full_page=True)
    # corrected: the message goes, the setting is kept on this device
    field.press("Home")
    for _ in range(4):
        field.press("ArrowRight")
    field.press("Delete")
    field.press_sequentially(":")
    page.page.wait_for_function(
        "([key, value]) => localStorage.getItem(key) === value",
        arg=[ICE_KEY, "stun:stun.example.org:3478"],
    )
    page.page.wait_for_selector("#net-ice:not([aria-invalid])", state="attached")
    assert error.inner_text() == ""
    # a TURN server without its password, then with it, on a second line
    field.press("End")
    field.press("Enter")
    field.press_sequentially(GOOD.rsplit(" ", 1)[0])
    page.page.wait_for_selector(
        "#net-ice-error:has-text('Ligne 2'):has-text('mot de passe')", state="attached"
    )
    assert "Ligne 2" in error.inner_text() and "mot de passe" in error.inner_text()
    field.press_sequentially(" s3cret")
    # "s3c" is a password too: wait for the last key's setting to be kept
    page.page.wait_for_function(
        "([key, value]) => localStorage.getItem(key) === value",
        arg=[ICE_KEY, "stun:stun.example.org:3478\n" + GOOD],
    )
    page.page.wait_for_selector("#net-ice:not([aria-invalid])", state="attached")
    # what was typed stays in the field, as typed
    assert field.input_value() == "stun:stun.example.org:3478\n" + GOOD
    assert page.problems() == []


def test_a_bad_address_is_named_in_english_and_the_setting_comes_back(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        page = _open_ice(context, site)
        page.page.fill("#net-ice", "stun:stun.example.org:70000")
        page.page.wait_for_selector("#net-ice[aria-invalid='true']", state="attached")
        text = page.page.inner_text("#net-ice-error")
        assert text.startswith("Line 1 (stun:stun.example.org:70000)") and "65535" in text
        assert _stored(page) is None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.page.screenshot(path=str(SCREENSHOTS / "net-ice-error-1280-en.png"), full_page=True)
        page.page.fill("#net-ice", GOOD)
        page.page.wait_for_selector("#net-ice:not([aria-invalid])", state="attached")
        assert _stored(page) == GOOD
        # the next visit shows it again (the host's and the guest's pages read it there)
        page.page.reload(wait_until="domcontentloaded")
        page.wait_ready()
        page.open_net_menu()
        assert page.page.input_value("#net-ice") == GOOD
        assert page.problems() == []
    finally:
        context.close()
