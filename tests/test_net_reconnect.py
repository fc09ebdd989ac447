"""Dropping and coming back: a guest rejoins its seat with its token, a dropped
seat waits or is handed to a bot and back, and the host saves, reloads and the
guests reconnect. Nothing played is lost."""

from __future__ import annotations

import json

import pytest

from game.bossquest import GAME
from game.engine import rng
from game.engine.errors import MalformedData
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from tests.test_net_flow import (
    Table,
    check_guests_current,
    play_one,
    play_to_end,
    seated_table,
)


def advance(table: Table, moves: int, dice: int = 77) -> int:
    for _ in range(moves):
        if table.host.phase != "playing":
            break
        dice = play_one(table, dice)
    return dice


def rejoin(table: Table, guest: GuestSession) -> str:
    """The guest's page reloads: a new session from its save, on a new connection."""
    again = GuestSession.from_save(guest.to_save(), game=GAME)
    peer = table.hub.connect(again)
    table.guests[peer] = again
    table.hub.flush()
    return peer


def test_a_guest_rejoins_its_seat_with_its_token() -> None:
    table, (bob, _chloe) = seated_table(3, 21)
    advance(table, 10)
    old = table.guests[bob]
    table.hub.disconnect(bob)
    table.hub.flush()
    assert table.host.seats_status()[1]["dropped"]
    peer = rejoin(table, old)
    guest = table.guests[peer]
    assert table.hub.answers[peer] == ["welcome", "state"]
    assert guest.seat == 1 and guest.token == old.token
    # The whole log comes back, and the current view.
    assert guest.events == table.host.events_for(1)
    assert guest.view == table.host.view_for(1)
    assert not table.host.seats_status()[1]["dropped"]
    del table.guests[bob]
    play_to_end(table, 21)
    check_guests_current(table)


def test_a_game_waits_for_a_dropped_guest() -> None:
    table, (bob, _chloe) = seated_table(3, 22)
    dice = rng.seed_state(3)
    while table.host.to_act() != 1:
        dice = play_one(table, dice)
    old = table.guests[bob]
    table.hub.disconnect(bob)
    table.hub.flush()
    assert table.host.bot_due() is None  # nobody plays for Bob: the game waits
    status = table.host.seats_status()[1]
    assert status["thinking"] and status["dropped"] and not status["connected"]
    peer = rejoin(table, old)
    del table.guests[bob]
    assert table.guests[peer].legal == table.host.legal_json(1)
    play_one(table, dice)


def test_rejoining_from_a_second_connection_replaces_the_first() -> None:
    table, (bob, _chloe) = seated_table(3, 23)
    old = table.guests[bob]
    peer = rejoin(table, old)
    assert old.closed == "replaced"
    assert table.guests[peer].seat == 1
    # The old connection holds nothing any more.
    table.hub.send(bob, old.propose(old.legal[0] if old.legal else {"type": "visit"}))
    table.hub.flush()
    assert old.last_reject is not None and old.last_reject[0] == "not_joined"


def test_a_wrong_token_is_refused() -> None:
    table, _peers = seated_table(3, 24)
    before = table.host.to_save()
    stranger = GuestSession("Mallory", "A" * 24, game=GAME)
    peer = table.hub.connect(stranger)
    table.hub.flush()
    assert stranger.last_reject is not None and stranger.last_reject[0] == "bad_token"
    assert stranger.seat is None and stranger.view is None
    assert table.hub.sent_to[peer] and all(
        json.loads(text)["t"] == "reject" for text in table.hub.sent_to[peer]
    )
    assert table.host.to_save() == before


def test_a_dropped_seat_is_handed_to_a_bot_and_back() -> None:
    table, (bob, _chloe) = seated_table(3, 25)
    old = table.guests[bob]
    table.hub.disconnect(bob)
    del table.guests[bob]
    table.hub.flush()
    table.host_call(table.host.hand_to_bot(1, "normal"))
    assert table.host.seats_status()[1]["handed_to_bot"] == "normal"
    # The bot plays Bob's turns while he is away.
    dice = rng.seed_state(9)
    played_for_bob = 0
    while played_for_bob < 2 and table.host.phase == "playing":
        if table.host.to_act() == 1:
            assert table.host.bot_due() == 1
            played_for_bob += 1
        dice = play_one(table, dice)
    assert played_for_bob == 2
    # Bob is back: he watches the bot, and cannot play while it holds his seat.
    peer = rejoin(table, old)
    guest = table.guests[peer]
    assert guest.seats[1]["handed_to_bot"] == "normal" and guest.legal == []
    with pytest.raises(SessionError) as refused:
        table.host.hand_to_bot(0, "normal")
    assert refused.value.code == "not_a_guest"
    table.host_call(table.host.hand_back(1))
    with pytest.raises(SessionError) as again:
        table.host.hand_back(1)
    assert again.value.code == "not_handed"
    assert guest.seats[1]["handed_to_bot"] is None
    play_to_end(table, 25)
    check_guests_current(table)


def test_the_host_saves_reloads_and_the_guests_reconnect() -> None:
    table, (bob, chloe) = seated_table(4, 26)
    dice = advance(table, 25)
    assert table.host.phase == "playing"
    save = table.host.to_save()
    version, hashes = table.host.version, table.host.events_for(1)
    guests = [table.guests[bob], table.guests[chloe]]
    # The host's page reloads: every connection is gone, the save comes back.
    restored = HostSession.from_save(GAME, save)
    assert restored.to_save() == save
    assert restored.version == version
    assert [s["dropped"] for s in restored.seats_status()] == [False, True, True, False]
    new = Table(restored, MemoryHub(restored))
    for guest in guests:
        peer = rejoin(new, guest)
        assert new.guests[peer].seat == guest.seat
    assert new.guests["peer-1"].events == hashes
    check_guests_current(new)
    advance(new, 1000, dice)
    assert restored.phase == "over"
    check_guests_current(new)


def test_a_lobby_save_comes_back_too() -> None:
    lobby = HostSession.new(GAME, {"players": 3, "potions": True}, 5, "Alice")
    table = Table(lobby, MemoryHub(lobby))
    bob = table.join("Bob", 1)
    table.host_call(lobby.set_bot(2, "easy"))
    restored = HostSession.from_save(GAME, lobby.to_save())
    assert restored.phase == "lobby" and restored.to_save() == lobby.to_save()
    assert restored.seats_status()[1]["dropped"]
    new = Table(restored, MemoryHub(restored))
    peer = rejoin(new, table.guests[bob])
    assert new.guests[peer].seat == 1 and new.hub.answers[peer] == ["welcome", "lobby"]
    new.host_call(restored.start())
    assert new.guests[peer].view == restored.view_for(1)


def _mutated_saves(save: str) -> list[tuple[str, str]]:
    data = json.loads(save)
    cases: list[tuple[str, object]] = [
        ("not json", "{"),
        ("not an object", "[]"),
        ("another version", {**data, "version": 3}),
        ("a version 1 save with changes", {**data, "version": 1}),
        ("changes below the actions", {**data, "changes": 1}),
        ("negative changes", {**data, "changes": -1}),
        ("changes as text", {**data, "changes": "9"}),
        ("another kind", {**data, "save": "guest"}),
        ("unknown field", {**data, "extra": 1}),
        ("missing field", {k: v for k, v in data.items() if k != "seats"}),
        ("one seat too few", {**data, "seats": data["seats"][:-1]}),
        ("two hosts", {**data, "seats": [data["seats"][0]] * 4}),
        (
            "an open seat in play",
            {
                **data,
                "seats": [
                    *data["seats"][:2],
                    {**data["seats"][2], "kind": "open", "token_hash": None},
                    data["seats"][3],
                ],
            },
        ),
        (
            "a bad token hash",
            {
                **data,
                "seats": [
                    *data["seats"][:1],
                    {**data["seats"][1], "token_hash": "xyz"},
                    *data["seats"][2:],
                ],
            },
        ),
        (
            "a bad level",
            {**data, "seats": [*data["seats"][:3], {**data["seats"][3], "level": "god"}]},
        ),
        ("an empty host name", {**data, "host_name": " "}),
        (
            "an illegal action",
            {**data, "match": {**data["match"], "actions": [[1, {"type": "ask", "count": 9}]]}},
        ),
        ("a broken action", {**data, "match": {**data["match"], "actions": [[0, {"type": "x"}]]}}),
        ("actions in the lobby", {**data, "started": False}),
        ("bad options", {**data, "match": {**data["match"], "options": {"players": 1}}}),
    ]
    return [(why, case if isinstance(case, str) else json.dumps(case)) for why, case in cases]


def test_a_corrupt_host_save_is_refused_with_a_reason() -> None:
    table, _ = seated_table(4, 28)
    advance(table, 5)
    save = table.host.to_save()
    assert HostSession.from_save(GAME, save).to_save() == save
    for why, text in _mutated_saves(save):
        with pytest.raises(MalformedData) as refused:
            HostSession.from_save(GAME, text)
        assert refused.value.message, why
        print(f"{why}: {refused.value}")


def test_a_guest_save_holds_only_its_name_token_and_seat() -> None:
    table, (bob, _chloe) = seated_table(3, 29)
    advance(table, 10)
    guest = table.guests[bob]
    data = json.loads(guest.to_save())
    assert set(data) == {"save", "version", "name", "token", "seat"}
    assert data["seat"] == 1 and data["token"] == guest.token
    back = GuestSession.from_save(guest.to_save(), game=GAME)
    assert (back.name, back.token, back.seat) == ("Bob", guest.token, 1)
    for bad in [
        "{",
        "[]",
        json.dumps({**data, "seat": "1"}),
        json.dumps({**data, "x": 1}),
        json.dumps({**data, "name": ""}),
        json.dumps({**data, "version": 9}),
    ]:
        with pytest.raises(MalformedData):
            GuestSession.from_save(bad, game=GAME)


def test_the_host_closes_the_table() -> None:
    table, (bob, chloe) = seated_table(3, 30)
    table.host_call(table.host.close())
    assert table.guests[bob].closed == table.guests[chloe].closed == "host_ended"
    assert all(not record.joined for record in table.host.peers.values())
