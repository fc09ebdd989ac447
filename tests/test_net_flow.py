"""Network sessions end to end through the in-memory transport: joining, seating,
bots, whole games by a host and two guests, and hidden information.

An auditor sits on the transport and checks every frame the host sends to a
guest at the moment it is sent: its view is exactly the seat's own view, the
same view a re-deal of every card the seat cannot see would give, its events
are exactly the seat's filtered events, and no secret, seed or generator state
appears anywhere in its text. The other net test files import these helpers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.views import sees_hidden
from game.engine import rng
from game.engine.bots import make_bot
from game.engine.codec import canonical_json
from game.engine.events import event_for_seat
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from game.net.frames import MAX_HOST_FRAME
from game.net.host import RECENT_EVENTS

# A key of this name anywhere in a guest's traffic would carry hidden information.
_FORBIDDEN_KEY = re.compile(r'"(secret|seed|rng|stacked|known|weapon_deck_cards|mystery_card)"')


def audit_frame(host: HostSession, peer: str, text: str) -> None:
    """Fail unless this frame, sent now to `peer`, holds only what its seat may know."""
    assert len(text.encode()) <= MAX_HOST_FRAME
    assert not _FORBIDDEN_KEY.search(text), text[:300]
    frame = json.loads(text)
    if frame["t"] != "state":
        return
    record = host.peers[peer]
    seat = frame["you"]
    assert seat == record.seat
    assert frame["view"] == GAME.view(host.state, seat)
    # Re-deal every card the seat cannot see: its view, as text, must not change.
    for k in range(2):
        redealt = GAME.redeal(host.state, seat, 1000 + k)
        assert canonical_json(GAME.view(redealt, seat)) == canonical_json(frame["view"])
    # And search the view's text for every weapon hidden from this seat. (Only the
    # view: cards go round, so an old event may name a card another seat now hides.)
    view_text = canonical_json(frame["view"])
    for owner, player in enumerate(host.state.players):
        if not sees_hidden(host.state, seat, owner):
            assert f'"hidden":{player.hidden},' not in view_text
    start = frame["from"]
    expected = [event_for_seat(event, seat) for event in host.events[start:]]
    assert frame["events"] == expected
    handed = seat is not None and host.seats[seat].handed is not None
    assert frame["legal"] == ([] if seat is None or handed else host.legal_json(seat))
    assert frame["version"] == host.version
    assert frame["seats"] == host.seats_status()


@dataclass
class Table:
    """A host, its hub (with the auditor on), and guests by peer id."""

    host: HostSession
    hub: MemoryHub
    guests: dict[str, GuestSession] = field(default_factory=dict)
    audited: int = 0

    def __post_init__(self) -> None:
        self.hub.fault = self._audit

    def _audit(self, direction: str, peer: str, text: str) -> list[str]:
        if direction == "to_guest":
            audit_frame(self.host, peer, text)
            self.audited += 1
        return [text]

    def join(self, name: str, seat: int | None = None) -> str:
        guest = GuestSession(name, game=GAME)
        peer = self.hub.connect(guest)
        self.guests[peer] = guest
        self.hub.flush()
        if seat is not None:
            self.send(peer, guest.sit(seat))
            assert guest.seat == seat, guest.last_reject
        return peer

    def send(self, peer: str, text: str) -> None:
        self.hub.send(peer, text)
        self.hub.flush()

    def host_call(self, sends: list[tuple[str, str]]) -> None:
        self.hub.route(sends)
        self.hub.flush()

    def guest_at(self, seat: int) -> tuple[str, GuestSession]:
        for peer, guest in self.guests.items():
            if guest.seat == seat and peer in self.hub.guests:
                return peer, guest
        raise LookupError(seat)

    def save_text(self) -> str:
        return self.host.to_save()

    def last_answer(self, peer: str) -> str:
        return self.hub.answers[peer][-1]


def make_table(players: int = 3, seed: int = 11, **options: Any) -> Table:
    host = HostSession.new(GAME, {"players": players, **options}, seed, "Alice")
    return Table(host, MemoryHub(host))


def seated_table(players: int = 3, seed: int = 11, **options: Any) -> tuple[Table, list[str]]:
    """A started game: the host at 0, guests at 1 and 2, bots in the other seats."""
    table = make_table(players, seed, **options)
    peers = [table.join("Bob", 1), table.join("Chloé", 2)]
    table.host_call(table.host.fill_with_bots("normal"))
    table.host_call(table.host.start())
    return table, peers


def play_one(table: Table, dice: int) -> int:
    """One move by whoever is to act (host, bot or guest), chosen at random."""
    host = table.host
    seat = host.to_act()
    assert seat is not None
    before = host.version
    if seat == 0:
        legal = host.legal_json(0)
        index, dice = rng.below(dice, len(legal))
        table.host_call(host.host_act(legal[index]))
    elif host.bot_due() == seat:
        bot = make_bot(GAME, host.bot_level(seat), seed=seat)
        action = bot(host.view_for(seat), host.legal_actions(seat))
        table.host_call(host.bot_act(seat, GAME.action_to_json(action)))
    else:
        peer, guest = table.guest_at(seat)
        assert guest.version == host.version
        assert guest.view == host.view_for(seat)
        assert guest.legal == host.legal_json(seat) and guest.legal
        index, dice = rng.below(dice, len(guest.legal))
        table.send(peer, guest.propose(guest.legal[index]))
        assert table.last_answer(peer) == "state"
    assert host.version == before + 1
    return dice


def play_to_end(table: Table, seed: int, limit: int = 5000) -> None:
    dice = rng.seed_state(seed)
    for _ in range(limit):
        if table.host.phase != "playing":
            return
        dice = play_one(table, dice)
    pytest.fail("the game did not end")


def check_guests_current(table: Table) -> None:
    """Every connected guest holds exactly its own view, log and legal actions."""
    host = table.host
    for peer, guest in table.guests.items():
        if peer not in table.hub.guests or guest.seat is None:
            continue
        assert guest.version == host.version
        assert guest.view == host.view_for(guest.seat)
        assert guest.events == host.events_for(guest.seat)
        handed = host.seats[guest.seat].handed is not None
        assert guest.legal == ([] if handed else host.legal_json(guest.seat))
        assert guest.seats == host.seats_status()


# ----- joining and seating


def test_guests_join_and_take_seats() -> None:
    table = make_table(3)
    bob = table.join("Bob")
    guest = table.guests[bob]
    assert table.hub.answers[bob] == ["welcome", "lobby"]
    assert guest.seat is None and guest.token is None
    assert guest.lobby is not None and guest.lobby["options"] == {
        "players": 3,
        "keep_yellow": False,
    }
    assert [s["kind"] for s in guest.seats] == ["host", "open", "open"]
    table.send(bob, guest.sit(2))
    assert guest.seat == 2 and guest.token
    assert guest.seats[2]["name"] == "Bob" and guest.seats[2]["connected"]
    # Moving to another free seat frees the first one.
    table.send(bob, guest.sit(1))
    assert [s["kind"] for s in guest.seats] == ["host", "guest", "open"]
    chloe = table.join("Chloé", 2)
    assert table.guests[chloe].seats == table.guests[bob].seats == table.host.seats_status()


def test_a_guest_who_leaves_the_lobby_frees_the_seat() -> None:
    table = make_table(3)
    bob = table.join("Bob", 1)
    token = table.guests[bob].token
    table.send(bob, table.guests[bob].bye())
    assert table.host.seats_status()[1]["kind"] == "open"
    assert token is not None
    # The old token no longer opens anything.
    again = GuestSession("Bob", token, game=GAME)
    peer = table.hub.connect(again)
    table.hub.flush()
    assert table.hub.answers[peer] == ["reject"]
    assert again.last_reject is not None and again.last_reject[0] == "bad_token"


def test_host_options_bots_and_start() -> None:
    table = make_table(2)
    bob = table.join("Bob", 1)
    table.host_call(table.host.set_options({"players": 4, "potions": True}))
    guest = table.guests[bob]
    assert guest.lobby is not None and guest.lobby["options"]["players"] == 4
    assert len(guest.seats) == 4 and guest.seat == 1
    with pytest.raises(SessionError) as refused:
        table.host.start()
    assert refused.value.code == "open_seats"
    table.host_call(table.host.set_bot(2, "easy"))
    table.host_call(table.host.fill_with_bots("random"))
    assert [s["kind"] for s in guest.seats] == ["host", "guest", "bot", "bot"]
    assert [s["level"] for s in guest.seats] == [None, None, "easy", "random"]
    # Shrinking the table unseats a guest beyond it; the guest stays in the lobby.
    table.host_call(table.host.set_options({"players": 2}))
    assert guest.seat == 1
    table.host_call(table.host.set_bot(1, "normal"))
    assert guest.seat is None and guest.token is None
    table.host_call(table.host.start())
    # A guest without a seat watches as a spectator: the public view, no actions.
    assert guest.phase == "playing" and guest.legal == [] and guest.view is not None
    assert guest.view == GAME.view(table.host.state, None)


def test_bad_host_calls_change_nothing() -> None:
    table = make_table(3)
    table.join("Bob", 1)
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: table.host.set_bot(0, "easy"), "seat_taken"),
        (lambda: table.host.set_bot(7, "easy"), "no_such_seat"),
        (lambda: table.host.set_bot(2, "genius"), "bad_level"),
        (lambda: table.host.fill_with_bots("genius"), "bad_level"),
        (lambda: table.host.set_options({"players": 9}), "bad_option"),
        (lambda: table.host.set_options({"players": 3, "colour": "red"}), "malformed"),
        (lambda: table.host.host_act({"type": "visit"}), "not_started"),
        (lambda: table.host.hand_to_bot(1, "easy"), "not_started"),
        (lambda: table.host.bot_act(1, {"type": "visit"}), "no_bot_due"),
        (lambda: table.host.start(), "open_seats"),
    ]
    for call, code in calls:
        before = table.save_text()
        with pytest.raises(SessionError) as refused:
            call()
        assert refused.value.code == code
        assert table.save_text() == before


# ----- whole games


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_by_a_host_two_guests_and_a_bot(seed: int) -> None:
    table, _peers = seated_table(4, seed)
    play_to_end(table, seed)
    assert table.host.phase == "over"
    check_guests_current(table)
    for guest in table.guests.values():
        assert guest.phase == "over" and guest.outcome == GAME.outcome(table.host.state)
        assert guest.legal == []
    assert table.audited > 50
    sizes = [len(text.encode()) for frames in table.hub.sent_to.values() for text in frames]
    print(f"frames to guests: {len(sizes)}, largest {max(sizes)} bytes")


def test_a_whole_game_with_every_extension() -> None:
    table, _peers = seated_table(3, 5, potions=True, companions=True, reaper=True)
    play_to_end(table, 5)
    assert table.host.phase == "over"
    check_guests_current(table)


def test_every_guest_sees_who_is_thinking_connected_and_dropped() -> None:
    table, (bob, chloe) = seated_table(3, 2)
    status = table.guests[bob].seats
    assert [s["kind"] for s in status] == ["host", "guest", "guest"]
    assert sum(s["thinking"] for s in status) == 1
    assert status[table.host.to_act() or 0]["thinking"]
    table.hub.disconnect(chloe)
    table.hub.flush()
    after = table.guests[bob].seats[2]
    assert after["dropped"] and not after["connected"]


def test_guests_play_with_a_bot_on_their_own_views_and_a_whole_log_fits() -> None:
    """Six seats, every extension, heuristic play from each guest's own view; then
    a guest rejoins and gets a snapshot in one frame: its view and the last
    events (not the whole log), well under the limit."""
    table, (bob, _chloe) = seated_table(6, 41, potions=True, companions=True, reaper=True)
    host = table.host
    bot = make_bot(GAME, "normal")
    while host.phase == "playing":
        seat = host.to_act()
        assert seat is not None
        if seat == 0 or host.bot_due() == seat:
            action = GAME.action_to_json(bot(host.view_for(seat), host.legal_actions(seat)))
            table.host_call(host.host_act(action) if seat == 0 else host.bot_act(seat, action))
        else:
            peer, guest = table.guest_at(seat)
            assert guest.view is not None
            legal = [GAME.action_from_json(item) for item in guest.legal]
            table.send(peer, guest.propose(GAME.action_to_json(bot(guest.view, legal))))
    check_guests_current(table)
    again = GuestSession.from_save(table.guests[bob].to_save(), game=GAME)
    peer = table.hub.connect(again)
    table.hub.flush()
    start = len(host.events) - RECENT_EVENTS
    assert start > 0, "a game longer than a snapshot"
    assert again.events_from == start and again.events == host.events_for(1)[start:]
    assert again.view == host.view_for(1) and again.version == host.version
    size = max(len(text.encode()) for text in table.hub.sent_to[peer])
    print(f"{host.version} changes; a rejoin's snapshot: {size} bytes")
    assert size < MAX_HOST_FRAME // 4


def test_the_auditor_catches_a_leak() -> None:
    """The check every frame goes through fails on another seat's view, on a
    secret event field, and on the seed."""
    table, (bob, _chloe) = seated_table(3, 12)
    host = table.host
    dice = 8
    while not any("secret" in event for event in host.events) or host.to_act() != 2:
        dice = play_one(table, dice)
    good = json.loads(table.hub.sent_to[bob][-1])
    audit_frame(host, bob, json.dumps(good))
    leaks = [
        {**good, "view": host.view_for(2)},
        {**good, "from": 0, "events": host.events},
        {**good, "events": [*good["events"], {"type": "x", "secret": {"2": {"card": 3}}}]},
        {**good, "seed": host.seed},
        {**good, "legal": host.legal_json(2)},
    ]
    view = host.view_for(1)
    hidden_of_2 = host.state.players[2].hidden
    view["seats"][2]["hidden"] = hidden_of_2
    leaks.append({**good, "view": view})
    for leak in leaks:
        with pytest.raises(AssertionError):
            audit_frame(host, bob, json.dumps(leak))
