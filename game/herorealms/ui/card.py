"""A Hero Realms card's face as HTML (a pure function of its key and the
language): faction colour and symbol, name, cost, its abilities drawn as
icons (gold, combat, health, a sign for each other effect), type, defence
and guard. Two sizes: "hand", compact for a row of cards at 375 px, and
"large", with each ability also in words (shown on hover or long press).

The picture is decoration (``aria-hidden``); the card's whole text sits in a
visually hidden span, so a screen reader reads the card, and a button that
holds it takes it as its name."""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Final

from game.herorealms.cards import CardKind
from game.herorealms.effects import Effect, Kind, Per, When
from game.herorealms.kinds import CardType
from game.herorealms.packs import SKILL_COST

from .icons import icon
from .names import card_name, kind_by_key, later_cards_added, short_name
from .phrases import PHRASES
from .words import ABILITY_ORDER, ability_line, card_text

__all__ = ["SIZES", "card_back", "card_face"]

SIZES: Final = ("hand", "large")
_LONG_WORD: Final = 9

_GAINS: Final = {Kind.GOLD: "gold", Kind.COMBAT: "combat", Kind.HEALTH: "health"}
_SIGNS: Final = {
    Kind.DRAW: "draw",
    Kind.STUN: "stun",
    Kind.OPPONENT_DISCARDS: "opponent_discards",
    Kind.PREPARE: "prepare",
    Kind.SACRIFICE: "sacrifice_card",
    Kind.DRAW_DISCARD: "draw_discard",
    Kind.NEXT_TO_TOP: "to_deck",
    Kind.NEXT_ACTION_TO_TOP: "to_deck",
    Kind.NEXT_TO_HAND: "to_hand",
    Kind.DISCARD_TO_TOP: "to_deck",
    Kind.CHAMPION_TO_TOP: "to_deck",
    Kind.DRAW_IF: "draw_if",
    Kind.CHAMPION_DISCOUNT: "discount",
    Kind.ACTION_DISCOUNT: "discount",
    Kind.RESURRECT: "resurrect",
    Kind.BLESS: "bless",
    Kind.FIREBALL: "fireball",
    Kind.TRACK: "track",
    Kind.HEIST: "heist",
}
#: the signs that show their amount even when it is 1 (damage, health given, cards seen)
_ALWAYS_COUNTED: Final = (Kind.BLESS, Kind.FIREBALL, Kind.TRACK)
#: what a "for each" counts, as the small picture beside its number
_PER_SIGN: Final = {
    Per.CHAMPION: "champion",
    Per.OTHER_CHAMPION: "champion",
    Per.OTHER_GUARD: "guard",
    Per.OTHER_WILD: "wild",
    Per.OTHER_KNIFE: "knife",
}


#: how often a character pack's card may be used
_ONCE: Final = {CardType.ABILITY: "game", CardType.SKILL: "turn"}


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _long(name: str) -> str:
    """Marks a name with a word too long for a small card's line, which the
    stylesheet sets smaller (browsers cut words anywhere, not by syllable)."""
    return ' data-long="true"' if max(len(word) for word in name.split()) > _LONG_WORD else ""


def _chip(effect: Effect) -> str:
    """One effect as a small picture, with its number when it has one."""
    if effect.kind == Kind.CHOOSE:
        options = '<span class="hr-or">/</span>'.join(
            "".join(_chip(part) for part in option) for option in effect.options
        )
        every = ' data-all="when"' if effect.when != When.ALWAYS else ""
        return f'<span class="hr-choice"{every}>{options}</span>'
    if effect.kind in _GAINS:
        number = f"<b>{effect.amount}</b>" if effect.amount or effect.per == Per.NONE else ""
        per = (
            f'<span class="hr-per">+{effect.each}/{icon(_PER_SIGN[effect.per])}</span>'
            if effect.per != Per.NONE
            else ""
        )
        name = _GAINS[effect.kind]
        return f'<span class="hr-chip" data-gain="{name}">{icon(name)}{number}{per}</span>'
    sign = _SIGNS[effect.kind]
    count = ""
    if effect.kind in (Kind.DRAW, Kind.SACRIFICE, Kind.DRAW_DISCARD) and effect.amount > 1:
        count = f"<b>{effect.amount}</b>"
    if effect.kind in _ALWAYS_COUNTED:
        count = f"<b>{effect.amount}</b>"
    bonus = f'<span class="hr-per">+{effect.bonus}{icon("combat")}</span>' if effect.bonus else ""
    may = ' data-may="true"' if effect.optional else ""
    return f'<span class="hr-chip" data-sign="{sign}"{may}>{icon(sign)}{count}{bonus}</span>'


def _mark(kind: CardKind, ability: str) -> str:
    if kind.type == CardType.SKILL:  # expended, and paid for in gold
        price = f'<span class="hr-price">{icon("cost")}<b>{SKILL_COST}</b></span>'
        return icon("expend", "hr-mark") + price
    if ability == "ally":
        return icon(kind.faction.value, "hr-mark")
    if ability in ("sacrifice", "expend"):
        return icon(ability, "hr-mark")
    return ""


def _ability(kind: CardKind, ability: str, lang: str) -> str:
    effects: tuple[Effect, ...] = getattr(kind, ability)
    chips = "".join(_chip(effect) for effect in effects)
    once = _ONCE.get(kind.type)
    every = f' data-once="{once}"' if once else ""
    return (
        f'<span class="hr-ability" data-ability="{ability}"{every}>{_mark(kind, ability)}'
        f'<span class="hr-chips">{chips}</span>'
        f'<span class="hr-words">{_e(ability_line(kind, ability, lang))}</span></span>'
    )


def _foot(kind: CardKind, lang: str) -> str:
    kind_word = PHRASES(f"type_{kind.type.value}", lang)
    defence = ""
    if kind.defence:
        guard = ' data-guard="true"' if kind.guard else ""
        guard_word = f'<span class="hr-guard-word">{_e(PHRASES("guard", lang))}</span>'
        defence = (
            f'<span class="hr-defence"{guard}>{icon("guard")}<b>{kind.defence}</b>'
            f"{guard_word if kind.guard else ''}</span>"
        )
    faction = icon(kind.faction.value, "hr-faction")
    return (
        f'<span class="hr-foot">{faction}<span class="hr-type">{_e(kind_word)}</span>'
        f"{defence}</span>"
    )


def card_face(key: str, lang: str, *, size: str = "hand", attrs: str = "") -> str:
    """The card `key` drawn in `lang`, `size` "hand" or "large"; `attrs` are
    extra attributes the caller adds (a card id the viewer may see)."""
    if size not in SIZES:
        raise ValueError(f"no card size {size!r}: one of {SIZES}")
    head, tail = _face(key, lang, size, later_cards_added())
    return f"{head}{attrs}{tail}"


@lru_cache(maxsize=2048)
def _face(key: str, lang: str, size: str, _added: int) -> tuple[str, str]:
    """The face around its caller's attributes, drawn once for each card,
    language and size (a board draws the same cards over and over: drawing
    them was most of its time); `_added` keys it to the names lent so far."""
    kind = kind_by_key(key)
    name = card_name(key, lang) if size == "large" else short_name(key, lang)
    cost = f'<span class="hr-cost">{icon("cost")}<b>{kind.cost}</b></span>' if kind.cost else ""
    abilities = "".join(
        _ability(kind, ability, lang) for ability in ABILITY_ORDER if getattr(kind, ability)
    )
    head = (
        f'<span class="hr-card" data-key="{_e(key)}" data-faction="{kind.faction.value}" '
        f'data-type="{kind.type.value}" data-size="{size}"'
    )
    tail = (
        f'><span class="visually-hidden">{_e(card_text(key, lang))}</span>'
        f'<span class="hr-face" aria-hidden="true">'
        f'<span class="hr-head"><span class="hr-name"{_long(name)}>{_e(name)}</span>{cost}</span>'
        f'<span class="hr-abilities">{abilities}</span>{_foot(kind, lang)}</span></span>'
    )
    return head, tail


def card_back(lang: str, *, size: str = "hand", label: str = "") -> str:
    """A face-down card (a hand or a deck someone may not see): the same for
    every card, so it never tells which one it is; `label` says whose it is."""
    if size not in SIZES:
        raise ValueError(f"no card size {size!r}: one of {SIZES}")
    return (
        f'<span class="hr-card hr-back" data-hidden="back" data-size="{size}" role="img" '
        f'aria-label="{_e(label or PHRASES("back", lang))}">{icon("none", "hr-back-mark")}</span>'
    )
