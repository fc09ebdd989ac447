"""Phase 4, the adventure, resolved by the rules: each hero fights the monster
from the Quest holder clockwise, then rewards, the monster's end-of-adventure
powers, the heroes back in the centre and the dead replaced."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import ADVENTURES, HEROES, ITEMS, MONSTERS, Adventure, Effect
from .shop import put, staff_power
from .state import Stage, State

__all__ = ["Fight", "effect_total", "points", "resolve", "winners"]

Event = dict[str, Any]
NO_ADVENTURE = Adventure("none", "Aucune", "None", 0, 0)
"""What an unshakeable hero fights with: no card at all."""


def _effects(state: State, hero: int) -> list[Effect]:
    """The effects a hero carries: its own and its items'."""
    found = [HEROES[hero].effect]
    found += [ITEMS[item].effect for item in state.gear[hero]]
    return [effect for effect in found if effect is not None]


def effect_total(effects: list[Effect], kind: str) -> int:
    return sum(effect.amount for effect in effects if effect.kind == kind)


def _has(effects: list[Effect], kind: str) -> bool:
    return any(effect.kind == kind for effect in effects)


def _draw_adventure(state: State) -> tuple[State, int]:
    if not state.adventure_deck:
        deck, dice = rng.shuffle(state.dice, state.adventure_discard)
        state = evolve(state, adventure_deck=deck, adventure_discard=(), dice=dice)
    card = state.adventure_deck[0]
    return evolve(state, adventure_deck=state.adventure_deck[1:]), card


def _worth(card: int, steady: bool) -> int:
    adventure = ADVENTURES[card]
    return _modifier(adventure.attack, steady) + _modifier(adventure.defence, steady)


def _modifier(value: int, steady: bool) -> int:
    return max(0, value) if steady else value


@dataclass(frozen=True, slots=True)
class Fight:
    seat: int
    hero: int
    drawn: tuple[int, ...]
    adventure: int | None
    attack: int
    defence: int
    resistance: int
    strength: int
    wounded: bool
    survived: bool
    stars: int
    coins: int

    def event(self) -> Event:
        return {"type": "fight", **{name: getattr(self, name) for name in self.__slots__}} | {
            "drawn": list(self.drawn)
        }


def _fight(state: State, seat: int, hero: int, monster: int, earlier: int) -> tuple[State, Fight]:
    """One hero's fight; `earlier` is the monster's wounds before this adventure."""
    effects = _effects(state, hero)
    staff_lucky = staff_power(state, seat, "lucky") > 0
    lucky = _has(effects, "lucky") or staff_lucky
    beast = MONSTERS[monster]
    ambush = beast.effect is not None and beast.effect.kind == "ambush"
    steady = _has(effects, "steady")
    drawn: tuple[int, ...] = ()
    card = NO_ADVENTURE
    kept = None
    if not state.unshakeable:
        state, first = _draw_adventure(state)
        drawn = (first,)
        kept = first
        if lucky != ambush:  # both at once cancel out: one card, as usual
            state, second = _draw_adventure(state)
            drawn = (first, second)
            ranked = sorted(drawn, key=lambda card: _worth(card, steady))
            kept = ranked[-1] if lucky else ranked[0]
        card = ADVENTURES[kept]
    beast_effect = [beast.effect] if beast.effect is not None else []
    gear = state.gear[hero]
    attack = HEROES[hero].attack + sum(ITEMS[i].attack for i in gear)
    attack += _modifier(card.attack, steady) + staff_power(state, seat, "train_attack")
    if len(gear) >= 2:
        attack += effect_total(effects, "pair_attack")
    attack -= effect_total(beast_effect, "armoured")
    defence = HEROES[hero].defence + sum(ITEMS[i].defence for i in gear)
    defence += _modifier(card.defence, steady) + staff_power(state, seat, "train_defence")
    # a savage monster grows with this adventure's wounds only (not the whole
    # pile of them: at 6 shops that made it unbeatable)
    strength = beast.strength + effect_total(beast_effect, "savage") * (state.wounds - earlier)
    wounded = attack >= beast.resistance
    survived = defence >= strength or _has(effects, "last_stand")
    stars = int(wounded) + int(defence >= strength)
    coins = 0
    luck = [*effects, *([card.effect] if card.effect is not None else [])]
    if survived:
        stars += effect_total(luck, "star_if_survives")
        coins += effect_total(luck, "coins_if_survives") + staff_power(state, seat, "cheer")
    else:
        coins += staff_power(state, seat, "insurance")
    fight = Fight(
        seat, hero, drawn, kept, attack, defence, beast.resistance, strength, wounded, survived,
        stars, coins,
    )  # fmt: skip
    state = evolve(
        state,
        wounds=state.wounds + int(wounded),
        stars=put(state.stars, seat, state.stars[seat] + stars),
        coins=put(state.coins, seat, state.coins[seat] + coins),
        adventure_discard=(*state.adventure_discard, *drawn),
    )
    return state, fight


def hard_fight_wounds(state: State, hits: int) -> int:
    """Wounds the fight itself adds: one when no hero wounded the monster; at
    5 and 6 players two then, and one when a single hero did."""
    if state.crowd:
        return {0: 2, 1: 1}.get(hits, 0)
    return 1 if hits == 0 else 0


ADVANCED_WOUNDS = 4
"""Wounds a monster takes before it falls under the advanced rules for 2 players."""


def wounds_to_fall(state: State) -> int:
    """As many wounds as shops (4 in the advanced rules), more for a tough monster."""
    monster = state.monster
    effect = MONSTERS[monster].effect if monster is not None else None
    tough = effect.amount if effect is not None and effect.kind == "tough" else 0
    return (ADVANCED_WOUNDS if state.advanced else len(state.coins)) + tough


def resolve(state: State) -> tuple[State, list[Event]]:
    monster = state.monster
    assert monster is not None  # a monster is face up from the first restock to the end
    players = len(state.coins)
    seats = [(state.quest + k) % players for k in range(players)]
    fights = []
    events: list[Event] = [{"type": "adventure", "monster": monster}]
    earlier = state.wounds
    for seat in seats:
        for hero in state.guests[seat]:
            state, fight = _fight(state, seat, hero, monster, earlier)
            fights.append(fight)
            events.append(fight.event())
    hits = sum(fight.wounded for fight in fights)
    extra = hard_fight_wounds(state, hits)
    if extra:
        state = evolve(state, wounds=state.wounds + extra)
        events.append({"type": "hard_fight", "wounds": state.wounds, "added": extra})
    fallen = state.wounds >= wounds_to_fall(state)
    if fallen and not state.monsters:
        events.append({"type": "monster_falls", "monster": monster, "last": True})
        return _score(state, events)
    beast = MONSTERS[monster]
    living = [f for f in fights if f.survived]
    reward = beast.chest if fallen else beast.coins
    purses = state.purses
    for fight in living:
        purses = put(purses, fight.hero, purses[fight.hero] + reward)
    state = evolve(state, purses=purses)
    if fallen:
        events.append({"type": "monster_falls", "monster": monster, "last": False})
    else:
        state = _monster_powers(state, fights, events)
    return _heroes_home(state, fights, fallen, events)


def _monster_powers(state: State, fights: list[Fight], events: list[Event]) -> State:
    """The end-of-adventure powers of a monster still standing."""
    monster = state.monster
    effect = MONSTERS[monster].effect if monster is not None else None
    if effect is None:
        return state
    if effect.kind == "plunder":
        coins = state.coins
        for fight in fights:
            if not fight.survived:
                coins = put(coins, fight.seat, max(0, coins[fight.seat] - effect.amount))
        state = evolve(state, coins=coins)
    elif effect.kind == "tax":
        purses = state.purses
        for fight in fights:
            if fight.survived:
                purses = put(purses, fight.hero, max(0, purses[fight.hero] - effect.amount))
        state = evolve(state, purses=purses)
    else:
        return state
    events.append({"type": "monster_power", "monster": monster, "power": effect.kind})
    return state


def _heroes_home(
    state: State, fights: list[Fight], fallen: bool, events: list[Event]
) -> tuple[State, list[Event]]:
    """Every item sold is discarded; the living go back to the centre with their
    coins; the dead are replaced from the hero deck (an empty deck: all lose)."""
    players = len(state.coins)
    gear = tuple(item for items in state.gear for item in items)
    center = list(state.center)
    purses = state.purses
    deck = state.hero_deck
    lost = False
    for fight in fights:
        if fight.survived:
            center.append(fight.hero)
            continue
        purses = put(purses, fight.hero, 0)
        if not deck:
            lost = True
            continue
        drawn, deck = deck[0], deck[1:]
        purses = put(purses, drawn, HEROES[drawn].purse)
        center.append(drawn)
        events.append({"type": "new_hero", "hero": drawn})
    adventures = (state.adventure_deck, state.adventure_discard)
    if fallen:
        deck_, dice = rng.shuffle(state.dice, (*state.adventure_deck, *state.adventure_discard))
        state = evolve(state, dice=dice)
        adventures = (deck_, ())
    state = evolve(
        state,
        item_discard=(*state.item_discard, *gear),
        gear=((),) * len(HEROES),
        guests=((),) * players,
        center=tuple(center),
        purses=purses,
        hero_deck=deck,
        adventure_deck=adventures[0],
        adventure_discard=adventures[1],
        monster=None if fallen else state.monster,
        wounds=0 if fallen else state.wounds,
    )
    if lost:  # a hero had to be drawn from an empty deck: the monsters take the town
        events.append({"type": "game_over", "result": "lost", "winners": []})
        state = evolve(state, stage=Stage.OVER, result="lost")
    return state, events


def points(state: State, seat: int) -> int:
    return state.stars[seat] + state.coins[seat] // 10


def winners(state: State) -> list[int]:
    """The most points, ties broken by coins, then shared."""
    seats = range(len(state.coins))
    best = max((points(state, s), state.coins[s]) for s in seats)
    return [s for s in seats if (points(state, s), state.coins[s]) == best]


def _score(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state = evolve(state, stage=Stage.OVER, result="scored")
    players = len(state.coins)
    events.append(
        {
            "type": "game_over",
            "result": "scored",
            "points": [points(state, s) for s in range(players)],
            "winners": winners(state),
        }
    )
    return state, events
