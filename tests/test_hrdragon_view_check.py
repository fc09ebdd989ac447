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
