"""Bazar Quest in the browser: a person plays a three-shop game against two
bots through the board's own controls (the cards they draft, show, sell and
store, the heroes they invite, the upgrades they buy) to its end, drafting
without waiting on the bots and reading each adventure step by step; and a
draft over two tabs where, after every pick, each tab's board, storage and
received frames are searched for the other shop's hidden cards (its pick
above all) until the windows are revealed."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from game.bazarquest.game import GAME
from game.bazarquest.state import Stage, State
from game.engine.protocol import Game
from game.net import HostSession
from tests.browser.card_secrets import SecretCardsCheck
from tests.browser.conftest import PHONE, App, Site
from tests.browser.driver import GameDriver
from tests.browser.net_play import NetPage, Table, host_with_guest, tab_table
from tests.browser.warm import WarmContext

WIDE: ViewportSize = {"width": 1280, "height": 800}

#: a move drawn on a card of the board (the dock holds the same ones)
ON_BOARD = "#table .table-main [data-cmd=act][data-on=board]"
#: the dock's moves (finishing a phase is only there)
IN_DOCK = "#actions [data-cmd=act]"


#: every moment in both languages at both widths (artifacts/, for a person to
#: look at); by default only English at 1280 px, which keeps the file quick
ALL_SHOTS = os.environ.get("BAZARQUEST_SHOTS") == "1"


def _shots(app: App, name: str) -> None:
    """The board now, under artifacts/screenshots/."""
    page = app.page
    if not ALL_SHOTS:
        app.screenshot(f"bazarquest-{name}-en-1280")
        return
    for lang in ("en", "fr"):
        page.locator(f".lang-btn[data-lang='{lang}']").click()
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        for width, viewport in (("1280", WIDE), ("375", PHONE)):
            page.set_viewport_size(viewport)
            app.screenshot(f"bazarquest-{name}-{lang}-{width}")
    page.set_viewport_size(WIDE)
    page.locator(".lang-btn[data-lang='en']").click()
    page.wait_for_selector("html[lang='en']", state="attached")


def _stage(page: Page) -> str:
    return str(page.get_attribute("#board", "data-stage"))


def _person_move(driver: GameDriver) -> str:
    """The person's move through the board: the first card they may act on,
    else the dock's last move (a phase's end: "Window ready", "End sales",
    "Pass", "Discard the rest")."""
    page = driver.page
    if page.locator(ON_BOARD).count():
        return driver.click(ON_BOARD)
    return driver.click(IN_DOCK, page.locator(IN_DOCK).count() - 1)


def test_a_person_plays_three_shops_against_two_bots_to_the_end(app: App) -> None:
    driver = GameDriver(app, "bazarquest")
    page = app.page
    phase = driver.start(3, humans=(0,), seed=4)
    page.set_viewport_size(WIDE)
    # People choose first in a simultaneous step: no bot has picked, nobody waits on one.
    assert phase == "human" and _stage(page) == "draft"
    expect(page.locator(".bq-shop .bq-status[data-status='done']")).to_have_count(0)
    expect(page.locator(".bq-mine [data-shelf='packet'] [data-on=board]")).to_have_count(4)
    _shots(app, "draft")
    seen: set[str] = set()
    adventures = 0
    for _ in range(600):
        if phase == "over":
            break
        if phase == "result":
            fights = page.locator("#round-result .bq-fight")
            assert fights.count() >= 3  # one hero a shop, each fight told with its numbers
            expect(fights.first.locator(".bq-line.bq-atk")).to_contain_text("resistance")
            expect(fights.first.locator(".bq-line.bq-def")).to_contain_text("strength")
            if not adventures:
                _shots(app, "adventure")
            adventures += 1
            phase = driver.click("#round-result [data-cmd=continue]")
            continue
        assert phase == "human", phase
        stage = _stage(page)
        if stage == "draft":
            # the person is asked again at once: the bots picked in the meantime
            packet = page.locator(".bq-mine [data-shelf='packet'] [data-on=board]").count()
            phase = _person_move(driver)
            if phase == "human" and _stage(page) == "draft":
                after = page.locator(".bq-mine [data-shelf='packet'] [data-on=board]").count()
                assert after == packet - 1, (packet, after)
            continue
        if stage not in seen:
            seen.add(stage)
            if stage == "invite":  # every window revealed at once, in the order of invitations
                expect(page.locator(".bq-shop .bq-window [data-hidden='back']")).to_have_count(0)
                expect(page.locator(".bq-order")).to_be_visible()
                _shots(app, "reveal")
            if stage == "sell":
                _shots(app, "trade")
            if stage == "upgrade":
                _shots(app, "upgrade")
        phase = _person_move(driver)
    assert phase == "over" and adventures >= 3, (phase, adventures)
    assert {"invite", "sell", "upgrade", "inventory"} <= seen, seen
    expect(page.locator("#game-over .bq-standings tbody tr")).to_have_count(3)
    expect(page.locator("#game-over [data-winner='true']").first).to_be_visible()
    _shots(app, "end")


# ------------------------------------------------------------------ two tabs

#: the card fields of a view or an event, where a hidden item would show
_CARD_KEYS = ("item", "items", "pick", "packet", "hand", "storage", "my_window", "windows")


def _hidden_from(state: State, seat: int) -> set[int]:
    """The items `seat` may not see now: the other shops' packets, picks,
    hands and storage, and their windows before the reveal."""
    found: set[int] = set()
    for other in range(len(state.coins)):
        if other == seat:
            continue
        found |= {*state.packets[other], *state.hands[other], *state.storage[other]}
        found |= {pick for pick in (state.picks[other],) if pick is not None}
        if state.stage == Stage.DISPLAY:
            found |= set(state.window[other])
    return found


def _cards_in(value: Any, key: str = "") -> set[int]:
    """Every int under a card field of a JSON value."""
    if isinstance(value, dict):
        return {card for k, v in value.items() for card in _cards_in(v, k or key)}
    if isinstance(value, list):
        return {card for v in value for card in _cards_in(v, key)}
    if isinstance(value, int) and not isinstance(value, bool) and key in _CARD_KEYS:
        return {value}
    return set()


class BazarCheck(SecretCardsCheck):
    """No tab holds another shop's hidden item: not on its board (``data-card``),
    in its storage, nor in a card field of any frame it received."""

    game: ClassVar[Game[Any, Any]] = GAME
    #: the other shop's pick looked for on a board, over the run
    picks_seen: int = 0

    def secrets(self, state: Any, seat: int) -> set[int]:
        return _hidden_from(state, seat)

    def _check_frame_view(
        self, guest: NetPage, seat: int, version: int, view: dict[str, Any], state: Any
    ) -> None:
        leaked = _cards_in(view) & _hidden_from(state, seat)
        assert not leaked, (guest.name, version, leaked)

    def board_also(self, page: NetPage, host: HostSession, seat: int, html: str) -> None:
        state = host.state
        assert state is not None
        for other in range(len(state.coins)):
            pick = state.picks[other]
            if other != seat and pick is not None:
                self.picks_seen += 1
                assert f'data-card="{pick}"' not in html, (page.name, pick)


@pytest.fixture
def bazar_table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site, query="?game=bazarquest&botdelay=0&seed=2")


def _pick_on_board(page: NetPage) -> None:
    """The person keeps the first item of their packet, by its card."""
    version = page.version()
    page.page.locator(".bq-mine [data-shelf='packet'] [data-on=board]").first.click()
    page.wait_past(version)


def test_a_draft_over_two_tabs_shows_no_pick_of_the_other_shop(bazar_table: Table) -> None:
    host, guest = host_with_guest(bazar_table, 2)
    check = BazarCheck(host, [guest])
    pages = {0: host, 1: guest}
    picks = 0
    while host.marker("stage") == "draft":
        version = host.version()
        to_act = [int(seat) for seat in host.marker("to-act").split(",") if seat]
        page = pages[to_act[0]] if to_act else guest
        page.wait_version(version)
        _pick_on_board(page)
        host.wait_version(version + 1)
        guest.wait_version(version + 1)
        check.run()  # after every pick: each tab's board, storage and frames
        picks += 1
    # the display, face down, then the reveal of both windows at once
    assert host.marker("stage") == "display"
    for page in (host, guest):
        version = host.version()
        page.wait_version(version)
        button = page.page.locator(".bq-mine [data-shelf='hand'] [data-on=board]").first
        item = json.loads(str(button.get_attribute("data-act")))["item"]
        button.click()
        host.wait_past(version)
        check.run()
        other = guest if page is host else host
        other.wait_version(host.version())
        if host.marker("stage") == "display":  # not revealed yet: the other tab holds none of it
            assert f'data-card="{item}"' not in other.page.content()
    assert picks >= 4 and check.picks_seen >= 2 and check.runs >= picks
