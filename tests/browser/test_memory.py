"""Light on phones (issue #31): what the pages hold, as behaviour.

- The hard bot's search helper (a second Python) starts only on a device
  that can afford it, and is given back when idle (assets/worker-link.js,
  py-worker.js).
- A rules page's boards share one Python: embed.html joins its origin's
  shared runtime (py-worker.js run as a SharedWorker, assets/worker-link.js),
  each board with a controller of its own in it; where the browser has no
  SharedWorker a board starts a Worker of its own and plays the same.

bench/memory.py measures what this saves; no test here times or weighs anything.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Page

from game.bossquest import GAME
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.conftest import READY_TIMEOUT_MS, App, PageLog, Site
from tests.browser.play import Board

#: a test takes shared workers from its context's pages (an init script)
pytestmark = pytest.mark.first_visit

_BOARDS = ("basic_turn", "going_over")


def _board(name: str) -> str:
    return f"figure[data-board][data-scenario='{name}']"


def _ready_board(page: Page, name: str) -> FrameLocator:
    """Scroll `name`'s board into view and wait until its Python drew it."""
    page.locator(_board(name)).scroll_into_view_if_needed()
    frame = page.frame_locator(f"{_board(name)} iframe")
    frame.locator("html[data-state='ready'], html[data-state='error']").wait_for(
        state="attached", timeout=READY_TIMEOUT_MS
    )
    assert frame.locator("html").get_attribute("data-state") == "ready"
    return frame


def _move(frame: FrameLocator, name: str) -> None:
    """The lesson `name`'s first move, the one it expects: its step goes on."""
    session = TutorialSession(load_tutorial(name), name=name)
    if not session.reader_turn():
        frame.locator("#tut-next").click()
    else:
        action = session.expected_action()
        assert action is not None
        act = json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)
        frame.locator(f"#actions [data-cmd='act'][data-act='{act}']").click()
    frame.locator("#tutorial:not([data-step='0'])").wait_for(state="attached")


def _worker_kinds(browser: Browser) -> Counter[str]:
    """The browser's workers by kind ("worker", "shared_worker", "service_worker")."""
    session = browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        session.detach()
    return Counter(t["type"] for t in targets if t["type"].endswith("worker"))


@pytest.fixture
def rules(context: BrowserContext, site: Site) -> Iterator[tuple[Page, PageLog]]:
    log = PageLog(origin=site.origin)
    page = log.watch(context.new_page())
    yield page, log
    problems = log.problems()
    page.close()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def _open_rules(page: Page, site: Site) -> None:
    page.goto(site.url + "rules.html?lang=en", wait_until="domcontentloaded")
    page.wait_for_selector("html[data-rules='ready']", state="attached")


def test_the_boards_of_a_rules_page_share_one_python(
    browser: Browser, rules: tuple[Page, PageLog], site: Site
) -> None:
    page, _ = rules
    _open_rules(page, site)
    frames = [_ready_board(page, name) for name in _BOARDS]
    held = [frame.locator("html").get_attribute("data-runtime-boards") for frame in frames]
    # the first board started the runtime; the second joined it (a third, near
    # the second, may have joined in between)
    assert held[0] == "1" and int(held[1] or 0) >= 2, held
    workers = _worker_kinds(browser)
    assert workers["shared_worker"] == 1, workers
    assert workers["worker"] == 0, workers
    # each board has a controller of its own in that Python: its own lesson, its own moves
    scenarios = [frame.locator("#tutorial").get_attribute("data-scenario") for frame in frames]
    assert scenarios == list(_BOARDS)
    _move(frames[1], _BOARDS[1])


def test_a_board_that_left_lets_the_next_one_join_the_same_python(
    browser: Browser, rules: tuple[Page, PageLog], site: Site
) -> None:
    page, _ = rules
    _open_rules(page, site)
    _ready_board(page, _BOARDS[0])
    # the language switch unloads the board and loads it again, in French
    page.locator(".lang-btn[data-lang='fr']").click()
    frame = _ready_board(page, _BOARDS[0])
    assert frame.locator("html").get_attribute("lang") == "fr"
    # the first board's controller went with its page: one board held, one runtime
    assert frame.locator("html").get_attribute("data-runtime-boards") == "1"
    assert _worker_kinds(browser)["shared_worker"] == 1


def test_without_shared_workers_each_board_has_its_own_and_plays(
    browser: Browser, rules: tuple[Page, PageLog], site: Site
) -> None:
    page, _ = rules
    page.context.add_init_script("delete window.SharedWorker;")
    _open_rules(page, site)
    frame = _ready_board(page, _BOARDS[0])
    assert frame.locator("html").get_attribute("data-runtime-boards") is None
    _move(frame, _BOARDS[0])
    workers = _worker_kinds(browser)
    assert workers["shared_worker"] == 0, workers
    assert workers["worker"] >= 1, workers  # the next board may have started too


# ------------------------------------------------------- the search helper

_BOT_EVENTS_JS = """
window.__botMoves = [];
document.addEventListener('bq:bot', (event) => window.__botMoves.push(JSON.parse(event.detail)));
"""
_HARD_SEAT = 1


def _hard_game(app: App, query: str) -> Board:
    """A 4-player Boss Quest, seat 1 the hard bot, the others normal, the bots at once."""
    app.page.add_init_script(_BOT_EVENTS_JS)
    app.open(f"?botdelay=0&seed=3{query}")
    board = Board(app)
    board.start(4, open_page=False, seed=3, levels={_HARD_SEAT: "Hard", 2: "Normal", 3: "Normal"})
    return board


def _step(board: Board) -> str:
    """One step of the person's (seat 0's): a move, or the round's result or curtain passed."""
    phase = board.settle()
    if phase == "result":
        return board.click("#round-result [data-cmd=continue]")
    if phase == "curtain":
        return board.click("#curtain [data-cmd=reveal]")
    assert phase != "over", "the game ended before the hard bot searched enough"
    return board.human_move()


def _hard_searches(app: App) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = app.page.evaluate("window.__botMoves")
    return [m for m in moves if m["seat"] == _HARD_SEAT and m["playouts"] > 0]


def _helper(app: App) -> str | None:
    return app.page.get_attribute("html", "data-search-helper")


def test_no_search_helper_where_the_device_has_little_memory(app: App) -> None:
    """A device that says it has 2 GB (navigator.deviceMemory) runs no second Python."""
    app.page.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 2 });"
    )
    board = _hard_game(app, "")
    while len(_hard_searches(app)) < 6:
        _step(board)
    assert [m["shared"] for m in _hard_searches(app)] == [0] * len(_hard_searches(app))
    assert _helper(app) is None


def test_an_idle_search_helper_is_given_back_and_started_again(app: App) -> None:
    """The helper idle for ?helperidle= ms is stopped (its memory given back),
    and the hard bot's next decision starts another, which shares its playouts."""
    board = _hard_game(app, "&helperidle=5000")
    while _helper(app) != "running":
        _step(board)
    # the person thinks: nothing asks the helper, which is given back
    app.page.wait_for_selector("html[data-search-helper='released']", state="attached")
    released_at = len(_hard_searches(app))
    while _helper(app) != "running":
        _step(board)
    # the new helper shares the hard bot's playouts once it has started
    for _ in range(200):
        if any(m["shared"] > 0 for m in _hard_searches(app)[released_at:]):
            break
        _step(board)
    assert any(m["shared"] > 0 for m in _hard_searches(app)[released_at:])
