"""Bots paced per turn in Chromium (game/web/pacing.py): with ``?botdelay=``,
each ``bq:bot`` event names the pause its move was given; the first move of a
bot's turn has the whole delay, the next moves of the same turn the short step
delay, in Boss Quest and in The Boss. The figures are the ones the page
scheduled, read from its events once the board has settled: no timing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from game.web.pacing import step_ms
from tests.browser.conftest import App
from tests.browser.play import SETTLED, Board
from tests.browser.test_bots import BOT_EVENTS_JS

#: short enough to keep the test quick, long enough that the step delay differs
DELAY_MS = 300


def _moves(page: Page) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = page.evaluate("window.__botMoves")
    return moves


def _play_until_both_paces(page: Page, person_moves: Callable[[], object]) -> list[dict[str, Any]]:
    """Let the bots play (a person's move whenever they wait for one) until a
    bot's turn has shown both its first move and a next one."""
    for _ in range(80):
        page.wait_for_selector(SETTLED, state="attached")
        moves = _moves(page)
        if {"turn", "step"} <= {move["pace"] for move in moves}:
            return moves
        phase = page.get_attribute("#board", "data-phase")
        assert phase != "over", f"the game ended before a bot's turn of two moves: {moves}"
        if phase == "result":
            _click(page, "#round-result [data-cmd=continue]")
        elif phase == "human":
            person_moves()
    raise AssertionError(f"no bot turn of two moves: {_moves(page)}")


def _click(page: Page, selector: str) -> None:
    seq = page.get_attribute("#board", "data-seq")
    page.locator(selector).first.click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")


def _check(moves: list[dict[str, Any]]) -> None:
    step = step_ms(DELAY_MS)
    assert step < DELAY_MS
    for move in moves:
        expected = {"turn": DELAY_MS, "step": step}[move["pace"]]
        assert move["delay_ms"] == expected, move
    # a bot's next move follows its first one in the same turn: never each the whole delay
    firsts = [move for move in moves if move["pace"] == "turn"]
    assert len(firsts) < len(moves)


def test_a_boss_quest_bots_turn_waits_once_then_steps(app: App) -> None:
    page = app.page
    page.add_init_script(BOT_EVENTS_JS)
    board = Board(app)
    app.open(f"?botdelay={DELAY_MS}&seed=7")
    board.start(3, (0,), open_page=False)
    _check(_play_until_both_paces(page, board.human_move))


def test_a_boss_bots_turn_waits_once_then_steps(app: App) -> None:
    page = app.page
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(BOT_EVENTS_JS)
    app.open(f"?game=theboss&botdelay={DELAY_MS}&seed=3")
    page.locator(".lang-btn[data-lang='en']").click()
    page.locator("#count-choices label", has_text="3").click()
    for seat, kind in enumerate(("human", "bot", "bot")):
        page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='{kind}'])").click()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector("#board[data-phase]", state="attached")

    def play_a_card() -> None:
        _click(page, "#actions button[data-kind='play']")

    _check(_play_until_both_paces(page, play_a_card))
