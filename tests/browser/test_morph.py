"""The board and the lobby are drawn in place (site/assets/morph.js, issue 28):
what the reader did with the page survives a render. In a local game of The
Boss against bots, a placement group opened stays open, the log stays where it
was scrolled, a focused button keeps the focus; in the network lobby, a name
half typed survives a redraw of the room list. Every wait is on a marker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import App, Site
from tests.browser.net_play import STEP_MS, Table, tab_table
from tests.browser.play import SETTLED
from tests.browser.test_theboss import QUERY, _marker, _start
from tests.browser.warm import WarmContext

#: the first line seen at the top of the log's box, and the log's scroll
_LOG_TOP_JS = """() => {
    const log = document.getElementById('log');
    const top = log.getBoundingClientRect().top;
    const line = [...log.querySelectorAll('.log-line')].find(
        (li) => li.getBoundingClientRect().bottom > top + 1);
    return {text: line ? line.textContent : '',
            offset: line ? line.getBoundingClientRect().top - top : 0,
            scroll: log.scrollTop, room: log.scrollHeight - log.clientHeight};
}"""


def _wait_turn(page: Page, seq: str) -> None:
    """The board has moved on from draw `seq` and waits for the person again."""
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")


def _play_a_card(page: Page) -> bool:
    """Play the person's first card of hand; the bots answer. Whether a round
    ended meanwhile (its result, which shows no log, is closed)."""
    seq = _marker(page, "seq")
    page.locator(".tb-seat[data-you='true'] .tb-hand-btn").first.click()
    _wait_turn(page, seq)
    ended = False
    while page.locator("#round-result [data-cmd=continue]").count():
        ended = True
        seq = _marker(page, "seq")
        page.locator("#round-result [data-cmd=continue]").click()
        _wait_turn(page, seq)
    return ended


@pytest.fixture
def still(app: App) -> App:
    app.page.emulate_media(reduced_motion="reduce")
    return app


def test_an_opened_placement_group_stays_open_after_the_bots_move(still: App) -> None:
    page = still.page
    _start(still, 4, humans=(0,), seed=5)
    group = page.locator("#actions details.tb-place").first
    name = str(group.get_attribute("data-group"))
    group.locator("summary").click()
    page.wait_for_selector(f"#actions details[data-group='{name}'][open]", state="attached")
    _play_a_card(page)
    # the bots have played three moves, each drawn; the group is back, as it was left
    again = page.locator(f"#actions details[data-group='{name}']")
    assert again.count() == 1
    assert again.evaluate("(fold) => fold.open") is True
    # one the person closes stays closed
    again.locator("summary").click()
    page.wait_for_selector(f"#actions details[data-group='{name}']:not([open])", state="attached")
    _play_a_card(page)
    assert page.locator(f"#actions details[data-group='{name}'][open]").count() == 0


def test_the_log_stays_where_it_was_scrolled(still: App) -> None:
    page = still.page
    _start(still, 4, humans=(0,), seed=5)
    for _ in range(12):
        if page.evaluate(_LOG_TOP_JS)["room"] > 200:
            break
        _play_a_card(page)
    assert page.evaluate(_LOG_TOP_JS)["room"] > 200, "the log never grew past its box"
    compared = 0
    for _ in range(6):
        # halfway up, as a reader's wheel leaves it
        page.locator("#log").evaluate(
            "(log) => { log.scrollTop = -Math.round((log.scrollHeight - log.clientHeight) / 2); }"
        )
        before = page.evaluate(_LOG_TOP_JS)
        if _play_a_card(page):
            continue  # the log was not drawn while the round's result showed
        after = page.evaluate(_LOG_TOP_JS)
        compared += 1
        break
    assert compared, "every move ended a round"
    assert after["text"] == before["text"], (before, after)
    assert abs(after["offset"] - before["offset"]) <= 2, (before, after)
    assert after["scroll"] < -8, "the log went back to its newest line"


def test_a_focused_button_keeps_the_focus_while_the_bots_move(app: App) -> None:
    page = app.page
    page.emulate_media(reduced_motion="reduce")
    # bots slow enough that a bot's move is drawn while the focus is on the button
    app.open(QUERY.replace("botdelay=0", "botdelay=250") + "&seed=5")
    page.locator(".lang-btn[data-lang='en']").click()
    page.locator("#count-choices label", has_text="4").click()
    for seat in range(1, 4):
        page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='bot'])").click()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached", timeout=STEP_MS)
    seen = 0
    for _ in range(6):
        page.locator(".tb-seat[data-you='true'] .tb-hand-btn").first.click()
        page.wait_for_selector("#board[data-phase='bot']", state="attached")
        page.focus("#board [data-cmd=quit]")
        seq = _marker(page, "seq")
        # the next drawing: a bot's move, or the bots' last one (under load the
        # bots may all have moved before the sequence number was read)
        page.wait_for_selector(f"#board:not([data-seq='{seq}']), {SETTLED}", state="attached")
        drawn = page.evaluate(
            """() => ({phase: document.getElementById('board').dataset.phase,
                       focused: document.activeElement.getAttribute('data-cmd')})"""
        )
        if drawn["phase"] == "bot":
            # a bot's move was drawn: the button is still there, still focused
            assert drawn["focused"] == "quit", drawn
            seen += 1
            if seen >= 2:
                break
        page.wait_for_selector(SETTLED, state="attached")
    assert seen >= 2, "no bot's move was drawn while the button had the focus"


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


def test_a_half_typed_name_survives_a_redraw_of_the_room_list(table: Table) -> None:
    fan = table.open("Fan")
    fan.page.click("#net-open")
    fan.lobby_phase("menu")
    fan.page.wait_for_selector("#net-rooms-none", state="attached", timeout=STEP_MS)
    # typed, not yet left: the page has not told Python (no "change" yet)
    fan.page.locator("#net-name").fill("")
    fan.page.locator("#net-name").press_sequentially("Zoé half")
    host = table.open("Alice")
    room = host.host(2)
    listed = f"#net-rooms [data-room='{room}']"
    fan.page.wait_for_selector(listed, state="attached", timeout=STEP_MS)
    assert fan.page.input_value("#net-name") == "Zoé half"
    assert fan.page.evaluate("() => document.activeElement.id") == "net-name"
