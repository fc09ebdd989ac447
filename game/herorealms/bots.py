"""Hero Realms' heuristic bots: each decides from its seat's view and its
legal actions alone (its own hand and deck contents, the public zones),
never from another seat's hand or any deck's order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import kind_of
from .effects import Effect, Kind
from .kinds import CardType, Faction
from .resolve import ability_of
from .state import (
    Action,
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Expend,
    Pick,
    Play,
    PromptKind,
    Sacrifice,
    Skip,
    UseAlly,
    UseSkill,
)

__all__ = ["card_worth", "easy_bot", "effects_worth", "factions_of", "normal_bot"]

#: what one unit of each plain effect is worth to the normal bot
_WORTH = {
    Kind.GOLD: 1.0,
    Kind.COMBAT: 1.0,
    Kind.HEALTH: 0.6,
    Kind.DRAW: 1.8,
    Kind.DRAW_IF: 1.2,
    Kind.STUN: 3.0,
    Kind.PREPARE: 2.0,
}

#: prompts whose answer is a card to get rid of (the least valuable goes)
_LOSE = (PromptKind.DISCARD, PromptKind.OWED_DISCARD, PromptKind.TRACK_DISCARD)
#: prompts whose answer is a card to keep or bring back (the most valuable)
_KEEP = (
    PromptKind.PREPARE,
    PromptKind.DISCARD_TO_TOP,
    PromptKind.CHAMPION_TO_TOP,
    PromptKind.RESURRECT,
    PromptKind.TRACK_BACK,
    PromptKind.STUN,
)


# ------------------------------------------------------------------ easy


def easy_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Plays every card, uses every expend and ally ability, buys the dearest
    card it can afford (a Fire Gem when no market card is), attacks a guard
    when it must and otherwise the first player it may with all its combat;
    answers each question with its first answer."""
    if view["prompts"]:
        return legal[0]
    for kind in (Play, Expend, UseAlly):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    buys = [a for a in legal if isinstance(a, BuyMarket)]
    if buys:
        return max(buys, key=lambda a: (kind_of(a.card).cost, -a.card))
    gem = [a for a in legal if isinstance(a, BuyGem)]
    if gem:
        return gem[0]
    players = [a for a in legal if isinstance(a, AttackPlayer)]
    if players:
        first = players[0].seat
        return max((a for a in players if a.seat == first), key=lambda a: a.amount)
    guards = [a for a in legal if isinstance(a, AttackChampion) and kind_of(a.card).guard]
    if guards:
        return guards[0]
    return next(a for a in legal if isinstance(a, EndTurn))


# ------------------------------------------------------------------ normal


def effects_worth(effects: Sequence[Effect]) -> float:
    total = 0.0
    for effect in effects:
        if effect.kind == Kind.CHOOSE and effect.options:
            total += max(effects_worth(option) for option in effect.options)
        else:
            total += _WORTH.get(effect.kind, 0.5) * max(effect.amount + effect.each, 1)
    return total


def _owned(view: dict[str, Any]) -> list[int]:
    """Every card this seat owns that it may see: hand, deck contents,
    discard pile, champions and the cards it played this turn."""
    seat: int = view["seat"]
    me = view["players"][seat]
    mine = [*view["hand"], *view["deck"], *me["discard"], *me["champions"]]
    if view["turn"] == seat:
        mine += view["in_play"]
    return mine


def card_worth(card: int, factions: Counter[Faction]) -> float:
    """A card's worth to a deck holding `factions`: its cost, more for a
    champion (it stays) or a guard, more for each card of its faction."""
    kind = kind_of(card)
    worth = float(kind.cost) or effects_worth(kind.primary)
    if kind.type == CardType.CHAMPION:
        worth += 1.0 + (0.5 if kind.guard else 0.0)
    if kind.faction != Faction.NONE and kind.ally:
        worth += 0.4 * min(factions[kind.faction], 6)
    return worth


def factions_of(view: dict[str, Any]) -> Counter[Faction]:
    return Counter(kind_of(card).faction for card in _owned(view))


def _health(view: dict[str, Any], seat: int) -> int:
    health: int = view["players"][seat]["health"]
    return health


def _answer(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    prompt = view["prompts"][0]
    kind = PromptKind(prompt["kind"])
    seat: int = view["seat"]
    picks = [a for a in legal if isinstance(a, Pick)]
    factions = factions_of(view)
    if kind == PromptKind.CHOOSE:
        options = ability_of(prompt["card"], prompt["ability"])[prompt["index"]].options
        return max(
            (a for a in legal if isinstance(a, Choose)),
            key=lambda a: (effects_worth(options[a.index]), -a.index),
        )
    if kind == PromptKind.DRAW_COUNT:
        return max((a for a in legal if isinstance(a, Choose)), key=lambda a: a.index)
    if kind == PromptKind.AIM_BLESS:
        return next((a for a in legal if isinstance(a, Aim) and a.seat == seat), legal[0])
    if kind in (PromptKind.AIM_DISCARD, PromptKind.AIM_FIREBALL):
        aims = [a for a in legal if isinstance(a, Aim)]
        return min(aims, key=lambda a: (_health(view, a.seat), a.seat))
    if kind == PromptKind.SACRIFICE:
        # Thin the deck of starting weapons; with a combat bonus, of starting gold too.
        weak = [a for a in picks if _thin(a.card, bool(prompt["bonus"]))]
        if weak:
            return min(weak, key=lambda a: (card_worth(a.card, factions), a.card))
        return next((a for a in legal if isinstance(a, Skip)), legal[0])
    if kind in _LOSE and picks:
        worst = min(picks, key=lambda a: (card_worth(a.card, factions), a.card))
        skip = next((a for a in legal if isinstance(a, Skip)), None)
        if kind == PromptKind.TRACK_DISCARD and skip is not None:
            return worst if kind_of(worst.card).cost == 0 else skip
        return worst
    if kind in _KEEP and picks:
        return max(picks, key=lambda a: (card_worth(a.card, factions), -a.card))
    return legal[0]


def _thin(card: int, paid: bool) -> bool:
    """A starting card the deck is better without (gold only when paid for)."""
    kind = kind_of(card)
    if kind.cost or kind.type not in (CardType.ACTION, CardType.ITEM):
        return False
    return paid or not any(effect.kind == Kind.GOLD for effect in kind.primary)


def _worth_of_sacrifice(view: dict[str, Any], legal: Sequence[Any], card: int) -> bool:
    """Sacrifice a card only when its combat finishes an opponent off."""
    gain = sum(e.amount for e in kind_of(card).sacrifice if e.kind == Kind.COMBAT)
    if not gain:
        return False
    combat: int = view["combat"]
    targets = {a.seat for a in legal if isinstance(a, AttackPlayer)}
    return any(_health(view, seat) <= combat + gain for seat in targets)


def _buy(view: dict[str, Any], legal: Sequence[Any]) -> Action | None:
    factions = factions_of(view)
    buys = [a for a in legal if isinstance(a, BuyMarket)]
    if buys:
        return max(buys, key=lambda a: (card_worth(a.card, factions), -a.card))
    if any(isinstance(a, UseSkill) for a in legal):
        return UseSkill()
    return next((a for a in legal if isinstance(a, BuyGem)), None)


def _attack(view: dict[str, Any], legal: Sequence[Any]) -> Action | None:
    """Guards first (most valuable first), then the weakest player it may
    reach with all its combat, then any champion its combat still stuns."""
    champions = [a for a in legal if isinstance(a, AttackChampion)]
    guards = [a for a in champions if kind_of(a.card).guard]
    if guards:
        return max(guards, key=lambda a: (kind_of(a.card).cost, -a.card))
    players = [a for a in legal if isinstance(a, AttackPlayer)]
    if players:
        weakest = min({a.seat for a in players}, key=lambda s: (_health(view, s), s))
        return max((a for a in players if a.seat == weakest), key=lambda a: a.amount)
    if champions:
        return max(champions, key=lambda a: (kind_of(a.card).cost, -a.card))
    return None


def normal_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Plays its cards, then its champions' expend and its allies' abilities;
    sacrifices a card when that wins a kill; buys what fits its factions;
    attacks guards before players and the weakest player it may reach."""
    if view["prompts"]:
        return _answer(view, legal)
    for kind in (Play, Expend, UseAlly):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    for action in legal:
        if isinstance(action, Sacrifice) and _worth_of_sacrifice(view, legal, action.card):
            return action
    chosen = _attack(view, legal) or _buy(view, legal)
    return chosen if chosen is not None else next(a for a in legal if isinstance(a, EndTurn))
