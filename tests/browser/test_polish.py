"""Rough edges a new player meets, checked by the geometry the browser lays out:
the newest log line stays in sight on a phone, and the round result's
"Next round" button never covers a card, in every registered game. The tests
share one started page per game, each playing a new game from its menu
(tests/browser/started.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from game.registry import get_game
from tests.browser.conftest import DESKTOP, PHONE, App
from tests.browser.driver import GameDriver, registered_games
from tests.browser.started import StartedPages, started, started_pages  # noqa: F401

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
    const cards = boxes('.wcard, .tb-card, .hr-card, .bq-card');
    return {cards: cards.length, overlaps: cards.filter(
        (card) => buttons.some((button) => cross(card, button))).length};
}"""


def _played_to(app: App, game: str, wanted: Callable[[Page, str], bool]) -> Page:
    """A new game on the game's started page (its menu), at its most players
    up to 5, one a person, played until `wanted(page, phase)`."""
    players = min(5, get_game(game).declared_options.max_players)
    driver = GameDriver(app, game, random.Random(4))
    driver.start(players, humans=(0,), open_page=False)
    return driver.play_until(wanted, limit=400)


def _newest_line_in_sight(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(_LOG_JS)
    assert found["lines"] > 3
    assert found["last_top"] >= found["top"] - 1
    assert found["last_bottom"] <= found["bottom"] + 1, found
    return found


@pytest.mark.parametrize("game", registered_games())
def test_the_newest_log_line_stays_in_sight_when_the_board_narrows(
    started: StartedPages,  # noqa: F811
    game: str,
) -> None:
    """Read at 1280 px, then on a phone (375 px): the lines rewrap, taller, and
    the log still ends on its newest line."""
    app = started.menu(game)

    def round_two(page: Page, phase: str) -> bool:
        return phase == "human" and page.evaluate(_LOG_JS)["overflows"]

    page = _played_to(app, game, round_two)
    _newest_line_in_sight(page)
    page.set_viewport_size(PHONE)
    page.wait_for_function("() => window.innerWidth === 375")
    _newest_line_in_sight(page)
    app.screenshot(f"polish-log-{game}-375")
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("game", registered_games())
def test_next_round_never_covers_a_card_on_a_phone(
    started: StartedPages,  # noqa: F811
    game: str,
) -> None:
    app = started.menu(game)
    app.page.set_viewport_size(PHONE)
    page = _played_to(app, game, lambda _page, phase: phase == "result")
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


def test_the_mystery_spell_stands_in_the_row_of_the_spells_on_a_desktop(
    started: StartedPages,  # noqa: F811
) -> None:
    """Five knights: five spells and the mystery spell, one row at 1280 px, and
    the boss's panel is no taller than that row needs."""
    app = started.menu("bossquest")
    page = _played_to(app, "bossquest", lambda _page, phase: phase == "human")
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
