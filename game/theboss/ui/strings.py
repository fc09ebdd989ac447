"""The Boss's words in French and English: the board, the controls, the
result and end panels (``BOARD``), the log lines and the refusals (``LOG``).

Both are ``game.engine.words.Catalogue``s. The French texts are written with
plain spaces and typeset once, here (``typeset``): a non-breaking space
before ``: ; ! ?`` and inside « », so a line never breaks before a colon.

Events arrive already filtered for their reader
(``game.engine.events.event_for_seat``): ``describe`` names a hand's faces
only when the event holds them (the reader's own deal), and a face-down card
only once the round's reveal has shown it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.words import Catalogue
from game.theboss.cards import CARD_CITY, CARD_KIND, CARD_VALUE, CITY_NAMES, MONEY

__all__ = [
    "BOARD",
    "LOG",
    "SHORT_NAMES",
    "card_text",
    "city_name",
    "describe",
    "face_text",
    "gangsters_text",
    "join",
    "money",
    "ordinal",
    "percent",
    "reason_text",
    "typeset",
]

NBSP: Final = "\u00a0"

#: Each city's short name, by city id (0 is Chicago): on every card back, so
#: that cities are told apart without their colours.
SHORT_NAMES: Final = ("CHI", "NY", "BOS", "DET", "MEM", "KC", "PHI", "CIN")
if len(SHORT_NAMES) != len(CITY_NAMES):
    raise ValueError("every city needs a short name")


def typeset(text: str) -> str:
    """French typography: a non-breaking space before ``: ; ! ?``, inside « »,
    and between a figure and its unit ("5 $", "40 %")."""
    text = re.sub(r" ([:;!?$%])", NBSP + r"\1", text)
    return text.replace("« ", "«" + NBSP).replace(" »", NBSP + "»")


def _french(entries: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    return {key: {**texts, "fr": typeset(texts["fr"])} for key, texts in entries.items()}


# ---------------------------------------------------------------- the board

BOARD: Final = Catalogue(
    "theboss.board",
    _french(
        {
            # -------------------------------------------------- figures
            "money": {"fr": "{n} $", "en": "${n}"},
            "gain": {"fr": "+{n} $", "en": "+${n}"},
            "percent": {"fr": "{n} %", "en": "{n}%"},
            "experts": {"fr": "{n} expert", "en": "{n} expert"},
            "experts_many": {"fr": "{n} experts", "en": "{n} experts"},
            "occasionals": {"fr": "{n} occasionnel", "en": "{n} occasional"},
            "occasionals_many": {"fr": "{n} occasionnels", "en": "{n} occasionals"},
            "gangsters": {"fr": "{n} gangster", "en": "{n} gangster"},
            "gangsters_many": {"fr": "{n} gangsters", "en": "{n} gangsters"},
            "rounds": {"fr": "{n} manche", "en": "{n} round"},
            "rounds_many": {"fr": "{n} manches", "en": "{n} rounds"},
            "cards": {"fr": "{n} carte", "en": "{n} card"},
            "cards_many": {"fr": "{n} cartes", "en": "{n} cards"},
            "and": {"fr": " et ", "en": " and "},
            "ord_1": {"fr": "1er", "en": "1st"},
            "ord_2": {"fr": "2e", "en": "2nd"},
            "ord_3": {"fr": "3e", "en": "3rd"},
            "ord_4": {"fr": "4e", "en": "4th"},
            # --------------------------------------------------- faces
            "face_jail": {"fr": "Prison", "en": "Jail"},
            "face_hospital": {"fr": "Hôpital", "en": "Hospital"},
            "face_revolver": {"fr": "Revolver", "en": "Revolver"},
            "face_banned": {"fr": "Interdit de séjour", "en": "Banned"},
            "short_jail": {"fr": "Prison", "en": "Jail"},
            "short_hospital": {"fr": "Hôpital", "en": "Hospital"},
            "short_revolver": {"fr": "Revolver", "en": "Revolver"},
            "short_banned": {"fr": "Interdit", "en": "Banned"},
            "card": {"fr": "{city} {face}", "en": "{city} {face}"},
            "back_aria": {"fr": "Une carte de {city}", "en": "A {city} card"},
            "face_down_aria": {
                "fr": "Carte face cachée de {city}",
                "en": "Face-down card of {city}",
            },
            "revealed_aria": {
                "fr": "Carte cachée de {city}, révélée : {face}",
                "en": "Face-down card of {city}, revealed: {face}",
            },
            "open_aria": {
                "fr": "Carte face cachée de {city} (montrée au replay) : {face}",
                "en": "Face-down card of {city} (shown in the replay): {face}",
            },
            # ----------------------------------------------------- bar
            "board_title": {"fr": "Plateau de The Boss", "en": "The Boss board"},
            "round": {"fr": "Manche {n}", "en": "Round {n}"},
            "turn": {"fr": "Tour {n} sur {of}", "en": "Turn {n} of {of}"},
            "last_turn": {"fr": "Dernier tour", "en": "Last turn"},
            "progress": {"fr": "Manche {round} · tour {turn}", "en": "Round {round} · turn {turn}"},
            "progress_over": {"fr": "Partie finie", "en": "Game over"},
            # -------------------------------------------------- police
            "police": {"fr": "Police", "en": "Police"},
            "police_aria": {
                "fr": "Police : {shown}, {left} ; insignes dorés {gold} sur 3, "
                "argentés {silver} sur 3",
                "en": "Police: {shown}, {left}; gold badges {gold} of 3, silver {silver} of 3",
            },
            "police_none": {"fr": "aucune carte retournée", "en": "no card turned"},
            "police_banner": {
                "fr": "Police : un {badge} vient de sortir. Insignes dorés {gold}/3, "
                "argentés {silver}/3 ; au 3e d’une couleur, cette manche sera la dernière.",
                "en": "Police: a {badge} has turned. Gold {gold}/3, silver {silver}/3; "
                "at a colour’s 3rd, this round is the last.",
            },
            "police_banner_last": {
                "fr": "Police : un {badge} vient de sortir, le 3e d’une couleur. "
                "Cette manche est la dernière !",
                "en": "Police: a {badge} has turned, a colour’s 3rd. This round is the last!",
            },
            "police_left": {"fr": "{n} carte en pile", "en": "{n} card left"},
            "police_left_many": {"fr": "{n} cartes en pile", "en": "{n} cards left"},
            "badge_gold": {"fr": "insigne doré", "en": "gold badge"},
            "badge_silver": {"fr": "insigne argenté", "en": "silver badge"},
            "badge_both": {
                "fr": "insigne double (doré et argenté)",
                "en": "double badge (gold and silver)",
            },
            "tally_gold": {"fr": "Dorés {n}/3", "en": "Gold {n}/3"},
            "tally_silver": {"fr": "Argentés {n}/3", "en": "Silver {n}/3"},
            "police_rule": {
                "fr": "Une carte se retourne quand il reste 2 cartes en main ; "
                "au 3e insigne d’une couleur, la partie finit avec la manche.",
                "en": "A card turns when everyone holds 2 cards; at the 3rd badge "
                "of one colour, the game ends with the round.",
            },
            "last_round_note": {
                "fr": "Dernière manche : un 3e insigne est sorti, "
                "la partie finit avec cette manche !",
                "en": "Last round: a 3rd badge has shown, the game ends with this round!",
            },
            "last_order": {
                "fr": "Ordre du dernier tour : {order}",
                "en": "Last turn's order: {order}",
            },
            "last_order_rule": {
                "fr": "le plus de gangsters encore en réserve d’abord",
                "en": "most gangsters still in hand first",
            },
            # -------------------------------------------------- cities
            "cities": {"fr": "Les villes", "en": "The cities"},
            "row_aria": {
                "fr": "Les villes, de gauche à droite",
                "en": "The cities, from left to right",
            },
            "position": {"fr": "{n}e place", "en": "Place {n}"},
            "position_1": {"fr": "1re place", "en": "Place 1"},
            "alcapo": {"fr": "Ville d’Alcapo", "en": "Alcapo's city"},
            "chicago_rule": {
                "fr": "Moitié (arrondie en bas) des dernières cartes posées à sa gauche",
                "en": "Half (rounded down) of the last cards played to its left",
            },
            "chicago_left": {"fr": "À sa gauche : {cities}", "en": "To its left: {cities}"},
            "chicago_pot": {
                "fr": "En jeu : {total}, part du joueur : {share}",
                "en": "At stake: {total}, the player's share: {share}",
            },
            "chicago_needs": {
                "fr": "Il faut un gangster dans une autre ville avant Chicago.",
                "en": "A gangster in another city comes first.",
            },
            "no_card": {"fr": "aucune carte", "en": "no card"},
            "contents": {"fr": "Cartes de {city}", "en": "Cards of {city}"},
            "contents_aria": {
                "fr": "Cartes de {city} : {faces}",
                "en": "Cards of {city}: {faces}",
            },
            "seen_played": {"fr": "posée", "en": "played"},
            "seen_hand": {"fr": "dans votre main", "en": "in your hand"},
            "seen_revealed": {"fr": "révélée", "en": "revealed"},
            "unseen_count": {"fr": "{n} carte encore inconnue", "en": "{n} card still unseen"},
            "unseen_count_many": {
                "fr": "{n} cartes encore inconnues",
                "en": "{n} cards still unseen",
            },
            "played_here": {"fr": "Posées ici", "en": "Played here"},
            "played_aria": {
                "fr": "Cartes posées sous {city} : {cards}",
                "en": "Cards played under {city}: {cards}",
            },
            "nothing_played": {"fr": "Aucune carte posée", "en": "No card played"},
            "nobody_here": {"fr": "Personne pour l’instant", "en": "Nobody yet"},
            "nobody_was": {"fr": "Personne", "en": "Nobody"},
            "gang_aria": {"fr": "{name} : {what}", "en": "{name}: {what}"},
            "majority": {"fr": "Majorité", "en": "Majority"},
            "majority_aria": {
                "fr": "{name} a la majorité",
                "en": "{name} holds the majority",
            },
            "banned_here": {"fr": "Interdit : {names}", "en": "Banned: {names}"},
            "last_of": {"fr": "dernière de {name}", "en": "{name}’s last"},
            "just_placed": {"fr": "vient de placer {what}", "en": "just placed {what}"},
            "last_card": {"fr": "Dernière :", "en": "Last:"},
            "last_card_aria": {
                "fr": "Dernière carte jouée : {card}",
                "en": "Last card played: {card}",
            },
            "last_short": {"fr": "dernière : {card}", "en": "last: {card}"},
            "left_short": {"fr": "{n} gangster à placer", "en": "{n} gangster to place"},
            "left_short_many": {"fr": "{n} gangsters à placer", "en": "{n} gangsters to place"},
            "banned_aria": {
                "fr": "Interdits de séjour à {city} : {names}",
                "en": "Banned from {city}: {names}",
            },
            # --------------------------------------------------- seats
            "players": {"fr": "Les gangs", "en": "The gangs"},
            "you": {"fr": "vous", "en": "you"},
            "bot": {"fr": "robot", "en": "bot"},
            "marker": {"fr": "Repère", "en": "Marker"},
            "marker_aria": {
                "fr": "{name} a le pion Repère : il joue le premier",
                "en": "{name} holds the marker and plays first",
            },
            "playing": {"fr": "Son tour", "en": "Their turn"},
            "your_turn_tag": {"fr": "À vous", "en": "Your turn"},
            "last_place": {"fr": "Dernier tour : {ord}", "en": "Last turn: {ord}"},
            "money_aria": {"fr": "Argent : {money}", "en": "Money: {money}"},
            "experts_pool": {
                "fr": "Experts : {free} disponibles, {placed} en ville, "
                "{away} absents, {dead} morts",
                "en": "Experts: {free} available, {placed} on the cities, {away} away, {dead} dead",
            },
            "occasionals_pool": {
                "fr": "Occasionnels : {free} disponibles, {placed} en ville, {used} partis",
                "en": "Occasionals: {free} available, {placed} on the cities, {used} gone",
            },
            "free_short": {"fr": "{n} libres", "en": "{n} free"},
            "free_short_one": {"fr": "{n} libre", "en": "{n} free"},
            "away_for": {
                "fr": "un expert absent encore {rounds}",
                "en": "an expert away for {rounds} more",
            },
            "dead_short": {"fr": "{n} mort", "en": "{n} dead"},
            "dead_short_many": {"fr": "{n} morts", "en": "{n} dead"},
            "hand_aria": {"fr": "Main de {name} : {cards}", "en": "{name}'s hand: {cards}"},
            "your_hand": {"fr": "Votre main", "en": "Your hand"},
            "empty_hand": {"fr": "Plus de carte", "en": "No card left"},
            "banned_from": {"fr": "Interdit : {cities}", "en": "Banned: {cities}"},
            # ---------------------------------------------------- dock
            "prompt_place_or_play": {
                "fr": "Placez des gangsters sur une ville, ou jouez une carte.",
                "en": "Place gangsters on one city, or play a card.",
            },
            "prompt_play": {"fr": "Jouez maintenant une carte.", "en": "Now play a card."},
            "prompt_play_only": {
                "fr": "Jouez une carte : vous ne pouvez placer personne.",
                "en": "Play a card: you cannot place anyone.",
            },
            "group_cards": {"fr": "Jouer une carte", "en": "Play a card"},
            "play_aria": {
                "fr": "Jouer {card}, face visible sous {city}",
                "en": "Play {card}, face up under {city}",
            },
            "group_place": {"fr": "Placer des gangsters", "en": "Place gangsters"},
            "place_legend": {
                "fr": "Une ligne par nombre de gangsters, du plus petit qui prend la majorité "
                "au plus grand ; ou touchez une ville sur le plateau.",
                "en": "One row per number of gangsters, from the fewest that take the "
                "majority up; or tap a city on the board.",
            },
            "place_label_both": {"fr": "{e} + {o}", "en": "{e} + {o}"},
            "tap_city": {"fr": "Placer ici", "en": "Place here"},
            "tap_city_aria": {
                "fr": "Placer des gangsters à {city}",
                "en": "Place gangsters in {city}",
            },
            "chooser_title": {
                "fr": "{city} : placer des gangsters",
                "en": "{city}: place gangsters",
            },
            "chooser_experts": {"fr": "Experts", "en": "Experts"},
            "chooser_occ": {"fr": "Occasionnels", "en": "Occasionals"},
            "close": {"fr": "Fermer", "en": "Close"},
            "place_go": {"fr": "Placer {what}", "en": "Place {what}"},
            "outcome_take": {
                "fr": "{n} à vous ici : vous prenez la majorité.",
                "en": "{n} of yours here: you take the majority.",
            },
            "outcome_keep": {
                "fr": "{n} à vous ici : vous gardez la majorité.",
                "en": "{n} of yours here: you keep the majority.",
            },
            "outcome_short": {
                "fr": "{n} à vous ici : trop peu, la majorité en demande {need}.",
                "en": "{n} of yours here: too few, the majority takes {need}.",
            },
            "outcome_none": {
                "fr": "Choisissez au moins un gangster.",
                "en": "Choose at least one gangster.",
            },
            "hand_hint_place": {
                "fr": "Touchez une carte pour la jouer, ou d’abord une ville pour y placer "
                "des gangsters.",
                "en": "Tap a card to play it, or first a city to place gangsters there.",
            },
            "hand_hint_play": {
                "fr": "Touchez une carte pour la jouer.",
                "en": "Tap a card to play it.",
            },
            "place_aria": {"fr": "Placer {what} à {city}", "en": "Place {what} in {city}"},
            "note_need": {
                "fr": "Majorité dès {what}",
                "en": "Majority from {what}",
            },
            "note_hold": {"fr": "Vous y avez la majorité", "en": "You hold the majority"},
            "note_money": {"fr": "argent : {pct}", "en": "money: {pct}"},
            "note_money_aria": {
                "fr": "Chance que la carte cachée soit de l’argent : {pct}",
                "en": "Chance that the face-down card is money: {pct}",
            },
            "unavailable": {"fr": "Pas de placement ici", "en": "No placement here"},
            "why_banned": {"fr": "vous y êtes interdit de séjour", "en": "you are banned"},
            "why_chicago": {
                "fr": "placez d’abord un gangster dans une autre ville",
                "en": "place a gangster in another city first",
            },
            "why_alone": {
                "fr": "vos occasionnels doivent y rejoindre un de vos experts",
                "en": "your occasionals must join one of your experts there",
            },
            "why_majority": {
                "fr": "pas assez de gangsters pour dépasser {name}",
                "en": "too few gangsters to outnumber {name}",
            },
            "why_nobody_left": {
                "fr": "Vous n’avez plus de gangster à placer cette manche.",
                "en": "You have no gangster left to place this round.",
            },
            "waiting_bot": {"fr": "{name} réfléchit…", "en": "{name} is thinking…"},
            "waiting_human": {"fr": "Au tour de {name}…", "en": "{name}'s turn…"},
            "waiting_over": {"fr": "La partie est finie.", "en": "The game is over."},
            # -------------------------------------------------- result
            "result_title": {
                "fr": "Manche {n} : les cartes cachées",
                "en": "Round {n}: the reveal",
            },
            "result_sub": {
                "fr": "Chaque ville donne sa carte cachée à qui y a le plus de gangsters.",
                "en": "Each city gives its face-down card to whoever has most gangsters there.",
            },
            "took_money": {"fr": "{name} prend {money}", "en": "{name} takes {money}"},
            "took_killed": {
                "fr": "{name} perd un expert, tué",
                "en": "{name} loses an expert, killed",
            },
            "took_jailed": {
                "fr": "{name} voit un expert partir en prison pour 2 manches",
                "en": "{name} has an expert jailed for 2 rounds",
            },
            "took_hurt": {
                "fr": "{name} voit un expert partir à l’hôpital pour 1 manche",
                "en": "{name} has an expert in hospital for 1 round",
            },
            "took_banned": {
                "fr": "{name} est interdit de séjour à {city}",
                "en": "{name} is banned from {city} for good",
            },
            "took_nobody": {
                "fr": "Personne n’y était, la carte ne va à personne",
                "en": "Nobody was there, the card goes to nobody",
            },
            "took_no_free_expert": {
                "fr": "{name} n’a pas d’expert libre, rien ne se passe",
                "en": "{name} has no free expert, so nothing happens",
            },
            "took_already_banned": {
                "fr": "{name} y était déjà interdit, rien ne change",
                "en": "{name} was already banned there, nothing changes",
            },
            "revealed": {"fr": "Carte cachée", "en": "Face-down card"},
            "chicago_title": {"fr": "Chicago, chez Alcapo", "en": "Chicago, Alcapo's city"},
            "chicago_counted": {
                "fr": "Dernières cartes à gauche de Chicago",
                "en": "Last cards left of Chicago",
            },
            "chicago_total": {"fr": "Total : {total}", "en": "Total: {total}"},
            "chicago_shared": {
                "fr": "{name} partage avec Alcapo : {gain} pour {name}, {alcapo} pour Alcapo",
                "en": "{name} shares with Alcapo: {gain} for {name}, {alcapo} for Alcapo",
            },
            "chicago_nobody": {
                "fr": "Personne à Chicago : Alcapo garde tout ({total})",
                "en": "Nobody in Chicago: Alcapo keeps it all ({total})",
            },
            "won_title": {"fr": "L’argent de la manche", "en": "Money this round"},
            "col_player": {"fr": "Joueur", "en": "Player"},
            "col_won": {"fr": "Cette manche", "en": "This round"},
            "col_total": {"fr": "Total", "en": "Total"},
            "status_end": {
                "fr": "Un 3e insigne de même couleur est sorti : la partie est finie.",
                "en": "A 3rd badge of one colour has shown: the game is over.",
            },
            "status_goes_on": {
                "fr": "Police : insignes dorés {gold}/3, argentés {silver}/3 ; la partie continue.",
                "en": "Police: gold {gold}/3, silver {silver}/3; the game goes on.",
            },
            "next_round": {"fr": "Manche suivante", "en": "Next round"},
            "see_final": {"fr": "Voir le classement final", "en": "See the final standings"},
            # ---------------------------------------------------- over
            "over_one": {"fr": "{names} est le Boss !", "en": "{names} is the Boss!"},
            "over_shared": {"fr": "Victoire partagée : {names}", "en": "A shared win: {names}"},
            "over_rounds": {"fr": "Après {rounds}", "en": "After {rounds}"},
            "standings": {"fr": "Classement", "en": "Standings"},
            "col_money": {"fr": "Argent", "en": "Money"},
            "col_last": {"fr": "Dernière manche", "en": "Last round"},
            "col_gangsters": {"fr": "Gangsters restants", "en": "Gangsters left"},
            "winner": {"fr": "Vainqueur", "en": "Winner"},
            "shared_winner": {"fr": "Ex æquo", "en": "Shared win"},
            "tie_rule": {
                "fr": "Égalité : le plus d’argent gagné à la dernière manche, "
                "puis le plus de gangsters restants.",
                "en": "Ties: most money won in the last round, then most gangsters left.",
            },
        }
    ),
)

# ---------------------------------------------------------------- the log

LOG: Final = Catalogue(
    "theboss.log",
    _french(
        {
            "deal": {
                "fr": "Manche {round} : {name} distribue cinq cartes à chacun.",
                "en": "Round {round}: {name} deals five cards to each player.",
            },
            "deal_row": {
                "fr": "Chicago se tient entre {left} et {right}.",
                "en": "Chicago stands between {left} and {right}.",
            },
            "deal_row_last": {
                "fr": "Chicago se tient tout à droite, après {left}.",
                "en": "Chicago stands rightmost, after {left}.",
            },
            "your_hand": {"fr": "Votre main : {cards}.", "en": "Your hand: {cards}."},
            "place": {
                "fr": "{name} place {what} à {city}.",
                "en": "{name} places {what} in {city}.",
            },
            "play": {"fr": "{name} pose {card}.", "en": "{name} plays {card}."},
            "police": {
                "fr": "Une carte Police se retourne : {badge}.",
                "en": "A police card turns: {badge}.",
            },
            "police_last": {
                "fr": "Troisième insigne : cette manche est la dernière !",
                "en": "A third badge: this round is the last!",
            },
            "last_turn": {
                "fr": "Dernier tour, par gangsters en réserve : {order}.",
                "en": "Last turn, by gangsters still in hand: {order}.",
            },
            "order_item": {"fr": "{name} ({n})", "en": "{name} ({n})"},
            "reveal": {
                "fr": "Les cartes cachées se révèlent : {cards}.",
                "en": "The face-down cards are revealed: {cards}.",
            },
            "take": {"fr": "{city} : {what}.", "en": "{city}: {what}."},
            "chicago_shared": {
                "fr": "Chicago : {name} prend {gain} sur {total}, Alcapo garde {alcapo}.",
                "en": "Chicago: {name} takes {gain} of {total}, Alcapo keeps {alcapo}.",
            },
            "chicago_nobody": {
                "fr": "Chicago : personne n’y est, Alcapo garde tout ({total}).",
                "en": "Chicago: nobody there, Alcapo keeps it all ({total}).",
            },
            "round_over": {
                "fr": "Fin de la manche {round} : {gains}.",
                "en": "End of round {round}: {gains}.",
            },
            "gain_item": {"fr": "{name} {gain} ({total})", "en": "{name} {gain} ({total})"},
            "game_over": {
                "fr": "Fin de la partie après {rounds} : {title}",
                "en": "The game ends after {rounds}: {title}",
            },
            # ---------------------------------------------------- refusals
            "game_over_refusal": {"fr": "la partie est finie", "en": "the game is over"},
            "no_such_seat": {"fr": "cette place n’existe pas", "en": "there is no such seat"},
            "not_your_turn": {"fr": "ce n’est pas votre tour", "en": "it is not your turn"},
            "not_in_hand": {
                "fr": "cette carte n’est pas dans votre main",
                "en": "that card is not in your hand",
            },
            "unknown_action": {
                "fr": "The Boss n’a pas cette action",
                "en": "The Boss has no such action",
            },
            "already_placed": {
                "fr": "vous avez déjà placé des gangsters ce tour-ci : jouez une carte",
                "en": "you have placed gangsters this turn: play a card now",
            },
            "no_such_city": {
                "fr": "cette ville n’est pas en jeu",
                "en": "that city is not in this game",
            },
            "bad_count": {
                "fr": "un nombre de gangsters ne peut être négatif",
                "en": "gangster counts cannot be negative",
            },
            "place_nobody": {
                "fr": "placez au moins un gangster, ou jouez simplement une carte",
                "en": "place at least one gangster, or just play a card",
            },
            "not_enough_experts": {
                "fr": "vous n’avez pas autant d’experts à placer",
                "en": "you do not have that many experts left to place",
            },
            "not_enough_occasionals": {
                "fr": "vous n’avez pas autant d’occasionnels",
                "en": "you do not have that many occasionals left",
            },
            "banned": {
                "fr": "vous êtes interdit de séjour à {city} jusqu’à la fin de la partie",
                "en": "you are banned from {city} for the rest of the game",
            },
            "banned_here": {
                "fr": "vous êtes interdit de séjour dans cette ville",
                "en": "you are banned from that city",
            },
            "chicago_first": {
                "fr": "placez d’abord un gangster dans une autre ville cette manche, avant Chicago",
                "en": "place a gangster on another city this round before Chicago",
            },
            "occasional_alone": {
                "fr": "les occasionnels accompagnent un de vos experts, "
                "placé avec eux ou déjà sur place",
                "en": "occasionals go with one of your experts, placed with them or already there",
            },
            "no_majority": {
                "fr": "il vous faut strictement plus de gangsters que chaque autre joueur "
                "dans la ville",
                "en": "you need strictly more gangsters there than every other player",
            },
            "undo_card_shown": {
                "fr": "votre carte est face visible sous sa ville",
                "en": "your card is face up under its city",
            },
            "undo_random": {
                "fr": "des cartes ont été distribuées ou retournées",
                "en": "cards were dealt or turned",
            },
        }
    ),
)

#: refusal codes whose words are the code's own key in ``LOG``
_REFUSALS: Final = frozenset(
    {
        "no_such_seat",
        "not_your_turn",
        "not_in_hand",
        "unknown_action",
        "already_placed",
        "no_such_city",
        "bad_count",
        "place_nobody",
        "not_enough_experts",
        "not_enough_occasionals",
        "chicago_first",
        "occasional_alone",
        "no_majority",
        "undo_card_shown",
        "undo_random",
    }
)


# ---------------------------------------------------------------- helpers


def city_name(city: int) -> str:
    """A city's name: proper nouns, the same in French and English."""
    return CITY_NAMES[city]


def money(n: int, lang: str) -> str:
    return BOARD("money", lang, n=n)


def percent(chance: float, lang: str) -> str:
    return BOARD("percent", lang, n=round(chance * 100))


def join(items: Sequence[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + BOARD("and", lang) + items[-1]


def ordinal(n: int, lang: str) -> str:
    return BOARD(f"ord_{n}", lang) if 1 <= n <= 4 else str(n)


def face_text(card: int, lang: str, *, short: bool = False) -> str:
    """A card's face: "$3" / "3 $", "Jail" / "Prison"."""
    kind = CARD_KIND[card]
    if kind == MONEY:
        return money(CARD_VALUE[card], lang)
    return BOARD(f"{'short' if short else 'face'}_{kind}", lang)


def card_text(card: int, lang: str) -> str:
    """A card, city then face: "Detroit $3", "Philadelphia Jail"."""
    return BOARD("card", lang, city=city_name(CARD_CITY[card]), face=face_text(card, lang))


def gangsters_text(experts: int, occasionals: int, lang: str) -> str:
    """ "2 experts and 1 occasional", "1 expert", "2 occasionals"."""
    parts = []
    if experts:
        parts.append(BOARD.plural("experts", "experts_many", experts, lang))
    if occasionals:
        parts.append(BOARD.plural("occasionals", "occasionals_many", occasionals, lang))
    if not parts:
        return BOARD.plural("gangsters", "gangsters_many", 0, lang)
    return join(parts, lang)


def rounds_text(n: int, lang: str) -> str:
    return BOARD.plural("rounds", "rounds_many", n, lang)


def badge_text(badge: str, lang: str) -> str:
    return BOARD(f"badge_{badge}", lang)


def effect_text(
    effect: str, seat: int | None, city: int, card: int, names: Sequence[str], lang: str
) -> str:
    """What taking a city's face-down card did, in words (without the city)."""
    if seat is None or effect == "nobody":
        return BOARD("took_nobody", lang)
    name = names[seat]
    if effect == "money":
        return BOARD("took_money", lang, name=name, money=money(CARD_VALUE[card], lang))
    return BOARD(f"took_{effect}", lang, name=name, city=city_name(city))


def chicago_text(chicago: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """Chicago's share in words: who shared what with Alcapo, or nobody."""
    total = money(chicago["total"], lang)
    if chicago["seat"] is None:
        return BOARD("chicago_nobody", lang, total=total)
    gain = chicago["gain"]
    return BOARD(
        "chicago_shared",
        lang,
        name=names[chicago["seat"]],
        gain=money(gain, lang),
        alcapo=money(chicago["total"] - gain, lang),
    )


def winners_title(winners: Sequence[int], names: Sequence[str], lang: str) -> str:
    who = join([names[seat] for seat in winners], lang)
    return BOARD("over_one" if len(winners) == 1 else "over_shared", lang, names=who)


# ---------------------------------------------------------------- the log


def describe(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log lines of one event as its reader saw it (a secret only if given)."""
    kind = event["type"]
    name = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
    if kind == "deal":
        return _deal_lines(event, names, lang)
    if kind == "place":
        what = gangsters_text(event["experts"], event["occasionals"], lang)
        return [LOG("place", lang, name=name, what=what, city=city_name(event["city"]))]
    if kind == "play":
        return [LOG("play", lang, name=name, card=card_text(event["card"], lang))]
    if kind == "police":
        lines = [LOG("police", lang, badge=badge_text(event["badge"], lang))]
        if event.get("last_round"):
            lines.append(LOG("police_last", lang))
        return lines
    if kind == "last_turn":
        order = ", ".join(
            LOG("order_item", lang, name=names[seat], n=event["gangsters"][seat])
            for seat in event["order"]
        )
        return [LOG("last_turn", lang, order=order)]
    if kind == "reveal":
        cards = ", ".join(card_text(card, lang) for card in event["cards"])
        return [LOG("reveal", lang, cards=cards)]
    if kind == "take":
        what = effect_text(
            event["effect"], event["seat"], event["city"], event["card"], names, lang
        )
        return [LOG("take", lang, city=city_name(event["city"]), what=what)]
    if kind == "chicago":
        total = money(event["total"], lang)
        if event["seat"] is None:
            return [LOG("chicago_nobody", lang, total=total)]
        gain = event["gain"]
        return [
            LOG(
                "chicago_shared",
                lang,
                name=names[event["seat"]],
                gain=money(gain, lang),
                total=total,
                alcapo=money(event["total"] - gain, lang),
            )
        ]
    if kind == "round_over":
        gains = ", ".join(
            LOG(
                "gain_item",
                lang,
                name=names[seat],
                gain=BOARD("gain", lang, n=won),
                total=money(event["money"][seat], lang),
            )
            for seat, won in enumerate(event["money_won"])
        )
        return [LOG("round_over", lang, round=event["round"], gains=gains)]
    if kind == "game_over":
        title = winners_title(event["winners"], names, lang)
        return [LOG("game_over", lang, rounds=rounds_text(event["rounds"], lang), title=title)]
    return []  # an event of a newer engine: nothing to tell rather than a wrong line


def _deal_lines(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    lines = [LOG("deal", lang, round=event["round"], name=names[event["marker"]])]
    row: list[int] = list(event["row"])
    at = row.index(0)
    if at + 1 < len(row):
        lines.append(
            LOG(
                "deal_row",
                lang,
                left=city_name(row[at - 1]),
                right=city_name(row[at + 1]),
            )
        )
    else:
        lines.append(LOG("deal_row_last", lang, left=city_name(row[at - 1])))
    if "hand" in event:
        cards = ", ".join(card_text(card, lang) for card in event["hand"])
        lines.append(LOG("your_hand", lang, cards=cards))
    return lines


def reason_text(code: str, message: str, lang: str) -> str:
    """A refusal in words; `message` (the engine's English) for an unknown code."""
    if code == "game_over":
        return LOG("game_over_refusal", lang)
    if code == "banned":
        city = _city_in(message)
        if city is None:
            return LOG("banned_here", lang)
        return LOG("banned", lang, city=city)
    return LOG(code, lang) if code in _REFUSALS else message


def _city_in(message: str) -> str | None:
    """The city a refusal's English names, the longest name found."""
    found = [name for name in CITY_NAMES if name in message]
    return max(found, key=len) if found else None
