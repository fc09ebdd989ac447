"""What a Dragon game's host may send: a skill check's discards are public
(every seat and a spectator read them), a drawn hand is its seat's alone."""

from __future__ import annotations

from game.engine.events import events_for_seat
from game.engine.viewcheck import Received
from game.hrdragon.game import GAME
from game.hrdragon.scenario import read_action
from game.hrdragon.stack import stacked


def _received(seat: int | None, events: list[dict[str, object]]) -> Received:
    state, names = stacked(
        {
            "players": ["Ana", "Ben", "Dan"],
            "taunters": ["Ana"],
            "items": {"crown_of_will": "Dan"},
            "hands": {"Ana": ["rally_the_troops", "taxation", "gold"]},
        }
    )
    action = read_action("check crown_of_will with rally_the_troops taxation", names)
    after, played = GAME.apply(state, 0, action)
    legal = [GAME.action_to_json(a) for a in GAME.legal_actions(after, seat)] if seat == 0 else []
    shown = events_for_seat([*played, *events], seat)
    return Received(seat, GAME.view(after, seat), legal, shown, GAME.outcome(after))


def test_every_seat_and_a_spectator_accept_a_skill_checks_discards() -> None:
    for seat in (0, 1, 2, None):
        received = _received(seat, [])
        kinds = [e.get("type") for e in received.events if isinstance(e, dict)]
        assert "skill_check" in kinds
        assert GAME.check_received(received) is None, seat


def test_another_seats_drawn_cards_or_an_unknown_card_are_refused() -> None:
    drawn = {"type": "draw", "seat": 0, "count": 1, "cards": [3]}
    refused = GAME.check_received(_received(1, [drawn]))
    assert refused is not None and "cards is another's secret" in refused
    wrong = {"type": "skill_check", "seat": 0, "cards": [99_999]}
    refused = GAME.check_received(_received(None, [wrong]))
    assert refused is not None and ".cards[0]" in refused, refused


def test_the_hoard_and_a_defeated_members_open_hand_are_accounted_for() -> None:
    """Every card in one place: one face-down Hoard item fewer is refused; a
    defeated member's hand is open to the party, never to the Dragon."""
    honest = _received(1, [])
    assert GAME.check_received(honest) is None
    assert isinstance(honest.view, dict)
    fewer = Received(1, {**honest.view, "hoard_size": honest.view["hoard_size"] - 1}, [], [], None)
    assert "does not account for every card" in (GAME.check_received(fewer) or "")
    state, _names = stacked({"players": ["Ana", "Ben", "Dan"], "health": {"Ana": 0}})
    ben, dan = GAME.view(state, 1), GAME.view(state, 2)
    assert ben["open_hands"] and GAME.check_received(Received(1, ben, [], [], None)) is None
    peeking = {**dan, "open_hands": ben["open_hands"]}
    refused = GAME.check_received(Received(2, peeking, [], [], None))
    assert refused is not None and "view.open_hands.0" in refused, refused
