"""The Dragon boss deck in the page: a party of two (a person and a bot
companion) against the Dragon bot, resumed a few moves before its end
(played under CPython by `near_end`) and played to the end by random moves;
and two tabs where a person plays the Dragon against a person's hero, from
the deal to the end, by strong moves. After every click (every few actions
over tabs), the board of the seat at the device and the page's storage name
no card of another hand (a defeated member's hand is the party's), of any
deck or of the face-down Hoard. The end is the side's: the end panel, and in
the replay the board, its caption and its log, say the party (or the Dragon)
won, together."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Page

from game.engine.protocol import Game
from game.hrdragon.game import GAME
from game.hrdragon.state import State
from game.hrdragon.views import open_hands
from game.web.session import save_key
from tests.browser.card_secrets import (
    BOARD_JS,
    STORAGE_JS,
    SecretCardsCheck,
    make_strong_move,
    play_over_tabs,
)
from tests.browser.conftest import App, Site
from tests.browser.driver import GameDriver
from tests.browser.near_end import near_the_end, resume_near_the_end
from tests.browser.net_play import (
    NetPage,
    Table,
    finish,
    host_with_guest,
    tab_table,
)
from tests.browser.play import SaveFollower
from tests.browser.warm import WarmContext

_SIDE_WORDS = {"party": "The party wins!", "dragon": "The Dragon wins!"}


def _secrets(state: State, viewer: int | None) -> set[int]:
    """The cards `viewer` may not see: every other hand (but a defeated
    member's, which the party sees), every deck below its face-up top, the
    market deck, the face-down Hoard, what another seat is looking at."""
    core = state.core
    shown = set(open_hands(state, viewer))
    hidden = {
        c
        for seat, p in enumerate(core.players)
        if seat != viewer and seat not in shown
        for c in p.hand
    }
    hidden |= {c for p in core.players for c in p.deck[p.known :]}
    hidden |= set(core.market_deck) | set(state.hoard)
    if viewer != core.turn:
        hidden |= set(core.looking)
    return hidden


def _check(page: Page, follower: SaveFollower) -> int:
    """The board and the storage keep every secret of the page's game, its
    state read from its save; how many cards were searched for."""
    text = page.evaluate(f"() => localStorage.getItem('{save_key(GAME.name)}')")
    phase = str(page.get_attribute("#board", "data-phase"))
    if text is None:  # a finished game leaves no save
        assert phase in ("result", "over"), phase
        return 0
    state, viewer = follower.follow(str(text))
    if phase == "curtain":
        return 0
    html = str(page.evaluate(BOARD_JS))
    stored = str(page.evaluate(STORAGE_JS))
    secrets = _secrets(state, viewer)
    for card in secrets:
        assert f'data-card="{card}"' not in html, (viewer, card)
        assert f'data-card=\\"{card}\\"' not in stored, (viewer, card)
    return len(secrets)


def _the_end_is_the_sides(page: Page) -> str:
    """The end panel names the side that won, and says it won or lost
    together; every seat of the side is a winner. The side's name."""
    side = str(page.get_attribute("#game-over", "data-side"))
    assert side in _SIDE_WORDS, side
    assert page.locator("#game-over .over-sub").count() == 1
    winners = page.locator("#game-over .hd-standings li[data-winner='true']").count()
    assert winners == (2 if side == "party" else 1), (side, winners)
    return side


def _the_replay_ends_with_the_side(page: Page, side: str) -> None:
    """The end's share link opens the replay; at its last step the board says
    which side won (no turn area left), and so do its caption and its log."""
    page.locator("#game-over [data-cmd=share]").click()
    page.wait_for_selector("#game-over #share-link", state="visible")
    page.goto(page.input_value("#game-over #share-link"))
    page.wait_for_selector("html[data-state='ready'] #replay[data-steps]", state="attached")
    page.locator(".lang-btn[data-lang='en']").first.click()
    page.locator("#replay [data-cmd=last]").click()
    page.wait_for_selector("#replay[data-over='true'] .hd-end", state="attached")
    steps = page.get_attribute("#replay", "data-steps")
    assert page.get_attribute("#replay", "data-step") == steps
    assert page.locator(f"#replay .hd-end[data-side='{side}']").count() == 1
    assert page.locator("#replay .hr-turn").count() == 0
    log = str(page.evaluate("() => document.querySelector('#replay .log-panel').textContent"))
    assert _SIDE_WORDS[side] in log, log[-300:]


def test_a_party_of_two_and_a_bot_companion_against_the_dragon_to_the_end(app: App) -> None:
    """A person (seat 0) and a bot hero (seat 1) against the Dragon bot
    (seat 2), resumed near the end and played out by the person's random
    moves; every secret checked after each click; the end is the party's."""
    session = near_the_end("hrdragon", 3, (0,), seed=4, before=20)
    resume_near_the_end(app, "hrdragon", session)
    page = app.page
    assert page.locator("#board-view #table[data-game='hrdragon']").count() == 1
    assert page.locator(".hd-party .hd-member").count() == 2
    assert page.get_attribute(".hd-dragon", "data-seat") == "2"
    driver = GameDriver(app, "hrdragon", random.Random(4))
    follower, searched, phases = SaveFollower(GAME), 0, []
    for phase in driver.phases(limit=600):
        phases.append(phase)
        searched += _check(page, follower)
    assert searched > 0 and "human" in phases and phases[-1] == "over"
    _the_replay_ends_with_the_side(page, _the_end_is_the_sides(page))


# ------------------------------------------------------------- over tabs


class DragonPage(NetPage):
    """A tab at a Dragon table, its person making the strong move."""

    @staticmethod
    def of(page: NetPage) -> DragonPage:
        return DragonPage(page.page, page.log, page.name)

    def act(self, rng: random.Random) -> str:
        return make_strong_move(self, buys=False)  # never buying: a shorter game


class DragonCheck(SecretCardsCheck):
    """No tab holds another hand's card, a deck's order or the face-down
    Hoard: not in its board, its storage, nor any frame it received."""

    game: ClassVar[Game[Any, Any]] = GAME

    def secrets(self, state: Any, seat: int) -> set[int]:
        return _secrets(state, seat)


@pytest.fixture
def dragon_table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site, query="?game=hrdragon&botdelay=0&seed=3")


def test_two_tabs_a_person_plays_the_dragon_to_the_end(dragon_table: Table) -> None:
    """Alice's hero against Bob's Dragon, in two tabs, from the deal to the
    end by strong moves; every few actions each tab's board, storage and
    frames are searched; both tabs show the side that won."""
    host, guest = host_with_guest(dragon_table, 2)
    host, guest = DragonPage.of(host), DragonPage.of(guest)
    assert guest.marker("viewer") == "1"
    assert guest.page.locator(".hd-dragon[data-seat='1']").count() == 1
    assert guest.page.locator(".hd-party .hd-member[data-seat='0']").count() == 1
    check = DragonCheck(host, [guest])
    actions = play_over_tabs([host, guest], check, every=12, limit=1500)
    for page in (host, guest):
        page.wait_version(actions)
    check.run()
    finish([host, guest])
    assert actions > 20 and check.secrets_seen > 0 and check.runs > 2
    sides = {_the_end_is_the_sides(page.page) for page in (host, guest)}
    assert len(sides) == 1
