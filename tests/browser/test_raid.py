"""The test game Raid through the shared shell, in a build made with
`--test-games`: a person drafting beside four bots (people act first in a
simultaneous step, the bots then commit at once), the page never holding a
bot's pick before the reveal, and the game played to its end, the Boss's and
the Party's roles shown on the board."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import PHONE, App, PageLog, Site
from tests.browser.net_play import (
    STEP_MS,
    NetPage,
    Table,
    finish,
    host_with_guest,
    tab_table,
    when_js,
)
from tests.browser.play import SETTLED
from tests.browser.warm import WarmContext

WIDE: ViewportSize = {"width": 1280, "height": 800}


@pytest.fixture
def raid(page: Page, page_log: PageLog, duel_site: Site) -> App:
    app = App(page, page_log, duel_site)
    app.use(duel_site)
    page.emulate_media(reduced_motion="reduce")
    return app


def _start(app: App, players: int, humans: tuple[int, ...]) -> None:
    page = app.page
    app.open("?game=raid&botdelay=0&seed=5")
    app.wait_ready()
    page.locator("#count-choices label", has_text=str(players)).click()
    for seat in range(players):
        kind = "Human" if seat in humans else "Bot"
        page.locator(f"#seats .seat[data-seat='{seat}']").locator("label", has_text=kind).click()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached")


def _click(page: Page, selector: str) -> str:
    seq = page.get_attribute("#board", "data-seq")
    page.locator(selector).first.click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    return str(page.get_attribute("#board", "data-phase"))


def _others_picks_hidden(page: Page, me: int) -> None:
    """No seat's draft hand but the viewer's is drawn face up."""
    for seat in range(5):
        if seat != me:
            hand = page.locator(f".seat-panel[data-seat='{seat}'] .raid-hand [data-card]")
            expect(hand).to_have_count(0)


def test_a_person_drafts_beside_four_bots_and_plays_to_the_end(raid: App) -> None:
    page = raid.page
    _start(raid, 5, humans=(1,))
    expect(page.locator(".seat-panel[data-seat='0'] .tag-role")).to_have_text("Boss")
    expect(page.locator(".seat-panel[data-role='hero']")).to_have_count(4)
    # People act first: no bot has picked when the person is asked to pick.
    assert page.get_attribute("#board", "data-phase") == "human"
    assert page.get_attribute("#board", "data-stage") == "draft"
    expect(page.locator(".seat-panel[data-picked='true']")).to_have_count(0)
    _others_picks_hidden(page, 1)
    raid.screenshot("raid-draft-en-1280")
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator(".seat-panel[data-seat='0'] .tag-role")).to_have_text("Boss")
    expect(page.locator("#actions [data-cmd=act]").first).to_contain_text("Prendre")
    raid.screenshot("raid-draft-fr-1280")
    page.set_viewport_size(PHONE)
    raid.screenshot("raid-draft-fr-375")
    page.set_viewport_size(WIDE)
    page.locator(".lang-btn[data-lang='en']").click()
    picks = 0
    phase = "human"
    for _ in range(400):
        if phase == "over":
            break
        if phase == "result":
            phase = _click(page, "[data-cmd=continue]")
            continue
        assert phase == "human", phase
        stage = page.get_attribute("#board", "data-stage")
        if stage == "draft":
            _others_picks_hidden(page, 1)
            picks += 1
            # the bots commit at once after the person: the next pick, or the turns
            phase = _click(page, "#actions [data-cmd=act][data-kind='pick']")
            expect(page.locator(".seat-panel[data-picked='true']")).to_have_count(0)
            continue
        if stage == "turns" and picks == 3:
            raid.screenshot("raid-turns-en-1280")
            page.set_viewport_size(PHONE)
            raid.screenshot("raid-turns-en-375")
            page.locator(".lang-btn[data-lang='fr']").click()
            expect(page.locator("#actions [data-kind='end']")).to_have_text("Finir mon tour")
            raid.screenshot("raid-turns-fr-375")
            page.locator(".lang-btn[data-lang='en']").click()
            page.set_viewport_size(WIDE)
            picks += 1
        phase = _click(page, "#actions [data-cmd=act]")
    assert phase == "over" and picks >= 3
    expect(page.locator("#game-over")).to_be_visible()
    raid.screenshot("raid-over-en-1280")


def test_pass_and_play_hides_each_pick_behind_the_curtain(raid: App) -> None:
    """Three people at one device: after a pick, the curtain; the next person
    sees no card of the one who picked, until the reveal."""
    page = raid.page
    _start(raid, 3, humans=(0, 1, 2))
    if page.get_attribute("#board", "data-phase") == "curtain":
        _click(page, "#curtain [data-cmd=reveal]")
    viewer = page.get_attribute("#board", "data-viewer")
    button = page.locator("#actions [data-cmd=act][data-kind='pick']").first
    card = json.loads(str(button.get_attribute("data-act")))["card"]
    assert _click(page, "#actions [data-cmd=act][data-kind='pick']") == "curtain"
    assert f'data-card="{card}"' not in page.content()  # behind the curtain, no card at all
    _click(page, "#curtain [data-cmd=reveal]")
    assert page.get_attribute("#board", "data-viewer") != viewer
    assert f'data-card="{card}"' not in page.content()  # another person's pick stays hidden
    expect(page.locator(f".seat-panel[data-seat='{viewer}']")).to_have_attribute(
        "data-picked", "true"
    )
    raid.screenshot("raid-pass-and-play-en-1280")


# ------------------------------------------------------------------ online

UNDO = "#actions [data-cmd=undo]"
#: a heal or a shield of the guest's loot (a scout's draw could not be taken back)
MENDING = (
    "#actions .control-group[data-group^='card-'] [data-cmd=act][data-kind='play']"
    ":is([aria-label^='Heal'], [aria-label^='Shield'])"
)


@pytest.fixture
def raid_table(warm: WarmContext, duel_site: Site) -> Iterator[Table]:
    """Tabs of one browser context on the Raid page."""
    yield from tab_table(warm, duel_site, query="?game=raid&botdelay=0")


#: a page's board once it shows `version` actions or more (a bot's pick may
#: land meanwhile): its markers, whether its person has picked, and how many
#: heals or shields it offers, at one read
_READ_JS = when_js(
    f"""(version) => {{
        const board = document.getElementById('board');
        if (!board || !(Number(board.dataset.actions) >= version)) return null;
        return {{
            ...board.dataset,
            picked: !!document.querySelector(".seat-panel[data-you='true'][data-picked='true']"),
            mending: document.querySelectorAll({json.dumps(MENDING)}).length,
        }};
    }}""",
    ["data-actions"],
)


def _read(page: NetPage, version: int) -> dict[str, Any]:
    """Wait until the page's board shows `version` or more, acknowledge any
    round result; what `_READ_JS` reads then."""
    read: dict[str, Any] = page.page.evaluate(_READ_JS, [version, STEP_MS])
    if read["phase"] == "result":
        page.acknowledge()
        read = page.page.evaluate(_READ_JS, [version, STEP_MS])
    return read


def _to_move(read: dict[str, Any]) -> bool:
    """Whether the page's person has a move to make: in the draft, a person
    who picked may still change the pick (the board offers it) but need not."""
    if read["phase"] != "human":
        return False
    return read["stage"] != "draft" or not read["picked"]


def _next_human(pages: list[NetPage]) -> tuple[NetPage, dict[str, Any]] | None:
    """The page whose person is to act now, with what its board shows, once
    the boards agree on the host's version (round results acknowledged); None
    when the game is over."""
    host = pages[0]
    version = int(host.board_when(0)["actions"])
    while True:
        reads = [_read(page, version) for page in pages]
        if reads[0]["phase"] == "over":
            return None
        human = next((i for i, read in enumerate(reads) if _to_move(read)), None)
        # the host's version unchanged since: no bot moved between the reads
        now = int(host.board_when(0)["actions"])
        if human is not None and now == version:
            return pages[human], reads[human]
        if human is None:
            now = int(host.board_when(version + 1)["actions"])  # a bot's move
        version = now


def test_a_guest_takes_back_a_heal_online_and_both_boards_follow(raid_table: Table) -> None:
    """Alice hosts (the Boss), Bob joins as a hero, a bot is the other hero:
    the draft goes over the network (each person picks from their own board),
    then Bob heals or shields in his turn and takes it back; both boards go
    on from the state before it, to the end."""
    host, guest = host_with_guest(raid_table, 3, bots={2: "normal"})
    rng = random.Random(3)
    pages = [host, guest]
    undone = False
    while (found := _next_human(pages)) is not None:
        page, read = found
        version = int(read["actions"])
        if page is guest and not undone and read["stage"] == "turns" and read["mending"]:
            guest.front()
            guest.page.locator(MENDING).first.click()
            guest.wait_version(version + 1)
            undo = guest.page.locator(f"{UNDO}[data-undo='allowed']")
            if not undo.count():
                continue  # his last card: Bob's turn is over, nothing to take back
            guest.page.click(UNDO)
            for each in pages:
                each.wait_version(version + 2)  # an undo is a new version
                assert each.marker("stage") == "turns"
            host.page.wait_for_selector(
                "#log li:has-text('Bob took back a move.')", state="attached"
            )
            guest.shot("raid-online-undo-1280")
            undone = True
            continue
        page.act(rng)
    assert undone, "no turn of Bob's with a heal or a shield"
    finish(pages)
