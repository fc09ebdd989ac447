"""The Dragon's tutorial boards and rules page in the browser: each lesson
played to its end through embed.html (a wrong move explained first), and the
rules page (rules-hrdragon.html) with its boards in the lessons' order, one of
them loaded as the reader scrolls to it and played to its end in its frame.

Each is played as a reader plays it, its CPython session alongside
(tests/browser/lesson_board.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from game.hrdragon.game import GAME
from game.registry import lesson_order
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.conftest import DESKTOP, PHONE, PageLog, Site
from tests.browser.lesson_board import play_lesson, shot, wait_for, watched
from tests.test_hrdragon_lessons import FOLDER

NAMES = lesson_order(FOLDER)
IFRAME: ViewportSize = {"width": 720, "height": 560}


@pytest.fixture
def dragon_page(browser: Browser, site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport=IFRAME, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = watched(context.new_page(), log)
    yield page
    page.close()
    context.close()
    problems = log.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.mark.parametrize("name", NAMES)
def test_each_dragon_lesson_plays_to_its_end(dragon_page: Page, site: Site, name: str) -> None:
    page = dragon_page
    lang = "fr" if NAMES.index(name) % 2 == 0 else "en"
    page.goto(f"{site.url}embed.html?game={GAME.name}&scenario={name}&lang={lang}")
    wait_for(page, "html[data-state='ready'], html[data-state='error']")
    assert page.get_attribute("html", "data-state") == "ready"
    data = load_tutorial(name, game=GAME.name)
    session = TutorialSession(data, name=name)
    expect(page.locator(".tut-caption")).to_contain_text(str(session.render(lang).status))
    assert play_lesson(page, GAME, session, lang, wrong=True) >= 3
    expect(page.locator(".tut-outro")).to_have_text(data["outro"][lang])
    full = page.locator("#tut-full")
    expect(full).to_have_attribute("href", f"index.html?game={GAME.name}")
    shot(page, f"hrdragon-lesson-{name}-done-{lang}-720", full_page=True)


# ------------------------------------------------------------ the rules page


def _board(name: str) -> str:
    return f"figure[data-board][data-scenario='{name}']"


@pytest.mark.parametrize(("lang", "viewport"), [("fr", DESKTOP), ("en", PHONE)])
def test_the_rules_page_shows_its_boards_and_one_plays_in_its_frame(
    browser: Browser, site: Site, lang: str, viewport: ViewportSize
) -> None:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = watched(context.new_page(), log)
    try:
        page.goto(f"{site.url}rules-{GAME.name}.html?lang={lang}", wait_until="domcontentloaded")
        wait_for(page, "html[data-rules='ready']")
        boards = page.eval_on_selector_all(
            "figure[data-board]", "els => els.map(e => [e.dataset.game, e.dataset.scenario])"
        )
        assert boards == [[GAME.name, name] for name in NAMES]
        width = viewport["width"]
        shot(page, f"hrdragon-rules-top-{lang}-{width}")
        played = "skill_check"
        page.locator(_board(played)).scroll_into_view_if_needed()
        wait_for(page, _board(played) + "[data-loaded='true']")
        src = page.get_attribute(f"{_board(played)} iframe", "src")
        assert src is not None and src.endswith(
            f"embed.html?game={GAME.name}&scenario={played}&lang={lang}"
        )
        frame = page.frame_locator(f"{_board(played)} iframe")
        wait_for(frame, "html[data-state='ready'], html[data-state='error']")
        assert frame.locator("html").get_attribute("data-state") == "ready"
        session = TutorialSession(load_tutorial(played, game=GAME.name), name=played)
        assert play_lesson(frame, GAME, session, lang, wrong=False) > 0
        expect(frame.locator("#tutorial")).to_have_attribute("data-done", "true")
        page.locator(_board(played)).scroll_into_view_if_needed()
        shot(page, f"hrdragon-rules-board-done-{lang}-{width}")
    finally:
        page.close()
        context.close()
    problems = log.problems()
    assert not problems, problems
