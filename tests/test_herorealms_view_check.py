"""What an honest Hero Realms host sends each seat passes `check_received`;
what no honest host sends is refused, naming the field."""

from __future__ import annotations

import copy
from typing import Any

from game.engine import rng
from game.engine.events import events_for_seat
from game.engine.viewcheck import Received
from game.herorealms import GAME
from game.herorealms.determinize import determinize
from game.herorealms.state import State
from game.herorealms.views import state_problems

_PACKS = {"pack_1": "ranger", "pack_2": "wizard", "pack_3": "thief", "pack_4": "cleric"}


def _frames(
    players: int, seed: int, limit: int = 400, mode: str = "free_for_all", packs: bool = False
) -> list[tuple[State, list[dict[str, Any]]]]:
    options: dict[str, Any] = {"players": players, "mode": mode}
    if packs:  # the Ranger's Track looks at cards only its player sees
        options |= {key: pack for key, pack in _PACKS.items() if int(key[-1]) <= players}
    state = GAME.new_game(options, seed)
    frames = [(state, GAME.opening_events(state))]
    dice = rng.seed_state(seed)
    while not GAME.is_over(state) and len(frames) < limit:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        pick, dice = rng.below(dice, len(legal))
        state, events = GAME.apply(state, seat, legal[pick])
        frames.append((state, events))
    return frames


def _received(state: State, events: list[dict[str, Any]], seat: int | None) -> Received:
    legal = (
        [GAME.action_to_json(a) for a in GAME.legal_actions(state, seat)]
        if seat is not None
        else []
    )
    return Received(
        seat, GAME.view(state, seat), legal, events_for_seat(events, seat), GAME.outcome(state)
    )


def test_an_honest_host_passes_for_every_seat() -> None:
    runs = [
        (2, "free_for_all", False), (3, "free_for_all", False), (4, "free_for_all", False),
        (4, "hunter", False), (2, "free_for_all", True), (3, "hunter_last", True),
        (4, "free_for_all", True), (4, "hydra", False), (4, "hydra", True),
    ]  # fmt: skip
    for players, mode, packs in runs:
        for state, events in _frames(players, players, limit=2000, mode=mode, packs=packs):
            for seat in [None, *range(players)]:
                assert GAME.check_received(_received(state, events, seat)) is None


def test_what_no_honest_host_sends_is_refused() -> None:
    frames = _frames(2, 5, limit=30)
    state, events = next(
        (s, e) for s, e in frames if s.turn == 0 and any(x["type"] == "draw" for x in e)
    )
    honest = _received(state, events, 0)
    assert isinstance(honest.view, dict) and honest.legal and len(honest.view["deck"]) > 1
    assert GAME.check_received(honest) is None

    def refused(change: Any) -> str:
        view, legal, evs = (
            copy.deepcopy(honest.view),
            list(honest.legal),
            copy.deepcopy(list(honest.events)),
        )
        change(view, legal, evs)
        reason = GAME.check_received(Received(0, view, legal, evs, honest.outcome))
        assert reason is not None
        return reason

    assert "unknown field" in refused(lambda v, legal, e: v.update(extra=1))
    assert "view.market" in refused(lambda v, legal, e: v["market"].__setitem__(0, 999))
    assert "order" in refused(lambda v, legal, e: v["deck"].reverse())
    assert "every card" in refused(lambda v, legal, e: v["sacrificed"].append(_spare(v)))
    other_draw = {"type": "draw", "seat": 1, "count": 1, "cards": [0]}
    assert "secret" in refused(lambda v, legal, e: e.append(other_draw))
    assert "legal[0]" in refused(lambda v, legal, e: legal.insert(0, {"type": "fly"}))
    lie = GAME.check_received(
        Received(0, honest.view, honest.legal, honest.events, {"winners": [0]})
    )
    assert lie is not None and "outcome" in lie


def _spare(view: dict[str, Any]) -> int:
    """A card id no zone of the view shows (one hidden somewhere)."""
    shown = set(view["market"]) | set(view["gems"]) | set(view["hand"]) | set(view["deck"])
    for player in view["players"]:
        shown |= set(player["discard"]) | set(player["champions"])
    return next(card for card in range(136) if card not in shown)


def test_a_determinized_state_gives_the_same_view() -> None:
    for players, mode, packs in (
        (2, "free_for_all", False),
        (4, "hunter", False),
        (2, "free_for_all", True),
        (4, "hunter_last", True),
    ):
        for state, _events in _frames(players, 11, limit=600, mode=mode, packs=packs)[::7]:
            for seat in [None, *range(players)]:
                seen = GAME.view(state, seat)
                world = determinize(seen, 3)
                assert state_problems(world) == []
                assert GAME.view(world, seat) == seen
                if seat == state.turn:  # its choices rest on what it sees
                    assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
