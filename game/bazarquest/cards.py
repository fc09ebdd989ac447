"""Bazar Quest's card set as data: the box's numbers, our own names and numbers.

Someone holding the box could replace the tables below and nothing else. Each
card kind has ids of its own from 0 (items 0..111, heroes 0..15, ...); copies
of one design get consecutive ids. Abilities are `Effect`s, a small vocabulary
the rules interpret (docs/bazarquest-cards.md); their texts are written once
per effect kind in `words.py`, not per card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = [
    "ADVENTURES",
    "CLASSES",
    "EMPLOYEES",
    "FIRST_GAME_HEROES",
    "FIRST_GAME_MONSTERS",
    "HEROES",
    "ITEMS",
    "MONSTERS",
    "UPGRADES",
    "Adventure",
    "Effect",
    "Employee",
    "Hero",
    "Item",
    "Monster",
    "Upgrade",
]

CLASSES: Final = ("thief", "warrior", "priest", "mage")
"""The four hero classes; an item or a hero names one or two of them."""


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str  # one of words.EFFECT_KINDS
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Item:
    key: str
    fr: str
    en: str
    classes: tuple[str, ...]
    hearts: int
    price: int
    attack: int
    defence: int
    effect: Effect | None = None


@dataclass(frozen=True, slots=True)
class Hero:
    key: str
    fr: str
    en: str
    classes: tuple[str, ...]
    purse: int
    attack: int
    defence: int
    effect: Effect | None = None


@dataclass(frozen=True, slots=True)
class Monster:
    key: str
    fr: str
    en: str
    level: int  # 1..3
    resistance: int  # attack needed to wound it
    strength: int  # defence needed to survive it
    coins: int  # to each living hero when it survives the round
    chest: int  # to each living hero when it falls
    effect: Effect | None = None


@dataclass(frozen=True, slots=True)
class Employee:
    key: str
    fr: str
    en: str
    price: int
    phase: str  # the phase its power acts in
    effect: Effect


@dataclass(frozen=True, slots=True)
class Upgrade:
    key: str
    fr: str
    en: str
    kind: str  # "window" or "storage"
    price: int
    hearts: int = 0  # window: hearts it adds to the window
    draw: int = 0  # storage: item cards it adds to the hand at restock


@dataclass(frozen=True, slots=True)
class Adventure:
    key: str
    fr: str
    en: str
    attack: int
    defence: int
    effect: Effect | None = None


def _copies(design: Item, n: int) -> tuple[Item, ...]:
    return (design,) * n


T, W, P, M = CLASSES
_DESIGNS: Final = (
    # thief: cheap, quick, a little attack and a lot of luck
    (Item("rusty_knife", "Couteau ébréché", "Chipped knife", (T,), 0, 2, 1, 0), 4),
    (Item("smoke_vial", "Fiole de fumée", "Smoke vial", (T,), 1, 3, 0, 2), 4),
    (Item("lockpicks", "Crochets d’argent", "Silver lockpicks", (T,), 1, 4, 1, 1,
          Effect("coins_if_survives", 2)), 4),
    (Item("twin_daggers", "Dagues jumelles", "Twin daggers", (T,), 2, 6, 3, 0), 4),
    (Item("night_hood", "Capuche nocturne", "Night hood", (T, M), 1, 5, 1, 2), 4),
    (Item("lucky_coin", "Pièce porte-bonheur", "Lucky coin", (T,), 2, 5, 0, 1,
          Effect("lucky")), 4),
    (Item("poison_blade", "Lame empoisonnée", "Venom blade", (T, W), 2, 8, 4, 1), 4),
    # warrior: heavy steel, high attack and defence, dear
    (Item("wooden_shield", "Bouclier de bois", "Wooden shield", (W,), 0, 2, 0, 1), 4),
    (Item("short_sword", "Glaive court", "Short sword", (W,), 1, 3, 2, 0), 4),
    (Item("chain_shirt", "Chemise de mailles", "Chain shirt", (W, P), 1, 5, 0, 3), 4),
    (Item("battle_axe", "Hache de bataille", "Battle axe", (W,), 2, 7, 4, 0), 4),
    (Item("tower_shield", "Pavois", "Tower shield", (W,), 2, 7, 0, 4,
          Effect("last_stand")), 4),
    (Item("war_banner", "Étendard de guerre", "War banner", (W,), 3, 8, 1, 2,
          Effect("star_if_survives")), 4),
    (Item("dragon_lance", "Lance du dragon", "Dragon lance", (W, T), 3, 10, 5, 2), 4),
    # priest: defence, healing and protection from fate
    (Item("prayer_beads", "Chapelet", "Prayer beads", (P,), 0, 2, 0, 1), 4),
    (Item("holy_water", "Eau bénite", "Holy water", (P,), 1, 3, 1, 1), 4),
    (Item("iron_mace", "Masse de fer", "Iron mace", (P, W), 1, 5, 3, 0), 4),
    (Item("blessed_robe", "Robe consacrée", "Blessed robe", (P,), 2, 6, 0, 3,
          Effect("steady")), 4),
    (Item("healing_salve", "Onguent de soin", "Healing salve", (P,), 1, 4, 0, 2,
          Effect("last_stand")), 4),
    (Item("sun_relic", "Relique solaire", "Sun relic", (P, M), 3, 9, 2, 3), 4),
    (Item("saint_halo", "Auréole du saint", "Saint’s halo", (P,), 3, 10, 1, 4,
          Effect("star_if_survives")), 4),
    # mage: strong attack, frail, pays off in pairs
    (Item("spark_wand", "Baguette à étincelles", "Spark wand", (M,), 0, 2, 1, 0), 4),
    (Item("rune_book", "Grimoire runique", "Rune book", (M,), 1, 4, 2, 0,
          Effect("pair_attack")), 4),
    (Item("crystal_orb", "Orbe de cristal", "Crystal orb", (M,), 2, 6, 3, 1), 4),
    (Item("frost_staff", "Bâton de givre", "Frost staff", (M, P), 2, 7, 3, 2), 4),
    (Item("star_cloak", "Manteau étoilé", "Starry cloak", (M,), 2, 6, 0, 2,
          Effect("steady")), 4),
    (Item("fire_scroll", "Parchemin de feu", "Fire scroll", (M, T), 1, 5, 3, 0), 4),
    (Item("archmage_staff", "Sceptre de l’archimage", "Archmage’s sceptre", (M,), 3, 10, 5, 1,
          Effect("coins_if_survives", 3)), 4),
)  # fmt: skip
ITEMS: Final = tuple(card for design, n in _DESIGNS for card in _copies(design, n))
"""112 item cards: 28 designs, four copies each."""

HEROES: Final = (
    # the first game's four, on top of the hero deck
    Hero("apprentice_thief", "Apprentie voleuse", "Apprentice thief", (T,), 9, 2, 5),
    Hero("young_warrior", "Jeune guerrier", "Young warrior", (W,), 12, 3, 5),
    Hero("novice_priest", "Novice prêtresse", "Novice priest", (P,), 10, 1, 6),
    Hero("apprentice_mage", "Apprenti mage", "Apprentice mage", (M,), 11, 3, 4),
    Hero("pickpocket", "Tire-laine", "Pickpocket", (T,), 7, 2, 5, Effect("sale_bonus")),
    Hero("duelist", "Bretteuse", "Duelist", (T,), 10, 3, 5, Effect("lucky")),
    Hero("knight", "Chevalier", "Knight", (W,), 14, 3, 6),
    Hero("berserker", "Berserkère", "Berserker", (W,), 10, 4, 4, Effect("pair_attack")),
    Hero("healer", "Guérisseur", "Healer", (P,), 10, 1, 6, Effect("last_stand")),
    Hero("oracle", "Oracle", "Oracle", (P,), 12, 2, 5, Effect("steady")),
    Hero("sorceress", "Sorcière", "Sorceress", (M,), 12, 3, 4, Effect("star_if_survives")),
    Hero("alchemist", "Alchimiste", "Alchemist", (M,), 15, 2, 4, Effect("sale_bonus")),
    Hero("paladin", "Paladine", "Paladin", (W, P), 9, 2, 5),
    Hero("spellblade", "Lame-sort", "Spellblade", (W, M), 8, 2, 5),
    Hero("trickster", "Illusionniste", "Trickster", (T, M), 8, 2, 5),
    Hero("wandering_monk", "Moine errant", "Wandering monk", (P, T), 8, 2, 5),
)  # fmt: skip
FIRST_GAME_HEROES: Final = (0, 1, 2, 3)

MONSTERS: Final = (
    Monster("highway_captain", "Capitaine des détrousseurs", "Highway captain", 1, 3, 3, 2, 6,
            Effect("plunder", 2)),
    Monster("giant_rat", "Rat géant", "Giant rat", 1, 3, 2, 2, 5, Effect("savage")),
    Monster("bog_troll", "Troll des tourbières", "Bog troll", 1, 4, 3, 2, 6,
            Effect("tough", 2)),
    Monster("goblin_shaman", "Chamane gobeline", "Goblin shaman", 1, 4, 4, 2, 6,
            Effect("ambush")),
    Monster("goblin_warchief", "Chef de guerre gobelin", "Goblin warchief", 2, 5, 4, 4, 9,
            Effect("tax", 2)),
    Monster("stone_golem", "Golem de pierre", "Stone golem", 2, 6, 3, 3, 9, Effect("armoured")),
    Monster("harpy_queen", "Reine des harpies", "Harpy queen", 2, 6, 5, 4, 10,
            Effect("plunder", 3)),
    Monster("werewolf", "Loup-garou", "Werewolf", 2, 6, 4, 3, 9, Effect("savage")),
    Monster("lich_king", "Roi des liches", "Lich king", 3, 5, 5, 6, 14, Effect("tough", 2)),
    Monster("red_dragon", "Dragon rouge", "Red dragon", 3, 6, 5, 6, 15, Effect("tax", 3)),
    Monster("kraken", "Kraken", "Kraken", 3, 5, 6, 6, 14, Effect("armoured")),
    Monster("shadow_hydra", "Hydre des ombres", "Shadow hydra", 3, 6, 5, 5, 14,
            Effect("ambush")),
)  # fmt: skip
FIRST_GAME_MONSTERS: Final = (0, 4, 8)
"""Level I, II and III of the first game: the captain, the warchief, the lich king."""

EMPLOYEES: Final = (
    # 18 designs, the bard and the haggler twice: a shop may not hire one design twice
    Employee("errand_boy", "Garçon de course", "Errand boy", 6, "restock", Effect("extra_draw")),
    Employee("scout", "Éclaireuse", "Scout", 9, "restock", Effect("extra_draw", 2)),
    Employee("bard", "Barde", "Bard", 5, "display", Effect("extra_hearts")),
    Employee("crier", "Crieuse publique", "Town crier", 8, "display", Effect("extra_hearts", 2)),
    Employee("bard", "Barde", "Bard", 5, "display", Effect("extra_hearts")),
    Employee("haggler", "Marchandeuse", "Haggler", 7, "trade", Effect("sale_bonus")),
    Employee("smooth_talker", "Beau parleur", "Smooth talker", 11, "trade",
             Effect("sale_bonus", 2)),
    Employee("haggler", "Marchandeuse", "Haggler", 7, "trade", Effect("sale_bonus")),
    Employee("drill_master", "Maître d’armes", "Drill master", 7, "adventure",
             Effect("train_attack")),
    Employee("armourer", "Armurière", "Armourer", 7, "adventure", Effect("train_defence")),
    Employee("veteran", "Vétéran", "Veteran", 12, "adventure", Effect("train_attack", 2)),
    Employee("bodyguard", "Garde du corps", "Bodyguard", 12, "adventure",
             Effect("train_defence", 2)),
    Employee("undertaker", "Croque-mort", "Undertaker", 5, "adventure", Effect("insurance", 4)),
    Employee("chronicler", "Chroniqueuse", "Chronicler", 6, "adventure", Effect("cheer", 2)),
    Employee("fortune_teller", "Diseuse de bonne aventure", "Fortune teller", 8, "adventure",
             Effect("lucky")),
    Employee("accountant", "Comptable", "Accountant", 6, "upgrade", Effect("discount", 2)),
    Employee("carpenter", "Charpentier", "Carpenter", 9, "upgrade", Effect("discount", 4)),
    Employee("porter", "Porteur", "Porter", 6, "inventory", Effect("extra_storage")),
    Employee("quartermaster", "Intendante", "Quartermaster", 10, "inventory",
             Effect("extra_storage", 2)),
    Employee("gossip", "Commère", "Gossip", 7, "display", Effect("extra_hearts")),
)  # fmt: skip

UPGRADES: Final = (
    Upgrade("wide_shelf", "Étagère large", "Wide shelf", "window", 6),
    Upgrade("glass_front", "Devanture vitrée", "Glass front", "window", 6),
    Upgrade("side_table", "Table d’appoint", "Side table", "window", 7),
    Upgrade("painted_sign", "Enseigne peinte", "Painted sign", "window", 9, hearts=1),
    Upgrade("lanterns", "Guirlande de lanternes", "String of lanterns", "window", 9, hearts=1),
    Upgrade("velvet_drape", "Tenture de velours", "Velvet drape", "window", 10, hearts=1),
    Upgrade("cellar", "Cave", "Cellar", "storage", 5),
    Upgrade("attic", "Grenier", "Attic", "storage", 5),
    Upgrade("back_room", "Arrière-boutique", "Back room", "storage", 6),
    Upgrade("supply_cart", "Charrette de fournitures", "Supply cart", "storage", 8, draw=1),
    Upgrade("warehouse", "Entrepôt", "Warehouse", "storage", 9, draw=1),
    Upgrade("smugglers_den", "Repaire de contrebandiers", "Smugglers’ den", "storage", 10,
            draw=1),
)  # fmt: skip
FLIP_PRICE: Final = 10
"""What turning an owned upgrade to its +2 side costs (the rulebook's number)."""

ADVENTURES: Final = (
    Adventure("clear_road", "Route dégagée", "Clear road", 0, 0),
    Adventure("sunny_day", "Beau temps", "Fair weather", 1, 0),
    Adventure("second_wind", "Second souffle", "Second wind", 0, 1),
    Adventure("ambushed", "Guet-apens", "Ambushed", 0, -1),
    Adventure("twisted_ankle", "Cheville tordue", "Twisted ankle", -1, 0),
    Adventure("heroic_charge", "Charge héroïque", "Heroic charge", 2, -1),
    Adventure("careful_step", "Pas prudent", "Careful step", -1, 2),
    Adventure("storm", "Orage", "Storm", -1, -1),
    Adventure("blessing", "Bénédiction", "Blessing", 1, 1),
    Adventure("lost_map", "Carte perdue", "Lost map", 0, -2),
    Adventure("rusty_gear", "Équipement rouillé", "Rusty gear", -2, 0),
    Adventure("good_omen", "Bon présage", "Good omen", 0, 0, Effect("star_if_survives")),
    Adventure("crowd_cheers", "Foule en liesse", "Cheering crowd", 0, 0,
              Effect("coins_if_survives", 3)),
    Adventure("dark_forest", "Forêt obscure", "Dark forest", 0, -1),
    Adventure("war_cry", "Cri de guerre", "War cry", 1, 0),
    Adventure("shield_wall", "Mur de boucliers", "Shield wall", 0, 1),
    Adventure("fumble", "Maladresse", "Fumble", -1, 0),
    Adventure("nothing_happens", "Calme plat", "Dead calm", 0, 0),
)  # fmt: skip
