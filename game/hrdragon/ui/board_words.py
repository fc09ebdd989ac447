"""The Dragon board's own words, in French and English (Hero Realms' board
words, game/herorealms/ui/board_words.py, cover the cards, market and seats)."""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["DBOARD"]

DBOARD: Final = Catalogue(
    "hrdragon.board",
    {
        "dragon_title": {"fr": "Le Dragon", "en": "The Dragon"},
        "dragon_n": {"fr": "Dragon {n}", "en": "Dragon {n}"},
        "health": {"fr": "Santé : {n}", "en": "Health: {n}"},
        "hand": {"fr": "Cartes en main : {n}", "en": "Cards in hand: {n}"},
        "taunted_by": {"fr": "Provoqué par {names}", "en": "Taunted by {names}"},
        "not_taunted": {"fr": "Pas provoqué", "en": "Not taunted"},
        "calm": {
            "fr": "Ne peut pas être provoqué avant la fin de son tour",
            "en": "Cannot be taunted until its turn ends",
        },
        "hoard_title": {"fr": "Le Trésor", "en": "The Treasure Hoard"},
        "hoard_hidden": {
            "fr": "Objets face cachée : {n}",
            "en": "Items face down: {n}",
        },
        "hoard_none": {"fr": "Aucun objet révélé.", "en": "No item revealed yet."},
        "held_by": {"fr": "{card}, détenu par {name}", "en": "{card}, held by {name}"},
        "used": {"fr": "déjà utilisé ce tour", "en": "already used this turn"},
        "party_title": {"fr": "Le groupe", "en": "The party"},
        "beside": {"fr": "À côté de : {names}", "en": "Beside: {names}"},
        "beside_none": {"fr": "Personne à côté", "en": "Nobody beside"},
        "defeated": {"fr": "Vaincu", "en": "Defeated"},
        "open_hand": {"fr": "Main de {name}", "en": "{name}'s hand"},
        "you_word": {"fr": "vous", "en": "you"},
        "group_gift": {"fr": "Donner la santé", "en": "Give the health"},
        "group_lend": {"fr": "Emprunter", "en": "Borrow"},
        "group_hoard": {"fr": "Le Trésor", "en": "The Hoard"},
        "group_skill": {"fr": "Tests de compétence", "en": "Skill checks"},
        "give_self": {
            "fr": "Garder les {n} points de santé",
            "en": "Keep the {n} health",
        },
        "give_to": {"fr": "Donner {n} santé à {name}", "en": "Give {n} health to {name}"},
        "borrow": {
            "fr": "{name} emprunte {card} à {lender}",
            "en": "{name} borrows {card} from {lender}",
        },
        "borrow_none": {"fr": "Ne rien emprunter", "en": "Borrow nothing"},
        "reveal": {
            "fr": "Révéler le prochain objet ({n} face cachée)",
            "en": "Reveal the next item ({n} face down)",
        },
        "steal": {"fr": "Voler {card} à {name}", "en": "Steal {card} from {name}"},
        "steal_check": {
            "fr": "Reprendre {card} à {name} en défaussant {cards} ({total})",
            "en": "Take back {card} from {name} by discarding {cards} ({total})",
        },
        "steal_none": {"fr": "Ne rien reprendre", "en": "Take nothing back"},
        "use_item": {"fr": "Utiliser {card}", "en": "Use {card}"},
        "skill_check": {
            "fr": "Prendre {card} en défaussant {cards} ({total})",
            "en": "Take {card} by discarding {cards} ({total})",
        },
        "faction": {
            "fr": "Une carte {faction} de plus",
            "en": "One more {faction} card",
        },
        "wish": {"fr": "Prendre {card} en main", "en": "Take {card} into your hand"},
        "over_party": {"fr": "Le groupe a vaincu le Dragon !", "en": "The party beat the Dragon!"},
        "over_dragon": {
            "fr": "Le Dragon a vaincu le groupe.",
            "en": "The Dragon beat the party.",
        },
        "over_boss": {"fr": "{name} l’emporte !", "en": "{name} wins!"},
        "over_none": {"fr": "Partie terminée.", "en": "Game over."},
        "together_party": {
            "fr": "Victoire partagée par tout le groupe, vaincus compris.",
            "en": "Every member shares the win, the defeated ones too.",
        },
        "together_dragon": {
            "fr": "Tout le groupe est tombé : la défaite est commune.",
            "en": "Every member has fallen: the party loses as one.",
        },
        "faction_log": {
            "fr": "{name} compte une carte {faction} de plus ce tour-ci.",
            "en": "{name} counts one more {faction} card this turn.",
        },
    },
)
"""Every word the Dragon's panel, the party and the boss deck's controls read."""
