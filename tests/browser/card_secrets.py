"""What the card games' browser tests of hidden cards share (Hero Realms, the
Dragon): the board without its log, the page's storage as one text, a tab
table's game played to its end by each seat's strong move, and the check that
no tab holds a card its seat may not see, by id, in its board, its storage or
a frame it received."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Page

from game.net import HostSession
from game.web.net_prefs import NAME_KEY, guest_key, host_key, host_sealed_prefix
from tests.browser.net_play import HiddenCheck, NetPage, sealed_only

#: the board without its log (the log names cards played, never a secret)
BOARD_JS = """() => {
    const view = document.getElementById('board-view').cloneNode(true);
    view.querySelectorAll('.log-panel').forEach((node) => node.remove());
    return view.innerHTML;
}"""

#: local and session storage, one JSON text
STORAGE_JS = """() => {
    const all = {};
    for (const store of [localStorage, sessionStorage]) {
        for (let i = 0; i < store.length; i++) {
            all[store.key(i)] = store.getItem(store.key(i));
        }
    }
    return JSON.stringify(all);
}"""

#: a person's simple strong move, through the board's own controls: answer a
#: card's question, play all gold, play the hand, expend one's champions,
#: attack the opponent with all one's combat (else stun a champion in the
#: way), buy the dearest card one can (unless told not to buy), end the turn.
#: The chosen control is marked `data-pick` (the next render drops the mark),
#: its fold opened.
PICK_JS = """(buys) => {
    const board = document.getElementById('board').dataset;
    const one = (selector) => document.querySelector(selector);
    let pick = (board.asking ? one('#actions [data-cmd=act]') : null)
        || one('.hr-gold-btn')
        || one('.hr-you .hr-hand .hr-card-btn')
        || one('.hr-you [data-zone=champions] .hr-card-btn');
    if (!pick && Number(board.combat) > 0) {
        pick = one('.hr-attack-btn') || one('.hr-seat-list [data-zone=champions] .hr-card-btn');
    }
    if (!pick && buys && Number(board.gold) > 0) {
        const cost = (b) => Number((b.querySelector('.hr-cost b') || {}).textContent || 0);
        const market = [...document.querySelectorAll('.hr-market-row .hr-card-btn')];
        market.sort((a, b) => cost(b) - cost(a));
        pick = market[0] || null;
    }
    pick = pick || one('.hr-end-btn') || one('#actions [data-cmd=act]');
    if (!pick) return '';
    for (let fold = pick.closest('details'); fold; fold = fold.parentElement.closest('details')) {
        fold.open = true;
    }
    pick.setAttribute('data-pick', '');
    return pick.className;
}"""


def pick_strong_move(page: Page, buys: bool = True) -> str:
    """Mark the strong move's control (`PICK_JS`); its classes."""
    picked = str(page.evaluate(PICK_JS, buys))
    assert picked, "a person's turn shows a move"
    return picked


#: the board's version and the strong move marked (`PICK_JS`), at one read
_VERSION_AND_PICK_JS = f"""(buys) => [
    Number(document.getElementById('board').dataset.actions || 0),
    ({PICK_JS})(buys),
]"""


def make_strong_move(page: NetPage, buys: bool = True) -> str:
    """Click the strong move's control (`PICK_JS`) and wait for the host's
    answer (the board past the version it was picked at); its classes."""
    version, picked = page.page.evaluate(_VERSION_AND_PICK_JS, buys)
    assert picked, f"{page.name}: a person's turn shows a move"
    page.front()
    page.page.locator("[data-pick]").click()
    page.board_when(int(version) + 1)
    return str(picked)


class SecretCardsCheck(HiddenCheck):
    """No tab holds a card its seat may not see (`secrets`): not in its board,
    its storage, nor any frame it received (each exactly its own view and its
    own events). A game's check says its secrets and, if it wants, more to
    check on a board (`board_also`)."""

    def secrets(self, state: Any, seat: int) -> set[int]:
        raise NotImplementedError

    def board_also(self, page: NetPage, host: HostSession, seat: int, html: str) -> None:
        """More checks of a seat's board (nothing by default)."""

    def _check_guest(
        self, guest: NetPage, host: HostSession, seat: int, states: Sequence[Any]
    ) -> None:
        game = self.game.name
        self._board(guest, host, seat)
        stored = guest.storage()
        assert set(stored["session"]) <= {guest_key(game), NAME_KEY}, stored["session"]
        assert host_key(game) not in stored["local"]
        self._stored(guest, {**stored, "idb": guest.indexed_db()}, host, seat)
        self._frames(guest, host, seat, states)

    def _check_host(self, host: HostSession) -> None:
        seat = int(self.host.marker("viewer"))
        self._board(self.host, host, seat)
        self._stored(self.host, self.host.storage()["local"], host, seat)

    def _board(self, page: NetPage, host: HostSession, seat: int) -> None:
        assert host.state is not None
        secrets = self.secrets(host.state, seat)
        self.secrets_seen += len(secrets)
        page.board_when(host.version, host.version)
        html = str(page.page.evaluate(BOARD_JS))
        for card in secrets:
            assert f'data-card="{card}"' not in html, (page.name, card)
        self.board_also(page, host, seat, html)

    def _stored(self, page: NetPage, stored: dict[str, Any], host: HostSession, seat: int) -> None:
        """The host's record sealed; no view, hand, match nor seed, no secret card."""
        assert host.state is not None
        local = stored.get("local", stored)
        for key, text in local.items():
            if key.startswith(host_sealed_prefix(self.game.name)):
                local[key] = sealed_only(text)
        dump = json.dumps(stored, ensure_ascii=False)
        for word in ('"view"', '"hand"', '"match"', '"actions"', '"seed"'):
            assert word not in dump, (page.name, word)
        for card in self.secrets(host.state, seat):
            assert f'data-card="{card}"' not in dump, (page.name, card)


def play_over_tabs(pages: Sequence[NetPage], check: HiddenCheck, every: int, limit: int) -> int:
    """Play the tabs' game to its end (the first page hosts it), each step the
    seat to act making its move (its page's `act`), the check run every
    `every` actions; the actions played (at most `limit`)."""
    host = pages[0]
    seats = {int(page.marker("viewer")): page for page in pages}
    checked = -every
    # one read of the host's markers: its board may move on between two reads
    board = host.board_when(0)
    while True:
        version = int(board["actions"])
        if board.get("over") == "true":
            return version
        assert version < limit, "the game does not end"
        if version - checked >= every:
            check.run()
            checked = version
        page = seats[int(board["toAct"])]
        if not page.ready_to_act(version):
            board = host.board_when(version)  # a state still on its way: look again
            continue
        page.act(random.Random())
        board = host.board_when(version + 1)
