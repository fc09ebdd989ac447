"""A card's text, generated from its effects (so a card added to the
catalogue gets its words from what it does): one line per ability, in
French or English, every phrase from `PHRASES`."""

from __future__ import annotations

from typing import Final

from game.herorealms.cards import CardKind
from game.herorealms.effects import Effect, Kind, Per, When
from game.herorealms.kinds import CardType
from game.herorealms.packs import SKILL_COST

from .names import card_name, kind_by_key
from .phrases import PHRASES

__all__ = [
    "ABILITY_ORDER",
    "ability_line",
    "card_lines",
    "card_text",
    "effect_text",
    "effects_text",
    "frame_text",
]

ABILITY_ORDER: Final = ("primary", "expend", "ally", "sacrifice")
"""The order a card shows its abilities in."""

_RESOURCE: Final = {Kind.GOLD: "res_gold", Kind.COMBAT: "res_combat", Kind.HEALTH: "res_health"}
_PER: Final = {
    Per.CHAMPION: "per_champion",
    Per.OTHER_CHAMPION: "per_other_champion",
    Per.OTHER_GUARD: "per_other_guard",
    Per.OTHER_WILD: "per_other_wild",
    Per.OTHER_KNIFE: "per_other_knife",
}
#: the effects whose words never change with their numbers
_FIXED: Final = {
    Kind.OPPONENT_DISCARDS: "opponent_discards",
    Kind.PREPARE: "prepare",
    Kind.NEXT_TO_TOP: "next_to_top",
    Kind.NEXT_ACTION_TO_TOP: "next_action_to_top",
    Kind.NEXT_TO_HAND: "next_to_hand",
    Kind.DISCARD_TO_TOP: "discard_to_top",
    Kind.CHAMPION_TO_TOP: "champion_to_top",
    Kind.CHAMPION_DISCOUNT: "champion_discount",
    Kind.ACTION_DISCOUNT: "action_discount",
    Kind.RESURRECT: "resurrect",
    Kind.HEIST: "heist",
}
#: the effects whose words take their amount `n` and their second number `d`
_NUMBERED: Final = {Kind.BLESS: "bless", Kind.FIREBALL: "fireball", Kind.TRACK: "track"}


def _gain(effect: Effect, lang: str) -> str:
    what = PHRASES(_RESOURCE[effect.kind], lang)
    if effect.per == Per.NONE and effect.amount < 0:  # a cost paid in health
        return PHRASES("lose", lang, n=-effect.amount, what=what)
    if effect.per == Per.NONE:
        return PHRASES("gain", lang, n=effect.amount, what=what)
    per = PHRASES(_PER[effect.per], lang)
    if effect.amount == 0:
        return PHRASES("gain_per", lang, each=effect.each, what=what, per=per)
    return PHRASES("gain_and_per", lang, n=effect.amount, each=effect.each, what=what, per=per)


def _one_or_many(one: str, many: str, n: int, lang: str) -> str:
    return PHRASES(one, lang) if n == 1 else PHRASES(many, lang, n=n)


def _sacrifice(effect: Effect, lang: str) -> str:
    first = _one_or_many("sacrifice_one", "sacrifice_many", effect.amount, lang)
    return PHRASES("sacrifice_bonus", lang, first=first, n=effect.bonus) if effect.bonus else first


def _draw_discard(effect: Effect, lang: str) -> str:
    if effect.optional:
        return _one_or_many("draw_discard_may_one", "draw_discard_may_many", effect.amount, lang)
    return _one_or_many("draw_discard_one", "draw_discard_many", effect.amount, lang)


def _condition(effect: Effect, lang: str) -> str:
    return PHRASES(f"when_{effect.when.value}", lang, n=effect.threshold)


def _draw_if(effect: Effect, lang: str) -> str:
    if effect.when == When.ALWAYS:
        return PHRASES("draw_if_always", lang)
    return PHRASES("draw_if", lang, when=_condition(effect, lang))


def _choose(effect: Effect, lang: str) -> str:
    options = PHRASES("or", lang).join(effects_text(o, lang) for o in effect.options)
    choice = PHRASES("choose", lang, options=options)
    if effect.when == When.ALWAYS:
        return choice
    return PHRASES("choose_all", lang, choice=choice, when=_condition(effect, lang))


def effect_text(effect: Effect, lang: str) -> str:
    """One effect in words, starting lower case: "+2 gold", "draw 2 cards"."""
    kind = effect.kind
    if kind in _RESOURCE:
        return _gain(effect, lang)
    if kind in _FIXED:
        return PHRASES(_FIXED[kind], lang)
    if kind in _NUMBERED:
        return PHRASES(_NUMBERED[kind], lang, n=effect.amount, d=effect.each)
    if kind == Kind.DRAW_IF:
        return _draw_if(effect, lang)
    if kind == Kind.DRAW:
        return _one_or_many("draw_one", "draw_many", effect.amount, lang)
    if kind == Kind.STUN:
        return PHRASES("stun_may" if effect.optional else "stun", lang)
    if kind == Kind.SACRIFICE:
        return _sacrifice(effect, lang)
    if kind == Kind.DRAW_DISCARD:
        return _draw_discard(effect, lang)
    if kind == Kind.CHOOSE:
        return _choose(effect, lang)
    raise KeyError(f"no words for the effect kind {kind!r}")


def effects_text(effects: tuple[Effect, ...], lang: str) -> str:
    """Several effects of one ability, one after the other."""
    return PHRASES("and", lang).join(effect_text(effect, lang) for effect in effects)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def ability_line(kind: CardKind, ability: str, lang: str) -> str:
    """One ability of `kind` as a sentence: "Draw 2 cards.", "Ally (Guild):
    stun a champion of an opponent."; empty when the card has no such ability."""
    effects: tuple[Effect, ...] = getattr(kind, ability)
    if not effects:
        return ""
    text = effects_text(effects, lang) + "."
    if ability == "primary":  # a sentence of its own; after a label's colon, no capital
        text = _capital(text)
    if kind.type == CardType.ABILITY:  # a pack's: sacrificed, once a game
        return PHRASES("pack_ability", lang, text=text)
    if kind.type == CardType.SKILL:  # a pack's: expended for gold, once a turn
        return PHRASES("pack_skill", lang, text=text, cost=SKILL_COST)
    faction = PHRASES(f"faction_{kind.faction.value}", lang)
    return PHRASES(f"ability_{ability}", lang, text=text, faction=faction)


def card_lines(key: str, lang: str) -> list[str]:
    """Every ability of the card `key`, in the order the card shows them."""
    kind = kind_by_key(key)
    return [line for ability in ABILITY_ORDER if (line := ability_line(kind, ability, lang))]


def frame_text(key: str, lang: str) -> str:
    """The card's frame in words: "Champion, Guild, cost 6, defence 6, guard"."""
    kind = kind_by_key(key)
    parts = [PHRASES(f"type_{kind.type.value}", lang)]
    if kind.faction.value != "none":
        parts.append(PHRASES(f"faction_{kind.faction.value}", lang))
    if kind.cost:
        parts.append(PHRASES("cost", lang, n=kind.cost))
    if kind.defence:
        parts.append(PHRASES("defence", lang, n=kind.defence))
    if kind.guard:
        parts.append(PHRASES("guard", lang))
    return PHRASES("and", lang).join(parts)


def card_text(key: str, lang: str) -> str:
    """The whole card in words, for screen readers and the large view: its
    name, its frame, then each ability."""
    summary = PHRASES("summary", lang, name=card_name(key, lang), frame=frame_text(key, lang))
    return " ".join([summary, *card_lines(key, lang)])
