"""The words of play on the board itself and of what just happened, in French
and English: the short faces of the board's buttons (their accessible names
are the dock's full ones) and the line on each seat saying what that knight
did last.

Plain Python with no browser import; ``ptr`` works as
``game.bossquest.ui.strings.tr``.
"""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["PLAY_STRINGS", "ptr"]

_PLAY_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------ buttons on the board
    "board_ask": {"fr": "Armes à demander :", "en": "Weapons to ask for:"},
    "board_cancel": {"fr": "Annuler", "en": "Cancel"},
    "board_give_up": {"fr": "Donner", "en": "Give up"},
    "board_swap": {"fr": "Échanger", "en": "Swap"},
    "board_invert": {"fr": "Inverser", "en": "Invert"},
    "board_choose": {"fr": "« {spell} » :", "en": "“{spell}”:"},
    "board_destiny": {"fr": "Votre destin :", "en": "Your fate:"},
    "board_power": {"fr": "Pouvoir :", "en": "Power:"},
    # ---------------------------------------------------- what just happened
    "last_label": {"fr": "Dernier coup :", "en": "Last move:"},
    "last_ask_one": {"fr": "demande {n} arme", "en": "asked for {n} weapon"},
    "last_ask_many": {"fr": "demande {n} armes", "en": "asked for {n} weapons"},
    "last_visit": {"fr": "va voir le Magicien", "en": "went to the Magician"},
    "last_hare": {
        "fr": "demande des armes et file chez le Magicien",
        "en": "asked for weapons, then ran to the Magician",
    },
    "last_stop": {"fr": "arrête de s’équiper", "en": "stopped equipping"},
    "last_pass": {"fr": "passe son tour", "en": "passed"},
    "last_activate": {"fr": "active « {spell} »", "en": "cast “{spell}”"},
    "last_discard": {"fr": "défausse « {spell} »", "en": "discarded “{spell}”"},
    "last_fizzle": {"fr": "« {spell} » sans effet", "en": "“{spell}” had no effect"},
    "last_look": {"fr": "regarde une arme cachée", "en": "looked at a hidden weapon"},
    "last_look_mystery": {"fr": "regarde le sort Mystère", "en": "looked at the mystery spell"},
    "last_replace": {"fr": "remplace « {spell} »", "en": "replaced “{spell}”"},
    "last_potion": {"fr": "lit sa potion {reading}", "en": "read a potion {reading}"},
    "last_destiny_life": {"fr": "reprend une vie", "en": "took a life back"},
    "last_destiny_reaper": {"fr": "devient la Faucheuse", "en": "became the Reaper"},
    "latest_aria": {"fr": "dernier coup", "en": "latest move"},
}
PLAY_STRINGS: Final = Catalogue("bossquest.play", _PLAY_STRINGS_ENTRIES)

ptr: Final = PLAY_STRINGS
"""The string `key` in `lang`, with its {placeholders} filled in."""
