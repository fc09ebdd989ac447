"""Smoke tests of the shared shell in WebKit (Debian's WebKitGTK MiniBrowser,
driven by Selenium through WebKitWebDriver on an Xvfb display: webkit.py), for
every registered game: the home and the menu, a solo game resumed near its end
and played out at 375 px (its end also at 1280 px), reload and resume offline
after one visit, the rules page's live board, a tutorial board, two windows
over BroadcastChannel, and the plain word that this browser has no WebRTC;
each with no console error (from when the driver reaches the page) and no
request to another origin (the served side's log: WebKit's every request goes
through it).

One browser serves every case; each case starts with the site's storage
emptied, and keeps the HTTP cache and the service worker (as a returning
player would), except where it says otherwise.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.engines.conftest import SHELL_CASES, SHOTS, case_ids
from tests.engines.served import GameInfo, Served, near_end_save, registered_games
from tests.engines.webkit import READY_S, STEP_S, WebKit, missing, webkit, xvfb

SETTLED = "#board[data-phase]:not([data-phase='bot'])"
ON_BOARD = "html[data-screen='board'] #board[data-phase]"
DESKTOP = (1280, 800)
#: a lesson's next click, read in the page (shared with the Firefox driver)
LESSON_NOW = (Path(__file__).with_name("lesson_now.js")).read_text().strip()
#: far more clicks than any lesson needs (each move takes at most two)
LESSON_CLICKS = 400
PHONE = (375, 812)

GAMES = {game.name: game for game in registered_games()}
#: WebKit's own case of the shell: the lobby says plainly it has no WebRTC
IDS = case_ids(list(GAMES), (*SHELL_CASES, "no-webrtc"))


@pytest.fixture(scope="module")
def browser(served: Served) -> Iterator[WebKit]:
    problem = missing()
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    with xvfb() as display, webkit(served, display) as browser:
        yield browser


@pytest.mark.parametrize("case", IDS)
def test_webkit(case: str, browser: WebKit, served: Served) -> None:
    name, kind = case.split("/")
    browser.reset()
    browser.problems.clear()
    mark = served.log.mark()
    browser.resize(*DESKTOP)
    try:
        WEBKIT_CASES[kind](browser, GAMES[name])
    finally:
        served.offline = False
        for handle in browser.driver.window_handles:
            browser.use(handle)
            browser.collect()
    problems = browser.problems + [
        f"request to another origin: {line}" for line in served.log.foreign_since(mark)
    ]
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


# ------------------------------------------------------------------ playing


def settle(wk: WebKit) -> str:
    wk.until(SETTLED)
    return str(wk.attr("#board", "data-phase"))


#: what the board asks of the person at the device, in one round trip
BOARD_NOW = """const board = document.getElementById("board");
return [board.getAttribute("data-phase"), board.getAttribute("data-seq"),
    document.querySelectorAll("#actions [data-cmd=act]").length];"""


def start_solo(wk: WebKit, game: GameInfo) -> None:
    """The game's fewest players, bots beside seat 0 at the easiest level each
    seat's role offers (the first); Start."""
    wk.wait_ready()
    wk.click(f".segmented label:has(input[value='{game.min_players}'])")
    for seat in range(1, game.min_players):
        item = f"#seats .seat[data-seat='{seat}']"
        wk.click(f"{item} .kind label:has(input[value='bot'])")
        wk.click(f"{item} .level label:first-child")
    wk.click("#start")
    wk.until("#board[data-phase]")
    settle(wk)


def step(wk: WebKit, rng: random.Random) -> str:
    """One step of the person at the device: any action button, or the
    round's acknowledgement; the phase it was taken in."""
    phase, seq, count = wk.js(BOARD_NOW)
    if phase == "over":
        return "over"
    selector, index = "#actions [data-cmd=act]", 0
    if phase == "result":
        selector = "#round-result [data-cmd=continue]"
    elif phase == "curtain":
        selector = "#curtain [data-cmd=reveal]"
    else:
        assert phase == "human", phase
        assert count, "a human turn shows no action button"
        index = rng.randrange(count)
    wk.click(selector, index)
    wk.until(f"#board:not([data-seq='{seq}'])[data-phase]:not([data-phase='bot'])")
    return str(phase)


def play_to_end(wk: WebKit, rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        if step(wk, rng) == "over":
            return
    raise AssertionError("the game did not end")


# -------------------------------------------------------------------- cases


def home(wk: WebKit, game: GameInfo) -> None:
    """The list of games; the game's Play link opens its page, whose menu is
    ready and offers the game's fewest players (no second start of Python)."""
    wk.open("")
    wk.wait_ready()
    wk.until("html[data-home='true']")
    wk.collect()
    wk.click(f"#games .game-card[data-game='{game.name}'] [data-link=play]")
    wk.until(f"html[data-game='{game.name}']")
    wk.watch()  # the game's page, which the link opened
    wk.wait_ready()
    wk.until("html[data-screen='menu'] #start:not([disabled])")
    wk.until(f".segmented input[name=count][value='{game.min_players}']")


def solo(wk: WebKit, game: GameInfo) -> None:
    """A game a few moves before its end (played under CPython), which the
    page resumes, played out at a phone's width; its end at a phone's and a
    laptop's (a game from its deal is Chromium's: one whole game per transport)."""
    key, save = near_end_save(game)
    wk.resize(*PHONE)
    wk.visit_origin()
    wk.js("localStorage.setItem(arguments[0], arguments[1])", key, save)
    wk.open(f"?game={game.name}&botdelay=0")
    wk.wait_ready()
    wk.until(ON_BOARD)
    settle(wk)
    play_to_end(wk, random.Random(PHONE[0]))
    for width, height in (PHONE, DESKTOP):
        wk.resize(width, height)
        wide = wk.js("return document.documentElement.scrollWidth")
        assert wide <= width, f"the page is {wide} px wide at {width} px"
        wk.screenshot(SHOTS / f"webkit-{game.name}-over-{width}.png")


def reload_offline(wk: WebKit, game: GameInfo) -> None:
    """After one visit (the service worker ready), three moves; the site's
    server stops answering, and a reload brings the same game back."""
    wk.open(f"?game={game.name}&botdelay=0&seed=5")
    wk.wait_ready()
    wk.until("html[data-offline='ready']", READY_S)
    start_solo(wk, game)
    rng = random.Random(5)
    for _ in range(3):
        step(wk, rng)
    actions = wk.attr("#board", "data-actions")
    wk.served.offline = True
    wk.reload()
    wk.wait_ready()
    wk.until(ON_BOARD)
    settle(wk)
    assert wk.attr("#board", "data-actions") == actions
    step(wk, rng)


def open_net_menu(wk: WebKit, name: str) -> None:
    wk.until("#net-open:not([disabled])")
    wk.click("#net-open")
    wk.until("html[data-screen='lobby'] #lobby[data-phase='menu']")
    wk.type_into("#net-name", name)


#: the host's lobby once it has two seats (not while the default count's shows)
TWO_SEATS = "#net-seats > li.net-seat[data-seat='1']:last-child"


def host_two(wk: WebKit, game: GameInfo) -> str:
    """Host a game of two in the current window; its room."""
    wk.open(f"?game={game.name}&botdelay=0")
    wk.wait_ready()
    open_net_menu(wk, "Host")
    wk.click("[data-cmd=net-host]")
    wk.until("html[data-screen='lobby'] #lobby[data-phase='host']")
    two = "input[data-net-opt=players][value='2']"
    if not wk.js("return document.querySelector(arguments[0]).checked", two):
        wk.click(two)
    # two seats drawn, the second one last: the lobby of more seats is gone
    # (a click aimed at a button of it could land where the next draw moved it)
    wk.until(TWO_SEATS)
    return str(wk.attr("#lobby", "data-room"))


def tabs(wk: WebKit, game: GameInfo) -> None:
    host = wk.main
    room = host_two(wk, game)
    guest = wk.new_window()
    wk.open(f"?game={game.name}&botdelay=0")
    wk.wait_ready()
    open_net_menu(wk, "Guest")
    join = f"[data-cmd=net-join-tab][data-room='{room}']"
    wk.until(join)
    wk.click(join)
    wk.until("html[data-screen='lobby'] #lobby[data-phase='guest']")
    wk.click("[data-cmd=net-sit][data-seat='1']")
    wk.until("#net-seats [data-seat='1'][data-you='true']")
    wk.use(host)
    wk.until("#net-start:not([disabled])")
    wk.click("#net-start")
    board = "html[data-screen='board'] #board[data-net][data-phase]"
    for handle in (host, guest):
        wk.use(handle)
        wk.until(board)
    rng = random.Random(7)
    for _ in range(4):
        wk.use(host)
        version = int(wk.attr("#board", "data-actions") or 0)
        mover = None
        phases = []
        for handle in (host, guest):
            wk.use(handle)
            wk.until(f"#board[data-actions='{version}']")
            phases.append(wk.attr("#board", "data-phase"))
            if wk.count("#actions [data-cmd=act]"):
                mover = handle
        if "over" in phases or (mover is None and "result" in phases):
            return  # far enough for a smoke test
        assert mover is not None, f"no window can act: {phases}"
        wk.use(mover)
        wk.click("#actions [data-cmd=act]", rng.randrange(wk.count("#actions [data-cmd=act]")))
        stuck = f"the board stayed at {version} actions"
        for handle in (host, guest):
            wk.use(handle)
            wk.until_true(
                f"Number(document.getElementById('board').dataset.actions) > {version}",
                lambda: stuck,  # noqa: B023 (used at once, inside this loop)
            )


def rules(wk: WebKit, game: GameInfo) -> None:
    if game.rules is None:
        return
    wk.open(game.rules)
    wk.until("html[data-rules='ready']")
    wk.js("document.querySelector('[data-board]').scrollIntoView({block: 'center'})")
    live = "[data-board][data-loaded='true'] iframe"
    wk.until(live)
    frame = wk.driver.find_element(*_css(live))
    wk.driver.switch_to.frame(frame)
    try:
        wk.watch()
        wk.wait_ready()
        wk.until("#tutorial[data-scenario]:not([data-scenario=''])")
        wk.until("#board-view *")
        wk.collect()
    finally:
        wk.driver.switch_to.default_content()


def tutorial(wk: WebKit, game: GameInfo) -> None:
    """The game's first lesson played to its end, each click on the control
    the page's markers name (tests/engines/lesson_now.js)."""
    lesson = game.tutorial
    if lesson is None:
        return
    wk.open(f"embed.html?game={game.name}&scenario={lesson.name}&lang=en")
    wk.wait_ready()
    wk.until(f"#tutorial[data-scenario='{lesson.name}']")
    now = f"({LESSON_NOW})()"
    for click in range(LESSON_CLICKS + 1):
        state = wk.js(f"return {now}")
        if state["done"] == "true":
            break
        assert click < LESSON_CLICKS, f"the lesson did not end in {click} clicks: {state['sign']}"
        assert state["target"], f"the lesson offers nothing to click: {state['sign']}"
        wk.click(state["target"])
        before = str(state["sign"])
        wk.until_true(
            f"{now}.sign !== {json.dumps(before)}",
            lambda: f"the lesson did not answer: {before}",  # noqa: B023 (used at once)
        )
    end = wk.js(f"return {now}")
    assert end["problem"] == "false", f"the lesson broke: {end['sign']}"
    assert end["actions"] == str(lesson.actions), (
        f"the lesson ended after {end['actions']} moves; CPython plays {lesson.actions}"
    )
    wk.until(".tut-outro")


def no_webrtc(wk: WebKit, game: GameInfo) -> None:
    """Debian's WebKitGTK has no WebRTC: inviting a device says so, in the
    page's words for it (net.js's reason "no_webrtc")."""
    assert wk.js("return typeof RTCPeerConnection") == "undefined", (
        "this WebKitGTK has WebRTC now: test two devices in WebKit too (docs/engines.md)"
    )
    host_two(wk, game)
    words = wk.js("return window.BossQuestNet.reason('no_webrtc', document.documentElement.lang)")
    assert words, "the page has no words for a browser without WebRTC"
    wk.click("[data-cmd=net-invite]")
    wk.until_true(
        f"document.getElementById('lobby').innerText.includes({words!r})",
        lambda: f"the lobby does not say {words!r}",
        STEP_S,
    )


def _css(selector: str) -> tuple[str, str]:
    return ("css selector", selector)


WEBKIT_CASES: dict[str, Callable[[WebKit, GameInfo], None]] = {
    "home": home,
    "solo": solo,
    "reload-offline": reload_offline,
    "rules": rules,
    "tutorial": tutorial,
    "tabs": tabs,
    "no-webrtc": no_webrtc,
}


def test_webkit_sees_console_errors_and_foreign_requests(browser: WebKit, served: Served) -> None:
    """The two watchers that stand in for WebDriver's missing events: a
    console error in a page, and a request to another origin (refused by the
    served side, where the proxy logs it)."""
    browser.reset()
    browser.problems.clear()
    mark = served.log.mark()
    browser.open("")
    browser.js("console.error('engine-suite probe')")
    browser.collect()
    assert any("engine-suite probe" in problem for problem in browser.problems)
    browser.driver.get("http://engine-suite-probe.invalid/")  # .invalid: never resolves
    assert any("engine-suite-probe" in line for line in served.log.foreign_since(mark))
    browser.problems.clear()
