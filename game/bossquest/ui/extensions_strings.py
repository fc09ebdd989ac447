"""The board's words for the extensions (potions, companions, the Reaper), in
French and English.

Plain Python with no browser import. Card, companion and spell names come from
``game.bossquest.text_extensions``; this module holds what only the board says
(buttons, prompts, tags). ``xtr`` works as ``game.bossquest.ui.strings.tr``: a missing
key or language is a bug and raises ``KeyError`` (a test checks every key has
both languages).
"""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["EXTENSION_STRINGS", "xtr"]

_EXTENSION_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- potions
    "potion": {"fr": "Potion", "en": "Potion"},
    "potion_unread": {"fr": "non lue", "en": "unread"},
    "potion_aria": {"fr": "Potion ±{n}, lue {reading}", "en": "Potion ±{n}, read {reading}"},
    "potion_aria_unread": {
        "fr": "Potion ±{n}, pas encore lue",
        "en": "Potion ±{n}, not read yet",
    },
    "prompt_potion": {
        "fr": "Vous recevez une potion ±{n} : choisissez pour de bon son sens de lecture.",
        "en": "You receive a potion ±{n}: choose its reading, for good.",
    },
    "prompt_reveal": {
        "fr": "Combat ! Tout est révélé : choisissez le sens de lecture de votre potion "
        "cachée ±{n}.",
        "en": "Fight! Everything is revealed: choose the reading of your hidden potion ±{n}.",
    },
    "group_read": {"fr": "Lire la potion ±{n}", "en": "Read the potion ±{n}"},
    "read_as": {"fr": "Lire {reading}", "en": "Read it {reading}"},
    "read_aria": {
        "fr": "Lire la potion ±{n} comme {reading} (force {strength})",
        "en": "Read the potion ±{n} as {reading} (strength {strength})",
    },
    "read_note": {
        "fr": "Votre force serait {plus} avec +{n}, {minus} avec −{n}.",
        "en": "Your strength would be {plus} with +{n}, {minus} with −{n}.",
    },
    "prompt_choose_invert": {
        "fr": "« {spell} » : choisissez la potion visible à inverser.",
        "en": "“{spell}”: choose the face-up potion to invert.",
    },
    "invert_on": {
        "fr": "Inverser la potion ±{n} de {name} ({reading} → {then})",
        "en": "Invert {name}'s potion ±{n} ({reading} → {then})",
    },
    # ---------------------------------------------------------- companions
    "companion": {"fr": "Compagnon", "en": "Companion"},
    "companion_of": {"fr": "Compagnon de {name}", "en": "{name}'s companion"},
    "power_used": {"fr": "pouvoir utilisé", "en": "power used"},
    "power_ready": {"fr": "pouvoir prêt", "en": "power ready"},
    "power_always": {"fr": "toujours actif", "en": "always on"},
    "reserve": {"fr": "Compagnons en réserve", "en": "Companions in reserve"},
    "reserve_empty": {"fr": "Aucun compagnon en réserve", "en": "No companion in reserve"},
    "group_powers": {"fr": "Pouvoir de {companion}", "en": "{companion}'s power"},
    "look_at": {"fr": "Regarder l’arme cachée de {name}", "en": "Look at {name}'s hidden weapon"},
    "look_mystery": {"fr": "Regarder le sort Mystère", "en": "Look at the mystery spell"},
    "replace_spell": {"fr": "Remplacer « {spell} »", "en": "Replace “{spell}”"},
    "ask_visit_one": {"fr": "{n} arme + Magicien", "en": "{n} weapon + Magician"},
    "ask_visit_many": {"fr": "{n} armes + Magicien", "en": "{n} weapons + Magician"},
    "ask_visit_aria_one": {
        "fr": "Demander {n} arme puis aller voir le Magicien dans le même tour",
        "en": "Ask for {n} weapon, then go to the Magician in the same turn",
    },
    "ask_visit_aria_many": {
        "fr": "Demander {n} armes puis aller voir le Magicien dans le même tour",
        "en": "Ask for {n} weapons, then go to the Magician in the same turn",
    },
    "power_note": {
        "fr": "Une fois par manche ; votre tour continue.",
        "en": "Once a round; your turn goes on.",
    },
    "hare_note": {
        "fr": "Une fois par manche : demandez et filez chez le Magicien.",
        "en": "Once a round: ask, then dash to the Magician.",
    },
    "mystery_seen": {
        "fr": "Sort Mystère, vu par votre chouette",
        "en": "Mystery spell, seen by your owl",
    },
    "mystery_seen_mark": {"fr": "vu", "en": "seen"},
    "prompt_choose_swap_companions": {
        "fr": "« {spell} » : choisissez les deux compagnons à intervertir.",
        "en": "“{spell}”: choose the two companions to swap.",
    },
    "swap_pair": {
        "fr": "{first} ({first_place}) ⇄ {second} ({second_place})",
        "en": "{first} ({first_place}) ⇄ {second} ({second_place})",
    },
    "swap_pair_aria": {
        "fr": "Intervertir {first} ({first_place}) et {second} ({second_place})",
        "en": "Swap {first} ({first_place}) and {second} ({second_place})",
    },
    "in_reserve": {"fr": "en réserve", "en": "in reserve"},
    "held_by": {"fr": "chez {name}", "en": "with {name}"},
    # ----------------------------------------------------------- the Reaper
    "reaper": {"fr": "La Faucheuse", "en": "The Reaper"},
    "reaper_boss_aria": {
        "fr": "La Faucheuse a {hp} points de vie (carte : {printed})",
        "en": "The Reaper has {hp} hit points (card: {printed})",
    },
    "reaper_round_note": {
        "fr": "Manche de la Faucheuse : personne ne gagne de clef.",
        "en": "The Reaper's round: nobody takes a key.",
    },
    "fate_ghost": {"fr": "fantôme", "en": "ghost"},
    "fate_gone": {"fr": "hors jeu", "en": "out of the game"},
    "fate_reaper": {"fr": "la Faucheuse", "en": "the Reaper"},
    "fate_ghost_note": {
        "fr": "Un fantôme : il revient s’il bat la Faucheuse.",
        "en": "A ghost: back to life if they beat the Reaper.",
    },
    "fate_gone_note": {"fr": "A quitté la partie.", "en": "Has left the game."},
    "fate_reaper_note": {
        "fr": "Gagne s’il élimine tous les chevaliers.",
        "en": "Wins by eliminating every knight.",
    },
    "prompt_destiny": {
        "fr": "Vous avez vaincu la Faucheuse : choisissez votre destinée.",
        "en": "You beat the Reaper: choose your destiny.",
    },
    "group_destiny": {"fr": "Votre destinée", "en": "Your destiny"},
    "take_life": {"fr": "Reprendre vie (3 cœurs)", "en": "Take life back (3 hearts)"},
    "become_reaper": {"fr": "Devenir la Faucheuse", "en": "Become the Reaper"},
    "become_reaper_aria": {
        "fr": "Devenir la Faucheuse : vos cœurs et vos clefs sont défaussés",
        "en": "Become the Reaper: your hearts and keys are discarded",
    },
    "destiny_note": {
        "fr": "La Faucheuse perd ses cœurs et ses clefs, et gagne en éliminant tous les "
        "chevaliers.",
        "en": "The Reaper loses their hearts and keys, and wins by eliminating every knight.",
    },
    "headline_reaper": {
        "fr": "Victoire sur la Faucheuse : {names} !",
        "en": "Victory over the Reaper: {names}!",
    },
    "verdict_reaper_hit": {
        "fr": "Frappé par la Faucheuse : −1 cœur",
        "en": "Struck by the Reaper: −1 heart",
    },
    # Exactly the Reaper's hit points: no PERFECT, since its round gives no key.
    "verdict_reaper_exact": {
        "fr": "Égale les PV de la Faucheuse : pas de clef PERFECT dans sa manche",
        "en": "Exactly the Reaper's hit points: no PERFECT key in its round",
    },
    "headline_reaper_exact": {
        "fr": "Pile les PV de la Faucheuse pour {names}, mais pas de clef PERFECT dans sa manche.",
        "en": "Exactly the Reaper's hit points for {names}, but no PERFECT key in its round.",
    },
    "verdict_ghost": {"fr": "Fantôme", "en": "Ghost"},
    "verdict_gone": {"fr": "Hors jeu", "en": "Out of the game"},
    "verdict_is_reaper": {"fr": "La Faucheuse", "en": "The Reaper"},
    "verdict_potions": {"fr": "Potions : {readings}", "en": "Potions: {readings}"},
    "over_reaper": {
        "fr": "{names}, la Faucheuse, a éliminé tous les chevaliers !",
        "en": "{names}, the Reaper, has eliminated every knight!",
    },
}
EXTENSION_STRINGS: Final = Catalogue("bossquest.extensions", _EXTENSION_STRINGS_ENTRIES)


xtr: Final = EXTENSION_STRINGS
"""The extension string `key` in `lang`, with its {placeholders} filled in."""
