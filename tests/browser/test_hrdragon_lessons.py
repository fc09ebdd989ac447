"""The Dragon's tutorial boards and rules page in the browser: each lesson
played to its end through embed.html (a wrong move explained first), and the
rules page (rules-hrdragon.html) with its boards in the lessons' order, one of
them loaded as the reader scrolls to it and played to its end in its frame.

As in test_embed.py, a ``TutorialSession`` of the same file runs alongside
under CPython and says which button the page expects next (its ``data-act``).
The Dragon's dock folds some groups (cards in play, the market): the test
clicks the visible button of the action, on the board or in the dock."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, FrameLocator, Locator, Page, ViewportSize, expect

from game.hrdragon.game import GAME
from game.registry import lesson_order
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.conftest import DESKTOP, PHONE, READY_TIMEOUT_MS, SCREENSHOTS, PageLog, Site
from tests.test_hrdragon_lessons import FOLDER

NAMES = lesson_order(FOLDER)
#: markers of #tutorial that must match the CPython session after every click
KEYS = ("scenario", "step", "done", "actions", "result", "reader-turn")
IFRAME: ViewportSize = {"width": 720, "height": 560}

Target = Page | FrameLocator


def _selector(session: TutorialSession) -> str:
    markers = session.markers()
    return "#tutorial" + "".join(f"[data-{key}='{markers[key]}']" for key in KEYS)


def _json(action: Any) -> str:
    return json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)


def _button(target: Target, act: str) -> Locator:
    """The visible control of `act` (a card on the board, or the dock's button)."""
    return target.locator(f"[data-cmd='act'][data-act='{act}'] >> visible=true").first


def _wait(target: Target, selector: str) -> None:
    target.locator(selector).wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def _try_a_wrong_move(target: Target, session: TutorialSession, lang: str) -> bool:
    """Click another visible move than the step's: nothing is played, and the
    step's hint shows in the page's language. False if there is none."""
    action = session.expected_action()
    assert action is not None
    wanted = _json(action)
    buttons = target.locator("[data-cmd='act'] >> visible=true")
    others = [
        str(buttons.nth(i).get_attribute("data-act"))
        for i in range(buttons.count())
        if buttons.nth(i).get_attribute("data-act") != wanted
    ]
    if not others:
        return False
    before = target.locator("#tutorial").get_attribute("data-actions")
    _button(target, others[0]).click()
    session.command("act", others[0])
    expect(target.locator("[data-explain]")).to_have_text(session.explanation(lang))
    assert target.locator("#tutorial").get_attribute("data-actions") == before
    return True


def _play(target: Target, session: TutorialSession, lang: str, *, wrong: bool) -> int:
    """Play the lesson to its end as the session says; returns the clicks."""
    clicks = 0
    _wait(target, _selector(session))
    while not session.done:
        assert not session.problem, session.problem
        if not session.reader_turn():
            target.locator("#tut-next").click()
            session.command("next")
        else:
            if wrong and _try_a_wrong_move(target, session, lang):
                wrong = False
            action = session.expected_action()
            assert action is not None
            _button(target, _json(action)).click()
            session.command("act", _json(action))
        clicks += 1
        assert clicks < 100, "the lesson does not end"
        _wait(target, _selector(session))
    assert target.locator("#tutorial").get_attribute("data-problem") == "false"
    assert not wrong, "no step offered a wrong move to try"
    return clicks


def _shot(page: Page, name: str, *, full_page: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page, animations="disabled"
    )


def _watch(page: Page, log: PageLog) -> Page:
    page.on("request", log.on_request)
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    page.on("response", log.on_response)
    page.route(log.is_foreign, log.block_foreign)
    return page


@pytest.fixture
def dragon_page(browser: Browser, site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport=IFRAME, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = _watch(context.new_page(), log)
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
    _wait(page, "html[data-state='ready'], html[data-state='error']")
    assert page.get_attribute("html", "data-state") == "ready"
    data = load_tutorial(name, game=GAME.name)
    session = TutorialSession(data, name=name)
    expect(page.locator(".tut-caption")).to_contain_text(str(session.render(lang).status))
    assert _play(page, session, lang, wrong=True) >= 3
    expect(page.locator(".tut-outro")).to_have_text(data["outro"][lang])
    full = page.locator("#tut-full")
    expect(full).to_have_attribute("href", f"index.html?game={GAME.name}")
    _shot(page, f"hrdragon-lesson-{name}-done-{lang}-720", full_page=True)


# ------------------------------------------------------------ the rules page


def _board(name: str) -> str:
    return f"figure[data-board][data-scenario='{name}']"


@pytest.mark.parametrize(("lang", "viewport"), [("fr", DESKTOP), ("en", PHONE)])
def test_the_rules_page_shows_its_boards_and_one_plays_in_its_frame(
    browser: Browser, site: Site, lang: str, viewport: ViewportSize
) -> None:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = _watch(context.new_page(), log)
    try:
        page.goto(f"{site.url}rules-{GAME.name}.html?lang={lang}", wait_until="domcontentloaded")
        _wait(page, "html[data-rules='ready']")
        boards = page.eval_on_selector_all(
            "figure[data-board]", "els => els.map(e => [e.dataset.game, e.dataset.scenario])"
        )
        assert boards == [[GAME.name, name] for name in NAMES]
        width = viewport["width"]
        _shot(page, f"hrdragon-rules-top-{lang}-{width}")
        played = "skill_check"
        page.locator(_board(played)).scroll_into_view_if_needed()
        _wait(page, _board(played) + "[data-loaded='true']")
        src = page.get_attribute(f"{_board(played)} iframe", "src")
        assert src is not None and src.endswith(
            f"embed.html?game={GAME.name}&scenario={played}&lang={lang}"
        )
        frame = page.frame_locator(f"{_board(played)} iframe")
        _wait(frame, "html[data-state='ready'], html[data-state='error']")
        assert frame.locator("html").get_attribute("data-state") == "ready"
        session = TutorialSession(load_tutorial(played, game=GAME.name), name=played)
        assert _play(frame, session, lang, wrong=False) > 0
        expect(frame.locator("#tutorial")).to_have_attribute("data-done", "true")
        page.locator(_board(played)).scroll_into_view_if_needed()
        _shot(page, f"hrdragon-rules-board-done-{lang}-{width}")
    finally:
        page.close()
        context.close()
    problems = log.problems()
    assert not problems, problems
