"""A hostile host against a guest (issue #27, defect 7): a state frame with an
empty view, a hand holding a card id that does not exist, or an event naming
an unknown card. The guest's session refuses each whole (its game's checker,
``Game.check_received``), its controller keeps the last good board and says so
in one line of the page's language, and nothing raises; the next good frame
clears the line. Every game, through the controllers of game/web under
CPython."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from html import escape
from typing import Any

import pytest

from game.engine.protocol import Game
from game.net import HostSession
from game.registry import get_game, include_test_games
from game.web.net_effects import Send, ShowBoard
from game.web.net_guest import GuestController
from game.web.net_host import HostController
from game.web.net_strings import ntr
from tests.test_web_net_controller import SMALL_SEARCH, Hub

Frame = dict[str, Any]
GUEST_SEAT = 1

# ---------------------------------------------------- what a hostile host sends


def _empty_view(frame: Frame) -> str:
    frame["view"] = {}
    return "view"


def _unknown_card_in_hand(frame: Frame) -> str:
    view = frame["view"]
    if view.get("game") == "bossquest":  # a knight's hand: its hidden weapon and the rest
        view["seats"][GUEST_SEAT]["hidden"] = 999
        return f"view.seats[{GUEST_SEAT}].hidden"
    view["hand"][0] = 999
    return "view.hand[0]"


def _unknown_card_in_event(frame: Frame) -> str:
    event = {
        "duel": {"type": "swap", "seat": 0, "discarded": 999},
        "bossquest": {"type": "ask", "seat": 0, "count": 1, "cards": [999]},
        "theboss": {"type": "play", "seat": 0, "card": 999, "city": 1},
    }[_game_of(frame)]
    frame["events"] = [*frame["events"], event]
    return f"events[{len(frame['events']) - 1}]"


def _game_of(frame: Frame) -> str:
    return str(frame["v"]).split("/")[1]


HOSTILE: dict[str, Callable[[Frame], str]] = {
    "an empty view": _empty_view,
    "an unknown card id in the hand": _unknown_card_in_hand,
    "an event naming an unknown card": _unknown_card_in_event,
}

GAMES = ("duel", "bossquest", "theboss")


def _started(name: str, lang: str) -> tuple[Hub, str]:
    """A two-player game hosted by Alice, Bob's guest tab at seat 1, started."""
    include_test_games()
    game: Game[Any, Any] = get_game(name)
    session = HostSession.new(game, {"players": 2}, 5, "Alice")
    hub = Hub(HostController(session, "room-hostile1", lang="en", search=SMALL_SEARCH))
    peer = hub.join("Bob")
    hub.run_guest(peer, hub.guests[peer].sit(GUEST_SEAT))
    hub.flush()
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    hub.run_guest(peer, hub.guests[peer].set_lang(lang))
    return hub, peer


def _last_state(hub: Hub, peer: str) -> Frame:
    frames: list[Frame] = [json.loads(text) for text in hub.pages[peer].frames]
    return [frame for frame in frames if frame["t"] == "state"][-1]


def _kept(ctrl: GuestController) -> dict[str, Any]:
    guest = ctrl.guest
    fields = ("version", "phase", "view", "legal", "events", "seats", "outcome", "seat", "token")
    return copy.deepcopy({key: getattr(guest, key) for key in fields})


_NOTICE = re.compile(r'<p class="notice[^"]*" role="alert">[^<]*</p>')


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", GAMES)
def test_a_hostile_state_frame_is_ignored_whole_and_the_board_stays(name: str, lang: str) -> None:
    hub, peer = _started(name, lang)
    ctrl, page = hub.guests[peer], hub.pages[peer]
    assert isinstance(page.screen, ShowBoard)
    board, markers = page.html, page.markers
    kept = _kept(ctrl)
    good = _last_state(hub, peer)
    line = ntr("host_frame_refused", lang)
    for what, mutate in HOSTILE.items():
        frame = copy.deepcopy(good)
        frame["n"] = ctrl.guest.host_n + 1
        field = mutate(frame)
        effects = ctrl.receive(json.dumps(frame))
        # refused whole: nothing of the session changed, its reason names the field
        assert _kept(ctrl) == kept, what
        assert ctrl.guest.last_ignored is not None
        code, reason = ctrl.guest.last_ignored
        assert code == "malformed" and field in reason, (what, reason)
        assert not any(isinstance(effect, Send) for effect in effects), what
        # the last good board, with one line that says what happened
        shown = [effect for effect in effects if isinstance(effect, ShowBoard)]
        assert len(shown) == 1, what
        hub.run_guest(peer, effects)
        assert escape(line, quote=True) in page.html, what
        assert _NOTICE.sub("", page.html) == _NOTICE.sub("", board), what
        assert page.markers == markers, what
    assert "\n" not in line and len(line) < 120 and "Traceback" not in line
    # the next good frame is taken again, and the line goes
    again = {**good, "n": ctrl.guest.host_n + 1, "from": 0}
    again["events"] = kept["events"]
    assert ctrl.guest.receive(json.dumps(again)) == "state"
    hub.run_guest(peer, ctrl.receive(json.dumps({**again, "n": ctrl.guest.host_n + 1})))
    assert escape(line, quote=True) not in page.html


@pytest.mark.parametrize("name", GAMES)
def test_the_guest_session_refuses_each_hostile_frame_before_any_renderer(name: str) -> None:
    """The session alone (the page's renderer never sees what it refuses): each
    hostile frame is "ignored", the view and log stay the last good ones."""
    hub, peer = _started(name, "en")
    guest = hub.guests[peer].guest
    good = _last_state(hub, peer)
    view, events = copy.deepcopy(guest.view), copy.deepcopy(guest.events)
    for what, mutate in HOSTILE.items():
        frame = copy.deepcopy(good)
        frame["n"] = guest.host_n + 1
        mutate(frame)
        assert guest.receive(json.dumps(frame)) == "ignored", what
        assert guest.view == view and guest.events == events, what


@pytest.mark.parametrize("name", GAMES)
def test_lobby_options_the_game_would_not_take_are_ignored(name: str) -> None:
    """The lobby draws the host's options: only options the game normalizes to
    themselves are kept (a count of players that is text, an unknown option,
    a missing one are refused whole)."""
    include_test_games()
    game = get_game(name)
    host = HostSession.new(game, {"players": 2}, 5, "Alice")
    hub = Hub(HostController(host, "room-hostile2", lang="en", search=SMALL_SEARCH))
    peer = hub.join("Bob")
    guest = hub.guests[peer].guest
    frames = [json.loads(text) for text in hub.pages[peer].frames]
    good = [frame for frame in frames if frame["t"] == "lobby"][-1]
    lobby = copy.deepcopy(guest.lobby)
    for options in ({**good["options"], "players": "2"}, {**good["options"], "zz": 1}, {}):
        frame = {**good, "n": guest.host_n + 1, "options": options}
        assert guest.receive(json.dumps(frame)) == "ignored", options
        assert guest.lobby == lobby and guest.last_ignored is not None
        assert guest.last_ignored[1].startswith("lobby.options"), guest.last_ignored
