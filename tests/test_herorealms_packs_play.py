"""Random Hero Realms games with character packs, every invariant checked
(the view checker, redeal and undo barrier included), at 2, 3 and 4 players."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.errors import MalformedData
from game.engine.events import events_for_seat
from game.engine.simulate import random_game
from game.engine.undo import Step, undo_refusal
from game.engine.viewcheck import Received
from game.herorealms import GAME
from game.herorealms.cards import PACKS
from game.herorealms.determinize import determinize
from game.herorealms.options import pack_key
from game.herorealms.scenario import SCENARIOS
from game.herorealms.stack import CARD_IDS
from game.herorealms.state import Aim, EndTurn, Format, Pick, Skip, State, UseSkill
from game.herorealms.views import state_problems

_ORDER = sorted(PACKS)


@pytest.mark.parametrize(
    ("players", "mode", "seed"),
    [
        (2, "free_for_all", 1),
        (3, "free_for_all", 2),
        (4, "free_for_all", 3),
        (3, "hunter", 4),
        (4, "hunter", 5),
    ],
)
def test_random_games_with_packs_keep_every_invariant_and_end(
    players: int, mode: str, seed: int
) -> None:
    options: dict[str, object] = {"players": players, "mode": mode}
    for seat in range(players):
        options[pack_key(seat)] = _ORDER[(seat + seed) % len(_ORDER)]
    state, played, violations = random_game(
        GAME, options, seed=seed, check=True, universe_one_in=40
    )
    assert violations == []
    assert GAME.is_over(state)
    assert len(played) > 50
    assert {p.pack for p in state.players} <= set(PACKS)


@pytest.mark.parametrize(("players", "packs"), [(3, False), (4, False), (3, True), (4, True)])
def test_random_last_one_standing_games_go_on_to_the_last_player(players: int, packs: bool) -> None:
    options: dict[str, object] = {"players": players, "mode": "hunter_last"}
    if packs:
        options |= {pack_key(seat): _ORDER[seat] for seat in range(players)}
    state, _played, violations = random_game(
        GAME, options, seed=players, check=True, universe_one_in=40
    )
    assert violations == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [seat for seat, p in enumerate(state.players) if not p.out] == outcome["winners"]


def test_last_one_standing_needs_three_or_four_players() -> None:
    with pytest.raises(MalformedData, match="hunter_last"):
        GAME.new_game({"players": 2, "mode": "hunter_last"}, 0)
    assert GAME.new_game({"players": 4, "mode": "hunter_last"}, 0).format == Format.HUNTER_LAST


def _stacked(**setup: object) -> tuple[State, dict[str, int]]:
    state, _names = SCENARIOS.build({"players": ["Ana", "Ben"], **setup})
    return state, CARD_IDS


def _track_start() -> State:
    state, _ids = _stacked(
        packs={"Ana": "ranger"},
        gold=2,
        hands={"Ana": []},
        decks={"Ana": ["ranger_gold", "ranger_ruby", "hunting_bow"]},
    )
    return state


def test_track_puts_back_the_last_card_chosen_on_top() -> None:
    state, _events = GAME.apply(_track_start(), 0, UseSkill())
    for name in ("skip", "ranger_ruby", "ranger_gold"):
        action = Skip() if name == "skip" else Pick(CARD_IDS[name])
        state, _events = GAME.apply(state, 0, action)
    ana = state.players[0]
    # the first card chosen is on top; the last one left went back by itself, under
    order = (CARD_IDS["ranger_ruby"], CARD_IDS["ranger_gold"], CARD_IDS["hunting_bow"])
    assert ana.deck[:3] == order
    assert state.looking == () and state.prompts == ()


def test_the_cards_a_track_looks_at_are_seen_by_their_player_alone() -> None:
    before = _track_start()
    state, events = GAME.apply(before, 0, UseSkill())
    seen = {CARD_IDS[n] for n in ("ranger_gold", "ranger_ruby", "hunting_bow")}
    assert set(GAME.view(state, 0)["looking"]) == seen
    for seat in (1, None):
        view = GAME.view(state, seat)
        assert view["looking"] is None and view["looking_size"] == 3
        assert GAME.check_received(_received(state, events, seat)) is None
    assert GAME.check_received(_received(state, events, 0)) is None
    refusal = undo_refusal(GAME, state, [Step(0, UseSkill(), before, state)], 0)
    assert refusal is not None and refusal.code == "undo_revealed"
    # a bot of Ben's deals the looked-at cards among Ana's unknown cards
    guess = determinize(GAME.view(state, 1), 3)
    assert len(guess.looking) == 3 and state_problems(guess) == []
    assert determinize(GAME.view(state, 0), 3).looking == state.looking


def test_undo_still_works_after_a_skill_that_shows_nothing() -> None:
    before, _ids = _stacked(packs={"Ana": "fighter"}, gold=2)
    state, _events = GAME.apply(before, 0, UseSkill())
    assert undo_refusal(GAME, state, [Step(0, UseSkill(), before, state)], 0) is None


def _received(state: State, events: list[dict[str, Any]], seat: int | None) -> Received:
    legal = (
        [GAME.action_to_json(a) for a in GAME.legal_actions(state, seat)]
        if seat is not None and seat in GAME.to_act(state)
        else []
    )
    return Received(
        seat, GAME.view(state, seat), legal, events_for_seat(events, seat), GAME.outcome(state)
    )


@pytest.mark.parametrize(("seed", "packs"), [(1, False), (2, True)])
def test_random_hydra_games_end_with_a_team_winning(seed: int, packs: bool) -> None:
    options: dict[str, object] = {"players": 4, "mode": "hydra"}
    if packs:
        options |= {pack_key(seat): _ORDER[seat] for seat in range(4)}
    state, _played, violations = random_game(
        GAME, options, seed=seed, check=True, universe_one_in=40
    )
    assert violations == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    winners = outcome["winners"]
    assert winners in ([0, 1], [2, 3])
    assert outcome["teams"] == [("first", "second")[winners[0] // 2]]
    assert [p.out for p in state.players] == [s not in winners for s in range(4)]
    assert state.players[winners[0]].health == state.players[winners[1]].health > 0


def test_hydra_is_played_by_four() -> None:
    for players in (2, 3):
        with pytest.raises(MalformedData, match="hydra"):
            GAME.new_game({"players": players, "mode": "hydra"}, 0)
    state = GAME.new_game({"players": 4, "mode": "hydra", pack_key(0): "fighter"}, 0)
    assert [p.health for p in state.players] == [75] * 4  # the team's health, packs or not
    assert [len(p.hand) for p in state.players] == [3, 3, 5, 5]


def test_track_does_not_ask_the_order_of_alike_cards() -> None:
    state, _ids = _stacked(
        packs={"Ana": "ranger"},
        gold=2,
        hands={"Ana": []},
        decks={"Ana": ["ranger_gold", "ranger_gold_2", "hunting_bow"]},
    )
    state, _events = GAME.apply(state, 0, UseSkill())
    state, _events = GAME.apply(state, 0, Pick(CARD_IDS["hunting_bow"]))
    state, _events = GAME.apply(state, 0, Skip())  # no second discard
    # two Golds left: whichever goes back first, the deck is the same
    assert state.prompts == () and state.looking == ()
    assert state.players[0].discard == (CARD_IDS["hunting_bow"],)


def test_a_state_with_packs_survives_its_json() -> None:
    state, _ids = _stacked(packs={"Ana": "ranger", "Ben": "cleric"}, gold=2, hands={"Ana": []})
    state, _events = GAME.apply(state, 0, UseSkill())
    assert state.looking
    assert GAME.state_from_json(GAME.state_to_json(state)) == state


def _wards(state: State) -> list[tuple[int, int]]:
    return [(p.ward, p.ward_turns) for p in state.players]


def test_bless_lasts_until_the_end_of_the_blessed_players_next_turn() -> None:
    start, _ids = _stacked(packs={"Ana": "cleric"}, gold=4)
    other, _events = GAME.apply(start, 0, UseSkill())
    other, _events = GAME.apply(other, 0, Aim(1))
    assert _wards(other) == [(0, 0), (1, 1)]
    other, _events = GAME.apply(other, 0, EndTurn())
    assert _wards(other) == [(0, 0), (1, 1)]  # Ben's turn: his champions still blessed
    other, _events = GAME.apply(other, 1, EndTurn())
    assert _wards(other) == [(0, 0), (0, 0)]
    # blessing yourself lasts through the opponents' turns and your next one
    mine, _events = GAME.apply(start, 0, UseSkill())
    mine, _events = GAME.apply(mine, 0, Aim(0))
    expected = [[(1, 2), (0, 0)], [(1, 1), (0, 0)], [(1, 1), (0, 0)], [(0, 0), (0, 0)]]
    for turn, wards in enumerate(expected):
        assert _wards(mine) == wards
        if turn < 3:
            mine, _events = GAME.apply(mine, mine.turn, EndTurn())
