"""A network host may take any seat (not always seat 0), and the lobby shows
the table's mode and each seat's role (game/net/host.py, game/web/net_view.py,
game/web/net_host.py), on Boss Quest and on the test game of modes_game.py."""

from __future__ import annotations

import json
import re

import pytest

from game import registry
from game.bossquest import GAME as BOSSQUEST
from game.duel.ui import CLIENT as DUEL_CLIENT
from game.net import HostSession
from game.net.frames import SessionError
from game.net.seats import Seat
from game.registry import GAMES
from game.web.mode_words import MODE_WORDS
from game.web.net_host import HostController
from game.web.net_page import _menu_options
from game.web.net_view import render_lobby, seat_statuses
from tests.modes_game import GAME as RACE


@pytest.fixture
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, RACE.name, RACE)
    # the lobby asks a client only for its listing (bot names): the Duel's serves
    monkeypatch.setitem(registry._clients, RACE.name, DUEL_CLIENT)


def test_the_host_takes_another_seat_in_the_lobby_and_plays_it() -> None:
    host = HostSession.new(BOSSQUEST, {"players": 3}, 5, "Alice")
    assert host.host_seat == 0
    host.take_seat(2)
    assert [seat.kind for seat in host.seats] == ["open", "open", "host"]
    assert host.host_seat == 2 and host.seats[2].name == "Alice"
    with pytest.raises(SessionError, match="seat 2 is the host's"):
        host.set_bot(2, "easy")
    host.fill_with_bots("easy")
    host.start()
    with pytest.raises(SessionError):
        host.take_seat(0)  # only in the lobby
    played = 0
    for _ in range(400):
        if host.phase == "over":
            break
        due = host.bot_due()
        if due is not None:
            assert due != 2
            host.bot_act(due, host.legal_json(due)[0])
        else:
            assert 2 in host.acting()
            host.host_act(host.legal_json(2)[0])
            played += 1
    assert played > 0


def test_a_guest_seat_cannot_be_taken_and_a_bot_seat_can() -> None:
    host = HostSession.new(BOSSQUEST, {"players": 3}, 5, "Alice")
    host.set_bot(1, "hard")
    host.take_seat(1)  # the bot makes way
    assert [seat.kind for seat in host.seats] == ["open", "host", "open"]
    host.seats[2] = Seat("guest", "Bob")
    with pytest.raises(SessionError, match="seat 2 is taken"):
        host.take_seat(2)
    with pytest.raises(SessionError, match="there is no seat"):
        host.take_seat(7)


def test_the_hosts_seat_survives_a_save_and_a_smaller_table() -> None:
    host = HostSession.new(BOSSQUEST, {"players": 4}, 5, "Alice")
    host.take_seat(3)
    again = HostSession.from_save(BOSSQUEST, host.to_save())
    assert again.host_seat == 3
    host.set_bot(0, "easy")
    host.set_options({"players": 2})
    # seat 3 is gone: the host sits at the first open seat left
    assert [seat.kind for seat in host.seats] == ["bot", "host"]


def test_the_lobby_shows_each_seats_role_and_lets_the_host_choose_one(
    race_registered: None,
) -> None:
    host = HostSession.new(RACE, {"players": 4, "mode": "party"}, 1, "Alice")
    seats = seat_statuses(host.seats_status())
    html = render_lobby("host", seats, host.options, "en", game=RACE.name, own_seat=0)
    roles = re.findall(r'<li class="net-seat" data-seat="(\d)"[^>]* data-role="(\w+)"', html)
    assert roles == [("0", "dragon"), ("1", "hero"), ("2", "hero"), ("3", "hero")]
    assert html.count('class="tag net-seat-role" data-role="hero">Hero</span>') == 3
    assert 'data-cmd="net-take" data-seat="1" aria-label="Take seat 2 (Hero)"' in html
    assert 'data-cmd="net-take" data-seat="0"' not in html  # the host's own
    # the mode list, and only the party's player counts
    assert '<option value="party" selected>The party against the Dragon</option>' in html
    counts = re.findall(r'name="net-players" value="(\d)"', html)
    assert counts == ["3", "4", "5"]
    french = render_lobby("guest", seats, host.options, "fr", game=RACE.name, own_seat=None)
    assert 'data-role="dragon">Dragon</span>' in french and ">Héros</span>" in french
    assert f"<dt>{MODE_WORDS('mode', 'fr')}</dt><dd>Le groupe contre le dragon</dd>" in french


def test_a_game_of_one_role_shows_no_role_nor_mode() -> None:
    host = HostSession.new(BOSSQUEST, {"players": 3}, 1, "Alice")
    html = render_lobby(
        "host", seat_statuses(host.seats_status()), host.options, "en", game="bossquest", own_seat=0
    )
    assert "data-role" not in html and "net-opt-mode" not in html
    assert 'data-cmd="net-take" data-seat="1" aria-label="Take seat 2"' in html


def test_the_host_page_moves_its_seat_and_its_mode(race_registered: None) -> None:
    session = HostSession.new(RACE, {"players": 2}, 1, "Alice")
    control = HostController(session, "room-abcdefgh", lang="en")
    control.set_option("mode", "party")
    # the free race's 2 players are too few for the party: its default count
    assert session.options == {"players": 4, "mode": "party"}
    control.lobby_command("net-take", 3, "")
    assert session.host_seat == 3
    control.set_option("mode", "race")
    assert session.options == {"players": 4}  # the default mode is not written


def test_hosting_from_the_menu_keeps_its_mode() -> None:
    players = [{"seat": i} for i in range(4)]
    chosen = json.dumps({"players": players, "mode": "party", "target": 6})
    assert _menu_options(RACE, chosen) == {"players": 4, "mode": "party", "target": 6}
    # a set the party refuses (too few, or a sprint): the party's own defaults
    refused = json.dumps({"players": players[:2], "mode": "party"})
    assert _menu_options(RACE, refused) == {"players": 4, "mode": "party"}
    sprint = json.dumps({"players": players, "mode": "party", "sprint": True})
    assert _menu_options(RACE, sprint) == {"players": 4, "mode": "party"}
    unknown = json.dumps({"players": players[:3], "mode": "lair"})
    assert _menu_options(RACE, unknown) == {"players": 3}
