"""Raid, the test game of roles, teams, a simultaneous draft, reactions and
undo (game/raid): its rules beyond what the conformance suite checks."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.events import events_for_seat
from game.engine.evolve import evolve
from game.engine.outcome import outcome_problem
from game.engine.simulate import random_game
from game.engine.undo import Step, undo_refusal
from game.engine.viewcheck import Received
from game.raid import GAME
from game.raid.bots import easy_bot, normal_bot
from game.raid.state import BOSS, CARDS, Block, End, Pick, Play, Stage, State, Take
from game.raid.ui.client import dock
from game.raid.views import state_problems

SEED = 3
STRIKE, STRIKE_2, HEAL, SHIELD, SCOUT = 0, 1, 12, 18, 24  # card ids of each kind


def _turns(loot: list[tuple[int, ...]], hp: tuple[int, ...] | None = None) -> State:
    """The Boss's turn after a draft that gave each seat `loot`."""
    state = _new(len(loot))
    held = {card for cards in loot for card in cards}
    state = evolve(
        state,
        hands=((),) * len(loot),
        loot=tuple(loot),
        deck=tuple(card for card in range(CARDS) if card not in held),
        stage=Stage.TURNS,
        hp=hp or state.hp,
    )
    assert state_problems(state) == []
    return state


def _new(players: int = 4, seed: int = SEED) -> State:
    return GAME.new_game({"players": players}, seed)


def _pick_all(state: State) -> tuple[State, list[dict[str, Any]]]:
    """Every seat picks the first card of its hand."""
    events: list[dict[str, Any]] = []
    for seat in range(GAME.seats(state)):
        state, more = GAME.apply(state, seat, Pick(state.hands[seat][0]))
        events += more
    return state, events


def test_the_boss_is_seat_0_and_the_heroes_one_team() -> None:
    declared = GAME.declared_options
    for players in range(3, 7):
        options = GAME.normalize_options({"players": players})
        roles = [role.id for role in declared.seat_roles(options)]
        assert roles == ["boss"] + ["hero"] * (players - 1)
        teams = [team.id if team else None for team in declared.seat_teams(options)]
        assert teams == ["lair"] + ["party"] * (players - 1)
    with pytest.raises(Exception, match="players"):
        GAME.normalize_options({"players": 2})


def test_a_pick_is_hidden_from_every_other_seat_until_the_reveal() -> None:
    state = _new()
    before = [GAME.view(state, seat) for seat in (None, 1, 2, 3)]
    state, events = GAME.apply(state, 0, Pick(state.hands[0][1]))
    for seat, seen in zip((None, 1, 2, 3), before, strict=True):
        now = GAME.view(state, seat)
        assert now["my_pick"] == seen["my_pick"] and now["hand"] == seen["hand"]
        assert now["picked"][0] is True
        (event,) = events_for_seat(events, seat)
        assert "card" not in event
    assert events_for_seat(events, 0)[0]["card"] == state.hands[0][1]
    assert GAME.view(state, 0)["my_pick"] == state.hands[0][1]


def test_a_pick_may_change_until_the_last_seat_picks() -> None:
    state = _new()
    first, second = state.hands[0][:2]
    state, _ = GAME.apply(state, 0, Pick(first))
    assert 0 in GAME.to_act(state) and GAME.to_act(state)[-1] != 0  # the others come last
    assert GAME.check(state, 0, Pick(first)) is not None  # the same card again: refused
    state, events = GAME.apply(state, 0, Pick(second))
    assert events[0]["again"] is True and state.picks[0] == second
    for seat in (1, 2, 3):
        state, events = GAME.apply(state, seat, Pick(state.hands[seat][0]))
    assert events[-2]["type"] == "reveal" and events[-2]["picks"][0] == second
    assert state.loot[0] == (second,) and state.picks == (None,) * 4


def test_the_rest_of_each_hand_passes_left_and_the_last_card_cannot_change() -> None:
    state = _new()
    hands = state.hands
    state, _ = _pick_all(state)
    for seat in range(4):
        assert state.hands[(seat + 1) % 4] == hands[seat][1:]
    state, _ = _pick_all(state)
    assert all(len(hand) == 1 for hand in state.hands)
    state, _ = GAME.apply(state, 2, Pick(state.hands[2][0]))
    assert 2 not in GAME.to_act(state)  # nothing left to change it for
    state, events = _pick_all_but(state, 2)
    assert state.stage == Stage.TURNS and state.turn == BOSS
    assert [event["type"] for event in events[-2:]] == ["reveal", "turns"]
    assert all(len(loot) == 3 for loot in state.loot)


def _pick_all_but(state: State, done: int) -> tuple[State, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    for seat in range(GAME.seats(state)):
        if seat != done:
            state, events = GAME.apply(state, seat, Pick(state.hands[seat][0]))
    return state, events


def test_a_strike_on_a_seat_holding_a_shield_waits_for_its_block() -> None:
    state = _turns([(STRIKE, STRIKE_2), (SHIELD,), (HEAL,)])
    assert GAME.check(state, 0, Play(STRIKE, 0)).code == "strike_ally"  # type: ignore[union-attr]
    state, events = GAME.apply(state, 0, Play(STRIKE, 1))
    assert state.stage == Stage.REACT and GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 1) == [Block(SHIELD), Take()]
    assert GAME.legal_actions(state, 0) == [] and [e["type"] for e in events] == ["play"]
    blocked, events = GAME.apply(state, 1, Block(SHIELD))
    assert blocked.hp[1] == 6 and blocked.stage == Stage.TURNS and GAME.to_act(blocked) == (0,)
    taken, events = GAME.apply(state, 1, Take())
    assert taken.hp[1] == 4 and events[0] == {"type": "damage", "seat": 1, "amount": 2, "hp": 4}
    # without a shield, no reaction: the damage is dealt at once
    state, events = GAME.apply(blocked, 0, Play(STRIKE_2, 2))
    assert state.hp[2] == 4 and state.stage == Stage.TURNS


def test_heals_and_shields_reach_yourself_or_a_hero_beside_you() -> None:
    state = _turns([(HEAL,), (), (), (HEAL + 1, SHIELD)], hp=(24, 2, 2, 2))
    state = evolve(state, turn=3)
    targets = {a.target for a in GAME.legal_actions(state, 3) if isinstance(a, Play)}
    assert targets == {2, 3}
    assert GAME.check(state, 3, Play(SHIELD, 1)).code == "too_far"  # type: ignore[union-attr]
    state, _ = GAME.apply(state, 3, Play(SHIELD, 2))
    state, _ = GAME.apply(state, 3, Play(HEAL + 1, 2))
    assert state.guard[2] == 2 and state.hp[2] == 4
    boss = evolve(state, turn=0)
    assert [a.target for a in GAME.legal_actions(boss, 0) if isinstance(a, Play)] == [0]


def _match_of(state: State, moves: list[tuple[int, Any]]) -> tuple[State, list[Step]]:
    """The undo policy's view of `moves` played from `state`."""
    steps: list[Step] = []
    for seat, action in moves:
        after, _ = GAME.apply(state, seat, action)
        steps.append(Step(seat, action, state, after))
        state = after
    return state, steps


def test_a_turn_is_taken_back_until_a_draw_or_another_seat_plays() -> None:
    start = _turns([(HEAL, SCOUT, STRIKE), (SHIELD,), ()], hp=(10, 6, 6))
    state, steps = _match_of(start, [(0, Play(HEAL, 0))])
    assert undo_refusal(GAME, state, steps, 0) is None
    assert undo_refusal(GAME, state, steps, 1).code == "undo_not_your_turn"  # type: ignore[union-attr]
    state, steps = _match_of(start, [(0, Play(HEAL, 0)), (0, Play(SCOUT, 0))])
    assert undo_refusal(GAME, state, steps, 0).code == "undo_drew_card"  # type: ignore[union-attr]
    state, steps = _match_of(start, [(0, Play(STRIKE, 1)), (1, Take())])
    assert undo_refusal(GAME, state, steps, 0).code == "undo_other_played"  # type: ignore[union-attr]
    state, steps = _match_of(start, [(0, Play(HEAL, 0)), (0, End())])
    assert undo_refusal(GAME, state, steps, 1).code == "undo_nothing"  # type: ignore[union-attr]


def test_the_party_wins_together_and_the_boss_at_dawn() -> None:
    state = _turns([(), (STRIKE,), ()], hp=(2, 0, 6))
    state = evolve(state, turn=1, hp=(2, 1, 6))
    over, events = GAME.apply(state, 1, Play(STRIKE, 0))
    outcome = GAME.outcome(over)
    assert outcome == {"winners": [1, 2], "teams": ["party"]}
    assert outcome_problem(GAME.declared_options, {"players": 3}, outcome) is None
    assert events[-1] == {
        "type": "game_over",
        "team": "party",
        "winners": [1, 2],
        "why": "boss_down",
    }
    last = evolve(_turns([(), (), ()]), round=5, turn=2)
    over, events = GAME.apply(last, 2, End())
    assert GAME.outcome(over) == {"winners": [0], "teams": ["lair"]} and events[-1]["why"] == "dawn"
    downed = evolve(_turns([(STRIKE,), (), ()]), hp=(16, 0, 2))
    over, events = GAME.apply(downed, 0, Play(STRIKE, 2))
    assert GAME.outcome(over) == {"winners": [0], "teams": ["lair"]}
    assert events[-1]["why"] == "party_down"


def test_a_downed_hero_is_skipped_and_cannot_be_targeted() -> None:
    state = evolve(_turns([(STRIKE, HEAL), (), (), (HEAL + 1,)]), hp=(24, 6, 0, 6))
    assert GAME.check(state, 0, Play(STRIKE, 2)).code == "target_down"  # type: ignore[union-attr]
    state, _ = GAME.apply(state, 0, End())
    state, _ = GAME.apply(state, 1, End())
    assert state.turn == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_and_bots_end_within_a_few_hundred_actions(players: int) -> None:
    for seed in range(6):
        _state, played, _ = random_game(GAME, {"players": players}, seed)
        assert len(played) < 400
    for bot in (easy_bot, normal_bot):
        state, actions = _new(players, 7), 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[-1]
            state, _ = GAME.apply(
                state, seat, bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
            )
            actions += 1
        assert actions < 300


def test_the_hosts_check_refuses_a_pick_shown_to_another_seat() -> None:
    state = _new(3)
    state, events = GAME.apply(state, 0, Pick(state.hands[0][0]))
    view = GAME.view(state, 1)
    legal = [GAME.action_to_json(a) for a in GAME.legal_actions(state, 1)]
    honest = Received(1, view, legal, events_for_seat(events, 1), None)
    assert GAME.check_received(honest) is None
    leaked = Received(1, view, legal, events_for_seat(events, 0), None)
    assert "events[0].card" in (GAME.check_received(leaked) or "")
    shown = Received(1, {**view, "my_pick": state.hands[0][0]}, legal, [], None)
    assert "view.my_pick" in (GAME.check_received(shown) or "")


def test_the_dock_offers_to_change_a_pick_and_names_each_target() -> None:
    state = _new(3)
    state, _ = GAME.apply(state, 0, Pick(state.hands[0][0]))
    legal = GAME.legal_actions(state, 0)
    names = ["Ana", "Ben", "Cléo"]
    changed = dock(GAME.view(state, 0), legal, names, "en")
    assert all(c.label.startswith("Take instead") for g in changed.groups for c in g.controls)
    turn = _turns([(STRIKE,), (HEAL,), ()])
    shown = dock(GAME.view(turn, 0), GAME.legal_actions(turn, 0), names, "fr")
    labels = [c.label for g in shown.groups for c in g.controls]
    assert labels == ["Frapper Ben", "Frapper Cléo", "Finir mon tour"]


def _read_alike(texts: list[str]) -> list[str]:
    return [text for text in texts if texts.count(text) > 1]


def test_two_loot_cards_of_one_kind_make_two_groups_that_read_apart() -> None:
    """Two Heals (or Scouts) in a loot are two groups: they were both labelled
    "Heal", with the same buttons and the same accessible names."""
    names = ["Ana", "Ben", "Cléo"]
    turn = _turns([(), (HEAL, STRIKE, HEAL + 1), ()])
    turn = evolve(turn, turn=1)
    shown = dock(GAME.view(turn, 1), GAME.legal_actions(turn, 1), names, "en")
    assert [g.label for g in shown.groups] == ["Heal (1 of 2)", "Strike", "Heal (2 of 2)", ""]
    heals = [c.aria for c in shown.groups[2].controls]
    assert heals == ["Heal (2 of 2): Heal Ben", "Heal (2 of 2): Heal Cléo"]
    french = dock(GAME.view(turn, 1), GAME.legal_actions(turn, 1), names, "fr")
    assert french.groups[0].label == "Soin (1 sur 2)"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_two_groups_or_controls_of_the_dock_read_alike(lang: str) -> None:
    """In the draft, in a turn and struck, over random games: the groups'
    labels and the controls' accessible names are all distinct."""
    names = ["Ana", "Ben", "Cléo", "Dan", "Eve"]
    docks = 0
    for seed in range(8):
        _state, played, _ = random_game(GAME, {"players": 5}, seed)
        replay = _new(5, seed)
        for seat, action in played:
            legal = GAME.legal_actions(replay, seat)
            shown = dock(GAME.view(replay, seat), legal, names, lang)
            labels = [g.label for g in shown.groups if g.label]
            spoken = [c.aria or c.label for g in shown.groups for c in g.controls]
            assert _read_alike(labels) == [] and _read_alike(spoken) == [], (seed, labels, spoken)
            replay, _ = GAME.apply(replay, seat, action)
            docks += 1
    assert docks > 500
