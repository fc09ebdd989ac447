"""Every card's name in French and English. The English names are the
printed ones (facts); the French edition's names are not in our sources, so
the French ones are ours: a character's proper name kept, the rest put into
French."""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue
from game.herorealms.cards import KINDS, CardKind

__all__ = [
    "NAMES",
    "add_later_cards",
    "card_name",
    "kind_by_key",
    "later_cards_added",
    "short_name",
]

_FRENCH: Final = {
    "arkus": "Arkus, dragon impérial",
    "close_ranks": "Serrez les rangs",
    "command": "Ordres",
    "darian": "Darian, mage de guerre",
    "domination": "Domination",
    "cristov": "Cristov, le Juste",
    "kraka": "Kraka, grand prêtre",
    "man_at_arms": "Homme d’armes",
    "weyan": "Maître Weyan",
    "rally_the_troops": "Ralliement",
    "recruit": "Recrue",
    "tithe_priest": "Prêtre de la dîme",
    "taxation": "Impôt",
    "word_of_power": "Mot de pouvoir",
    "borg": "Borg, ogre mercenaire",
    "bribe": "Pot-de-vin",
    "death_threat": "Menace de mort",
    "deception": "Tromperie",
    "fire_bomb": "Bombe incendiaire",
    "hit_job": "Contrat",
    "intimidation": "Intimidation",
    "myros": "Myros, mage de la Guilde",
    "parov": "Parov, l’Exécuteur",
    "profit": "Bénéfice",
    "rake": "Rake, maître assassin",
    "rasmus": "Rasmus, le Contrebandier",
    "smash_and_grab": "Casse éclair",
    "street_thug": "Voyou des rues",
    "cult_priest": "Prêtre du culte",
    "dark_energy": "Énergie noire",
    "dark_reward": "Sombre salaire",
    "death_cultist": "Adepte de la mort",
    "death_touch": "Toucher mortel",
    "rayla": "Rayla, tisseuse de fins",
    "influence": "Influence",
    "krythos": "Krythos, maître vampire",
    "life_drain": "Drain de vie",
    "lys": "Lys, l’Invisible",
    "the_rot": "La Pourriture",
    "tyrannor": "Tyrannor, le Dévoreur",
    "varrick": "Varrick, le Nécromancien",
    "broelyn": "Broelyn, tisseuse de savoir",
    "cron": "Cron, le Berserker",
    "dire_wolf": "Loup redoutable",
    "elven_curse": "Malédiction elfique",
    "elven_gift": "Présent elfique",
    "grak": "Grak, géant des tempêtes",
    "natures_bounty": "Largesse de la nature",
    "orc_grunt": "Sbire orque",
    "rampage": "Déchaînement",
    "torgen": "Torgen Fend-la-Roche",
    "spark": "Étincelle",
    "wolf_form": "Forme de loup",
    "wolf_shaman": "Chamane des loups",
    "fire_gem": "Gemme de feu",
    "gold": "Or",
    "ruby": "Rubis",
    "shortsword": "Épée courte",
    "dagger": "Dague",
    # the character packs' cards
    "follower_a": "Fidèle A",
    "follower_b": "Fidèle B",
    "spiked_mace": "Masse à pointes",
    "prayer_beads": "Chapelet",
    "resurrect": "Résurrection",
    "bless": "Bénédiction",
    "longsword": "Épée longue",
    "shield_bearer": "Porte-bouclier",
    "throwing_axe": "Hache de jet",
    "crushing_blow": "Coup écrasant",
    "shoulder_bash": "Coup d’épaule",
    "hunting_bow": "Arc de chasse",
    "black_arrow": "Flèche noire",
    "horn_of_calling": "Cor d’appel",
    "headshot": "Tir à la tête",
    "track": "Pistage",
    "throwing_knife": "Couteau de lancer",
    "heist": "Cambriolage",
    "pick_pocket": "Vol à la tire",
    "cat_familiar": "Chat familier",
    "ignite": "Embrasement",
    "spell_components": "Composantes de sort",
    "fire_staff": "Bâton de feu",
    "fireball": "Boule de feu",
    "channel": "Canalisation",
}


NAMES: Final = Catalogue(
    "herorealms.names",
    {key: {"fr": _FRENCH[key], "en": kind.name} for key, kind in KINDS.items() if key in _FRENCH},
)
"""A card's name by its key: ``NAMES("arkus", "fr")``."""


_LATER_KINDS: dict[str, CardKind] = {}
_LATER_NAMES: list[Catalogue] = []
_LATER_ADDED: list[int] = [0]


def add_later_cards(kinds: tuple[CardKind, ...], names: Catalogue) -> None:
    """A game built on this one (its cards past the catalogue, see
    cards.add_later_ids) lends its cards and their names to these faces and words."""
    _LATER_KINDS.update((kind.key, kind) for kind in kinds)
    if names not in _LATER_NAMES:
        _LATER_NAMES.append(names)
    _LATER_ADDED[0] += 1


def later_cards_added() -> int:
    """How many times cards were lent (`add_later_cards`): a cache of faces
    keyed on it is never read across a change of the names."""
    return _LATER_ADDED[0]


def kind_by_key(key: str) -> CardKind:
    return KINDS[key] if key in KINDS else _LATER_KINDS[key]


def card_name(key: str, lang: str) -> str:
    """The card's name in `lang`; a card added to the catalogue before its
    French name keeps its printed one (tests/test_herorealms_words.py flags it)."""
    if key in NAMES:
        return NAMES(key, lang)
    later = next((names for names in _LATER_NAMES if key in names), None)
    return later(key, lang) if later is not None else kind_by_key(key).name


def short_name(key: str, lang: str) -> str:
    """The name a small card shows: a character's own name, before its title
    ("Arkus" for "Arkus, Imperial Dragon"); other names whole."""
    return card_name(key, lang).split(", ", 1)[0]
