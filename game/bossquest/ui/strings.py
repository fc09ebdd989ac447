"""Boss Quest's board words, in French and English.

Plain Python with no browser import. The menu's strings live in
``site/assets/menu.js`` (they must exist before Python loads); everything the
board shows comes from here, from ``game.bossquest.text`` (card and spell
names, log lines, refusals) and from the players' own names.

``tr(key, lang, **values)`` formats one string; a missing key or language is a
bug, so it raises ``KeyError`` (a test checks that every key has both).
"""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["LANGS", "STRINGS", "UNDO_REASONS", "plural", "tr"]

LANGS: Final = ("fr", "en")

_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- the bar
    "board_title": {"fr": "Plateau de jeu", "en": "Game board"},
    "round": {"fr": "Manche {n}", "en": "Round {n}"},
    "goal": {"fr": "{n} clefs pour gagner", "en": "{n} keys to win"},
    "decks": {"fr": "Pioches", "en": "Decks"},
    "deck_weapons": {"fr": "Armes", "en": "Weapons"},
    "deck_spells": {"fr": "Sorts", "en": "Spells"},
    "deck_bosses": {"fr": "Boss", "en": "Bosses"},
    "deck_count_aria": {"fr": "{what} : {n} cartes", "en": "{what}: {n} cards"},
    # ------------------------------------------------------------ the boss
    "boss": {"fr": "Boss", "en": "Boss"},
    "hit_points": {"fr": "points de vie", "en": "hit points"},
    "printed_hp": {"fr": "carte : {hp}", "en": "card: {hp}"},
    "spells_delta": {"fr": "sorts : {delta}", "en": "spells: {delta}"},
    "boss_aria": {
        "fr": "Le BOSS a {hp} points de vie (carte : {printed})",
        "en": "The boss has {hp} hit points (card: {printed})",
    },
    "beside_boss": {"fr": "Sorts à côté du BOSS", "en": "Spells beside the boss"},
    "no_spell_in_play": {"fr": "Aucun sort en jeu", "en": "No spell in play"},
    "active_boss": {"fr": "PV du BOSS {sign}{n}", "en": "Boss HP {sign}{n}"},
    "active_strength": {"fr": "Force {sign}{n}", "en": "Strength {sign}{n}"},
    # -------------------------------------------------------- the Magician
    "magician": {"fr": "Le Magicien", "en": "The Magician"},
    "mystery": {"fr": "Sort Mystère", "en": "Mystery spell"},
    "mystery_back": {"fr": "Face cachée", "en": "Face down"},
    "no_spell_left": {
        "fr": "Le Magicien n’a plus de sort.",
        "en": "The Magician has no spell left.",
    },
    "dark_spell": {"fr": "sort sombre : sur un joueur", "en": "dark spell: on a player"},
    "light_spell": {"fr": "sort clair : à côté du BOSS", "en": "light spell: beside the boss"},
    # ------------------------------------------------------------ the seats
    "players": {"fr": "Les chevaliers", "en": "The knights"},
    "you": {"fr": "vous", "en": "you"},
    "bot": {"fr": "robot", "en": "bot"},
    "armorer": {"fr": "Armurier", "en": "Armorer"},
    "armorer_aria": {
        "fr": "{name} est l’Armurier : il joue en dernier",
        "en": "{name} is the Armorer and plays last",
    },
    "at_armorer": {"fr": "Chez l’Armurier", "en": "At the Armorer"},
    "at_magician": {"fr": "Chez le Magicien", "en": "At the Magician"},
    "playing": {"fr": "Son tour", "en": "Their turn"},
    "your_turn_tag": {"fr": "À vous", "en": "Your turn"},
    "hearts_aria_one": {"fr": "{n} cœur sur 3", "en": "{n} of 3 hearts"},
    "hearts_aria_many": {"fr": "{n} cœurs sur 3", "en": "{n} of 3 hearts"},
    "keys_aria_one": {"fr": "{n} clef sur {max}", "en": "{n} of {max} keys"},
    "keys_aria_many": {"fr": "{n} clefs sur {max}", "en": "{n} of {max} keys"},
    "hidden_weapon": {"fr": "arme cachée", "en": "hidden weapon"},
    "your_hidden": {"fr": "votre arme cachée : {card}", "en": "your hidden weapon: {card}"},
    "known_hidden": {
        "fr": "arme cachée, connue de vous : {card}",
        "en": "hidden weapon, known to you: {card}",
    },
    "hidden_mark": {"fr": "cachée", "en": "hidden"},
    "shown_total": {"fr": "Visible : {n} + ?", "en": "Shown: {n} + ?"},
    "weapons_aria": {"fr": "Armes de {name}", "en": "{name}'s weapons"},
    "spells_on": {"fr": "Sorts sur {name}", "en": "Spells on {name}"},
    # ------------------------------------------------- the viewer's strength
    "your_strength": {"fr": "Votre force", "en": "Your strength"},
    "against": {"fr": "contre {hp} PV", "en": "against {hp} HP"},
    "gap_below": {"fr": "{n} sous les PV du BOSS", "en": "{n} below the boss"},
    "gap_exact": {"fr": "Pile les PV du BOSS : PERFECT !", "en": "Exactly the boss's HP: PERFECT!"},
    "gap_over": {"fr": "{n} au-dessus des PV du BOSS !", "en": "{n} over the boss's HP!"},
    # ------------------------------------------------------------- prompts
    "actions_title": {"fr": "À vous de jouer", "en": "Your move"},
    "prompt_armorer": {
        "fr": "{name}, à vous : demandez des armes à l’Armurier, ou allez voir le Magicien.",
        "en": "{name}, your turn: ask the Armorer for weapons, or go to the Magician.",
    },
    "prompt_over": {
        "fr": "Votre force dépasse les PV du BOSS : allez voir le Magicien.",
        "en": "Your strength is above the boss's hit points: go to the Magician.",
    },
    "prompt_over_stop": {
        "fr": "Votre force dépasse les PV du BOSS : arrêtez de vous équiper.",
        "en": "Your strength is above the boss's hit points: stop equipping.",
    },
    "prompt_lone": {
        "fr": "Vous êtes le dernier chez l’Armurier : une dernière demande, puis le Magicien.",
        "en": "You are the last at the Armorer: one last request, then the Magician.",
    },
    "prompt_lone_big": {
        "fr": "Vous êtes le dernier chez l’Armurier : une dernière demande, ou arrêtez-vous. "
        "Vous sautez le Magicien.",
        "en": "You are the last at the Armorer: one last request, or stop. You skip the Magician.",
    },
    "prompt_last_request_used": {
        "fr": "Vous avez eu votre dernière demande : allez voir le Magicien.",
        "en": "You have had your last request: go to the Magician.",
    },
    "prompt_last_turn": {
        "fr": "Dernier tour ! Une dernière demande, ou allez voir le Magicien.",
        "en": "Last turn! One last request, or go to the Magician.",
    },
    "prompt_deck_empty": {
        "fr": "La pioche d’armes est vide : allez voir le Magicien.",
        "en": "The weapon deck is empty: go to the Magician.",
    },
    "prompt_spell": {
        "fr": "Vous êtes chez le Magicien : activez ou défaussez un sort.",
        "en": "You are at the Magician: activate or discard one spell.",
    },
    "prompt_repeat": {
        "fr": "Vous êtes toujours chez le Magicien : un autre sort, ou passez.",
        "en": "You are still at the Magician: another spell, or pass.",
    },
    "prompt_choose_strength": {
        "fr": "« {spell} » : choisissez un joueur et la valeur.",
        "en": "“{spell}”: choose a player and the amount.",
    },
    "prompt_choose_boss": {
        "fr": "« {spell} » : choisissez la valeur.",
        "en": "“{spell}”: choose the amount.",
    },
    "prompt_choose_swap": {
        "fr": "« {spell} » : avec qui échanger votre arme cachée ?",
        "en": "“{spell}”: whose hidden weapon do you swap with yours?",
    },
    "prompt_choose_exchange": {
        "fr": "« {spell} » : choisissez l’arme à donner.",
        "en": "“{spell}”: choose the weapon to give up.",
    },
    "prompt_choose_cancel": {
        "fr": "« {spell} » : choisissez le sort à annuler.",
        "en": "“{spell}”: choose the spell to cancel.",
    },
    "prompt_choose": {
        "fr": "« {spell} » : faites votre choix.",
        "en": "“{spell}”: make your choice.",
    },
    "waiting_bot": {"fr": "{name} réfléchit…", "en": "{name} is thinking…"},
    "waiting_human": {"fr": "{name} joue…", "en": "{name} is playing…"},
    # ------------------------------------------------------------- controls
    "group_ask": {"fr": "Demander à l’Armurier", "en": "Ask the Armorer for"},
    "ask_one": {"fr": "{n} arme", "en": "{n} weapon"},
    "ask_many": {"fr": "{n} armes", "en": "{n} weapons"},
    "ask_aria_one": {"fr": "Demander {n} arme", "en": "Ask for {n} weapon"},
    "ask_aria_many": {"fr": "Demander {n} armes", "en": "Ask for {n} weapons"},
    # the odds hint (game.bossquest.ui.hint), when the menu turned it on
    "odds_note": {
        "fr": "Risque de dépasser le BOSS, d’après ce que vous voyez :",
        "en": "Chance of going over the boss, from what you can see:",
    },
    "ask_odds_aria_one": {
        "fr": "Demander {n} arme : {p} de risque de dépasser",
        "en": "Ask for {n} weapon: {p} chance of going over",
    },
    "ask_odds_aria_many": {
        "fr": "Demander {n} armes : {p} de risque de dépasser",
        "en": "Ask for {n} weapons: {p} chance of going over",
    },
    "percent": {"fr": "{n}\u202f%", "en": "{n}%"},
    "group_move": {"fr": "Ou bien", "en": "Or"},
    "visit": {"fr": "Aller voir le Magicien", "en": "Go to the Magician"},
    "stop": {"fr": "Arrêter de s’équiper", "en": "Stop equipping"},
    "pass": {"fr": "Passer", "en": "Pass"},
    "pass_aria": {
        "fr": "Passer : rester chez le Magicien sans sort",
        "en": "Pass: stay at the Magician without a spell",
    },
    "activate": {"fr": "Activer", "en": "Activate"},
    "discard": {"fr": "Défausser", "en": "Discard"},
    "activate_aria": {"fr": "Activer « {spell} »", "en": "Activate “{spell}”"},
    "discard_aria": {"fr": "Défausser « {spell} »", "en": "Discard “{spell}”"},
    "no_use": {"fr": "Rien sur quoi agir", "en": "Nothing to act on"},
    "group_mystery": {"fr": "Le sort Mystère, sans le voir", "en": "The mystery spell, unseen"},
    "activate_mystery_aria": {"fr": "Activer le sort Mystère", "en": "Activate the mystery spell"},
    "discard_mystery_aria": {"fr": "Défausser le sort Mystère", "en": "Discard the mystery spell"},
    "target_you": {"fr": "{name} (vous)", "en": "{name} (you)"},
    "amount_aria": {"fr": "{name} : {sign}{n}", "en": "{name}: {sign}{n}"},
    "group_amount": {"fr": "Valeur", "en": "Amount"},
    "boss_amount_aria": {"fr": "PV du BOSS {sign}{n}", "en": "Boss HP {sign}{n}"},
    "swap_with": {"fr": "Échanger avec {name}", "en": "Swap with {name}"},
    "give_up": {"fr": "Donner {card}", "en": "Give up {card}"},
    "give_up_hidden": {
        "fr": "Donner votre arme cachée ({card})",
        "en": "Give up your hidden weapon ({card})",
    },
    "cancel_spell": {"fr": "Annuler « {spell} »", "en": "Cancel “{spell}”"},
    "cancel_spell_on": {"fr": "Annuler « {spell} » sur {name}", "en": "Cancel “{spell}” on {name}"},
    "other_choice": {"fr": "Choix", "en": "Choice"},
    # -------------------------------------------------------- round result
    "result_title": {"fr": "Manche {n} : le combat !", "en": "Round {n}: the fight!"},
    "result_boss": {"fr": "Le BOSS avait {hp} PV.", "en": "The boss had {hp} hit points."},
    "result_spells": {"fr": "Sorts en jeu", "en": "Spells in play"},
    "result_mystery": {
        "fr": "Le sort Mystère était « {spell} ».",
        "en": "The mystery spell was “{spell}”.",
    },
    "strength_n": {"fr": "Force {n}", "en": "Strength {n}"},
    "verdict_over_heart": {"fr": "Dépasse le BOSS : −1 cœur", "en": "Over the boss: −1 heart"},
    "verdict_over_safe": {
        "fr": "Dépasse le BOSS, sans perdre de cœur",
        "en": "Over the boss, no heart lost",
    },
    "verdict_out": {"fr": "Éliminé par un sort", "en": "Out through a spell"},
    "verdict_winner": {"fr": "Remporte la manche", "en": "Wins the round"},
    "verdict_perfect": {"fr": "PERFECT !", "en": "PERFECT!"},
    "verdict_keys_one": {"fr": "+{n} clef", "en": "+{n} key"},
    "verdict_keys_many": {"fr": "+{n} clefs", "en": "+{n} keys"},
    "verdict_nothing": {"fr": "Pas de clef", "en": "No key"},
    "headline_one": {"fr": "{names} remporte la clef !", "en": "{names} wins the key!"},
    "headline_many": {
        "fr": "{names} remportent chacun une clef !",
        "en": "{names} each win a key!",
    },
    "headline_none": {"fr": "Personne ne remporte la clef.", "en": "Nobody wins the key."},
    "headline_perfect": {
        "fr": "PERFECT pour {names} : une clef bonus !",
        "en": "PERFECT for {names}: a bonus key!",
    },
    "next_round": {"fr": "Manche suivante", "en": "Next round"},
    "see_final": {"fr": "Voir le résultat final", "en": "See the final result"},
    # ------------------------------------------------------------ game over
    "over_one": {"fr": "{names} libère la Princesse !", "en": "{names} frees the Princess!"},
    "over_many": {
        "fr": "{names} libèrent la Princesse ensemble !",
        "en": "{names} free the Princess together!",
    },
    "over_rounds_one": {
        "fr": "Fin de la partie après {n} manche.",
        "en": "Game over after {n} round.",
    },
    "over_rounds_many": {
        "fr": "Fin de la partie après {n} manches.",
        "en": "Game over after {n} rounds.",
    },
    "standings": {"fr": "Classement final", "en": "Final standings"},
    "col_player": {"fr": "Chevalier", "en": "Knight"},
    "col_keys": {"fr": "Clefs", "en": "Keys"},
    "col_hearts": {"fr": "Cœurs", "en": "Hearts"},
    "winner": {"fr": "Vainqueur", "en": "Winner"},
    "no_heart_left": {"fr": "plus de cœur", "en": "no heart left"},
}
STRINGS: Final = Catalogue("bossquest.board", _STRINGS_ENTRIES)


tr: Final = STRINGS
"""The board string `key` in `lang`, with its {placeholders} filled in."""
plural: Final = STRINGS.plural


#: why an undo is refused, by the codes of game.bossquest.undo (the engine's own
#: codes, a turn over or nobody's move yet, are the platform's words)
UNDO_REASONS: Final = Catalogue(
    "bossquest.undo",
    {
        "undo_drew": {"fr": "vous avez pioché des armes", "en": "you drew weapons"},
        "undo_mystery": {
            "fr": "le sort Mystère a été révélé",
            "en": "the mystery spell was revealed",
        },
        "undo_looked": {
            "fr": "vous avez regardé une arme cachée",
            "en": "you looked at a hidden weapon",
        },
        "undo_looked_mystery": {
            "fr": "vous avez regardé le sort Mystère",
            "en": "you looked at the mystery spell",
        },
        "undo_new_spell": {"fr": "un nouveau sort a été pioché", "en": "a new spell was drawn"},
        "undo_random": {"fr": "des cartes ont été mélangées", "en": "cards were shuffled"},
        "undo_drew_card": {"fr": "une carte a été piochée", "en": "a card was drawn"},
        "undo_revealed": {
            "fr": "une carte cachée vous a été montrée",
            "en": "a hidden card was shown to you",
        },
    },
)
