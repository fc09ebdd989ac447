"""The Boss through the shared shell (``index.html?game=theboss``): whole games
solo against bots and in pass-and-play at 2 players, each
seat's board searched for the other hands' faces and the face-down city
cards (from the page's own save, followed here action by action); a game between two tabs
(BroadcastChannel) and one between two devices over WebRTC in a network
namespace, the guest's DOM, storage and every frame it received searched the
same way; and the board, the dock, the round result and the end at 375 and
1280 px, in French and English, into artifacts/screenshots/theboss-*.png.
Every wait is on a marker the page sets, never on time."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from game.engine.protocol import Game
from game.net import HostSession
from game.registry import get_game
from game.theboss.state import Stage, State
from game.theboss.ui.strings import card_text
from game.web.net_prefs import NAME_KEY, guest_key, host_key, host_sealed_prefix
from game.web.session import save_key
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, App, Site
from tests.browser.near_end import near_the_end, resume_near_the_end
from tests.browser.net_play import (
    HiddenCheck,
    NetPage,
    Table,
    finish,
    host_with_guest,
    play_to_end,
    sealed_only,
    tab_table,
)
from tests.browser.netns import rtc_browser, rtc_netns, rtc_site  # noqa: F401
from tests.browser.play import SETTLED, SaveFollower
from tests.browser.test_net_webrtc import pair_devices
from tests.browser.warm import WarmContext

GAME = get_game("theboss")
QUERY = "?game=theboss&botdelay=0"

#: the board as the page shows it, the log's panel left out (its lines tell
#: earlier rounds, whose cards are dealt again)
_BOARD_JS = """() => {
    const view = document.getElementById('board-view').cloneNode(true);
    view.querySelectorAll('.log-panel').forEach((node) => node.remove());
    return view.innerHTML;
}"""


@pytest.fixture
def boss(app: App) -> App:
    app.page.emulate_media(reduced_motion="reduce")
    return app


# ------------------------------------------------------------------ helpers


def _start(
    app: App, players: int, humans: Sequence[int], *, seed: int = 3, hint: bool = False
) -> None:
    page = app.page
    app.open(f"{QUERY}&seed={seed}")
    page.locator(".lang-btn[data-lang='en']").click()
    page.locator("#count-choices label", has_text=str(players)).click()
    for seat in range(players):
        kind = "human" if seat in humans else "bot"
        page.locator(f"#seats .seat[data-seat='{seat}'] label:has(input[value='{kind}'])").click()
    if page.locator("#show-odds").is_checked() != hint:
        page.locator(".option-odds .check").click()
    app.wait_ready()
    assert page.get_attribute("html", "data-game") == "theboss"
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached")


def _marker(page: Page, name: str) -> str:
    return str(page.get_attribute("#board", f"data-{name}") or "")


def _click(page: Page, selector: str, index: int = 0) -> str:
    seq = _marker(page, "seq")
    page.locator(selector).nth(index).click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    return _marker(page, "phase")


def _open_city(page: Page, rng: random.Random) -> str | None:
    """Open one city's placement group (its summary) and return its selector."""
    groups = page.locator("#actions details.tb-place[data-offered='true']")
    if not groups.count():
        return None
    key = str(groups.nth(rng.randrange(groups.count())).get_attribute("data-group"))
    selector = f"#actions details[data-group='{key}']"
    # a group the person opened on an earlier turn opens again by itself (morph.js)
    if page.locator(f"{selector}[open]").count() == 0:
        page.locator(f"{selector} > summary").click()
    page.wait_for_selector(f"{selector}[open]", state="attached")
    return selector


def _human_move(page: Page, rng: random.Random, place: float = 0.4) -> str:
    """A card at random, or first (sometimes) a placement at random, the
    smallest one that takes the majority more often than not."""
    if _marker(page, "stage") == "place_or_play" and rng.random() < place:
        group = _open_city(page, rng)
        if group is not None:
            buttons = page.locator(f"{group} button[data-kind='place']")
            primary = page.locator(f"{group} button.act-primary")
            if primary.count() and rng.random() < 0.6:
                return _click(page, f"{group} button.act-primary")
            return _click(
                page, f"{group} button[data-kind='place']", rng.randrange(buttons.count())
            )
    cards = page.locator("#actions button[data-kind='play']")
    assert cards.count(), "a human's turn shows their cards"
    return _click(page, "#actions button[data-kind='play']", rng.randrange(cards.count()))


def _secrets(state: State, seat: int | None) -> set[int]:
    """The cards `seat` may not see: the other hands' faces, the face-down cards."""
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if state.stage is not Stage.OVER:
        hidden |= set(state.hidden[1:])
    return hidden


def _public(view: dict[str, Any]) -> set[int]:
    """The cards the last round's result shows (a new deal may hold them again)."""
    result = view["result"]
    if result is None:
        return set()
    cards = {entry["card"] for entry in result["cities"]}
    cards |= {card for entry in result["cities"] for card in entry["played"]}
    return cards | {card for card in result["chicago"]["cards"] if card is not None}


def _no_secret_in(html: str, secrets: set[int], where: str) -> None:
    for card in secrets:
        assert f'data-card="{card}"' not in html, (where, card)
        assert card_text(card, "en") not in html, (where, card_text(card, "en"))


def _check_board(page: Page, follower: SaveFollower) -> int:
    """The board shows its viewer nothing they may not see, from the page's
    save followed here; returns the secrets searched for."""
    text = page.evaluate(f"() => localStorage.getItem('{save_key('theboss')}')")
    if text is None:  # a finished game leaves no save, and its end shows every card
        assert _marker(page, "phase") in ("result", "over")
        return 0
    state, viewer = follower.follow(str(text))
    assert len(follower.actions) == int(_marker(page, "actions"))
    html = str(page.evaluate(_BOARD_JS))
    phase = _marker(page, "phase")
    if phase == "curtain":
        assert "data-card=" not in html and "tb-city" not in html
        return 0
    assert _marker(page, "viewer") == ("" if viewer is None else str(viewer))
    secrets = _secrets(state, viewer)
    if phase == "result":
        secrets -= _public(GAME.view(state, viewer))
    _no_secret_in(html, secrets, f"seat {viewer}, {phase}")
    # every back names its city, never its card
    assert 'data-hidden="back" data-card' not in html
    return len(secrets)


def _play_to_end(
    page: Page, rng: random.Random, *, check: bool = False, limit: int = 2000
) -> list[str]:
    phases: list[str] = []
    seen = 0
    follower = SaveFollower(GAME)
    phase = _marker(page, "phase")
    for _ in range(limit):
        phases.append(phase)
        if check:
            seen += _check_board(page, follower)
        if phase == "over":
            assert not check or seen > 0
            return phases
        if phase == "result":
            phase = _click(page, "#round-result [data-cmd=continue]")
        elif phase == "curtain":
            phase = _click(page, "#curtain [data-cmd=reveal]")
        else:
            assert phase == "human", phase
            phase = _human_move(page, rng)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------ local tables


# One whole game per transport at 2 players (docs/testing.md): the 4-player
# table is played in the shared tests (test_polish.py, test_screens.py) and
# its views' secrets under CPython (test_theboss_views.py).
@pytest.mark.parametrize("players", [2])
def test_a_whole_game_solo_against_bots(boss: App, players: int) -> None:
    _start(boss, players, humans=(0,), seed=10 + players)
    page = boss.page
    assert page.locator("#board-view #table[data-game='theboss']").count() == 1
    assert page.locator(".tb-city").count() == {2: 4, 4: 8}[players]
    phases = _play_to_end(page, random.Random(players), check=True)
    assert "human" in phases and "result" in phases and phases[-1] == "over"
    assert page.locator("#game-over .tb-standings tbody tr").count() == players
    winners = page.locator("#game-over tr[data-winner='true']").count()
    assert winners >= 1
    boss.screenshot(f"theboss-solo-{players}p-over-1280")


@pytest.mark.parametrize("players", [2])
def test_pass_and_play_hides_every_hand_behind_the_curtain(boss: App, players: int) -> None:
    _start(boss, players, humans=tuple(range(players)), seed=20 + players)
    page = boss.page
    viewers: set[str] = set()
    placed = 0

    def step(phase: str) -> None:
        nonlocal placed
        if phase == "human":
            viewers.add(_marker(page, "viewer"))
            placed += page.locator(".tb-gang").count() > 0

    rng = random.Random(30 + players)
    follower = SaveFollower(GAME)
    phase = _marker(page, "phase")
    phases = []
    for _ in range(3000):
        phases.append(phase)
        step(phase)
        _check_board(page, follower)
        if phase == "over":
            break
        if phase == "result":
            phase = _click(page, "#round-result [data-cmd=continue]")
        elif phase == "curtain":
            phase = _click(page, "#curtain [data-cmd=reveal]")
        else:
            phase = _human_move(page, rng, place=0.5)
    assert phase == "over"
    assert "curtain" in phases and viewers == {str(seat) for seat in range(players)}
    assert placed > 0


def test_leaving_the_game_drops_every_marker_its_board_set(boss: App) -> None:
    """The page clears whatever markers a game's client declared (The Boss's
    turn, police and last round among them), not a list of one game's."""
    page = boss.page
    _start(boss, 2, [0])
    names = ("round", "turn", "stage", "police", "last-round", "phase", "seq")
    assert all(page.get_attribute("#board", f"data-{name}") is not None for name in names)
    page.locator("[data-cmd=quit]").click()
    page.locator("[data-cmd=quit-yes]").click()
    page.wait_for_selector("html[data-screen='menu']", state="attached")
    left = page.evaluate(
        "() => Array.from(document.getElementById('board').attributes, (a) => a.name)"
    )
    assert not [name for name in left if name.removeprefix("data-") in names], left


def test_the_dock_works_at_phone_width(boss: App) -> None:
    """At 375 px every placement is a real button, and a city's opened grid
    fits the screen."""
    page = boss.page
    page.set_viewport_size(PHONE)
    _start(boss, 4, humans=(0,), seed=5, hint=True)
    assert _marker(page, "stage") == "place_or_play"
    # the hint asked for: each offered city's chance of money, from what the seat saw
    odds = page.locator("#actions .tb-odds")
    assert odds.count() == 7  # every city but Chicago (which needs a gangster elsewhere)
    chance = float(str(odds.first.get_attribute("data-odds")))
    assert 0 <= chance <= 1 and str(odds.first.inner_text()).startswith("money: ")
    buttons = page.locator("#actions button[data-kind='place']")
    assert buttons.count() > 100  # every placement, all in the DOM
    assert page.locator("#actions button[data-kind='play']").count() == 5
    group = "#actions details[data-group='place-2']"
    page.locator(f"{group} > summary").click()
    grid = page.locator(f"{group} button[data-kind='place']")
    for index in range(grid.count()):
        box = grid.nth(index).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] >= 36  # a finger's size
    label = str(grid.first.get_attribute("aria-label"))
    assert label.startswith("Place 1 expert") and label.endswith("in Boston")
    page.locator(f"{group} button.act-primary").click()
    page.wait_for_selector("#board[data-stage='play']", state="attached")
    assert page.locator("#actions button[data-kind='place']").count() == 0
    assert page.locator("#dock-prompt").inner_text() == "Now play a card."


#: the screens' widths, and each one's height
WIDTHS = {PHONE["width"]: PHONE["height"], DESKTOP["width"]: 900}


def test_screens(boss: App) -> None:
    """The board, the dock, a round result and the end, at each width in
    English then French (one page serves both widths: the layout follows
    the viewport)."""
    app = boss
    page = app.page
    page.set_viewport_size({"width": DESKTOP["width"], "height": WIDTHS[DESKTOP["width"]]})
    _start(app, 4, humans=(0,), seed=8)
    rng = random.Random(8)
    # a few turns in, gangsters on the cities
    for _ in range(3):
        assert _marker(page, "phase") == "human"
        _human_move(page, rng, place=1.0)
        if _marker(page, "phase") == "human" and _marker(page, "stage") == "play":
            _click(page, "#actions button[data-kind='play']")
    assert _marker(page, "phase") == "human"

    def both(name: str, element: str = "") -> None:
        for width, height in sorted(WIDTHS.items()):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            for lang in ("en", "fr"):
                shoot(name, element, width, lang)

    def shoot(name: str, element: str, width: int, lang: str) -> None:
        if page.get_attribute("html", "lang") != lang:
            seq = _marker(page, "seq")
            page.locator(f".lang-btn[data-lang='{lang}']").click()
            page.wait_for_selector(f"html[lang='{lang}']", state="attached")
            page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        if element == "#actions":
            summary = page.locator("#actions details.tb-place[data-offered='true'] > summary")
            if summary.count() and not page.locator("#actions details.tb-place[open]").count():
                summary.first.click()
        path = SCREENSHOTS / f"theboss-{name}-{width}-{lang}.png"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        if element:
            page.locator(element).screenshot(path=str(path), animations="disabled")
        else:
            page.screenshot(path=str(path), full_page=True, animations="disabled")
        # nothing sticks out sideways: the page never scrolls horizontally
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= width, (name, lang, wide)

    both("board")
    both("dock", "#actions")
    # the last round's result and the end, from a save one move before it (a
    # whole game is played by the tests of each transport above and below)
    resume_near_the_end(app, "theboss", near_the_end("theboss", 4, seed=8))
    page.locator(".lang-btn[data-lang='en']").click()
    page.wait_for_selector("html[lang='en']", state="attached")
    phase = _marker(page, "phase")
    while phase != "result":
        assert phase == "human", phase
        phase = _human_move(page, rng, place=0.3)
    both("result")
    while phase != "over":
        if phase == "result":
            phase = _click(page, "#round-result [data-cmd=continue]")
        else:
            phase = _human_move(page, rng, place=0.3)
    both("over")


# ------------------------------------------------------------------ online


#: the board's version, and each action button's act and whether a closed
#: group folds it, at one read
_ACTS_JS = """() => [
    Number(document.getElementById('board').dataset.actions || 0),
    [...document.querySelectorAll('#actions [data-cmd=act]')]
        .map((b) => [b.dataset.act, !!b.parentElement.closest('details:not([open])')]),
]"""


class BossPage(NetPage):
    """A network page of The Boss: a placement's button sits in its city's
    folded group, which a person opens first."""

    @staticmethod
    def of(page: NetPage) -> BossPage:
        return BossPage(page.page, page.log, page.name)

    def act(self, rng: random.Random) -> str:
        version, acts = self.page.evaluate(_ACTS_JS)
        assert acts, f"{self.name}: no action button on a human turn"
        chosen = rng.randrange(len(acts))
        act, folded = acts[chosen]
        button = self.page.locator("#actions [data-cmd=act]").nth(chosen)
        self.front()
        if folded:
            button.locator("xpath=ancestor::details[not(@open)]").locator("summary").click()
        button.click()
        self.board_when(int(version) + 1)
        return str(act)


class BossCheck(HiddenCheck):
    """No guest holds another hand's face or a face-down city card: not in its
    DOM (the log aside), its storage, nor any frame it received (each exactly
    its own view and its own events)."""

    game: ClassVar[Game[Any, Any]] = GAME

    def _check_guest(
        self, guest: NetPage, host: HostSession, seat: int, states: Sequence[Any]
    ) -> None:
        self._board_keeps_secrets(guest, host, seat)
        self._boss_storage(guest, host, seat)
        self._frames(guest, host, seat, states)

    def _check_host(self, host: HostSession) -> None:
        """The host's page shows its own seat's view only, and its localStorage
        holds the match sealed: no other hand's face nor unrevealed city card."""
        page = self.host
        seat = int(page.marker("viewer"))
        self._board_keeps_secrets(page, host, seat)
        local = page.storage()["local"]
        for key, text in local.items():
            if key.startswith(host_sealed_prefix("theboss")):
                local[key] = sealed_only(text)
        assert host.state is not None
        _no_secret_stored(
            json.dumps(local, ensure_ascii=False), _secrets(host.state, seat), page.name
        )

    def _board_keeps_secrets(self, page: NetPage, host: HostSession, seat: int) -> None:
        """The page's board, at the host's version, shows no card `seat` may not
        see (the last round's result aside, on its result screen)."""
        assert host.state is not None
        secrets = _secrets(host.state, seat)
        self.secrets_seen += len(secrets)
        page.board_when(host.version, host.version)
        html = str(page.page.evaluate(_BOARD_JS))
        if page.phase() == "result":
            secrets -= _public(host.view_for(seat))
        _no_secret_in(html, secrets, page.name)

    def _check_frame_view(
        self, guest: NetPage, seat: int, version: int, view: dict[str, Any], state: Any
    ) -> None:
        """No other hand's face nor unrevealed city card in the frame's view."""
        secrets = _secrets(state, seat)
        shown = set(view["hand"] or ()) | {c for city in view["cities"] for c in city["played"]}
        assert not shown & secrets, (guest.name, version, shown & secrets)

    def _boss_storage(self, guest: NetPage, host: HostSession, seat: int) -> None:
        stored = guest.storage()
        # its seat's record, and the name this tab plays under
        allowed = {guest_key("theboss"), NAME_KEY}
        assert set(stored["session"]) <= allowed, stored["session"].keys()
        assert host_key("theboss") not in stored["local"]
        for key, text in stored["local"].items():
            if key.startswith(host_sealed_prefix("theboss")):
                stored["local"][key] = sealed_only(text)
        databases = guest.indexed_db()
        dump = json.dumps([stored, databases], ensure_ascii=False)
        _no_secret_stored(dump, _secrets(host.state, seat), guest.name)


def _no_secret_stored(dump: str, secrets: set[int], name: str) -> None:
    """A page's stored text (JSON) holds no view, hand, match or seed, and no
    face of `secrets`."""
    for word in ('"view"', '"hand"', '"hidden"', '"match"', '"actions"', '"seed"'):
        assert word not in dump, (name, word)
    for card in secrets:
        assert f'data-card="{card}"' not in dump and card_text(card, "en") not in dump, (name, card)


@pytest.fixture
def boss_table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site, query=QUERY)


def test_two_tabs_play_a_whole_game_online(boss_table: Table) -> None:
    # at 2 players, as every transport's whole game (a host's bots over the
    # network are played by test_net_tabs.py's three tabs and a bot)
    host, guest = (BossPage.of(page) for page in host_with_guest(boss_table, 2))
    assert host.page.get_attribute("html", "data-game") == "theboss"
    assert guest.page.locator("#board-view #table[data-game='theboss']").count() == 1
    assert guest.marker("viewer") == "1"
    check = BossCheck(host, [guest])
    play_to_end(host, [guest], random.Random(5), check=check, check_every=7)
    check.run()
    finish([host, guest])
    assert check.secrets_seen > 0 and check.runs > 3
    assert guest.page.locator("#game-over .tb-standings tbody tr").count() == 2
    guest.shot("theboss-net-tabs-over-1280")


class Devices:
    """Two browser contexts (two devices, the guest a phone in French)."""

    def __init__(self, browser: Browser, site: Site) -> None:
        self.site = site
        self.host_context: BrowserContext = browser.new_context(viewport=DESKTOP, locale="en-GB")
        self.guest_context: BrowserContext = browser.new_context(viewport=PHONE, locale="fr-FR")
        self.pages: list[NetPage] = []

    def close(self) -> list[str]:
        problems = [problem for page in self.pages for problem in page.problems()]
        self.host_context.close()
        self.guest_context.close()
        return problems


@pytest.fixture
def devices(rtc_browser: Browser, rtc_site: Site) -> Iterator[Devices]:  # noqa: F811
    made = Devices(rtc_browser, rtc_site)
    yield made
    problems = made.close()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def test_two_devices_play_a_whole_game_over_webrtc(devices: Devices) -> None:
    site = devices.site
    host = BossPage.of(NetPage.open(devices.host_context, site.url + QUERY, site.origin, "Alice"))
    devices.pages.append(host)
    host.host(2)
    guest = BossPage.of(pair_devices(host, devices.guest_context, site.origin))
    devices.pages.append(guest)
    assert guest.page.get_attribute("html", "data-game") == "theboss"
    host.start()
    guest.on_board()
    check = BossCheck(host, [guest])
    play_to_end(host, [guest], random.Random(13), check=check, check_every=6)
    check.run()
    finish([host, guest])
    assert check.secrets_seen > 0
    guest.shot("theboss-net-rtc-guest-over-375")
