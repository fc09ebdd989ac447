"""The catalogue of Hero Realms' base set: every kind of card as frozen data,
and every physical card as an id of its own.

Card names are facts kept as they are printed; the texts players read are
written elsewhere, in our own words. Physical ids: the 80 market cards first
(catalogue order, copies together), then the 16 Fire Gems, then the starting
decks of up to four seats (ten cards each)."""

from __future__ import annotations

from typing import Final

from .effects import (
    Per,
    champion_to_top,
    choose,
    combat,
    discard_to_top,
    draw,
    draw_then_discard,
    gold,
    health,
    next_action_to_top,
    next_to_hand,
    next_to_top,
    opponent_discards,
    prepare,
    sacrifice_card,
    stun,
)
from .kinds import CardKind, CardType, Faction
from .packs import GOLD, PACK_DECK, PACKS, RUBY

__all__ = [
    "CARDS",
    "CARD_COUNT",
    "FIRE_GEM",
    "GEM_IDS",
    "KINDS",
    "MARKET_IDS",
    "MAX_SEATS",
    "PACKS",
    "PACK_KINDS",
    "STARTING_DECK",
    "CardKind",
    "CardType",
    "Faction",
    "ability_id",
    "add_later_ids",
    "kind_of",
    "pack_of",
    "skill_id",
    "starting_ids",
]


IM, G, N, W, X = Faction.IMPERIAL, Faction.GUILD, Faction.NECROS, Faction.WILD, Faction.NONE
A, T, C = CardType.ACTION, CardType.ITEM, CardType.CHAMPION
CH, OC, OG, OW = Per.CHAMPION, Per.OTHER_CHAMPION, Per.OTHER_GUARD, Per.OTHER_WILD

# fmt: off
MARKET: Final = (
    # Imperial (20 cards)
    CardKind("arkus", "Arkus, Imperial Dragon", IM, 8, C, 1, 6, True,
             expend=(combat(5), draw()), ally=(health(6),)),
    CardKind("close_ranks", "Close Ranks", IM, 3, A, 1,
             primary=(combat(5, CH, 2),), ally=(health(6),)),
    CardKind("command", "Command", IM, 5, A, 1,
             primary=(gold(2), combat(3), health(4), draw())),
    CardKind("darian", "Darian, War Mage", IM, 4, C, 1, 5,
             expend=(choose((combat(3),), (health(4),)),)),
    CardKind("domination", "Domination", IM, 7, A, 1,
             primary=(combat(6), health(6), draw()), ally=(prepare(),)),
    CardKind("cristov", "Cristov, the Just", IM, 5, C, 1, 5, True,
             expend=(combat(2), health(3)), ally=(draw(),)),
    CardKind("kraka", "Kraka, High Priest", IM, 6, C, 1, 6,
             expend=(health(2), draw()), ally=(health(0, CH, 2),)),
    CardKind("man_at_arms", "Man-at-Arms", IM, 3, C, 2, 4, True,
             expend=(combat(2, OG, 1),)),
    CardKind("weyan", "Master Weyan", IM, 4, C, 1, 4, True,
             expend=(combat(3, OC, 1),)),
    CardKind("rally_the_troops", "Rally the Troops", IM, 4, A, 1,
             primary=(combat(5), health(5)), ally=(prepare(),)),
    CardKind("recruit", "Recruit", IM, 2, A, 3,
             primary=(gold(2), health(3, CH, 1)), ally=(gold(1),)),
    CardKind("tithe_priest", "Tithe Priest", IM, 2, C, 2, 3,
             expend=(choose((gold(1),), (health(0, CH, 1),)),)),
    CardKind("taxation", "Taxation", IM, 1, A, 3,
             primary=(gold(2),), ally=(health(6),)),
    CardKind("word_of_power", "Word of Power", IM, 6, A, 1,
             primary=(draw(2),), ally=(health(5),), sacrifice=(combat(5),)),
    # Guild (20 cards)
    CardKind("borg", "Borg, Ogre Mercenary", G, 6, C, 1, 6, True, expend=(combat(4),)),
    CardKind("bribe", "Bribe", G, 3, A, 3,
             primary=(gold(3),), ally=(next_action_to_top(),)),
    CardKind("death_threat", "Death Threat", G, 3, A, 1,
             primary=(combat(1), draw()), ally=(stun(),)),
    CardKind("deception", "Deception", G, 5, A, 1,
             primary=(gold(2), draw()), ally=(next_to_hand(),)),
    CardKind("fire_bomb", "Fire Bomb", G, 8, A, 1,
             primary=(combat(8), stun(), draw()), sacrifice=(combat(5),)),
    CardKind("hit_job", "Hit Job", G, 4, A, 1, primary=(combat(7),), ally=(stun(),)),
    CardKind("intimidation", "Intimidation", G, 2, A, 2, primary=(combat(5),), ally=(gold(2),)),
    CardKind("myros", "Myros, Guild Mage", G, 5, C, 1, 3, True,
             expend=(gold(3),), ally=(combat(4),)),
    CardKind("parov", "Parov, the Enforcer", G, 5, C, 1, 5, True,
             expend=(combat(3),), ally=(draw(),)),
    CardKind("profit", "Profit", G, 1, A, 3, primary=(gold(2),), ally=(combat(4),)),
    CardKind("rake", "Rake, Master Assassin", G, 7, C, 1, 7,
             expend=(combat(4), stun(optional=True))),
    CardKind("rasmus", "Rasmus, the Smuggler", G, 4, C, 1, 5,
             expend=(gold(2),), ally=(next_to_top(),)),
    CardKind("smash_and_grab", "Smash and Grab", G, 6, A, 1,
             primary=(combat(6), discard_to_top())),
    CardKind("street_thug", "Street Thug", G, 3, C, 2, 4,
             expend=(choose((gold(1),), (combat(2),)),)),
    # Necros (20 cards)
    CardKind("cult_priest", "Cult Priest", N, 3, C, 2, 4,
             expend=(choose((gold(1),), (combat(1),)),), ally=(combat(4),)),
    CardKind("dark_energy", "Dark Energy", N, 4, A, 1, primary=(combat(7),), ally=(draw(),)),
    CardKind("dark_reward", "Dark Reward", N, 5, A, 1,
             primary=(gold(3), sacrifice_card()), ally=(combat(6),)),
    CardKind("death_cultist", "Death Cultist", N, 2, C, 2, 3, True, expend=(combat(2),)),
    CardKind("death_touch", "Death Touch", N, 1, A, 3,
             primary=(combat(2), sacrifice_card()), ally=(combat(2),)),
    CardKind("rayla", "Rayla, Endweaver", N, 4, C, 1, 4, expend=(combat(3),), ally=(draw(),)),
    CardKind("influence", "Influence", N, 2, A, 3, primary=(gold(3),), sacrifice=(combat(3),)),
    CardKind("krythos", "Krythos, Master Vampire", N, 7, C, 1, 6,
             expend=(combat(3), sacrifice_card(bonus=3))),
    CardKind("life_drain", "Life Drain", N, 6, A, 1,
             primary=(combat(8), sacrifice_card()), ally=(draw(),)),
    CardKind("lys", "Lys, the Unseen", N, 6, C, 1, 5, True,
             expend=(combat(2), sacrifice_card(bonus=2))),
    CardKind("the_rot", "The Rot", N, 3, A, 2,
             primary=(combat(4), sacrifice_card()), ally=(combat(3),)),
    CardKind("tyrannor", "Tyrannor, the Devourer", N, 8, C, 1, 6, True,
             expend=(combat(4), sacrifice_card(up_to=2)), ally=(draw(),)),
    CardKind("varrick", "Varrick, the Necromancer", N, 5, C, 1, 3,
             expend=(champion_to_top(),), ally=(draw(),)),
    # Wild (20 cards)
    CardKind("broelyn", "Broelyn, Loreweaver", W, 4, C, 1, 6,
             expend=(gold(2),), ally=(opponent_discards(),)),
    CardKind("cron", "Cron, the Berserker", W, 6, C, 1, 6, expend=(combat(5),), ally=(draw(),)),
    CardKind("dire_wolf", "Dire Wolf", W, 5, C, 1, 5, True, expend=(combat(3),), ally=(combat(4),)),
    CardKind("elven_curse", "Elven Curse", W, 3, A, 2,
             primary=(combat(6), opponent_discards()), ally=(combat(3),)),
    CardKind("elven_gift", "Elven Gift", W, 2, A, 3,
             primary=(gold(2), draw_then_discard()), ally=(combat(4),)),
    CardKind("grak", "Grak, Storm Giant", W, 8, C, 1, 7, True,
             expend=(combat(6), draw_then_discard()),
             ally=(draw_then_discard(optional=False),)),
    CardKind("natures_bounty", "Nature's Bounty", W, 4, A, 1,
             primary=(gold(4),), ally=(opponent_discards(),), sacrifice=(combat(4),)),
    CardKind("orc_grunt", "Orc Grunt", W, 3, C, 2, 3, True, expend=(combat(2),), ally=(draw(),)),
    CardKind("rampage", "Rampage", W, 6, A, 1, primary=(combat(6), draw_then_discard(2))),
    CardKind("torgen", "Torgen Rocksplitter", W, 7, C, 1, 7, True,
             expend=(combat(4), opponent_discards())),
    CardKind("spark", "Spark", W, 1, A, 3,
             primary=(combat(3), opponent_discards()), ally=(combat(2),)),
    CardKind("wolf_form", "Wolf Form", W, 5, A, 1,
             primary=(combat(8), opponent_discards()), sacrifice=(opponent_discards(),)),
    CardKind("wolf_shaman", "Wolf Shaman", W, 2, C, 2, 4, expend=(combat(2, OW, 1),)),
)
FIRE_GEM: Final = CardKind("fire_gem", "Fire Gem", X, 2, T, 16,
                           primary=(gold(2),), sacrifice=(combat(3),))
STARTING: Final = (
    GOLD,
    RUBY,
    CardKind("shortsword", "Shortsword", X, 0, T, 1, primary=(combat(2),)),
    CardKind("dagger", "Dagger", X, 0, T, 1, primary=(combat(1),)),
)
# fmt: on

MAX_SEATS: Final = 4
STARTING_DECK: Final = sum(kind.copies for kind in STARTING)
"""Cards in a starting deck (7 Gold, a Ruby, a Shortsword, a Dagger)."""
PACK_KINDS: Final = tuple(
    kind
    for pack in PACKS.values()
    for kind in (*(k for k, _n in pack.deck), pack.ability, pack.skill)
    if kind not in (GOLD, RUBY)
)
KINDS: Final = {kind.key: kind for kind in (*MARKET, FIRE_GEM, *STARTING, *PACK_KINDS)}


def _pack_cards(pack: str) -> list[CardKind]:
    """A pack's deck, then its ability and its skill (twelve ids a seat)."""
    found = PACKS[pack]
    return [k for k, n in found.deck for _ in range(n)] + [found.ability, found.skill]


def _physical() -> tuple[CardKind, ...]:
    cards = [kind for kind in MARKET for _ in range(kind.copies)]
    cards += [FIRE_GEM] * FIRE_GEM.copies
    for _seat in range(MAX_SEATS):
        cards += [kind for kind in STARTING for _ in range(kind.copies)]
    for _seat in range(MAX_SEATS):  # after the base decks, so that older ids stay
        for pack in PACKS:
            cards += _pack_cards(pack)
    return tuple(cards)


CARDS: Final = _physical()
"""The kind of every physical card, by id."""
CARD_COUNT: Final = len(CARDS)
MARKET_IDS: Final = tuple(range(sum(kind.copies for kind in MARKET)))
GEM_IDS: Final = tuple(range(len(MARKET_IDS), len(MARKET_IDS) + FIRE_GEM.copies))


_LATER: list[CardKind] = []
"""The kinds of the ids past CARD_COUNT, which a game built on this one adds
once at its import (`add_later_ids`): Hero Realms' own ids never reach them."""


def add_later_ids(kinds: tuple[CardKind, ...]) -> int:
    """Give `kinds` the ids that follow the catalogue (once: a second call
    with the same kinds changes nothing); returns the first of them."""
    if _LATER and tuple(_LATER) != kinds:
        raise ValueError("the ids past the catalogue are already given to other cards")
    _LATER[:] = kinds
    return CARD_COUNT


def kind_of(card: int) -> CardKind:
    try:
        return CARDS[card]
    except IndexError:  # a card of a game built on this one; negative ids never come
        return _LATER[card - CARD_COUNT]


_BASE_END: Final = len(MARKET_IDS) + len(GEM_IDS) + MAX_SEATS * STARTING_DECK
_PACK_IDS: Final = PACK_DECK + 2


def _pack_first(seat: int, pack: str) -> int:
    return _BASE_END + (seat * len(PACKS) + list(PACKS).index(pack)) * _PACK_IDS


def starting_ids(seat: int, pack: str = "") -> tuple[int, ...]:
    """The ids of seat `seat`'s starting deck: the base one, or a pack's."""
    if pack:
        first = _pack_first(seat, pack)
        return tuple(range(first, first + PACK_DECK))
    first = len(MARKET_IDS) + len(GEM_IDS) + seat * STARTING_DECK
    return tuple(range(first, first + STARTING_DECK))


def pack_of(card: int) -> str:
    """The character pack a card comes with ("" for the others)."""
    if card < _BASE_END:
        return ""
    return list(PACKS)[(card - _BASE_END) // _PACK_IDS % len(PACKS)]


def ability_id(seat: int, pack: str) -> int:
    """The id of seat `seat`'s pack ability (its skill's is the next one)."""
    return _pack_first(seat, pack) + PACK_DECK


def skill_id(seat: int, pack: str) -> int:
    return _pack_first(seat, pack) + PACK_DECK + 1
