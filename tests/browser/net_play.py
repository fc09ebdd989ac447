"""Playing Boss Quest online through the page, for the browser tests and the benchmark.

``NetPage`` drives one page (a tab or a "device") through the real UI: the
menu's "Play with others", the lobby, the board. ``play_to_end`` plays a whole
game over several pages: each human seat's page clicks one of the action
buttons its board shows (chosen at random), a round result is acknowledged with
its button, and the host's page runs the bots. Every wait is on a marker the
page sets (``#lobby[data-phase]``, ``#board[data-actions]``, ...), never on time.

``HiddenCheck`` searches a guest's DOM, storage (local, session and IndexedDB)
and every frame it received for another seat's hidden cards, from the host's
full state (its save, unsealed by the host's page, replayed here under CPython);
and a spectator's for every hidden card, until the game is over.

The set-ups the network tests share: ``tab_table`` (the tabs of one new
browser context, checked at the end: a test module's ``table`` fixture),
``host_with_guest`` (a host and a guest tab at the table, the game started),
``until_guest_turn`` (play on until the guest is to act) and ``open_home`` (a
tab on the site's root, which offers the games this browser keeps).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from game.bossquest import GAME
from game.bossquest.cards import weapon_name
from game.engine.codec import canonical_json
from game.engine.events import event_for_seat
from game.engine.match import replay_steps
from game.engine.protocol import Game
from game.net import HostSession
from game.registry import get_client
from game.web.net_prefs import GUEST_KEY, HOST_KEY, HOST_SEALED_PREFIX, NAME_KEY, HostRecord
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    READY_TIMEOUT_MS,
    SCREENSHOTS,
    PageLog,
    Site,
    with_game,
)
from tests.browser.warm import WarmContext

#: how long one step of a game may take on a loaded machine (not a speed check)
STEP_MS = 60_000

#: the actions the board shows and its version, at one read
_VERSION_AND_ACTIONS_JS = """() => [
    Number(document.getElementById('board').dataset.actions || 0),
    [...document.querySelectorAll('#actions [data-cmd=act]')].map((b) => b.dataset.act),
]"""


def when_js(test: str, attributes: Sequence[str]) -> str:
    """A script for ``page.evaluate(script, [arg, ms])`` that waits until
    ``(test)(arg)`` (a JS function) returns a truthy value, and returns it:
    a MutationObserver of `attributes` (and of added or removed nodes) looks
    again as soon as the page sets them, in one round trip (Playwright's own
    waits poll on animation frames, which Chromium gives a tab behind another
    about twice a second; reading the markers after them is another round
    trip). The timer only fails a wait that never ends."""
    return f"""([arg, ms]) => new Promise((done, fail) => {{
    const test = {test};
    const found = test(arg);
    if (found) return done(found);
    const watch = new MutationObserver(() => {{
        const found = test(arg);
        if (!found) return;
        clearTimeout(timer);
        watch.disconnect();
        done(found);
    }});
    const timer = setTimeout(() => {{
        watch.disconnect();
        const board = document.getElementById('board');
        fail(new Error(`not reached in ${{ms}} ms: ${{JSON.stringify(arg)}}, the board's markers: `
            + JSON.stringify(board ? {{...board.dataset}} : null)));
    }}, ms);
    watch.observe(document.documentElement, {{
        subtree: true, childList: true, attributes: true,
        attributeFilter: {json.dumps(list(attributes))},
    }});
}})"""


#: the board's markers (its dataset: actions, phase, toAct, ...) once it
#: shows between `lo` and `hi` actions (`hi` null: no bound)
BOARD_WHEN_JS = when_js(
    """([lo, hi]) => {
        const board = document.getElementById('board');
        if (!board || board.dataset.actions === undefined) return null;
        const actions = Number(board.dataset.actions);
        return actions >= lo && (hi === null || actions <= hi) ? {...board.dataset} : null;
    }""",
    ["data-actions"],
)

_STORAGE_JS = """() => {
    const dump = (area) => {
        const out = {};
        for (let i = 0; i < area.length; i++) out[area.key(i)] = area.getItem(area.key(i));
        return out;
    };
    return {local: dump(localStorage), session: dump(sessionStorage)};
}"""

#: every IndexedDB database of the origin: {db: {store: [[key, value]]}}, a
#: CryptoKey described (never usable outside the page), anything else as JSON
_IDB_JS = """async () => {
    const done = (request) => new Promise((ok, ko) => {
        request.onsuccess = () => ok(request.result);
        request.onerror = () => ko(request.error);
    });
    const describe = (value) => value instanceof CryptoKey
        ? {cryptoKey: value.algorithm.name, extractable: value.extractable, usages: value.usages}
        : JSON.stringify(value);
    const out = {};
    for (const info of await indexedDB.databases()) {
        const db = await done(indexedDB.open(info.name));
        const stores = {};
        for (const name of db.objectStoreNames) {
            const store = db.transaction(name, 'readonly').objectStore(name);
            const keys = await done(store.getAllKeys());
            const values = await done(store.getAll());
            stores[name] = keys.map((key, i) => [String(key), describe(values[i])]);
        }
        db.close();
        out[info.name] = stores;
    }
    return out;
}"""

#: the host's record as its own page unseals it (sealed store, or sessionStorage)
_HOST_RECORD_JS = f"""async () => {{
    const store = window.BossQuestNet.hostStore;
    const room = document.getElementById('lobby').dataset.room;
    if (store.support() === null) return await store.load(room);
    return sessionStorage.getItem('{HOST_KEY}');
}}"""

_RECORD_CAUGHT_UP_JS = """() => {
    const store = window.BossQuestNet.hostStore;
    if (store.support() !== null) return true;
    const saved = document.getElementById('lobby').dataset.saved;
    const shown = document.getElementById('board').dataset.actions;
    return shown === undefined || saved === shown;
}"""

#: (`when_js`: a look as soon as the save or the board moves)
_RECORD_CAUGHT_UP_WHEN_JS = when_js(_RECORD_CAUGHT_UP_JS, ["data-saved", "data-actions"])

_B64URL = re.compile(r"[A-Za-z0-9_-]+")

#: the Web Locks held in the origin and its IndexedDB databases, by name (net.js's
#: hostStore names them after the page's game), PyScript's own (IDBMap/...) left out
LOCKS_AND_DATABASES_JS = """async () => [
    (await navigator.locks.query()).held.map((lock) => lock.name).sort(),
    (await indexedDB.databases()).map((db) => db.name)
        .filter((name) => !name.startsWith("IDBMap/")).sort(),
]"""


@dataclass
class NetPage:
    """One page of an online game, with what it logged."""

    page: Page
    log: PageLog
    name: str

    # ------------------------------------------------------------- set-up

    @staticmethod
    def open(
        context: BrowserContext,
        url: str,
        origin: str,
        name: str,
        *,
        record: bool = True,
        init: str = "",
    ) -> NetPage:
        """A new page of `context` at `url`, watched like the ``page`` fixture;
        with `record`, every frame its session receives is kept (``__bqNetFrames``);
        `init`, a script to run in it before the page's own."""
        log = PageLog(origin=origin)
        page = log.watch(context.new_page())
        if record:
            page.add_init_script("window.__bqNetFrames = [];")
        if init:
            page.add_init_script(init)
        page.goto(url, wait_until="domcontentloaded")
        net = NetPage(page, log, name)
        net.wait_ready()
        return net

    def wait_ready(self) -> None:
        self.page.wait_for_selector(
            "html[data-state='ready'], html[data-state='error']",
            state="attached",
            timeout=READY_TIMEOUT_MS,
        )
        state = self.page.get_attribute("html", "data-state")
        if state != "ready":
            detail = self.page.text_content("#load-error-details")
            raise AssertionError(f"{self.name}: the page did not start:\n{detail}")

    def problems(self) -> list[str]:
        return [f"{self.name}: {problem}" for problem in self.log.problems()]

    def shot(self, name: str) -> None:
        """A screenshot of the whole page under artifacts/screenshots/, the
        page in front of its window first (Chromium draws only the tab in
        front: a screenshot of a tab behind another waits seconds for a frame)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.bring_to_front()
        self.page.screenshot(
            path=str(SCREENSHOTS / f"{name}.png"), full_page=True, animations="disabled"
        )

    def shots(self, name: str) -> None:
        """The page at 375 px, then at 1280 px (the size the test goes on with)."""
        self.page.set_viewport_size(PHONE)
        self.shot(f"{name}-375")
        self.page.set_viewport_size(DESKTOP)
        self.shot(f"{name}-1280")

    def lobby_phase(self, phase: str) -> None:
        try:
            self.page.wait_for_selector(
                f"html[data-screen='lobby'] #lobby[data-phase='{phase}']",
                state="attached",
                timeout=STEP_MS,
            )
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"{self.name}: not in the lobby's {phase!r}: {self.where()}"
            ) from None

    def where(self) -> str:
        """The screen, the lobby's phase and what its pairing widget says: why a wait failed."""
        return str(
            self.page.evaluate(
                """() => {
                    const status = document.querySelector("#net-pairing [data-pairing-status]");
                    return JSON.stringify({
                        screen: document.documentElement.dataset.screen,
                        phase: document.getElementById("lobby")?.dataset.phase,
                        pairing: status ? status.textContent : null,
                    });
                }"""
            )
        ) + "".join(f"\n  {problem}" for problem in self.problems())

    def open_net_menu(self) -> None:
        """The "play with others" screen (from the menu, unless already there)."""
        if self.page.get_attribute("#lobby", "data-phase") != "menu" or (
            self.page.get_attribute("html", "data-screen") != "lobby"
        ):
            self.page.click("#net-open")
        self.lobby_phase("menu")
        self.page.fill("#net-name", self.name)

    def host(self, players: int) -> str:
        """Host a game of `players` seats; returns the room id."""
        self.open_net_menu()
        self.page.click("[data-cmd=net-host]")
        self.lobby_phase("host")
        self.set_players(players)
        return str(self.page.get_attribute("#lobby", "data-room"))

    def set_players(self, players: int) -> None:
        radio = f"input[data-net-opt=players][value='{players}']"
        if not self.page.is_checked(radio):
            self.page.check(radio)
        self.page.wait_for_selector(f"#net-seats [data-seat='{players - 1}']", state="attached")
        self.page.wait_for_selector(f"#net-seats [data-seat='{players}']", state="detached")

    def join_tab(self, room: str, seat: int) -> None:
        """Join the game hosted in another tab (from the list of games) and sit."""
        self.open_net_menu()
        join = f"[data-cmd=net-join-tab][data-room='{room}']"
        self.page.wait_for_selector(join, timeout=STEP_MS)
        self.page.click(join)
        self.sit(seat)

    def sit(self, seat: int) -> None:
        self.lobby_phase("guest")
        self.page.click(f"[data-cmd=net-sit][data-seat='{seat}']")
        self.page.wait_for_selector(
            f"#net-seats [data-seat='{seat}'][data-you='true']", state="attached", timeout=STEP_MS
        )

    def seat_row(self, seat: int, status: str, connected: bool = True) -> None:
        """Wait until the lobby shows `seat` as `status` (and connected or not)."""
        self.page.wait_for_selector(
            f"#net-seats [data-seat='{seat}'][data-status='{status}']"
            f"[data-connected='{str(connected).lower()}']",
            state="attached",
            timeout=STEP_MS,
        )

    def start(self) -> None:
        self.page.click("#net-start:not([disabled])")
        self.on_board()

    def on_board(self) -> None:
        self.page.wait_for_selector(
            "html[data-screen='board'] #board[data-net][data-phase]",
            state="attached",
            timeout=STEP_MS,
        )

    # --------------------------------------------------------------- board

    def room(self) -> str:
        """The room this page hosts or joined (``#lobby[data-room]``)."""
        return str(self.page.get_attribute("#lobby", "data-room") or "")

    def marker(self, name: str) -> str:
        return str(self.page.get_attribute("#board", f"data-{name}") or "")

    def phase(self) -> str:
        return self.marker("phase")

    def version(self) -> int:
        return int(self.marker("actions") or 0)

    def wait_version(self, version: int) -> None:
        """Wait until this board shows the state after `version` actions (a
        wait that outlives a navigation; `board_when` is the faster one)."""
        self.page.wait_for_selector(
            f"#board[data-actions='{version}']", state="attached", timeout=STEP_MS
        )

    def wait_past(self, version: int) -> None:
        self.page.wait_for_function(
            "(v) => Number(document.getElementById('board').dataset.actions) > v",
            arg=version,
            timeout=STEP_MS,
        )

    def board_when(self, lo: int, hi: int | None = None) -> dict[str, str]:
        """Wait until this board shows `lo` to `hi` actions (`hi` None: `lo` or
        more); its markers then (``#board``'s dataset: actions, phase, toAct,
        stage, seq, ...), read in the same round trip. Unlike `wait_version`,
        the wait ends with the page's document: not across a navigation."""
        found: dict[str, str] = self.page.evaluate(BOARD_WHEN_JS, [[lo, hi], STEP_MS])
        return found

    def front(self) -> None:
        """Bring this tab in front of its window before a click: Chromium gives
        a tab behind another an animation frame about twice a second, and a
        click waits for two (the control stable): 0.5 to 0.8 s a click behind,
        0.2 s in front with this call, on a loaded 2-core machine."""
        self.page.bring_to_front()

    def ready_to_act(self, version: int) -> bool:
        """Wait until this board shows `version`, acknowledge any round result;
        whether its person is to act then (its phase is "human")."""
        phase = self.board_when(version, version).get("phase")
        if phase == "result":
            self.acknowledge()
            phase = self.phase()
        return phase == "human"

    def acknowledge(self) -> None:
        """Close round results until the board shows something else."""
        while self.phase() == "result":
            seq = self.marker("seq")
            self.front()
            self.page.click("#round-result [data-cmd=continue]")
            self.page.wait_for_selector(
                f"#board:not([data-seq='{seq}'])", state="attached", timeout=STEP_MS
            )

    def act(self, rng: random.Random) -> str:
        """Click one of the action buttons (any), and wait for the host's answer."""
        version, acts = self.page.evaluate(_VERSION_AND_ACTIONS_JS)
        assert acts, f"{self.name}: no action button on a human turn"
        chosen = rng.randrange(len(acts))
        self.front()
        self.page.locator("#actions [data-cmd=act]").nth(chosen).click()
        self.board_when(int(version) + 1)
        return str(acts[chosen])

    def frames(self) -> list[str]:
        return list(self.page.evaluate("() => window.__bqNetFrames || []"))

    def storage(self) -> dict[str, dict[str, str]]:
        return dict(self.page.evaluate(_STORAGE_JS))

    def indexed_db(self) -> dict[str, dict[str, list[list[Any]]]]:
        return dict(self.page.evaluate(_IDB_JS))

    def host_record(self) -> HostRecord:
        """The host's own record (this page hosts), unsealed by the page itself."""
        # the sealed record is written asynchronously: wait until it holds what the board shows
        self.page.evaluate(_RECORD_CAUGHT_UP_WHEN_JS, [None, STEP_MS])
        record = HostRecord.from_json(self.page.evaluate(_HOST_RECORD_JS))
        assert record is not None, f"{self.name}: no host record"
        return record

    def wait_saved(self, version: int) -> None:
        """Wait until the host's save of `version` is written (sealing is asynchronous)."""
        self.page.wait_for_selector(
            f"#lobby[data-saved='{version}']", state="attached", timeout=STEP_MS
        )


class Table:
    """The pages of one test (tabs of one browser context), checked for errors
    and foreign requests at the end. Each opens the game page of `query`
    (``with_game``: Boss Quest's unless it names a game)."""

    def __init__(self, context: BrowserContext, site: Site, query: str = "?botdelay=0") -> None:
        self.context = context
        self.site = site
        self.query = query
        self.pages: list[NetPage] = []

    def open(self, name: str, *, init: str = "") -> NetPage:
        url = self.site.url + with_game(self.query)
        page = NetPage.open(self.context, url, self.site.origin, name, init=init)
        self.pages.append(page)
        return page

    def problems(self) -> list[str]:
        return [problem for page in self.pages for problem in page.problems()]


def tab_table(warm: WarmContext, site: Site, query: str = "?botdelay=0") -> Iterator[Table]:
    """A table of tabs of the warm browser context (1280 px wide, English,
    its service worker holding the build: tests/browser/warm.py), on the game
    page of `query` (Boss Quest's unless it names a game), for a test: the
    test fails at the end if any of its pages misbehaved. A test module's
    ``table`` fixture yields from it."""
    table = Table(warm.lend(), site, query)
    yield table
    problems = table.problems()
    warm.reset()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


#: the home has looked which hosted games no tab holds (assets/menu.js)
HOME_CHECKED = "#games[data-checked='true']"


def open_home(table: Table, name: str) -> NetPage:
    """The site's root (the list of games) in a new tab of the table, ready,
    having looked for games to resume; checked at the end like the others."""
    home = NetPage.open(table.context, table.site.url, table.site.origin, name)
    table.pages.append(home)
    home.page.wait_for_selector(HOME_CHECKED, state="attached", timeout=STEP_MS)
    return home


def reload_home(home: NetPage) -> None:
    """Load the home again, and wait until it has looked for games to resume."""
    home.page.reload(wait_until="domcontentloaded")
    home.wait_ready()
    home.page.wait_for_selector(HOME_CHECKED, state="attached", timeout=STEP_MS)


def host_with_guest(
    table: Table,
    players: int = 2,
    *,
    bots: Mapping[int, str] | None = None,
    init: str = "",
    prepare: str = "",
) -> tuple[NetPage, NetPage]:
    """Alice hosts a game of `players` seats in one tab, Bob joins seat 1 from
    another, `bots` ({seat: level}) take their seats, and the game starts: both
    pages show the board. `init` runs in each page before its own scripts,
    `prepare` once it is ready (before hosting or joining)."""
    host = table.open("Alice", init=init)
    if prepare:
        host.page.evaluate(prepare)
    room = host.host(players)
    guest = table.open("Bob", init=init)
    if prepare:
        guest.page.evaluate(prepare)
    guest.join_tab(room, 1)
    for seat, level in (bots or {}).items():
        host.page.click(f"[data-cmd=net-bot][data-seat='{seat}'][data-level='{level}']")
        host.seat_row(seat, "bot")
    host.start()
    guest.on_board()
    return host, guest


def until_guest_turn(host: NetPage, guest: NetPage, rng: random.Random) -> int:
    """Play on (the bots, and the humans' random moves) until the guest is to
    act; its board shows that state, any round result acknowledged. Returns the
    version (actions played)."""
    seat = guest.marker("viewer")
    while not (host.marker("to-act") == seat and guest.phase() in ("human", "result")):
        play_to_end(host, [guest], rng, stop_at=host.version() + 1)
    version = host.version()
    guest.wait_version(version)
    guest.acknowledge()
    return version


def _seat_of(pages: Sequence[NetPage]) -> dict[int, NetPage]:
    return {int(p.marker("viewer")): p for p in pages}


def play_to_end(
    host: NetPage,
    guests: Sequence[NetPage],
    rng: random.Random,
    *,
    max_actions: int = 3000,
    check: HiddenCheck | None = None,
    check_every: int = 25,
    stop_at: int | None = None,
) -> int:
    """Play until the game is over (or, given `stop_at`, until a human's turn
    after at least `stop_at` actions); returns the actions played.
    Each step: the seat to act (from the host's board) is a human page (it
    acknowledges any round result, then clicks a random action) or a bot (the
    host plays it by itself: wait until the version moves)."""
    pages = [host, *guests]
    seats = _seat_of(pages)
    # one read of the host's markers (actions, stage, seat to act): a bot's
    # move may re-render the host's board between two reads, pairing a
    # version with the next seat to act
    board = host.board_when(0)
    while True:
        version, stage, to_act = int(board["actions"]), board.get("stage"), board.get("toAct")
        if stage == "over":
            break
        page = seats.get(int(to_act)) if to_act else None
        # stop only on a human's turn: a bot's turn would move on after we stop
        if stop_at is not None and version >= stop_at and page is not None:
            break
        assert version < max_actions, "the game does not end"
        if check is not None and check.due(version, check_every):
            check.run()
        if page is None:  # a bot: the host plays it
            board = host.board_when(version + 1)
            continue
        if not page.ready_to_act(version):
            # the host moved on meanwhile (a state still on its way): look again
            board = host.board_when(version)
            continue
        page.act(rng)
        board = host.board_when(version + 1)
    final = int(board["actions"])
    for page in pages:
        page.board_when(final, final)
    return final


def finish(pages: Sequence[NetPage]) -> None:
    """Every screen shows the game over (after its last round result)."""
    for page in pages:
        page.acknowledge()
        page.page.wait_for_selector("#board[data-phase='over'] #game-over", timeout=STEP_MS)


@dataclass
class HiddenCheck:
    """No guest may hold another seat's hidden weapon: in its DOM, its storage
    (local and session), nor any frame it received. The host's page neither,
    in its DOM and its localStorage: the whole match is its worker's, kept
    sealed (or, where it cannot seal, in clear in its tab's sessionStorage)."""

    #: the game played (another game's check sets its own, and its own checks)
    game: ClassVar[Game[Any, Any]] = GAME

    host: NetPage
    guests: Sequence[NetPage]
    #: pages watching without a seat: no hidden card at all until the game is over
    spectators: Sequence[NetPage] = ()
    checked_frames: dict[str, int] = field(default_factory=dict)
    runs: int = 0
    secrets_seen: int = 0
    #: the version at which the next check is due (`due`)
    next_due: int = 0

    def due(self, version: int, every: int) -> bool:
        """Whether to check at `version`: every `every` versions, counted from
        the last check (bots may move several versions on between two looks,
        so a multiple of `every` is not always seen)."""
        if version < self.next_due:
            return False
        self.next_due = version + every
        return True

    def _host(self) -> HostSession:
        record = self.host.host_record()
        save = json.loads(record.save)
        return HostSession.from_save(self.game, record.save, str(save["build"]))

    def run(self) -> None:
        self.runs += 1
        host = self._host()
        if host.state is None:
            return
        states = [state for state, _ in replay_steps(self.game, host.match)]
        self._check_host(host)
        for guest in self.guests:
            self._check_guest(guest, host, int(guest.marker("viewer")), states)
        for spectator in self.spectators:
            self._check_spectator(spectator, host, states)

    # ----- the host's page: its own seat's view only

    def _check_host(self, host: HostSession) -> None:
        seat = int(self.host.marker("viewer"))
        self._dom(self.host, host, seat)
        local = self.host.storage()["local"]
        for key, text in local.items():
            if key.startswith(HOST_SEALED_PREFIX):
                local[key] = sealed_only(text)
        dump = json.dumps(local, ensure_ascii=False)
        for word in ('"view"', '"hidden"', '"match"', '"actions"', '"seed"'):
            assert word not in dump, (self.host.name, word)
        for card in self._secrets(host, seat):
            for text in (weapon_name(card), f'data-card="{card}"', f'"hidden":{card}'):
                assert text not in dump, (self.host.name, text)

    # ----- a spectator: every hidden card, whoever holds it

    def _check_spectator(self, page: NetPage, host: HostSession, states: Sequence[Any]) -> None:
        assert page.marker("net") == "spectator" and page.marker("viewer") == ""
        self._spectator_frames(page, host, states)
        page.board_when(host.version, host.version)
        if host.phase == "over":
            return  # everything is shown now, as a finished game's replay does
        self._spectator_dom_and_storage(page, host)

    def _spectator_secrets(self, host: HostSession) -> list[int]:
        """Every hidden weapon the public view does not show (Boss Quest's; another
        game's check says its own)."""
        public = host.view_for(None)["seats"]
        found = []
        for seat in range(len(host.seats)):
            hidden = host.view_for(seat)["seats"][seat]["hidden"]
            if hidden is not None and public[seat]["hidden"] is None:
                found.append(hidden)
        return found

    def _spectator_dom_and_storage(self, page: NetPage, host: HostSession) -> None:
        secrets = self._spectator_secrets(host)
        self.secrets_seen += len(secrets)
        html = page.page.content()
        result = host.view_for(None)["result"]
        for card in secrets:
            if not (result is not None and page.phase() == "result" and _holds(result, card)):
                assert f'data-card="{card}"' not in html, (page.name, card)
        stored = page.storage()
        assert set(stored["session"]) <= {GUEST_KEY, NAME_KEY}, stored["session"].keys()
        assert HOST_KEY not in stored["local"]
        for key, text in stored["local"].items():
            if key.startswith(HOST_SEALED_PREFIX):
                stored["local"][key] = sealed_only(text)
        dump = json.dumps([stored, page.indexed_db()], ensure_ascii=False)
        for word in ('"view"', '"hidden"', '"match"', '"actions"', '"seed"'):
            assert word not in dump, (page.name, word)
        for card in secrets:
            assert weapon_name(card) not in dump and f'"hidden":{card}' not in dump

    def _spectator_frames(self, page: NetPage, host: HostSession, states: Sequence[Any]) -> None:
        """Every state frame a spectator got holds the public view of its version,
        the same when every hidden card is re-dealt (any game), and the public
        events; once the game is over, everything (the client's open view)."""
        redeal = self.game.capabilities.redeal
        assert redeal is not None
        frames = page.frames()
        start = self.checked_frames.get(page.name, 0)
        public = [event_for_seat(event, None) for event in host.events]
        for text in frames[start:]:
            frame = json.loads(text)
            kind = frame.get("t")
            assert kind in ("welcome", "lobby", "reject", "closed", "state", "reaction"), frame
            if kind != "state":
                continue
            assert frame["you"] is None and frame["legal"] == []
            state = states[frame["version"]]
            if frame["phase"] == "over":
                expected = get_client(self.game.name).open_view(state)
            else:
                expected = self.game.view(state, None)
                for seed in (3, 4):
                    again = canonical_json(self.game.view(redeal(state, None, seed), None))
                    assert again == canonical_json(frame["view"]), (page.name, frame["version"])
            assert frame["view"] == json.loads(json.dumps(expected)), (page.name, frame["version"])
            begin, sent = frame["from"], frame["events"]
            assert sent == json.loads(json.dumps(public[begin : begin + len(sent)]))
        self.checked_frames[page.name] = len(frames)

    def _check_guest(
        self, guest: NetPage, host: HostSession, seat: int, states: Sequence[Any]
    ) -> None:
        self._dom(guest, host, seat)
        self._storage(guest, host, seat)
        self._frames(guest, host, seat, states)

    def _secrets(self, host: HostSession, seat: int) -> list[int]:
        """The hidden weapons of the other seats that `seat` may not see now."""
        mine = host.view_for(seat)
        found = []
        for other in range(len(host.seats)):
            hidden = host.view_for(other)["seats"][other]["hidden"]
            if other != seat and hidden is not None and mine["seats"][other]["hidden"] is None:
                found.append(hidden)
        return found

    def _dom(self, guest: NetPage, host: HostSession, seat: int) -> None:
        version = host.version
        guest.board_when(version, version)
        secrets = self._secrets(host, seat)
        self.secrets_seen += len(secrets)
        html = guest.page.content()
        result = host.view_for(seat)["result"]
        for card in secrets:
            public = result is not None and guest.phase() == "result" and _holds(result, card)
            if not public:  # the last fight's weapons are public; a reshuffle may deal one again
                assert f'data-card="{card}"' not in html, (guest.name, card)

    def _storage(self, guest: NetPage, host: HostSession, seat: int) -> None:
        """The guest's storage holds its seat token and, shared by every tab of the
        browser, the host's record SEALED (and its key, not extractable): no card
        it may not see, no seed, no move, in clear."""
        stored = guest.storage()
        assert set(stored["session"]) <= {GUEST_KEY, NAME_KEY}, stored["session"].keys()
        assert HOST_KEY not in stored["local"]
        for key, text in stored["local"].items():
            if key.startswith(HOST_SEALED_PREFIX):
                stored["local"][key] = sealed_only(text)
        databases = guest.indexed_db()
        for stores in databases.values():
            for entries in stores.values():
                for _key, value in entries:
                    assert isinstance(value, dict) and value.get("extractable") is False, value
        dump = json.dumps([stored, databases], ensure_ascii=False)
        for word in ('"view"', '"hidden"', '"match"', '"actions"', '"seed"'):
            assert word not in dump, (guest.name, word)
        assert f'"seed":{host.seed}' not in dump
        assert host.seed < 10**6 or str(host.seed) not in dump  # (a short one may occur by chance)
        for card in self._secrets(host, seat):
            for text in (weapon_name(card), f'data-card="{card}"', f'"hidden":{card}'):
                assert text not in dump, (guest.name, text)

    def _frames(self, guest: NetPage, host: HostSession, seat: int, states: Sequence[Any]) -> None:
        """Every state frame holds exactly this seat's view at its version, and
        only the events this seat may see."""
        frames = guest.frames()
        start = self.checked_frames.get(guest.name, 0)
        allowed = [event_for_seat(event, seat) for event in host.events]
        for text in frames[start:]:
            frame = json.loads(text)
            if frame.get("t") != "state" or frame.get("you") != seat:
                assert frame.get("t") in (
                    "welcome",
                    "lobby",
                    "reject",
                    "closed",
                    "state",
                    "reaction",
                ), frame
                continue
            version = frame["version"]
            self._check_frame_view(guest, seat, version, frame["view"], states[version])
            expected = json.loads(json.dumps(self.game.view(states[version], seat)))
            assert frame["view"] == expected, (guest.name, version)
            begin = frame["from"]
            sent = frame["events"]
            assert sent == json.loads(json.dumps(allowed[begin : begin + len(sent)]))
        self.checked_frames[guest.name] = len(frames)

    def _check_frame_view(
        self, guest: NetPage, seat: int, version: int, view: dict[str, Any], state: Any
    ) -> None:
        """A game's own look at a state frame's view, before it is compared with
        the seat's view (none for Boss Quest: the comparison says it all)."""


def sealed_only(text: str) -> str:
    """Check that a stored host record is ciphertext alone (net.js hostStore:
    {v, at, iv, ct}, base64url); what is left once its sealed bytes are taken out."""
    record = json.loads(text)
    assert set(record) == {"v", "at", "iv", "ct"}, record.keys()
    assert record["v"] == 1 and isinstance(record["at"], int)
    assert _B64URL.fullmatch(record["iv"]) and len(record["iv"]) == 16
    assert _B64URL.fullmatch(record["ct"]) and len(record["ct"]) > 100
    return json.dumps({"v": 1, "at": record["at"], "iv": "<sealed>", "ct": "<sealed>"})


def _holds(value: Any, card: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == card
    if isinstance(value, dict):
        return any(_holds(v, card) for v in value.values())
    if isinstance(value, list):
        return any(_holds(v, card) for v in value)
    return False
