"""The board's words, in French and English (our own): the zones, the
controls, the questions a card asks, the status lines. The log's and the
refusals' words are in `describe`."""

from __future__ import annotations

from typing import Final

from game.engine.words import Catalogue

__all__ = ["BOARD", "join_names"]

_ENTRIES: Final[dict[str, dict[str, str]]] = {
    # ---------------------------------------------------------------- zones
    "board_title": {"fr": "Le plateau de Hero Realms", "en": "The Hero Realms board"},
    "market": {"fr": "Le marché", "en": "The market"},
    "market_deck": {"fr": "Pioche du marché : {n}", "en": "Market deck: {n}"},
    "market_empty": {"fr": "Emplacement vide", "en": "Empty slot"},
    "gems": {"fr": "Gemmes de feu : {n}", "en": "Fire Gems: {n}"},
    "gems_none": {"fr": "Plus de gemme de feu", "en": "No Fire Gem left"},
    "sacrificed": {"fr": "Cartes sacrifiées : {n}", "en": "Sacrificed cards: {n}"},
    "sacrificed_list": {"fr": "Pile des sacrifices", "en": "Sacrifice pile"},
    "your_hand": {"fr": "Votre main", "en": "Your hand"},
    "hand_of": {"fr": "Main de {name} : {n}", "en": "{name}'s hand: {n}"},
    "hand_empty": {"fr": "Votre main est vide.", "en": "Your hand is empty."},
    "in_play_none": {"fr": "Rien n’est encore joué.", "en": "Nothing played yet."},
    "champions": {"fr": "Champions", "en": "Champions"},
    "champions_none": {"fr": "Aucun champion", "en": "No champion"},
    "deck": {"fr": "Pioche : {n}", "en": "Deck: {n}"},
    "discard": {"fr": "Défausse : {n}", "en": "Discard: {n}"},
    "discard_list": {"fr": "Défausse de {name}", "en": "{name}'s discard pile"},
    "deck_holds": {
        "fr": "Votre pioche contient (dans un ordre inconnu)",
        "en": "Your deck holds (in an unknown order)",
    },
    "looking": {"fr": "Cartes regardées", "en": "Cards you look at"},
    "word_hand": {"fr": "main", "en": "hand"},
    "word_deck": {"fr": "pioche", "en": "deck"},
    "word_discard": {"fr": "défausse", "en": "discard"},
    "word_sacrificed": {"fr": "sacrifiées", "en": "sacrificed"},
    "health_aria": {"fr": "{name} : {n} points de santé", "en": "{name}: {n} health"},
    "pools_aria": {
        "fr": "Ressources du tour : {gold} or, {combat} combat",
        "en": "This turn's pool: {gold} gold, {combat} combat",
    },
    "prepared": {"fr": "prêt", "en": "prepared"},
    "expended": {"fr": "épuisé", "en": "expended"},
    "guard_mark": {"fr": "Garde", "en": "Guard"},
    "damage": {"fr": "{n} dégâts", "en": "{n} damage"},
    "ward": {"fr": "Béni : +{n} défense", "en": "Blessed: +{n} defence"},
    "owed": {"fr": "Défaussera {n}", "en": "Will discard {n}"},
    "used": {"fr": "utilisé", "en": "used"},
    # ---------------------------------------------------------------- tags
    "you": {"fr": "Vous", "en": "You"},
    "bot": {"fr": "Robot", "en": "Bot"},
    "turn_tag": {"fr": "À son tour", "en": "Playing"},
    "your_turn_tag": {"fr": "À vous", "en": "Your turn"},
    "out_tag": {"fr": "Éliminé", "en": "Out"},
    "winner": {"fr": "Vainqueur", "en": "Winner"},
    "team": {"fr": "Équipe {n}", "en": "Team {n}"},
    "turn_line": {"fr": "Tour {n} · {name} joue", "en": "Turn {n} · {name} plays"},
    "turn_line_you": {"fr": "Tour {n} · À vous de jouer", "en": "Turn {n} · Your turn"},
    # ------------------------------------------------------------- prompts
    "prompt_main": {
        "fr": "Touchez une carte pour la jouer ou l’acheter, puis attaquez.",
        "en": "Tap a card to play or buy it, then attack.",
    },
    "prompt_choose": {"fr": "{card} : choisissez.", "en": "{card}: make your choice."},
    "prompt_stun": {
        "fr": "{card} : quel champion assommer ?",
        "en": "{card}: which champion do you stun?",
    },
    "prompt_aim_discard": {
        "fr": "{card} : quel adversaire défaussera une carte ?",
        "en": "{card}: which opponent will discard a card?",
    },
    "prompt_prepare": {
        "fr": "{card} : quel champion préparer ?",
        "en": "{card}: which champion do you prepare?",
    },
    "prompt_sacrifice": {
        "fr": "{card} : sacrifier une carte de votre main ou de votre défausse ?",
        "en": "{card}: sacrifice a card from your hand or discard pile?",
    },
    "prompt_draw_count": {
        "fr": "{card} : combien de cartes piocher (puis défausser) ?",
        "en": "{card}: how many cards do you draw (then discard)?",
    },
    "prompt_discard": {
        "fr": "{card} : quelle carte défausser ?",
        "en": "{card}: which card do you discard?",
    },
    "prompt_discard_to_top": {
        "fr": "{card} : quelle carte de votre défausse remettre sur la pioche ?",
        "en": "{card}: which card of your discard pile goes on top of your deck?",
    },
    "prompt_champion_to_top": {
        "fr": "{card} : quel champion de votre défausse remettre sur la pioche ?",
        "en": "{card}: which champion of your discard pile goes on top of your deck?",
    },
    "prompt_owed_discard": {
        "fr": "Un adversaire vous oblige à défausser une carte : laquelle ?",
        "en": "An opponent makes you discard a card: which one?",
    },
    "prompt_resurrect": {
        "fr": "{card} : quel champion remettre en jeu ?",
        "en": "{card}: which champion comes back into play?",
    },
    "prompt_aim_bless": {
        "fr": "{card} : quel joueur bénir ?",
        "en": "{card}: which player do you bless?",
    },
    "prompt_aim_fireball": {
        "fr": "{card} : sur quel adversaire lancer la boule de feu ?",
        "en": "{card}: which opponent does the fireball hit?",
    },
    "prompt_track_discard": {
        "fr": "{card} : quelle carte regardée défausser ?",
        "en": "{card}: which card you look at do you discard?",
    },
    "prompt_track_back": {
        "fr": "{card} : quelle carte remettre sur la pioche maintenant ?",
        "en": "{card}: which card goes back on your deck now?",
    },
    "answer_group": {"fr": "Votre réponse", "en": "Your answer"},
    "draw_n": {"fr": "Piocher {n}", "en": "Draw {n}"},
    "draw_none": {"fr": "Ne rien piocher", "en": "Draw none"},
    "aim": {"fr": "{name}", "en": "{name}"},
    "skip": {"fr": "Ne pas le faire", "en": "Do not"},
    "pick_in_hand": {"fr": "{card} (main)", "en": "{card} (hand)"},
    "pick_in_discard": {"fr": "{card} (défausse)", "en": "{card} (discard pile)"},
    "pick_of": {"fr": "{card} ({name})", "en": "{card} ({name})"},
    "nth": {"fr": "{what} n° {n}", "en": "{what} #{n}"},
    # ------------------------------------------------------------ controls
    "group_hand": {"fr": "Jouer une carte", "en": "Play a card"},
    "group_play_area": {"fr": "Capacités en jeu", "en": "Abilities in play"},
    "group_market": {"fr": "Acheter", "en": "Buy"},
    "group_attack": {"fr": "Attaquer", "en": "Attack"},
    "group_attack_more": {"fr": "Attaquer d’un autre montant", "en": "Attack with another amount"},
    "group_pack": {"fr": "Votre personnage", "en": "Your character"},
    "play": {"fr": "Jouer {card}", "en": "Play {card}"},
    "play_gold": {"fr": "Jouer tout l’or ({n} cartes)", "en": "Play all gold ({n} cards)"},
    "expend": {"fr": "Épuiser {card}", "en": "Expend {card}"},
    "ally": {"fr": "Allié : {card}", "en": "Ally: {card}"},
    "sacrifice": {"fr": "Sacrifier {card}", "en": "Sacrifice {card}"},
    "buy": {"fr": "Acheter {card} ({n} or)", "en": "Buy {card} ({n} gold)"},
    "buy_gem": {"fr": "Acheter une gemme de feu ({n} or)", "en": "Buy a Fire Gem ({n} gold)"},
    "buy_discard": {
        "fr": "Voler {card} chez {name} ({n} or)",
        "en": "Steal {card} from {name} ({n} gold)",
    },
    "ability": {"fr": "Sacrifier votre capacité", "en": "Sacrifice your ability"},
    "skill": {"fr": "Épuiser votre talent (2 or)", "en": "Expend your skill (2 gold)"},
    "attack_player": {"fr": "Attaquer {name} : {n}", "en": "Attack {name}: {n}"},
    "attack_all": {"fr": "Attaquer {name} avec tout ({n})", "en": "Attack {name} with all ({n})"},
    "attack_champion": {
        "fr": "Assommer {card} de {name} ({n} combat)",
        "en": "Stun {name}'s {card} ({n} combat)",
    },
    "end_turn": {"fr": "Finir le tour", "en": "End turn"},
    "end_turn_left": {
        "fr": "Finir le tour (il vous reste {gold} or et {combat} combat)",
        "en": "End turn ({gold} gold and {combat} combat unspent)",
    },
    "card_aria": {"fr": "{what}. {card}", "en": "{what}. {card}"},
    "waiting": {"fr": "{name} joue…", "en": "{name} is playing…"},
    "waiting_bot": {"fr": "{name} réfléchit…", "en": "{name} is thinking…"},
    "waiting_over": {"fr": "La partie est finie.", "en": "The game is over."},
    # ------------------------------------------------------------ progress
    "progress": {"fr": "Tour {n}, {name} joue", "en": "Turn {n}, {name} to play"},
    "progress_over": {"fr": "Partie terminée", "en": "Game over"},
    "seat_name": {"fr": "Joueur {n}", "en": "Player {n}"},
    # --------------------------------------------------------- result, over
    "over_one": {"fr": "{name} gagne la partie !", "en": "{name} wins the game!"},
    "over_team": {"fr": "{names} gagnent la partie !", "en": "{names} win the game!"},
    "over_none": {"fr": "La partie est finie.", "en": "The game is over."},
    "standings": {"fr": "Classement", "en": "Standings"},
    "result_one": {"fr": "{names} est éliminé", "en": "{names} is out"},
    "result_many": {"fr": "{names} sont éliminés", "en": "{names} are out"},
    "result_sub": {
        "fr": "Plus de santé : ses champions quittent la table.",
        "en": "No health left: their champions leave the table.",
    },
    "result_blow": {"fr": "Le tour décisif de {name} :", "en": "{name}'s decisive turn:"},
    "result_next": {"fr": "Continuer la partie", "en": "Play on"},
    "result_final": {"fr": "Voir le classement final", "en": "See the final standings"},
    "col_player": {"fr": "Joueur", "en": "Player"},
    "col_health": {"fr": "Santé", "en": "Health"},
    "col_champions": {"fr": "Champions", "en": "Champions"},
    "and": {"fr": " et ", "en": " and "},
}

BOARD: Final = Catalogue("herorealms.board", _ENTRIES)
"""The board's words: ``BOARD("deck", "fr", n=12)``."""


def join_names(names: list[str], lang: str) -> str:
    """Names joined as a sentence does: "Anne, Bruno and Chloé"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + BOARD("and", lang) + names[-1]
