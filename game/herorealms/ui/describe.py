"""The log's words for every event, and the words for every refusal, in
French and English (our own). A seat's own secret cards (the `cards` of a
deal, a draw or a look, which only it receives) are named; nobody else's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.words import Catalogue
from game.herorealms.cards import kind_of

from .board_words import BOARD, join_names
from .names import card_name
from .words import ABILITY_ORDER, effects_text

__all__ = ["LOG", "REASONS", "card_of", "describe", "reason_text"]

_LOG: Final[dict[str, dict[str, str]]] = {
    "deal": {
        "fr": "Le marché s’ouvre et chacun prend sa main de départ.",
        "en": "The market opens and everyone takes their opening hand.",
    },
    "deal_own": {"fr": "Votre main : {cards}.", "en": "Your hand: {cards}."},
    "gain_gold": {"fr": "{name} gagne {n} or.", "en": "{name} gains {n} gold."},
    "gain_combat": {"fr": "{name} gagne {n} combat.", "en": "{name} gains {n} combat."},
    "gain_health": {"fr": "{name} gagne {n} santé.", "en": "{name} gains {n} health."},
    "lose_gold": {"fr": "{name} perd {n} or.", "en": "{name} loses {n} gold."},
    "lose_combat": {"fr": "{name} perd {n} combat.", "en": "{name} loses {n} combat."},
    "lose_health": {"fr": "{name} perd {n} santé.", "en": "{name} loses {n} health."},
    "draw_one": {"fr": "{name} pioche une carte.", "en": "{name} draws a card."},
    "draw_many": {"fr": "{name} pioche {n} cartes.", "en": "{name} draws {n} cards."},
    "draw_own": {"fr": "Vous piochez : {cards}.", "en": "You draw: {cards}."},
    "reshuffle": {
        "fr": "{name} mélange sa défausse : une nouvelle pioche de {n} cartes.",
        "en": "{name} shuffles their discard pile into a new deck of {n} cards.",
    },
    "play": {"fr": "{name} joue {card}.", "en": "{name} plays {card}."},
    "expend": {"fr": "{name} épuise {card}.", "en": "{name} expends {card}."},
    "expend_pack": {
        "fr": "{name} épuise son talent, {card}.",
        "en": "{name} expends their skill, {card}.",
    },
    "look": {
        "fr": "{name} regarde les {n} cartes du dessus de sa pioche.",
        "en": "{name} looks at the top {n} cards of their deck.",
    },
    "look_own": {"fr": "Vous voyez : {cards}.", "en": "You see: {cards}."},
    "put_back": {
        "fr": "{name} remet une carte sur sa pioche.",
        "en": "{name} puts a card back on their deck.",
    },
    "resurrect": {
        "fr": "{name} remet {card} en jeu.",
        "en": "{name} brings {card} back into play.",
    },
    "bless": {"fr": "{name} bénit {target}.", "en": "{name} blesses {target}."},
    "fireball": {
        "fr": "{name} lance une boule de feu sur {target} et ses champions.",
        "en": "{name} hurls a fireball at {target} and their champions.",
    },
    "heist": {
        "fr": "{name} vole {card} dans la défausse de {owner}.",
        "en": "{name} steals {card} from {owner}'s discard pile.",
    },
    "ally": {
        "fr": "{name} déclenche l’allié de {card}.",
        "en": "{name} uses {card}'s ally ability.",
    },
    "sacrifice": {"fr": "{name} sacrifie {card}.", "en": "{name} sacrifices {card}."},
    "sacrifice_pack": {
        "fr": "{name} sacrifie sa capacité, {card}.",
        "en": "{name} sacrifices their ability, {card}.",
    },
    "buy_discard": {
        "fr": "{name} achète {card} pour {n} or.",
        "en": "{name} buys {card} for {n} gold.",
    },
    "buy_deck": {
        "fr": "{name} achète {card} pour {n} or et le pose sur sa pioche.",
        "en": "{name} buys {card} for {n} gold and puts it on top of their deck.",
    },
    "buy_hand": {
        "fr": "{name} achète {card} pour {n} or et le prend en main.",
        "en": "{name} buys {card} for {n} gold and takes it into their hand.",
    },
    "refill": {"fr": "Le marché dévoile {card}.", "en": "The market reveals {card}."},
    "attack_player": {
        "fr": "{name} inflige {n} dégâts à {target} (reste {health} santé).",
        "en": "{name} deals {n} damage to {target} ({health} health left).",
    },
    "attack_champion": {
        "fr": "{name} frappe {card} avec {n} combat.",
        "en": "{name} strikes {card} with {n} combat.",
    },
    "stun": {
        "fr": "{card} de {owner} est assommé et part dans sa défausse.",
        "en": "{owner}'s {card} is stunned and goes to their discard pile.",
    },
    "out": {"fr": "{name} est éliminé.", "en": "{name} is out of the game."},
    "game_over": {"fr": "Victoire de {names} !", "en": "Victory for {names}!"},
    "end_turn": {"fr": "{name} finit son tour.", "en": "{name} ends their turn."},
    "turn": {"fr": "Au tour de {name}.", "en": "{name}'s turn begins."},
    "turn_discards": {
        "fr": "Au tour de {name}, qui doit d’abord défausser {n}.",
        "en": "{name}'s turn begins: first they discard {n}.",
    },
    "turn_pooled": {
        "fr": "L’équipe garde {gold} or et {combat} combat.",
        "en": "The team keeps {gold} gold and {combat} combat.",
    },
    "choose": {
        "fr": "{name} choisit pour {card} : {option}.",
        "en": "{name} picks for {card}: {option}.",
    },
    "choose_plain": {
        "fr": "{name} fait son choix pour {card}.",
        "en": "{name} makes a choice for {card}.",
    },
    "must_discard": {
        "fr": "{by} oblige {name} à défausser une carte à son prochain tour.",
        "en": "{by} makes {name} discard a card as their next turn begins.",
    },
    "skip": {
        "fr": "{name} renonce à l’effet de {card}.",
        "en": "{name} passes on {card}'s effect.",
    },
    "discard": {"fr": "{name} défausse {card}.", "en": "{name} discards {card}."},
    "to_deck": {
        "fr": "{name} pose {card} sur sa pioche.",
        "en": "{name} puts {card} on top of their deck.",
    },
    "prepare": {"fr": "{name} prépare {card}.", "en": "{name} prepares {card}."},
    "ignored": {
        "fr": "{card} : aucune cible, l’effet est perdu.",
        "en": "{card}: nothing to target, the effect is lost.",
    },
    "unknown": {"fr": "Un coup est joué.", "en": "A move is played."},
}

LOG: Final = Catalogue("herorealms.log", _LOG)

_REASONS: Final[dict[str, dict[str, str]]] = {
    "game_over": {"fr": "La partie est finie.", "en": "The game is over."},
    "no_such_seat": {"fr": "Cette place n’existe pas.", "en": "There is no such seat."},
    "not_your_turn": {"fr": "Ce n’est pas votre tour.", "en": "It is not your turn."},
    "no_question": {
        "fr": "Aucune carte ne vous demande rien.",
        "en": "No card is asking you anything.",
    },
    "no_gems": {"fr": "Il n’y a plus de gemme de feu.", "en": "No Fire Gem is left."},
    "no_such_card": {"fr": "Cette carte n’existe pas.", "en": "There is no such card."},
    "not_in_hand": {
        "fr": "Cette carte n’est pas dans votre main.",
        "en": "That card is not in your hand.",
    },
    "not_in_market": {
        "fr": "Cette carte n’est pas au marché.",
        "en": "That card is not in the market.",
    },
    "not_your_champion": {
        "fr": "Ce n’est pas l’un de vos champions en jeu.",
        "en": "That is not one of your champions in play.",
    },
    "expended": {"fr": "Ce champion est déjà épuisé.", "en": "That champion is already expended."},
    "no_expend": {
        "fr": "Ce champion ne s’épuise pour rien.",
        "en": "That champion has no expend ability.",
    },
    "not_in_play": {"fr": "Cette carte n’est pas en jeu.", "en": "That card is not in play."},
    "no_sacrifice": {
        "fr": "Cette carte ne peut pas être sacrifiée pour un effet.",
        "en": "That card has no sacrifice ability.",
    },
    "no_ally": {
        "fr": "Cette carte n’a pas de capacité d’allié.",
        "en": "That card has no ally ability.",
    },
    "ally_used": {
        "fr": "Cet allié a déjà servi ce tour-ci.",
        "en": "That ally ability is already used this turn.",
    },
    "no_ally_in_play": {
        "fr": "Il faut une autre carte de sa faction en jeu.",
        "en": "You need another card of its faction in play.",
    },
    "not_an_opponent": {
        "fr": "Attaquez un adversaire encore en jeu.",
        "en": "Attack an opponent still in the game.",
    },
    "out_of_reach": {
        "fr": "Cette cible est hors de votre portée.",
        "en": "That target is out of your reach.",
    },
    "guarded": {
        "fr": "Un garde prêt protège cette cible.",
        "en": "A prepared guard protects that target.",
    },
    "not_enough_combat": {
        "fr": "Vous n’avez pas assez de combat.",
        "en": "You do not have enough combat.",
    },
    "not_enough_gold": {"fr": "Vous n’avez pas assez d’or.", "en": "You do not have enough gold."},
    "not_a_target": {
        "fr": "Ce n’est pas un champion adverse en jeu.",
        "en": "That is not an opponent's champion in play.",
    },
    "no_pack": {"fr": "Vous jouez sans personnage.", "en": "You play without a character pack."},
    "ability_used": {
        "fr": "Votre capacité est déjà sacrifiée (une fois par partie).",
        "en": "Your ability is already sacrificed (once a game).",
    },
    "too_early": {
        "fr": "Cette capacité attend votre troisième tour.",
        "en": "This ability waits for your third turn.",
    },
    "skill_used": {
        "fr": "Votre talent a déjà servi ce tour-ci.",
        "en": "Your skill is already used this turn.",
    },
    "no_health_to_spend": {
        "fr": "Ce talent coûte 1 santé et il ne vous en reste qu’un.",
        "en": "This skill costs 1 health and you have only 1 left.",
    },
    "no_heist": {
        "fr": "Il faut un vol pour acheter dans une défausse.",
        "en": "You need a heist to buy from a discard pile.",
    },
    "not_in_discard": {
        "fr": "Cette carte n’est pas dans la défausse d’un adversaire.",
        "en": "That card is not in an opponent's discard pile.",
    },
    "no_printed_cost": {
        "fr": "Une carte sans coût imprimé ne se vole pas.",
        "en": "A card with no printed cost cannot be taken.",
    },
    "no_gold_to_play": {
        "fr": "Il faut au moins deux pièces d’or ou rubis en main.",
        "en": "You need two or more Gold or Ruby in hand.",
    },
    "answer_first": {
        "fr": "Répondez d’abord à la question de votre carte.",
        "en": "Answer your card's question first.",
    },
    "must_answer": {"fr": "Ce choix est obligatoire.", "en": "This choice cannot be skipped."},
    "bad_answer": {
        "fr": "Ce n’est pas l’une des réponses possibles.",
        "en": "That is not one of the answers.",
    },
    "other": {"fr": "Coup refusé.", "en": "Move refused."},
}

REASONS: Final = Catalogue("herorealms.reasons", _REASONS)


def card_of(card: int, lang: str) -> str:
    return card_name(kind_of(card).key, lang)


def _name(names: Sequence[str], seat: Any, lang: str) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return BOARD("seat_name", lang, n=int(seat) + 1 if isinstance(seat, int) else "?")


def _cards(cards: Sequence[int], lang: str) -> str:
    return ", ".join(card_of(card, lang) for card in cards)


def _option(card: int, index: int, lang: str) -> str | None:
    """The words of option `index` of the card's first choice, if it has one."""
    kind = kind_of(card)
    for ability in ABILITY_ORDER:
        for effect in getattr(kind, ability):
            if effect.options and 0 <= index < len(effect.options):
                return effects_text(effect.options[index], lang)
    return None


def describe(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log's lines for one event as the viewer received it."""
    kind = event["type"]
    seat = event.get("seat")
    name = _name(names, seat, lang)
    card = card_of(event["card"], lang) if isinstance(event.get("card"), int) else ""
    if kind == "deal":
        lines = [LOG("deal", lang)]
        if event.get("cards"):
            lines.append(LOG("deal_own", lang, cards=_cards(event["cards"], lang)))
        return lines
    if kind in ("gain", "lose"):
        return [LOG(f"{kind}_{event['what']}", lang, name=name, n=event["amount"])]
    if kind == "draw":
        lines = [LOG.plural("draw_one", "draw_many", event["count"], lang, name=name)]
        if event.get("cards"):
            lines.append(LOG("draw_own", lang, cards=_cards(event["cards"], lang)))
        return lines
    if kind == "look":
        lines = [LOG("look", lang, name=name, n=event["count"])]
        if event.get("cards"):
            lines.append(LOG("look_own", lang, cards=_cards(event["cards"], lang)))
        return lines
    if kind in ("expend", "sacrifice") and event.get("from") == "pack":
        return [LOG(f"{kind}_pack", lang, name=name, card=card)]
    if kind == "buy":
        return [LOG(f"buy_{event['to']}", lang, name=name, card=card, n=event["cost"])]
    if kind == "reshuffle":
        return [LOG("reshuffle", lang, name=name, n=event["size"])]
    if kind in ("bless", "fireball"):
        return [LOG(kind, lang, name=name, target=_name(names, event["target"], lang))]
    if kind == "heist":
        return [LOG(kind, lang, name=name, card=card, owner=_name(names, event["owner"], lang))]
    if kind == "refill":
        return [LOG(kind, lang, card=card)]
    if kind == "attack":
        return [_attack(event, names, name, card, lang)]
    if kind == "stun":
        return [LOG(kind, lang, card=card, owner=_name(names, event["owner"], lang))]
    if kind == "game_over":
        winners = [_name(names, s, lang) for s in event["winners"]]
        return [LOG(kind, lang, names=join_names(winners, lang))]
    if kind == "turn":
        return _turn(event, name, lang)
    if kind == "choose":
        option = _option(event["card"], event["option"], lang)
        if option is None:
            return [LOG("choose_plain", lang, name=name, card=card)]
        return [LOG(kind, lang, name=name, card=card, option=option)]
    if kind == "must_discard":
        return [LOG(kind, lang, name=name, by=_name(names, event["by"], lang))]
    if kind in _PLAIN:
        return [LOG(kind, lang, name=name, card=card)]
    return [LOG("unknown", lang)]


#: the events told by the player's name and a card alone
_PLAIN: Final = frozenset(
    {"play", "expend", "put_back", "resurrect", "ally", "sacrifice", "out", "end_turn"}
    | {"skip", "discard", "to_deck", "prepare", "ignored"}
)


def _attack(event: Mapping[str, Any], names: Sequence[str], name: str, card: str, lang: str) -> str:
    if "target" in event:
        target = _name(names, event["target"], lang)
        return LOG(
            "attack_player",
            lang,
            name=name,
            n=event["amount"],
            target=target,
            health=event["health"],
        )
    return LOG("attack_champion", lang, name=name, card=card, n=event["amount"])


def _turn(event: Mapping[str, Any], name: str, lang: str) -> list[str]:
    discards = int(event.get("discards", 0))
    if discards:
        lines = [LOG("turn_discards", lang, name=name, n=discards)]
    else:
        lines = [LOG("turn", lang, name=name)]
    if "gold" in event:
        lines.append(LOG("turn_pooled", lang, gold=event["gold"], combat=event.get("combat", 0)))
    return lines


def reason_text(code: str, message: str, lang: str) -> str:
    """A refusal in words: the game's codes each have theirs."""
    return REASONS(code if code in REASONS else "other", lang)
