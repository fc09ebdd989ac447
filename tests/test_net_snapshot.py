"""A returning guest gets a snapshot (issue #28): its seat's view, legal actions,
version and the last RECENT_EVENTS events, not every event since the start;
later frames add to that log; a lost frame is mended by another snapshot. A
guest reads the new state fields strictly."""

from __future__ import annotations

import json

from game.bossquest import GAME
from game.engine.bots import make_bot
from game.net import GuestSession, HostSession, MemoryHub
from game.net.frames import MAX_HOST_FRAME
from game.net.host import RECENT_EVENTS


def _long_match(seed: int) -> tuple[HostSession, MemoryHub, str, GuestSession]:
    """Six seats, a guest at seat 1 whose seat a bot plays, the others bots; the
    match played until near its end."""
    host = HostSession.new(GAME, {"players": 6}, seed, "Ana")
    hub = MemoryHub(host)
    guest = GuestSession("Ben", game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(1))
    hub.flush()
    host.fill_with_bots("normal")
    hub.route(host.start())
    hub.route(host.hand_to_bot(1, "normal"))
    hub.flush()
    bot = make_bot(GAME, "normal")
    while host.phase == "playing" and len(host.events) < 2 * RECENT_EVENTS:
        seat = host.to_act()
        assert seat is not None
        action = GAME.action_to_json(bot(host.view_for(seat), host.legal_actions(seat)))
        hub.route(host.host_act(action) if seat == 0 else host.bot_act(seat, action))
        hub.flush()
    assert host.phase == "playing", "a match long enough, still going"
    return host, hub, peer, guest


def test_a_returning_guest_gets_a_snapshot_then_the_new_events() -> None:
    host, hub, peer, guest = _long_match(5)
    hub.route(host.hand_back(1))
    hub.flush()
    back = GuestSession.from_save(guest.to_save(), game=GAME)
    hub.disconnect(peer)
    hub.flush()
    again = hub.connect(back)
    hub.flush()
    frame = json.loads(hub.sent_to[again][-1])
    start = len(host.events) - RECENT_EVENTS
    assert frame["t"] == "state" and frame["reset"] is True and frame["from"] == start
    assert len(frame["events"]) == RECENT_EVENTS
    assert back.events_from == start and back.events == host.events_for(1)[start:]
    assert back.view == host.view_for(1) and back.version == host.version
    assert back.legal == host.legal_json(1)
    snapshot = len(hub.sent_to[again][-1].encode())
    whole = len(json.dumps(host.events_for(1)).encode())
    print(f"{len(host.events)} events; snapshot {snapshot} bytes, the whole log {whole} bytes")
    assert snapshot < MAX_HOST_FRAME // 8 and snapshot < whole
    # the game goes on: the next frames add to the snapshot's log
    bot = make_bot(GAME, "normal")
    for _ in range(6):
        seat = host.to_act()
        if seat is None:
            break
        if seat == 1:
            legal = [GAME.action_from_json(item) for item in back.legal]
            hub.send(again, back.propose(GAME.action_to_json(bot(back.view or {}, legal))))
        else:
            action = GAME.action_to_json(bot(host.view_for(seat), host.legal_actions(seat)))
            hub.route(host.host_act(action) if seat == 0 else host.bot_act(seat, action))
        hub.flush()
        last = json.loads(hub.sent_to[again][-1])
        assert last["reset"] is False
    assert back.events_from == start and back.events == host.events_for(1)[start:]


def test_a_lost_frame_is_mended_by_a_snapshot() -> None:
    host, hub, peer, guest = _long_match(5)
    lost: list[str] = []

    def lose_one(direction: str, to: str, text: str) -> list[str]:
        if direction == "to_guest" and not lost and '"t":"state"' in text:
            lost.append(text)
            return []
        return [text]

    hub.fault = lose_one
    for _ in range(3):
        seat = host.bot_due()
        assert seat is not None
        action = GAME.action_to_json(
            make_bot(GAME, "normal")(host.view_for(seat), host.legal_actions(seat))
        )
        hub.route(host.bot_act(seat, action))
        hub.flush()
    assert lost and guest.needs_sync  # it noticed the gap: it asks again
    hub.send(peer, guest.sync())
    hub.flush()
    frame = json.loads(hub.sent_to[peer][-1])
    assert frame["reset"] is True
    start = len(host.events) - RECENT_EVENTS
    assert guest.events_from == start and guest.events == host.events_for(1)[start:]


def test_the_new_state_fields_are_read_strictly() -> None:
    _host, hub, peer, guest = _long_match(5)
    good = json.loads(hub.sent_to[peer][-1])
    version = guest.version
    bads: list[dict[str, object]] = [
        {"reset": 1},
        {"undo": "yes"},
        {"taken_back": {}},
        {"taken_back": [[1]]},
        {"taken_back": [[1, 99]]},
        {"taken_back": [["1", 1]]},
        {"taken_back": [[0, 1]] * 65},
    ]
    for bad in bads:
        frame = {**good, **bad, "n": guest.host_n + 1, "version": (version or 0) + 1}
        assert guest.receive(json.dumps(frame)) == "ignored", bad
        assert guest.version == version
    frame = {**good, "n": guest.host_n + 1, "taken_back": [[3, 1]], "undo": True}
    assert guest.receive(json.dumps(frame)) == "state"
    assert guest.taken_back == [(3, 1)] and guest.may_undo
