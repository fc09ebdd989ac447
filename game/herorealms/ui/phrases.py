"""Every phrase a card's text is built from, in French and English (our own
words): gains, draws, the questions a card asks, and the labels of its
abilities, its type and its faction."""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["PHRASES"]

_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------ what a gain is of
    "res_gold": {"fr": "or", "en": "gold"},
    "res_combat": {"fr": "combat", "en": "combat"},
    "res_health": {"fr": "santé", "en": "health"},
    # -------------------------------------------------------------- gains
    "gain": {"fr": "+{n} {what}", "en": "+{n} {what}"},
    "gain_per": {"fr": "+{each} {what} {per}", "en": "+{each} {what} {per}"},
    "gain_and_per": {
        "fr": "+{n} {what}, et +{each} de plus {per}",
        "en": "+{n} {what}, and +{each} more {per}",
    },
    "per_champion": {
        "fr": "par champion que vous avez en jeu",
        "en": "per champion of yours in play",
    },
    "per_other_champion": {
        "fr": "par autre champion que vous avez en jeu",
        "en": "per other champion of yours in play",
    },
    "per_other_guard": {
        "fr": "par autre garde que vous avez en jeu",
        "en": "per other guard of yours in play",
    },
    "per_other_wild": {
        "fr": "par autre carte Sauvage que vous avez en jeu",
        "en": "per other Wild card of yours in play",
    },
    "per_other_knife": {
        "fr": "par autre couteau déjà joué ce tour-ci",
        "en": "per other knife already played this turn",
    },
    "lose": {"fr": "perdez {n} {what}", "en": "lose {n} {what}"},
    # -------------------------------------------------------------- cards
    "draw_one": {"fr": "piochez une carte", "en": "draw a card"},
    "draw_many": {"fr": "piochez {n} cartes", "en": "draw {n} cards"},
    "stun": {"fr": "assommez un champion adverse", "en": "stun a champion of an opponent"},
    "stun_may": {
        "fr": "vous pouvez assommer un champion adverse",
        "en": "you may stun a champion of an opponent",
    },
    "opponent_discards": {
        "fr": "un adversaire de votre choix défausse une carte au début de son prochain tour",
        "en": "an opponent you pick discards a card as their next turn begins",
    },
    "prepare": {"fr": "préparez l’un de vos champions", "en": "prepare one of your champions"},
    "sacrifice_one": {
        "fr": "vous pouvez sacrifier une carte de votre main ou de votre défausse",
        "en": "you may sacrifice one card from your hand or your discard pile",
    },
    "sacrifice_many": {
        "fr": "vous pouvez sacrifier jusqu’à {n} cartes de votre main ou de votre défausse",
        "en": "you may sacrifice up to {n} cards from your hand or your discard pile",
    },
    "sacrifice_bonus": {
        "fr": "{first} ; si vous le faites, +{n} combat de plus",
        "en": "{first}; if you do, +{n} more combat",
    },
    "draw_discard_may_one": {
        "fr": "vous pouvez piocher une carte, puis en défausser une",
        "en": "you may draw one card, then discard one",
    },
    "draw_discard_may_many": {
        "fr": "vous pouvez piocher jusqu’à {n} cartes, puis en défausser autant",
        "en": "you may draw up to {n} cards, then discard as many",
    },
    "draw_discard_one": {
        "fr": "piochez une carte, puis défaussez-en une",
        "en": "draw one card, then discard one",
    },
    "draw_discard_many": {
        "fr": "piochez {n} cartes, puis défaussez-en autant",
        "en": "draw {n} cards, then discard as many",
    },
    "next_to_top": {
        "fr": "la prochaine carte que vous achetez ce tour-ci va sur votre pioche",
        "en": "the next card you buy this turn goes on top of your deck",
    },
    "next_action_to_top": {
        "fr": "la prochaine action que vous achetez ce tour-ci va sur votre pioche",
        "en": "the next action you buy this turn goes on top of your deck",
    },
    "next_to_hand": {
        "fr": "la prochaine carte que vous achetez ce tour-ci va dans votre main",
        "en": "the next card you buy this turn goes to your hand",
    },
    "discard_to_top": {
        "fr": "vous pouvez remettre une carte de votre défausse sur votre pioche",
        "en": "you may move a card from your discard pile to the top of your deck",
    },
    "champion_to_top": {
        "fr": "remettez un champion de votre défausse sur votre pioche",
        "en": "move a champion from your discard pile to the top of your deck",
    },
    "choose": {"fr": "au choix : {options}", "en": "pick one: {options}"},
    "choose_all": {
        "fr": "{choice} ; si {when}, prenez-les tous",
        "en": "{choice}; if {when}, take them all",
    },
    # ---------------------------------- the character packs' effects
    "draw_if": {"fr": "si {when}, piochez une carte", "en": "if {when}, draw a card"},
    "draw_if_always": {
        "fr": "piochez une carte dans tous les cas",
        "en": "draw a card in any case",
    },
    "when_combat_at_least": {
        "fr": "votre combat de ce tour atteint {n} ou plus avec cette carte",
        "en": "this card brings your combat this turn to {n} or more",
    },
    "when_bow_in_play": {"fr": "vous avez un arc en jeu", "en": "a bow of yours is in play"},
    "when_actions_at_least": {
        "fr": "vous avez au moins {n} actions en jeu",
        "en": "at least {n} of your actions are in play",
    },
    "when_champions_at_least": {
        "fr": "vous avez au moins {n} champions en jeu",
        "en": "at least {n} of your champions are in play",
    },
    "champion_discount": {
        "fr": "le prochain champion que vous achetez ce tour-ci coûte 1 or de moins",
        "en": "the next champion you buy this turn is 1 gold cheaper",
    },
    "action_discount": {
        "fr": "la prochaine action que vous achetez ce tour-ci coûte 1 or de moins",
        "en": "the next action you buy this turn is 1 gold cheaper",
    },
    "resurrect": {
        "fr": "remettez en jeu, depuis votre défausse, un de vos champions assommé "
        "depuis votre dernier tour",
        "en": "bring back into play, from your discard pile, a champion of yours "
        "stunned since your last turn",
    },
    "bless": {
        "fr": "un joueur de votre choix gagne {n} santé, et ses champions +{d} défense "
        "jusqu’à la fin de son prochain tour",
        "en": "a player you pick gains {n} health, and their champions +{d} defence "
        "until their next turn is over",
    },
    "fireball": {
        "fr": "un adversaire de votre choix et chacun de ses champions subissent {n} dégâts",
        "en": "an opponent you pick and every champion they have each take {n} damage",
    },
    "track": {
        "fr": "regardez les {n} cartes du dessus de votre pioche ; défaussez-en jusqu’à {d}, "
        "puis remettez les autres dans l’ordre de votre choix",
        "en": "look at the {n} cards on top of your deck; discard up to {d} of them, "
        "then put the others back in the order you like",
    },
    "heist": {
        "fr": "ce tour-ci, vous pouvez acheter, à son prix, une carte de la défausse "
        "d’un adversaire",
        "en": "this turn, you may buy one card, at its price, from the discard pile of an opponent",
    },
    "or": {"fr": " ou ", "en": " or "},
    "and": {"fr": ", ", "en": ", "},
    # ---------------------------------------------------------- abilities
    "ability_primary": {"fr": "{text}", "en": "{text}"},
    "ability_ally": {"fr": "Allié ({faction}) : {text}", "en": "Ally ({faction}): {text}"},
    "ability_sacrifice": {"fr": "Sacrifier : {text}", "en": "Sacrifice: {text}"},
    "ability_expend": {"fr": "Épuiser : {text}", "en": "Expend: {text}"},
    # a pack's ability is used once a game, its skill once a turn for a price
    "pack_ability": {
        "fr": "Une fois par partie, sacrifier : {text}",
        "en": "Once a game, sacrifice: {text}",
    },
    "pack_skill": {
        "fr": "Une fois par tour, épuiser et payer {cost} or : {text}",
        "en": "Once a turn, expend and pay {cost} gold: {text}",
    },
    # ------------------------------------------------------ the card's frame
    "faction_guild": {"fr": "Guilde", "en": "Guild"},
    "faction_imperial": {"fr": "Impérial", "en": "Imperial"},
    "faction_necros": {"fr": "Nécros", "en": "Necros"},
    "faction_wild": {"fr": "Sauvage", "en": "Wild"},
    "faction_none": {"fr": "Sans faction", "en": "No faction"},
    "type_action": {"fr": "Action", "en": "Action"},
    "type_item": {"fr": "Objet", "en": "Item"},
    "type_champion": {"fr": "Champion", "en": "Champion"},
    "type_ability": {"fr": "Capacité", "en": "Ability"},
    "type_skill": {"fr": "Talent", "en": "Skill"},
    "cost": {"fr": "coût {n}", "en": "cost {n}"},
    "defence": {"fr": "défense {n}", "en": "defence {n}"},
    "guard": {"fr": "garde", "en": "guard"},
    "back": {"fr": "Carte face cachée", "en": "Face-down card"},
    "summary": {"fr": "{name}. {frame}.", "en": "{name}. {frame}."},
}

PHRASES: Final = Catalogue("herorealms.cards", _ENTRIES)
"""The phrases of every card's text: ``PHRASES("draw_many", "fr", n=2)``."""
