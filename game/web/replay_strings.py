"""The words of undo, replay links and the replay page, in French and English.

Kept apart from ``game.web.strings`` so that the replay page's strings travel
together; ``rtr`` works like ``strings.tr`` (a missing key raises KeyError).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game.engine.words import Catalogue

__all__ = ["REPLAY_STRINGS", "link_error_text", "rtr", "undo_refusal_text"]

_REPLAY_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- undo
    "undo": {"fr": "Annuler", "en": "Undo"},
    "undo_aria": {
        "fr": "Annuler mon dernier coup de ce tour",
        "en": "Take back my last move of this turn",
    },
    "undo_refused": {"fr": "Impossible d’annuler : {reason}.", "en": "You cannot undo: {reason}."},
    # -------------------------------------------------------- share link
    "share": {"fr": "Partager le replay", "en": "Share replay"},
    "share_title": {"fr": "Lien du replay", "en": "Replay link"},
    "share_note_seat": {
        "fr": "Ce lien montre la partie telle que {name} l’a vue, jusqu’ici.",
        "en": "This link shows the game as {name} saw it, so far.",
    },
    "share_note_all": {
        "fr": "Ce lien montre toute la partie, toutes les cartes visibles.",
        "en": "This link shows the whole game, every card face up.",
    },
    "share_copy": {"fr": "Copier le lien", "en": "Copy the link"},
    "share_copied": {"fr": "Lien copié.", "en": "Link copied."},
    "share_open": {"fr": "Ouvrir le replay", "en": "Open the replay"},
    "share_close": {"fr": "Fermer", "en": "Close"},
    # ---------------------------------------------------------- replay page
    "replay_title": {"fr": "Replay", "en": "Replay"},
    "replay_first": {"fr": "Début", "en": "Start"},
    "replay_prev": {"fr": "Coup précédent", "en": "Previous move"},
    "replay_next": {"fr": "Coup suivant", "en": "Next move"},
    "replay_last": {"fr": "Fin", "en": "End"},
    "replay_step": {"fr": "Coup {n} sur {total}", "en": "Move {n} of {total}"},
    "replay_keys": {
        "fr": "Flèches ← → pour avancer ou reculer, Début et Fin pour sauter.",
        "en": "Arrow keys ← → step back and forth, Home and End jump.",
    },
    "replay_deal": {"fr": "La donne, avant le premier coup.", "en": "The deal, before any move."},
    "replay_seen_by": {"fr": "Vu par {name}", "en": "As {name} saw it"},
    "replay_eyes": {"fr": "Voir la partie", "en": "View the game"},
    "replay_all": {"fr": "Tout voir", "en": "Everything"},
    "replay_running": {
        "fr": "La partie continuait après ce coup.",
        "en": "The game went on after this move.",
    },
    "replay_play": {"fr": "Jouer une partie", "en": "Play a game"},
    "replay_error_title": {
        "fr": "Ce replay ne peut pas s’ouvrir",
        "en": "This replay cannot be opened",
    },
    # the reasons a link is refused, by the code of game.engine.replaylink
    "link_missing": {
        "fr": "L’adresse ne contient pas de replay (il faut #r=… à la fin).",
        "en": "The address holds no replay (it needs #r=… at its end).",
    },
    "link_encoding": {
        "fr": "Le lien est abîmé : il a été coupé ou modifié, peut-être en le copiant.",
        "en": "The link is damaged: it was cut short or altered, perhaps when copied.",
    },
    "link_version": {
        "fr": "Ce lien vient d’une autre version du jeu.",
        "en": "This link comes from another version of the game.",
    },
    "link_game": {
        "fr": "Ce lien est celui d’un jeu que cette page ne connaît pas.",
        "en": "This link is for a game this page does not know.",
    },
    "link_data": {
        "fr": "Le lien est abîmé : ses réglages ne sont pas valides.",
        "en": "The link is damaged: its settings are not valid.",
    },
    "link_action": {
        "fr": "Le lien est abîmé : un de ses coups n’est pas permis à ce moment.",
        "en": "The link is damaged: one of its moves is not allowed at its point.",
    },
    "link_eye": {
        "fr": "Le lien ne dit pas par les yeux de quel joueur voir la partie.",
        "en": "The link does not say through whose eyes to see the game.",
    },
    # why an undo is refused, by the code of game.engine.undo (a game words its
    # own codes: its client's reason_text)
    "undo_turn_over": {"fr": "votre tour est fini", "en": "your turn is over"},
    "undo_other_played": {
        "fr": "un autre joueur a joué depuis",
        "en": "another player has played since",
    },
    "undo_nothing": {
        "fr": "vous n’avez pas encore joué ce tour-ci",
        "en": "you have not moved yet this turn",
    },
    "undo_not_your_turn": {"fr": "ce n’est pas votre tour", "en": "it is not your turn"},
    "undo_unsupported": {"fr": "ce jeu n’a pas d’annulation", "en": "this game has no undo"},
}
REPLAY_STRINGS: Final = Catalogue("platform.replay", _REPLAY_STRINGS_ENTRIES)


rtr: Final = REPLAY_STRINGS
"""The string `key` in `lang`, with its {placeholders} filled in."""


def undo_refusal_text(
    code: str,
    english: str,
    lang: str,
    game_words: Callable[[str, str, str], str] | None = None,
) -> str:
    """ "You cannot undo: <why>." for a refusal's code: in the game's own words
    when its client knows the code (`game_words`, the client's ``reason_text``),
    else the platform's, else its English."""
    reason = game_words(code, english, lang) if game_words is not None else english
    if reason == english and code in REPLAY_STRINGS:
        reason = rtr(code, lang)
    return rtr("undo_refused", lang, reason=reason)


def link_error_text(code: str, lang: str) -> str:
    """Why a replay link cannot be opened, in words."""
    return rtr(code if code.startswith("link_") and code in REPLAY_STRINGS else "link_data", lang)
