"""The game board in Chromium: whole games, pass-and-play privacy, reloads,
corrupt saves, languages, long tasks and screenshots."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, expect

from game.bossquest.cards import weapon_name
from game.web.session import LEGACY_SAVE_KEY, Session, save_key
from tests.browser.conftest import DESKTOP, PHONE, App
from tests.browser.main_thread import MAIN_THREAD_TASK_MS, MainThreadTasks
from tests.browser.play import Board

SAVE_KEY = save_key("bossquest")
#: The 100 ms aim is held on the CPU clock (tests/browser/main_thread.py): on
#: these shared 2-core machines a task of at most 23 ms of work took up to 238 ms
#: on the wall clock at a load of 5 to 7, and one of 35 ms took 559 ms (a
#: Long Tasks API entry of 603 ms) at a load of 8, the whole suite running.
#: The wall clock (Long Tasks API) gets this bound, which still catches a task
#: that waits on something else than the CPU (a synchronous request, storage,
#: a lock) for a second, which CPU time would miss.
LONG_TASK_WALL_MS = 1000

LONG_TASKS_JS = """
window.__longTasks = [];
try {
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
            window.__longTasks.push({start: entry.startTime, duration: entry.duration});
        }
    }).observe({type: 'longtask'});
} catch (e) {
    window.__longTasks = null;
}
"""


def _shoot(app: App, name: str) -> None:
    """A screenshot at 1280 and at 375 px wide."""
    app.screenshot(f"{name}-1280")
    app.page.set_viewport_size(PHONE)
    app.screenshot(f"{name}-375")
    app.page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_game_against_bots_then_rematch_and_menu(app: App, players: int) -> None:
    board = Board(app)
    page = app.page
    board.start(players)
    seen: set[str] = set()
    shots: set[str] = set()

    def each(phase: str) -> None:
        seen.add(phase)
        if players != 5:
            return
        if phase == "human" and board.marker("round") == "2" and "play" not in shots:
            shots.add("play")
            expect(page.locator("#actions [data-cmd=act]").first).to_be_focused()
            _shoot(app, "board-round-5p")
        if phase == "result" and "result" not in shots:
            shots.add("result")
            _shoot(app, "round-result-5p")

    board.play_to_end(each=each)
    assert {"human", "result", "over"} <= seen
    assert board.clicked["ask"] + board.clicked["visit"] > 0
    panel = page.locator("#game-over")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text(re.compile(r"frees? the Princess"))
    expect(panel.locator("tbody tr")).to_have_count(players)
    winners = panel.locator("tbody tr[data-winner='true']")
    assert winners.count() >= 1
    if players == 5:
        _shoot(app, "game-over-5p")

    if players == 2:
        # A finished game is not resumable: its save went with its last move
        assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
        page.locator("#game-over [data-cmd=menu]").click()
        page.wait_for_selector("html[data-screen='menu']", state="attached")
        expect(page.locator("#menu")).to_be_visible()
        expect(page.locator("#start")).to_be_focused()
        assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
        page.reload(wait_until="domcontentloaded")
        app.wait_ready()
        expect(page.locator("#menu")).to_be_visible()
        expect(page.locator("#menu-notice")).to_be_hidden()
        return

    # Rematch: the same players, a new deal from round 1
    board.click("#game-over [data-cmd=rematch]")
    assert board.marker("round") == "1"
    assert int(board.marker("actions")) < 10
    expect(page.locator("#board-seats .seat-panel")).to_have_count(players)
    settings = json.loads(page.get_attribute("#board", "data-settings") or "{}")
    assert [p["kind"] for p in settings["players"]] == ["human"] + ["bot"] * (players - 1)

    # and leaving a game in play for the menu (its save goes too)
    page.locator("[data-cmd=quit]").click()
    page.locator("[data-cmd=quit-yes]").click()
    page.wait_for_selector("html[data-screen='menu']", state="attached")
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#start")).to_be_focused()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None


def test_pass_and_play_hides_each_humans_hidden_weapon_from_the_other(app: App) -> None:
    board = Board(app)
    page = app.page
    board.start(3, humans=(0, 1))
    own: dict[tuple[str, str], str] = {}  # (round, seat) -> that seat's hidden card
    checks = {"curtain": 0, "other": 0}

    def each(phase: str) -> None:
        if phase not in ("curtain", "human"):
            return
        html = page.content()
        seen = board.privacy()
        if phase == "curtain":
            # nothing of the board under the curtain: no card face at all
            assert "data-card=" not in html
            assert seen["seats"] == 0 and seen["curtain"]
            checks["curtain"] += 1
            if checks["curtain"] == 1:
                _shoot(app, "curtain")
            return
        viewer, rnd = seen["viewer"], seen["round"]
        assert len(seen["own"]) == 1, seen
        own[(rnd, viewer)] = seen["own"][0]
        for (seen_round, seat), card in own.items():
            if seen_round == rnd and seat != viewer:
                # the other human's hidden weapon, as they saw it this round
                assert f'data-card="{card}"' not in html, (rnd, viewer, seat, card)
                checks["other"] += 1
        # every other seat's hidden weapon is a back with no id
        assert seen["backsWithId"] == 0

    # the humans never activate a spell, so no swap moves a hidden weapon between them
    board.play_to_end(activate=False, each=each)
    assert checks["curtain"] >= 2
    assert checks["other"] >= 2
    assert {seat for _, seat in own} == {"0", "1"}


def test_pass_and_play_reload_comes_back_behind_the_curtain(app: App) -> None:
    board = Board(app)
    page = app.page
    assert board.start(2, humans=(0, 1), seed=4) == "curtain"
    assert board.click("#curtain [data-cmd=reveal]") == "human"
    seen = board.privacy()
    assert len(seen["own"]) == 1  # the first human to act sees their hidden weapon
    # the game as saved, replayed here: every seat's hidden weapon, and who acts
    saved = Session.from_save(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    hidden = [p.hidden for p in saved.table.state.players if p.hidden is not None]
    to_act = saved.table.human_to_act()
    assert len(hidden) == 2 and str(to_act) == seen["viewer"]

    # whoever reloads sees nobody's board: the curtain names the player to act
    page.reload(wait_until="domcontentloaded")
    app.wait_ready()
    page.wait_for_selector("#board[data-phase='curtain'] #curtain", state="attached")
    html = page.content()
    assert "data-card=" not in html and 'data-hidden="own"' not in html
    for card in hidden:
        assert weapon_name(card) not in html
    assert board.marker("viewer") == ""
    name = saved.names()[int(seen["viewer"])]
    expect(page.locator("#curtain-title")).to_have_text(f"Pass the device to {name}")
    expect(page.locator("#curtain [data-cmd=reveal]")).to_be_focused()
    _shoot(app, "curtain-after-reload")

    # lifted, it is that player's board again, and the game goes on
    assert board.click("#curtain [data-cmd=reveal]") == "human"
    assert board.privacy()["own"] == seen["own"]
    actions = int(board.marker("actions"))
    board.human_move()
    assert int(board.marker("actions")) > actions


def test_a_reload_resumes_the_same_game(app: App) -> None:
    board = Board(app)
    page = app.page
    board.start(3)
    # play into the game: a few human moves and a round result
    moves = 0
    phase = board.settle()
    while not (phase == "human" and moves >= 3):
        if phase == "result":
            before = board.snapshot()
            text = page.locator("#round-result").inner_text()
            page.reload(wait_until="domcontentloaded")
            app.wait_ready()
            expect(page.locator("#round-result")).to_be_visible()
            assert page.locator("#round-result").inner_text() == text
            assert board.snapshot() == before
            phase = board.click("#round-result [data-cmd=continue]")
        else:
            assert phase == "human"
            phase = board.human_move()
            moves += 1
    before = board.snapshot()
    assert before["log"] and before["seats"]
    page.reload(wait_until="domcontentloaded")
    app.wait_ready()
    page.wait_for_selector("#board[data-phase]", state="attached")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()
    assert board.snapshot() == before
    # and the game goes on from there
    board.human_move()
    assert int(board.marker("actions")) > int(before["markers"]["actions"])


@pytest.mark.parametrize(
    "corrupt",
    [
        "truncated",
        "illegal action",
    ],
)
def test_a_corrupt_save_gives_a_message_and_the_menu(app: App, corrupt: str) -> None:
    page = app.page
    board = Board(app)
    board.start(2)
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert saved
    if corrupt == "truncated":
        broken = saved[: len(saved) // 2]
    else:
        data = json.loads(saved)
        data["table"]["match"]["actions"].append([0, {"type": "ask", "count": 9}])
        broken = json.dumps(data)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, broken])
    page.reload(wait_until="domcontentloaded")
    app.wait_ready()  # a corrupt save never breaks the page
    assert page.get_attribute("html", "data-screen") == "menu"
    notice = page.locator("#menu-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(re.compile("saved game could not be read"))
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(notice).to_have_text(re.compile("La partie sauvegardée n\u2019a pas pu être relue"))
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    page.locator(".lang-btn[data-lang='en']").click()
    if corrupt == "truncated":
        app.screenshot("corrupt-save-1280")
    # the menu still starts a game
    board.start(2, open_page=False)
    expect(notice).to_be_hidden()
    expect(page.locator("#board-seats .seat-panel")).to_have_count(2)


def test_switching_languages_on_the_board(app: App) -> None:
    board = Board(app)
    page = app.page
    assert board.start(3) == "human"
    expect(page.locator(".chip-round")).to_have_text("Round 1")
    expect(page.locator("[data-cmd=quit]")).to_have_text("Leave")
    expect(page.locator("#log-title")).to_have_text("What happened")
    english_log = page.locator("#log li").first.inner_text()
    assert english_log.startswith("Round 1: the boss has")
    prompt = page.locator("#dock-prompt").inner_text()
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator(".chip-round")).to_have_text("Manche 1")
    expect(page.locator("[data-cmd=quit]")).to_have_text("Quitter")
    expect(page.locator("#log-title")).to_have_text("Journal")
    expect(page.locator("#log li").first).to_contain_text("Manche 1 : le BOSS a")
    assert page.locator("#dock-prompt").inner_text() != prompt
    expect(page.locator(".place").first).to_contain_text("Chez l")
    # nothing was played by the switch, and the choice survives a reload
    page.reload(wait_until="domcontentloaded")
    app.wait_ready()
    page.wait_for_selector("#board[data-phase]", state="attached")
    expect(page.locator(".chip-round")).to_have_text("Manche 1")
    page.locator(".lang-btn[data-lang='en']").click()
    expect(page.locator("#dock-prompt")).to_have_text(prompt)


def test_no_long_task_while_playing(app: App, browser: Browser) -> None:
    """From navigation to a second game's start, no task of the page's main
    thread does more than 100 ms of work (its CPU time: the wall clock of a
    task also counts the time other processes hold these shared cores, so the
    Long Tasks API's figures get a looser bound, after ready)."""
    page = app.page
    page.add_init_script(LONG_TASKS_JS)
    board = Board(app, reduced_motion=False)  # the page as people see it, animated
    with MainThreadTasks(browser) as traced:
        app.open("?botdelay=0&seed=5")
        app.wait_ready()
        assert page.evaluate("window.__longTasks !== null"), "Long Tasks API missing"
        ready_at = page.evaluate("performance.now()")
        board.start(4, open_page=False)
        board.play_to_end()
        # one more game's start, and a language switch on the way
        board.click("#game-over [data-cmd=rematch]")
        page.locator(".lang-btn[data-lang='fr']").click()
        tasks = page.evaluate("window.__longTasks")
    late = [task for task in tasks if task["start"] >= ready_at]
    longest = max([0] + [task["duration"] for task in late])
    print(f"long tasks after ready: {len(late)}, longest {longest:.0f} ms; {traced.describe()}")
    assert traced.longest_cpu_ms() <= MAIN_THREAD_TASK_MS, traced.describe()
    assert all(task["duration"] <= LONG_TASK_WALL_MS for task in late), late


def test_keyboard_alone_plays_a_turn(app: App) -> None:
    board = Board(app)
    page = app.page
    assert board.start(2, seed=3) == "human"
    first = page.locator("#actions [data-cmd=act]").first
    expect(first).to_be_focused()
    actions = board.marker("actions")
    seq = board.marker("seq")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    board.settle()
    assert int(board.marker("actions")) > int(actions)
    # Tab reaches the next button, and it shows a focus ring
    if board.phase() == "human":
        page.keyboard.press("Tab")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"


def test_a_game_saved_under_the_old_key_resumes_and_moves(app: App) -> None:
    """A Boss Quest game in progress saved before each game had its own key
    (``bossquest.save.v1``, settings of version 2 naming no game) survives."""
    page = app.page
    board = Board(app)
    board.start(2)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    actions = len(saved["table"]["match"]["actions"])
    old = saved["settings"]
    old.pop("game")
    old.update(old.pop("options"), version=2)
    saved["settings"] = old
    page.evaluate(
        "([gone, key, value]) => {"
        " localStorage.removeItem(gone); localStorage.setItem(key, value); }",
        [SAVE_KEY, LEGACY_SAVE_KEY, json.dumps(saved)],
    )
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#menu-notice")).to_be_visible()  # "resumes as soon as ..."
    app.wait_ready()
    assert page.get_attribute("html", "data-screen") == "board"
    expect(page.locator("#board")).to_have_attribute("data-actions", str(actions))
    assert page.evaluate(f"localStorage.getItem('{LEGACY_SAVE_KEY}')") is None
    moved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert Session.from_save(moved).settings.game == "bossquest"
