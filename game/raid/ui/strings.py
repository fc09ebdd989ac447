"""Raid's words in French and English: the board, the controls, the log lines
(``describe``) and the refusals (``reason_text``).

``tr(key, lang, **values)`` formats one string; a missing key or language is a
bug (``KeyError``). Events arrive already filtered for the reader
(``engine.events.event_for_seat``): a secret is named only when the event holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from game.engine.words import Catalogue
from game.raid.state import Kind, kind_of

__all__ = [
    "STRINGS",
    "card_text",
    "describe",
    "join",
    "numbered",
    "over_title",
    "reason_text",
    "tr",
]

_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ------------------------------------------------------------- cards
    "strike": {"fr": "Frappe", "en": "Strike"},
    "heal": {"fr": "Soin", "en": "Heal"},
    "shield": {"fr": "Bouclier", "en": "Shield"},
    "scout": {"fr": "Éclaireur", "en": "Scout"},
    "card_back": {"fr": "Carte cachée", "en": "Hidden card"},
    # ------------------------------------------------------------- board
    "board_title": {"fr": "Plateau du raid", "en": "Raid board"},
    "round": {"fr": "Manche {n} sur {of}", "en": "Round {n} of {of}"},
    "deck": {"fr": "Butin", "en": "Loot"},
    "deck_aria": {"fr": "Pioche du butin : {n} cartes", "en": "Loot deck: {n} cards"},
    "discards": {"fr": "Défausse", "en": "Discards"},
    "no_discard": {"fr": "Aucune carte jouée", "en": "No card played yet"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "you": {"fr": "vous", "en": "you"},
    "bot": {"fr": "bot", "en": "bot"},
    "playing": {"fr": "joue", "en": "playing"},
    "your_turn_tag": {"fr": "à vous", "en": "your turn"},
    "picked_tag": {"fr": "a choisi", "en": "picked"},
    "down_tag": {"fr": "à terre", "en": "down"},
    "hp": {"fr": "{n} / {max} PV", "en": "{n} / {max} HP"},
    "guard": {"fr": "Garde {n}", "en": "Guard {n}"},
    "loot_aria": {"fr": "Butin de {name}", "en": "{name}'s loot"},
    "hand_aria": {"fr": "Main de draft de {name}", "en": "{name}'s draft hand"},
    "no_loot": {"fr": "Aucun butin", "en": "No loot"},
    "your_pick": {"fr": "Votre choix : {card}", "en": "Your pick: {card}"},
    "strike_now": {"fr": "{striker} frappe {target} !", "en": "{striker} strikes {target}!"},
    "waiting": {"fr": "En attente de {names}…", "en": "Waiting for {names}…"},
    "and": {"fr": " et ", "en": " and "},
    # -------------------------------------------------------------- dock
    "prompt_pick": {
        "fr": "Choisissez une carte de butin : elle reste cachée jusqu’à ce que tous aient choisi.",
        "en": "Choose a loot card: it stays face down until everyone has chosen.",
    },
    "prompt_play": {
        "fr": "Jouez votre butin, puis finissez votre tour.",
        "en": "Play your loot, then end your turn.",
    },
    "prompt_react": {
        "fr": "{name} vous frappe : parez avec un bouclier ou encaissez le coup.",
        "en": "{name} strikes you: block with a shield or take the blow.",
    },
    "pick_group": {"fr": "Votre main de draft", "en": "Your draft hand"},
    "pick": {"fr": "Prendre : {card}", "en": "Take: {card}"},
    "pick_again": {"fr": "Prendre plutôt : {card}", "en": "Take instead: {card}"},
    "play_strike": {"fr": "Frapper {name}", "en": "Strike {name}"},
    "play_heal": {"fr": "Soigner {name}", "en": "Heal {name}"},
    "play_shield": {"fr": "Protéger {name}", "en": "Shield {name}"},
    "play_scout": {"fr": "Piocher une carte", "en": "Draw a card"},
    "play_aria": {"fr": "{card} : {what}", "en": "{card}: {what}"},
    # two loot cards of one kind act alike but are two controls: number them
    "nth": {"fr": "{what} ({n} sur {count})", "en": "{what} ({n} of {count})"},
    "end": {"fr": "Finir mon tour", "en": "End my turn"},
    "block": {"fr": "Parer avec le bouclier", "en": "Block with the shield"},
    "take": {"fr": "Encaisser le coup", "en": "Take the blow"},
    # ------------------------------------------------------ result, over
    "result_title": {"fr": "Fin de la manche {n}", "en": "End of round {n}"},
    "standing_line": {
        "fr": "Le boss a {boss} PV ; {heroes} héros debout.",
        "en": "The Boss has {boss} HP; {heroes} heroes standing.",
    },
    "next_round": {"fr": "Manche suivante", "en": "Next round"},
    "see_final": {"fr": "Voir le résultat final", "en": "See the final result"},
    "winner": {"fr": "Vainqueur", "en": "Winner"},
    "over_party": {
        "fr": "Le groupe gagne : le boss tombe !",
        "en": "The party wins: the Boss falls!",
    },
    "over_lair": {
        "fr": "Le boss gagne : tout le groupe est à terre.",
        "en": "The Boss wins: the whole party is down.",
    },
    "over_dawn": {
        "fr": "Le boss gagne : l’aube se lève et il tient toujours.",
        "en": "The Boss wins: dawn breaks and it still stands.",
    },
    "standings": {"fr": "Les camps", "en": "The sides"},
    "col_player": {"fr": "Joueur", "en": "Player"},
    "col_role": {"fr": "Rôle", "en": "Role"},
    "col_hp": {"fr": "Points de vie", "en": "Hit points"},
    "role_boss": {"fr": "Boss", "en": "Boss"},
    "role_hero": {"fr": "Héros", "en": "Hero"},
    # -------------------------------------------------------------- log
    "log_round": {
        "fr": "Manche {round} : chacun reçoit trois cartes de butin.",
        "en": "Round {round}: each player is dealt three loot cards.",
    },
    "log_your_hand": {"fr": "Votre main : {cards}.", "en": "Your hand: {cards}."},
    "log_pick": {"fr": "{name} choisit une carte.", "en": "{name} picks a card."},
    "log_pick_again": {"fr": "{name} change d’avis.", "en": "{name} changes their pick."},
    "log_your_pick": {"fr": "Vous prenez : {card}.", "en": "You take: {card}."},
    "log_reveal": {
        "fr": "Les choix se révèlent : {picks}.",
        "en": "The picks are revealed: {picks}.",
    },
    "log_took": {"fr": "{name} prend {card}", "en": "{name} takes {card}"},
    "log_pass": {
        "fr": "Les mains passent à gauche ({n} carte chacune).",
        "en": "The hands pass left ({n} card each).",
    },
    "log_pass_many": {
        "fr": "Les mains passent à gauche ({n} cartes chacune).",
        "en": "The hands pass left ({n} cards each).",
    },
    "log_turns": {
        "fr": "Le draft est fini : place au combat.",
        "en": "The draft is over: to battle.",
    },
    "log_strike": {"fr": "{name} frappe {target}.", "en": "{name} strikes {target}."},
    "log_heal": {"fr": "{name} soigne {target}.", "en": "{name} heals {target}."},
    "log_shield": {"fr": "{name} protège {target}.", "en": "{name} shields {target}."},
    "log_scout": {"fr": "{name} part en éclaireur.", "en": "{name} scouts ahead."},
    "log_draw": {"fr": "{name} pioche : {card}.", "en": "{name} draws: {card}."},
    "log_damage": {
        "fr": "{name} perd {n} PV ({hp} restants).",
        "en": "{name} loses {n} HP ({hp} left).",
    },
    "log_falls": {"fr": "{name} tombe !", "en": "{name} falls!"},
    "log_block": {
        "fr": "{name} pare le coup avec un bouclier.",
        "en": "{name} blocks with a shield.",
    },
    "log_end": {"fr": "{name} finit son tour.", "en": "{name} ends their turn."},
    # ---------------------------------------------------------- refusals
    "game_over": {"fr": "la partie est finie", "en": "the game is over"},
    "no_such_seat": {"fr": "cette place n’existe pas", "en": "there is no such seat"},
    "not_your_turn": {"fr": "ce n’est pas votre tour", "en": "it is not your turn"},
    "drafting": {"fr": "choisissez d’abord une carte de butin", "en": "pick a loot card first"},
    "not_in_hand": {
        "fr": "cette carte n’est pas dans votre main",
        "en": "that card is not in your hand",
    },
    "same_pick": {
        "fr": "vous avez déjà choisi cette carte",
        "en": "you have picked that card already",
    },
    "struck": {"fr": "parez le coup ou encaissez-le", "en": "block the strike or take it"},
    "not_a_shield": {
        "fr": "parez avec un bouclier de votre butin",
        "en": "block with a shield of your loot",
    },
    "not_drafting": {"fr": "le draft est fini", "en": "the draft is over"},
    "not_struck": {"fr": "personne ne vous frappe", "en": "nobody is striking you"},
    "not_in_loot": {
        "fr": "cette carte n’est pas dans votre butin",
        "en": "that card is not in your loot",
    },
    "scout_self": {
        "fr": "un éclaireur pioche pour son joueur",
        "en": "a scout draws for its player only",
    },
    "deck_empty": {"fr": "la pioche du butin est vide", "en": "the loot deck is empty"},
    "no_such_target": {"fr": "cette cible n’existe pas", "en": "there is no such target"},
    "target_down": {"fr": "ce héros est à terre", "en": "that hero is down"},
    "strike_ally": {
        "fr": "frappez le camp adverse, pas le vôtre",
        "en": "strike the other side, not your own",
    },
    "too_far": {
        "fr": "soignez ou protégez-vous, ou un héros à côté de vous",
        "en": "heal or shield yourself or a hero beside you",
    },
}
STRINGS: Final = Catalogue("raid.board", _STRINGS_ENTRIES)

_REFUSALS: Final = frozenset(
    {
        "game_over", "no_such_seat", "not_your_turn", "drafting", "not_in_hand", "same_pick",
        "struck", "not_a_shield", "not_drafting", "not_struck", "not_in_loot", "scout_self",
        "deck_empty", "no_such_target", "target_down", "strike_ally", "too_far",
    }
)  # fmt: skip

tr: Final = STRINGS


def card_text(card: int, lang: str) -> str:
    return tr(kind_of(card).value, lang)


def numbered(texts: Sequence[str], lang: str) -> list[str]:
    """The texts, each that appears more than once numbered among its equals
    ("Heal (1 of 2)", "Heal (2 of 2)"): two loot cards of one kind act alike
    but are two controls, and no two controls of the dock may read alike."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for text in texts:
        count = texts.count(text)
        seen[text] = seen.get(text, 0) + 1
        out.append(text if count == 1 else tr("nth", lang, what=text, n=seen[text], count=count))
    return out


def join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + tr("and", lang) + names[-1]


def over_title(winner: str, why: str, lang: str) -> str:
    if winner == "party":
        return tr("over_party", lang)
    return tr("over_dawn" if why == "dawn" else "over_lair", lang)  # every hero down


def describe(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log lines of one event as its reader saw it (secrets only if given)."""
    kind = event["type"]
    name = names[event["seat"]] if "seat" in event else ""
    if kind in ("round", "pass"):
        if kind == "round":
            lines = [tr("log_round", lang, round=event["round"])]
        else:
            lines = [STRINGS.plural("log_pass", "log_pass_many", event["size"], lang)]
        if "hand" in event:
            cards = ", ".join(card_text(card, lang) for card in event["hand"])
            lines.append(tr("log_your_hand", lang, cards=cards))
        return lines
    if kind == "pick":
        lines = [tr("log_pick_again" if event["again"] else "log_pick", lang, name=name)]
        if "card" in event:
            lines.append(tr("log_your_pick", lang, card=card_text(event["card"], lang)))
        return lines
    if kind == "reveal":
        picks = [
            tr("log_took", lang, name=names[seat], card=card_text(card, lang))
            for seat, card in enumerate(event["picks"])
        ]
        return [tr("log_reveal", lang, picks=", ".join(picks))]
    if kind == "turns":
        return [tr("log_turns", lang)]
    if kind == "play":
        played = kind_of(event["card"])
        target = names[event["target"]]
        if played == Kind.SCOUT:
            return [tr("log_scout", lang, name=name)]
        return [tr(f"log_{played.value}", lang, name=name, target=target)]
    if kind == "draw":
        return [tr("log_draw", lang, name=name, card=card_text(event["card"], lang))]
    if kind == "damage":
        line = tr("log_damage", lang, name=name, n=event["amount"], hp=event["hp"])
        return [line, tr("log_falls", lang, name=name)] if event["hp"] == 0 else [line]
    if kind == "block":
        return [tr("log_block", lang, name=name)]
    if kind == "end":
        return [tr("log_end", lang, name=name)]
    if kind == "game_over":
        return [over_title(event["team"], event["why"], lang)]
    return [kind]


def reason_text(code: str, message: str, lang: str) -> str:
    """A refusal in words; `message` (the engine's English) for an unknown code."""
    return tr(code, lang) if code in _REFUSALS else message
