"""The shell's words about modes and seat roles (the lobby, the replay), in
French and English; the modes' and roles' own names are the game's, declared
with them (engine/modes.py)."""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["MODE_WORDS"]

MODE_WORDS: Final = Catalogue(
    "platform.modes",
    {
        "mode": {"fr": "Mode de jeu", "en": "Game mode"},
        "take_seat": {"fr": "Prendre cette place", "en": "Take this seat"},
        "take_seat_label": {
            "fr": "Prendre la place {n} ({role})",
            "en": "Take seat {n} ({role})",
        },
        "take_seat_plain": {"fr": "Prendre la place {n}", "en": "Take seat {n}"},
        "seat_role": {"fr": "{name}, {role}", "en": "{name}, {role}"},
    },
)
