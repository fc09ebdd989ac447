"""Bazar Quest's shrewd bot (the third level): declared, deterministic, and
choosing the star over the coin in small stacked situations; and the balance
measure's arithmetic."""

from __future__ import annotations

from typing import Any

from game.bazarquest.bots import normal_bot
from game.bazarquest.cards import HEROES, ITEMS, MONSTERS
from game.bazarquest.game import DECLARED, GAME
from game.bazarquest.measure import GameRecord, card_effects, tables
from game.bazarquest.scenario import NAMES
from game.bazarquest.shrewd import plan_value, shrewd_bot
from game.bazarquest.state import Invite, Sell, Stage, State
from game.engine.bots import level_problems, make_bot
from game.engine.evolve import evolve


def _card(name: str) -> int:
    return NAMES[name]


def _at_the_counter(hero: str, hand: list[str], monster: str) -> State:
    """Two shops; shop 0 has invited `hero` and holds `hand`; shop 1 is done."""
    state = GAME.new_game({"players": 2}, 3)
    hero_id = _card(hero)
    purses = tuple(HEROES[h].purse if h == hero_id else 0 for h in range(len(HEROES)))
    return evolve(
        state,
        stage=Stage.SELL,
        monster=_card(monster),
        wounds=0,
        hands=(tuple(_card(i) for i in hand), ()),
        window=((), ()),
        guests=((hero_id,), ()),
        center=(),
        purses=purses,
        ready=(False, True),
    )


def test_the_third_level_is_declared_in_both_languages_and_played_by_the_shrewd_bot() -> None:
    assert [level.id for level in DECLARED.levels] == ["easy", "normal", "shrewd"]
    shrewd = DECLARED.levels[-1]
    assert shrewd.label == {"fr": "Rusé", "en": "Shrewd"}
    assert level_problems(GAME) == []
    assert make_bot(GAME, "shrewd") is shrewd_bot


def test_the_shrewd_bot_plays_the_same_game_from_the_same_seed() -> None:
    def game_actions() -> list[Any]:
        state = GAME.new_game({"players": 3}, 11)
        played = []
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = shrewd_bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
            played.append((seat, action))
            state, _ = GAME.apply(state, seat, action)
        return played

    first = game_actions()
    assert first == game_actions()
    assert len(first) > 50  # a whole game, not one step


def test_it_sells_the_axe_that_wounds_where_the_normal_bot_sells_the_shirt() -> None:
    # The paladin (attack 2, defence 5, purse 9) against the harpy queen
    # (resistance 6, strength 5) can afford one of the two. The shirt (defence
    # 3) saves it from the 5 adventure cards in 18 that take defence; the axe
    # (attack 4) wounds on the 13 that take no attack: more stars in all.
    state = _at_the_counter("paladin", ["battle_axe_1", "chain_shirt_1"], "harpy_queen")
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    paladin, axe, shirt = _card("paladin"), _card("battle_axe_1"), _card("chain_shirt_1")
    assert ITEMS[axe].price + ITEMS[shirt].price > HEROES[paladin].purse
    assert MONSTERS[view["monster"]].key == "harpy_queen"
    assert plan_value(view, paladin, [axe]) > plan_value(view, paladin, [shirt]) + 0.2
    assert shrewd_bot(view, legal) == Sell(axe, paladin)
    assert normal_bot(view, legal) == Sell(shirt, paladin)


def test_it_invites_the_hero_its_hand_can_arm_not_the_fuller_purse() -> None:
    # Against the stone golem (resistance 6, armoured), the knight's purse is
    # the fullest, but the hand holds mage items only: the apprentice mage can
    # carry the crystal orb and the fire scroll to a wound and home.
    state = _at_the_counter("paladin", ["crystal_orb_1", "fire_scroll_1"], "stone_golem")
    mage, knight = _card("apprentice_mage"), _card("knight")
    purses = tuple(HEROES[h].purse if h in (mage, knight) else 0 for h in range(len(HEROES)))
    state = evolve(
        state, stage=Stage.INVITE, guests=((), ()), center=(knight, mage), purses=purses, turn=0
    )
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert set(legal) == {Invite(knight), Invite(mage)}
    assert shrewd_bot(view, legal) == Invite(mage)


def test_a_cards_effect_is_its_shops_wins_over_fair_less_its_kinds() -> None:
    knight = frozenset({("hero", "knight")})
    healer = frozenset({("hero", "healer")})
    records = [
        # 2 players: the knight's shop wins twice; 4 players: a shared win
        GameRecord(2, ("normal",) * 2, 6, (0,), (knight, healer)),
        GameRecord(2, ("normal",) * 2, 7, (1,), (healer, knight)),
        GameRecord(4, ("normal",) * 4, 8, (0, 2), (knight, healer, frozenset(), frozenset())),
        GameRecord(2, ("normal",) * 2, 9, (), (knight, healer)),  # all lost: left out
    ]
    effects, base = card_effects(records)
    by_key = {effect.key: effect for effect in effects}
    assert by_key["knight"].presences == 3 and by_key["healer"].presences == 3
    assert abs(by_key["knight"].rate - (0.5 + 0.5 + 0.25) / 3) < 1e-9
    assert abs(by_key["healer"].rate - (-0.5 - 0.5 - 0.25) / 3) < 1e-9
    assert abs(base["hero"]) < 1e-9  # the two cancel: the kind's pool is fair
    assert by_key["paladin"].presences == 0
    report = tables(records)
    assert report[2]["all_lose"] == 1 / 3 and report[2]["seat_shares"] == [0.5, 0.5]
    assert report[4]["first_seat_gap"] == 0.5 - 0.25
