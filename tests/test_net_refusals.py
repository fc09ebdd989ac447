"""Bad or hostile frames get a clear rejection and change nothing: garbage, wrong
types, unknown types and fields, oversized frames, another build, replays,
out-of-order frames, forged seats, stale versions, illegal actions. A guest is
as strict with a hostile host's frames."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.bossquest import GAME
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from game.net.frames import MAX_DEPTH, MAX_GUEST_FRAME, encode, protocol_id
from tests.test_net_flow import Table, make_table, play_one, seated_table

PROTO = protocol_id(GAME)


def refused(table: Table, peer: str, text: object, code: str, ref: int | None = -1) -> None:
    """Send `text` from `peer`: one reject with `code` comes back to it alone, and
    the table (its save, every seat, every connection's seat) is unchanged."""
    host = table.host
    before = (host.to_save(), host.seats_status(), {p: r.seat for p, r in host.peers.items()})
    sends = host.receive(peer, text)
    assert len(sends) == 1, sends
    to, frame_text = sends[0]
    assert to == peer
    frame = json.loads(frame_text)
    assert frame["t"] == "reject" and frame["code"] == code, frame
    assert isinstance(frame["detail"], str) and frame["detail"]
    if ref != -1:
        assert frame["ref"] == ref
    after = (host.to_save(), host.seats_status(), {p: r.seat for p, r in host.peers.items()})
    assert after == before
    # The guest takes the reject in and records it.
    table.hub.route(sends)
    table.hub.flush()
    guest = table.hub.guests[peer]
    assert guest.last_reject is not None and guest.last_reject[0] == code


def raw(peer_guest: GuestSession, kind: str, **fields: Any) -> str:
    """A frame numbered by that guest, with any fields at all."""
    return peer_guest.frame(kind, fields)


def lobby_with_bob() -> tuple[Table, str, GuestSession]:
    table = make_table(3)
    bob = table.join("Bob", 1)
    return table, bob, table.guests[bob]


def next_n(guest: GuestSession) -> int:
    guest.n += 1
    return guest.n


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "{",
        "[]",
        '"hello"',
        "42",
        "null",
        "[" * 3000,
        '{"v": 1, "t": "sync", "n": 99}',
    ],
)
def test_garbage_is_malformed(text: str) -> None:
    table, bob, _guest = lobby_with_bob()
    refused(table, bob, text, "malformed")


def test_deep_nesting_is_refused_before_parsing() -> None:
    """Pyodide's stack overflows fatally in json.loads a few thousand levels down."""
    table, bob, guest = lobby_with_bob()
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    refused(table, bob, deep, "malformed", None)
    nested = raw(guest, "act", version=0, action={"type": json.loads(deep)})
    refused(table, bob, nested, "malformed", None)
    # Brackets inside strings are text, not nesting.
    table.send(bob, raw(guest, "bye"))
    table.send(bob, raw(guest, "hello", name='[[[{{{"\\]]]', token=None))
    assert guest.host is not None and table.host.peers[bob].name == '[[[{{{"\\]]]'
    ignored(guest, "[" * 200_000, "malformed")


def test_not_text_is_malformed() -> None:
    table, bob, _guest = lobby_with_bob()
    refused(table, bob, b'{"t": "sync"}', "malformed")
    refused(table, bob, None, "malformed")


def test_wrong_envelope_and_field_types_are_malformed() -> None:
    table, bob, guest = lobby_with_bob()
    cases = [
        {"v": PROTO, "t": "sync"},  # no n
        {"v": PROTO, "t": "sync", "n": "9"},
        {"v": PROTO, "t": "sync", "n": True},
        {"v": PROTO, "t": "sync", "n": 0},
        {"v": PROTO, "t": 5, "n": next_n(guest)},
        {"v": PROTO, "t": "sit", "n": next_n(guest)},  # no seat
        {"v": PROTO, "t": "sit", "n": next_n(guest), "seat": "2"},
        {"v": PROTO, "t": "sit", "n": next_n(guest), "seat": 2.0},
        {"v": PROTO, "t": "sit", "n": next_n(guest), "seat": True},
        {"v": PROTO, "t": "sit", "n": next_n(guest), "seat": 2, "as": "host"},
        {"v": PROTO, "t": "sync", "n": next_n(guest), "token": "x"},
        {"v": PROTO, "t": "act", "n": next_n(guest), "version": "0", "action": {}},
        {"v": PROTO, "t": "act", "n": next_n(guest), "version": 0, "action": []},
        {"v": PROTO, "t": "act", "n": next_n(guest), "version": 0, "action": {}, "seat": "1"},
    ]
    for case in cases:
        refused(table, bob, json.dumps(case), "malformed")


def test_a_second_hello_and_bad_hello_fields_are_malformed() -> None:
    table, bob, guest = lobby_with_bob()
    refused(table, bob, raw(guest, "hello", name="Bob", token=None), "malformed", guest.n)
    refused(table, bob, raw(guest, "hello", name="Bob", token=7), "malformed", guest.n)
    # A refused hello leaves the connection unjoined; then a good one works.
    eve = GuestSession("Eve", game=GAME)
    table.hub.connect(eve, "eve", hello=False)
    refused(table, "eve", raw(eve, "hello", name=["Eve"], token=None), "name")
    refused(table, "eve", raw(eve, "hello", name="Eve", token=None, seat=0), "malformed")
    refused(table, "eve", eve.sit(2), "not_joined")
    table.send("eve", eve.hello())
    table.send("eve", eve.sit(2))
    assert eve.seat == 2


def test_unknown_type() -> None:
    table, bob, guest = lobby_with_bob()
    refused(table, bob, raw(guest, "take_all"), "unknown_type", guest.n)
    refused(table, bob, raw(guest, "welcome", seat=0, token=None, host={}), "unknown_type")


def test_too_large_before_parsing() -> None:
    table, bob, guest = lobby_with_bob()
    padding = "x" * MAX_GUEST_FRAME
    refused(table, bob, raw(guest, "sit", seat=2, pad=padding), "too_large", None)
    refused(table, bob, "{" * (MAX_GUEST_FRAME + 1), "too_large", None)
    # Under the limit in characters, over it in UTF-8 bytes.
    wide = '{"p":"' + "é" * 2100 + '"}'
    assert len(wide) <= MAX_GUEST_FRAME < len(wide.encode())
    refused(table, bob, wide, "too_large", None)


def test_another_build_is_refused() -> None:
    table = make_table(3)
    other = GuestSession("Bob", build_id="another-build", game=GAME)
    peer = table.hub.connect(other)
    table.hub.flush()
    assert table.hub.answers[peer] == ["ignored"]  # the reject itself speaks another build
    sends = table.host.receive(peer, other.hello())
    assert json.loads(sends[0][1])["code"] == "version"
    assert table.host.seats_status()[1]["kind"] == "open"


def test_replayed_and_out_of_order_frames() -> None:
    table, bob, guest = lobby_with_bob()
    sit = guest.sit(2)
    table.send(bob, sit)
    assert guest.seat == 2
    refused(table, bob, sit, "replayed", guest.n)  # the same frame again
    first, second = guest.sit(1), guest.sync()
    table.send(bob, second)  # the later frame overtakes the earlier one
    refused(table, bob, first, "replayed", guest.n - 1)
    assert guest.seat == 2
    # A duplicate through the transport is refused too.
    table.hub.fault = lambda direction, peer, text: (
        [text, text] if direction == "to_host" else [text]
    )
    table.send(bob, guest.sync())
    assert guest.last_reject is not None and guest.last_reject[0] == "replayed"


def test_lobby_refusals() -> None:
    table, bob, guest = lobby_with_bob()
    zed = GuestSession("Zed", game=GAME)
    stranger = table.hub.connect(zed, hello=False)
    refused(table, stranger, zed.sit(2), "not_joined", zed.n)
    refused(table, stranger, raw(zed, "act", version=0, action={"type": "visit"}), "not_joined")
    with pytest.raises(SessionError) as early:
        zed.propose({"type": "visit"})  # the guest has seen no state: nothing to propose on
    assert early.value.code == "not_started"
    for bad in ["", "   ", "x" * 25, "Bob\x07"]:
        refused(table, stranger, raw(zed, "hello", name=bad, token=None), "name")
    refused(table, stranger, raw(zed, "hello", name="Zed", token="not-a-token"), "bad_token")
    refused(table, bob, guest.sit(3), "no_such_seat")
    refused(table, bob, guest.sit(-1), "no_such_seat")
    refused(table, bob, guest.sit(0), "seat_taken")
    refused(table, bob, guest.sit(1), "seat_taken")  # its own seat: already taken
    table.host_call(table.host.set_bot(2, "easy"))
    refused(table, bob, guest.sit(2), "seat_taken")
    refused(table, bob, raw(guest, "act", version=0, action={"type": "visit"}), "not_started")
    # Every seat is taken and the host lets no spectator in: the table is full.
    table.host.set_spectators(0)
    refused(table, stranger, raw(zed, "hello", name="Zed", token=None), "full")


def test_a_second_person_with_the_same_name_is_refused() -> None:
    """Two people at one table never share a name, whatever its case and spaces:
    the host's, a seated guest's, one still choosing a seat; a rejoin keeps its
    own name but cannot take another's; once the game runs, a spectator neither."""
    table, _bob, bob_guest = lobby_with_bob()
    host_name = table.host.host_name
    for name in ("Bob", "bob", "  BOB ", "BoB", host_name.upper(), f" {host_name.lower()} "):
        twin = GuestSession(name, game=GAME)
        refused(table, table.hub.connect(twin, hello=False), twin.hello(), "name_taken")
    dora = table.join("Dora")  # not seated yet: her name is hers all the same
    twin = GuestSession(" dora", game=GAME)
    refused(table, table.hub.connect(twin, hello=False), twin.hello(), "name_taken")
    # Bob's tab comes back with his token: his own name is his, Dora's is not
    thief = GuestSession("Zed", game=GAME)
    peer = table.hub.connect(thief, hello=False)
    refused(table, peer, raw(thief, "hello", name="DORA", token=bob_guest.token), "name_taken")
    back = GuestSession.from_save(bob_guest.to_save(), game=GAME)
    back.name = "bob "
    table.hub.connect(back)
    table.hub.flush()
    assert back.seat == 1 and back.last_reject is None
    # another name is welcome
    assert table.guests[table.join("Bobby", 2)].seat == 2
    assert table.guests[dora].last_reject is None
    table.host_call(table.host.start())
    fan = GuestSession("BOBBY", game=GAME)
    refused(table, table.hub.connect(fan, hello=False), fan.hello(), "name_taken")


def test_play_refusals_change_nothing() -> None:
    table, (bob, chloe) = seated_table(3, 4)
    host = table.host
    bob_guest, chloe_guest = table.guests[bob], table.guests[chloe]
    # Bring the turn to Bob (seat 1).
    dice = 99
    while host.to_act() != 1:
        dice = play_one(table, dice)
    version = host.version
    legal = bob_guest.legal
    assert legal
    # Stale: the version before or after the current one.
    for seen in (version - 1, version + 1):
        text = raw(bob_guest, "act", version=seen, action=legal[0])
        refused(table, bob, text, "stale")
    # Forged seat: Chloé claims seat 1 for Bob's move; Bob names another seat.
    text = raw(chloe_guest, "act", version=version, action=legal[0], seat=1)
    refused(table, chloe, text, "not_your_seat")
    text = raw(bob_guest, "act", version=version, action=legal[0], seat=2)
    refused(table, bob, text, "not_your_seat")
    # Chloé plays Bob's legal move as her own: the rules say it is not her turn.
    refused(table, chloe, chloe_guest.propose(legal[0]), "illegal:not_your_turn")
    # A move of the right shape the rules refuse, and a move of no known shape.
    refused(
        table, bob, bob_guest.propose({"type": "activate", "card": 0}), "illegal:not_at_magician"
    )
    refused(table, bob, bob_guest.propose({"type": "fly"}), "malformed")
    refused(table, bob, bob_guest.propose({"type": "ask", "count": "2"}), "malformed")
    refused(table, bob, bob_guest.propose({"type": "ask", "count": 9}), "illegal:bad_count")
    # A new guest cannot join a started game that lets no spectator in, and
    # nobody sits any more.
    host.set_spectators(0)
    late = GuestSession("Late", game=GAME)
    table.hub.connect(late)
    table.hub.flush()
    assert late.last_reject is not None and late.last_reject[0] == "no_spectators"
    refused(table, bob, bob_guest.sit(2), "started")
    # After all that, Bob's move still plays.
    table.send(bob, bob_guest.propose(legal[0]))
    assert host.version == version + 1


@pytest.mark.parametrize("kind", ["choose", "activate", "discard", "replace"])
def test_a_reject_does_not_depend_on_hidden_cards(kind: str) -> None:
    """Guessing another seat's hidden weapon gets the very reject a card from the
    deck gets: a refusal tells nothing about where a hidden card is."""
    table, (bob, _chloe) = seated_table(3, 4, companions=True)
    host = table.host
    dice = 5
    while host.to_act() != 1:
        dice = play_one(table, dice)
    state = host.state
    others_hidden = [p.hidden for seat, p in enumerate(state.players) if seat != 1]
    guest = table.guests[bob]
    answers = set()
    for card in [*others_hidden, *state.weapon_deck[:5]]:
        sends = host.receive(bob, guest.propose({"type": kind, "card": card}))
        frame = json.loads(sends[0][1])
        assert frame["t"] == "reject" and frame["code"] != "malformed"
        answers.add((frame["code"], frame["detail"].replace(str(card), "#")))
    assert len(answers) == 1, answers


# ----- a guest is as strict with the host


def guest_in_game() -> tuple[Table, str, GuestSession]:
    table, (bob, _chloe) = seated_table(3, 8)
    return table, bob, table.guests[bob]


def ignored(guest: GuestSession, text: object, code: str) -> None:
    before = (guest.to_save(), guest.view, guest.legal, list(guest.events), guest.host_n)
    assert guest.receive(text) == "ignored"
    assert guest.last_ignored is not None and guest.last_ignored[0] == code
    assert (guest.to_save(), guest.view, guest.legal, list(guest.events), guest.host_n) == before


def test_a_guest_ignores_bad_host_frames() -> None:
    table, _bob, guest = guest_in_game()
    n = guest.host_n
    ignored(guest, "garbage", "malformed")
    ignored(guest, "x" * (300 * 1024), "too_large")
    ignored(
        guest, encode("bq-net-1/other/1/dev", "closed", n + 1, {"reason": "host_ended"}), "version"
    )
    ignored(guest, encode(PROTO, "closed", n, {"reason": "host_ended"}), "replayed")
    ignored(guest, encode(PROTO, "hello", n + 1, {"name": "x", "token": None}), "unknown_type")
    ignored(guest, encode(PROTO, "closed", n + 1, {"reason": "bored"}), "malformed")
    ignored(guest, encode(PROTO, "state", n + 1, {"version": 1}), "malformed")
    good = json.loads(table.hub.sent_to[_bob][-1])
    for key, value in [
        ("view", []),
        ("legal", {}),
        ("legal", [1]),
        ("events", "x"),
        ("from", -1),
        ("you", "1"),
        ("phase", "lobby"),
        ("seats", [{"seat": 0}]),
        ("outcome", 3),
        ("version", True),
    ]:
        bad = {**good, key: value, "n": n + 1}
        ignored(guest, json.dumps(bad), "malformed")
    ignored(guest, json.dumps({**good, "n": n + 1, "spy": 1}), "malformed")
    ignored(
        guest, encode(PROTO, "welcome", n + 1, {"seat": 1, "token": 5, "host": {}}), "malformed"
    )
    ignored(
        guest, encode(PROTO, "reject", n + 1, {"code": 1, "ref": None, "detail": ""}), "malformed"
    )
    # A good frame after all that is taken in.
    assert guest.receive(json.dumps({**good, "n": n + 1})) == "state"


def test_a_lost_state_frame_makes_the_guest_ask_for_sync() -> None:
    table, (bob, _chloe) = seated_table(3, 9)
    guest = table.guests[bob]
    dropped: list[str] = []

    def drop_one(direction: str, peer: str, text: str) -> list[str]:
        if direction == "to_guest" and peer == bob and not dropped:
            dropped.append(text)
            return []
        return [text]

    table.hub.fault = drop_one
    act_for_whoever(table)
    table.hub.fault = None
    act_for_whoever(table)
    assert guest.needs_sync
    assert guest.version == table.host.version  # the view is whole in every frame
    table.send(bob, guest.sync())
    assert not guest.needs_sync
    assert guest.events == table.host.events_for(1)
    assert guest.view == table.host.view_for(1)


def act_for_whoever(table: Table) -> None:
    """The first legal move of whoever is to act, sent with the current version."""
    host = table.host
    seat = host.to_act()
    assert seat is not None
    action = host.legal_json(seat)[0]
    if seat == 0:
        table.host_call(host.host_act(action))
    elif host.bot_due() == seat:
        table.host_call(host.bot_act(seat, action))
    else:
        peer, guest = table.guest_at(seat)
        table.send(peer, raw(guest, "act", version=host.version, action=action))
        assert table.last_answer(peer) == "state"


def test_a_transport_that_forgets_open_peer() -> None:
    """A transport that forgets open_peer still gets answers, not a crash."""
    host = HostSession.new(GAME, {"players": 2}, 1, "Alice")
    hub = MemoryHub(host)
    guest = GuestSession("Bob", game=GAME)
    sends = host.receive("nobody-opened-me", guest.hello())
    assert [json.loads(text)["t"] for _peer, text in sends] == ["welcome", "lobby"]
    assert hub.host is host
