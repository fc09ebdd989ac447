"""The five character packs (Cleric, Fighter, Ranger, Thief, Wizard): each
one's health, starting deck, ability (sacrificed, once a game) and skill
(expended for 2 gold, once a turn), as data. Names are printed facts; the
texts players read are written elsewhere, in our own words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .effects import (
    Per,
    When,
    action_discount,
    bless,
    champion_discount,
    choose,
    choose_or_all,
    combat,
    draw,
    draw_if,
    fireball,
    gold,
    health,
    heist,
    opponent_discards,
    resurrect,
    stun,
    track,
)
from .kinds import CardKind, CardType, Faction

__all__ = ["GOLD", "PACKS", "PACK_DECK", "RUBY", "SKILL_COST", "Pack"]

X = Faction.NONE
A, T, C = CardType.ACTION, CardType.ITEM, CardType.CHAMPION
AB, SK = CardType.ABILITY, CardType.SKILL
SKILL_COST: Final = 2
PACK_DECK: Final = 10
"""Every pack's starting deck holds ten cards, as the base one does."""

GOLD: Final = CardKind("gold", "Gold", X, 0, T, 7, primary=(gold(1),))
RUBY: Final = CardKind("ruby", "Ruby", X, 0, T, 1, primary=(gold(2),))


@dataclass(frozen=True, slots=True)
class Pack:
    key: str  # the option's value: "cleric"
    name: str  # the printed class name, a fact
    health: int
    deck: tuple[tuple[CardKind, int], ...]  # each kind and its copies in this deck
    ability: CardKind
    skill: CardKind


def _kind(key: str, name: str, type: CardType, **rest: object) -> CardKind:
    return CardKind(key, name, X, 0, type, 1, **rest)  # type: ignore[arg-type]


# fmt: off
CLERIC: Final = Pack(
    "cleric", "Cleric", 55,
    ((GOLD, 6),
     (_kind("follower_a", "Follower A", C, defence=1, guard=True, expend=(combat(1),)), 1),
     (_kind("follower_b", "Follower B", C, defence=1, guard=True, expend=(combat(1),)), 1),
     (_kind("spiked_mace", "Spiked Mace", T, primary=(combat(2),)), 1),
     (_kind("prayer_beads", "Prayer Beads", T,
            primary=(choose_or_all(When.CHAMPIONS_AT_LEAST, 2, (gold(2),), (health(5),)),)), 1)),
    _kind("resurrect", "Resurrect", AB, sacrifice=(resurrect(),)),
    _kind("bless", "Bless", SK, expend=(bless(3, 1),)),
)
FIGHTER: Final = Pack(
    "fighter", "Fighter", 60,
    ((GOLD, 6), (RUBY, 1),
     (_kind("longsword", "Longsword", T, primary=(combat(3),)), 1),
     (_kind("shield_bearer", "Shield Bearer", C, defence=3, guard=True), 1),
     (_kind("throwing_axe", "Throwing Axe", T,
            primary=(combat(2), draw_if(When.COMBAT_AT_LEAST, 7))), 1)),
    _kind("crushing_blow", "Crushing Blow", AB, sacrifice=(combat(8),)),
    _kind("shoulder_bash", "Shoulder Bash", SK, expend=(combat(2),)),
)
RANGER: Final = Pack(
    "ranger", "Ranger", 58,
    ((GOLD, 5), (RUBY, 1),
     (_kind("hunting_bow", "Hunting Bow", T, primary=(combat(2),), traits=("bow",)), 1),
     (_kind("black_arrow", "Black Arrow", T,
            primary=(combat(1), draw_if(When.BOW_IN_PLAY))), 2),
     (_kind("horn_of_calling", "Horn of Calling", T,
            primary=(gold(1), champion_discount())), 1)),
    _kind("headshot", "Headshot", AB, sacrifice=(draw(), stun(optional=True))),
    _kind("track", "Track", SK, expend=(track(3, 2),)),
)
THIEF: Final = Pack(
    "thief", "Thief", 52,
    ((GOLD, 5), (RUBY, 2),
     (_kind("throwing_knife", "Throwing Knife", T, traits=("knife",),
            primary=(combat(1), combat(0, Per.OTHER_KNIFE, 2))), 3)),
    _kind("heist", "Heist", AB, sacrifice=(heist(),)),
    _kind("pick_pocket", "Pick Pocket", SK, expend=(health(3), opponent_discards())),
)
WIZARD: Final = Pack(
    "wizard", "Wizard", 50,
    ((GOLD, 5),
     (_kind("cat_familiar", "Cat Familiar", C, defence=2,
            expend=(choose((combat(1),), (gold(1),), (health(1),)),)), 1),
     (_kind("ignite", "Ignite", A, primary=(combat(2),)), 2),
     (_kind("spell_components", "Spell Components", T,
            primary=(gold(1), action_discount())), 1),
     (_kind("fire_staff", "Fire Staff", T,
            primary=(combat(1), draw_if(When.ACTIONS_AT_LEAST, 2))), 1)),
    _kind("fireball", "Fireball", AB, sacrifice=(fireball(4),)),
    # Channel costs 1 health besides the 2 gold (the pack's card shows it)
    _kind("channel", "Channel", SK, expend=(health(-1), draw())),
)
# fmt: on

PACKS: Final = {pack.key: pack for pack in (CLERIC, FIGHTER, RANGER, THIEF, WIZARD)}
assert all(sum(n for _kind, n in pack.deck) == PACK_DECK for pack in PACKS.values())
