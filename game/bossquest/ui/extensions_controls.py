"""The extensions' controls: one button per legal action, as ``game.bossquest.ui.controls``.

Plain Python with no browser import. ``game.bossquest.ui.controls.dock`` asks here for
what only the extensions have: the potion readings (stages ``potion`` and
``reveal``), the destiny choice (stage ``destiny``), the companions' powers on
their owner's turn (the owl's looks, the magpie's replacement, the hare's
request-and-visit) and the choices of the invert and swap-companions spells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.bossquest.actions import (
    Action,
    AskVisit,
    BecomeReaper,
    Choose,
    Look,
    LookMystery,
    ReadPotion,
    Replace,
    TakeLife,
)
from game.bossquest.cards import POTIONS, SPELL_KINDS, potion_size
from game.bossquest.text import spell_name
from game.bossquest.text_extensions import companion_name, reading_text

from .extensions_strings import xtr

if TYPE_CHECKING:
    from .controls import Group

__all__ = [
    "EXTENSION_STAGES",
    "choose_groups",
    "extension_prompt",
    "potion_reading",
    "power_groups",
    "stage_groups",
]

#: the stages only the extensions have: their controls all come from here
EXTENSION_STAGES = frozenset({"potion", "reveal", "destiny"})
#: spells of the extensions that wait for a choice
_CHOOSING = frozenset({"invert_potion", "swap_companions"})


def potion_reading(view: dict[str, Any], card: int) -> int:
    """A potion's reading in this view (0: unread)."""
    readings = view.get("potions", {}).get("readings", [])
    index = card - POTIONS[0]
    return int(readings[index]) if 0 <= index < len(readings) else 0


def _companion(view: dict[str, Any], seat: int) -> int:
    seats = view.get("companions", {}).get("seats", [])
    return int(seats[seat]) if 0 <= seat < len(seats) else -1


def extension_prompt(view: dict[str, Any], legal: Sequence[Action], lang: str) -> str | None:
    """What the viewer is asked in an extension's stage or spell; None otherwise."""
    stage = view["stage"]
    if stage in ("potion", "reveal"):
        reads = [a for a in legal if isinstance(a, ReadPotion)]
        size = potion_size(reads[0].card) if reads else 0
        return xtr("prompt_potion" if stage == "potion" else "prompt_reveal", lang, n=size)
    if stage == "destiny":
        return xtr("prompt_destiny", lang)
    if stage == "choose" and view["pending"] is not None:
        kind = SPELL_KINDS[view["pending"]]
        if kind in _CHOOSING:
            key = (
                "prompt_choose_invert"
                if kind == "invert_potion"
                else ("prompt_choose_swap_companions")
            )
            return xtr(key, lang, spell=spell_name(view["pending"], lang))
    return None


def stage_groups(
    view: dict[str, Any], legal: Sequence[Action], names: Sequence[str], lang: str
) -> list[Group]:
    """The controls of the stages ``potion``, ``reveal`` and ``destiny``."""
    from .controls import Control, Group

    groups: list[Group] = []
    reads = [a for a in legal if isinstance(a, ReadPotion)]
    strength = int(view.get("you", {}).get("strength", 0))
    cards: list[int] = []
    for action in reads:
        if action.card not in cards:
            cards.append(action.card)
    for card in cards:
        size = potion_size(card)
        controls = []
        for action in (a for a in reads if a.card == card):
            value = size * (1 if action.sign > 0 else -1)
            text = reading_text(value)
            controls.append(
                Control(
                    action,
                    xtr("read_as", lang, reading=text),
                    aria=xtr("read_aria", lang, n=size, reading=text, strength=strength + value),
                    tone="primary" if action.sign > 0 else "secondary",
                    card=card,
                )
            )
        note = xtr("read_note", lang, n=size, plus=strength + size, minus=strength - size)
        groups.append(
            Group(f"potion-{card}", xtr("group_read", lang, n=size), tuple(controls), note=note)
        )
    destiny: list[Control] = []
    for choice in legal:
        if isinstance(choice, TakeLife):
            destiny.append(Control(choice, xtr("take_life", lang), tone="primary"))
        elif isinstance(choice, BecomeReaper):
            destiny.append(
                Control(
                    choice,
                    xtr("become_reaper", lang),
                    aria=xtr("become_reaper_aria", lang),
                )
            )
    if destiny:
        note = xtr("destiny_note", lang) if any(isinstance(a, BecomeReaper) for a in legal) else ""
        groups.append(Group("destiny", xtr("group_destiny", lang), tuple(destiny), note=note))
    return groups


def power_groups(
    view: dict[str, Any], legal: Sequence[Action], names: Sequence[str], lang: str
) -> list[Group]:
    """The companions' once-a-round powers the viewer may use on their turn."""
    from .controls import Control, Group

    seat = view["seat"]
    companion = _companion(view, seat)
    title = (
        xtr("group_powers", lang, companion=companion_name(companion, lang))
        if (companion >= 0)
        else ""
    )
    groups: list[Group] = []
    hare = [a for a in legal if isinstance(a, AskVisit)]
    if hare:
        controls = tuple(
            Control(
                a,
                xtr("ask_visit_one" if a.count == 1 else "ask_visit_many", lang, n=a.count),
                aria=xtr.plural("ask_visit_aria_one", "ask_visit_aria_many", a.count, lang),
            )
            for a in hare
        )
        groups.append(Group("power-hare", title, controls, note=xtr("hare_note", lang)))
    looks: list[Control] = []
    for action in legal:
        if isinstance(action, Look):
            looks.append(Control(action, xtr("look_at", lang, name=names[action.target])))
        elif isinstance(action, LookMystery):
            looks.append(Control(action, xtr("look_mystery", lang)))
    if looks:
        groups.append(Group("power-owl", title, tuple(looks), note=xtr("power_note", lang)))
    replaces = tuple(
        Control(a, xtr("replace_spell", lang, spell=spell_name(a.card, lang)))
        for a in legal
        if isinstance(a, Replace)
    )
    if replaces:
        groups.append(Group("power-magpie", title, replaces, note=xtr("power_note", lang)))
    return groups


def choose_groups(
    view: dict[str, Any], legal: Sequence[Action], names: Sequence[str], lang: str
) -> list[Group] | None:
    """The choices of the invert and swap-companions spells; None for other spells."""
    from .controls import Control, Group

    card = view["pending"]
    kind = SPELL_KINDS[card]
    if kind not in _CHOOSING:
        return None
    choices = [a for a in legal if isinstance(a, Choose)]
    controls: list[Control] = []
    if kind == "invert_potion":
        owners = {
            potion: owner
            for owner, entry in enumerate(view["seats"])
            for potion in entry["visible"]
        }
        for choice in choices:
            if choice.card is None:
                continue
            reading = potion_reading(view, choice.card)
            owner = owners.get(choice.card)
            controls.append(
                Control(
                    choice,
                    xtr(
                        "invert_on",
                        lang,
                        n=potion_size(choice.card),
                        name="?" if owner is None else names[owner],
                        reading=reading_text(reading),
                        then=reading_text(-reading),
                    ),
                    card=choice.card,
                )
            )
    else:
        holders = view.get("companions", {}).get("seats", [])

        def place(companion: int) -> str:
            if companion in holders:
                return xtr("held_by", lang, name=names[holders.index(companion)])
            return xtr("in_reserve", lang)

        for choice in choices:
            if choice.card is None or choice.other is None:
                continue
            first, second = companion_name(choice.card, lang), companion_name(choice.other, lang)
            controls.append(
                Control(
                    choice,
                    xtr(
                        "swap_pair",
                        lang,
                        first=first,
                        second=second,
                        first_place=place(choice.card),
                        second_place=place(choice.other),
                    ),
                    aria=xtr(
                        "swap_pair_aria",
                        lang,
                        first=first,
                        second=second,
                        first_place=place(choice.card),
                        second_place=place(choice.other),
                    ),
                )
            )
    return [Group(kind, spell_name(card, lang), tuple(controls), card=card)]
