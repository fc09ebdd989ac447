"""Bazar Quest's rules page in the browser, in one test (the unit suite plays
every lesson on its board under CPython, tests/test_bazarquest_lessons.py,
and tests/browser/test_embed.py a wrong move explained on a board): the rules
page (rules-bazarquest.html) with its boards in the lessons' order, one loaded
as the reader scrolls to it and played to its end in its frame, a wrong move
explained first.

The lesson is played as a reader plays it, its CPython session alongside
(tests/browser/lesson_board.py)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from game.bazarquest.game import GAME
from game.registry import lesson_order
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.conftest import DESKTOP, PageLog, Site
from tests.browser.lesson_board import play_lesson, shot, wait_for, watched
from tests.test_bazarquest_lessons import FOLDER

NAMES = lesson_order(FOLDER)


def test_the_rules_page_shows_its_boards_and_one_plays_in_its_frame(
    browser: Browser, site: Site
) -> None:
    lang = "en"
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = watched(context.new_page(), log)
    try:
        page.goto(f"{site.url}rules-{GAME.name}.html?lang={lang}", wait_until="domcontentloaded")
        wait_for(page, "html[data-rules='ready']")
        boards = page.eval_on_selector_all(
            "figure[data-board]", "els => els.map(e => [e.dataset.game, e.dataset.scenario])"
        )
        assert boards == [[GAME.name, name] for name in NAMES]
        shot(page, f"bazarquest-rules-top-{lang}-1280")
        played = "window"
        board = f"figure[data-board][data-scenario='{played}']"
        page.locator(board).scroll_into_view_if_needed()
        wait_for(page, board + "[data-loaded='true']")
        src = page.get_attribute(f"{board} iframe", "src")
        assert src is not None and src.endswith(
            f"embed.html?game={GAME.name}&scenario={played}&lang={lang}"
        )
        frame = page.frame_locator(f"{board} iframe")
        wait_for(frame, "html[data-state='ready'], html[data-state='error']")
        assert frame.locator("html").get_attribute("data-state") == "ready"
        session = TutorialSession(load_tutorial(played, game=GAME.name), name=played)
        assert play_lesson(frame, GAME, session, lang, wrong=True) > 0
        expect(frame.locator("#tutorial")).to_have_attribute("data-done", "true")
        page.locator(board).scroll_into_view_if_needed()
        shot(page, f"bazarquest-rules-board-done-{lang}-1280")
    finally:
        page.close()
        context.close()
    problems = log.problems()
    assert not problems, problems
