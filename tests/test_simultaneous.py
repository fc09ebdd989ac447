"""Several seats to act at once (Duel's commit step) at one table and over the
network: each seat acts in its own time, and a card committed but not yet
revealed reaches no other seat's view, events, frames or save."""

from __future__ import annotations

import json

import pytest

from game.duel import GAME
from game.duel.state import Commit, Keep, Stage
from game.engine.events import event_for_seat
from game.engine.local import LocalTable, SeatConfig
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from game.web.pacing import Pace, Played, bot_pace, due_of, played_of
from tests.draftgame import GAME as DRAFT
from tests.draftgame import Pick
from tests.helpers import seated_session

HUMANS = [SeatConfig("Ana", True), SeatConfig("Ben", True)]


def _to_commit_step(table: LocalTable) -> None:
    while table.game.to_act(table.state) and table.state.stage == Stage.SWAP:
        seat = table.curtain()
        if seat is not None:
            table.reveal(seat)
        table.play(table.to_act() or 0, Keep())


def test_pass_and_play_takes_each_human_behind_the_curtain() -> None:
    table = LocalTable.new(GAME, HUMANS, {"players": 2}, 4)
    _to_commit_step(table)
    assert GAME.to_act(table.state) == (0, 1)
    # The human already at the screen commits first, without a curtain.
    first = table.to_act()
    assert first is not None and first == table.viewer and table.curtain() is None
    card = table.state.hands[first][0]
    table.play(first, Commit(card))
    other = 1 - first
    assert table.curtain() == other  # the device goes to the other human
    table.reveal(other)
    assert table.viewer == other
    legal = [GAME.action_to_json(action) for action in table.legal()]
    seen = json.dumps([table.view(), table.visible_events(), legal])
    assert f'"card": {card}' not in seen and f'"my_card": {card}' not in seen
    assert table.view()["committed"][first] is True
    saved = json.dumps(table.save())  # the page's storage: no unrevealed card
    assert f'"card": {card}' not in saved and f'"card":{card}' not in saved
    table.play(other, Commit(table.state.hands[other][0]))
    assert card in table.view()["discards"]  # revealed now, to everyone
    revealed = LocalTable.load(GAME, json.loads(json.dumps(table.save())))
    assert revealed.state == table.state  # once revealed, the save holds it all


def test_people_commit_first_and_the_bot_never_sees_their_card() -> None:
    seats = [SeatConfig("Ana", True), SeatConfig("Bot", False, "normal")]
    table = LocalTable.new(GAME, seats, {"players": 2}, 8)
    while table.state.stage == Stage.SWAP:
        if table.bot_to_act() is not None:
            table.play_bot(GAME.capabilities.bots)
        else:
            table.play(0, Keep())
    assert GAME.to_act(table.state) == (0, 1)
    # both may act: the person goes first, no bot choosing meanwhile
    assert table.human_to_act() == 0 and table.bot_to_act() is None
    card = table.state.hands[0][0]
    table.play(0, Commit(card))
    assert table.bot_to_act() == 1
    bots_view = GAME.view(table.state, 1)  # what the bot decides from
    assert bots_view["my_card"] is None and card not in bots_view["discards"]
    assert f'"card": {card}' not in json.dumps([event_for_seat(e, 1) for e in table.events])
    table.play_bot(GAME.capabilities.bots)
    assert card in table.view()["discards"]  # revealed once both committed


def _network_at_commit_step(seed: int) -> tuple[HostSession, MemoryHub, GuestSession, str]:
    """The host at seat 0 and a guest at seat 1, both having kept their hands."""
    host = HostSession.new(GAME, {"players": 2}, seed, "Ana")
    hub = MemoryHub(host)
    guest = GuestSession("Ben", game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(1))
    hub.flush()
    hub.route(host.start())
    hub.flush()
    while host.state.stage == Stage.SWAP:
        if host.to_act() == 0:
            hub.route(host.host_act({"type": "keep"}))
        else:
            hub.send(peer, guest.propose({"type": "keep"}))
        hub.flush()
    return host, hub, guest, peer


def test_over_the_network_both_commit_in_any_order_and_nothing_leaks() -> None:
    host, hub, guest, peer = _network_at_commit_step(6)
    assert host.acting() == (0, 1) and [s["thinking"] for s in host.seats_status()] == [True, True]
    # The guest commits first although seat 0 is listed first.
    card = host.state.hands[1][0]
    hub.send(peer, guest.propose({"type": "commit", "card": card}))
    hub.flush()
    assert host.state.committed[1] == card and host.acting() == (0,)
    assert guest.legal == []  # committed: nothing more to do this step
    mine = host.state.hands[0][-1]
    hub.route(host.host_act({"type": "commit", "card": mine}))
    hub.flush()
    revealed = [event for event in guest.events if event.get("type") == "reveal"]
    assert revealed and revealed[-1]["cards"] == [mine, card]


def test_the_hosts_committed_card_never_reaches_the_guest_before_the_reveal() -> None:
    host, hub, _guest, _peer = _network_at_commit_step(9)
    sent: list[str] = []

    def listen(direction: str, peer: str, text: str) -> list[str]:
        if direction == "to_guest":
            sent.append(text)
        return [text]

    hub.fault = listen
    mine = host.state.hands[0][0]
    hub.route(host.host_act({"type": "commit", "card": mine}))
    hub.flush()
    after_commit = list(sent)
    assert after_commit, "the guest hears that the host committed"
    for text in after_commit:
        frame = json.loads(text)
        if frame["t"] == "state":
            assert frame["view"]["committed"] == [True, False]
            assert mine not in frame["view"]["discards"] and frame["view"]["my_card"] is None
            assert all("card" not in event for event in frame["events"])


# ------------------------------------------- a 3-seat draft whose picks may change


def _leaks(card: int, *texts: str) -> bool:
    return any(f'"card": {card}' in text or f'"card":{card}' in text for text in texts)


def test_a_person_picks_first_and_the_bots_then_commit_once_each() -> None:
    seats = [SeatConfig("Ana", True), SeatConfig("B1", False), SeatConfig("B2", False)]
    table = LocalTable.new(DRAFT, seats, {"players": 3}, 2)
    assert table.to_act() == 0 and table.bot_to_act() is None  # the person first
    table.play(0, Pick(table.state.hands[0][0]))
    # the game still lists Ana among those to act (she may change her pick), but
    # the table moves on to the bots, each committing once
    assert DRAFT.to_act(table.state) == (0, 1, 2)
    order = []
    while table.bot_to_act() is not None:
        order.append(table.bot_to_act())
        table.play_bot(DRAFT.capabilities.bots)
    assert order == [1, 2]
    assert table.state.draft_round == 1 and table.to_act() == 0  # revealed: a new pick


def test_pass_and_play_hides_each_pick_until_the_last_one() -> None:
    seats = [SeatConfig(name, True) for name in ("Ana", "Ben", "Cleo")]
    table = LocalTable.new(DRAFT, seats, {"players": 3}, 4)
    assert table.to_act() == 0 and table.curtain() == 0
    picks: dict[int, int] = {}
    for seat in (0, 1, 2):
        if table.curtain() is not None:
            assert table.curtain() == seat
            table.reveal(seat)
        assert table.to_act() == seat
        seen = json.dumps([table.view(), table.visible_events()])
        for other, card in picks.items():
            assert _leaks(card, seen) is False, f"seat {seat} sees seat {other}'s pick"
            assert card not in table.view()["kept"][other]
        if seat == 2:
            assert table.view()["picked"] == [True, True, False]
            # the page's storage neither: the save leaves the step's picks out
            saved = json.dumps(table.save())
            assert not any(_leaks(card, saved) for card in picks.values())
            again = LocalTable.load(DRAFT, json.loads(saved))
            assert again.state.picks == (None, None, None)  # each is asked again
            assert again.to_act() == 2 and again.curtain() is None  # who holds the device first
        picks[seat] = table.state.hands[seat][1]
        table.play(seat, Pick(picks[seat]))
    assert [kept[0] for kept in table.view()["kept"]] == [picks[0], picks[1], picks[2]]


def _draft_table(seed: int) -> tuple[HostSession, MemoryHub, dict[int, tuple[str, GuestSession]]]:
    """The host at seat 0, guests at seats 1 and 2, the draft begun."""
    return seated_session(DRAFT, 3, seed)


def test_a_guest_changes_its_pick_until_the_last_seat_picks_and_nothing_leaks() -> None:
    host, hub, guests = _draft_table(6)
    (ben_peer, ben), (cleo_peer, cleo) = guests[1], guests[2]
    sent: list[str] = []

    def listen(direction: str, peer: str, text: str) -> list[str]:
        if direction == "to_guest" and peer == cleo_peer:
            sent.append(text)
        return [text]

    hub.fault = listen
    first, second = host.state.hands[1][0], host.state.hands[1][2]
    hub.send(ben_peer, ben.propose({"type": "pick", "card": first}))
    hub.flush()
    # committed, and still free to change: the host lists his other cards
    assert ben.legal and {"type": "pick", "card": second} in ben.legal
    assert ben.view is not None and ben.view["my_pick"] == first
    # but no longer awaited: the others are the ones everybody waits for
    thinking = [status["thinking"] for status in host.seats_status()]
    assert thinking == [True, False, True] and host.to_act() == 0
    hub.send(ben_peer, ben.propose({"type": "pick", "card": second}))
    hub.flush()
    assert ben.last_reject is None and host.state.picks[1] == second
    hub.route(host.host_act({"type": "pick", "card": host.state.hands[0][0]}))
    hub.flush()
    before_reveal = list(sent)
    assert before_reveal and not _leaks(first, *before_reveal)
    assert not _leaks(second, *before_reveal)
    assert not _leaks(first, cleo.to_save()) and not _leaks(second, cleo.to_save())
    hub.send(cleo_peer, cleo.propose({"type": "pick", "card": host.state.hands[2][0]}))
    hub.flush()
    assert cleo.view is not None and cleo.view["kept"][1] == [second]  # revealed now


def test_the_hosts_bots_commit_once_each_beside_a_person() -> None:
    host = HostSession.new(DRAFT, {"players": 3}, 8, "Ana")
    host.fill_with_bots("normal")
    host.start()
    assert host.bot_due() == 1
    last: Played | None = None
    for _ in range(2):
        seat = host.bot_due()
        assert seat is not None
        # beside a person, each bot commits at once (no delay each: game.web.pacing)
        assert bot_pace(750, due_of(DRAFT, seat, host.state, [0]), last) == Pace(0, "simultaneous")
        legal = host.legal_actions(seat)
        last = played_of(DRAFT, seat, host.state)
        host.bot_act(seat, DRAFT.action_to_json(DRAFT.capabilities.bots["normal"]({}, legal)))
    # both bots have committed: none is due again though the game lists them
    assert host.bot_due() is None and host.acting() == (0, 1, 2)
    with pytest.raises(SessionError):
        host.bot_act(1, {"type": "pick", "card": host.state.hands[1][0]})
    host.host_act({"type": "pick", "card": host.state.hands[0][0]})
    assert host.state.draft_round == 1 and host.bot_due() == 1
