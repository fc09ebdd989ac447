"""Turn alerts: the tab's title and icon say when it is your turn, in both
games; the sound, the vibration and the notification fire only when switched
on in the menu (remembered on the device); a notification asks the browser's
permission only when switched on, and shows only when the page is hidden."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import App
from tests.browser.play import Board
from tests.browser.test_theboss import _start

#: stand-ins the page cannot tell from the real ones: a vibration motor and a
#: Notification that record what they were asked, and a page in the background
_RECORDERS_JS = """
window.__vibrations = [];
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
window.__notes = [];
window.Notification = class {
    constructor(title, options) { window.__notes.push({title, body: options && options.body}); }
    static requestPermission() { return Promise.resolve(window.__permission || 'granted'); }
    static get permission() { return window.__permission || 'granted'; }
};
Object.defineProperty(document, 'hidden', {get: () => window.__hidden === true});
"""

#: how long a wait or a click may take: a busy machine holds the page for tens
#: of seconds while the runtime starts (a cap on waiting, never an assertion)
LOADED_MS = 120_000


@pytest.fixture(autouse=True)
def patient(page: Page) -> None:
    """Waits and clicks wait as long as the page's start may take on a busy
    machine (the runtime's start holds the page for tens of seconds there)."""
    page.set_default_timeout(LOADED_MS)


MARK = "\u25cf "


def _switch_on(app: App, *names: str) -> None:
    for name in names:
        box = app.page.locator(f"#alert-{name}")
        if not box.is_checked():
            app.page.locator(f"label:has(#alert-{name})").click()
        expect(box).to_be_checked()


def test_the_tab_says_your_turn_and_the_alerts_fire_only_when_switched_on(app: App) -> None:
    page = app.page
    page.add_init_script(_RECORDERS_JS)
    board = Board(app)
    # every alert off (the default): only the title and the icon
    board.start(3, humans=(0,))
    page.wait_for_selector("#board[data-phase='human']", state="attached")
    expect(page).to_have_title(f"{MARK}Your turn \u00b7 Boss Quest")
    page.wait_for_function(
        "() => document.querySelector('link[rel~=icon]').href.startsWith('data:image/svg+xml')"
    )
    assert page.get_attribute("html", "data-turn") == "yours"
    assert page.get_attribute("html", "data-alert-sound") is None
    assert page.evaluate("window.__vibrations") == []
    # leaving the board: the title and the icon are the site's again
    page.locator("#board [data-cmd=quit]").click()
    page.locator("[data-cmd=quit-yes]").click()
    page.wait_for_selector("html[data-screen='menu']", state="attached")
    expect(page).to_have_title("Boss Quest")
    assert "data:" not in str(page.get_attribute("link[rel~=icon]", "href"))

    # switched on, remembered after a reload; the page in the background
    _switch_on(app, "sound", "vibrate", "notify")
    stored = json.loads(page.evaluate("localStorage.getItem('bq.alerts.v1')"))
    assert stored == {"sound": True, "vibrate": True, "notify": True}
    page.reload()
    app.wait_ready()
    for name in ("sound", "vibrate", "notify"):
        expect(page.locator(f"#alert-{name}")).to_be_checked()
    page.evaluate("window.__hidden = true")
    board.start(3, humans=(0,), open_page=False)
    page.wait_for_selector("html[data-alert-sound='1']", state="attached")
    assert page.evaluate("window.__vibrations") == [[120, 80, 120]]
    assert page.evaluate("window.__notes") == [{"title": "Your turn", "body": "Boss Quest"}]


def test_a_notification_switched_on_asks_and_a_refusal_switches_it_off(app: App) -> None:
    page = app.page
    page.add_init_script(_RECORDERS_JS + "window.__permission = 'denied';")
    app.open("?botdelay=0")
    page.locator(".lang-btn[data-lang='fr']").click()
    page.locator("label:has(#alert-notify)").click()
    expect(page.locator("#alert-notify")).not_to_be_checked()
    expect(page.locator("#alert-notify-note")).to_have_text(
        "Le navigateur refuse les notifications à ce site."
    )
    assert json.loads(page.evaluate("localStorage.getItem('bq.alerts.v1')"))["notify"] is False


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_boss_says_your_turn_in_the_tab_too(app: App, lang: str) -> None:
    app.page.emulate_media(reduced_motion="reduce")
    _start(app, 2, humans=(0,))
    if lang == "fr":
        app.page.locator(".lang-btn[data-lang='fr']").click()
    app.page.wait_for_selector("#board[data-phase='human']", state="attached")
    words = "À vous de jouer" if lang == "fr" else "Your turn"
    # the title follows the language switch a draw later: wait for it
    expect(app.page).to_have_title(re.compile(f"^{re.escape(MARK + words)} \u00b7 "))
