"""What the viewer may do now: the prompt and exactly one labelled control
per legal action, grouped by kind. Two copies of one design read apart
("Keep Twin daggers (1 of 2)"), so that no two controls read alike. The
board draws the same moves on the cards themselves (``render``); the dock
keeps every one of them for the keyboard and screen readers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.client import Control, Dock, Group

from ..cards import EMPLOYEES, FLIP_PRICE, ITEMS, UPGRADES
from ..state import Buy, Done, Flip, Hire, Invite, Pick, Sell, Show, Store
from .shops import window_places
from .strings import (
    coins_text,
    employee_name,
    hero_name,
    item_name,
    tr,
    upgrade_name,
)

__all__ = ["ON_CARDS", "action_label", "dock", "numbered"]

#: the groups whose moves the board also draws on the cards (folded in the dock)
ON_CARDS: Final = ("pick", "show", "invite", "sell", "buy", "hire", "flip", "store")


def numbered(labels: Sequence[str], lang: str) -> list[str]:
    """Labels that occur more than once get "(1 of 2)", "(2 of 2)"."""
    counts = {label: labels.count(label) for label in labels}
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if counts[label] == 1:
            out.append(label)
            continue
        seen[label] = seen.get(label, 0) + 1
        out.append(tr("numbered", lang, label=label, n=seen[label], of=counts[label]))
    return out


def _discount(view: Mapping[str, Any]) -> int:
    seat = view["seat"]
    staff = view["staff"][seat] if seat is not None else []
    return sum(EMPLOYEES[e].effect.amount for e in staff if EMPLOYEES[e].effect.kind == "discount")


def price_of(view: Mapping[str, Any], action: Buy | Hire | Flip) -> int:
    """What the purchase costs the viewer's shop (its employees' discount taken off)."""
    if isinstance(action, Flip):
        return FLIP_PRICE
    base = (
        UPGRADES[action.upgrade].price
        if isinstance(action, Buy)
        else EMPLOYEES[action.employee].price
    )
    return max(0, base - _discount(view))


def action_label(view: Mapping[str, Any], action: Any, lang: str) -> str:
    """The words of one control."""
    if isinstance(action, Pick):
        return tr("pick", lang, item=item_name(action.item, lang))
    if isinstance(action, Show):
        return tr("show", lang, item=item_name(action.item, lang))
    if isinstance(action, Store):
        return tr("store", lang, item=item_name(action.item, lang))
    if isinstance(action, Invite):
        return tr("invite", lang, hero=hero_name(action.hero, lang))
    if isinstance(action, Sell):
        price = coins_text(ITEMS[action.item].price, lang)
        item = item_name(action.item, lang)
        heroes = view["guests"][view["seat"]]
        if len(heroes) > 1:
            return tr("sell_to", lang, item=item, hero=hero_name(action.hero, lang), price=price)
        return tr("sell", lang, item=item, price=price)
    if isinstance(action, Buy):
        price = coins_text(price_of(view, action), lang)
        return tr("buy", lang, card=upgrade_name(action.upgrade, lang), price=price)
    if isinstance(action, Hire):
        price = coins_text(price_of(view, action), lang)
        return tr("hire", lang, card=employee_name(action.employee, lang), price=price)
    if isinstance(action, Flip):
        price = coins_text(FLIP_PRICE, lang)
        return tr("flip", lang, card=upgrade_name(action.upgrade, lang), price=price)
    assert isinstance(action, Done), action
    return tr(_DONE[view["stage"]], lang)


_DONE: Final = {
    "display": "show_done",
    "sell": "sell_done",
    "upgrade": "upgrade_done",
    "inventory": "store_done",
}


_GROUP_OF: Final = {
    Pick: "pick",
    Show: "show",
    Invite: "invite",
    Sell: "sell",
    Buy: "buy",
    Hire: "hire",
    Flip: "flip",
    Store: "store",
    Done: "done",
}


def _prompt(view: Mapping[str, Any], legal: Sequence[Any], lang: str) -> str:
    stage = view["stage"]
    if stage == "display":
        free = max(1, window_places(view, view["seat"]) - len(view["my_window"] or ()))
        key = "prompt_show_one" if free == 1 else "prompt_show_many"
        return tr(key, lang, n=free)
    if stage == "invite":
        wanted = {a.hero for a in legal if isinstance(a, Invite)}
        matching = len(wanted) < len(view["center"])
        return tr("prompt_invite_match" if matching else "prompt_invite", lang)
    return tr(f"prompt_{ {'draft': 'pick'}.get(stage, stage) }", lang)


def dock(view: Mapping[str, Any], legal: Sequence[Any], lang: str) -> Dock:
    """The prompt and one control per legal action, in groups of one kind."""
    if not legal:
        return Dock("", ())
    labels = numbered([action_label(view, action, lang) for action in legal], lang)
    groups: dict[str, list[Control]] = {}
    for action, label in zip(legal, labels, strict=True):
        key = _GROUP_OF[type(action)]
        tone = "primary" if key in ("pick", "invite", "sell", "show", "store") else "secondary"
        if key == "done":
            tone = "primary" if len(legal) == 1 else "secondary"
        groups.setdefault(key, []).append(Control(action, label, tone=tone))
    order = [key for key in (*ON_CARDS, "done") if key in groups]
    return Dock(
        _prompt(view, legal, lang),
        tuple(Group(key, tr(f"group_{key}", lang), tuple(groups[key])) for key in order),
    )
