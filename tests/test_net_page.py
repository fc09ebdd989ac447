"""The game page's network play as a worker's controller (game/web/net_page.py),
under CPython: host and guest tabs, each a ``GamePage`` with a ``NetPage``,
wired through an in-memory double of their pages and of net.js. The double
carries out each batch as game-board.js will: ``send`` goes to the one link
named by its peer and epoch (a frame for any other is a failure here),
``close`` closes links and tells the other end, the tabs rooms, invitations
and answers pair tabs, the sealed store keeps the host's record per room with
its lock, and ``later`` waits for the test's ``tick``. Every message a page
receives is kept, for the hidden-information checks."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from html import unescape
from typing import Any

import pytest

from game.engine.search import SearchSettings
from game.net import HostSession
from game.web.game_page import LOCAL_TOKEN, GamePage
from game.web.net_page import NET_TOKEN, NetPage
from game.web.net_prefs import GuestRecord, guest_key, host_key
from game.web.worker_link import Message
from tests.test_game_page import SEARCH, catalogue, settings_json

#: a small search, so that bots' slices stay quick here
SMALL_SEARCH = SearchSettings(playouts=24, time_budget=5.0, slice_playouts=4)
GUEST_KEY = guest_key("bossquest")
HOST_KEY = host_key("bossquest")
#: a weapon card as the board draws it (the ids of other kinds of cards overlap)
WEAPON = re.compile(r'class="wcard[^"]*" data-card="(\d+)"')


class Browser:
    """What the tabs of one browser share: localStorage, the sealed host store
    (IndexedDB) and its Web Locks (room -> the tab that holds it)."""

    def __init__(self) -> None:
        self.local: dict[str, str] = {}
        self.sealed: dict[str, str] = {}
        self.locks: dict[str, Tab] = {}


class Tab:
    """One tab of the game page: py-worker.js and game-board.js around a GamePage."""

    def __init__(self, wire: Wire, browser: Browser, *, sealed: bool = True) -> None:
        self.wire = wire
        self.browser = browser
        self.sealed = sealed
        self.python = GamePage(network=lambda page: NetPage(page, search=SMALL_SEARCH))
        self.session: dict[str, str] = {}
        self.closed = False
        self.received: list[Message] = []
        self.laters: list[str] = []
        self.screen: Message | None = None
        self.hosting: str | None = None
        self.invite_code = ""

    @property
    def net(self) -> NetPage:
        assert isinstance(self.python.network, NetPage)
        return self.python.network

    def open(self, hash_: str = "", **net: Any) -> list[Message]:
        return self.send(
            kind="open",
            page="game",
            search=SEARCH,
            hash=hash_,
            base="https://example.test/play/",
            catalogue=catalogue(),
            lang="en",
            bundle="game.0123abcd.zip",
            storage={"local": dict(self.browser.local), "session": dict(self.session)},
            net={"present": True, "sealed": self.sealed, "hosting": self.hosting, **net},
        )

    def send(self, **message: Any) -> list[Message]:
        """A message to Python (as JSON both ways); its answers carried out in order."""
        replies = json.loads(json.dumps(self.python.handle(json.loads(json.dumps(message)))))
        assert isinstance(replies, list)
        for reply in replies:
            self.received.append(reply)
            self.wire.carry(self, reply)
        return replies

    def tick(self) -> list[Message]:
        return self.send(kind="tick", token=self.laters.pop(0))

    @property
    def html(self) -> str:
        assert self.screen is not None
        return str(self.screen["html"])

    @property
    def phase(self) -> str:
        """The lobby's phase, or the board's."""
        assert self.screen is not None
        if self.screen["kind"] == "lobby":
            return f"lobby:{self.screen['phase']}"
        return str(self.screen["markers"]["phase"])

    def lobby_click(self, cmd: str, **fields: Any) -> list[Message]:
        return self.send(kind="lobby-click", cmd=cmd, **fields)

    def click(self, cmd: str, act: str | None = None, **fields: Any) -> list[Message]:
        return self.send(kind="click", cmd=cmd, act=act, **fields)


class Wire:
    """net.js between the tabs: rooms, invitations, links, and the queue of
    what the pages hand their Pythons next."""

    def __init__(self) -> None:
        self.queue: deque[tuple[Tab, Message]] = deque()
        #: (tab, epoch, peer) -> the other end's (tab, epoch, peer)
        self.links: dict[tuple[Tab, int, str], tuple[Tab, int, str]] = {}
        self.rooms: dict[str, tuple[Tab, int]] = {}
        self.invites: dict[str, tuple[Tab, int]] = {}
        self.count = 0
        #: every frame each tab sent: (tab, the peer it named, text)
        self.sent: list[tuple[Tab, str, str]] = []

    def tab(self, browser: Browser | None = None, **kw: Any) -> Tab:
        return Tab(self, browser or Browser(), **kw)

    def carry(self, tab: Tab, reply: Message) -> None:
        kind = reply["kind"]
        if kind == "store":
            area = tab.browser.local if reply["area"] == "local" else tab.session
            if reply["value"] is None:
                area.pop(reply["key"], None)
            else:
                area[reply["key"]] = reply["value"]
        elif kind in ("draw", "lobby"):
            tab.screen = reply
        elif kind == "later":
            assert not reply["token"].startswith(LOCAL_TOKEN) or not tab.python.network
            tab.laters.append(reply["token"])
        elif kind == "send":
            end = (tab, reply["epoch"], reply["peer"])
            assert end in self.links, f"a frame for a link the page does not have: {end[1:]}"
            other, epoch, peer = self.links[end]
            self.sent.append((tab, reply["peer"], reply["text"]))
            self.queue.append(
                (other, {"kind": "frame", "peer": peer, "epoch": epoch, "text": reply["text"]})
            )
        elif kind == "close":
            for peer in reply["peers"]:
                self.cut((tab, reply["epoch"], peer))
            if reply["tabs"]:
                self.rooms = {r: v for r, v in self.rooms.items() if v != (tab, reply["epoch"])}
        elif kind == "tabs-host":
            self.rooms[reply["room"]] = (tab, reply["epoch"])
        elif kind == "tabs-join":
            self.join_room(tab, reply["room"], reply["epoch"])
        elif kind == "invite":
            self.count += 1
            tab.invite_code = f"code{self.count}"
            self.invites[tab.invite_code] = (tab, reply["epoch"])
        elif kind == "answer":
            self.answer(tab, reply["offer"], reply["epoch"])
        else:
            self.store_call(tab, reply)

    def store_call(self, tab: Tab, reply: Message) -> None:
        """net.js's hostStore (sealed, per room, its lock held by the hosting tab)."""
        kind, browser = reply["kind"], tab.browser
        if kind == "seal":
            browser.sealed[reply["room"]] = reply["text"]
            browser.locks[reply["room"]] = tab
            tab.hosting = reply["room"]
            answer = {"kind": "sealed", "room": reply["room"], "version": reply["version"]}
            self.queue.append((tab, {**answer, "epoch": reply["epoch"]}))
        elif kind == "drop-sealed":
            browser.sealed.pop(reply["room"], None)
            browser.locks.pop(reply["room"], None)
            tab.hosting = None
        elif kind == "claim":
            rooms = [room for room in browser.sealed if browser.locks.get(room) in (None, tab)]
            for room in rooms:
                browser.locks[room] = tab
            self.queue.append((tab, {"kind": "claimed", "rooms": rooms}))
        elif kind == "unseal":
            room = reply["room"]
            if room in browser.sealed:
                self.queue.append(
                    (tab, {"kind": "unsealed", "room": room, "text": browser.sealed[room]})
                )
            else:
                failed = {"kind": "unseal-failed", "room": room, "code": "missing", "text": ""}
                self.queue.append((tab, failed))
        elif kind == "release" and browser.locks.get(reply["room"]) is tab:
            del browser.locks[reply["room"]]

    def pair(self, a: tuple[Tab, int, str], b: tuple[Tab, int, str]) -> None:
        self.links[a] = b
        self.links[b] = a

    def cut(self, end: tuple[Tab, int, str]) -> None:
        """Close one link: the other end hears of it."""
        other = self.links.pop(end, None)
        if other is not None:
            del self.links[other]
            message = {"kind": "peer-closed", "peer": other[2], "epoch": other[1]}
            self.queue.append((other[0], message))

    def join_room(self, tab: Tab, room: str, epoch: int) -> None:
        if room not in self.rooms or self.rooms[room][0].closed:
            failed = {"kind": "tabs-join-failed", "epoch": epoch, "code": "", "text": "away"}
            self.queue.append((tab, failed))
            return
        host, host_epoch = self.rooms[room]
        self.count += 1
        peer = f"tab-{self.count}"
        self.pair((host, host_epoch, peer), (tab, epoch, ""))
        self.queue.append((host, {"kind": "peer-open", "peer": peer, "epoch": host_epoch}))
        self.queue.append((tab, {"kind": "tabs-joined", "epoch": epoch}))

    def answer(self, tab: Tab, offer: str, epoch: int) -> None:
        """The guest's answer, carried to the host's invitation by hand."""
        if offer not in self.invites:
            self.queue.append((tab, {"kind": "answer-failed", "epoch": epoch, "text": "stale"}))
            return
        host, host_epoch = self.invites.pop(offer)
        self.count += 1
        peer = f"rtc-{self.count}"
        self.pair((host, host_epoch, peer), (tab, epoch, ""))
        self.queue.append((host, {"kind": "linked", "peer": peer, "epoch": host_epoch}))
        self.queue.append((tab, {"kind": "linked", "peer": "", "epoch": epoch}))

    def close_tab(self, tab: Tab) -> None:
        """A tab closes (or reloads): its links drop, its locks go."""
        tab.closed = True
        for end in [end for end in self.links if end[0] is tab]:
            self.cut(end)
        self.rooms = {r: v for r, v in self.rooms.items() if v[0] is not tab}
        tab.browser.locks = {r: t for r, t in tab.browser.locks.items() if t is not tab}

    def flush(self) -> None:
        while self.queue:
            tab, message = self.queue.popleft()
            if not tab.closed:
                tab.send(**message)

    def settle(self, tabs: list[Tab], limit: int = 5000) -> None:
        """Deliver everything, and tick the tabs' laters until none is left."""
        for _ in range(limit):
            self.flush()
            waiting = [tab for tab in tabs if tab.laters and not tab.closed]
            if not waiting:
                return
            waiting[0].tick()
        raise AssertionError("the tabs never settled")


# ------------------------------------------------------------------ helpers


def _acts(html: str) -> list[str]:
    return [unescape(a) for a in re.findall(r'data-cmd="act"[^>]*? data-act="([^"]*)"', html)]


def _host_tab(wire: Wire, players: int = 3, **kw: Any) -> Tab:
    host = wire.tab(**kw)
    host.open()
    host.send(kind="net-open")
    host.lobby_click("net-host", name="Alice", settings=settings_json(["human"] * players))
    wire.flush()
    assert host.phase == "lobby:host"
    return host


def _room(host: Tab) -> str:
    assert host.net.host is not None
    return host.net.host.room


def _tab_guest(wire: Wire, host: Tab, name: str, seat: int | None = None) -> Tab:
    guest = wire.tab()
    guest.open()
    guest.send(kind="net-open")
    guest.lobby_click("net-join-tab", room=_room(host), name=name)
    wire.flush()
    assert guest.phase == "lobby:guest"
    if seat is not None:
        guest.lobby_click("net-sit", seat=seat)
        wire.flush()
        assert guest.net.guest is not None and guest.net.guest.guest.seat == seat
    return guest


def _start(wire: Wire, host: Tab, bots: dict[int, str]) -> None:
    for seat, level in bots.items():
        host.lobby_click("net-bot", seat=seat, level=level)
    host.lobby_click("net-start")
    wire.flush()
    assert host.screen is not None and host.screen["kind"] == "draw"


def _play(wire: Wire, tabs: list[Tab], rng: random.Random, moves: int = 3000) -> None:
    """Everyone clicks their board until the game is over (bots think between)."""
    host = tabs[0]
    for _ in range(moves):
        wire.settle(tabs)
        assert host.net.host is not None
        if host.net.host.host.phase == "over":
            return
        for tab in tabs:
            if tab.screen is None or tab.screen["kind"] != "draw":
                continue
            if tab.phase == "result":
                tab.click("continue")
            elif tab.phase == "human" and _acts(tab.html):
                tab.click("act", rng.choice(_acts(tab.html)))
                break
    raise AssertionError("the game did not end")


def _hidden_of_others(host: Tab, viewer: int | None) -> set[int]:
    """The hidden cards of the seats but `viewer` that `viewer`'s own view does
    not show (a fight reveals them; a card's power can make one known)."""
    assert host.net.host is not None
    session = host.net.host.host
    if session.phase != "playing":
        return set()
    seen = session.view_for(viewer)["seats"]
    cards = set()
    for seat in range(len(seen)):
        hidden = session.view_for(seat)["seats"][seat]["hidden"]
        if seat != viewer and isinstance(hidden, int) and seen[seat]["hidden"] != hidden:
            cards.add(hidden)
    return cards


class Watch:
    """After every message a tab receives: nothing in it names another seat's
    hidden card while it is hidden (draws, lobbies, storage, warnings, frames);
    the host's sealed record appears in ``seal`` alone."""

    def __init__(self, host: Tab, seats: dict[int, Tab]) -> None:
        self.host, self.seats = host, seats
        self.checked = 0

    def install(self) -> None:
        """Check every message the watched tabs receive, before it is carried out."""
        by_tab = {id(tab): seat for seat, tab in self.seats.items()}
        wire = self.host.wire
        plain = Wire.carry

        def carry(tab: Tab, reply: Message) -> None:
            if id(tab) in by_tab:
                self.check(by_tab[id(tab)], reply)
            plain(wire, tab, reply)

        wire.carry = carry  # type: ignore[method-assign]

    def check(self, seat: int, reply: Message) -> None:
        self.checked += 1
        hidden = _hidden_of_others(self.host, seat)
        if reply["kind"] == "seal":
            return  # the sealed record goes to hostStore.save alone
        text = json.dumps(reply)
        for card in hidden:
            # a round's result shows the cards of the round just fought, while the
            # match has dealt the next one: not this round's hidden cards
            shown = reply["kind"] == "lobby" or (
                reply["kind"] == "draw" and reply["markers"]["phase"] not in ("result", "over")
            )
            if shown:
                assert card not in {int(c) for c in WEAPON.findall(reply["html"])}, (seat, card)
            if reply["kind"] == "send":
                continue  # the host's frames: checked as the guest reads them (below)
            assert not re.search(rf"hidden[\\\"': ]*{card}\b", text), (seat, card, reply["kind"])
        if reply["kind"] == "send" and seat == 0:
            frame = json.loads(reply["text"])
            guest_seat = next(
                (s for s, t in self.seats.items() if reply["peer"] in _peers_of(self.host, t)),
                None,
            )
            if frame.get("t") == "state" and guest_seat is not None:
                for card in _hidden_of_others(self.host, guest_seat):
                    assert not re.search(rf'"hidden": ?{card}\b', reply["text"]), guest_seat
        sealed = [s for s in self.host.browser.sealed.values()]
        for record in sealed:
            assert record not in text, reply["kind"]


def _peers_of(host: Tab, guest: Tab) -> set[str]:
    """The host's peer names for the links to `guest`."""
    return {
        end[2] for end, other in host.wire.links.items() if end[0] is host and other[0] is guest
    }


# ------------------------------------------------------------------ tests


def test_a_host_and_a_tab_guest_play_a_whole_game_and_nothing_hidden_crosses() -> None:
    wire = Wire()
    host = _host_tab(wire, 3)
    assert host.python.network is not None and host.python.network.active()
    assert [m["kind"] for m in host.received].count("tabs-host") == 1
    guest = _tab_guest(wire, host, "Bob", seat=1)
    watch = Watch(host, {0: host, 1: guest})
    watch.install()
    _start(wire, host, {2: "easy"})
    assert host.screen is not None and host.screen["markers"]["net"] == "host"
    assert guest.screen is not None and guest.screen["markers"]["viewer"] == "1"
    _play(wire, [host, guest], random.Random(3))
    assert watch.checked > 50
    assert guest.phase in ("over", "result")
    # the host's match was only ever sealed: never in clear in its storage
    assert HOST_KEY not in host.session
    assert host.browser.sealed[_room(host)]
    assert any(m["kind"] == "lobby-mark" and m.get("saved") for m in host.received)
    # the guest keeps only its record: name, room, seat, token
    record = GuestRecord.from_json(guest.session[GUEST_KEY])
    assert record is not None and record.room == _room(host)
    # each frame went to one named link; the host's to its guest, the guest's to its host
    assert {peer for tab, peer, _ in wire.sent if tab is guest} == {""}
    assert {peer for tab, peer, _ in wire.sent if tab is host} <= _peers_of(host, guest)
    # bots' laters are network play's, never local play's
    tokens = [m["token"] for m in host.received if m["kind"] == "later"]
    assert tokens and all(t.startswith(NET_TOKEN) for t in tokens)
    # draws count on from the page's seq, never repeating
    seqs = [int(m["markers"]["seq"]) for m in host.received if m["kind"] == "draw"]
    assert seqs == sorted(set(seqs))


def test_a_device_guest_joins_by_invitation_and_leaves() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    host.lobby_click("net-invite")
    invite = [m for m in host.received if m["kind"] == "invite"][-1]
    assert invite["epoch"] == host.net.epoch
    assert invite["close_labels"] == {"fr": "Fermer l’invitation", "en": "Close the invitation"}
    guest = wire.tab()
    opened = guest.open(hash_=f"#join={host.invite_code}")
    assert guest.phase == "lobby:join" and guest.python.network is not None
    assert guest.python.network.active() and "ready" in [m["kind"] for m in opened]
    guest.lobby_click("net-join-rtc", name="")  # no name: asked for one
    assert "answer" not in [m["kind"] for m in guest.received]
    guest.lobby_click("net-join-rtc", name="Carol")
    wire.flush()
    assert guest.phase == "lobby:guest"
    assert "clear-hash" in [m["kind"] for m in guest.received]
    # a device guest's record is in localStorage too: a new invitation rejoins
    assert GUEST_KEY in guest.browser.local and GUEST_KEY in guest.session
    assert host.net.host is not None and host.net.host.via
    assert set(host.net.host.via.values()) == {"rtc"}
    guest.lobby_click("net-sit", seat=1)
    wire.flush()
    assert guest.net.guest is not None and guest.net.guest.guest.seat == 1
    guest.lobby_click("net-leave")
    wire.flush()
    assert guest.phase == "lobby:menu" and GUEST_KEY not in guest.browser.local
    assert not [end for end in wire.links if end[0] is guest]
    # the link closed at the host too: the seat is open again
    assert host.net.peers == {}


def test_a_guest_drops_and_rejoins_its_seat_from_its_record() -> None:
    wire = Wire()
    host = _host_tab(wire, 3)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    _start(wire, host, {2: "easy"})
    record = dict(guest.session)
    wire.close_tab(guest)
    wire.flush()
    assert re.search(r'data-seat="1" data-net="guest" data-connected="false"', host.html)
    back = wire.tab(guest.browser)
    back.session = record
    opened = back.open()
    assert back.python.network is not None and back.python.network.active()
    assert [m["kind"] for m in opened][-1] == "ready"
    wire.settle([host, back])
    assert back.screen is not None and back.screen["kind"] == "draw"
    assert back.screen["markers"]["viewer"] == "1"
    assert re.search(r'data-seat="1" data-net="guest" data-connected="true"', host.html)


def test_the_host_reloads_and_resumes_from_its_sealed_save() -> None:
    wire = Wire()
    host = _host_tab(wire, 3)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    _start(wire, host, {2: "easy"})
    rng = random.Random(5)
    for _ in range(6):  # a few moves, so that the save is not the start
        wire.settle([host, guest])
        for tab in (host, guest):
            if tab.phase == "human":
                tab.click("act", rng.choice(_acts(tab.html)))
                break
    wire.settle([host, guest])
    room = _room(host)
    assert host.net.host is not None
    version = host.net.host.host.version
    wire.close_tab(host)
    wire.flush()  # the guest's link closes: it tries to reach the room again
    assert guest.net.guest is not None and not guest.net.linked
    assert guest.laters  # its retry, after RETRY_MS
    again = wire.tab(host.browser)
    again.session, again.hosting = dict(host.session), room
    opened = again.open()
    assert [m["kind"] for m in opened][:3] == ["lobby", "claim", "ready"]
    wire.flush()
    assert again.net.host is not None and again.net.host.host.version == version
    assert again.screen is not None and again.screen["kind"] == "draw"
    wire.settle([again, guest])
    assert guest.net.linked and guest.screen is not None and guest.screen["kind"] == "draw"
    assert re.search(r'data-seat="1" data-status="guest" data-connected="true"', again.html)
    _play(wire, [again, guest], rng)


def test_a_reload_whose_room_another_tab_holds_resumes_the_local_game() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    twin = wire.tab(host.browser)  # a duplicated tab: same hosting mark, lock elsewhere
    twin.hosting = _room(host)
    opened = twin.open()
    assert [m["kind"] for m in opened] == ["lobby", "claim", "ready"]
    wire.flush()
    kinds = [m["kind"] for m in twin.received]
    assert "release" in kinds and twin.net.mode is None
    offers = [m for m in twin.received if m["kind"] == "offers"][-1]
    assert offers["checked"] is True and offers["html"]  # says the game is open elsewhere


def test_a_closed_hosts_game_is_offered_then_resumed_from_the_menu() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    room = _room(host)
    wire.close_tab(host)
    other = wire.tab(host.browser)  # a new tab: not this tab's room, offered
    other.open()
    wire.flush()
    offers = [m for m in other.received if m["kind"] == "offers"][-1]
    assert f'data-room="{room}"' in offers["html"] and offers["checked"] is True
    assert other.net.mode is None
    other.lobby_click("net-discard", room=room)
    assert other.received[-1] == {
        "kind": "focus",
        "selector": f'#net-resume [data-cmd="net-discard-no"][data-room="{room}"]',
    }
    other.lobby_click("net-discard-no", room=room)
    other.lobby_click("net-resume", room=room)
    wire.flush()
    assert other.phase == "lobby:host" and _room(other) == room


def test_frames_and_messages_it_cannot_take_are_warnings_that_change_nothing() -> None:
    wire = Wire()
    host = _host_tab(wire, 3)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    assert host.net.host is not None
    version, screen = host.net.host.host.version, host.screen
    peer = next(iter(host.net.peers))
    epoch = host.net.link_epoch
    bad: list[dict[str, Any]] = [
        {"kind": "frame", "peer": peer, "epoch": epoch, "text": 5},
        {"kind": "frame", "peer": peer, "text": "{}"},
        {"kind": "frame", "peer": peer, "epoch": "1", "text": "{}"},
        {"kind": "peer-open", "peer": "", "epoch": epoch},
        {"kind": "lobby-click", "cmd": 3},
        {"kind": "lobby-click", "cmd": "net-bot", "seat": "two"},
        {"kind": "rooms", "json": "[" * 100_000},
        {"kind": "claimed", "rooms": "all"},
        {"kind": "sealed", "room": "r", "version": "1", "epoch": epoch},
        {"kind": "join-code", "code": "x" * 100_000},
        {"kind": "tick"},
    ]
    for message in bad:
        replies = host.send(**message)
        assert [m["kind"] for m in replies] == ["warn"], message
        assert "hidden" not in replies[0]["text"]
    # junk frame texts are the controllers' to refuse: the match does not change
    for text in ("", "not json", json.dumps({"t": "act", "v": 99}), "{" * 50_000):
        host.send(kind="frame", peer=peer, epoch=epoch, text=text)
        guest.send(kind="frame", peer="", epoch=guest.net.link_epoch, text=text)
    wire.flush()
    assert host.net.host.host.version == version and host.screen == screen
    assert guest.net.linked and guest.phase == "lobby:guest"


def test_replies_of_an_older_epoch_change_nothing_and_their_links_close() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    old = host.net.epoch
    host.lobby_click("net-invite")
    host.lobby_click("net-leave")  # the player leaves before the invitation is answered
    assert host.net.epoch > old and host.net.host is None
    # the page's late replies for the hosted game
    assert host.send(kind="invite-failed", epoch=old, text="x") == []
    assert host.send(kind="sealed", room="r", version=3, epoch=old) == []
    assert host.send(kind="frame", peer="tab-9", epoch=old, text="{}") == []
    assert host.send(kind="peer-closed", peer="tab-9", epoch=old) == []
    replies = host.send(kind="linked", peer="rtc-9", epoch=old)
    assert replies == [
        {"kind": "close", "peers": ["rtc-9"], "epoch": old, "tabs": False, "after_ms": 1500}
    ]
    replies = host.send(kind="peer-open", peer="tab-9", epoch=old)
    assert [m["kind"] for m in replies] == ["close"]
    # a guest's late tabs link for a join it has left
    guest = wire.tab()
    guest.open()
    guest.lobby_click("net-join-tab", room="room-gone-away", name="Bob")
    joined = guest.net.epoch
    guest.lobby_click("net-back")
    replies = guest.send(kind="tabs-joined", epoch=joined)
    assert replies == [
        {"kind": "close", "peers": [""], "epoch": joined, "tabs": False, "after_ms": 1500}
    ]
    assert guest.send(kind="tabs-join-failed", epoch=joined, code="", text="x") == []
    # a tick of a stopped bot or retry is answered with nothing
    assert guest.send(kind="tick", token=f"{NET_TOKEN}999") == []


def test_a_tab_guest_retries_while_the_room_is_away_and_gives_up_when_hopeless() -> None:
    wire = Wire()
    guest = wire.tab()
    guest.open()
    guest.lobby_click("net-join-tab", room="room-not-yet", name="Bob")
    wire.flush()
    assert [m["kind"] for m in guest.received[-2:]] == ["warn", "later"]
    assert guest.received[-1]["ms"] == 700
    epoch = guest.net.epoch
    replies = guest.tick()
    assert [m["kind"] for m in replies] == ["tabs-join"] and replies[0]["epoch"] == epoch
    wire.queue.clear()
    replies = guest.send(kind="tabs-join-failed", epoch=epoch, code="insecure", text="no")
    assert [m["kind"] for m in replies] == ["lobby"] and not guest.laters


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "net-open", "extra": 1},
        {"kind": "hash", "hash": None},
        {"kind": "hash", "hash": "#join="},
        {"kind": "lobby-change", "id": "net-ice", "value": "stun:bad url here"},
        {"kind": "lobby-change", "id": "net-spectators", "value": "99999999999"},
        {"kind": "lobby-change", "opt": "players", "type": "int", "value": "x"},
        {"kind": "unsealed", "room": "nope", "text": "{}"},
        {"kind": "unseal-failed", "room": "nope", "code": "broken", "text": "x"},
        {"kind": "pairing-closed"},
        {"kind": "answer-failed", "epoch": 0, "text": "x"},
        {"kind": "tabs-host-failed", "epoch": 0, "text": "x"},
        {"kind": "seal-failed", "epoch": 0, "text": "x"},
        {"kind": "click", "cmd": "act", "act": "[", "seat": [1]},
    ],
)
def test_handle_never_raises(message: dict[str, Any]) -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    replies = host.send(**message)
    assert all(isinstance(m, dict) and isinstance(m["kind"], str) for m in replies)


def test_a_home_of_several_games_plays_nothing_online() -> None:
    page = GamePage(network=lambda page: NetPage(page, search=SMALL_SEARCH))
    assert len(json.loads(catalogue())["games"]) > 1
    opened = page.handle(
        {
            "kind": "open",
            "search": "",
            "catalogue": catalogue(),
            "lang": "en",
            "net": {"present": True, "sealed": True, "hosting": None},
        }
    )
    assert page.game is None and [m["kind"] for m in opened] == ["ready"]
    assert page.handle({"kind": "net-open"}) == []
    assert page.handle({"kind": "join-code", "code": "abc"}) == []


def test_the_host_session_it_keeps_restores_as_the_sealed_record_says() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    text = host.browser.sealed[_room(host)]
    record = json.loads(text)
    assert record["room"] == _room(host)
    assert host.net.game is not None
    restored = HostSession.from_save(host.net.game, record["save"], host.net.build)
    assert restored.phase == "lobby"


def test_the_menu_lists_other_tabs_games_and_keeps_the_name_and_ice_servers() -> None:
    wire = Wire()
    tab = wire.tab()
    tab.open()
    tab.send(kind="net-open")
    assert "rooms-watch" in [m["kind"] for m in tab.received] and tab.phase == "lobby:menu"
    rooms = [{"room": "room-abcdefgh", "game": "bossquest", "host": "Alice", "phase": "lobby"}]
    tab.send(kind="rooms", json=json.dumps(rooms))
    assert 'data-cmd="net-join-tab" data-room="room-abcdefgh"' in tab.html
    # the same list again: nothing to draw
    assert tab.send(kind="rooms", json=json.dumps(rooms)) == []
    tab.send(kind="lobby-change", id="net-name", value="  Dora  ")
    assert tab.browser.local["bossquest.net.name.v1"] == "Dora"
    tab.send(kind="lobby-change", id="net-ice", value="https://not-ice")
    assert tab.browser.local.get("bossquest.net.ice.v1") is None
    assert "https://not-ice" in tab.html  # shown again as typed, with why
    tab.send(kind="lobby-change", id="net-ice", value="stun:stun.example.test:3478")
    assert tab.browser.local["bossquest.net.ice.v1"] == "stun:stun.example.test:3478"
    tab.lobby_click("net-join-tab", room="room-abcdefgh", name="Dora")
    kinds = [m["kind"] for m in tab.received]
    assert "rooms-stop" in kinds and kinds[-1] == "tabs-join"


def test_the_hosts_lobby_options_and_a_language_switch() -> None:
    wire = Wire()
    host = _host_tab(wire, 3)
    assert host.net.host is not None
    host.send(kind="lobby-change", id="net-spectators", value="2")
    assert host.net.host.host.spectator_cap == 2
    host.send(kind="lobby-change", id="net-spectators", value="999999")  # refused
    assert host.net.host.host.spectator_cap == 2
    host.send(kind="lobby-change", opt="players", type="int", value="2")
    assert host.net.host.host.options["players"] == 2
    before = host.html
    replies = host.send(kind="lang", lang="fr")
    assert [m["kind"] for m in replies] == ["offers", "lobby"] and host.html != before
    assert host.net.host.lang == "fr"


def test_a_guest_whose_host_ends_the_game_is_back_on_the_menu_with_why() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    # Leave first says that the game ends for the guests; "No" keeps it
    host.lobby_click("net-leave")
    assert 'id="net-leave-confirm"' in host.html and "ends for all your guests" in host.html
    assert host.net.host is not None and guest.phase == "lobby:guest"
    host.lobby_click("net-leave-no")
    assert 'id="net-leave-confirm"' not in host.html and host.net.host is not None
    host.lobby_click("net-leave")
    host.lobby_click("net-leave-yes")
    wire.flush()
    assert host.phase == "lobby:menu" and host.net.host is None
    assert HOST_KEY not in host.session and not host.browser.sealed
    assert guest.phase == "lobby:menu" and guest.net.guest is None and not guest.net.linked
    assert "The host left: the game is over for everyone." in guest.html
    # its links are closed: nothing of that game is left on the wire
    assert not wire.links


def test_a_host_that_cannot_seal_keeps_its_game_in_its_tab_and_resumes_it() -> None:
    wire = Wire()
    host = _host_tab(wire, 2, sealed=False)
    assert HOST_KEY in host.session and not host.browser.sealed
    kinds = [m["kind"] for m in host.received]
    assert "seal" not in kinds and "claim" not in kinds
    wire.close_tab(host)
    again = wire.tab(host.browser, sealed=False)
    again.session = dict(host.session)
    opened = again.open()
    assert [m["kind"] for m in opened][-1] == "ready"
    assert again.net.host is not None and again.phase == "lobby:host"
    # a corrupt clear record is dropped, and the local menu opens
    third = wire.tab(host.browser, sealed=False)
    record = json.loads(host.session[HOST_KEY])
    third.session = {HOST_KEY: json.dumps({**record, "save": "nope"})}
    opened = third.open()
    assert third.net.mode is None and HOST_KEY not in third.session


def test_a_corrupt_sealed_record_is_dropped_said_and_the_local_save_resumes() -> None:
    wire = Wire()
    tab = wire.tab()
    tab.browser.sealed["room-abcdefgh"] = "not a record"
    tab.hosting = "room-abcdefgh"
    tab.browser.local["bq.bossquest.save.v1"] = "corrupt local save too"
    tab.open()
    wire.flush()
    kinds = [m["kind"] for m in tab.received]
    assert "drop-sealed" in kinds and not tab.browser.sealed
    assert tab.net.mode is None and tab.net.resume_notice == "resume_corrupt"
    # then the local save is read (here corrupt as well: the menu says so)
    assert kinds.index("drop-sealed") < kinds.index("notice")
    assert {"kind": "notice", "key": "saveCorrupt"} in tab.received


def test_a_device_guest_that_reloads_needs_a_new_invitation() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    host.lobby_click("net-invite")
    guest = wire.tab()
    guest.open(hash_=f"#join={host.invite_code}")
    guest.lobby_click("net-join-rtc", name="Carol")
    wire.flush()
    guest.lobby_click("net-sit", seat=1)
    wire.flush()
    _start(wire, host, {})
    wire.close_tab(guest)
    wire.flush()
    # the host's strip offers a new invitation on the dropped device seat
    assert 'data-cmd="net-reinvite"' in host.html
    back = wire.tab(guest.browser)
    back.session = dict(guest.session)
    back.open()
    assert back.phase == "lobby:join"
    assert {"kind": "pairing", "show": True, "widget": "join"} in back.received
    # a new invitation, pasted: its seat token rejoins the same seat
    host.click("net-reinvite")
    back.send(kind="join-code", code=host.invite_code)
    wire.flush()
    assert back.screen is not None and back.screen["markers"]["viewer"] == "1"
    assert back.net.guest is not None and back.net.guest.guest.seat == 1


def test_a_frame_the_guest_refuses_is_a_warning() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    html = guest.html
    replies = guest.send(kind="frame", peer="", epoch=guest.net.link_epoch, text="not json")
    assert [m["kind"] for m in replies] == ["lobby", "warn"]  # the same lobby, and why
    assert "not json" not in replies[1]["text"]
    assert guest.html == html and guest.net.linked


def test_a_link_announced_twice_is_a_warning_that_keeps_the_first() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    peer = next(iter(host.net.peers))
    replies = host.send(kind="peer-open", peer=peer, epoch=host.net.link_epoch)
    assert [m["kind"] for m in replies] == ["warn"] and peer in host.net.peers
    replies = guest.send(kind="linked", peer="", epoch=guest.net.link_epoch)
    assert [m["kind"] for m in replies] == ["warn"] and guest.net.linked
    assert guest.send(kind="tabs-joined", epoch=guest.net.link_epoch) == []


def test_an_online_resume_that_fails_leaves_the_local_game_the_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: NetPage) -> None:
        raise KeyError("inside")

    monkeypatch.setattr(NetPage, "_render_lobby", broken)
    wire = Wire()
    tab = wire.tab()
    tab.hosting = "room-abcdefgh"  # resuming would draw "resuming" first
    opened = tab.open()
    assert [m["kind"] for m in opened] == ["warn", "ready"]
    assert tab.python.network is not None and not tab.python.network.active()


# ------------------------------------------- issue 27: watching, names, results


def _announced(host: Tab) -> dict[str, Any]:
    """What the host's tab last announced to the other tabs (net.js's tabsAnnounce)."""
    info = [m for m in host.received if m["kind"] == "announce"][-1]["info"]
    assert isinstance(info, dict)
    return info


def test_a_started_game_is_listed_with_watch_and_a_new_tab_watches_it() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    _start(wire, host, {})
    info = _announced(host)
    assert info["phase"] == "playing" and info["free"] == 0 and info["watch"] is True
    fan = wire.tab()
    fan.open()
    fan.send(kind="net-open")
    fan.send(kind="rooms", json=json.dumps([info]))
    button = f'data-cmd="net-join-tab" data-room="{_room(host)}" data-verb="watch"'
    assert button in fan.html and ">Watch</button>" in fan.html
    assert "Game under way" in fan.html and "free seat" not in fan.html
    fan.lobby_click("net-join-tab", room=_room(host), name="Fan")
    wire.settle([host, guest, fan])
    assert fan.screen is not None and fan.screen["markers"]["net"] == "spectator"
    assert fan.screen["markers"]["viewer"] == ""
    assert "You are watching Alice" in fan.html and 'data-cmd="act"' not in fan.html
    # the host counts it, and a table that lets no one else watch offers no button
    host.send(kind="lobby-change", id="net-spectators", value="1")
    assert _announced(host)["watch"] is False
    fan.send(kind="rooms", json=json.dumps([_announced(host)]))  # fan's menu is gone: ignored
    late = wire.tab()
    late.open()
    late.send(kind="net-open")
    late.send(kind="rooms", json=json.dumps([_announced(host)]))
    assert 'data-cmd="net-join-tab"' not in late.html
    assert "Full: the host lets no one else watch" in late.html


def test_a_reloaded_guest_does_not_show_again_a_result_it_closed() -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = _tab_guest(wire, host, "Bob", seat=1)
    _start(wire, host, {})
    rng = random.Random(4)
    for _ in range(500):  # play until the guest's screen shows a round's result
        wire.settle([host, guest])
        if guest.phase == "result":
            break
        for tab in (host, guest):
            if tab.phase == "result":
                tab.click("continue")
            elif tab.phase == "human" and _acts(tab.html):
                tab.click("act", rng.choice(_acts(tab.html)))
                break
    assert guest.phase == "result"
    version = guest.screen["markers"]["actions"] if guest.screen else ""
    guest.click("continue")
    assert guest.phase != "result"
    record = GuestRecord.from_json(guest.session[GUEST_KEY])
    assert record is not None and record.seen_result >= 1
    # the tab reloads: its seat comes back, and not the result it closed
    saved = dict(guest.session)
    wire.close_tab(guest)
    back = wire.tab(guest.browser)
    back.session = saved
    back.open()
    wire.settle([host, back])
    assert back.screen is not None and back.screen["markers"]["actions"] == version
    assert back.phase != "result" and back.screen["markers"]["viewer"] == "1"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Someone in this game is already called “alice”"),
        ("fr", "Quelqu’un s’appelle déjà «\u00a0alice\u00a0» dans cette partie"),
    ],
)
def test_a_guest_with_a_name_taken_is_back_on_the_menu_with_why(lang: str, said: str) -> None:
    wire = Wire()
    host = _host_tab(wire, 2)
    guest = wire.tab()
    guest.open()
    guest.send(kind="lang", lang=lang)
    guest.send(kind="net-open")
    guest.lobby_click("net-join-tab", room=_room(host), name=" alice ")
    wire.settle([host, guest])
    assert guest.phase == "lobby:menu" and guest.net.guest is None and not guest.net.linked
    assert said in guest.html
    assert GUEST_KEY not in guest.session  # no seat, nothing to rejoin
    assert not any(status.get("kind") == "guest" for status in host.net.host.host.seats_status())  # type: ignore[union-attr]
    # another name is let in
    guest.lobby_click("net-join-tab", room=_room(host), name="Alicia")
    wire.settle([host, guest])
    assert guest.phase == "lobby:guest"


def _name_field(tab: Tab) -> str:
    found = re.search(r'id="net-name"[^>]* value="([^"]*)"', tab.html)
    assert found is not None
    return unescape(found.group(1))


def test_each_tab_keeps_its_own_name_and_a_fresh_tab_starts_from_the_browsers() -> None:
    wire = Wire()
    browser = Browser()
    first = wire.tab(browser)
    first.open()
    first.send(kind="net-open")
    assert _name_field(first) == ""
    first.lobby_click("net-host", name="Hanna", settings=settings_json(["human"] * 2))
    wire.flush()
    assert first.session["bossquest.net.name.v1"] == "Hanna"
    assert browser.local["bossquest.net.name.v1"] == "Hanna"
    # a second tab of the browser while Hanna's game is announced: another player,
    # whose field starts empty (not Hanna's name)
    second = wire.tab(browser)
    second.open()
    second.send(kind="net-open")
    second.send(kind="rooms", json=json.dumps([_announced(first)]))
    assert _name_field(second) == ""
    second.send(kind="lobby-change", id="net-name", value="Bob")
    second.lobby_click("net-join-tab", room=_room(first), name="Bob")
    wire.flush()
    second.lobby_click("net-leave")
    wire.flush()
    # back on its menu, the second tab keeps its own name; the first keeps Hanna's
    assert second.phase == "lobby:menu" and _name_field(second) == "Bob"
    assert first.session["bossquest.net.name.v1"] == "Hanna"
    # a fresh tab when no game is announced: the browser's last name pre-fills it
    third = wire.tab(browser)
    third.open()
    third.send(kind="net-open")
    assert _name_field(third) == "Bob"
