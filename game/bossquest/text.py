"""Boss Quest in words, French and English: card names, spell names, reasons
and the plain-words log lines made from events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..engine.words import Catalogue
from . import text_extensions
from .cards import COLOURS, REAPER, SPELL_KINDS, is_potion, weapon_colour, weapon_value

__all__ = [
    "LANGUAGES",
    "describe",
    "reason_text",
    "spell_effect",
    "spell_name",
    "weapon_text",
]

LANGUAGES: Final = ("fr", "en")

_COLOUR_NAMES: Final = {
    "fr": dict(zip(COLOURS, ("rouge", "bleu", "vert", "violet", "jaune"), strict=True)),
    "en": dict(zip(COLOURS, COLOURS, strict=True)),
}

_SPELL_NAMES_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "strength_up": {"fr": "Force +1 ou +2", "en": "Strength +1 or +2"},
    "strength_down": {"fr": "Force −1 ou −2", "en": "Strength −1 or −2"},
    "swap_hidden": {"fr": "Échange des armes cachées", "en": "Swap hidden weapons"},
    "exchange": {"fr": "Échange avec la pioche", "en": "Exchange with the deck"},
    "boss_up": {"fr": "PV du BOSS +1 ou +2", "en": "Boss HP +1 or +2"},
    "boss_down": {"fr": "PV du BOSS −1 ou −2", "en": "Boss HP −1 or −2"},
    "colour_red": {"fr": "Arme rouge exigée", "en": "Red weapon required"},
    "colour_blue": {"fr": "Arme bleue exigée", "en": "Blue weapon required"},
    "colour_green": {"fr": "Arme verte exigée", "en": "Green weapon required"},
    "colour_purple": {"fr": "Arme violette exigée", "en": "Purple weapon required"},
    "colour_yellow": {"fr": "Arme jaune exigée", "en": "Yellow weapon required"},
    "pair": {"fr": "Deux armes de même couleur", "en": "Two weapons of one colour"},
    "no_heart_loss": {"fr": "Aucun cœur perdu", "en": "No heart lost"},
    "cancel": {"fr": "Annulation", "en": "Cancel"},
    "extra_key": {"fr": "Clef supplémentaire", "en": "Extra key"},
    "second_wins": {"fr": "Le second l’emporte", "en": "Second closest wins"},
    "last_turn": {"fr": "Dernier tour", "en": "Last turn"},
}
_SPELL_NAMES: Final = Catalogue("bossquest.spell_names", _SPELL_NAMES_ENTRIES)

# What each spell does, in a line (the rulebook's spell list, shortened).
_SPELL_EFFECTS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "strength_up": {
        "fr": "Augmente la force d’attaque d’un joueur de 1 ou 2.",
        "en": "Raises one player's strength by 1 or 2.",
    },
    "strength_down": {
        "fr": "Diminue la force d’attaque d’un joueur de 1 ou 2.",
        "en": "Lowers one player's strength by 1 or 2.",
    },
    "swap_hidden": {
        "fr": "Échangez votre arme cachée avec celle d’un autre joueur.",
        "en": "Swap your hidden weapon with another player's.",
    },
    "exchange": {
        "fr": "Échangez une de vos armes contre la première de la pioche.",
        "en": "Swap one of your weapons for the top of the weapon deck.",
    },
    "boss_up": {
        "fr": "Augmente les PV du BOSS de 1 ou 2.",
        "en": "Raises the boss's hit points by 1 or 2.",
    },
    "boss_down": {
        "fr": "Diminue les PV du BOSS de 1 ou 2.",
        "en": "Lowers the boss's hit points by 1 or 2.",
    },
    "colour": {
        "fr": "Un joueur sans arme {colour} est éliminé de la manche.",
        "en": "A player with no {colour} weapon is out of the round.",
    },
    "pair": {
        "fr": "Un joueur sans deux armes de même couleur est éliminé de la manche.",
        "en": "A player without two weapons of one colour is out of the round.",
    },
    "no_heart_loss": {
        "fr": "Personne ne perd de cœur pendant cette manche.",
        "en": "Nobody loses a heart this round.",
    },
    "cancel": {
        "fr": "Annule un sort en jeu ; les deux sorts sont défaussés.",
        "en": "Cancels a spell in play; both spells are discarded.",
    },
    "extra_key": {
        "fr": "Le vainqueur de la manche gagne une clef de plus.",
        "en": "The winner of the round takes one more key.",
    },
    "second_wins": {
        "fr": "Le deuxième plus proche des PV du BOSS remporte la manche.",
        "en": "The second closest to the boss's hit points wins the round.",
    },
    "last_turn": {
        "fr": "Dernier tour : chacun chez l’Armurier joue une fois, puis le combat.",
        "en": "Last turn: everyone at the Armorer acts once more, then the fight.",
    },
}
_SPELL_EFFECTS: Final = Catalogue("bossquest.spell_effects", _SPELL_EFFECTS_ENTRIES)

_LINES_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "round": {
        "fr": "Manche {round} : le BOSS a {hp} PV. {armorer} est l’Armurier.",
        "en": "Round {round}: the boss has {hp} hit points. {armorer} is the Armorer.",
    },
    "your_hidden": {"fr": "Votre arme cachée : {card}.", "en": "Your hidden weapon: {card}."},
    "ask_one": {
        "fr": "{seat} demande {n} arme : {cards}.",
        "en": "{seat} asks for {n} weapon: {cards}.",
    },
    "ask_many": {
        "fr": "{seat} demande {n} armes : {cards}.",
        "en": "{seat} asks for {n} weapons: {cards}.",
    },
    "visit": {"fr": "{seat} va voir le Magicien.", "en": "{seat} goes to the Magician."},
    "stop": {
        "fr": "{seat} finit de s’équiper et saute le Magicien.",
        "en": "{seat} stops equipping and skips the Magician.",
    },
    "pass": {
        "fr": "{seat} passe son tour chez le Magicien.",
        "en": "{seat} passes at the Magician.",
    },
    "discard": {"fr": "{seat} défausse « {spell} ».", "en": "{seat} discards “{spell}”."},
    "discard_mystery": {
        "fr": "{seat} défausse le sort Mystère : c’était « {spell} ».",
        "en": "{seat} discards the mystery spell: it was “{spell}”.",
    },
    "activate": {"fr": "{seat} active « {spell} ».", "en": "{seat} activates “{spell}”."},
    "activate_mystery": {
        "fr": "{seat} active le sort Mystère : « {spell} » !",
        "en": "{seat} activates the mystery spell: “{spell}”!",
    },
    "fizzle": {
        "fr": "« {spell} » n’a rien sur quoi agir : il est défaussé.",
        "en": "“{spell}” has nothing to act on and is discarded.",
    },
    "strength": {
        "fr": "Force de {target} {sign}{amount}.",
        "en": "{target}'s strength {sign}{amount}.",
    },
    "boss": {"fr": "PV du BOSS {sign}{amount}.", "en": "The boss's hit points {sign}{amount}."},
    "swap": {
        "fr": "{seat} échange son arme cachée avec celle de {target}.",
        "en": "{seat} swaps hidden weapons with {target}.",
    },
    "received": {"fr": "Vous recevez {card}.", "en": "You receive {card}."},
    "exchange_hidden": {
        "fr": "{seat} échange son arme cachée avec la pioche.",
        "en": "{seat} exchanges their hidden weapon with the top of the deck.",
    },
    "exchange_hidden_secret": {
        "fr": "Vous donnez {given} et recevez {drawn}.",
        "en": "You give up {given} and receive {drawn}.",
    },
    "exchange_visible": {
        "fr": "{seat} échange {given} contre {drawn}.",
        "en": "{seat} exchanges {given} for {drawn}.",
    },
    "cancel": {"fr": "{seat} annule « {spell} ».", "en": "{seat} cancels “{spell}”."},
    "last_turn": {
        "fr": "Dernier tour ! Chacun chez l’Armurier joue une dernière fois.",
        "en": "Last turn! Everyone still at the Armorer acts one last time.",
    },
    "fight": {"fr": "Combat ! Le BOSS a {hp} PV.", "en": "Fight! The boss has {hp} hit points."},
    "fight_seat": {
        "fr": "{seat} : force {strength}{notes}.",
        "en": "{seat}: strength {strength}{notes}.",
    },
    "note_over": {"fr": ", dépasse le BOSS", "en": ", over the boss"},
    "note_heart": {"fr": " et perd un cœur", "en": " and loses a heart"},
    "note_out": {"fr": ", éliminé par un sort", "en": ", out by a spell"},
    "note_perfect": {"fr": ", PERFECT !", "en": ", PERFECT!"},
    "note_keys_one": {"fr": ", gagne {n} clef", "en": ", wins {n} key"},
    "note_keys_many": {"fr": ", gagne {n} clefs", "en": ", wins {n} keys"},
    "no_winner": {"fr": "Personne ne gagne la clef.", "en": "Nobody wins the key."},
    "game_over": {"fr": "Fin de la partie : {winners} gagne !", "en": "Game over: {winners} wins!"},
    "game_over_many": {
        "fr": "Fin de la partie : {winners} gagnent ensemble !",
        "en": "Game over: {winners} win together!",
    },
}
_LINES: Final = Catalogue("bossquest.log", _LINES_ENTRIES)

_REASONS: Final[dict[str, str]] = {
    "game_over": "La partie est finie.",
    "no_such_seat": "Ce siège n'existe pas.",
    "not_your_turn": "Ce n'est pas votre tour.",
    "choose_first": "Terminez d'abord le sort activé.",
    "nothing_to_choose": "Aucun sort n'attend de choix.",
    "bad_count": "Demandez de 1 à 4 armes.",
    "deck_short": "La pioche n'a plus assez d'armes.",
    "over_boss": "Votre force dépasse les PV du BOSS : allez voir le Magicien.",
    "last_request_used": "Vous avez eu votre dernière demande : allez voir le Magicien.",
    "skip_magician": "À 5 ou 6 joueurs, le dernier à s'équiper saute le Magicien.",
    "cannot_stop": "Seul le dernier joueur chez l'Armurier, à 5 ou 6 joueurs, peut s'arrêter.",
    "cannot_pass": "Chez l'Armurier, demandez des armes ou allez voir le Magicien.",
    "not_at_magician": "Allez d'abord voir le Magicien.",
    "at_magician": "Vous êtes chez le Magicien : choisissez un sort.",
    "must_choose_spell": "En arrivant chez le Magicien, activez ou défaussez un sort.",
    "no_mystery": "Le sort Mystère n'est plus là.",
    "not_offered": "Ce sort n'est pas chez le Magicien.",
    "no_use": "Ce sort n'a rien sur quoi agir : défaussez-le.",
    "missing_choice": "Ce sort demande un choix de plus.",
    "extra_choice": "Ce sort ne demande pas ce choix.",
    "bad_amount": "Choisissez 1 ou 2.",
    "bad_target": "Choisissez un autre joueur.",
    "bad_card": "Cette carte ne convient pas.",
}


def weapon_text(card: int, lang: str) -> str:
    if is_potion(card):  # the extensions' texts live in text_extensions
        return text_extensions.potion_text(card, lang)
    return f"{_COLOUR_NAMES[lang][COLOURS[weapon_colour(card)]]} {weapon_value(card)}"


def spell_name(card: int, lang: str) -> str:
    if SPELL_KINDS[card] not in _SPELL_NAMES:
        return text_extensions.spell_name(card, lang)
    return _SPELL_NAMES[SPELL_KINDS[card]][lang]


def spell_effect(card: int, lang: str) -> str:
    """What a spell does, in one short sentence."""
    kind = SPELL_KINDS[card]
    if kind not in _SPELL_NAMES:
        return text_extensions.spell_effect(card, lang)
    if kind.startswith("colour_"):
        colour = _COLOUR_NAMES[lang][kind.removeprefix("colour_")]
        if lang == "fr":
            colour = _FEMININE.get(colour, colour)
        return _SPELL_EFFECTS["colour"][lang].format(colour=colour)
    return _SPELL_EFFECTS[kind][lang]


# "une arme bleue": the colour agrees with "arme" (feminine).
_FEMININE: Final = {"bleu": "bleue", "vert": "verte", "violet": "violette"}


def reason_text(code: str, english: str, lang: str) -> str:
    """A refusal for people: French from the table above, English from the engine."""
    if lang != "fr":
        return english
    return _REASONS.get(code) or text_extensions.reason_fr(code) or english


def _line(key: str, lang: str, **values: Any) -> str:
    return _LINES[key][lang].format(**values)


def describe(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log lines for one event as one seat saw it (see engine.events)."""
    extended = text_extensions.describe(event, names, lang)
    if extended is not None:
        return extended
    kind = event["type"]
    name = names[event["seat"]] if "seat" in event else ""
    if kind == "round":
        armorer = names[event["armorer"]]
        values = {"round": event["round"], "hp": event["hp"], "armorer": armorer}
        reaper = event["boss"] == REAPER
        lines = [
            text_extensions.line("reaper_round", lang, **values)
            if reaper
            else _line("round", lang, **values)
        ]
        if "hidden" in event:
            lines.append(_line("your_hidden", lang, card=weapon_text(event["hidden"], lang)))
        return lines
    if kind == "ask":
        cards = ", ".join(weapon_text(card, lang) for card in event["cards"])
        count = event["count"]
        return [_LINES.plural("ask_one", "ask_many", count, lang, seat=name, cards=cards)]
    if kind in ("visit", "stop", "pass"):
        return [_line(kind, lang, seat=name)]
    if kind in ("discard", "activate"):
        key = f"{kind}_mystery" if event["mystery"] else kind
        return [_line(key, lang, seat=name, spell=spell_name(event["card"], lang))]
    if kind == "fizzle":
        return [_line("fizzle", lang, spell=spell_name(event["card"], lang))]
    if kind == "spell":
        return _describe_spell(event, names, lang)
    if kind == "fight":
        return _describe_fight(event, names, lang)
    if kind == "game_over":
        winners = [names[seat] for seat in event["winners"]]
        key = "game_over" if len(winners) == 1 else "game_over_many"
        return [_line(key, lang, winners=", ".join(winners))]
    return []


def _describe_spell(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    spell = SPELL_KINDS[event["card"]]
    name = names[event["seat"]]
    if spell in ("strength_up", "strength_down"):
        sign = "+" if spell == "strength_up" else "−"
        return [
            _line(
                "strength", lang, target=names[event["target"]], sign=sign, amount=event["amount"]
            )
        ]
    if spell in ("boss_up", "boss_down"):
        sign = "+" if spell == "boss_up" else "−"
        return [_line("boss", lang, sign=sign, amount=event["amount"])]
    if spell == "swap_hidden":
        lines = [_line("swap", lang, seat=name, target=names[event["target"]])]
        if "received" in event:
            lines.append(_line("received", lang, card=weapon_text(event["received"], lang)))
        return lines
    if spell == "exchange":
        if event["given"] == "hidden":
            lines = [_line("exchange_hidden", lang, seat=name)]
            if "drawn_hidden" in event:
                given = weapon_text(event["given_card"], lang)
                drawn = weapon_text(event["drawn_hidden"], lang)
                lines.append(_line("exchange_hidden_secret", lang, given=given, drawn=drawn))
            return lines
        given, drawn = weapon_text(event["given"], lang), weapon_text(event["drawn"], lang)
        return [_line("exchange_visible", lang, seat=name, given=given, drawn=drawn)]
    if spell == "cancel":
        return [_line("cancel", lang, seat=name, spell=spell_name(event["cancelled"], lang))]
    if spell == "last_turn":
        return [_line("last_turn", lang)]
    return []


def _describe_fight(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The fight, seat by seat. With the Reaper, "fates" marks ghosts and the
    Reaper player, and players who have left the game are not listed."""
    fates = event.get("fates") or [None] * len(event["seats"])
    reaper_round = event["boss"] == REAPER
    lines = [_line("fight", lang, hp=event["boss_hp"])]
    for seat, (result, fate) in enumerate(zip(event["seats"], fates, strict=True)):
        if not result["weapons"]:
            continue  # left the game before this fight
        label = names[seat]
        if fate in ("reaper", "ghost"):
            label += text_extensions.line(f"note_{fate}", lang)
        notes = ""
        if result["over"]:
            notes += _line("note_over", lang)
            if result["hearts_lost"] and not result.get("reaper_hit"):
                notes += _line("note_heart", lang)
        if result.get("reaper_hit"):
            notes += text_extensions.line("note_reaper_hit", lang) + _line("note_heart", lang)
        if result["out"]:
            notes += _line("note_out", lang)
        if reaper_round:  # no PERFECT in the Reaper's round: say what the hit is
            if text_extensions.hits_reaper_exactly(result, event["boss_hp"]):
                notes += text_extensions.line("note_reaper_exact", lang)
        elif result["perfect"]:
            notes += _line("note_perfect", lang)
        if result["keys_won"]:
            notes += _LINES.plural("note_keys_one", "note_keys_many", result["keys_won"], lang)
        if reaper_round and result["winner"]:
            notes += text_extensions.line("note_winner", lang)
        lines.append(
            _line("fight_seat", lang, seat=label, strength=result["strength"], notes=notes)
        )
    if not any(result["winner"] for result in event["seats"]):
        lines.append(_line("no_winner", lang))
    return lines
