"""A screen reader can play each game: in Playwright's accessibility snapshot
every button, card and picture of the board has a name and each seat is there;
a turn is played with the keyboard alone (the focus starts on the first
action, and after the move it is on the board again, never lost on the page);
and everything the move brought to the log is said through the polite live
region (#board-status), in the player's language. One started page per game
serves both languages' tests (tests/browser/started.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import App
from tests.browser.driver import SETTLED, GameDriver, registered_games
from tests.browser.started import StartedPages, started, started_pages  # noqa: F401

#: a role that needs a name, in an aria snapshot line, and whether it has one
_NAMED_ROLE = re.compile(r"^\s*- (button|img|link|checkbox|radio|textbox|combobox)\b(.*)$")

#: every text the live region is given, from now on
_LISTEN_JS = """() => {
    window.__said = [];
    new MutationObserver((records) => {
        for (const record of records) {
            for (const node of record.addedNodes) window.__said.push(node.textContent);
        }
    }).observe(document.getElementById('board-status'), {childList: true});
}"""

#: a move (one in a closed group of choices is hidden, and Tab passes it by)
_MOVE = "#actions button[data-cmd='act']"

_LOG_JS = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"


def _unnamed(snapshot: str) -> list[str]:
    """The snapshot's lines of a role that needs a name and has none."""
    found = []
    for line in snapshot.splitlines():
        match = _NAMED_ROLE.match(line)
        if match and not match.group(2).startswith(' "'):
            found.append(line.strip())
    return found


def _open(app: App, game: str, lang: str) -> Page:
    """A new game of three on the game's started page (its menu), a person's turn."""
    page = app.page
    GameDriver(app, game).start(3, humans=(0,), open_page=False)
    if lang == "fr":
        page.locator(".lang-btn[data-lang='fr']").click()
        page.wait_for_selector("html[lang='fr'] #board[data-phase='human']", state="attached")
    page.wait_for_selector("#board[data-phase='human']", state="attached")
    return page


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", registered_games())
def test_a_turn_by_keyboard_alone_with_every_thing_named(
    started: StartedPages,  # noqa: F811
    game: str,
    lang: str,
) -> None:
    page = _open(started.menu(game), game, lang)
    snapshot = page.locator("#board").aria_snapshot()
    assert _unnamed(snapshot) == []
    names: list[str] = page.evaluate(
        "() => JSON.parse(document.getElementById('board').dataset.settings || 'null')"
        "?.players.map((p) => p.name) || []"
    )
    assert len(names) == 3 and all(name in snapshot for name in names)
    # the focus waits on the turn's actions (unless the player has just pressed
    # the language's button, where it stays); Tab reaches a move, Enter plays it
    if lang == "en":
        assert page.evaluate("() => !!document.activeElement.closest('#actions')")
    for _ in range(200):
        if page.evaluate(f"() => document.activeElement.matches({_MOVE!r})"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached a move")
    before = set(page.evaluate(_LOG_JS))
    page.evaluate(_LISTEN_JS)
    seq = page.get_attribute("#board", "data-seq")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    # the focus is on the board again (an action, the result's button, the curtain's)
    assert page.evaluate("() => !!document.activeElement.closest('#board')")
    # every line the move brought to the log was said, in the page's language
    said = " ".join(page.evaluate("window.__said"))
    new_lines = [line for line in page.evaluate(_LOG_JS) if line not in before]
    assert new_lines
    assert [line for line in new_lines if line not in said] == []
    assert page.get_attribute("html", "lang") == lang
