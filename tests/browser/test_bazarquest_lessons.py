"""Bazar Quest's rules page in the browser, in one test (the unit suite plays
every lesson on its board under CPython, tests/test_bazarquest_lessons.py,
and tests/browser/test_embed.py a wrong move explained on a board): the rules
page (rules-bazarquest.html) with its boards in the lessons' order, one loaded
as the reader scrolls to it and played to its end in its frame, a wrong move
explained first.

As in test_hrdragon_lessons.py, a ``TutorialSession`` of the same file runs
alongside under CPython and says which button the page expects next (its
``data-act``); the page's markers must match it after every click."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, BrowserContext, FrameLocator, Locator, Page, expect

from game.bazarquest.game import GAME
from game.registry import lesson_order
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.conftest import DESKTOP, READY_TIMEOUT_MS, SCREENSHOTS, PageLog, Site
from tests.test_bazarquest_lessons import FOLDER

NAMES = lesson_order(FOLDER)
#: markers of #tutorial that must match the CPython session after every click
KEYS = ("scenario", "step", "done", "actions", "result", "reader-turn")

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


def _wrong_move(target: Target, session: TutorialSession, lang: str) -> bool:
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
        elif session.fresh_result():  # an adventure's panel first
            target.locator("[data-cmd='continue'] >> visible=true").first.click()
            session.command("continue")
        else:
            if wrong and _wrong_move(target, session, lang):
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


def _open(context: BrowserContext, log: PageLog) -> Page:
    page = context.new_page()
    page.on("request", log.on_request)
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    page.on("response", log.on_response)
    page.route(log.is_foreign, log.block_foreign)
    return page


def test_the_rules_page_shows_its_boards_and_one_plays_in_its_frame(
    browser: Browser, site: Site
) -> None:
    lang = "en"
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = _open(context, log)
    try:
        page.goto(f"{site.url}rules-{GAME.name}.html?lang={lang}", wait_until="domcontentloaded")
        _wait(page, "html[data-rules='ready']")
        boards = page.eval_on_selector_all(
            "figure[data-board]", "els => els.map(e => [e.dataset.game, e.dataset.scenario])"
        )
        assert boards == [[GAME.name, name] for name in NAMES]
        _shot(page, f"bazarquest-rules-top-{lang}-1280")
        played = "window"
        board = f"figure[data-board][data-scenario='{played}']"
        page.locator(board).scroll_into_view_if_needed()
        _wait(page, board + "[data-loaded='true']")
        src = page.get_attribute(f"{board} iframe", "src")
        assert src is not None and src.endswith(
            f"embed.html?game={GAME.name}&scenario={played}&lang={lang}"
        )
        frame = page.frame_locator(f"{board} iframe")
        _wait(frame, "html[data-state='ready'], html[data-state='error']")
        assert frame.locator("html").get_attribute("data-state") == "ready"
        session = TutorialSession(load_tutorial(played, game=GAME.name), name=played)
        assert _play(frame, session, lang, wrong=True) > 0
        expect(frame.locator("#tutorial")).to_have_attribute("data-done", "true")
        page.locator(board).scroll_into_view_if_needed()
        _shot(page, f"bazarquest-rules-board-done-{lang}-1280")
    finally:
        page.close()
        context.close()
    problems = log.problems()
    assert not problems, problems
