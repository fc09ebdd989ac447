"""Undo over the network and the state version that only grows (issue #28):
the host's seat and a guest take back their own moves within their turn under
the game's undo policy; every guest is sent its state again; a proposal made
before an undo that changed the proposer's legal actions is refused as taken
back; a proposal against an older version whose seat's legal actions did not
change is accepted (staleness per seat). Played on tests/draftgame.py."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from game.engine.errors import MalformedData
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from tests.draftgame import GAME
from tests.helpers import seated_session


@dataclass
class Table:
    host: HostSession
    hub: MemoryHub
    guests: dict[int, tuple[str, GuestSession]]

    def send(self, seat: int, text: str) -> None:
        self.hub.send(self.guests[seat][0], text)
        self.hub.flush()

    def host_call(self, sends: list[tuple[str, str]]) -> None:
        self.hub.route(sends)
        self.hub.flush()

    def guest(self, seat: int) -> GuestSession:
        return self.guests[seat][1]

    def last_reject(self, seat: int) -> str:
        reject = self.guest(seat).last_reject
        assert reject is not None
        return reject[0]


def seated(seed: int = 3, host_seat: int = 0) -> Table:
    """The host Ana at `host_seat`, Ben and Cleo at the others, the game started."""
    host, hub, guests = seated_session(GAME, 3, seed, host_seat)
    return Table(host, hub, guests)


def draft_through(table: Table) -> None:
    """Every seat picks its first card until the draft is over."""
    host = table.host
    while host.state.stage == "draft":
        for seat in (0, 1, 2):
            card = host.state.hands[seat][0]
            if seat == host.host_seat:
                table.host_call(host.host_act({"type": "pick", "card": card}))
            else:
                table.send(seat, table.guest(seat).propose({"type": "pick", "card": card}))


def to_turn_of(table: Table, seat: int) -> None:
    draft_through(table)
    host = table.host
    while host.state.turn != seat:
        mover = host.state.turn
        for kind in ("coin", "end"):
            if mover == host.host_seat:
                table.host_call(host.host_act({"type": kind}))
            else:
                table.send(mover, table.guest(mover).propose({"type": kind}))


def test_a_guest_takes_back_its_move_and_everyone_is_resynchronised() -> None:
    table = seated()
    to_turn_of(table, 1)
    host, ben, cleo = table.host, table.guest(1), table.guest(2)
    before_view, before_events = ben.view, list(ben.events)
    assert not ben.may_undo  # nothing played this turn yet
    table.send(1, ben.propose({"type": "coin"}))
    assert ben.may_undo and not cleo.may_undo
    assert ben.view is not None and ben.view["coins"][1] == 1
    played_at = host.version
    table.send(1, ben.request_undo())
    assert host.version == played_at + 1, "an undo is a change: the version grows"
    assert host.state.coins[1] == 0 and host.match.actions[-1][1] == {"type": "end"}
    for guest in (ben, cleo):
        assert guest.version == host.version
        assert guest.events == host.events_for(guest.seat)  # the coin's line is gone
    assert ben.view == before_view and ben.events == before_events
    assert sorted(json.dumps(a) for a in ben.legal) == sorted(
        json.dumps(a) for a in host.legal_json(1)
    )
    # the log says who took back a move, where it was taken back
    assert ben.taken_back == cleo.taken_back == [(len(host.events), 1)]
    assert list(host.taken_back) == [(len(host.events), 1)]
    assert not ben.may_undo


def test_the_host_takes_back_its_own_move() -> None:
    table = seated(5)
    to_turn_of(table, 0)
    host = table.host
    table.host_call(host.host_act({"type": "coin"}))
    assert host.may_undo(0) and not host.may_undo(1)
    version = host.version
    table.host_call(host.host_undo())
    assert host.version == version + 1 and host.state.coins[0] == 0
    assert table.guest(1).taken_back == [(len(host.events), 0)]
    assert table.guest(2).view == host.view_for(2)


def test_a_refused_undo_says_why_and_changes_nothing() -> None:
    table = seated(7)
    to_turn_of(table, 1)
    host, ben = table.host, table.guest(1)
    table.send(1, ben.request_undo())
    assert table.last_reject(1) == "undo:undo_turn_over"  # his draft picks are done with
    table.send(1, ben.propose({"type": "draw"}))  # a card seen: a barrier
    version, save = host.version, host.to_save()
    table.send(1, ben.request_undo())
    assert table.last_reject(1) == "undo:undo_drew_card"
    table.send(2, table.guest(2).request_undo())
    assert table.last_reject(2) == "undo:undo_not_your_turn"
    with pytest.raises(SessionError) as refused:
        host.host_undo()
    assert refused.value.code == "undo:undo_not_your_turn"
    assert host.version == version and host.to_save() == save


def test_an_undo_request_is_read_strictly() -> None:
    table = seated(9)
    to_turn_of(table, 1)
    host, ben = table.host, table.guest(1)
    table.send(1, ben.propose({"type": "coin"}))
    version = host.version
    for fields, code in (
        ({"version": "1"}, "malformed"),
        ({"version": True}, "malformed"),
        ({}, "malformed"),
        ({"version": version, "seat": 1}, "malformed"),
        ({"version": version - 1}, "stale"),  # a second click: one undo per version seen
    ):
        table.send(1, ben.frame("undo", fields))
        assert table.last_reject(1) == code, fields
    assert host.version == version and host.state.coins[1] == 1
    spectator = GuestSession("Dee", game=GAME)
    peer = table.hub.connect(spectator)
    table.hub.flush()
    table.hub.send(peer, spectator.request_undo())
    table.hub.flush()
    assert spectator.last_reject is not None and spectator.last_reject[0] == "not_your_seat"


def test_a_move_proposed_before_an_undo_is_refused_as_taken_back() -> None:
    table = seated(11)
    to_turn_of(table, 1)
    host, ben = table.host, table.guest(1)
    table.send(1, ben.propose({"type": "coin"}))
    # Ben asks to take the coin back and, before the host answers, ends his turn
    # (the state he saw lets him): the undo took that choice away.
    table.hub.send(table.guests[1][0], ben.request_undo())
    table.hub.send(table.guests[1][0], ben.propose({"type": "end"}))
    table.hub.flush()
    assert table.last_reject(1) == "taken_back"
    assert host.state.turn == 1 and host.state.moves == 0


def test_a_proposal_is_stale_only_when_its_seats_legal_actions_changed() -> None:
    table = seated(13)
    host, ben, cleo = table.host, table.guest(1), table.guest(2)
    seen = ben.version
    # others pick meanwhile: Ben's own choices are the same, his pick goes through
    table.host_call(host.host_act({"type": "pick", "card": host.state.hands[0][0]}))
    table.send(2, cleo.propose({"type": "pick", "card": host.state.hands[2][0]}))
    assert host.version == (seen or 0) + 2
    card = host.state.hands[1][1]
    table.send(1, ben.frame("act", {"version": seen, "action": {"type": "pick", "card": card}}))
    assert ben.last_reject is None and host.state.kept[1] == (card,)
    # Cleo's choices changed since the version she names (a new draft round)
    old = cleo.version
    table.host_call(host.host_act({"type": "pick", "card": host.state.hands[0][0]}))
    table.send(1, ben.propose({"type": "pick", "card": host.state.hands[1][0]}))
    table.send(2, cleo.propose({"type": "pick", "card": host.state.hands[2][0]}))
    assert host.state.stage == "turns"
    table.send(2, cleo.frame("act", {"version": old, "action": {"type": "coin"}}))
    assert table.last_reject(2) == "stale"
    # a version from the future, or one the host no longer remembers
    table.send(2, cleo.frame("act", {"version": host.version + 5, "action": {"type": "coin"}}))
    assert table.last_reject(2) == "stale"


def test_the_version_only_grows_and_survives_a_save() -> None:
    table = seated(15)
    to_turn_of(table, 0)
    host = table.host
    seen = [host.version]
    for step in ("coin", "undo", "coin", "coin", "undo", "undo", "coin"):
        table.host_call(host.host_undo() if step == "undo" else host.host_act({"type": step}))
        seen.append(host.version)
    assert seen == sorted(set(seen)), "every change is a new version"
    assert host.version > len(host.match.actions)
    back = HostSession.from_save(GAME, host.to_save())
    assert back.version == host.version and back.state == host.state
    assert back.may_undo(0)  # the kept steps come back with the match
    back.host_undo()
    assert back.state.coins[0] == host.state.coins[0] - 1


def test_an_older_save_without_a_version_still_loads() -> None:
    table = seated(17)
    draft_through(table)
    data = json.loads(table.host.to_save())
    assert data["version"] == 2 and data["changes"] == table.host.version
    older = {key: value for key, value in data.items() if key != "changes"}
    older["version"] = 1
    back = HostSession.from_save(GAME, json.dumps(older))
    assert back.version == len(back.match.actions) and back.state == table.host.state
    with pytest.raises(MalformedData):
        HostSession.from_save(GAME, json.dumps({**data, "version": 1}))


def test_undo_after_more_undos_than_kept_replays_once() -> None:
    """The host keeps the last steps; once they are used up by undos, the match
    is replayed to find the ones before."""
    table = seated(19)
    to_turn_of(table, 0)
    host = table.host
    table.host_call(host.host_act({"type": "coin"}))
    host._kept.clear()  # as if every kept step had been taken back
    assert host.undo_refusal(0) is None
    table.host_call(host.host_undo())
    assert host.state.coins[0] == 0 and table.guest(1).view == host.view_for(1)


def test_a_spectator_follows_an_undo() -> None:
    table = seated(21)
    to_turn_of(table, 1)
    host, ben = table.host, table.guest(1)
    watcher = GuestSession("Dee", game=GAME)
    table.hub.connect(watcher)
    table.hub.flush()
    table.send(1, ben.propose({"type": "coin"}))
    assert watcher.events == host.events_for(None)
    table.send(1, ben.request_undo())
    assert watcher.version == host.version and watcher.view == host.public_view()
    assert watcher.events == host.events_for(None)[watcher.events_from :]
    assert watcher.taken_back == [(len(host.events), 1)] and not watcher.may_undo


def test_a_host_in_another_seat_takes_back_its_own_move() -> None:
    """The host may sit anywhere (the lobby's "Take this seat"): its undo is
    its seat's, never seat 0's."""
    table = seated(11, host_seat=2)
    host = table.host
    assert host.host_seat == 2
    to_turn_of(table, 2)
    table.host_call(host.host_act({"type": "coin"}))
    assert host.may_undo(2) and not host.may_undo(0)
    table.host_call(host.host_undo())
    assert host.state.coins[2] == 0
    assert table.guest(0).taken_back == [(len(host.events), 2)]
