"""Network play between tabs of one browser (BroadcastChannel, sealed per pair):
a whole game with two tabs, watched by a spectator (no hidden card until the
end, then everything; the host's cap on spectators), and a rematch; a round
with three tabs and a bot, reloads of a guest and of the host, a refused move
explained, and no guest ever holding another seat's hidden card."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import DESKTOP, PHONE, Site
from tests.browser.main_thread import MAIN_THREAD_TASK_MS, MainThreadTasks
from tests.browser.net_play import (
    STEP_MS,
    HiddenCheck,
    NetPage,
    Table,
    finish,
    host_with_guest,
    play_to_end,
    tab_table,
    until_guest_turn,
)
from tests.browser.warm import WarmContext


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


def set_spectators(host: NetPage, cap: int) -> None:
    host.page.fill("#net-spectators", str(cap))
    host.page.dispatch_event("#net-spectators", "change")
    host.page.wait_for_selector(f"#net-spectators[value='{cap}']", state="attached")


def watch(page: NetPage, room: str) -> None:
    """Open the list of games and press the room's button (Watch: no seat is free)."""
    page.open_net_menu()
    button = f"[data-cmd=net-join-tab][data-room='{room}']"
    page.page.wait_for_selector(f"{button}:has-text('Watch')", timeout=STEP_MS)
    page.page.click(button)


def admit_one_spectator(table: Table, host: NetPage, room: str) -> NetPage:
    """The host lets one spectator in: a tab watches; a second tab's list says
    the game is full, with no button to press (the host refuses such a
    newcomer all the same, spectators_full: tests/test_net_table.py)."""
    set_spectators(host, 1)
    fan = table.open("Fan")
    watch(fan, room)
    fan.page.wait_for_selector("#net-wait:has-text('Every seat is taken: you will watch')")
    late = table.open("Zed")
    late.open_net_menu()
    late.page.wait_for_selector(
        f"#net-rooms [data-room='{room}']:has-text('Full: the host lets no one else watch')",
        timeout=STEP_MS,
    )
    assert late.page.locator(f"[data-cmd=net-join-tab][data-room='{room}']").count() == 0
    late.page.close()  # seen: one tab fewer to keep busy for the whole game
    table.pages.remove(late)
    return fan


def test_two_tabs_play_a_whole_game(table: Table) -> None:
    """The transport's whole game, watched by a spectator and followed by a
    rematch (one whole game per transport at 2 players: docs/testing.md)."""
    host = table.open("Alice")
    room = host.host(2)
    guest = table.open("Bob")
    guest.shot("net-menu-entry-1280")
    guest.open_net_menu()
    guest.page.wait_for_selector(f"[data-cmd=net-join-tab][data-room='{room}']")
    guest.shot("net-menu-1280")
    guest.join_tab(room, 1)
    host.seat_row(1, "guest")
    # (before the guest's French: the language chosen is the browser's, for new tabs too)
    fan = admit_one_spectator(table, host, room)
    host.shot("net-lobby-host-1280")
    guest.shot("net-lobby-guest-1280")
    # the live language switch redraws the lobby, then the board, in French
    guest.page.click(".lang-btn[data-lang='fr']")
    guest.page.wait_for_selector("#lobby-title:has-text('Partie de Alice')")
    guest.page.set_viewport_size(PHONE)
    guest.shot("net-lobby-guest-fr-375")
    host.page.set_viewport_size(PHONE)
    host.shot("net-lobby-host-375")
    host.page.set_viewport_size(DESKTOP)
    host.start()
    guest.on_board()
    fan.on_board()
    guest.page.wait_for_selector("#net-strip .net-role:has-text('Boss Quest · partie de Alice')")
    guest.page.click(".lang-btn[data-lang='en']")
    guest.page.wait_for_selector('#net-strip .net-role:has-text("Boss Quest · Alice\'s game")')
    # the spectator sees the board, no seat's view and nothing to play or react with
    assert fan.marker("net") == "spectator" and fan.marker("viewer") == ""
    fan.page.wait_for_selector('#net-strip .net-role:has-text("You are watching Alice\'s game")')
    assert fan.page.locator("#actions [data-cmd=act]").count() == 0
    assert fan.page.locator("[data-cmd=net-react-menu]").count() == 0
    host.page.wait_for_selector("#net-strip .net-watching[data-spectators='1']", state="attached")
    fan.shots("net-spectator")
    check = HiddenCheck(host, [guest], spectators=[fan])
    final = play_to_end(host, [guest], random.Random(2), check=check, check_every=10)
    check.run()
    finish([host, guest, fan])
    assert final > 0 and check.runs > 1 and check.secrets_seen > 0
    check.run()  # the last frames: everything face up, to the spectator too
    fan.shots("net-spectator-over")
    assert host.marker("net") == "host" and guest.marker("net") == "guest"
    assert guest.marker("viewer") == "1"
    # a rematch, accepted in one click (on this game's end: a second game
    # played to its end would cost as much again)
    host.page.click("#net-rematch [data-cmd=net-rematch]")
    host.page.wait_for_selector("#net-rematch[data-rematch='offered']", timeout=STEP_MS)
    guest.page.wait_for_selector("#net-rematch[data-rematch='waiting']", timeout=STEP_MS)
    guest.shots("net-rematch-asked")
    host.shots("net-rematch-offered")
    guest.page.click("#net-rematch [data-cmd=net-rematch-yes]")
    # every guest accepted: the new game starts by itself, same seats
    for page in (host, guest):
        page.page.wait_for_selector(
            "#board[data-net]:not([data-phase='over']):not([data-phase='result'])",
            state="attached",
            timeout=STEP_MS,
        )
    # a new game: its first round (the version goes on growing: test_net_table.py)
    assert host.marker("round") == "1" and guest.marker("viewer") == "1"
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-handed='false'][data-connected='true']",
        state="attached",
    )
    play_to_end(host, [guest], random.Random(10), stop_at=host.version() + 3)


def test_three_tabs_and_a_bot_play_a_round(table: Table, browser: Browser) -> None:
    host = table.open("Alice")
    room = host.host(4)
    guests = [table.open("Bob"), table.open("Chloé")]
    # the ICE servers setting: a bad address is refused and named, a good one kept
    setting = guests[1]
    setting.open_net_menu()
    # under the Advanced fold, closed by default
    assert setting.page.get_attribute("#net-advanced", "open") is None
    setting.page.click("#net-advanced summary")
    setting.page.fill("#net-ice", "http://example.org")
    setting.page.dispatch_event("#net-ice", "change")
    setting.page.wait_for_selector("#net-ice-error:has-text('http://example.org')")
    setting.page.fill("#net-ice", "stun:stun.example.org:3478")
    setting.page.dispatch_event("#net-ice", "change")
    setting.page.wait_for_selector("#net-ice:not([aria-invalid])", state="attached")
    assert setting.page.inner_text("#net-ice-error") == ""
    stored = setting.page.evaluate("() => localStorage.getItem('bossquest.net.ice.v1')")
    assert stored == "stun:stun.example.org:3478"
    guests[0].join_tab(room, 1)
    guests[1].join_tab(room, 3)
    host.page.click("[data-cmd=net-bot][data-seat='2'][data-level='easy']")
    host.seat_row(2, "bot")
    host.seat_row(3, "guest")
    # every screen shows who is in the game
    for page in guests:
        page.seat_row(0, "host")
        page.seat_row(2, "bot")
    host.start()
    for page in guests:
        page.on_board()
    host.shot("net-board-host-1280")
    guests[0].shot("net-board-guest-1280")
    guests[1].page.set_viewport_size({"width": 375, "height": 812})
    guests[1].shot("net-board-guest-375")
    check = HiddenCheck(host, guests)
    # the host's page and its guests' pages, the host's bot thinking: no task
    # of their main threads does over 100 ms of work (their Python is in workers).
    # A round, every seat acting, and the next one dealt: the whole game to its
    # end is the two tabs' (one whole game per transport at 2 players,
    # docs/testing.md; a second round, played here before, checked nothing new:
    # the hidden cards are checked every 3 actions of the one round instead of 6)
    actors: set[str] = set()
    rng = random.Random(3)
    with MainThreadTasks(browser) as traced:
        while host.marker("round") == "1" and host.marker("stage") != "over":
            play_to_end(host, guests, rng, check=check, check_every=3, stop_at=host.version() + 1)
            actors.add(host.marker("to-act"))  # a person's turn (the bot's move on)
    print(f"three tabs and a bot: {traced.describe()}")
    assert traced.longest_cpu_ms() <= MAIN_THREAD_TASK_MS, traced.describe()
    # the three people acted, and a second round came (every seat acts in a round)
    assert actors >= {"0", "1", "3"} and host.marker("round") == "2", actors
    check.run()
    assert check.runs > 2 and check.secrets_seen > 0


def test_a_guest_and_the_host_reload_mid_game_then_a_refused_move_is_explained(
    table: Table,
) -> None:
    """Reloads of a guest and of the host mid-game; then, at the guest's turn
    in the resumed match, a hand-made move is refused and explained (one table
    for both: a table's two page starts cost more than either check)."""
    host, guest = host_with_guest(table, 3, bots={2: "normal"})
    rng = random.Random(5)
    version = play_to_end(host, [guest], rng, stop_at=8)
    assert host.marker("stage") != "over"

    # the guest reloads: the host sees it drop, then rejoin the same seat
    guest.page.reload(wait_until="domcontentloaded")
    guest.wait_ready()
    guest.on_board()
    guest.wait_version(version)
    assert guest.marker("viewer") == "1"
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true']", state="attached"
    )

    # the host reloads: the match resumes from its save, the guest tab reconnects
    host.page.reload(wait_until="domcontentloaded")
    host.wait_ready()
    host.on_board()
    host.wait_version(version)
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-connected='true'][data-dropped='false']",
        state="attached",
        timeout=60_000,
    )
    guest.page.wait_for_selector(
        "#net-strip [data-seat='0'][data-connected='true']", state="attached"
    )
    check = HiddenCheck(host, [guest])
    check.run()
    version = until_guest_turn(host, guest, rng)
    # a hand-made button (as a hostile page could send): the host refuses it,
    # nothing changes, and the guest's dock says why in words
    guest.page.evaluate(
        """() => {
            const button = document.querySelector('#actions [data-cmd=act]');
            button.dataset.act = JSON.stringify({type: 'ask', count: 99});
        }"""
    )
    guest.page.click("#actions [data-cmd=act]")
    notice = guest.page.wait_for_selector("#actions .notice[role=alert]")
    assert notice is not None and notice.inner_text().startswith("Refused")
    assert host.version() == version and guest.version() == version
    guest.shot("net-refused-1280")
    # the real buttons still work, and the resumed match goes on: the guest
    # plays in it again (the whole game to its end is the two tabs' test)
    guest.act(rng)
    play_to_end(host, [guest], rng, check=check, check_every=1, stop_at=version + 4)
    check.run()
    assert host.version() > version + 1


def test_a_dropped_tab_waits_and_can_be_handed_to_a_bot(table: Table) -> None:
    host, guest = host_with_guest(table)
    guest.page.close()
    table.pages.remove(guest)
    dropped = "#net-strip [data-seat='1'][data-dropped='true']"
    host.page.wait_for_selector(dropped, state="attached", timeout=60_000)
    host.page.wait_for_selector("#board-seats [data-seat='1'][data-dropped='true']")
    host.shot("net-board-dropped-1280")
    host.page.click("[data-cmd=net-hand][data-seat='1']")
    host.page.wait_for_selector("#net-strip [data-seat='1'][data-handed='true']", state="attached")
    play_to_end(host, [], random.Random(7), stop_at=6)
    host.page.click("[data-cmd=net-back-seat][data-seat='1']")
    host.page.wait_for_selector(
        "#net-strip [data-seat='1'][data-handed='false'][data-dropped='true']", state="attached"
    )
