"""The Dragon game's bots: every level plays whole games legally from its
seat's view alone, at party sizes 1, 3 and 5 and boss against boss, and each
level keeps the decisions it promises (game/hrdragon/bots.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.bots import bot_levels, check_seat_level, make_bot, seat_levels
from game.engine.errors import MalformedData
from game.herorealms.state import AttackPlayer, BuyMarket, EndTurn, Sacrifice
from game.hrdragon.bots import (
    easy_hero,
    fair_dragon,
    gentle_dragon,
    normal_hero,
    ruthless_dragon,
)
from game.hrdragon.game import GAME
from game.hrdragon.scenario import read_action
from game.hrdragon.stack import CARD_IDS, stacked
from game.hrdragon.state import Action, Borrow, Give, Reveal, SkillCheck, State, Steal, UseItem
from game.hrdragon.views import redeal

#: a bots' game over this many actions is a stuck one
GAME_LIMIT = 8000
DRAGON_LEVELS = ("gentle", "fair", "ruthless")


def test_every_level_is_offered() -> None:
    assert {"easy", "normal", *DRAGON_LEVELS} <= set(bot_levels(GAME))


def _options(party: int) -> dict[str, Any]:
    if party == 0:
        return {"players": 2, "mode": "boss_vs_boss"}
    return {"players": party + 1}


@pytest.mark.parametrize("party", [1, 3, 5, 0])
@pytest.mark.parametrize("dragon", DRAGON_LEVELS)
def test_bots_play_whole_games_legally_from_their_view_alone(party: int, dragon: str) -> None:
    """Heroes alternate easy and normal against the Dragon level (boss against
    boss: the level against the fair Dragon); every decision is legal, and
    re-dealing what the seat cannot see changes neither its view nor its choice."""
    state = GAME.new_game(_options(party), 7 + party)
    seats = GAME.seats(state)
    if party:
        levels = ["normal" if seat % 2 else "easy" for seat in range(party)] + [dragon]
    else:
        levels = [dragon, "fair"]
    bots = [make_bot(GAME, level) for level in levels]
    steps = 0
    while not GAME.is_over(state):
        assert steps < GAME_LIMIT, "the bots did not end the game"
        seat = GAME.to_act(state)[-1]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = bots[seat](view, legal)
        assert action in legal, action
        if steps % 3 == 0:  # the twin check costs a view and a legal list more
            twin = redeal(state, seat, steps)
            twin_view = GAME.view(twin, seat)
            assert twin_view == view
            assert bots[seat](twin_view, GAME.legal_actions(twin, seat)) == action
        state, _events = GAME.apply(state, seat, action)
        steps += 1
    assert GAME.outcome(state) is not None
    assert seats == (party + 1 if party else 2)


def _at(setup: dict[str, Any], *steps: str) -> State:
    state, names = stacked(setup)
    for words in steps:
        seat = state.core.turn
        state, _events = GAME.apply(state, seat, read_action(words, names))
    return state


def _decide(bot: Any, state: State) -> Action:
    seat = state.core.turn
    action: Action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
    return action


_SIX = ["Ana", "Ben", "Cy", "Eve", "Fay", "Dan"]


@pytest.mark.parametrize("bot", [easy_hero, normal_hero])
def test_a_hero_gives_health_to_the_neighbour_most_in_need(bot: Any) -> None:
    setup = {"players": _SIX, "hands": {"Ana": ["rally_the_troops"]},
             "health": {"Ben": 30, "Fay": 20}}  # fmt: skip
    assert _decide(bot, _at(setup, "play rally_the_troops")) == Give(4)  # Fay, beside Ana
    setup["health"] = {"Ben": 50, "Fay": 50, "Cy": 5}  # Cy is not beside Ana
    assert _decide(bot, _at(setup, "play rally_the_troops")) == Give(0)


def test_the_normal_hero_pays_a_skill_check_with_cheap_cards_only() -> None:
    cheap = {
        "players": ["Ana", "Ben", "Dan"], "turn": "Ben", "taunters": ["Ana"],
        "items": {"sword_of_destiny": "Dan"}, "hands": {"Ben": ["command", "dagger"]},
    }  # fmt: skip
    state = _at(cheap)
    assert _decide(normal_hero, state) == SkillCheck(CARD_IDS["sword_of_destiny"],
                                                     (CARD_IDS["command"],))  # fmt: skip
    assert not isinstance(_decide(easy_hero, state), SkillCheck)
    dear = cheap | {"items": {"guardians_shield": "Dan"}, "hands": {"Ben": ["arkus", "dagger"]}}
    assert not isinstance(_decide(normal_hero, _at(dear)), SkillCheck)  # an 8 for a 4


def _dragon_turn(**more: Any) -> dict[str, Any]:
    return {"players": ["Ana", "Ben", "Cy", "Dan"], "turn": "Dan", **more}


def test_each_dragon_level_picks_its_target() -> None:
    state = _at(_dragon_turn(health={"Ana": 11, "Ben": 10, "Cy": 45}, combat=12, hands={"Dan": []}))
    assert _decide(gentle_dragon, state) == AttackPlayer(2, 12)  # the healthiest
    assert _decide(fair_dragon, state) == AttackPlayer(1, 12)  # the weakest, all of it
    assert _decide(ruthless_dragon, state) == AttackPlayer(0, 11)  # a defeat, 1 kept


def test_the_fair_dragon_steals_back_what_the_gentle_one_leaves() -> None:
    setup = _dragon_turn(hands={"Dan": ["hoard"]}, items={"sword_of_destiny": "Ana"},
                         hoard=["orb_of_death"])  # fmt: skip
    state = _at(setup, "play hoard")
    assert _decide(gentle_dragon, state) == Reveal()
    for bot in (fair_dragon, ruthless_dragon):
        assert _decide(bot, state) == Steal(CARD_IDS["sword_of_destiny"], ())


def test_the_ruthless_dragon_ends_a_taunt_with_cunning_blow() -> None:
    setup = _dragon_turn(in_play=["cunning_blow"], taunters=["Ana"], hands={"Dan": []})
    state = _at(setup)
    assert _decide(ruthless_dragon, state) == Sacrifice(CARD_IDS["cunning_blow"])
    assert _decide(fair_dragon, state) != Sacrifice(CARD_IDS["cunning_blow"])
    calm = _at(_dragon_turn(in_play=["cunning_blow"], hands={"Dan": []}))
    assert _decide(ruthless_dragon, calm) != Sacrifice(CARD_IDS["cunning_blow"])


def _dragon_alone(party: int, **more: Any) -> State:
    names = [*["Ana", "Ben", "Cy", "Eve", "Fay"][:party], "Dan"]
    return _at({"players": names, "turn": "Dan", "hands": {"Dan": []}, **more})


def test_the_fair_dragon_holds_back_against_a_small_party_only() -> None:
    """Its balance knob: no champion bought against one hero, no Hoard item
    used against one or two; against four, both, as the ruthless one does."""
    arkus = BuyMarket(CARD_IDS["arkus"])
    sword = UseItem(CARD_IDS["sword_of_destiny"])
    for party, buys, uses in ((1, False, False), (2, True, False), (4, True, True)):
        state = _dragon_alone(party, gold=8, market=["arkus"])
        assert (_decide(fair_dragon, state) == arkus) is buys
        assert _decide(ruthless_dragon, state) == arkus
        state = _dragon_alone(party, items={"sword_of_destiny": "Dan"})
        assert (_decide(fair_dragon, state) == sword) is uses
        assert _decide(ruthless_dragon, state) == sword
    two = {"sword_of_destiny": "Dan", "orb_of_death": "Dan"}
    state = _at({"players": ["Ana", "Ben", "Cy", "Dan"], "turn": "Dan", "items": two,
                 "hands": {"Dan": []}}, "use sword_of_destiny")  # fmt: skip
    orb = UseItem(CARD_IDS["orb_of_death"])
    assert _decide(fair_dragon, state) != orb  # one item a turn against three
    assert _decide(ruthless_dragon, state) == orb


def test_the_gentle_dragon_buys_nothing_and_lets_its_items_be() -> None:
    state = _dragon_alone(3, gold=8, market=["arkus"], items={"sword_of_destiny": "Dan"})
    assert _decide(gentle_dragon, state) == EndTurn()


@pytest.mark.parametrize("bot", [easy_hero, normal_hero])
def test_a_hero_borrows_the_best_card_for_the_member_who_plays_next(bot: Any) -> None:
    setup = {"players": ["Ana", "Ben", "Cy", "Dan"], "turn": "Dan", "health": {"Ana": 0},
             "hands": {"Ana": ["dagger", "gold", "dark_energy"]}}  # fmt: skip
    state = _at(setup, "end")  # the Dragon's turn ends: Ana lends, Ben plays next
    assert _decide(bot, state) == Borrow(CARD_IDS["dark_energy"], 1)


@pytest.mark.parametrize(
    ("options", "heroes"),
    [({"players": 2}, 1), ({"players": 6}, 5), ({"players": 2, "mode": "boss_vs_boss"}, 0)],
)
def test_a_hero_seat_offers_easy_or_normal_and_a_dragon_seat_its_three_levels(
    options: dict[str, Any], heroes: int
) -> None:
    """The menu, the lobby and the host offer a seat its role's levels: a party
    member's easy and normal, the Dragon's gentle, fair (its default) and ruthless."""
    normalized = GAME.declared_options.normalize(options)
    players = int(options["players"])
    dragons = players - heroes
    assert seat_levels(GAME, normalized) == (
        (("easy", "normal"),) * heroes + (("gentle", "fair", "ruthless"),) * dragons
    )
    assert GAME.declared_options.seat_default_levels(normalized) == (
        ("normal",) * heroes + ("fair",) * dragons
    )
    with pytest.raises(MalformedData, match="gentle, fair"):
        check_seat_level(GAME, normalized, players - 1, "normal")
