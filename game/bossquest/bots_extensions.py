"""The easy and normal bots' play of the extensions, from their seat's view alone:
potion readings, companion powers, the extensions' spells and the Reaper's
destiny. bots.py asks here first and falls back on its base-game play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import (
    Action,
    AskVisit,
    BecomeReaper,
    Choose,
    LookMystery,
    ReadPotion,
    Replace,
    TakeLife,
)
from .cards import COMPANIONS, SPELL_KINDS, WEAPON_COUNT, is_potion, potion_size
from .odds import card_value, unseen_weapons

__all__ = [
    "choose",
    "colours_count",
    "decide",
    "hare_ask",
    "hidden_slack",
    "in_game",
    "mystery_score",
    "spell_score",
]

View = dict[str, Any]
Scorer = Callable[[View, int], float]

# How much a seat values holding each companion (for the swap spell).
_COMPANION_VALUE = {
    "badger": 2.0,
    "tortoise": 2.0,
    "chameleon": 1.5,
    "owl": 1.0,
    "magpie": 1.0,
    "hare": 1.0,
}
# The normal bot hurries to the Magician (hare) when the expected gap after its
# request is at most this.
_HARE_GAP = 2.5
# The normal bot takes the scythe when this many keys behind the best knight.
_REAPER_KEYS_BEHIND = 2


def _gap(view: View) -> int:
    return int(view["boss"]["hp"]) - int(view["you"]["strength"])


def in_game(view: View, seat: int) -> bool:
    reaper = view.get("reaper")
    return reaper is None or reaper["fates"][seat] != "gone"


def colours_count(view: View) -> bool:
    """Whether colour conditions can hurt this seat (not with the chameleon)."""
    return _companion(view) != "chameleon"


def hidden_slack(view: View) -> int:
    """The size of the seat's own hidden potion, still unread: at the fight it may
    take that much off, so it can go that far over the boss now."""
    potions = view.get("potions")
    hidden = view["seats"][view["seat"]]["hidden"]
    if potions is None or hidden is None or not is_potion(hidden):
        return 0
    return potion_size(hidden) if not potions["readings"][hidden - WEAPON_COUNT] else 0


def _companion(view: View) -> str:
    companions = view.get("companions")
    if companions is None or companions["seats"][view["seat"]] < 0:
        return ""
    return str(COMPANIONS[companions["seats"][view["seat"]]])


def _read(view: View, legal: Sequence[Action]) -> Action:
    """Read a potion: face up during the turns, aim under the boss; at the fight
    (everything face up), the reading that lands closest under the boss."""
    action = legal[0]
    assert isinstance(action, ReadPotion)
    size = potion_size(action.card)
    strength, hp = int(view["you"]["strength"]), int(view["boss"]["hp"])
    if view["stage"] == "potion":
        sign = 1 if strength + size + hidden_slack(view) <= hp else -1
    else:
        under = [s for s in (1, -1) if strength + s * size <= hp]
        sign = max(under, key=lambda s: strength + s * size) if under else -1
    return next(a for a in legal if isinstance(a, ReadPotion) and a.sign == sign)


def _destiny(view: View, legal: Sequence[Action], normal: bool) -> Action:
    """Take the scythe only when far behind on keys (normal); else take life back."""
    life = next(a for a in legal if isinstance(a, TakeLife))
    scythe = next((a for a in legal if isinstance(a, BecomeReaper)), None)
    if not normal or scythe is None:
        return life
    seat = view["seat"]
    fates = view["reaper"]["fates"]
    rivals = [s for s in range(view["players"]) if s != seat and fates[s] in ("", "ghost")]
    if not rivals:
        return scythe  # nobody left to beat: the Reaper wins at once
    best = max(view["seats"][s]["keys"] for s in rivals)
    if best - view["seats"][seat]["keys"] >= _REAPER_KEYS_BEHIND:
        return scythe
    return life


def mystery_score(view: View, score: Scorer) -> float:
    """How much activating the mystery spell is worth: its own score when an owl
    showed it, else a small bet."""
    companions = view.get("companions")
    shown = None if companions is None else companions["mystery"]
    return 0.3 if shown is None else score(view, shown)


def decide(view: View, legal: Sequence[Action], normal: bool, score: Scorer) -> Action | None:
    """The extensions' decisions, or None to let the base play decide."""
    stage = view["stage"]
    if stage in ("potion", "reveal"):
        return _read(view, legal)
    if stage == "destiny":
        return _destiny(view, legal, normal)
    if stage != "spell" or "companions" not in view:
        return None  # (the owl and the magpie come with the companions)
    # Just arrived at the Magician: use the owl and the magpie before choosing.
    look = next((a for a in legal if isinstance(a, LookMystery)), None)
    if look is not None:
        return look
    replaces = [a for a in legal if isinstance(a, Replace)]
    if normal and replaces:
        scores = [score(view, a.card) for a in replaces]
        if max([*scores, mystery_score(view, score)]) <= 1.0:
            return min(zip(scores, replaces, strict=True), key=lambda pair: pair[0])[1]
    return None


def hare_ask(view: View, legal: Sequence[Action], count: int) -> Action | None:
    """With the hare, go to the Magician in the same turn when the request should
    land close under the boss."""
    if "companions" not in view:
        return None  # (the hare comes with the companions)
    dash = next((a for a in legal if isinstance(a, AskVisit) and a.count == count), None)
    if dash is None:
        return None
    pool = unseen_weapons(view)
    if not pool:
        return None
    mean = sum(card_value(card) for card in pool) / len(pool)
    return dash if _gap(view) - count * mean <= _HARE_GAP else None


def _my_potions(view: View) -> list[tuple[int, int]]:
    readings = view["potions"]["readings"]
    me = view["seats"][view["seat"]]
    return [
        (card, readings[card - WEAPON_COUNT])
        for card in me["visible"]
        if is_potion(card) and readings[card - WEAPON_COUNT]
    ]


def _invert_target(view: View) -> int | None:
    """One of my face-up potions whose flip brings me closer under the boss."""
    gap = _gap(view)
    for card, reading in _my_potions(view):
        after = gap + 2 * reading  # flipping +r takes 2r off, flipping -r adds 2r
        if 0 <= after < gap or (gap < 0 <= after):
            return card
    return None


def _swap_target(view: View) -> tuple[int, int] | None:
    """My companion and the best one I could take instead, if it is better."""
    companions = view["companions"]
    mine = companions["seats"][view["seat"]]
    if mine < 0:
        return None
    others = [c for c in (*companions["seats"], *companions["reserve"]) if c >= 0 and c != mine]
    if not others:
        return None
    best = max(others, key=lambda c: (_COMPANION_VALUE[COMPANIONS[c]], -c))
    if _COMPANION_VALUE[COMPANIONS[best]] <= _COMPANION_VALUE[COMPANIONS[mine]]:
        return None
    return (min(mine, best), max(mine, best))


def spell_score(view: View, card: int) -> float | None:
    """The extensions' spells; None for the base game's."""
    kind = SPELL_KINDS[card]
    if kind == "invert_potion":
        return 4.0 if _invert_target(view) is not None else -0.5
    if kind == "swap_companions":
        return 1.5 if _swap_target(view) is not None else -0.5
    return None


def choose(view: View, legal: Sequence[Action]) -> Action | None:
    """Finish an extension's spell; None for the base game's."""
    kind = SPELL_KINDS[view["pending"]]
    if kind == "invert_potion":
        card = _invert_target(view)
        return next((a for a in legal if isinstance(a, Choose) and a.card == card), None)
    if kind == "swap_companions":
        pair = _swap_target(view)
        if pair is None:
            return None
        return next((a for a in legal if isinstance(a, Choose) and (a.card, a.other) == pair), None)
    return None
