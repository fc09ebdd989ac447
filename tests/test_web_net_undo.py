"""The network board's undo button and its log line (issue #28), through the
host's and a guest's controllers: the button is drawn as the local game draws
it, a click takes the move back on every board, and a refused one says why."""

from __future__ import annotations

import json
import random

from game.bossquest import GAME
from game.net import HostSession
from game.web.net_host import HostController
from tests.test_web_net_controller import SMALL_SEARCH, Hub, Page, _seated


def _table(seed: int) -> tuple[Hub, str]:
    session = HostSession.new(GAME, {"players": 2}, seed, "Alice")
    host = HostController(session, "room-abcdefgh", lang="en", search=SMALL_SEARCH)
    hub = Hub(host)
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    return hub, peer


def _click(hub: Hub, who: str, cmd: str, arg: str = "") -> None:
    if who == "host":
        hub.run_host(hub.host.board_command(cmd, arg))
    else:
        hub.run_guest(who, hub.guests[who].board_command(cmd, arg))
    hub.flush()


def _play_until_undo(hub: Hub, peer: str, seat: int, rng: random.Random) -> None:
    """Both seats click random moves until `seat` may take back its last one."""
    session = hub.host.host
    for _ in range(600):
        if session.may_undo(seat):
            return
        if hub.host_page.markers.get("phase") == "result":
            _click(hub, "host", "continue")
        if hub.pages[peer].markers.get("phase") == "result":
            _click(hub, peer, "continue")
        mover = session.to_act()
        assert mover is not None, "the game ended before an undo was possible"
        action = json.dumps(GAME.action_to_json(rng.choice(session.legal_actions(mover))))
        _click(hub, "host" if mover == 0 else peer, "act", action)
    raise AssertionError("no undo possible within 600 moves")


def _undo_button(page: Page) -> str | None:
    html = page.html
    at = html.find('data-cmd="undo"')
    if at < 0:
        return None
    tag = html[html.rfind("<button", 0, at) : html.find(">", at)]
    return tag.split('data-undo="')[1].split('"')[0]


def test_a_guest_takes_back_a_move_from_its_board() -> None:
    hub, peer = _table(21)
    _play_until_undo(hub, peer, 1, random.Random(4))
    session = hub.host.host
    guest_page = hub.pages[peer]
    assert _undo_button(guest_page) == "allowed"
    assert _undo_button(hub.host_page) is None  # not the host's turn: no button
    version, actions = session.version, len(session.match.actions)
    _click(hub, peer, "undo")
    assert session.version == version + 1 and len(session.match.actions) == actions - 1
    for page in (guest_page, hub.host_page):
        assert "Bob took back a move." in page.html
        assert page.markers["actions"] == str(session.version)
    hub.run_guest(peer, hub.guests[peer].set_lang("fr"))
    assert "Bob a repris son dernier coup." in guest_page.html


def test_the_host_takes_back_a_move_and_a_refused_undo_says_why() -> None:
    hub, peer = _table(23)
    _play_until_undo(hub, peer, 0, random.Random(6))
    session = hub.host.host
    assert _undo_button(hub.host_page) == "allowed"
    _click(hub, "host", "undo")
    assert "Alice took back a move." in hub.pages[peer].html
    assert _undo_button(hub.host_page) == "refused"
    version = session.version
    _click(hub, "host", "undo")  # a refused button still answers, in words
    assert session.version == version
    assert "You cannot undo:" in hub.host_page.html
    hub.run_host(hub.host.set_lang("fr"))
    _click(hub, "host", "undo")
    assert "Impossible d’annuler : " in hub.host_page.html
