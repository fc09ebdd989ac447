"""A lesson played on its board in the browser, as a reader plays it (shared
by the games' lesson tests): a ``TutorialSession`` of the same file runs
alongside under CPython and says which button the page expects next (its
``data-act``); the page's markers must match the session's after every click.
Some docks fold groups (cards in play, a market), so a move is clicked where
it shows, on the board or in the dock."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import FrameLocator, Locator, Page, expect

from game.web.tutorial import TutorialSession
from tests.browser.conftest import READY_TIMEOUT_MS, SCREENSHOTS, PageLog
from tests.lesson_play import action_json

#: markers of #tutorial that must match the CPython session after every click
KEYS = ("scenario", "step", "done", "actions", "result", "reader-turn")

Target = Page | FrameLocator


def markers_selector(session: TutorialSession) -> str:
    """#tutorial with every marker the session expects."""
    markers = session.markers()
    return "#tutorial" + "".join(f"[data-{key}='{markers[key]}']" for key in KEYS)


def wait_for(target: Target, selector: str) -> None:
    target.locator(selector).wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def move_button(target: Target, act: str) -> Locator:
    """The visible control of `act` (a card on the board, or the dock's button)."""
    return target.locator(f"[data-cmd='act'][data-act='{act}'] >> visible=true").first


def try_a_wrong_move(target: Target, game: Any, session: TutorialSession, lang: str) -> bool:
    """Click another visible move than the step's: nothing is played, and the
    step's hint shows in the page's language. False if there is none."""
    action = session.expected_action()
    assert action is not None
    wanted = action_json(game, action)
    buttons = target.locator("[data-cmd='act'] >> visible=true")
    others = [
        str(buttons.nth(i).get_attribute("data-act"))
        for i in range(buttons.count())
        if buttons.nth(i).get_attribute("data-act") != wanted
    ]
    if not others:
        return False
    before = target.locator("#tutorial").get_attribute("data-actions")
    move_button(target, others[0]).click()
    session.command("act", others[0])
    expect(target.locator("[data-explain]")).to_have_text(session.explanation(lang))
    assert target.locator("#tutorial").get_attribute("data-actions") == before
    return True


def play_lesson(
    target: Target, game: Any, session: TutorialSession, lang: str, *, wrong: bool
) -> int:
    """Play the lesson to its end as the session says (with `wrong`, one wrong
    move tried first, which some step must offer); returns the clicks."""
    clicks = 0
    wait_for(target, markers_selector(session))
    while not session.done:
        assert not session.problem, session.problem
        if not session.reader_turn():
            target.locator("#tut-next").click()
            session.command("next")
        elif session.fresh_result():  # a result's panel first
            target.locator("[data-cmd='continue'] >> visible=true").first.click()
            session.command("continue")
        else:
            if wrong and try_a_wrong_move(target, game, session, lang):
                wrong = False
            action = session.expected_action()
            assert action is not None
            move_button(target, action_json(game, action)).click()
            session.command("act", action_json(game, action))
        clicks += 1
        assert clicks < 100, "the lesson does not end"
        wait_for(target, markers_selector(session))
    assert target.locator("#tutorial").get_attribute("data-problem") == "false"
    assert not wrong, "no step offered a wrong move to try"
    return clicks


def shot(page: Page, name: str, *, full_page: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page, animations="disabled"
    )


def watched(page: Page, log: PageLog) -> Page:
    """`page`, its requests, console and errors recorded in `log`, and any
    request to another origin refused."""
    page.on("request", log.on_request)
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    page.on("response", log.on_response)
    page.route(log.is_foreign, log.block_foreign)
    return page
