"""Bazar Quest's card words: every card's name and every effect's text, in
French and English. A card's text is its effect kind's text with its amount,
so that a new card needs no new sentence."""

from __future__ import annotations

from typing import Final

from ..engine.words import Catalogue
from .cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES, Effect

__all__ = ["ADVENTURE_KINDS", "CARD_WORDS", "EFFECT_KINDS", "EFFECT_WORDS", "effect_text"]

EFFECT_WORDS: Final = Catalogue(
    "bazarquest.effects",
    {
        "coins_if_survives": {
            "fr": "Si ce héros survit, votre échoppe gagne {n} pièces.",
            "en": "If this hero lives, your shop earns {n} coins.",
        },
        "star_if_survives": {
            "fr": "Si ce héros survit, votre échoppe gagne {n} étoile de plus.",
            "en": "If this hero lives, your shop earns {n} more star.",
        },
        "lucky": {
            "fr": "Le héros tire deux cartes Aventure et garde la meilleure.",
            "en": "The hero draws two adventure cards and keeps the better one.",
        },
        "steady": {
            "fr": "Les malus de la carte Aventure du héros ne comptent pas.",
            "en": "The penalties of the hero’s adventure card do not count.",
        },
        "last_stand": {
            "fr": "Vaincu, le héros survit quand même, sans étoile de défense.",
            "en": "Beaten, the hero lives anyway, without a defence star.",
        },
        "pair_attack": {
            "fr": "+{n} en attaque si le héros porte au moins deux objets.",
            "en": "+{n} attack if the hero carries two items or more.",
        },
        "sale_bonus": {
            "fr": "Chaque vente à votre héros vous rapporte {n} pièce de plus, de la banque.",
            "en": "Each sale to your hero brings you {n} more coin, from the bank.",
        },
        "plunder": {
            "fr": "Fin de l’aventure : chaque échoppe dont le héros est mort perd {n} pièces.",
            "en": "End of the adventure: each shop whose hero died loses {n} coins.",
        },
        "savage": {
            "fr": "+{n} en force par blessure reçue pendant cette aventure.",
            "en": "+{n} strength for each wound it took during this adventure.",
        },
        "tough": {
            "fr": "Il faut {n} blessure de plus pour l’abattre.",
            "en": "It takes {n} more wound to fell it.",
        },
        "ambush": {
            "fr": "Chaque héros tire deux cartes Aventure et garde la pire.",
            "en": "Each hero draws two adventure cards and keeps the worse one.",
        },
        "tax": {
            "fr": "Fin de l’aventure : chaque héros vivant perd {n} pièces de sa bourse.",
            "en": "End of the adventure: each living hero loses {n} coins from its purse.",
        },
        "armoured": {
            "fr": "L’attaque de chaque héros compte {n} de moins contre lui.",
            "en": "Each hero’s attack counts {n} less against it.",
        },
        "extra_draw": {
            "fr": "Réapprovisionnement : après le draft, piochez {n} objet de plus.",
            "en": "Restock: after the draft, draw {n} more item.",
        },
        "extra_hearts": {
            "fr": "Exposition : votre vitrine compte {n} cœur de plus.",
            "en": "Display: your window counts {n} more heart.",
        },
        "train_attack": {
            "fr": "Aventure : votre héros a +{n} en attaque.",
            "en": "Adventure: your hero has +{n} attack.",
        },
        "train_defence": {
            "fr": "Aventure : votre héros a +{n} en défense.",
            "en": "Adventure: your hero has +{n} defence.",
        },
        "insurance": {
            "fr": "Aventure : si votre héros meurt, gagnez {n} pièces.",
            "en": "Adventure: if your hero dies, earn {n} coins.",
        },
        "cheer": {
            "fr": "Aventure : si votre héros survit, gagnez {n} pièces.",
            "en": "Adventure: if your hero lives, earn {n} coins.",
        },
        "discount": {
            "fr": "Amélioration : les cartes que vous achetez coûtent {n} pièces de moins.",
            "en": "Upgrade: the cards you buy cost {n} coins less.",
        },
        "extra_storage": {
            "fr": "Inventaire : votre réserve garde {n} objet de plus.",
            "en": "Inventory: your storage keeps {n} more item.",
        },
        "star_if_survives_many": {
            "fr": "Si ce héros survit, votre échoppe gagne {n} étoiles de plus.",
            "en": "If this hero lives, your shop earns {n} more stars.",
        },
        "sale_bonus_many": {
            "fr": "Chaque vente à votre héros vous rapporte {n} pièces de plus, de la banque.",
            "en": "Each sale to your hero brings you {n} more coins, from the bank.",
        },
        "tough_many": {
            "fr": "Il faut {n} blessures de plus pour l’abattre.",
            "en": "It takes {n} more wounds to fell it.",
        },
        "extra_draw_many": {
            "fr": "Réapprovisionnement : après le draft, piochez {n} objets de plus.",
            "en": "Restock: after the draft, draw {n} more items.",
        },
        "extra_hearts_many": {
            "fr": "Exposition : votre vitrine compte {n} cœurs de plus.",
            "en": "Display: your window counts {n} more hearts.",
        },
        "extra_storage_many": {
            "fr": "Inventaire : votre réserve garde {n} objets de plus.",
            "en": "Inventory: your storage keeps {n} more items.",
        },
    },
)
EFFECT_KINDS: Final = frozenset(key for key in EFFECT_WORDS if not key.endswith("_many"))
ADVENTURE_KINDS: Final = frozenset({"lucky", "steady", "ambush"})
"""Effects that mention adventure cards: the "unshakeable heroes" variant sets
their cards aside."""


def effect_text(effect: Effect, lang: str) -> str:
    """The effect's sentence, its plural where the amount asks for one."""
    many = f"{effect.kind}_many"
    if many in EFFECT_WORDS:
        return EFFECT_WORDS.plural(effect.kind, many, effect.amount, lang)
    return EFFECT_WORDS(effect.kind, lang, n=effect.amount)


def _names() -> dict[str, dict[str, str]]:
    names: dict[str, dict[str, str]] = {}
    for group in (ITEMS, HEROES, MONSTERS, EMPLOYEES, UPGRADES, ADVENTURES):
        for card in group:
            names[card.key] = {"fr": card.fr, "en": card.en}
    return names


CARD_WORDS: Final = Catalogue("bazarquest.cards", _names())
"""Every card's name by its key, in both languages."""
