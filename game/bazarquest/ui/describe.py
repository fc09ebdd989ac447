"""Bazar Quest's log: every event type in words (``describe``), and every
refusal code of the checker in words (``reason_text``). Events arrive already
filtered for the reader (``engine.events.event_for_seat``): an item is named
only when the event holds it, that is when it is the reader's own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.words import Catalogue

from ..cards import MONSTERS
from .strings import (
    adventure_name,
    card_effect,
    coins_text,
    employee_name,
    hero_name,
    item_name,
    join,
    monster_name,
    points_text,
    seat_name,
    stars_text,
    typeset,
    upgrade_name,
)

__all__ = ["LOG", "REASONS", "adventure_card_line", "describe", "fight_lines", "reason_text"]

LOG: Final = Catalogue(
    "bazarquest.log",
    {
        "monster": {
            "fr": "Un monstre se dresse : {monster} (niveau {level}).",
            "en": "A monster rises: {monster} (level {level}).",
        },
        "restock": {
            "fr": "Manche {n} : chaque échoppe reçoit un paquet d’objets.",
            "en": "Round {n}: each shop gets a packet of items.",
        },
        "restock_own": {"fr": "Votre paquet : {items}.", "en": "Your packet: {items}."},
        "pick": {"fr": "{name} a gardé un objet.", "en": "{name} kept an item."},
        "pick_own": {"fr": "Vous gardez {item}.", "en": "You keep {item}."},
        "pass_packets": {
            "fr": "Les paquets passent au voisin : {n} objets chacun.",
            "en": "The packets pass on: {n} items each.",
        },
        "pass_packets_one": {
            "fr": "Les paquets passent au voisin : 1 objet chacun.",
            "en": "The packets pass on: 1 item each.",
        },
        "pass_upgrade": {"fr": "{name} n’achète rien.", "en": "{name} buys nothing."},
        "drafted": {
            "fr": "Fin du draft : les réserves rejoignent les mains.",
            "en": "The draft is over: storage joins each hand.",
        },
        "drafted_own": {"fr": "Votre main : {items}.", "en": "Your hand: {items}."},
        "show": {
            "fr": "{name} met un objet en vitrine, face cachée.",
            "en": "{name} puts an item in the window, face down.",
        },
        "show_own": {
            "fr": "Vous mettez {item} en vitrine, face cachée.",
            "en": "You put {item} in your window, face down.",
        },
        "window_ready": {"fr": "{name} a garni sa vitrine.", "en": "{name}’s window is ready."},
        "reveal": {
            "fr": "Toutes les vitrines se révèlent ! Ordre des invitations : {order}.",
            "en": "Every window is revealed! Order of invitations: {order}.",
        },
        "reveal_window": {"fr": "{name} expose {items}.", "en": "{name} shows {items}."},
        "invite": {"fr": "{name} invite {hero}.", "en": "{name} invites {hero}."},
        "quest": {
            "fr": "{name} invite en dernier et prend le jeton Quête.",
            "en": "{name} invites last and takes the Quest token.",
        },
        "sell": {
            "fr": "{name} vend {item} à {hero} : {coins}.",
            "en": "{name} sells {item} to {hero}: {coins}.",
        },
        "sold": {"fr": "{name} a fini ses ventes.", "en": "{name} has finished selling."},
        "adventure": {
            "fr": "L’aventure commence contre {monster} !",
            "en": "The adventure against {monster} begins!",
        },
        "fight": {
            "fr": "{hero} ({name}) : attaque {attack} contre résistance {resistance}, "
            "défense {defence} contre force {strength}.",
            "en": "{hero} ({name}): attack {attack} against resistance {resistance}, "
            "defence {defence} against strength {strength}.",
        },
        "fight_result": {
            "fr": "{wound}, {fate} : {name} gagne {gain}.",
            "en": "{wound}, {fate}: {name} earns {gain}.",
        },
        "wound": {"fr": "Blessure", "en": "A wound"},
        "no_wound": {"fr": "Aucune blessure", "en": "No wound"},
        "lives": {"fr": "il survit", "en": "it lives"},
        "dies": {"fr": "il meurt avec ses objets", "en": "it dies with its items"},
        "and": {"fr": " et ", "en": " and "},
        "nothing": {"fr": "rien", "en": "nothing"},
        "adventure_card": {"fr": "Carte Aventure : {card}.", "en": "Adventure card: {card}."},
        "hard_fight": {
            "fr": "Trop peu de blessures : le combat en ajoute {added} ({wounds} en tout).",
            "en": "Too few wounds: the fight adds {added} ({wounds} in all).",
        },
        "monster_falls": {"fr": "{monster} tombe !", "en": "{monster} falls!"},
        "monster_falls_last": {
            "fr": "{monster}, le dernier monstre, tombe : la partie est finie !",
            "en": "{monster}, the last monster, falls: the game is over!",
        },
        "monster_power": {"fr": "{monster} : {power}", "en": "{monster}: {power}"},
        "new_hero": {"fr": "{hero} arrive au centre.", "en": "{hero} arrives in the centre."},
        "over_scored": {"fr": "Fin de partie : {scores}.", "en": "Game over: {scores}."},
        "over_winner": {"fr": "{names} gagne.", "en": "{names} wins."},
        "over_winners": {"fr": "{names} gagnent ensemble.", "en": "{names} win together."},
        "over_lost": {
            "fr": "Plus aucun héros à piocher : tout le monde perd.",
            "en": "No hero left to draw: everyone loses.",
        },
        "score": {"fr": "{name} {points}", "en": "{name} {points}"},
        "upgrades": {
            "fr": "Améliorations : à embaucher, {employees}. {name} commence.",
            "en": "Upgrades: for hire, {employees}. {name} starts.",
        },
        "upgrades_none": {
            "fr": "Améliorations : {name} commence.",
            "en": "Upgrades: {name} starts.",
        },
        "buy": {"fr": "{name} achète {card} : {coins}.", "en": "{name} buys {card}: {coins}."},
        "flip": {
            "fr": "{name} retourne {card} sur sa face +2 : {coins}.",
            "en": "{name} flips {card} to its +2 side: {coins}.",
        },
        "hire": {"fr": "{name} embauche {card} : {coins}.", "en": "{name} hires {card}: {coins}."},
        "inventory": {
            "fr": "Inventaire : chacun range en réserve et défausse le reste.",
            "en": "Inventory: each shop stores items and discards the rest.",
        },
        "store": {"fr": "{name} range un objet en réserve.", "en": "{name} stores an item."},
        "store_own": {"fr": "Vous rangez {item} en réserve.", "en": "You store {item}."},
        "discard": {"fr": "{name} défausse {n} objets.", "en": "{name} discards {n} items."},
        "discard_one": {"fr": "{name} défausse 1 objet.", "en": "{name} discards 1 item."},
        "discard_none": {"fr": "{name} ne défausse rien.", "en": "{name} discards nothing."},
    },
)

REASONS: Final = Catalogue(
    "bazarquest.reasons",
    {
        "game_over": {"fr": "La partie est finie.", "en": "The game is over."},
        "no_such_seat": {
            "fr": "Cette échoppe n’est pas dans la partie.",
            "en": "There is no such shop in this game.",
        },
        "not_your_turn": {"fr": "Ce n’est pas à vous de jouer.", "en": "It is not your turn."},
        "wrong_phase": {
            "fr": "Ce n’est pas le moment : faites d’abord ce que demande la phase en cours.",
            "en": "Not now: first do what the current phase asks.",
        },
        "window_empty": {
            "fr": "Mettez au moins un objet dans votre vitrine.",
            "en": "Put at least one item in your window.",
        },
        "not_in_packet": {
            "fr": "Cet objet n’est pas dans votre paquet.",
            "en": "That item is not in your packet.",
        },
        "not_in_hand": {
            "fr": "Cet objet n’est pas dans votre main.",
            "en": "That item is not in your hand.",
        },
        "hero_away": {
            "fr": "Ce héros n’attend plus au centre.",
            "en": "That hero is no longer waiting in the centre.",
        },
        "no_shared_class": {
            "fr": "Invitez un héros qui partage une classe avec votre vitrine.",
            "en": "Invite a hero who shares a class with your window.",
        },
        "not_your_hero": {
            "fr": "Ce héros n’est pas dans votre échoppe.",
            "en": "That hero is not in your shop.",
        },
        "on_display": {
            "fr": "Un objet en vitrine ne se vend pas cette manche.",
            "en": "An item in your window cannot be sold this round.",
        },
        "wrong_class": {
            "fr": "Votre héros ne partage aucune classe avec cet objet.",
            "en": "Your hero shares no class with that item.",
        },
        "purse_short": {
            "fr": "La bourse de votre héros ne peut pas payer ce prix.",
            "en": "Your hero’s purse cannot pay that price.",
        },
        "too_dear": {
            "fr": "Vous n’avez pas assez de pièces.",
            "en": "You do not have enough coins.",
        },
        "sold_out": {
            "fr": "Cette amélioration n’est plus à vendre.",
            "en": "That upgrade is not for sale.",
        },
        "one_of_each": {
            "fr": "Une échoppe n’a qu’une amélioration de chaque sorte.",
            "en": "A shop has one upgrade of each kind at most.",
        },
        "not_owned": {
            "fr": "Cette amélioration n’est pas à vous.",
            "en": "You do not own that upgrade.",
        },
        "flipped_already": {
            "fr": "Cette amélioration montre déjà sa face +2.",
            "en": "That upgrade already shows its +2 side.",
        },
        "not_on_offer": {
            "fr": "Cet employé n’est pas à embaucher.",
            "en": "That employee is not on offer.",
        },
        "hired_already": {
            "fr": "Votre échoppe emploie déjà quelqu’un comme lui.",
            "en": "Your shop already employs one like that.",
        },
    },
)


def _log(key: str, lang: str, **values: object) -> str:
    return typeset(LOG(key, lang, **values), lang)


def reason_text(code: str, message: str, lang: str) -> str:
    if code in REASONS:
        return typeset(REASONS(code, lang), lang)
    return message


def _items(items: Sequence[int], lang: str) -> str:
    return ", ".join(item_name(item, lang) for item in items) or _log("nothing", lang)


def fight_lines(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """A hero's fight in two lines: the numbers, then what they earned."""
    shop = seat_name(names, event["seat"])
    numbers = _log(
        "fight",
        lang,
        hero=hero_name(event["hero"], lang),
        name=shop,
        attack=event["attack"],
        resistance=event["resistance"],
        defence=event["defence"],
        strength=event["strength"],
    )
    gains = []
    if event["stars"]:
        gains.append(stars_text(event["stars"], lang))
    if event["coins"]:
        gains.append(coins_text(event["coins"], lang))
    gain = LOG("and", lang).join(gains) or LOG("nothing", lang)
    result = _log(
        "fight_result",
        lang,
        wound=LOG("wound" if event["wounded"] else "no_wound", lang),
        fate=LOG("lives" if event["survived"] else "dies", lang),
        name=shop,
        gain=gain,
    )
    return [numbers, result]


def describe(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    kind = event["type"]
    name = seat_name(names, event["seat"]) if isinstance(event.get("seat"), int) else ""
    if kind == "monster":
        monster = event["monster"]
        level = MONSTERS[monster].level
        return [_log("monster", lang, monster=monster_name(monster, lang), level=level)]
    if kind == "restock":
        lines = [_log("restock", lang, n=event["round"])]
        if "packet" in event:
            lines.append(_log("restock_own", lang, items=_items(event["packet"], lang)))
        return lines
    if kind == "pick":
        if "item" in event:
            return [_log("pick_own", lang, item=item_name(event["item"], lang))]
        return [_log("pick", lang, name=name)]
    if kind == "pass":
        if "seat" in event:
            return [_log("pass_upgrade", lang, name=name)]
        size = event["size"]
        lines = [_log("pass_packets_one" if size == 1 else "pass_packets", lang, n=size)]
        if "packet" in event:
            lines.append(_log("restock_own", lang, items=_items(event["packet"], lang)))
        return lines
    if kind == "drafted":
        lines = [_log("drafted", lang)]
        if "hand" in event:
            lines.append(_log("drafted_own", lang, items=_items(event["hand"], lang)))
        return lines
    if kind == "show":
        if "item" in event:
            return [_log("show_own", lang, item=item_name(event["item"], lang))]
        return [_log("show", lang, name=name)]
    if kind == "window_ready":
        return [_log("window_ready", lang, name=name)]
    if kind == "reveal":
        order = ", ".join(seat_name(names, seat) for seat in event["order"])
        lines = [_log("reveal", lang, order=order)]
        for seat, window in enumerate(event["windows"]):
            who = seat_name(names, seat)
            lines.append(_log("reveal_window", lang, name=who, items=_items(window, lang)))
        return lines
    if kind == "invite":
        return [_log("invite", lang, name=name, hero=hero_name(event["hero"], lang))]
    if kind == "quest":
        return [_log("quest", lang, name=name)]
    if kind == "sell":
        item, hero = item_name(event["item"], lang), hero_name(event["hero"], lang)
        coins = coins_text(event["coins"], lang)
        return [_log("sell", lang, name=name, item=item, hero=hero, coins=coins)]
    if kind == "sold":
        return [_log("sold", lang, name=name)]
    if kind == "adventure":
        return [_log("adventure", lang, monster=monster_name(event["monster"], lang))]
    if kind == "fight":
        numbers, result = fight_lines(event, names, lang)
        card = adventure_card_line(event, lang)
        return [numbers, card, result] if card else [numbers, result]
    if kind == "hard_fight":
        return [_log("hard_fight", lang, added=event["added"], wounds=event["wounds"])]
    if kind == "monster_falls":
        key = "monster_falls_last" if event["last"] else "monster_falls"
        return [_log(key, lang, monster=monster_name(event["monster"], lang))]
    if kind == "monster_power":
        monster = event["monster"]
        power = card_effect(MONSTERS[monster].effect, lang)
        return [_log("monster_power", lang, monster=monster_name(monster, lang), power=power)]
    if kind == "new_hero":
        return [_log("new_hero", lang, hero=hero_name(event["hero"], lang))]
    if kind == "game_over":
        return _over_lines(event, names, lang)
    if kind == "upgrades":
        starter = seat_name(names, event["turn"])
        if not event["offer"]:
            return [_log("upgrades_none", lang, name=starter)]
        staff = join([employee_name(e, lang) for e in event["offer"]], lang)
        return [_log("upgrades", lang, employees=staff, name=starter)]
    if kind in ("buy", "flip"):
        card = upgrade_name(event["upgrade"], lang)
        return [_log(kind, lang, name=name, card=card, coins=coins_text(event["coins"], lang))]
    if kind == "hire":
        card = employee_name(event["employee"], lang)
        return [_log("hire", lang, name=name, card=card, coins=coins_text(event["coins"], lang))]
    if kind == "inventory":
        return [_log("inventory", lang)]
    if kind == "store":
        if "item" in event:
            return [_log("store_own", lang, item=item_name(event["item"], lang))]
        return [_log("store", lang, name=name)]
    if kind == "discard":
        count = event["count"]
        key = "discard_none" if count == 0 else "discard_one" if count == 1 else "discard"
        return [_log(key, lang, name=name, n=count)]
    raise KeyError(f"no words for the event {kind!r}")


def _over_lines(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    if event["result"] == "lost":
        return [_log("over_lost", lang)]
    scores = ", ".join(
        LOG("score", lang, name=seat_name(names, seat), points=points_text(points, lang))
        for seat, points in enumerate(event["points"])
    )
    winners = [seat_name(names, seat) for seat in event["winners"]]
    key = "over_winner" if len(winners) == 1 else "over_winners"
    return [_log("over_scored", lang, scores=scores), _log(key, lang, names=join(winners, lang))]


def adventure_card_line(event: Mapping[str, Any], lang: str) -> str:
    """The adventure card a hero kept, "" without one (unshakeable heroes)."""
    card = event.get("adventure")
    return "" if card is None else _log("adventure_card", lang, card=adventure_name(card, lang))
