"""Rough edges a new player meets, checked by the geometry the browser lays out:
the newest log line stays in sight on a phone, and the round result's
"Next round" button never covers a card, in both games."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import DESKTOP, PHONE, App
from tests.browser.play import Board
from tests.browser.test_theboss import _click, _human_move, _marker, _start

#: the newest log line's box and the log's visible box (its client rectangle)
_LOG_JS = """() => {
    const log = document.getElementById('log');
    const lines = log.querySelectorAll('li');
    const last = lines[lines.length - 1].getBoundingClientRect();
    const box = log.getBoundingClientRect();
    return {lines: lines.length, top: box.top + log.clientTop,
            bottom: box.top + log.clientTop + log.clientHeight,
            last_top: last.top, last_bottom: last.bottom,
            overflows: log.scrollHeight > log.clientHeight + 1};
}"""

#: the round result's buttons against every card of the panel, at the current scroll
_OVERLAP_JS = """() => {
    const panel = document.getElementById('round-result');
    const boxes = (selector) => [...panel.querySelectorAll(selector)]
        .map((node) => node.getBoundingClientRect());
    const cross = (a, b) => a.left < b.right && b.left < a.right
        && a.top < b.bottom && b.top < a.bottom;
    const buttons = boxes('.panel-actions .btn, [data-cmd=continue]');
    const cards = boxes('.wcard, .tb-card');
    return {cards: cards.length, overlaps: cards.filter(
        (card) => buttons.some((button) => cross(card, button))).length};
}"""


#: how long a wait or a click may take: a busy machine holds the page for tens
#: of seconds while the runtime starts (a cap on waiting, never an assertion)
LOADED_MS = 120_000


@pytest.fixture(autouse=True)
def patient(page: Page) -> None:
    """Waits and clicks wait as long as the page's start may take on a busy
    machine (the runtime's start holds the page for tens of seconds there)."""
    page.set_default_timeout(LOADED_MS)


def _bossquest_to(app: App, wanted: Callable[[Board, str], bool]) -> Board:
    """Boss Quest, 5 knights, one a person, played until `wanted(board, phase)`."""
    board = Board(app)
    phase = board.start(5, seed=4)
    for _ in range(400):
        if wanted(board, phase):
            return board
        if phase == "result":
            phase = board.click("#round-result [data-cmd=continue]")
        else:
            assert phase == "human", phase
            phase = board.human_move()
    raise AssertionError("never reached")


def _theboss_to(app: App, wanted: Callable[[Page, str], bool]) -> Page:
    """The Boss, 4 gangs, one a person, played until `wanted(page, phase)`."""
    app.page.emulate_media(reduced_motion="reduce")
    _start(app, 4, humans=(0,), seed=5)
    page, rng = app.page, random.Random(5)
    phase = _marker(page, "phase")
    for _ in range(400):
        if wanted(page, phase):
            return page
        if phase == "result":
            phase = _click(page, "#round-result [data-cmd=continue]")
        else:
            assert phase == "human", phase
            phase = _human_move(page, rng)
    raise AssertionError("never reached")


def _newest_line_in_sight(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(_LOG_JS)
    assert found["lines"] > 3
    assert found["last_top"] >= found["top"] - 1
    assert found["last_bottom"] <= found["bottom"] + 1, found
    return found


@pytest.mark.parametrize("game", ["bossquest", "theboss"])
def test_the_newest_log_line_stays_in_sight_when_the_board_narrows(app: App, game: str) -> None:
    """Read at 1280 px, then on a phone (375 px): the lines rewrap, taller, and
    the log still ends on its newest line."""

    def round_two(page: Page, phase: str) -> bool:
        return phase == "human" and page.evaluate(_LOG_JS)["overflows"]

    if game == "bossquest":
        page = _bossquest_to(app, lambda board, phase: round_two(board.page, phase)).page
    else:
        page = _theboss_to(app, round_two)
    _newest_line_in_sight(page)
    page.set_viewport_size(PHONE)
    page.wait_for_function("() => window.innerWidth === 375")
    _newest_line_in_sight(page)
    app.screenshot(f"polish-log-{game}-375")
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("game", ["bossquest", "theboss"])
def test_next_round_never_covers_a_card_on_a_phone(app: App, game: str) -> None:
    app.page.set_viewport_size(PHONE)
    if game == "bossquest":
        page = _bossquest_to(app, lambda board, phase: phase == "result").page
    else:
        page = _theboss_to(app, lambda page, phase: phase == "result")
    top = page.evaluate("document.getElementById('round-result').getBoundingClientRect().top")
    height = page.evaluate("document.documentElement.scrollHeight")
    seen = 0
    # every scroll position from the panel's top to the page's end, a third of a screen apart
    for y in range(int(top + page.evaluate("scrollY")), height, PHONE["height"] // 3):
        page.evaluate(f"window.scrollTo(0, {y})")
        found = page.evaluate(_OVERLAP_JS)
        seen += found["cards"]
        assert found["overlaps"] == 0, f"at scroll {y}: {found}"
    assert seen > 0
    app.screenshot(f"polish-result-{game}-375")


def test_the_mystery_spell_stands_in_the_row_of_the_spells_on_a_desktop(app: App) -> None:
    """Five knights: five spells and the mystery spell, one row at 1280 px, and
    the boss's panel is no taller than that row needs."""
    page = _bossquest_to(app, lambda board, phase: phase == "human").page
    assert page.viewport_size == DESKTOP
    found = page.evaluate(
        """() => {
        const cards = [...document.querySelectorAll('#offer > *')];
        const boss = document.querySelector('.boss-zone .boss-card').getBoundingClientRect();
        const zone = document.querySelector('.boss-zone').getBoundingClientRect();
        return {count: cards.length,
                tops: cards.map((card) => Math.round(card.getBoundingClientRect().top)),
                empty_below_boss: zone.bottom - boss.bottom};
    }"""
    )
    assert found["count"] == 6
    assert len(set(found["tops"])) == 1, found
    assert found["empty_below_boss"] < 60, found
    app.screenshot("polish-board-5p-1280", full_page=False)
