"""Around the table, through the controllers (game/web/net_host.py,
net_guest.py) as the page runs them: a spectator's board, the host's cap of
spectators in its lobby and its record, reactions shown beside the seat and a
burst refused, the rematch in one click, a dropped seat handed to a bot of
any level."""

from __future__ import annotations

import random
import re
from html import unescape

from game.bossquest.ui.client import open_view
from game.net import HostSession
from game.net.host import DEFAULT_SPECTATORS
from game.web.net_effects import Effect, Send, ShowBoard, ShowLobby, ShowReaction
from game.web.net_host import HostController
from game.web.net_prefs import HostRecord
from tests.test_web_net_controller import Hub, _host, _play, _seated


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def reactions(effects: list[Effect]) -> list[ShowReaction]:
    return [fx for fx in effects if isinstance(fx, ShowReaction)]


def started(players: int = 3, seed: int = 11) -> tuple[Hub, str, str]:
    """A host, Bob at 1 and Chloé at 2, the game started."""
    hub = Hub(_host(players, seed=seed))
    bob, chloe = _seated(hub, "Bob", 1), _seated(hub, "Chloé", 2)
    if players > 3:
        hub.run_host(hub.host.lobby_command("net-bot", 3, "easy"))
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    return hub, bob, chloe


def test_the_host_chooses_how_many_may_watch_and_keeps_it() -> None:
    hub = Hub(_host(3))
    lobby = hub.host_page.screen
    assert isinstance(lobby, ShowLobby)
    assert f'id="net-spectators" min="0" max="32" value="{DEFAULT_SPECTATORS}"' in lobby.html
    hub.run_host(hub.host.set_spectators(0))
    assert 'id="net-spectators" min="0" max="32" value="0"' in hub.host_page.html
    record = HostRecord.from_json(hub.host.record().to_json())
    assert record is not None and record.spectators == 0
    again = HostController.from_record(
        record, HostSession.from_save(hub.host.host.game, record.save)
    )
    assert again.host.spectator_cap == 0
    # A refused cap changes nothing and says why.
    hub.run_host(hub.host.set_spectators(99))
    assert hub.host.host.spectator_cap == 0 and "Refused" in hub.host_page.html
    # A record from before the cap was kept reads as the default.
    old = '{"room":"room-abcdefgh","save":"x","seen_result":0,"devices":[]}'
    assert HostRecord.from_json(old) == HostRecord("room-abcdefgh", "x", 0, ())
    assert HostRecord.from_json(old[:-1] + ',"spectators":33}') is None


def test_a_spectator_watches_without_a_hidden_card_then_sees_everything() -> None:
    hub, _bob, _chloe = started(seed=7)
    fan = hub.join("Fan")
    page = hub.pages[fan]
    assert isinstance(page.screen, ShowBoard)
    assert page.markers["net"] == "spectator" and page.markers["viewer"] == ""
    assert "You are watching Alice's game" in unescape(page.html)
    assert 'data-cmd="act"' not in page.html and "net-react" not in page.html
    assert hub.guests[fan].guest.view == hub.host.host.view_for(None)
    # the host's strip counts the spectators
    assert 'data-spectators="1"' in hub.host_page.html and "1 spectator<" in hub.host_page.html
    _play(hub, random.Random(4))
    assert hub.guests[fan].guest.view == open_view(hub.host.host.state)
    assert page.markers["phase"] in ("over", "result")


def test_a_reaction_shows_beside_the_seat_and_a_burst_is_refused() -> None:
    hub, bob, chloe = started(seed=8)
    hub.host.host.clock = Clock()
    fan = hub.join("Fan")
    guest = hub.guests[bob]
    hub.run_guest(bob, guest.board_command("net-react-menu"))
    html = hub.pages[bob].html
    assert 'aria-expanded="true"' in html and html.count('data-cmd="net-react"') == 10
    effects: dict[str, list[Effect]] = {"host": []}
    sent = guest.board_command("net-react", "well_played")
    assert any(isinstance(fx, Send) for fx in sent)
    hub.run_guest(bob, sent)
    assert 'aria-expanded="false"' in hub.pages[bob].html  # the picker closed
    # deliver by hand, to see each page's effects
    while hub.queue:
        direction, peer, text = hub.queue.popleft()
        if direction == "to_host":
            out = hub.host.receive(peer, text)
            effects["host"] += out
            hub.run_host(out)
        elif peer in hub.guests:
            out = hub.guests[peer].receive(text)
            effects.setdefault(peer, []).extend(out)
            hub.run_guest(peer, out)
    for who in ("host", chloe, fan, bob):
        shown = reactions(effects[who])
        assert [(r.seat, r.reaction, r.text) for r in shown] == [
            (1, "well_played", "Bob: Well played!")
        ]
    # A second reaction at once: refused with the reason, nothing else changes.
    save = hub.host.host.to_save()
    hub.run_guest(bob, guest.board_command("net-react", "wave"))
    hub.flush()
    assert "Refused: one reaction every two seconds at most" in hub.pages[bob].html
    assert hub.host.host.to_save() == save
    # The host reacts too, under the same limit.
    out = hub.host.board_command("net-react", "laugh")
    assert [(r.seat, r.text) for r in reactions(out)] == [(0, "Alice: Ha ha")]
    hub.run_host(out)
    hub.flush()
    assert hub.guests[fan].guest.reaction == (0, "laugh")
    out = hub.host.board_command("net-react", "wow")
    assert reactions(out) == []
    hub.run_host(out)
    assert "Refused: one reaction every two seconds at most" in hub.host_page.html


def past_the_last_result(hub: Hub) -> None:
    """Every screen acknowledges the last round's result: the end panel shows."""
    hub.run_host(hub.host.board_command("continue"))
    for peer, guest in hub.guests.items():
        hub.run_guest(peer, guest.board_command("continue"))


def test_a_rematch_accepted_in_one_click_starts_by_itself() -> None:
    hub, bob, chloe = started(seed=9)
    _play(hub, random.Random(5))
    past_the_last_result(hub)
    assert hub.host_page.markers["phase"] == "over"
    assert 'data-cmd="net-rematch"' in hub.host_page.html
    hub.run_host(hub.host.board_command("net-rematch"))
    hub.flush()
    for peer in (bob, chloe):
        assert 'data-rematch="waiting"' in hub.pages[peer].html
        assert 'data-cmd="net-rematch-yes"' in hub.pages[peer].html
    assert 'data-rematch="offered"' in hub.host_page.html
    hub.run_guest(bob, hub.guests[bob].board_command("net-rematch-yes"))
    hub.flush()
    assert 'data-rematch="yes"' in hub.pages[bob].html
    assert re.search(r'data-seat="1" data-answer="yes">Bob · accepted', hub.host_page.html)
    assert hub.host.host.phase == "over"
    hub.run_guest(chloe, hub.guests[chloe].board_command("net-rematch-yes"))
    hub.flush()
    assert hub.host.host.phase == "playing" and hub.host.host.version >= 0
    for peer in (bob, chloe):
        assert hub.pages[peer].markers["phase"] in ("human", "bot", "waiting")
        assert hub.guests[peer].guest.version == hub.host.host.version
    assert [seat.handed for seat in hub.host.host.seats] == [None, None, None]
    # the new game's round results are new to every screen
    assert hub.host.seen_result == 0
    assert all(guest.seen_result == 0 for guest in hub.guests.values())


def test_the_host_starts_the_rematch_without_a_guest_who_declined() -> None:
    hub, _bob, chloe = started(seed=10)
    _play(hub, random.Random(6))
    past_the_last_result(hub)
    hub.run_host(hub.host.board_command("net-rematch"))
    hub.flush()
    hub.run_guest(chloe, hub.guests[chloe].board_command("net-rematch-no"))
    hub.flush()
    assert "You declined" in hub.pages[chloe].html
    hub.run_host(hub.host.board_command("net-rematch-start"))
    hub.flush()
    assert [seat.handed for seat in hub.host.host.seats] == [None, "normal", "normal"]
    assert hub.pages[chloe].markers["net"] == "guest"


def test_a_dropped_seat_is_handed_to_a_bot_of_the_hosts_choice() -> None:
    hub, bob, _chloe = started(seed=12)
    hub.drop(bob)
    html = hub.host_page.html
    for level in ("easy", "normal", "hard"):
        assert f'data-cmd="net-hand" data-seat="1" data-level="{level}"' in html
    hub.run_host(hub.host.board_command("net-hand", "", 1, "hard"))
    assert hub.host.host.bot_level(1) == "hard"
    assert 'data-cmd="net-back-seat" data-seat="1"' in hub.host_page.html
