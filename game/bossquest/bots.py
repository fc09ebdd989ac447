"""A simple Boss Quest bot: sensible play from its seat's view alone.

It equips until it is within reach of the boss, then picks the spell that
helps it most (or hurts the leader), and discards the rest. Stronger bots come
later; this one only needs to be decent company.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, Activate, ActivateMystery, Ask, Choose, Discard, DiscardMystery, Pass
from .cards import SPELL_KINDS, spell_colour, weapon_colour

__all__ = ["simple_bot"]

# Ask for more while the gap to the boss is at least this wide.
_ASK_TWO_GAP = 11
_ASK_ONE_GAP = 5


def _my_colours(view: dict[str, Any]) -> list[int]:
    me = view["seats"][view["seat"]]
    return [weapon_colour(card) for card in [me["hidden"], *me["visible"]]]


def _leader(view: dict[str, Any]) -> int:
    """The other player with most keys (then most hearts): the one to slow down."""
    seat = view["seat"]
    others = [s for s in range(view["players"]) if s != seat]
    return max(others, key=lambda s: (view["seats"][s]["keys"], view["seats"][s]["hearts"], -s))


def _spell_score(view: dict[str, Any], card: int) -> float:
    """How much activating this face-up spell helps this seat (<= 0: discard it)."""
    kind = SPELL_KINDS[card]
    gap = view["boss"]["hp"] - view["you"]["strength"]  # negative: over the boss
    colours = _my_colours(view)
    if kind == "strength_up":
        return 3.0 if gap >= 1 else 1.0  # help myself, or push the leader over
    if kind == "strength_down":
        return 4.0 if gap < 0 and gap >= -2 else 1.5
    if kind == "boss_up":
        return 4.0 if -2 <= gap < 0 else (1.0 if gap == 0 else 0.5)
    if kind == "boss_down":
        return 2.5 if 1 <= gap <= 2 else 0.5
    if kind.startswith("colour_"):
        return 2.0 if spell_colour(card) in colours else -1.0
    if kind == "pair":
        return 2.0 if len(set(colours)) < len(colours) else -1.0
    if kind == "no_heart_loss":
        return 3.5 if gap < 0 else 0.2
    if kind == "extra_key":
        return 2.2 if 0 <= gap <= 3 else 0.3
    if kind == "cancel":
        return 1.2 if any(_hurts_me(view, spell) for spell in view["active"]) else -1.0
    if kind == "last_turn":
        return 1.8 if 0 <= gap <= 3 else -0.5
    if kind == "exchange":
        return 2.0 if gap < -2 else -0.5
    return -1.0  # swap_hidden and second_wins: too hard to use well


def _hurts_me(view: dict[str, Any], spell: dict[str, Any]) -> bool:
    kind = spell["kind"]
    colours = _my_colours(view)
    if kind.startswith("colour_"):
        return spell_colour(spell["card"]) not in colours
    if kind == "pair":
        return len(set(colours)) == len(colours)
    if kind == "strength_down" and spell["target"] == view["seat"]:
        return bool(view["boss"]["hp"] - view["you"]["strength"] >= 0)
    return kind == "strength_up" and spell["target"] == view["seat"] and bool(view["you"]["over"])


def _choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    kind = SPELL_KINDS[view["pending"]]
    seat = view["seat"]
    gap = view["boss"]["hp"] - view["you"]["strength"]
    choices = [action for action in legal if isinstance(action, Choose)]

    def pick(**wanted: Any) -> Action | None:
        for action in choices:
            if all(getattr(action, key) == value for key, value in wanted.items()):
                return action
        return None

    picked: Action | None = None
    if kind == "strength_up":
        picked = (
            pick(target=seat, amount=min(2, gap))
            if gap >= 1
            else pick(target=_leader(view), amount=2)
        )
    elif kind == "strength_down":
        picked = (
            pick(target=seat, amount=min(2, -gap))
            if gap < 0
            else pick(target=_leader(view), amount=2)
        )
    elif kind == "boss_up":
        picked = pick(amount=min(2, max(1, -gap)))
    elif kind == "boss_down":
        picked = pick(amount=min(2, max(1, gap)))
    elif kind == "swap_hidden":
        picked = pick(target=_leader(view))
    elif kind == "exchange":
        me = view["seats"][seat]
        biggest = max([me["hidden"], *me["visible"]], key=lambda card: card % 7)
        picked = pick(card=biggest)
    elif kind == "cancel":
        harmful = [s["card"] for s in view["active"] if _hurts_me(view, s)]
        picked = pick(card=harmful[0]) if harmful else None
    return picked or choices[0]


def simple_bot(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The action this seat plays, from its view and its legal actions."""
    if len(legal) == 1:
        return legal[0]
    if view["stage"] == "choose":
        return _choose(view, legal)
    asks = {action.count: action for action in legal if isinstance(action, Ask)}
    if asks or not any(isinstance(a, Activate | Discard | ActivateMystery) for a in legal):
        gap = view["boss"]["hp"] - view["you"]["strength"]
        wanted = 2 if gap >= _ASK_TWO_GAP else 1 if gap >= _ASK_ONE_GAP else 0
        if wanted and asks:
            return asks.get(wanted) or asks[min(asks)]
        stay = [a for a in legal if not isinstance(a, Ask)]
        return stay[0]
    scored: list[tuple[float, int, Action]] = []
    for index, action in enumerate(legal):
        if isinstance(action, Activate):
            scored.append((_spell_score(view, action.card), -index, action))
        elif isinstance(action, ActivateMystery):
            scored.append((0.4, -index, action))
    best_score, _, best = max(scored, default=(-9.0, 0, legal[0]))
    if best_score > 0:
        return best
    for action in legal:
        if isinstance(action, Pass):
            return action
    discards = [a for a in legal if isinstance(a, Discard | DiscardMystery)]
    return discards[0] if discards else legal[0]
