"""The Dragon's cards as data, and the ids they take after Hero Realms' own.

Ids past Hero Realms' catalogue, in order: a fifth party seat's character
packs (laid out as Hero Realms lays its four seats', so that its
`ability_id` and `skill_id` reach them), that seat's base starting deck, two
Dragons' personal decks of 18 (the second for boss against boss) and the
Treasure Hoard's 9 items. The printed names are facts; what a player reads
is in words.py, in our own words."""

from __future__ import annotations

from typing import Final

from ..herorealms.cards import (
    PACKS,
    STARTING,
    STARTING_DECK,
    add_later_ids,
    kind_of,
    starting_ids,
)
from ..herorealms.effects import choose, combat, gold, health, next_to_top, stun
from ..herorealms.kinds import CardKind, CardType, Faction
from ..herorealms.packs import RUBY

__all__ = [
    "BITE",
    "BOSS_DECK",
    "CLAW",
    "COINS",
    "CUNNING_BLOW",
    "DIAMOND",
    "FIRE",
    "HOARD",
    "HOARD_IDS",
    "ITEMS",
    "MAX_PARTY",
    "SKILL_CHECK",
    "TAIL",
    "boss_deck",
    "hero_deck",
    "skill_check",
]

MAX_PARTY: Final = 5
A, T, X = CardType.ACTION, CardType.ITEM, Faction.NONE


def _boss(
    key: str, name: str, type: CardType = A, faction: Faction = X, **rest: object
) -> CardKind:
    return CardKind(key, name, faction, 0, type, 1, **rest)  # type: ignore[arg-type]


# fmt: off
TAIL: Final = _boss("dragons_tail", "Dragon's Tail")  # its damage is rules.py's
FIRE: Final = _boss("dragons_fire", "Dragon's Fire", primary=(combat(4),))
BITE: Final = _boss("dragons_bite", "Dragon's Bite", primary=(combat(4),))
CLAW: Final = _boss("dragons_claw", "Dragon's Claw", primary=(combat(3),))
HOARD: Final = _boss("hoard", "Hoard", primary=(gold(1),))
CUNNING_BLOW: Final = _boss("cunning_blow", "Cunning Blow",
                            primary=(choose((combat(3),), (stun(),)),))
DIAMOND: Final = _boss("prismatic_diamond", "Prismatic Diamond", T, primary=(gold(3),))
COINS: Final = (
    _boss("imperial_chevron", "Imperial Chevron", T, Faction.IMPERIAL, primary=(gold(1),)),
    _boss("demon_coin", "Demon Coin", T, Faction.NECROS, primary=(gold(1),)),
    _boss("elven_gold", "Elven Gold", T, Faction.WILD, primary=(gold(1),)),
    _boss("guild_mark", "Guild Mark", T, Faction.GUILD, primary=(gold(1),)),
)
# The personal deck, by the party size from which each card joins it.
_DECK_BY_SIZE: Final = (
    (1, (TAIL, FIRE, BITE, CLAW, HOARD, RUBY, *COINS)),
    (2, (CLAW, RUBY)),
    (3, (CUNNING_BLOW, DIAMOND)),
    (4, (FIRE, RUBY)),
    (5, (CLAW, DIAMOND)),
)
# The Treasure Hoard: an item's "expend" runs when its holder uses it.
ITEMS: Final = (
    _boss("amulet_of_cleansing", "Amulet of Cleansing", T, expend=(gold(1),)),
    _boss("boots_of_speed", "Boots of Speed", T, expend=(next_to_top(),)),
    _boss("crown_of_will", "Crown of Will", T, expend=(choose((gold(1),), (combat(3),)),)),
    _boss("gauntlets_of_strength", "Gauntlets of Strength", T),
    _boss("guardians_shield", "Guardian's Shield", T),
    _boss("orb_of_death", "Orb of Death", T, expend=(stun(),)),
    _boss("ring_of_wishes", "Ring of Wishes", T),
    _boss("sword_of_destiny", "Sword of Destiny", T, expend=(combat(5),)),
    _boss("vial_of_elven_tears", "Vial of Elven Tears", T, expend=(health(5),)),
)
SKILL_CHECK: Final = {
    "amulet_of_cleansing": 8, "boots_of_speed": 5, "crown_of_will": 5,
    "gauntlets_of_strength": 6, "guardians_shield": 4, "orb_of_death": 5,
    "ring_of_wishes": 7, "sword_of_destiny": 5, "vial_of_elven_tears": 6,
}
# fmt: on
BOSS_DECK: Final = sum(len(cards) for _size, cards in _DECK_BY_SIZE)
"""A Dragon's personal deck at its largest (a party of 5): 18 cards."""


def _later() -> tuple[CardKind, ...]:
    kinds: list[CardKind] = []
    for pack in PACKS.values():  # Hero Realms' layout of a seat's packs
        kinds += [k for k, n in pack.deck for _ in range(n)] + [pack.ability, pack.skill]
    kinds += [kind for kind in STARTING for _ in range(kind.copies)]
    for _boss_seat in range(2):
        kinds += [kind for _size, cards in _DECK_BY_SIZE for kind in cards]
    return (*kinds, *ITEMS)


_FIRST: Final = add_later_ids(_later())


def _fifth_base_first() -> int:
    """The first id of the fifth seat's base starting deck (after its packs)."""
    return _FIRST + sum(sum(n for _k, n in pack.deck) + 2 for pack in PACKS.values())


_BOSS_FIRST: Final = _fifth_base_first() + STARTING_DECK
HOARD_IDS: Final = tuple(
    range(_BOSS_FIRST + 2 * BOSS_DECK, _BOSS_FIRST + 2 * BOSS_DECK + len(ITEMS))
)
"""The nine Hoard items' ids, in catalogue order."""


def hero_deck(seat: int, pack: str) -> tuple[int, ...]:
    """A party seat's starting deck: Hero Realms' ids for seats 0 to 3 (and
    every seat's packs), the fifth seat's base deck past them."""
    if seat < 4 or pack:
        return starting_ids(seat, pack)
    first = _fifth_base_first()
    return tuple(range(first, first + STARTING_DECK))


def boss_deck(boss: int, counted: int) -> tuple[int, ...]:
    """Dragon `boss`'s (0 or 1) personal deck for `counted` opponents (a
    party's size, or 3 for another boss): the cards joining at each size."""
    size = sum(len(cards) for at, cards in _DECK_BY_SIZE if at <= counted)
    first = _BOSS_FIRST + boss * BOSS_DECK
    return tuple(range(first, first + size))


def skill_check(card: int) -> int:
    """The total cost to discard to take (or steal back) a Hoard item."""
    return SKILL_CHECK[kind_of(card).key]
