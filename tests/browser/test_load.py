"""The trimmed runtime in the browser: every game's page of a ``--test-games``
build, on the standard library the build trimmed and the game it compiled
(sitebuild/runtime.py), gets ready, opens network play, lets bots play, and
every tutorial board of each game gets ready, with no ImportError anywhere
(the page fixture also fails on any console error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from game.registry import TEST_GAMES
from tests.browser.conftest import App, PageLog, Site
from tests.browser.driver import registered_games

#: the trimmed runtime as a first visit loads it
pytestmark = pytest.mark.first_visit

ROOT = Path(__file__).resolve().parents[2]
GAMES = (*registered_games(), *TEST_GAMES)


@pytest.fixture
def test_build(page: Page, page_log: PageLog, duel_site: Site) -> App:
    app = App(page, page_log, duel_site)
    app.use(duel_site)
    page.emulate_media(reduced_motion="reduce")
    return app


def _no_import_error(app: App) -> None:
    said = app.log.console_errors + app.log.page_errors
    assert not [text for text in said if "ImportError" in text or "ModuleNotFound" in text]


def test_the_page_loads_the_trimmed_compiled_runtime(test_build: App) -> None:
    app = test_build
    app.open("?game=bossquest")
    app.wait_ready()
    stdlib = app.site.build.files["pyodide/python_stdlib.zip"]
    assert any(url.endswith(stdlib) for url in app.log.requests)
    shipped = (app.site.build.out / stdlib).stat().st_size
    stock = (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").stat().st_size
    assert shipped < stock
    _no_import_error(app)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_plays_and_opens_network_play(test_build: App, game: str) -> None:
    app, page = test_build, test_build.page
    app.open(f"?game={game}&botdelay=0&seed=3")
    app.wait_ready()
    page.evaluate("() => document.dispatchEvent(new CustomEvent('bq:net'))")
    page.wait_for_selector("html[data-screen='lobby']", state="attached")
    app.open(f"?game={game}&botdelay=0&seed=3")
    for seat in page.locator("#seats .seat:visible").all():
        seat.locator("label", has_text="Bot").first.click()
    app.wait_ready()
    page.locator("#start").click()
    # the bots have played a few moves: their code and what it imports ran
    page.wait_for_function("() => Number(document.getElementById('board')?.dataset.seq || 0) >= 4")
    _no_import_error(app)


def _tutorials() -> list[tuple[str, str]]:
    return [
        (game, path.stem)
        for game in GAMES
        for path in sorted((ROOT / "game" / game / "tutorials").glob("*.json"))[:2]
    ]


@pytest.mark.parametrize(("game", "scenario"), _tutorials())
def test_tutorial_boards_get_ready(test_build: App, game: str, scenario: str) -> None:
    app = test_build
    app.open(f"embed.html?game={game}&scenario={scenario}&lang=en")
    app.wait_ready()
    _no_import_error(app)
