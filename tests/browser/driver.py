"""Play any registered game through the shell's controls, for the shared
browser tests: the menu (``#count-choices``, each seat's person/bot choice,
``#start``), the board's markers (``#board[data-phase]``, ``data-seq``) and
the moves the shell draws as ``#actions [data-cmd=act]`` buttons. A new game
gets the shared browser coverage by registering; it writes browser tests only
for what is its own. Every wait is on a marker the page sets, never on time."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from playwright.sync_api import Page

from game.registry import GAMES, TEST_GAMES
from tests.browser.conftest import App

#: every phase but "bot" waits for someone at the device
SETTLED = "#board[data-phase]:not([data-phase='bot'])"

#: a move: every action control of the dock, wherever the game put it
MOVES = "#actions [data-cmd=act]"

#: the outermost closed <details> group around a move (the ancestor axis counts
#: from the nearest, so the outermost is the last)
_CLOSED_GROUP = "xpath=ancestor::details[not(@open)][last()]"


def registered_games() -> list[str]:
    """The games the site offers, from the registry (test games left out: a
    test of the same process may have added them, ``include_test_games``)."""
    return [name for name in GAMES if name not in TEST_GAMES]


class GameDriver:
    """One game on one page, played by clicks."""

    def __init__(self, app: App, game: str, rng: random.Random | None = None) -> None:
        self.app = app
        self.game = game
        self.rng = rng or random.Random(0)

    @property
    def page(self) -> Page:
        return self.app.page

    def start(
        self, players: int, humans: Sequence[int] = (0,), *, seed: int = 1, open_page: bool = True
    ) -> str:
        """Open the game's menu in English (bots at once, the deal from `seed`;
        without `open_page`, the page's menu as it is), seat people and bots,
        press Start; the first settled phase."""
        page = self.page
        page.emulate_media(reduced_motion="reduce")
        if open_page:
            self.app.open(f"?game={self.game}&botdelay=0&seed={seed}")
        page.locator(".lang-btn[data-lang='en']").click()
        page.locator("#count-choices label", has_text=str(players)).click()
        for seat in range(players):
            kind = "human" if seat in humans else "bot"
            page.locator(
                f"#seats .seat[data-seat='{seat}'] label:has(input[value='{kind}'])"
            ).click()
        self.app.wait_ready()
        assert page.get_attribute("html", "data-game") == self.game
        page.locator("#start").click()
        page.wait_for_selector("#board[data-phase]", state="attached")
        return self.settle()

    def settle(self) -> str:
        self.page.wait_for_selector(SETTLED, state="attached")
        return self.marker("phase")

    def marker(self, name: str) -> str:
        return str(self.page.get_attribute("#board", f"data-{name}") or "")

    def click(self, selector: str, index: int = 0) -> str:
        """Click and wait for the board to move on (its `data-seq`) and settle."""
        seq = self.marker("seq")
        self.page.locator(selector).nth(index).click()
        self.page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
        return self.settle()

    def move(self) -> str:
        """A person's move, one of the dock's actions at random, its groups
        opened first as a person would."""
        moves = self.page.locator(MOVES)
        count = moves.count()
        assert count, f"{self.game}: a person's turn shows no action"
        pick = self.rng.randrange(count)
        # a group holding it is opened first, as a person would, by its summary
        for _ in range(8):
            closed = moves.nth(pick).locator(_CLOSED_GROUP)
            if not closed.count():
                break
            closed.locator("xpath=./summary").click()
        return self.click(MOVES, pick)

    def step(self, phase: str) -> str:
        """Whatever the phase asks of the person at the device."""
        if phase == "result":
            return self.click("#round-result [data-cmd=continue]")
        if phase == "curtain":
            return self.click("#curtain [data-cmd=reveal]")
        assert phase == "human", f"{self.game}: unexpected phase {phase!r}"
        return self.move()

    def phases(self, limit: int = 3000) -> Iterator[str]:
        """Each settled phase, from now to the game's end, playing between them."""
        phase = self.settle()
        for _ in range(limit):
            yield phase
            if phase == "over":
                return
            phase = self.step(phase)
        raise AssertionError(f"{self.game}: the game did not end in {limit} steps")

    def play_until(self, wanted: Callable[[Page, str], bool], limit: int = 3000) -> Page:
        """Play until `wanted(page, phase)`; fails if the game ends first."""
        for phase in self.phases(limit):
            if wanted(self.page, phase):
                return self.page
        raise AssertionError(f"{self.game}: the game ended before the wanted moment")
