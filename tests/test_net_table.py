"""Around the table, through the in-memory transport: spectators (the host's
cap, the public view, everything once the game is over), reactions (known ids
only, one per connection every two seconds), the rematch (same seats and
options, one answer per guest) and a dropped seat handed to a bot of any level.
Every refusal changes nothing: the host's save text stays the same."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.bossquest import GAME
from game.engine import rng
from game.engine.bots import make_bot
from game.engine.codec import canonical_json
from game.engine.protocol import Game
from game.net import GuestSession, HostSession, MemoryHub, SessionError
from game.net.frames import REACTIONS
from game.net.host import MAX_SPECTATORS, REACTION_INTERVAL
from game.registry import GAMES, get_client, get_game, include_test_games
from tests.test_net_flow import Table, make_table, play_one, play_to_end, seated_table
from tests.test_net_refusals import raw, refused


class Clock:
    """The host's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def watch(table: Table, name: str = "Fan") -> tuple[str, GuestSession]:
    """A connection that says hello and takes no seat."""
    peer = table.join(name)
    return peer, table.guests[peer]


def frames_to(table: Table, peer: str) -> list[dict[str, Any]]:
    return [json.loads(text) for text in table.hub.sent_to[peer]]


# ----- spectators


def test_a_spectator_joins_a_running_game_and_sees_the_public_view_only() -> None:
    table, _peers = seated_table(3, 12)
    dice = rng.seed_state(3)
    for _ in range(6):
        dice = play_one(table, dice)
    fan, guest = watch(table)
    assert table.hub.answers[fan] == ["welcome", "state"]
    assert guest.seat is None and guest.token is None and guest.legal == []
    assert guest.view == GAME.view(table.host.state, None)
    assert guest.events == table.host.events_for(None)
    for _ in range(6):
        dice = play_one(table, dice)
    # The auditor checked every frame (view re-dealt, no secret key); and the
    # spectator follows the game.
    assert guest.version == table.host.version
    assert guest.view == GAME.view(table.host.state, None)
    # A spectator plays nothing, sits nowhere and reacts with nothing.
    refused(
        table,
        fan,
        raw(guest, "act", version=guest.version, action={"type": "stop"}),
        "not_your_seat",
    )
    refused(table, fan, guest.sit(1), "started")
    refused(table, fan, guest.react("wave"), "not_your_seat")


def test_players_frames_are_sent_before_the_spectators() -> None:
    table, (bob, chloe) = seated_table(3, 13)
    fans = [watch(table, f"Fan {index}")[0] for index in range(3)]
    sends = table.host.hand_to_bot(1, "easy")
    order = [peer for peer, _text in sends]
    assert order == [bob, chloe, *fans]
    # The spectators' frames differ only by their sequence numbers.
    bodies = {
        canonical_json({k: v for k, v in json.loads(text).items() if k != "n"})
        for peer, text in sends
        if peer in fans
    }
    assert len(bodies) == 1


def test_the_host_caps_the_spectators() -> None:
    table, _peers = seated_table(3, 14)
    host = table.host
    host.set_spectators(1)
    watch(table, "First")
    late = GuestSession("Late", game=GAME)
    peer = table.hub.connect(late, hello=False)
    refused(table, peer, late.hello(), "spectators_full")
    host.set_spectators(0)
    refused(table, peer, late.hello(), "no_spectators")
    host.set_spectators(2)
    table.send(peer, late.hello())
    assert late.seat is None and table.last_answer(peer) == "state"
    for bad in (-1, MAX_SPECTATORS + 1, "3", True, None):
        with pytest.raises(SessionError) as error:
            host.set_spectators(bad)  # type: ignore[arg-type]
        assert error.value.code == "malformed"
    assert host.spectator_cap == 2


def test_the_lobby_takes_the_open_seats_and_the_cap_no_more() -> None:
    table = make_table(3)
    table.host.set_spectators(1)
    # Two open seats and one spectator: three connections wait without a seat.
    for index in range(3):
        watch(table, f"Guest {index}")
    extra = GuestSession("Extra", game=GAME)
    peer = table.hub.connect(extra, hello=False)
    refused(table, peer, extra.hello(), "spectators_full")
    table.host.set_spectators(0)
    refused(table, peer, extra.hello(), "full")


def test_two_thousand_joiners_are_held_to_the_cap() -> None:
    """The case of the issue: every joiner past the open seats and the cap is
    refused, so a move sends a bounded number of frames."""
    host = HostSession.new(GAME, {"players": 3}, 7, "Host")
    answers = []
    for index in range(2000):
        host.open_peer(f"p{index}")
        sends = host.receive(f"p{index}", GuestSession(f"Fan {index}", game=GAME).hello())
        answers.append(json.loads(sends[0][1]).get("code", "welcome"))
    assert answers.count("welcome") == 2 + host.spectator_cap
    assert set(answers) == {"welcome", "spectators_full"}
    host.fill_with_bots("easy")
    host.start()
    seat = host.bot_due()
    assert seat is not None
    sends = host.bot_act(seat, host.legal_json(seat)[0])
    assert len(sends) == 2 + host.spectator_cap


@pytest.mark.parametrize("name", [*GAMES, "duel"])
def test_every_game_shows_spectators_no_hidden_card_then_everything(name: str) -> None:
    """For each game of the platform and the test game Duel: a spectator's view
    is the public view, unchanged when every hidden card is re-dealt, and the
    open view at the end."""
    include_test_games()
    game: Game[Any, Any] = get_game(name)
    client = get_client(name)
    players = min(3, game.declared_options.max_players)
    host = HostSession.new(game, {"players": players}, 21, "Host", open_view=client.open_view)
    hub = MemoryHub(host)
    fan = GuestSession("Fan", game=game)
    peer = hub.connect(fan)
    hub.flush()
    hub.route(host.fill_with_bots())  # each seat's default level (its role's)
    hub.route(host.start())
    hub.flush()
    redeal = game.capabilities.redeal
    assert redeal is not None
    for step in range(3000):
        if host.phase == "over":
            break
        assert fan.view == game.view(host.state, None)
        view_text = canonical_json(fan.view)
        for seed in (1, 2):
            assert canonical_json(game.view(redeal(host.state, None, seed + step), None)) == (
                view_text
            )
        seat = host.bot_due()
        bot = make_bot(game, "easy", seed=step)
        mover = 0 if seat is None else seat  # the host's own seat when no bot is due
        action = game.action_to_json(bot(host.view_for(mover), host.legal_actions(mover)))
        hub.route(host.host_act(action) if seat is None else host.bot_act(seat, action))
        hub.flush()
    assert host.phase == "over"
    assert fan.phase == "over"
    # (Boss Quest's last fight has shown every weapon already; The Boss's
    # face-down cards come up only here.)
    assert fan.view == client.open_view(host.state)
    assert fan.outcome == game.outcome(host.state)
    assert all(frame["you"] is None for frame in map(json.loads, hub.sent_to[peer][1:]))


# ----- reactions


def test_a_reaction_reaches_every_connection_and_changes_nothing_else() -> None:
    table, (bob, chloe) = seated_table(3, 15)
    clock = table.host.clock = Clock()
    fan, spectator = watch(table)
    bob_guest = table.guests[bob]
    before = table.save_text()
    table.send(bob, bob_guest.react("well_played"))
    for peer in (bob, chloe, fan):
        assert table.last_answer(peer) == "reaction"
        assert table.hub.guests[peer].reaction == (1, "well_played")
    assert table.save_text() == before
    # A burst: the second reaction within two seconds is refused, nothing changes.
    refused(table, bob, bob_guest.react("wave"), "too_fast")
    assert spectator.reaction == (1, "well_played")
    clock.now += REACTION_INTERVAL
    table.send(bob, bob_guest.react("wave"))
    assert spectator.reaction == (1, "wave")
    # Each connection has its own limit.
    table.send(chloe, table.guests[chloe].react("laugh"))
    assert spectator.reaction == (2, "laugh")


def test_reactions_are_read_strictly() -> None:
    table, (bob, _chloe) = seated_table(3, 16)
    table.host.clock = Clock()
    guest = table.guests[bob]
    refused(table, bob, guest.react("free text!"), "unknown_reaction")
    refused(table, bob, raw(guest, "react", id=3), "malformed")
    refused(table, bob, raw(guest, "react", id=["wave"]), "malformed")
    refused(table, bob, raw(guest, "react", id="wave", text="hi"), "malformed")
    refused(table, bob, raw(guest, "react"), "malformed")
    # None of these counted against the limit: the first good one passes.
    table.send(bob, guest.react("wave"))
    assert guest.reaction == (1, "wave")


def test_the_host_reacts_under_the_same_limit() -> None:
    table, (bob, _chloe) = seated_table(3, 17)
    clock = table.host.clock = Clock()
    table.host_call(table.host.host_react("thanks"))
    assert table.guests[bob].reaction == (0, "thanks")
    for bad, code in (("thanks", "too_fast"), ("nope", "unknown_reaction")):
        with pytest.raises(SessionError) as error:
            table.host.host_react(bad)
        assert error.value.code == code
    clock.now += REACTION_INTERVAL
    table.host_call(table.host.host_react("good_game"))
    assert table.guests[bob].reaction == (0, "good_game")


def test_a_guest_ignores_an_odd_reaction_frame() -> None:
    table, (bob, _chloe) = seated_table(3, 18)
    guest = table.guests[bob]
    proto = guest.protocol
    for fields in (
        {"seat": 0, "id": "curse"},
        {"seat": 9, "id": "wave"},
        {"seat": "0", "id": "wave"},
    ):
        text = json.dumps({"v": proto, "t": "reaction", "n": guest.host_n + 1, **fields})
        assert guest.receive(text) == "ignored"
        assert guest.reaction is None
    assert set(REACTIONS) >= {"wave", "good_game"}


# ----- rematch


def finished_table(seed: int) -> tuple[Table, list[str]]:
    table, peers = seated_table(3, seed)
    play_to_end(table, seed)
    return table, peers


def test_a_rematch_accepted_by_every_guest() -> None:
    table, (bob, chloe) = finished_table(19)
    host = table.host
    options, names = host.options, host.names()
    table.host_call(host.offer_rematch())
    assert [s["rematch"] for s in table.guests[bob].seats] == [None, "waiting", "waiting"]
    table.send(bob, table.guests[bob].answer_rematch(True))
    assert not host.rematch_ready()
    table.send(chloe, table.guests[chloe].answer_rematch(True))
    assert host.rematch_ready()
    last_game = host.version
    table.host_call(host.start_rematch(99, "hard"))
    # a new match, and a version that still grows: none of the last game's names it
    assert host.phase == "playing" and host.version == last_game + 1 and host.match.seed == 99
    assert host.match.actions == ()
    assert host.options == options and host.names() == names
    assert [seat.handed for seat in host.seats] == [None, None, None]
    assert all(s["rematch"] is None for s in host.seats_status())
    for peer in (bob, chloe):
        guest = table.guests[peer]
        assert guest.version == host.version and guest.phase == "playing", guest.last_ignored
        assert guest.events == host.events_for(guest.seat)
    play_to_end(table, 20)  # the guests play the new game
    again = HostSession.from_save(GAME, host.to_save())
    assert canonical_json(GAME.state_to_json(again.state)) == canonical_json(
        GAME.state_to_json(host.state)
    )


def test_a_guest_who_declines_or_left_is_played_by_a_bot() -> None:
    table, (bob, chloe) = finished_table(21)
    host = table.host
    table.host_call(host.offer_rematch())
    table.send(bob, table.guests[bob].answer_rematch(False))
    table.hub.disconnect(chloe)
    assert not host.rematch_ready()
    table.host_call(host.start_rematch(5, "hard"))
    assert [seat.handed for seat in host.seats] == [None, "hard", "hard"]
    assert host.bot_level(1) == "hard"
    # Bob still holds his seat and watches it played; the host may hand it back.
    assert table.guests[bob].seat == 1 and table.guests[bob].legal == []
    table.host_call(host.hand_back(1))
    assert host.seats[1].handed is None


def test_rematch_refusals_change_nothing() -> None:
    table, (bob, _chloe) = seated_table(3, 22)
    host = table.host
    guest = table.guests[bob]
    with pytest.raises(SessionError) as error:
        host.offer_rematch()
    assert error.value.code == "not_over"
    refused(table, bob, guest.answer_rematch(True), "no_rematch")
    refused(table, bob, raw(guest, "rematch", accept="yes"), "malformed")
    play_to_end(table, 22)
    with pytest.raises(SessionError) as error:
        host.start_rematch(1, "easy")
    assert error.value.code == "no_rematch"
    table.host_call(host.offer_rematch())
    fan, spectator = watch(table)
    refused(table, fan, spectator.answer_rematch(True), "not_your_seat")
    for seed, level, code in ((1, "godlike", "bad_level"), ("1", "easy", "malformed")):
        before = host.to_save()
        with pytest.raises(SessionError) as error:
            host.start_rematch(seed, level)  # type: ignore[arg-type]
        assert error.value.code == code and host.to_save() == before


# ----- a dropped seat to a bot of any level


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_a_dropped_seat_goes_to_a_bot_of_any_level(level: str) -> None:
    table, (bob, _chloe) = seated_table(3, 23)
    table.hub.disconnect(bob)
    table.host_call(table.host.hand_to_bot(1, level))
    assert table.host.bot_level(1) == level
    assert table.host.seats_status()[1]["handed_to_bot"] == level
    play_to_end(table, 23)
