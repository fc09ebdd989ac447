"""The extensions in words, French and English: potions, companions (their
animals, names and powers), the Reaper, their spells, reasons and log lines.

`text.py` falls back here for what it does not know; `describe` answers None
for an event it leaves to `text.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.words import Catalogue
from .cards import COMPANIONS, SPELL_KINDS, potion_size

__all__ = [
    "COMPANION_NAMES",
    "COMPANION_POWERS",
    "companion_name",
    "companion_power",
    "describe",
    "hits_reaper_exactly",
    "line",
    "potion_text",
    "reading_text",
    "reason_fr",
    "spell_effect",
    "spell_name",
]

_SPELL_NAMES_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "invert_potion": {"fr": "Inversion de potion", "en": "Invert a potion"},
    "swap_companions": {"fr": "Échange de compagnons", "en": "Swap companions"},
}
_SPELL_NAMES: Final = Catalogue("bossquest.extension_spell_names", _SPELL_NAMES_ENTRIES)

_SPELL_EFFECTS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "invert_potion": {
        "fr": "Inverse le sens de lecture de la potion visible d’un joueur.",
        "en": "Flips the reading of one player's face-up potion.",
    },
    "swap_companions": {
        "fr": "Intervertit deux compagnons, en jeu ou en réserve.",
        "en": "Swaps two companions, in play or in reserve.",
    },
}
_SPELL_EFFECTS: Final = Catalogue("bossquest.extension_spell_effects", _SPELL_EFFECTS_ENTRIES)

# The book gives the companions no names: each has an animal and a name of ours.
_COMPANION_NAMES_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "chameleon": {"fr": "Prisme, le caméléon", "en": "Prism the Chameleon"},
    "owl": {"fr": "Minuit, la chouette", "en": "Midnight the Owl"},
    "hare": {"fr": "Flèche, le lièvre", "en": "Dash the Hare"},
    "badger": {"fr": "Têtu, le blaireau", "en": "Grit the Badger"},
    "tortoise": {"fr": "Carapace, la tortue", "en": "Shell the Tortoise"},
    "magpie": {"fr": "Margot, la pie", "en": "Glint the Magpie"},
}
COMPANION_NAMES: Final = Catalogue("bossquest.companion_names", _COMPANION_NAMES_ENTRIES)

_COMPANION_POWERS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "chameleon": {
        "fr": "Vos armes sont de toutes les couleurs.",
        "en": "Your weapons count as every colour.",
    },
    "owl": {
        "fr": "Une fois par manche : regardez le sort Mystère ou l’arme cachée d’un joueur.",
        "en": "Once a round: look at the mystery spell or at a player's hidden weapon.",
    },
    "hare": {
        "fr": "Une fois par manche : équipez-vous et allez voir le Magicien dans le même tour.",
        "en": "Once a round: equip and go to the Magician in the same turn.",
    },
    "badger": {
        "fr": "En cas d’égalité, vous l’emportez.",
        "en": "You win ties.",
    },
    "tortoise": {
        "fr": "Vous ne perdez pas de cœur si vous dépassez le BOSS de 1 ou 2.",
        "en": "You lose no heart when over the boss by 1 or 2.",
    },
    "magpie": {
        "fr": "Une fois par manche : remplacez un sort visible du Magicien par le premier "
        "de la pioche.",
        "en": "Once a round: replace a face-up spell at the Magician with the top of the "
        "spell deck.",
    },
}
COMPANION_POWERS: Final = Catalogue("bossquest.companion_powers", _COMPANION_POWERS_ENTRIES)

_REASONS_FR: Final[dict[str, str]] = {
    "read_potion_first": "Choisissez d'abord le sens de lecture de votre potion.",
    "no_potion_to_read": "Aucune potion n'attend son sens de lecture.",
    "bad_potion": "Lisez la potion que vous avez reçue, la première d'abord.",
    "bad_sign": "Une potion se lit en positif ou en négatif.",
    "no_companions": "Cette partie se joue sans les compagnons.",
    "not_now": "Le pouvoir d'un compagnon s'utilise pendant votre tour.",
    "not_your_companion": "Vous n'avez pas ce compagnon.",
    "power_used": "Ce pouvoir a déjà servi pendant cette manche.",
    "no_spell_left": "La pioche et la défausse des sorts sont vides.",
    "destiny_first": "Vous avez vaincu la Faucheuse : choisissez votre destinée.",
    "no_destiny": "Seul le vainqueur de la manche de la Faucheuse choisit sa destinée.",
    "reaper_taken": "Un autre vainqueur est déjà devenu la Faucheuse.",
}

_LINES_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "potion": {
        "fr": "{seat} lit {potion} : {reading}.",
        "en": "{seat} reads {potion} as {reading}.",
    },
    "reveal": {
        "fr": "Combat ! Toutes les cartes sont révélées : {cards}.",
        "en": "Fight! Every card is turned face up: {cards}.",
    },
    "invert": {
        "fr": "{seat} inverse {potion} : elle vaut maintenant {reading}.",
        "en": "{seat} inverts {potion}: it now reads {reading}.",
    },
    "swap_companions": {
        "fr": "{seat} intervertit {first} et {second}.",
        "en": "{seat} swaps {first} and {second}.",
    },
    "look": {
        "fr": "{seat} regarde l’arme cachée de {target} (chouette).",
        "en": "{seat} looks at {target}'s hidden weapon (owl).",
    },
    "look_mystery": {
        "fr": "{seat} regarde le sort Mystère (chouette).",
        "en": "{seat} looks at the mystery spell (owl).",
    },
    "you_see": {"fr": "Vous voyez : {card}.", "en": "You see: {card}."},
    "replace": {
        "fr": "{seat} remplace « {spell} » par « {drawn} » (pie).",
        "en": "{seat} replaces “{spell}” with “{drawn}” (magpie).",
    },
    "ghost": {
        "fr": "{seat} perd son dernier cœur et devient un fantôme : la Faucheuse arrive !",
        "en": "{seat} loses their last heart and becomes a ghost: the Reaper is coming!",
    },
    "gone": {"fr": "{seat} quitte la partie.", "en": "{seat} leaves the game."},
    "hare_visit": {
        "fr": "{seat} file voir le Magicien dans le même tour (lièvre).",
        "en": "{seat} dashes to the Magician in the same turn (hare).",
    },
    "life": {
        "fr": "{seat} récupère sa vie : 3 cœurs.",
        "en": "{seat} takes life back: 3 hearts.",
    },
    "reaper": {"fr": "{seat} devient la Faucheuse !", "en": "{seat} becomes the Reaper!"},
    "reaper_round": {
        "fr": "Manche {round} : la Faucheuse ({hp} PV) ! {armorer} est l’Armurier.",
        "en": "Round {round}: the Reaper ({hp} hit points)! {armorer} is the Armorer.",
    },
    "note_reaper_hit": {"fr": ", frappé par la Faucheuse", "en": ", struck by the Reaper"},
    "note_reaper": {"fr": " (la Faucheuse)", "en": " (the Reaper)"},
    "note_ghost": {"fr": " (fantôme)", "en": " (ghost)"},
    "note_winner": {"fr": ", vainc la Faucheuse", "en": ", beats the Reaper"},
    # Exactly the Reaper's hit points: the closest one can be, but no PERFECT
    # key, since nobody takes a key in the Reaper's round.
    "note_reaper_exact": {
        "fr": ", égale les PV de la Faucheuse (pas de clef PERFECT dans sa manche)",
        "en": ", exactly the Reaper's hit points (no PERFECT key in its round)",
    },
}
_LINES: Final = Catalogue("bossquest.extension_log", _LINES_ENTRIES)


def _line(key: str, lang: str, **values: Any) -> str:
    return _LINES[key][lang].format(**values)


def potion_text(card: int, lang: str) -> str:
    """A potion's name, without its reading: "potion ±2"."""
    return f"potion ±{potion_size(card)}"


def reading_text(value: int) -> str:
    """A potion's reading: "+2", "−3" (typographic minus), "?" while unread."""
    if not value:
        return "?"
    return f"+{value}" if value > 0 else f"−{-value}"


def spell_name(card: int, lang: str) -> str:
    return _SPELL_NAMES[SPELL_KINDS[card]][lang]


def spell_effect(card: int, lang: str) -> str:
    return _SPELL_EFFECTS[SPELL_KINDS[card]][lang]


def companion_name(card: int, lang: str) -> str:
    """A companion's name (id: index into cards.COMPANIONS)."""
    return COMPANION_NAMES[COMPANIONS[card]][lang]


def companion_power(card: int, lang: str) -> str:
    return COMPANION_POWERS[COMPANIONS[card]][lang]


def reason_fr(code: str) -> str | None:
    return _REASONS_FR.get(code)


def describe(event: dict[str, Any], names: Sequence[str], lang: str) -> list[str] | None:
    """Log lines for an extension's event (as one seat saw it); None for the others."""
    from .text import spell_name as any_spell
    from .text import weapon_text

    kind = event["type"]
    seat = names[event["seat"]] if "seat" in event else ""
    if kind == "potion":
        potion = potion_text(event["card"], lang)
        return [
            _line("potion", lang, seat=seat, potion=potion, reading=reading_text(event["reading"]))
        ]
    if kind == "reveal":
        cards = ", ".join(
            f"{names[owner]} {weapon_text(card, lang)}"
            for owner, card in enumerate(event["hidden"])
            if card is not None
        )
        return [_line("reveal", lang, cards=cards)]
    if kind in ("look", "look_mystery"):
        lines = [_line(kind, lang, seat=seat, target=names[event.get("target", 0)])]
        if "card" in event:
            card = event["card"]
            shown = weapon_text(card, lang) if kind == "look" else f"« {any_spell(card, lang)} »"
            lines.append(_line("you_see", lang, card=shown))
        return lines
    if kind == "replace":
        spell, drawn = any_spell(event["card"], lang), any_spell(event["drawn"], lang)
        return [_line("replace", lang, seat=seat, spell=spell, drawn=drawn)]
    if kind == "visit" and event.get("hare"):
        return [_line("hare_visit", lang, seat=seat)]
    if kind == "fate":
        return [_line("ghost" if event["fate"] == "ghost" else "gone", lang, seat=seat)]
    if kind == "destiny":
        return [_line(event["choice"], lang, seat=seat)]
    if kind == "spell" and SPELL_KINDS[event["card"]] == "invert_potion":
        potion = potion_text(event["potion"], lang)
        return [
            _line("invert", lang, seat=seat, potion=potion, reading=reading_text(event["reading"]))
        ]
    if kind == "spell" and SPELL_KINDS[event["card"]] == "swap_companions":
        first, second = (companion_name(card, lang) for card in event["companions"])
        return [_line("swap_companions", lang, seat=seat, first=first, second=second)]
    return None


def hits_reaper_exactly(seat: Mapping[str, Any], hp: int) -> bool:
    """Whether a seat of a fight against the Reaper (`result.seats[i]`) has the
    strength a PERFECT needs: exactly its hit points, neither over nor out. The
    Reaper's round gives no key, so this is no PERFECT; the texts say so."""
    return not seat["over"] and not seat["out"] and seat["strength"] == hp


def line(key: str, lang: str, **values: Any) -> str:
    """One of the extensions' lines, for text.py's round and fight lines."""
    return _line(key, lang, **values)
