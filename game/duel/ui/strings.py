"""Duel's words in French and English: the board, the controls, the log lines
(``describe``) and the refusals (``reason_text``).

``tr(key, lang, **values)`` formats one string; a missing key or language is
a bug (``KeyError``). Events arrive already filtered for the reader
(``engine.events.event_for_seat``): a secret is named only when the event
holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from game.duel.state import value_of
from game.engine.words import Catalogue

__all__ = ["STRINGS", "card_colour", "card_text", "describe", "join", "reason_text", "tr"]

_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- cards
    "card": {"fr": "{value} {colour}", "en": "{colour} {value}"},
    "blue": {"fr": "bleu", "en": "blue"},
    "green": {"fr": "vert", "en": "green"},
    "card_back": {"fr": "Carte cachée", "en": "Hidden card"},
    "face_down": {"fr": "Face cachée", "en": "Face down"},
    "your_card_down": {"fr": "Votre carte engagée : {card}", "en": "Your committed card: {card}"},
    # ------------------------------------------------------------- board
    "board_title": {"fr": "Plateau du duel", "en": "Duel board"},
    "round": {"fr": "Manche {n} sur {of}", "en": "Round {n} of {of}"},
    "deck": {"fr": "Pioche", "en": "Deck"},
    "deck_aria": {"fr": "Pioche : {n} cartes", "en": "Deck: {n} cards"},
    "discards": {"fr": "Défausse", "en": "Discards"},
    "no_discard": {"fr": "Aucune carte défaussée", "en": "No card discarded yet"},
    "trick": {"fr": "Le pli", "en": "The trick"},
    "nothing_down": {"fr": "Aucune carte engagée", "en": "No card committed yet"},
    "last_trick": {"fr": "Dernier pli", "en": "Last trick"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "you": {"fr": "vous", "en": "you"},
    "bot": {"fr": "bot", "en": "bot"},
    "playing": {"fr": "joue", "en": "playing"},
    "your_turn_tag": {"fr": "à vous", "en": "your turn"},
    "committed_tag": {"fr": "a engagé", "en": "committed"},
    "points": {"fr": "{n} point", "en": "{n} point"},
    "points_many": {"fr": "{n} points", "en": "{n} points"},
    "hand_aria": {"fr": "Main de {name}", "en": "{name}'s hand"},
    "cards_n": {"fr": "{n} carte", "en": "{n} card"},
    "cards_many": {"fr": "{n} cartes", "en": "{n} cards"},
    # -------------------------------------------------------------- dock
    "prompt_swap": {
        "fr": "Gardez votre main ou échangez une carte contre celle du dessus de la pioche.",
        "en": "Keep your hand or swap a card for the top card of the deck.",
    },
    "prompt_commit": {
        "fr": "Engagez une carte face cachée : elles seront révélées ensemble.",
        "en": "Commit a card face down: both are revealed together.",
    },
    "keep": {"fr": "Garder ma main", "en": "Keep my hand"},
    "swap_group": {"fr": "Échanger une carte", "en": "Swap a card"},
    "swap": {"fr": "Échanger le {card}", "en": "Swap the {card}"},
    "commit_group": {"fr": "Engager une carte", "en": "Commit a card"},
    "commit": {"fr": "Engager le {card}", "en": "Commit the {card}"},
    "waiting": {"fr": "En attente de {names}…", "en": "Waiting for {names}…"},
    "and": {"fr": " et ", "en": " and "},
    # ------------------------------------------------------ result, over
    "result_title": {"fr": "Pli {n}", "en": "Trick {n}"},
    "trick_won": {"fr": "{name} remporte le pli.", "en": "{name} wins the trick."},
    "trick_tie": {"fr": "Égalité : personne ne marque.", "en": "A tie: nobody scores."},
    "winner": {"fr": "Vainqueur", "en": "Winner"},
    "next_round": {"fr": "Manche suivante", "en": "Next round"},
    "see_final": {"fr": "Voir le résultat final", "en": "See the final result"},
    "over_one": {"fr": "{names} gagne le duel !", "en": "{names} wins the duel!"},
    "over_many": {"fr": "Égalité : {names}", "en": "A draw: {names}"},
    "standings": {"fr": "Classement", "en": "Standings"},
    "col_player": {"fr": "Joueur", "en": "Player"},
    "col_points": {"fr": "Points", "en": "Points"},
    # -------------------------------------------------------------- log
    "log_deal": {
        "fr": "Manche {round} : chacun reçoit trois cartes.",
        "en": "Round {round}: each player is dealt three cards.",
    },
    "log_your_hand": {"fr": "Votre main : {cards}.", "en": "Your hand: {cards}."},
    "log_keep": {"fr": "{name} garde sa main.", "en": "{name} keeps their hand."},
    "log_swap": {
        "fr": "{name} défausse le {card} et pioche une carte.",
        "en": "{name} discards the {card} and draws a card.",
    },
    "log_drawn": {"fr": "Vous piochez le {card}.", "en": "You draw the {card}."},
    "log_commit": {
        "fr": "{name} engage une carte face cachée.",
        "en": "{name} commits a card face down.",
    },
    "log_your_commit": {"fr": "Vous engagez le {card}.", "en": "You commit the {card}."},
    "log_reveal": {
        "fr": "Révélation : {first} contre {second}.",
        "en": "Reveal: {first} against {second}.",
    },
    "log_round": {"fr": "La manche {round} commence.", "en": "Round {round} begins."},
    "log_over": {"fr": "Fin du duel, {points} : {title}", "en": "The duel ends, {points}: {title}"},
    # ---------------------------------------------------------- refusals
    "game_over": {"fr": "la partie est finie", "en": "the game is over"},
    "no_such_seat": {"fr": "cette place n’existe pas", "en": "there is no such seat"},
    "already_committed": {
        "fr": "vous avez déjà engagé une carte dans cette manche",
        "en": "you have already committed a card this round",
    },
    "not_your_turn": {"fr": "ce n’est pas votre tour", "en": "it is not your turn"},
    "wrong_step_commit": {
        "fr": "engagez une carte maintenant",
        "en": "commit a card now",
    },
    "wrong_step_swap": {
        "fr": "échangez une carte ou gardez votre main d’abord",
        "en": "swap a card or keep your hand first",
    },
    "deck_empty": {
        "fr": "la pioche est vide : gardez votre main",
        "en": "the deck is empty: keep your hand",
    },
    "not_in_hand": {"fr": "cette carte n’est pas à vous", "en": "that card is not yours"},
    "unknown_action": {"fr": "un duel n’a pas cette action", "en": "a duel has no such action"},
}
STRINGS: Final = Catalogue("duel.board", _STRINGS_ENTRIES)

_REFUSALS: Final = frozenset(
    {
        "game_over",
        "no_such_seat",
        "already_committed",
        "not_your_turn",
        "deck_empty",
        "not_in_hand",
        "unknown_action",
    }
)


tr: Final = STRINGS


def card_colour(card: int) -> str:
    """The two cards of a value differ by colour: blue (even id) and green (odd)."""
    return "blue" if card % 2 == 0 else "green"


def card_text(card: int, lang: str) -> str:
    """ "blue 3" / "3 bleu"."""
    return tr("card", lang, value=value_of(card), colour=tr(card_colour(card), lang))


def join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + tr("and", lang) + names[-1]


def trick_line(cards: Sequence[int], names: Sequence[str], lang: str) -> str:
    """Who won a revealed pair (seat 0's card first), in words."""
    gap = value_of(cards[0]) - value_of(cards[1])
    if gap == 0:
        return tr("trick_tie", lang)
    return tr("trick_won", lang, name=names[0 if gap > 0 else 1])


def over_title(winners: Sequence[int], names: Sequence[str], lang: str) -> str:
    key = "over_one" if len(winners) == 1 else "over_many"
    return tr(key, lang, names=join([names[seat] for seat in winners], lang))


def describe(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log lines of one event as its reader saw it (secrets only if given)."""
    kind = event["type"]
    name = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        lines = [tr("log_deal", lang, round=event["round"])]
        if "hand" in event:
            cards = ", ".join(card_text(card, lang) for card in event["hand"])
            lines.append(tr("log_your_hand", lang, cards=cards))
        return lines
    if kind == "keep":
        return [tr("log_keep", lang, name=name)]
    if kind == "swap":
        lines = [tr("log_swap", lang, name=name, card=card_text(event["discarded"], lang))]
        if "drawn" in event:
            lines.append(tr("log_drawn", lang, card=card_text(event["drawn"], lang)))
        return lines
    if kind == "commit":
        lines = [tr("log_commit", lang, name=name)]
        if "card" in event:
            lines.append(tr("log_your_commit", lang, card=card_text(event["card"], lang)))
        return lines
    if kind == "reveal":
        first, second = (
            f"{names[seat]} ({card_text(card, lang)})" for seat, card in enumerate(event["cards"])
        )
        return [
            tr("log_reveal", lang, first=first, second=second),
            trick_line(event["cards"], names, lang),
        ]
    if kind == "round":
        return [tr("log_round", lang, round=event["round"])]
    if kind == "game_over":
        points = "-".join(str(n) for n in event["points"])
        title = over_title(event["winners"], names, lang)
        return [tr("log_over", lang, points=points, title=title)]
    return [kind]


def reason_text(code: str, message: str, lang: str) -> str:
    """A refusal in words; `message` (the engine's English) for an unknown code."""
    if code == "wrong_step":
        key = "wrong_step_commit" if message.startswith("commit") else "wrong_step_swap"
        return tr(key, lang)
    return tr(code, lang) if code in _REFUSALS else message
