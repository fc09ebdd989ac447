"""Bazar Quest's shrewd bot, the third level: it counts stars.

A shop scores a star for each wound its hero deals and each fight its hero
survives with defence to spare, and only a point per 10 coins. So this bot
judges every choice by the stars its hero can expect: for a hero and a set of
items it works out the chances over the adventure cards still unseen (the
discard is public), and picks the sale, the invitation, the window and the
draft that serve the best such set. It reads its seat's view alone, keeps no
memory and draws no dice: the same view always gives the same choice.

Each decision costs a few milliseconds (bench/bazarquest_bots.py prints the
figures), so the page never needs to slice its thinking."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from .cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES, Effect
from .state import Buy, Done, Hire, Sell, Show, Store

__all__ = ["plan_value", "rounds_left", "shrewd_bot"]

COIN = 0.1
"""A coin's worth in points (10 coins make a point)."""
DEATH = 0.4
"""What a dead hero costs its shop beyond its lost stars: a new hero drawn
nearer the all-lose ending, a plundering monster's toll."""
_STAFF_STARS = {"train_attack": 0.25, "train_defence": 0.25, "lucky": 0.1, "cheer": 0.15}
"""Points a round an employee's power is worth to this bot, per unit of its amount."""
_STAFF_COINS = {"sale_bonus": 0.15, "extra_draw": 0.1, "extra_hearts": 0.05}

Odds = tuple[tuple[float, int, int, bool, int], ...]
"""Adventure outcomes: (chance, attack change, defence change, star, coins)."""
_NO_CARD: Odds = ((1.0, 0, 0, False, 0),)


def shrewd_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    stage = view["stage"]
    if len(legal) == 1:
        return legal[0]
    if stage == "draft":
        return _draft(view, legal)
    if stage == "display":
        return _display(view, legal)
    if stage == "invite":
        return max(legal, key=lambda a: (_hero_value(view, a.hero, _sellable(view)), -a.hero))
    if stage == "sell":
        return _sell(view, legal)
    if stage == "upgrade":
        return _upgrade(view, legal)
    return _store(view, legal)


# --- the adventure, in chances ---------------------------------------------


@lru_cache(maxsize=512)
def _odds(unseen: tuple[int, ...], lucky: bool, ambush: bool, steady: bool) -> Odds:
    """The kept adventure card's effect, over every draw from the unseen cards."""
    cards = unseen or tuple(range(len(ADVENTURES)))
    draws: list[tuple[tuple[int, ...], float]]
    if lucky == ambush or len(cards) < 2:
        draws = [((card,), 1.0 / len(cards)) for card in cards]
    else:
        pairs = list(combinations(cards, 2))
        draws = [(pair, 1.0 / len(pairs)) for pair in pairs]
    out: dict[tuple[int, int, bool, int], float] = {}
    for drawn, chance in draws:
        ranked = sorted(drawn, key=lambda c: _card_worth(c, steady))
        card = ADVENTURES[ranked[-1] if lucky else ranked[0]]
        attack, defence = _modifier(card.attack, steady), _modifier(card.defence, steady)
        effect = card.effect
        star = effect is not None and effect.kind == "star_if_survives"
        coins = effect.amount if effect is not None and effect.kind == "coins_if_survives" else 0
        key = (attack, defence, star, coins)
        out[key] = out.get(key, 0.0) + chance
    return tuple((chance, *key) for key, chance in sorted(out.items()))


def _modifier(value: int, steady: bool) -> int:
    return max(0, value) if steady else value


def _card_worth(card: int, steady: bool) -> int:
    adventure = ADVENTURES[card]
    return _modifier(adventure.attack, steady) + _modifier(adventure.defence, steady)


def _unseen(view: dict[str, Any]) -> tuple[int, ...]:
    """The adventure cards not in the public discard (the deck is reshuffled when empty)."""
    gone = set(view["adventure_discard"])
    left = tuple(card for card in range(len(ADVENTURES)) if card not in gone)
    return left if view["adventure_deck"] else ()


def _staff(view: dict[str, Any], kind: str) -> int:
    staff = view["staff"][view["seat"]]
    return sum(EMPLOYEES[e].effect.amount for e in staff if EMPLOYEES[e].effect.kind == kind)


def plan_value(view: dict[str, Any], hero: int, items: Sequence[int]) -> float:
    """The points a shop can expect from its hero carrying `items` (with what
    it carries already) against the monster on the table: stars, coin
    rewards, and the hero's death counted as a loss."""
    return _judge(view, hero)(items)


def _judge(view: dict[str, Any], hero: int) -> Callable[[Sequence[int]], float]:
    """`plan_value` for one hero, what the view says read once: the draft and
    the sale ask it of many sets of items."""
    monster = view["monster"]
    if monster is None:
        return lambda items: 0.0
    beast = MONSTERS[monster]
    carried = list(view["gear"].get(str(hero), ()))
    against = [beast.effect] if beast.effect is not None else []
    ambush = any(e.kind == "ambush" for e in against)
    staff_lucky = _staff(view, "lucky") > 0
    unseen = _unseen(view)
    base_attack = HEROES[hero].attack + _staff(view, "train_attack") - _total("armoured", against)
    base_defence = HEROES[hero].defence + _staff(view, "train_defence")
    strength = beast.strength + _total("savage", against)  # others' wounds come first, often
    cheer = _staff(view, "cheer")
    if_dead = _staff(view, "insurance") - _total("plunder", against)

    def judge(items: Sequence[int]) -> float:
        gear = [*carried, *items]
        found = [HEROES[hero].effect, *(ITEMS[i].effect for i in gear)]
        effects = [e for e in found if e is not None]
        kinds = {e.kind for e in effects}
        odds = (
            _NO_CARD
            if view["unshakeable"]  # no adventure cards: the hero's own numbers
            else _odds(unseen, "lucky" in kinds or staff_lucky, ambush, "steady" in kinds)
        )
        attack = base_attack + sum(ITEMS[i].attack for i in gear)
        if len(gear) >= 2:
            attack += _total("pair_attack", effects)
        defence = base_defence + sum(ITEMS[i].defence for i in gear)
        fight = (attack, defence, beast.resistance, strength, "last_stand" in kinds)
        stars = _total("star_if_survives", effects)
        coins = _total("coins_if_survives", effects) + cheer
        return _expect(odds, fight, stars, coins, if_dead)

    return judge


def _total(kind: str, effects: Sequence[Effect]) -> int:
    return sum(e.amount for e in effects if e.kind == kind)


@lru_cache(maxsize=8192)
def _expect(
    odds: Odds,
    fight: tuple[int, int, int, int, bool],
    stars_if_alive: int,
    coins_if_alive: int,
    coins_if_dead: int,
) -> float:
    """The expected points of one fight over the adventure's odds (cached:
    the draft asks the same question for many sets of items)."""
    attack, defence, resistance, strength, last_stand = fight
    value = 0.0
    for chance, plus_attack, plus_defence, star, coins in odds:
        wounds = attack + plus_attack >= resistance
        holds = defence + plus_defence >= strength
        points = float(wounds) + float(holds)
        if holds or last_stand:
            points += stars_if_alive + int(star) + COIN * (coins_if_alive + coins)
        else:
            points += COIN * coins_if_dead - DEATH
        value += chance * points
    return value


# --- selling and inviting --------------------------------------------------


def _sellable(view: dict[str, Any]) -> list[int]:
    window = set(view["my_window"] or ())
    return [item for item in view["hand"] if item not in window]


def _best_sale(
    view: dict[str, Any], hero: int, hand: Sequence[int]
) -> tuple[float, tuple[int, ...]]:
    """The set of hand items to sell to `hero` worth the most: its expected
    points plus the coins the sales bring; its purse bounds the set."""
    purse = view["purses"][str(hero)]
    classes = set(HEROES[hero].classes)
    fits = [i for i in hand if ITEMS[i].price <= purse and classes & set(ITEMS[i].classes)]
    fits = sorted(fits, key=lambda i: (-(ITEMS[i].attack + ITEMS[i].defence), -ITEMS[i].price, i))
    fits = fits[:6]  # at most 64 sets: the rest would not change the choice
    bonus = _staff(view, "sale_bonus") + _hero_bonus(hero)
    judge = _judge(view, hero)
    best: tuple[float, tuple[int, ...]] = (judge(()), ())
    for size in range(1, len(fits) + 1):
        for chosen in combinations(fits, size):
            price = sum(ITEMS[i].price for i in chosen)
            if price > purse:
                continue
            value = judge(chosen) + COIN * (price + bonus * size)
            if value > best[0] + 1e-9:
                best = (value, chosen)
    return best


def _hero_bonus(hero: int) -> int:
    effect = HEROES[hero].effect
    return effect.amount if effect is not None and effect.kind == "sale_bonus" else 0


def _hero_value(view: dict[str, Any], hero: int, hand: Sequence[int]) -> float:
    return _best_sale(view, hero, hand)[0]


def _sell(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The first item of the best set for each of the shop's heroes; done when none is left."""
    sales = {(a.item, a.hero): a for a in legal if isinstance(a, Sell)}
    hand = _sellable(view)
    for hero in view["guests"][view["seat"]]:
        _value, chosen = _best_sale(view, hero, hand)
        for item in chosen:
            if (item, hero) in sales:
                return sales[(item, hero)]
        hand = [i for i in hand if i not in chosen]
    return next(a for a in legal if isinstance(a, Done))


# --- the window -------------------------------------------------------------


def _display(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The window that leaves the best hero to sell to: each item shown is
    weighed by the heroes it lets the shop invite, with the rest of the hand,
    and by its hearts (the first to invite chooses first)."""
    shows = [a for a in legal if isinstance(a, Show)]
    window = list(view["my_window"] or ())
    done = next((a for a in legal if isinstance(a, Done)), None)

    def worth(shown: list[int]) -> float:
        hand = [i for i in view["hand"] if i not in shown]
        classes = {c for i in shown for c in ITEMS[i].classes}
        heroes = [h for h in view["center"] if classes & set(HEROES[h].classes)]
        values = sorted((_hero_value(view, h, hand) for h in heroes), reverse=True)
        if not values:
            values = [0.0]
        # the best hero may go to a brighter window: count the second best half
        reach = values[0] if len(values) == 1 else (values[0] + values[1]) / 2
        return reach + 0.12 * sum(ITEMS[i].hearts for i in shown)

    scored = [(worth([*window, a.item]), -a.item, a) for a in shows]
    best = max(scored, key=lambda entry: (entry[0], entry[1]))
    if done is not None and window and worth(window) >= best[0]:
        return done
    return best[2]


# --- the draft ---------------------------------------------------------------


def _draft(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The item that adds the most to the best sale among the heroes waiting
    (with the hand drafted so far and the storage), or failing that the one
    the next rounds want most."""
    hand = [*view["hand"], *view["storage"]]
    heroes = list(view["center"])
    base = {h: _hero_value(view, h, hand) for h in heroes}

    def gain(item: int) -> float:
        gains = sorted(
            (_hero_value(view, h, [*hand, item]) - base[h] for h in heroes), reverse=True
        )
        return sum(gains[:2]) / 2 if gains else 0.0

    return max(legal, key=lambda a: (round(gain(a.item), 6), _keep_worth(a.item), -a.item))


def _keep_worth(item: int) -> float:
    card = ITEMS[item]
    return card.attack + card.defence + 0.3 * card.price + 0.5 * card.hearts


def _store(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    stores = [a for a in legal if isinstance(a, Store)]
    if not stores:
        return legal[-1]
    return max(stores, key=lambda a: (_keep_worth(a.item), -a.item))


# --- upgrades and employees --------------------------------------------------


def rounds_left(view: dict[str, Any]) -> float:
    """A rough count of the rounds to come: about two a monster."""
    return 2.0 * len(view["levels_left"]) + 1.0


def _upgrade(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The card whose powers over the rounds to come are worth more than its
    coins; nothing when none is (coins count at the end)."""
    seat = view["seat"]
    coins = view["coins"][seat]
    discount = _staff(view, "discount")
    rounds = rounds_left(view)
    best: tuple[float, Any] = (0.0, next(a for a in legal if isinstance(a, Done)))
    for action in legal:
        if isinstance(action, Hire):
            card = EMPLOYEES[action.employee]
            rate = _STAFF_STARS.get(card.effect.kind, 0.0)
            rate += _STAFF_COINS.get(card.effect.kind, 0.0)
            worth = rate * card.effect.amount * rounds
            cost = max(0, card.price - discount)
        elif isinstance(action, Buy):
            upgrade = UPGRADES[action.upgrade]
            worth = (0.05 * upgrade.hearts + 0.1 * upgrade.draw) * rounds
            cost = max(0, upgrade.price - discount)
        else:
            continue
        # coins spent are points lost only by tens, and some are left over anyway
        net = worth - COIN * cost - (0.3 if cost > coins - 3 else 0.0)
        if net > best[0]:
            best = (net, action)
    return best[1]
