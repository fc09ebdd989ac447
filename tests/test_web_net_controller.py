"""Network play's controllers (game/web/net_host.py, game/web/net_guest.py)
under CPython: a host and guest controllers wired through an in-memory hub,
carrying out the effects the browser layer would (frames, storage, the sealed
record, screens, the host's bots thinking in slices): Boss Quest, and the test
game Duel with its simultaneous commit step."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Callable, Sequence
from html import unescape
from typing import Any

from game.bossquest import GAME
from game.bossquest.ui import CLIENT
from game.engine.search import SearchSettings
from game.net import HostSession
from game.registry import get_game, include_test_games
from game.web.board import LOG_WINDOW
from game.web.log_lines import DescribedLog
from game.web.net_effects import (
    Announce,
    AskInvite,
    CloseLink,
    DropSealed,
    Effect,
    Ended,
    Reconnect,
    Seal,
    Send,
    ShowBoard,
    ShowLobby,
    Store,
    Think,
)
from game.web.net_guest import GuestController, guest_session
from game.web.net_host import HostController
from game.web.net_prefs import GUEST_KEY, HOST_KEY, GuestRecord, HostRecord, guest_key, host_key
from game.web.session import Session
from game.web.settings import parse_settings

#: a small search, so that the hard bot's slices stay quick here
SMALL_SEARCH = SearchSettings(playouts=24, time_budget=5.0, slice_playouts=4)


class Page:
    """What one page's browser layer holds: its storage and its last screen."""

    def __init__(self) -> None:
        self.storage: dict[tuple[str, str], str] = {}
        self.sealed: dict[str, str] = {}
        self.screen: ShowBoard | ShowLobby | None = None
        self.frames: list[str] = []
        self.flags: list[Effect] = []

    @property
    def html(self) -> str:
        assert self.screen is not None
        return self.screen.html

    @property
    def markers(self) -> dict[str, str]:
        assert isinstance(self.screen, ShowBoard)
        return dict(self.screen.markers)


class Hub:
    """A host controller and its guests' controllers, frames queued between them."""

    def __init__(self, host: HostController) -> None:
        self.host = host
        self.host_page = Page()
        self.guests: dict[str, GuestController] = {}
        self.pages: dict[str, Page] = {}
        self.queue: deque[tuple[str, str, str]] = deque()
        self.count = 0
        self.bot_slices = 0
        self.run_host(host.begin())

    # the effects, as the page carries them out

    def run_host(self, effects: list[Effect]) -> None:
        for fx in effects:
            if isinstance(fx, Send):
                self.queue.append(("to_guest", fx.peer, fx.text))
            else:  # a link closes a moment later: its goodbye frames get out first
                self._common(self.host_page, fx)

    def run_guest(self, peer: str, effects: list[Effect]) -> None:
        page = self.pages[peer]
        for fx in effects:
            if isinstance(fx, Send):
                assert fx.peer == ""
                self.queue.append(("to_host", peer, fx.text))
            else:
                self._common(page, fx)

    def run(self, who: str, effects: list[Effect]) -> None:
        """Effects of the host's controller (`who` "host") or a guest's (its peer)."""
        if who == "host":
            self.run_host(effects)
        else:
            self.run_guest(who, effects)

    def _common(self, page: Page, fx: Effect) -> None:
        if isinstance(fx, Store):
            if fx.value is None:
                page.storage.pop((fx.area, fx.key), None)
            else:
                page.storage[(fx.area, fx.key)] = fx.value
        elif isinstance(fx, Seal):
            page.sealed[fx.room] = fx.text
        elif isinstance(fx, DropSealed):
            page.sealed.pop(fx.room, None)
        elif isinstance(fx, ShowBoard | ShowLobby):
            page.screen = fx
        elif isinstance(fx, Announce | Think | Reconnect | AskInvite | Ended | CloseLink):
            page.flags.append(fx)

    # connections

    def join(self, name: str, record: GuestRecord | None = None) -> str:
        self.count += 1
        peer = f"peer-{self.count}"
        game = self.host.host.game  # the host's game: the page's, on both sides
        session = guest_session(game, "dev", name, record)
        ctrl = GuestController(session, game, "tabs", self.host.room, lang="en")
        self.guests[peer] = ctrl
        page = self.pages[peer] = self.pages.get(peer, Page())
        self.run_guest(peer, ctrl.begin())
        self.run_host(self.host.open_peer(peer, "tabs"))
        self.run_guest(peer, ctrl.link_up())
        self.flush()
        assert page.screen is not None
        return peer

    def drop(self, peer: str) -> None:
        """The guest's tab closes: the host sees its link close."""
        self.guests.pop(peer)
        self.queue = deque(item for item in self.queue if item[1] != peer)
        self.run_host(self.host.close_peer(peer))
        self.flush()

    def flush(self) -> None:
        while self.queue:
            direction, peer, text = self.queue.popleft()
            if direction == "to_guest":
                ctrl = self.guests.get(peer)
                if ctrl is not None:
                    self.pages[peer].frames.append(text)
                    self.run_guest(peer, ctrl.receive(text))
            else:
                self.run_host(self.host.receive(peer, text))

    # the host's bots, in slices like net_page's tasks

    def run_bots(self) -> int:
        played = 0
        while self.host.bot_due():
            while not self.host.bot_think(0.0):
                self.bot_slices += 1
            self.run_host(self.host.bot_play())
            self.flush()
            played += 1
        return played


def _host(players: int = 3, *, sealed: bool = False, seed: int = 11) -> HostController:
    session = HostSession.new(GAME, {"players": players}, seed, "Alice")
    return HostController(session, "room-abcdefgh", lang="en", sealed=sealed, search=SMALL_SEARCH)


def _acts(html: str) -> list[str]:
    """The actions of the side panel's buttons (their data-act JSON), in its
    order: a board may offer the same actions on its cards too (data-on="board")."""
    buttons = re.findall(r'<button[^>]*data-cmd="act"[^>]*>', html)
    return [
        unescape(found.group(1))
        for tag in buttons
        if 'data-on="board"' not in tag and (found := re.search(r' data-act="([^"]*)"', tag))
    ]


def _play(
    hub: Hub, rng: random.Random, limit: int = 2000, until: Callable[[], bool] | None = None
) -> None:
    """Everyone plays: the host and the guests click their boards, bots think
    (to the end, or until `until` says so)."""
    for _ in range(limit):
        if hub.host.host.phase == "over" or (until is not None and until()):
            return
        hub.run_bots()
        moved = False
        for who, page in [("host", hub.host_page), *hub.pages.items()]:
            ctrl: Any = hub.host if who == "host" else hub.guests.get(who)
            if ctrl is None or not isinstance(page.screen, ShowBoard):
                continue
            if page.markers.get("phase") == "result":
                hub.run(who, ctrl.board_command("continue"))
                continue
            if page.markers.get("phase") == "human":
                arg = _acts(page.html)
                if arg:
                    text = rng.choice(arg)
                    hub.run(who, ctrl.board_command("act", text))
                    hub.flush()
                    moved = True
                    break
        if not moved and not hub.host.bot_due():
            hub.flush()
    assert hub.host.host.phase == "over" or (until is not None and until())


def _seated(hub: Hub, name: str, seat: int) -> str:
    peer = hub.join(name)
    hub.run_guest(peer, hub.guests[peer].sit(seat))
    hub.flush()
    assert hub.guests[peer].guest.seat == seat
    return peer


# ---------------------------------------------------------------------------


def test_a_whole_game_with_a_guest_and_bots_that_think_in_slices() -> None:
    lobby = Hub(_host(4)).host_page.screen
    assert isinstance(lobby, ShowLobby) and lobby.phase == "host"
    hub = Hub(_host(4))
    peer = _seated(hub, "Bob", 1)
    screen = hub.pages[peer].screen
    assert isinstance(screen, ShowLobby) and screen.phase == "guest"
    hub.run_host(hub.host.lobby_command("net-bot", 2, "hard"))
    hub.run_host(hub.host.lobby_command("net-bot", 3, "easy"))
    hub.flush()
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    assert isinstance(hub.host_page.screen, ShowBoard)
    assert hub.host_page.markers["net"] == "host"
    assert hub.pages[peer].markers["net"] == "guest"
    assert hub.pages[peer].markers["viewer"] == "1"
    _play(hub, random.Random(3))
    # the hard bot thought in several slices, as the local table's does
    assert hub.bot_slices > 0
    assert hub.host.last_thought is not None
    assert hub.host_page.markers["phase"] in ("over", "result")
    assert hub.pages[peer].markers["phase"] in ("over", "result")
    # the guest's record is its name, room, seat and token: nothing of any view
    record = GuestRecord.from_json(hub.pages[peer].storage[("sessionStorage", GUEST_KEY)])
    assert record is not None and record.room == "room-abcdefgh"
    assert "view" not in record.session and "hidden" not in record.session
    # the host kept its match in clear in its tab (it cannot seal here)
    kept = HostRecord.from_json(hub.host_page.storage[("sessionStorage", HOST_KEY)])
    assert kept is not None and HostSession.from_save(GAME, kept.save).phase == "over"


def test_the_guest_never_receives_another_seats_hidden_weapon() -> None:
    hub = Hub(_host(3, seed=5))
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-bot", 2, "normal"))
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    rng = random.Random(9)
    for _ in range(30):
        state = hub.host.host.view_for(None)
        for seat in (0, 2):
            full = hub.host.host.view_for(seat)["seats"][seat]["hidden"]
            if full is not None:
                assert (
                    hub.pages[peer]
                    .storage.get(("sessionStorage", GUEST_KEY), "")
                    .find(f'"hidden":{full}')
                    < 0
                )
        if state["stage"] == "over":
            break
        if hub.host.bot_due():
            hub.run_bots()
            continue
        for who, ctrl in (("host", hub.host), (peer, hub.guests[peer])):
            page = hub.host_page if who == "host" else hub.pages[peer]
            if isinstance(page.screen, ShowBoard) and page.markers["phase"] == "result":
                hub.run(who, ctrl.board_command("continue"))
            elif isinstance(page.screen, ShowBoard) and page.markers["phase"] == "human":
                hub.run(who, ctrl.board_command("act", rng.choice(_acts(page.html))))
                hub.flush()
                break
    # every state frame this guest got is its own view
    for text in hub.pages[peer].frames:
        frame = json.loads(text)
        if frame["t"] == "state":
            for seat, entry in enumerate(frame["view"]["seats"]):
                if seat != 1 and entry["hidden"] is not None:
                    # only a fight or the end shows another's hidden weapon
                    assert frame["view"]["stage"] in ("over", "fight", "result") or frame[
                        "view"
                    ].get("result")


def test_drop_hand_to_a_bot_give_back_and_rejoin_with_the_record() -> None:
    hub = Hub(_host(3))
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-bot", 2, "easy"))
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    record_text = hub.pages[peer].storage[("sessionStorage", GUEST_KEY)]
    hub.drop(peer)
    html = hub.host_page.html
    # the badge comes from the scene: on the strip and on the seat's panel
    assert re.search(
        r'<li class="seat-panel" data-seat="1" data-net="guest" '
        r'data-connected="false" data-dropped="true"',
        html,
    )
    assert 'data-cmd="net-hand" data-seat="1"' in html
    panel = html[html.index('<li class="seat-panel" data-seat="1"') :]
    head = panel[: panel.index("</div>")]
    assert 'data-net-badge="dropped"' in head
    hub.run_host(hub.host.board_command("net-hand", "", 1, "normal"))
    hub.flush()
    assert 'data-cmd="net-back-seat" data-seat="1"' in hub.host_page.html
    assert 'data-net-badge="handed"' in hub.host_page.html
    # the bot plays the seat meanwhile
    before = hub.host.host.version
    for _ in range(40):
        if hub.host.bot_due():
            hub.run_bots()
        elif hub.host_page.markers["phase"] == "human":
            acts = _acts(hub.host_page.html)
            arg = acts[0]
            hub.run_host(hub.host.board_command("act", arg))
        elif hub.host_page.markers["phase"] == "result":
            hub.run_host(hub.host.board_command("continue"))
        else:
            break
        if hub.host.host.version > before + 6:
            break
    assert hub.host.host.version > before
    hub.run_host(hub.host.board_command("net-back-seat", "", 1))
    # the guest's page reloads: its record brings it back to its seat
    record = GuestRecord.from_json(record_text)
    assert record is not None
    back = hub.join("Bob", record)
    assert hub.guests[back].guest.seat == 1
    assert isinstance(hub.pages[back].screen, ShowBoard)
    assert hub.pages[back].markers["viewer"] == "1"
    assert re.search(
        r'<li class="seat-panel" data-seat="1" data-net="guest" '
        r'data-connected="true" data-dropped="false"',
        hub.host_page.html,
    )


def test_the_host_reloads_and_resumes_from_its_record_sealed_or_not() -> None:
    for sealed in (False, True):
        hub = Hub(_host(2, sealed=sealed))
        peer = _seated(hub, "Bob", 1)
        hub.run_host(hub.host.lobby_command("net-start", None, ""))
        hub.flush()
        hub.run_bots()
        if sealed:
            assert ("sessionStorage", HOST_KEY) not in hub.host_page.storage
            text = hub.host_page.sealed["room-abcdefgh"]
        else:
            assert not hub.host_page.sealed
            text = hub.host_page.storage[("sessionStorage", HOST_KEY)]
        record = HostRecord.from_json(text)
        assert record is not None
        version = hub.host.host.version
        # the host's page reloads: a new controller from the record; the guest's link drops
        guest = hub.guests[peer]
        lost = guest.link_lost()
        assert any(isinstance(fx, Reconnect) for fx in lost)
        hub.run_guest(peer, lost)
        assert 'data-status="host" data-connected="false" data-dropped="true"' in (
            hub.pages[peer].html
        )
        session = HostSession.from_save(GAME, record.save)
        host = HostController.from_record(record, session, lang="en", sealed=sealed)
        assert host.host.version == version
        hub.host = host
        hub.run_host(host.begin())
        hub.run_host(host.open_peer(peer, "tabs"))
        hub.run_guest(peer, guest.link_up())
        hub.flush()
        assert guest.guest.seat == 1 and guest.notice is None
        # the game goes on: whoever is to act plays, and the guest's move is accepted
        _play(hub, random.Random(1))
        if sealed:
            hub.run_host(host.leave())
            assert "room-abcdefgh" not in hub.host_page.sealed


_NOTICE = re.compile(r'<p class="notice" role="alert">([^<]*)</p>')


def _notice(html: str) -> str:
    found = _NOTICE.search(html)
    assert found is not None, "no notice on the board"
    return unescape(found.group(1))


def test_a_refused_moves_notice_follows_a_language_switch() -> None:
    """The refusal is kept as its code and worded at each draw: after a switch
    to French the guest's and the host's notices read in French (they stayed
    in the language of the moment of the refusal)."""
    hub = Hub(_host(2))
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    guest = hub.guests[peer]
    while hub.host.host.to_act() != 0:
        hub.run_guest(peer, guest.board_command("act", _acts(hub.pages[peer].html)[0]))
        hub.flush()
    # the guest proposes seat 0's move: the host refuses it (not its turn)
    hub.run_guest(peer, guest.board_command("act", json.dumps(hub.host.host.legal_json(0)[0])))
    hub.flush()
    english = _notice(hub.pages[peer].html)
    assert english.startswith("Refused: ")
    hub.run_guest(peer, guest.set_lang("fr"))
    french = _notice(hub.pages[peer].html)
    assert french.startswith("Refusé : ") and french != english.replace("Refused: ", "Refusé : ")
    hub.run_guest(peer, guest.set_lang("en"))
    assert _notice(hub.pages[peer].html) == english
    # the host's own refused move, then its switch
    hub.run_host(hub.host.board_command("act", '{"type": "nonsense"}'))
    assert _notice(hub.host_page.html).startswith("Refused: ")
    hub.run_host(hub.host.set_lang("fr"))
    assert _notice(hub.host_page.html).startswith("Refusé : ")


def test_refusals_show_in_words_and_change_nothing() -> None:
    hub = Hub(_host(2))
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    guest = hub.guests[peer]
    # the host starts a game whose seats are not all taken: refused, in words
    hub2 = Hub(_host(3))
    hub2.run_host(hub2.host.lobby_command("net-start", None, ""))
    assert hub2.host.notice and 'role="alert"' in hub2.host_page.html
    # a guest's move out of turn (seat 0 acts first) is refused by the host
    while hub.host.host.to_act() != 0:
        acts = _acts(hub.pages[peer].html)
        arg = acts[0]
        hub.run_guest(peer, guest.board_command("act", arg))
        hub.flush()
    version = hub.host.host.version
    legal = hub.host.host.legal_json(0)
    hub.run_guest(peer, guest.board_command("act", json.dumps(legal[0])))
    # a second click before the host answers is not sent
    assert guest.board_command("act", json.dumps(legal[0])) == []
    hub.flush()
    assert hub.host.host.version == version
    assert guest.notice
    assert guest.notice.text("en") in unescape(hub.pages[peer].html)
    assert 'class="notice" role="alert"' in hub.pages[peer].html
    # a bad move from the host itself is refused too
    hub.run_host(hub.host.board_command("act", '{"type": "nonsense"}'))
    assert hub.host.notice and hub.host.host.version == version
    # the host leaves: the guest is told, and its record goes
    hub.run_host(hub.host.leave())
    hub.flush()
    assert any(isinstance(fx, Ended) for fx in hub.pages[peer].flags)
    assert ("sessionStorage", GUEST_KEY) not in hub.pages[peer].storage


def test_a_bad_token_joins_afresh() -> None:
    hub = Hub(_host(2))
    stale = GuestRecord(
        "Bob",
        "room-abcdefgh",
        "tabs",
        '{"name":"Bob","save":"guest","seat":1,"token":"nope-nope-nope","version":1}',
    )
    peer = hub.join("Bob", stale)
    assert hub.guests[peer].guest.token is None
    assert isinstance(hub.pages[peer].screen, ShowLobby)


def test_the_lobby_options_come_from_the_declaration() -> None:
    hub = Hub(_host(3))
    peer = hub.join("Bob")
    declared = GAME.declared_options
    html = hub.host_page.html
    for option in declared.options:
        assert f'data-net-opt="{option.key}"' in html
        assert option.label["en"] in html
    radios = re.findall(r'name="net-players" value="(\d+)"', html)
    assert radios == [str(n) for n in range(declared.min_players, declared.max_players + 1)]
    # a bool option changed: both screens follow, the guest's summary in words
    hub.run_host(hub.host.set_option("potions", True))
    hub.flush()
    assert hub.host.host.options.get("potions") is True
    assert re.search(r'id="net-opt-potions"[^>]*checked', hub.host_page.html)
    summary = hub.pages[peer].html
    assert re.search(
        r"<dt>Potions(<span class=\"net-help\">[^<]+</span>)?</dt><dd>yes</dd>", summary
    )
    hub.run_host(hub.host.set_option("potions", False))
    assert "potions" not in hub.host.host.options  # written only when on
    # from 5 players, an option the rules turn on is ticked and locked
    hub.run_host(hub.host.set_option("players", 5))
    assert re.search(r'id="net-opt-keep_yellow"[^>]*checked disabled', hub.host_page.html)
    hub.host.lang = "fr"
    assert "Les Potions" in hub.host.screen()[0].html  # type: ignore[union-attr]


def test_the_local_board_has_no_network_badge() -> None:
    settings = parse_settings(
        json.dumps(
            {
                "version": 1,
                "lang": "en",
                "players": [
                    {"seat": 0, "name": "Ann", "kind": "human"},
                    {"seat": 1, "name": "Bot", "kind": "bot"},
                ],
                "keep_yellow": False,
            }
        )
    )
    html = Session.new(settings, 3).render("en").html
    assert "net-badge" not in html and "data-net=" not in html


def test_a_refused_frame_is_answered_without_keeping_or_redrawing() -> None:
    """Junk from a peer costs the host one refusal, never a save or a redraw."""
    host = _host(2)
    host.open_peer("p1", "tabs")
    for junk in ("[" * 5000, '{"v":1}', "not json", '"' + '\\"' * 1000):
        effects = host.receive("p1", junk)
        assert effects and all(isinstance(effect, Send) for effect in effects)


# ------------------------------------------------------------------ Duel


def _duel_hub(seed: int) -> tuple[Hub, str]:
    """A Duel hosted by Alice, Bob's guest tab at seat 1, started."""
    include_test_games()
    duel = get_game("duel")
    session = HostSession.new(duel, {"players": 2}, seed, "Alice")
    hub = Hub(HostController(session, "room-duel5678", lang="en", search=SMALL_SEARCH))
    peer = _seated(hub, "Bob", 1)
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    return hub, peer


def _hidden_from_the_guest(frames: list[str], card: int) -> None:
    """Each state frame the guest got while the host's `card` lay face down:
    its own view and events, with neither that card nor a reveal in them."""
    assert frames
    for text in frames:
        frame = json.loads(text)
        if frame["t"] != "state":
            continue
        view = frame["view"]
        assert view["seat"] == 1 and view["committed"][0] is True
        assert card not in view["hand"] and view["my_card"] != card
        assert card not in view["discards"]
        for event in frame["events"]:
            assert event["type"] != "reveal" and "secret" not in event
            if event["type"] == "commit" and event["seat"] == 0:
                assert "card" not in event


def test_a_whole_duel_over_the_hub_keeps_the_hosts_commit_hidden_until_the_reveal() -> None:
    hub, peer = _duel_hub(seed=5)
    host, guest = hub.host, hub.guests[peer]
    hpage, gpage = hub.host_page, hub.pages[peer]
    # every record and announce is Duel's, and the boards are Duel's client's
    assert ("sessionStorage", guest_key("duel")) in gpage.storage
    assert ("sessionStorage", GUEST_KEY) not in gpage.storage
    kept = HostRecord.from_json(hpage.storage[("sessionStorage", host_key("duel"))])
    assert kept is not None and ("sessionStorage", HOST_KEY) not in hpage.storage
    announced = [fx.info for fx in hpage.flags if isinstance(fx, Announce) and fx.info]
    assert announced and all(info["game"] == "duel" for info in announced)
    assert 'data-game="duel"' in hpage.html and 'data-game="duel"' in gpage.html
    rng = random.Random(4)
    reveals = 0
    for _ in range(100):
        if host.host.phase == "over":
            break
        for who, page, ctrl in (("host", hpage, host), (peer, gpage, guest)):
            if page.markers["phase"] == "result":
                hub.run(who, ctrl.board_command("continue"))
        view = host.host.view_for(0)
        if view["stage"] == "swap":
            ctrl, page, who = (host, hpage, "host") if view["turn"] == 0 else (guest, gpage, peer)
            assert page.markers["phase"] == "human"
            hub.run(who, ctrl.board_command("act", rng.choice(_acts(page.html))))
            hub.flush()
            continue
        # the commit step: both seats act at once, each from its own board
        assert view["stage"] == "commit"
        assert hpage.markers["phase"] == gpage.markers["phase"] == "human"
        assert hpage.markers["to-act"] == "0" and gpage.markers["to-act"] == "1"
        host_first = view["round"] != 2  # rounds 1 and 3: the host commits first
        first, second = ((host, hpage, "host"), (guest, gpage, peer))[:: 1 if host_first else -1]
        text = rng.choice(_acts(first[1].html))
        assert json.loads(text)["type"] == "commit"
        card = json.loads(text)["card"]
        seen = len(gpage.frames)
        hub.run(first[2], first[0].board_command("act", text))
        hub.flush()
        # one seat has committed: it waits for the other, who is still to act
        assert first[1].markers["phase"] == "waiting" and second[1].markers["phase"] == "human"
        if host_first:
            _hidden_from_the_guest(gpage.frames[seen:], card)
            assert f'data-card="{card}"' not in gpage.html
            record = GuestRecord.from_json(gpage.storage[("sessionStorage", guest_key("duel"))])
            assert record is not None and "view" not in record.session
        hub.run(second[2], second[0].board_command("act", rng.choice(_acts(second[1].html))))
        hub.flush()
        reveals += 1
        # both are in: the trick is revealed to both, with the result panel
        last = json.loads(gpage.frames[-1])
        assert any(e["type"] == "reveal" and card in e["cards"] for e in last["events"])
        assert gpage.markers["phase"] == hpage.markers["phase"] == "result"
        assert f'data-card="{card}"' in gpage.html  # face up now, on the guest's panel
    assert host.host.phase == "over" and reveals == 3
    for who, page, ctrl in (("host", hpage, host), (peer, gpage, guest)):
        if page.markers["phase"] == "result":
            hub.run(who, ctrl.board_command("continue"))
        assert page.markers["phase"] == "over" and 'id="game-over"' in page.html


def test_a_long_network_game_describes_each_log_event_once() -> None:
    """The boards are drawn after every change, but each event of the log is
    described once per board (log_lines.py), so a render does not cost more
    with every move; the lines are those a fresh description gives."""
    hub = Hub(_host(4))
    peer = _seated(hub, "Bob", 1)
    for seat in (2, 3):
        hub.run_host(hub.host.lobby_command("net-bot", seat, "easy"))
    hub.flush()
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()
    _play(hub, random.Random(5))
    host, guest = hub.host, hub.guests[peer]
    host_events = host.host.events_for(host.host.host_seat)
    assert len(host_events) > 40
    # every event up to the last table drawn (the end panels draw no log), once
    for ctrl, events in ((host, host_events), (guest, guest.guest.events)):
        assert len(events) - 12 <= ctrl.described.described <= len(events)
    fresh = DescribedLog().lines(host_events, host.host.names(), "en", CLIENT.describe)
    assert host.described.lines(host_events, host.host.names(), "en", CLIENT.describe) == fresh


def test_the_kept_log_follows_an_undo_and_a_language_switch() -> None:
    log = DescribedLog()
    calls: list[str] = []

    def describe(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
        calls.append(event["type"])
        return [f"{lang}:{event['type']}:{event['n']}"]

    events = [{"type": "a", "n": i} for i in range(5)]
    assert log.lines(events, ["X"], "en", describe)[-1] == [("a", "en:a:4")]
    log.lines([*events, {"type": "b", "n": 5}], ["X"], "en", describe)
    assert len(calls) == 6  # only the new one
    cut = [*events[:3], {"type": "c", "n": 3}]  # an undo cut the tail, another move came
    assert [lines[0][1] for lines in log.lines(cut, ["X"], "en", describe)] == [
        "en:a:0",
        "en:a:1",
        "en:a:2",
        "en:c:3",
    ]
    assert len(calls) == 7
    assert log.lines(cut, ["X"], "fr", describe)[0] == [("a", "fr:a:0")]
    assert len(calls) == 11  # a language switch describes everything again


def test_network_boards_draw_the_newest_log_lines_and_the_whole_log_on_request() -> None:
    """The host's and a guest's boards draw only the newest LOG_WINDOW lines of
    a long game; each reader may ask for the whole log and go back."""
    hub = Hub(_host(4))
    peer = _seated(hub, "Bob", 1)
    for seat in (2, 3):
        hub.run_host(hub.host.lobby_command("net-bot", seat, "easy"))
    hub.run_host(hub.host.lobby_command("net-start", None, ""))
    hub.flush()

    def long_log() -> bool:
        page = hub.pages[peer]
        return page.markers.get("phase") == "human" and len(_log_ids(page.html)) >= LOG_WINDOW

    _play(hub, random.Random(5), until=long_log)
    assert long_log(), "the game ended before its log grew long"
    guest, page = hub.guests[peer], hub.pages[peer]
    drawn = _log_ids(page.html)
    assert len(drawn) == LOG_WINDOW and drawn[0] > 0 and drawn == sorted(drawn)
    assert 'data-cmd="log-whole"' in page.html
    hub.run(peer, guest.board_command("log-whole"))
    assert _log_ids(page.html) == list(range(drawn[-1] + 1))
    assert 'data-cmd="log-recent"' in page.html
    hub.run(peer, guest.board_command("log-recent"))
    assert _log_ids(page.html) == drawn
    # the host's board answers the same, on its own
    hub.run("host", hub.host.board_command("log-whole"))
    host_lines = _log_ids(hub.host_page.html)
    assert host_lines[0] == 0 and len(host_lines) > LOG_WINDOW
    assert len(_log_ids(page.html)) == LOG_WINDOW


def _log_ids(html: str) -> list[int]:
    return [int(found) for found in re.findall(r'<li class="log-line[^"]*" id="log-(\d+)"', html)]
