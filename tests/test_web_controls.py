"""game.bossquest.ui.controls under CPython: one button per legal action, and nothing else."""

from __future__ import annotations

import json

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Activate, Choose
from game.bossquest.cards import SPELL_KINDS
from game.bossquest.state import Stage, State
from game.bossquest.ui.controls import action_json, dock
from tests.helpers import play_random

NAMES = ["Lancelot", "Viviane", "Perceval", "Guenièvre", "Gauvain", "Morgane"]


def _states(players: int, games: int = 12) -> list[State]:
    found = []
    for seed in range(games):
        for steps in (0, 2, 5, 9, 14, 22, 31, 45):
            state = play_random(players, 500 * players + seed, steps)
            if not GAME.is_over(state):
                found.append(state)
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_legal_action_gets_exactly_one_button(players: int, lang: str) -> None:
    for state in _states(players):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        made = dock(GAME.view(state, seat), legal, NAMES[:players], lang)
        assert sorted(map(repr, made.actions())) == sorted(map(repr, legal))
        assert made.prompt
        for group in made.groups:
            assert group.controls
            for control in group.controls:
                assert control.label
                assert control.tone in ("primary", "secondary")
                played = GAME.action_from_json(json.loads(action_json(control.action)))
                assert played == control.action
            assert group.key != "other", "every action should have a proper group"


def test_nobody_else_gets_buttons() -> None:
    state = play_random(4, 3, 4)
    seat = GAME.to_act(state)[0]
    other = (seat + 1) % 4
    made = dock(GAME.view(state, other), GAME.legal_actions(state, other), NAMES[:4], "en")
    assert made.groups == ()


def _state_choosing(kind: str, players: int = 3) -> State:
    """A state where the seat to act has just activated a spell of `kind`."""
    for seed in range(3000):
        state = play_random(players, seed, seed % 40)
        if GAME.is_over(state) or state.stage != Stage.SPELL:
            continue
        seat = state.seat
        for action in GAME.legal_actions(state, seat):
            if isinstance(action, Activate) and SPELL_KINDS[action.card] == kind:
                after, _ = GAME.apply(state, seat, action)
                if after.stage == Stage.CHOOSE:
                    return after
    raise AssertionError(f"no state choosing {kind}")


def test_strength_spell_asks_for_a_player_and_an_amount() -> None:
    state = _state_choosing("strength_down")
    seat = state.seat
    made = dock(GAME.view(state, seat), GAME.legal_actions(state, seat), NAMES[:3], "en")
    assert "choose a player and the amount" in made.prompt
    assert [g.key for g in made.groups] == ["target-0", "target-1", "target-2"]
    mine = made.groups[seat]
    assert mine.label == f"{NAMES[seat]} (you)"
    assert [c.label for c in mine.controls] == ["−1", "−2"]
    assert mine.controls[1].action == Choose(target=seat, amount=2)


def test_boss_spell_asks_for_the_amount() -> None:
    state = _state_choosing("boss_up")
    seat = state.seat
    made = dock(GAME.view(state, seat), GAME.legal_actions(state, seat), NAMES[:3], "fr")
    assert [c.label for c in made.groups[0].controls] == ["+1", "+2"]
    assert made.prompt == "« PV du BOSS +1 ou +2 » : choisissez la valeur."


def test_exchange_offers_each_of_your_weapons() -> None:
    state = _state_choosing("exchange")
    seat = state.seat
    view = GAME.view(state, seat)
    made = dock(view, GAME.legal_actions(state, seat), NAMES[:3], "en")
    cards = [c.card for c in made.groups[0].controls]
    assert cards == [view["seats"][seat]["hidden"], *view["seats"][seat]["visible"]]
    assert made.groups[0].controls[0].label.startswith("Give up your hidden weapon")


def test_spells_at_the_magician_are_offered_with_their_text() -> None:
    for seed in range(200):
        state = play_random(4, seed, 12)
        if state.stage == Stage.SPELL:
            break
    else:
        raise AssertionError("no state at the Magician")
    seat = state.seat
    made = dock(GAME.view(state, seat), GAME.legal_actions(state, seat), NAMES[:4], "en")
    assert made.prompt == "You are at the Magician: activate or discard one spell."
    spell_groups = [g for g in made.groups if g.key.startswith("spell-")]
    assert [g.card for g in spell_groups] == list(state.offer)
    for group in spell_groups:
        assert group.controls[-1].label == "Discard"
