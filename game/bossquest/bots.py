"""Boss Quest's bot heuristics: easy and normal players that decide from their
seat's view alone. The hard bot is the engine's search (game.engine.search)
with the normal player for its playouts and `score_round` to judge them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import bots_extensions as ext
from .actions import (
    Action,
    Activate,
    ActivateMystery,
    Ask,
    Choose,
    Discard,
    DiscardMystery,
    Pass,
    Stop,
    Visit,
)
from .cards import SPELL_KINDS, WEAPON_COLOURS, WEAPON_COUNT, spell_colour, weapon_value
from .odds import riskier_than, unseen_value_counts, unseen_weapons

__all__ = ["easy_bot", "normal_bot"]

View = dict[str, Any]

# Easy asks for one more weapon while at least this far below the boss.
_EASY_ASK_GAP = 6
# Normal asks for as many weapons as keep the chance of going over below this.
_NORMAL_RISK = 0.3


def _gap(view: View) -> int:
    """Hit points left above the seat's strength (negative: over the boss)."""
    hp: int = view["boss"]["hp"]
    mine: int = view["you"]["strength"]
    return hp - mine


def _my_weapons(view: View) -> list[int]:
    me = view["seats"][view["seat"]]
    return [me["hidden"], *me["visible"]]


def _my_colours(view: View) -> list[int]:
    """My weapons' colours (a potion has none)."""
    return [WEAPON_COLOURS[card] for card in _my_weapons(view) if card < WEAPON_COUNT]


def _leader(view: View) -> int:
    """The other player with most keys, then most hearts: the one to slow down."""
    seat = view["seat"]
    others = [s for s in range(view["players"]) if s != seat and ext.in_game(view, s)]
    return max(others, key=lambda s: (view["seats"][s]["keys"], view["seats"][s]["hearts"], -s))


# The condition spells (a colour, or a pair), which the chameleon passes.
_CONDITIONS = frozenset(
    kind for kind in SPELL_KINDS if kind.startswith("colour_") or kind == "pair"
)
# The extensions' spells, which bots_extensions scores.
_EXTENSION_SPELLS = frozenset({"invert_potion", "swap_companions"})


def _hurts_me(view: View, spell: dict[str, Any]) -> bool:
    kind = spell["kind"]
    if kind in _CONDITIONS:
        if not ext.colours_count(view):
            return False  # the chameleon's weapons are of every colour
        colours = _my_colours(view)
        if kind == "pair":
            return len(set(colours)) == len(colours)
        return spell_colour(spell["card"]) not in colours
    gap = _gap(view)
    mine = spell["target"] == view["seat"]
    if kind == "strength_down":
        return mine and gap >= 0
    if kind == "strength_up":
        return mine and gap < 0
    if kind == "boss_down":
        return gap < 0 or gap <= spell["amount"] - 1
    return False


def _spell_score(view: View, card: int) -> float:
    """How much activating this face-up spell helps this seat (<= 0: rather not)."""
    kind = SPELL_KINDS[card]
    if kind in _EXTENSION_SPELLS:
        extension = ext.spell_score(view, card)
        assert extension is not None
        return extension
    if kind in _CONDITIONS:
        if not ext.colours_count(view):
            return 2.0  # the chameleon passes every colour condition
        colours = _my_colours(view)
        if kind == "pair":
            return 2.0 if len(set(colours)) < len(colours) else -2.0
        return 2.0 if spell_colour(card) in colours else -2.0
    gap = _gap(view)
    if kind == "strength_up":
        return 4.0 if 1 <= gap <= 2 else 2.5 if gap >= 3 else 1.0
    if kind == "strength_down":
        return 5.0 if -2 <= gap < 0 else 1.2
    if kind == "boss_up":
        return 5.0 if -2 <= gap < 0 else 0.2
    if kind == "boss_down":
        return 3.5 if 1 <= gap <= 2 else -1.0 if gap <= 0 else 0.1
    if kind == "no_heart_loss":
        return 4.0 if gap < 0 else 0.5
    if kind == "extra_key":
        return 2.5 if 0 <= gap <= 2 else 0.3
    if kind == "cancel":
        return 3.0 if any(_hurts_me(view, spell) for spell in view["active"]) else -1.0
    if kind == "last_turn":
        return 2.0 if 0 <= gap <= 3 else -1.0
    if kind == "exchange":
        return 2.0 if gap <= -3 else -0.5
    if kind == "swap_hidden":
        return 1.5 if gap < 0 and _swap_helps(view) else -0.5
    return -0.5  # second_wins: rarely worth it without knowing the others


def _swap_helps(view: View) -> bool:
    """Whether an average unseen card in place of my hidden one brings me under."""
    pool = unseen_weapons(view)
    if not pool:
        return False
    average = sum(weapon_value(card) for card in pool) / len(pool)
    mine = weapon_value(view["seats"][view["seat"]]["hidden"])
    return mine - average >= -_gap(view)


def _pick(
    legal: Sequence[Action],
    target: int | None = None,
    amount: int | None = None,
    card: int | None = None,
) -> Action | None:
    """The first choice with these fields (each one given that is not None)."""
    for action in legal:
        if (
            isinstance(action, Choose)
            and (target is None or action.target == target)
            and (amount is None or action.amount == amount)
            and (card is None or action.card == card)
        ):
            return action
    return None


def _choose(view: View, legal: Sequence[Action]) -> Action:
    """Finish an activated spell: aim for the boss's exact hit points."""
    kind = SPELL_KINDS[view["pending"]]
    seat = view["seat"]
    gap = _gap(view)
    leader = _leader(view)
    picked: Action | None = ext.choose(view, legal)
    if kind == "strength_up":
        picked = _pick(legal, target=seat, amount=min(2, gap)) if gap >= 1 else None
        picked = picked or _pick(legal, target=leader, amount=2)
    elif kind == "strength_down":
        picked = _pick(legal, target=seat, amount=min(2, -gap)) if gap < 0 else None
        picked = picked or _pick(legal, target=leader, amount=2)
    elif kind == "boss_up":
        picked = _pick(legal, amount=min(2, max(1, -gap)))
    elif kind == "boss_down":
        picked = _pick(legal, amount=min(2, max(1, gap)))
    elif kind == "swap_hidden":
        picked = _pick(legal, target=leader)
    elif kind == "exchange":
        picked = _pick(legal, card=max(_my_weapons(view), key=weapon_value))
    elif kind == "cancel":
        harmful = [spell["card"] for spell in view["active"] if _hurts_me(view, spell)]
        picked = _pick(legal, card=harmful[0]) if harmful else None
    return picked or legal[0]


def _at_magician(view: View, legal: Sequence[Action], keen: float) -> Action:
    """Activate the most useful spell; otherwise pass, or discard the worst one."""
    scored: list[tuple[float, int, Action]] = []
    for index, action in enumerate(legal):
        if isinstance(action, Activate):
            scored.append((_spell_score(view, action.card), -index, action))
        elif isinstance(action, ActivateMystery):
            scored.append((ext.mystery_score(view, _spell_score), -index, action))
    best_score, _, best = max(scored, default=(-9.0, 0, legal[0]))
    if best_score > keen:
        return best
    for action in legal:
        if isinstance(action, Pass):
            return action
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:  # throw away what could hurt me most in someone else's hands
        return min(discards, key=lambda a: (_spell_score(view, a.card), a.card))
    # (The spell actions come first in the legal list, the powers after them.)
    return next((a for a in legal if isinstance(a, DiscardMystery)), legal[0])


def _equip(view: View, legal: Sequence[Action], wanted: int) -> Action:
    """Ask for `wanted` weapons (or as many as allowed below that); 0: stop equipping."""
    asks = {action.count: action for action in legal if isinstance(action, Ask)}
    if wanted and asks:
        fitting = [count for count in asks if count <= wanted]
        return asks[max(fitting)] if fitting else asks[min(asks)]
    for kind in (Visit, Stop):
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


_EQUIPPING = (Ask, Visit, Stop)


def _equipping(legal: Sequence[Action]) -> bool:
    # At the Armorer the list starts with a request, the visit or the stop.
    return isinstance(legal[0], _EQUIPPING) or any(isinstance(a, _EQUIPPING) for a in legal)


def easy_bot(view: View, legal: Sequence[Action]) -> Action:
    """Draws one weapon at a time on a fixed threshold, and uses spells plainly."""
    if len(legal) == 1:
        return legal[0]
    special = ext.decide(view, legal, False, _spell_score)
    if special is not None:
        return special
    if view["stage"] == "choose":
        return _choose(view, legal)
    if _equipping(legal):
        return _equip(view, legal, 1 if _gap(view) >= _EASY_ASK_GAP else 0)
    return _at_magician(view, legal, keen=1.0)


def normal_bot(view: View, legal: Sequence[Action]) -> Action:
    """Asks for as many weapons as the odds allow, and aims its spells."""
    if len(legal) == 1:
        return legal[0]
    special = ext.decide(view, legal, True, _spell_score)
    if special is not None:
        return special
    if view["stage"] == "choose":
        return _choose(view, legal)
    if _equipping(legal):
        wanted = _safe_ask(view, legal)
        return (wanted and ext.hare_ask(view, legal, wanted)) or _equip(view, legal, wanted)
    return _at_magician(view, legal, keen=0.4)


def _safe_ask(view: View, legal: Sequence[Action]) -> int:
    """The most weapons to ask for with the chance of going over under the risk."""
    counts = sorted(action.count for action in legal if isinstance(action, Ask))
    slack = ext.hidden_slack(view)  # an unread hidden potion can take that much off
    gap = _gap(view) + slack
    if not counts or gap <= 2:
        return 0
    values, unseen = unseen_value_counts(view)
    room = view["boss"]["hp"] + slack - view["you"]["strength"]
    best = 0
    for count in counts:
        if count > unseen or riskier_than(values, room, count, _NORMAL_RISK):
            break
        best = count
    return best
