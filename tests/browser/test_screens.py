"""Every screen of every game at 375 and 1280 px, in French and English, as a
player with nothing saved meets it: the home, each game's menu, the board and its controls,
a round's result, the end and its share box, the replay page, the curtain of
pass-and-play, the network lobby (host and guest), the rules page and a
tutorial board. Each is saved under artifacts/screenshots/screens-*.png for a
person to look at, and checked for what a person would notice at once: the
page scrolling sideways, a control whose words are cut or spill out of it, a
word of the other language. Every wait is on a marker the page sets."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from game.registry import GAMES
from tests.browser.conftest import SCREENSHOTS, App, PageLog, Site
from tests.browser.driver import GameDriver
from tests.browser.near_end import near_the_end, resume_near_the_end
from tests.browser.net_play import STEP_MS, NetPage
from tests.browser.play import SETTLED
from tests.browser.started import StartedPages, started, started_pages  # noqa: F401
from tests.browser.warm import WarmContext, WarmPool
from tests.browser.windows import new_window

WIDTHS = {375: 812, 1280: 860}
LANGS = ("en", "fr")
#: a page on a busy machine may take this long to start (a cap on waiting)
LOADED_MS = 120_000

#: what a person would notice at once on the screen as drawn
_LAYOUT_JS = """() => {
    const wide = document.documentElement.scrollWidth;
    const cut = [];
    const seen = (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll(
            'button, .btn, label, summary, h1, h2, h3, th, .seat-name, .tag, .chip')) {
        if (!seen(el) || el.closest('[hidden], .visually-hidden, .sr-only')) continue;
        const style = getComputedStyle(el);
        if (['auto', 'scroll'].includes(style.overflowX)) continue;
        if (el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0) {
            const what = el.id || el.className || el.tagName;
            cut.push(what + ': ' + el.textContent.trim().slice(0, 40));
        }
    }
    return {wide, inner: window.innerWidth, cut, lang: document.documentElement.lang};
}"""


def _check(page: Page, name: str, lang: str) -> None:
    found = page.evaluate(_LAYOUT_JS)
    assert found["wide"] <= found["inner"], f"{name}: the page scrolls sideways ({found})"
    assert not found["cut"], f"{name}: words cut or spilling out: {found['cut']}"
    assert found["lang"] == lang, f"{name}: the page says lang={found['lang']}"


def _shot(page: Page, name: str, lang: str, *, full_page: bool = True) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"screens-{name}-{lang}.png"),
        full_page=full_page,
        animations="disabled",
    )
    _check(page, name, lang)


def _in_both(page: Page, name: str, *, board: bool = False) -> None:
    """Shoot the screen in English then French, switched by the page's own
    buttons; with `board`, once the board is drawn again in the new language
    (its ``data-seq`` moves)."""
    for lang in LANGS:
        if page.get_attribute("html", "lang") != lang:
            seq = page.get_attribute("#board", "data-seq") if board else None
            page.locator(f".lang-btn[data-lang='{lang}']").first.click()
            page.wait_for_selector(f"html[lang='{lang}']", state="attached")
            if board:
                page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        _shot(page, name, lang)


@pytest.fixture
def fresh(warm_pool: WarmPool, site: Site) -> Iterator[Callable[[int, str], App]]:
    """New pages (as ``App``) of a width and a locale, each a returning player's
    with nothing stored: in the warm browser context of its locale (warm.py)."""
    used: dict[str, WarmContext] = {}
    logs: list[PageLog] = []

    def open_page(width: int, locale: str = "en-GB") -> App:
        warm = used.setdefault(locale, warm_pool.get(locale))
        page = warm.open_page({"width": width, "height": WIDTHS[width]}, LOADED_MS)
        log = PageLog(origin=site.origin)
        logs.append(log)
        return App(log.watch(page), log, site)

    yield open_page
    problems = [problem for log in logs for problem in log.problems()]
    for warm in used.values():
        warm.reset()
    assert not problems, problems


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_the_home(fresh: Callable[[int, str], App], site: Site, width: int) -> None:
    page = fresh(width, "en-GB").page
    page.goto(site.url, wait_until="domcontentloaded")
    page.wait_for_selector("#games .game-card", state="attached")
    _in_both(page, f"home-{width}")


def _at_each_width(page: Page, name: str, *, board: bool = False) -> None:
    """`_in_both` at each width, `name` ending with it (one started page
    serves both widths: the layout follows the viewport). The page is
    brought to the front of its window first: Chromium draws only the tab in
    front, and a screenshot or a click of a tab behind another waits a second
    or two for a frame (the network lobby's host behind its guest's tab:
    52 s for the lobby's shots, 29 s in front)."""
    page.bring_to_front()
    for width in sorted(WIDTHS):
        page.set_viewport_size({"width": width, "height": WIDTHS[width]})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        _in_both(page, f"{name}-{width}", board=board)


# The curtain, then a solo game, on one started page of each game
# (tests/browser/started.py), each screen shot at both widths: the solo game
# leaves the curtain by the page's own buttons, then sets its menu itself.
@pytest.mark.parametrize("game", sorted(GAMES))
def test_pass_and_play_the_curtain(started: StartedPages, game: str) -> None:  # noqa: F811
    page = started.menu(game, max(WIDTHS)).page
    page.locator("#count-choices label", has_text="3").click()
    for seat in range(3):
        page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='human'])").click()
    _at_each_width(page, f"{game}-menu-humans")
    page.locator("#start").click()
    page.wait_for_selector("#board[data-phase='curtain']", state="attached")
    _at_each_width(page, f"{game}-curtain", board=True)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_solo_game_from_menu_to_replay(started: StartedPages, game: str) -> None:  # noqa: F811
    app = started.menu(game, max(WIDTHS))
    page = app.page
    page.locator(".lang-btn[data-lang='en']").first.click()
    page.locator("#count-choices label", has_text="4").click()
    for seat in range(4):
        kind = "human" if seat == 0 else "bot"
        page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='{kind}'])").click()
    _at_each_width(page, f"{game}-menu")
    page.locator(".lang-btn[data-lang='en']").first.click()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached")
    _at_each_width(page, f"{game}-board", board=True)
    # the end from a save one move before it (the whole game is played by
    # test_theboss.py and test_net_tabs.py, the 4-player table under CPython)
    resume_near_the_end(app, game, near_the_end(game, 4, seed=8))
    page.locator(".lang-btn[data-lang='en']").first.click()
    page.wait_for_selector("html[lang='en']", state="attached")
    driver = GameDriver(app, game, random.Random(8))
    driver.play_until(lambda _page, phase: phase == "result")
    _at_each_width(page, f"{game}-result", board=True)
    driver.play_until(lambda _page, phase: phase == "over")
    _at_each_width(page, f"{game}-over", board=True)
    page.locator("#game-over [data-cmd=share]").click()
    page.wait_for_selector("#game-over #share-link", state="visible")
    _at_each_width(page, f"{game}-share", board=True)
    link = page.input_value("#game-over #share-link")
    # the replay in a page of its own: the started page stays on the end, and
    # goes back to its menu by its own button for the network lobby's host
    replay = app.log.watch(new_window(page.context))
    replay.goto(link)
    replay.wait_for_selector("html[data-state='ready'] #replay[data-steps]", state="attached")
    for _ in range(5):
        replay.locator("#replay [data-cmd=next]").click()
    replay.wait_for_selector("#replay[data-step='5']", state="attached")
    _at_each_width(replay, f"{game}-replay")
    replay.close()


# The lobby and the rules page at both widths from one start of each page;
# the lobby's host is the game's started page, back on its menu.
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_network_lobby(started: StartedPages, site: Site, game: str) -> None:  # noqa: F811
    app = started.menu(game, max(WIDTHS))
    page, log = app.page, app.log
    host = NetPage(page, log, "Ana")
    host.open_net_menu()
    _at_each_width(page, f"{game}-net-menu")
    page.locator(".lang-btn[data-lang='en']").first.click()
    page.click("[data-cmd=net-host]")
    host.lobby_phase("host")
    guest_page = log.watch(new_window(page.context))  # drawn beside the host's, not behind
    guest_page.goto(f"{site.url}?game={game}&botdelay=0", wait_until="domcontentloaded")
    guest = NetPage(guest_page, log, "Bea")
    guest.wait_ready()
    guest.join_tab(host.room(), 1)
    host.seat_row(1, "guest")
    _at_each_width(page, f"{game}-net-host")
    _at_each_width(guest_page, f"{game}-net-guest")
    # the pairing of another device: the host's invitation, with its QR code
    page.locator(".lang-btn[data-lang='en']").first.click()
    invite = page.locator("[data-cmd=net-invite], [data-cmd=net-pair]")
    if invite.count():
        invite.first.click()
        page.wait_for_selector("#net-pairing:not([hidden])", state="attached", timeout=STEP_MS)
        _at_each_width(page, f"{game}-net-pairing")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_page_and_a_tutorial_board(
    fresh: Callable[[int, str], App], site: Site, game: str
) -> None:
    for lang in LANGS:
        app = fresh(min(WIDTHS), "fr-FR" if lang == "fr" else "en-GB")
        page = app.page
        page.goto(f"{site.url}rules.html?game={game}&lang={lang}", wait_until="load")
        page.wait_for_selector("html[data-rules='ready']", state="attached")
        figure = page.locator("figure[data-board]").first
        for width in sorted(WIDTHS):
            page.set_viewport_size({"width": width, "height": WIDTHS[width]})
            page.evaluate("window.scrollTo(0, 0)")
            _shot(page, f"{game}-rules-{width}", lang, full_page=False)
            figure.scroll_into_view_if_needed()
            # this figure's board drawn (another figure's may load first)
            expect(figure).to_have_attribute("data-loaded", "true", timeout=LOADED_MS)
            # the frame's page has loaded; the shot waits for its board (not its skeleton)
            ready = figure.frame_locator("iframe").locator("html[data-state='ready']")
            expect(ready).to_be_attached(timeout=LOADED_MS)
            _shot(page, f"{game}-rules-board-{width}", lang, full_page=False)
        scenario = figure.get_attribute("data-scenario")
        page.goto(
            f"{site.url}embed.html?game={game}&scenario={scenario}&lang={lang}", wait_until="load"
        )
        app.wait_ready()
        page.wait_for_selector("#tutorial[data-step]", state="attached")
        for width in sorted(WIDTHS):
            page.set_viewport_size({"width": width, "height": WIDTHS[width]})
            page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            _shot(page, f"{game}-tutorial-{width}", lang)
