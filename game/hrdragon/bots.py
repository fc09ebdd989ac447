"""The Dragon game's bots, each deciding from its seat's view and its legal
actions alone (never another seat's hidden hand, a deck's order or the face-down
Hoard).

Hero levels (a party seat): "easy" and "normal", Hero Realms' policies for
what the two games share, with the boss deck's own decisions added: health
given to the member most in need, lending, skill checks, Hoard items.

Dragon levels (a Dragon's seat): "gentle", "fair" and "ruthless". Gentle
spreads its damage on the healthiest member, buys nothing and lets the
Hoard be; fair plays as Hero Realms' normal bot, steals Hoard items back and
holds back against a small party (FAIR_BY_PARTY, its one balance knob);
ruthless also finishes members off with exact attacks, sacrifices Fire and
Cunning Blow when they pay, and never holds back.

Every level can sit at any seat (the engine offers them all): a hero level at
a Dragon's seat plays the Dragon level of its rank (easy as gentle, normal as
fair), a Dragon level at a party seat plays the normal hero.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..herorealms.bots import card_worth, easy_bot, factions_of, normal_bot
from ..herorealms.cards import kind_of
from ..herorealms.kinds import CardType
from ..herorealms.state import (
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyGem,
    BuyMarket,
    Choose,
    Pick,
    PromptKind,
    Sacrifice,
    Skip,
)
from .cards import CUNNING_BLOW, DIAMOND, FIRE, ITEMS, SKILL_CHECK
from .hoard import FACTIONS
from .state import Borrow, Give, Reveal, SkillCheck, Steal, UseItem

__all__ = ["BOTS", "easy_hero", "fair_dragon", "gentle_dragon", "normal_hero", "ruthless_dragon"]

Policy = Callable[[dict[str, Any], Sequence[Any]], Any]

FIRE_DAMAGE: Final = 4
"""What Dragon's Fire's sacrifice deals to each opposing champion (boss.py's)."""
CHECK_WORTH_PER_POINT: Final = 2.0
"""A normal hero pays a skill check when the cards it discards are worth no
more than this per point of the check: they are only discarded, the item stays)."""


# ------------------------------------------------------------------ shared


def _health(view: dict[str, Any], seat: int) -> int:
    health: int = view["players"][seat]["health"]
    return health


def _item_worth(item: int) -> int:
    """A Hoard item's worth: its skill check (the rules price the strong ones higher)."""
    return SKILL_CHECK[kind_of(item).key]


def _most_in_need(view: dict[str, Any], seats: Sequence[int], pending: int = 0) -> int:
    """The lowest health among `seats` (one's own without the `pending` gain
    it already counts); on a tie oneself, then the lowest seat."""
    me: int = view["seat"]
    return min(seats, key=lambda s: (_health(view, s) - (pending if s == me else 0), s != me, s))


def _cheapest_payment(view: dict[str, Any], cards: tuple[int, ...]) -> float:
    factions = factions_of(view)
    return sum(card_worth(c, factions) for c in cards)


def _faction_wanted(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """An Amulet's or Vial's faction: the one most of its cards in play share
    (an ally ability waiting for a second card), the first on a tie."""
    seat: int = view["seat"]
    in_play = [*view["in_play"], *view["players"][seat]["champions"]]
    counts = Counter(kind_of(c).faction for c in in_play)
    choices = [a for a in legal if isinstance(a, Choose)]
    return max(choices, key=lambda a: (counts[FACTIONS[a.index]], -a.index))


def _boss_deck_answer(view: dict[str, Any], legal: Sequence[Any], greedy: bool) -> Any | None:
    """The boss deck's own questions (health, lending, Hoard asks, an aim at
    oneself or a neighbour), or None when the question is Hero Realms'."""
    gives = [a.seat for a in legal if isinstance(a, Give)]
    if gives:
        return Give(_most_in_need(view, gives, pending=view["gifts"][0]))
    borrows = [a for a in legal if isinstance(a, Borrow)]
    if borrows:
        return _borrow(view, borrows)
    if view["asks"]:
        return _ask(view, legal, greedy)
    if view["prompts"] and view["prompts"][0]["kind"] == PromptKind.AIM_BLESS.value:
        aims = [a.seat for a in legal if isinstance(a, Aim)]
        return Aim(_most_in_need(view, aims))
    return None


def _borrow(view: dict[str, Any], borrows: list[Borrow]) -> Borrow:
    """The lender's best card, to the seat to act when it may take it (it plays
    soonest), else to the member most in need."""
    factions = factions_of(view)
    best = max(borrows, key=lambda a: (card_worth(a.card, factions), -a.card)).card
    takers = [a.seat for a in borrows if a.card == best]
    taker = view["seat"] if view["seat"] in takers else _most_in_need(view, takers)
    return Borrow(best, taker)


def _ask(view: dict[str, Any], legal: Sequence[Any], greedy: bool) -> Any:
    """The Hoard card (reveal, or steal back from a richer player when greedy),
    the Diamond's steal (greedy only), the Ring's card, an extra faction."""
    steals = [a for a in legal if isinstance(a, Steal)]
    if any(isinstance(a, Choose) for a in legal):
        return _faction_wanted(view, legal)
    picks = [a for a in legal if isinstance(a, Pick)]
    if picks:
        factions = factions_of(view)
        return max(picks, key=lambda a: (card_worth(a.card, factions), -a.card))
    others = [a for a in legal if isinstance(a, (Reveal, Skip))]
    if steals and (greedy or not others):
        return max(
            steals, key=lambda a: (_item_worth(a.item), -_cheapest_payment(view, a.cards), -a.item)
        )
    return others[0] if others else legal[0]


def _core_only(legal: Sequence[Any]) -> list[Any]:
    """The legal actions Hero Realms' bots know (the boss deck's left out)."""
    return [a for a in legal if not isinstance(a, (UseItem, SkillCheck, Steal, Reveal))]


# ------------------------------------------------------------------ heroes


def _hero(core_bot: Policy, checks: bool) -> Policy:
    def hero(view: dict[str, Any], legal: Sequence[Any]) -> Any:
        answer = _boss_deck_answer(view, legal, greedy=False)
        if answer is not None:
            return answer
        if view["prompts"]:
            return core_bot(view, legal)
        check = _skill_check(view, legal) if checks else None
        if check is not None:  # before playing: the cards it pays with are still in hand
            return check
        items = [a for a in legal if isinstance(a, UseItem)]
        if items and not any(type(a).__name__ == "Play" for a in legal):
            return items[0]
        return core_bot(view, _core_only(legal))

    return hero


def _skill_check(view: dict[str, Any], legal: Sequence[Any]) -> SkillCheck | None:
    """The most valuable item whose cheapest payment costs little of the hand."""
    checks = [a for a in legal if isinstance(a, SkillCheck)]
    affordable = [
        a
        for a in checks
        if _cheapest_payment(view, a.cards) <= CHECK_WORTH_PER_POINT * _item_worth(a.item)
    ]
    if not affordable:
        return None
    return max(
        affordable,
        key=lambda a: (_item_worth(a.item), -_cheapest_payment(view, a.cards), -a.item, a.cards),
    )


easy_hero: Final = _hero(easy_bot, checks=False)
"""Hero Realms' easy bot, giving health to the member most in need, lending
its best card, using its items; it never pays a skill check."""
normal_hero: Final = _hero(normal_bot, checks=True)
"""Hero Realms' normal bot, with the easy hero's care and the skill checks it
can pay with cheap cards."""


# ------------------------------------------------------------------ the Dragon


def _taunted(view: dict[str, Any]) -> bool:
    return any(boss == view["seat"] for boss, _seat in view["taunters"])


def _party_champions(view: dict[str, Any]) -> list[int]:
    me: int = view["seat"]
    return [c for s, p in enumerate(view["players"]) if s != me for c in p["champions"]]


def _worth_sacrificing(view: dict[str, Any], card: int, ruthless: bool) -> bool:
    """The Prismatic Diamond when a foe holds a Hoard item; ruthless only:
    Fire when its damage stuns a champion, Cunning Blow to end a taunt."""
    kind = kind_of(card)
    if kind is DIAMOND:
        return any(holder != view["seat"] for _item, holder in view["items"])
    if not ruthless:
        return False
    if kind is FIRE:
        return any(kind_of(c).defence <= FIRE_DAMAGE for c in _party_champions(view))
    if kind is CUNNING_BLOW:
        return _taunted(view)
    return False


def _gentle_attack(view: dict[str, Any], legal: Sequence[Any]) -> Any | None:
    """All its combat at the healthiest member it may reach, guards only when it must."""
    players = [a for a in legal if isinstance(a, AttackPlayer)]
    if players:
        target = max({a.seat for a in players}, key=lambda s: (_health(view, s), -s))
        return max((a for a in players if a.seat == target), key=lambda a: a.amount)
    guards = [a for a in legal if isinstance(a, AttackChampion) and kind_of(a.card).guard]
    return guards[0] if guards else None


def _finishing_blow(view: dict[str, Any], legal: Sequence[Any]) -> AttackPlayer | None:
    """Exactly the health of the healthiest member its combat defeats (the rest
    of the combat is kept for the next one)."""
    combat: int = view["combat"]
    players = {a.seat for a in legal if isinstance(a, AttackPlayer)}
    killable = [s for s in players if 0 < _health(view, s) <= combat]
    if not killable:
        return None
    target = max(killable, key=lambda s: (_health(view, s), -s))
    return AttackPlayer(target, _health(view, target))


@dataclass(frozen=True, slots=True)
class Restraint:
    """What a Dragon level allows itself (the rules allow it all)."""

    buys: bool  # any market card or Fire Gem
    buys_champions: bool
    items_a_turn: int  # how many of its Hoard items it uses a turn
    finishes: bool  # attacks a member with exactly the health left, to keep the rest


FULL: Final = Restraint(buys=True, buys_champions=True, items_a_turn=len(ITEMS), finishes=True)
GENTLE: Final = Restraint(buys=False, buys_champions=False, items_a_turn=0, finishes=False)
FAIR_BY_PARTY: Final = {
    1: Restraint(buys=True, buys_champions=False, items_a_turn=0, finishes=False),
    2: Restraint(buys=True, buys_champions=True, items_a_turn=0, finishes=False),
    3: Restraint(buys=True, buys_champions=True, items_a_turn=1, finishes=False),
    4: FULL,
    5: FULL,
}
"""The fair Dragon's knob, by the party's size (the count of the view: 3 boss
against boss): it holds back most against a small party, which the Dragon
crushes otherwise. Measured in bench/hrdragon_arena.py (docs/bots.md)."""


def _restrained(view: dict[str, Any], legal: Sequence[Any], restraint: Restraint) -> list[Any]:
    """The legal actions a level allows itself (ending the turn always is)."""
    mine = {item for item, holder in view["items"] if holder == view["seat"]}
    items_left = restraint.items_a_turn - len(mine.intersection(view["used"]))
    return [
        a
        for a in legal
        if (items_left > 0 or not isinstance(a, UseItem))
        and (restraint.buys or not isinstance(a, (BuyMarket, BuyGem)))
        and (
            restraint.buys_champions
            or not isinstance(a, BuyMarket)
            or kind_of(a.card).type != CardType.CHAMPION
        )
    ]


def gentle_dragon(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Plays its cards as Hero Realms' easy bot does, buys nothing, lets its
    Hoard items be, reveals the Hoard and never steals, never sacrifices,
    and hits the healthiest member."""
    answer = _boss_deck_answer(view, legal, greedy=False)
    if answer is not None:
        return answer
    if view["prompts"]:
        return easy_bot(view, legal)
    core = [a for a in _restrained(view, _core_only(legal), GENTLE) if not isinstance(a, Sacrifice)]
    if any(type(a).__name__ in ("Play", "Expend", "UseAlly") for a in core):
        return easy_bot(view, core)
    attack = _gentle_attack(view, core)
    if attack is not None:
        return attack
    return easy_bot(view, [a for a in core if not isinstance(a, (AttackPlayer, AttackChampion))])


def _dragon(ruthless: bool) -> Policy:
    def dragon(view: dict[str, Any], legal: Sequence[Any]) -> Any:
        answer = _boss_deck_answer(view, legal, greedy=True)
        if answer is not None:
            return answer
        if view["prompts"]:
            return normal_bot(view, legal)
        restraint = FULL if ruthless else FAIR_BY_PARTY[view["counted"]]
        legal = _restrained(view, legal, restraint)
        core = _core_only(legal)
        if any(type(a).__name__ in ("Play", "Expend", "UseAlly") for a in core):
            return normal_bot(view, core)
        items = [a for a in legal if isinstance(a, UseItem)]
        if items:
            return items[0]
        for action in legal:
            if isinstance(action, Sacrifice) and _worth_sacrificing(view, action.card, ruthless):
                return action
        if restraint.finishes and not any(
            isinstance(a, AttackChampion) and kind_of(a.card).guard for a in legal
        ):
            blow = _finishing_blow(view, legal)
            if blow is not None:
                return blow
        return normal_bot(view, core)

    return dragon


fair_dragon: Final = _dragon(ruthless=False)
"""Hero Realms' normal bot as the Dragon, stealing Hoard items back (the
Hoard card from a richer member, the Prismatic Diamond's check), held back
against a small party (FAIR_BY_PARTY)."""
ruthless_dragon: Final = _dragon(ruthless=True)
"""The fair Dragon that also defeats members with exact attacks and
sacrifices Fire (a champion stunned) and Cunning Blow (a taunt ended)."""


def _by_seat(hero: Policy, dragon: Policy) -> Policy:
    def level(view: dict[str, Any], legal: Sequence[Any]) -> Any:
        return (dragon if view["seat"] in view["bosses"] else hero)(view, legal)

    return level


BOTS: Final[dict[str, Policy]] = {
    "easy": _by_seat(easy_hero, gentle_dragon),
    "normal": _by_seat(normal_hero, fair_dragon),
    "gentle": _by_seat(normal_hero, gentle_dragon),
    "fair": _by_seat(normal_hero, fair_dragon),
    "ruthless": _by_seat(normal_hero, ruthless_dragon),
}
"""The levels declared to the engine (Capabilities.bots), each playable at any seat."""
