"""The shell's own words, in French and English: what every game's page says
around the board (leaving, the curtain, the log's title, the end-of-game
buttons, a refused move). Each game's board words are its client's
(``game/<name>/ui/``).

Plain Python with no browser import. ``tr(key, lang, **values)`` formats one
string; a missing key or language is a bug, so it raises ``KeyError`` (a test
checks that every key has both).
"""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["LANGS", "STRINGS", "tr"]

LANGS: Final = ("fr", "en")

_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- the bar
    "leave": {"fr": "Quitter", "en": "Leave"},
    "leave_confirm": {
        "fr": "Quitter cette partie ? Elle sera perdue.",
        "en": "Leave this game? It will be lost.",
    },
    "leave_yes": {"fr": "Quitter la partie", "en": "Leave the game"},
    "leave_no": {"fr": "Continuer à jouer", "en": "Keep playing"},
    "not_allowed": {"fr": "Coup refusé : {reason}", "en": "Not allowed: {reason}"},
    "rematch": {"fr": "Revanche", "en": "Rematch"},
    "back_to_menu": {"fr": "Retour au menu", "en": "Back to the menu"},
    # -------------------------------------------------------------- curtain
    "curtain_title": {"fr": "Passez l’appareil à {name}", "en": "Pass the device to {name}"},
    "curtain_body": {
        "fr": "Les autres détournent les yeux : le jeu caché de {name} va s’afficher.",
        "en": "Everyone else looks away: {name}'s hidden cards are about to show.",
    },
    "curtain_button": {"fr": "Je suis {name}", "en": "I am {name}"},
    # ------------------------------------------------------------------ log
    "log_title": {"fr": "Journal", "en": "What happened"},
    "log_whole": {"fr": "Afficher tout le journal", "en": "Show the whole log"},
    "log_recent": {"fr": "Seulement les dernières lignes", "en": "Only the latest lines"},
}
STRINGS: Final = Catalogue("platform", _STRINGS_ENTRIES)


tr: Final = STRINGS
"""The shell string `key` in `lang`, with its {placeholders} filled in."""
