"""Playing Boss Quest through the page, for the browser tests.

``Board`` drives the real UI: it sets up the menu, presses Start, clicks the
buttons the board shows and waits on the markers the page sets on
``#board`` (``data-phase``, ``data-seq``, ...), never on time. The human's
moves come from a simple policy over the buttons shown.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from game.engine.protocol import Game
from game.web.session import Session
from tests.browser.conftest import App

#: every phase but "bot" waits for someone at the device
SETTLED = "#board[data-phase]:not([data-phase='bot'])"

_BUTTONS_JS = """() => [...document.querySelectorAll('#actions [data-cmd=act]')].map((b) => {
    const group = b.closest('.control-group');
    const card = group ? group.querySelector('.scard') : null;
    return {kind: b.dataset.kind, act: b.dataset.act, spell: card ? card.dataset.kind : ''};
})"""

_PRIVACY_JS = """() => {
    const board = document.getElementById('board');
    const viewer = board.getAttribute('data-viewer');
    const own = [...document.querySelectorAll(
        `#board-seats [data-seat='${viewer}'] [data-hidden='own']`)].map((c) => c.dataset.card);
    const backs = [...document.querySelectorAll('#board-seats [data-hidden=back]')];
    return {
        viewer,
        round: board.getAttribute('data-round'),
        own,
        backsWithId: backs.filter((c) => c.hasAttribute('data-card')).length,
        seats: document.querySelectorAll('#board-seats').length,
        curtain: !!document.getElementById('curtain'),
    };
}"""

_SNAPSHOT_JS = """() => {
    const board = document.getElementById('board');
    const seats = [...document.querySelectorAll('#board-seats .seat-panel')].map((seat) =>
        [...seat.querySelectorAll('.wcard')].map((c) => c.dataset.card || 'back'));
    const markers = {};
    for (const name of ['phase', 'round', 'stage', 'to-act', 'viewer', 'actions']) {
        markers[name] = board.getAttribute('data-' + name);
    }
    const log = [...document.querySelectorAll('#log li')].map((li) => li.textContent);
    const view = document.getElementById('board-view');
    return {markers, seats, log, text: view.innerText};
}"""


@dataclass
class Board:
    """The game board of one page."""

    app: App
    #: emulate prefers-reduced-motion (the page then animates nothing), so that
    #: clicks need not wait for panels to finish rising
    reduced_motion: bool = True
    clicked: Counter[str] = field(default_factory=Counter)

    @property
    def page(self) -> Page:
        return self.app.page

    # ------------------------------------------------------------ set-up

    def start(
        self,
        players: int,
        humans: Sequence[int] = (0,),
        *,
        seed: int = 1,
        open_page: bool = True,
        levels: Mapping[int, str] | None = None,
        hint: bool | None = None,
    ) -> str:
        """Open the page (bots at once, the deal from `seed`), set up the menu
        (`levels`: a bot seat's level as the menu says it, "Easy", "Normal" or
        "Hard"; `hint`: the odds hint on or off), press Start; returns the first
        settled phase."""
        page = self.page
        if self.reduced_motion:
            page.emulate_media(reduced_motion="reduce")
        if open_page:
            self.app.open(f"?botdelay=0&seed={seed}")
        page.locator(".segmented label", has_text=str(players)).click()
        for seat in range(players):
            kind = "Human" if seat in humans else "Bot"
            page.locator(f"#seats .seat[data-seat='{seat}']").locator(
                "label", has_text=kind
            ).click()
        for seat, level in (levels or {}).items():
            page.locator(f"#seats .seat[data-seat='{seat}'] .level").locator(
                "label", has_text=level
            ).click()
        if hint is not None and page.locator("#show-odds").is_checked() != hint:
            page.locator(".option-odds .check").click()
        self.app.wait_ready()
        page.locator("#start").click()
        page.wait_for_selector("#board[data-phase]", state="attached")
        return self.settle()

    # ----------------------------------------------------------- reading

    def settle(self) -> str:
        """Wait until nobody but a person is awaited; the phase then."""
        self.page.wait_for_selector(SETTLED, state="attached")
        return self.phase()

    def phase(self) -> str:
        return str(self.page.get_attribute("#board", "data-phase"))

    def marker(self, name: str) -> str:
        return str(self.page.get_attribute("#board", f"data-{name}"))

    def buttons(self) -> list[dict[str, str]]:
        found: list[dict[str, str]] = self.page.evaluate(_BUTTONS_JS)
        return found

    def privacy(self) -> dict[str, Any]:
        """Who looks at the board, their own hidden card, and what hides the others'."""
        found: dict[str, Any] = self.page.evaluate(_PRIVACY_JS)
        return found

    def strength_gap(self) -> int:
        box = self.page.locator("#your-strength")
        strength = int(box.get_attribute("data-strength") or "0")
        hp = int(box.get_attribute("data-hp") or "0")
        return hp - strength

    def snapshot(self) -> dict[str, Any]:
        """What the board shows, to compare before and after a reload."""
        shot: dict[str, Any] = self.page.evaluate(_SNAPSHOT_JS)
        return shot

    # ------------------------------------------------------------ acting

    def click(self, selector: str, index: int = 0) -> str:
        """Click a board button and wait for the board to settle again."""
        seq = self.marker("seq")
        self.page.locator(selector).nth(index).click()
        self.page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        return self.settle()

    def human_move(self, activate: bool = True) -> str:
        """One move by a simple policy: equip towards the boss, then the Magician."""
        shown = self.buttons()
        assert shown, "the human's turn shows buttons"
        kinds = [button["kind"] for button in shown]
        pick = self._pick(shown, kinds, activate)
        self.clicked[shown[pick]["kind"]] += 1
        return self.click("#actions [data-cmd=act]", pick)

    def _pick(self, shown: list[dict[str, str]], kinds: list[str], activate: bool) -> int:
        if "ask" in kinds:
            gap = self.strength_gap()
            wanted = 2 if gap >= 12 else 1 if gap >= 6 else 0
            for index, button in enumerate(shown):
                if button["kind"] == "ask" and json.loads(button["act"])["count"] == wanted:
                    return index
        for wanted_kind in ("visit", "stop", "choose"):
            if wanted_kind in kinds:
                return kinds.index(wanted_kind)
        if activate:
            for index, button in enumerate(shown):
                if button["kind"] == "activate" and button["spell"] != "swap_hidden":
                    return index
        for wanted_kind in ("discard", "discard_mystery", "pass"):
            if wanted_kind in kinds:
                return kinds.index(wanted_kind)
        return 0

    def play_to_end(
        self,
        *,
        activate: bool = True,
        each: Callable[[str], None] | None = None,
        limit: int = 1500,
    ) -> None:
        """Play until the game-over panel shows; `each(phase)` before every step."""
        phase = self.settle()
        for _ in range(limit):
            if each is not None:
                each(phase)
            if phase == "over":
                return
            if phase == "result":
                phase = self.click("#round-result [data-cmd=continue]")
            elif phase == "curtain":
                phase = self.click("#curtain [data-cmd=reveal]")
            else:
                assert phase == "human", phase
                phase = self.human_move(activate)
        raise AssertionError("the game did not end")


class SaveFollower:
    """A page's game as its save tells it, followed action by action (any
    game): each check applies only the actions added since the last one
    (replaying the whole save after every click made a game's checks
    quadratic)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.actions: list[Any] = []
        self.state: Any = None

    def follow(self, save: str) -> tuple[Any, int | None]:
        """The save's state and viewer, the save's table checked by the shell's
        own loader on the first call and whenever its actions are not an
        extension of the last ones."""
        table = json.loads(save)["table"]
        actions = table["match"]["actions"]
        if self.state is None or actions[: len(self.actions)] != self.actions:
            self.state = Session.from_save(save).table.state
        else:
            for seat, action in actions[len(self.actions) :]:
                move = self.game.action_from_json(action)
                self.state, _events = self.game.apply(self.state, seat, move)
        self.actions = actions
        viewer: int | None = table["viewer"]
        return self.state, viewer
