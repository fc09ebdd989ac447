"""The extensions on the board: potion cards, companions, the reserve, the
Reaper and the players' fates, as HTML built from a view.

Plain Python with no browser import; ``game.bossquest.ui.render`` calls in here. As
there, every text goes through ``html.escape`` and only what the view shows is
drawn: a hidden potion of another player stays a card back (``render``), the
mystery spell shows its face only to the seat an owl showed it to (the view's
``companions.mystery``, which no other seat's view carries).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from game.bossquest.cards import COMPANIONS, REAPER, is_potion, potion_size, weapon_value
from game.bossquest.text_extensions import companion_name, companion_power, reading_text

from .extensions_controls import potion_reading
from .extensions_strings import xtr

__all__ = [
    "ONCE_A_ROUND",
    "card_value",
    "fate",
    "fate_tag",
    "is_reaper",
    "mini_potion",
    "potion_card",
    "reserve_zone",
    "result_verdicts",
    "seat_companion",
    "seen_mystery",
]

#: the companions whose power is an action, once a round
ONCE_A_ROUND = frozenset({"owl", "hare", "magpie"})


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _icon(name: str, cls: str = "") -> str:
    extra = f" {cls}" if cls else ""
    return (
        f'<svg class="icon icon-{name}{extra}" aria-hidden="true" focusable="false">'
        f'<use href="#i-{name}"></use></svg>'
    )


# ------------------------------------------------------------------ potions


def card_value(view: dict[str, Any], card: int) -> int:
    """What a weapon card adds in this view: its value, a potion its reading (0 unread)."""
    return potion_reading(view, card) if is_potion(card) else weapon_value(card)


def _reading_mark(reading: int | None) -> str:
    if reading is None:
        return "any"
    if not reading:
        return "unread"
    return "plus" if reading > 0 else "minus"


def potion_card(
    card: int,
    reading: int | None,
    lang: str,
    *,
    hidden: str = "",
    arrive: str = "",
    label: str = "",
    flag: str = "",
) -> str:
    """A potion: a flask, its size (±n) and its reading (+n / −n), "unread" while
    0; `reading` None when the reading is not known here (a past fight).
    `hidden` as for ``render.weapon_card``; `flag`: its ready-made hidden mark."""
    size = potion_size(card)
    if reading is None:
        value, text = f"±{size}", xtr("potion_aria_unread", lang, n=size)
    elif reading:
        value = reading_text(reading)
        text = xtr("potion_aria", lang, n=size, reading=value)
    else:
        value, text = "?", xtr("potion_aria_unread", lang, n=size)
    attrs = f' data-hidden="{hidden}"' if hidden else ""
    mark = _reading_mark(reading)
    unread = ""
    if mark == "unread":
        word = _e(xtr("potion_unread", lang))
        unread = f'<span class="potion-unread" aria-hidden="true">{word}</span>'
    return (
        f'<span class="wcard wcard-potion{arrive}" data-card="{card}" data-color="potion" '
        f'data-potion="{size}" data-reading="{mark}"{attrs} role="img" '
        f'aria-label="{_e(label or text)}">'
        f'<span class="wcard-corner" aria-hidden="true">±{size}</span>'
        f'<span class="potion-flask" aria-hidden="true">{_icon("flask")}</span>'
        f'<span class="wcard-value" aria-hidden="true">{_e(value)}</span>{unread}{flag}</span>'
    )


def mini_potion(card: int, view: dict[str, Any] | None = None) -> str:
    """A potion as the small face on a button."""
    reading = potion_reading(view, card) if view is not None else 0
    text = reading_text(reading) if reading else f"±{potion_size(card)}"
    return (
        f'<span class="mini-card mini-potion" data-color="potion" aria-hidden="true">'
        f"{_e(text)}</span>"
    )


# --------------------------------------------------------------- companions


def seat_companion(view: dict[str, Any], seat: int, lang: str, play: str = "") -> str:
    """A seat's companion: animal and name, its power in a line, and whether its
    once-a-round power is used; "" without the extension or companion. `play`:
    the buttons of its power, ready-made (its owner's turn)."""
    data = view.get("companions")
    if data is None or not 0 <= seat < len(data["seats"]) or data["seats"][seat] < 0:
        return ""
    card = data["seats"][seat]
    return _companion_chip(card, lang, used=card in data["used"], play=play)


def _companion_chip(card: int, lang: str, *, used: bool, tag: str = "div", play: str = "") -> str:
    animal = COMPANIONS[card]
    if animal in ONCE_A_ROUND:
        state, status = (
            ("used" if used else "ready"),
            xtr("power_used" if used else "power_ready", lang),
        )
    else:
        state, status = "always", xtr("power_always", lang)
    return (
        f'<{tag} class="companion" data-companion="{animal}" data-power="{state}">'
        f'<span class="companion-head">{_icon("paw", "companion-icon")}'
        f'<span class="companion-name">{_e(companion_name(card, lang))}</span>'
        f'<span class="companion-status" data-power="{state}">{_e(status)}</span></span>'
        f'<span class="companion-power">{_e(companion_power(card, lang))}</span>{play}</{tag}>'
    )


def reserve_zone(view: dict[str, Any], lang: str, play: str = "") -> str:
    """The companions nobody holds, face up; "" without the extension. `play`:
    the buttons of a swap of companions, ready-made."""
    data = view.get("companions")
    if data is None:
        return ""
    items = "".join(
        _companion_chip(card, lang, used=card in data["used"], tag="li") for card in data["reserve"]
    )
    if not items:
        items = f'<li class="companion empty">{_e(xtr("reserve_empty", lang))}</li>'
    return (
        '<section class="zone reserve-zone" aria-labelledby="reserve-title">'
        f'<h3 class="zone-title" id="reserve-title">{_icon("paw")}{_e(xtr("reserve", lang))}</h3>'
        f'<ul class="reserve">{items}</ul>{play}</section>'
    )


def seen_mystery(view: dict[str, Any]) -> int | None:
    """The mystery spell, when an owl showed it to this view's seat."""
    data = view.get("companions")
    if data is None:
        return None
    card = data.get("mystery")
    return None if card is None else int(card)


# --------------------------------------------------------------- the Reaper


def is_reaper(boss: int) -> bool:
    return boss == REAPER


def fate(view: dict[str, Any], seat: int) -> str:
    """ "ghost", "gone", "reaper", or "" for a knight (and without the extension)."""
    data = view.get("reaper")
    if data is None or not 0 <= seat < len(data["fates"]):
        return ""
    return str(data["fates"][seat])


def fate_tag(view: dict[str, Any], seat: int, lang: str) -> str:
    """A tag for a ghost, a player who has left, or the Reaper player."""
    which = fate(view, seat)
    if not which:
        return ""
    icon = {"ghost": "ghost", "gone": "door", "reaper": "scythe"}[which]
    return (
        f'<span class="tag tag-fate" data-fate="{which}" '
        f'title="{_e(xtr(f"fate_{which}_note", lang))}">'
        f"{_icon(icon)}{_e(xtr(f'fate_{which}', lang))}</span>"
    )


# ------------------------------------------------------------ round results


def result_verdicts(
    entry: dict[str, Any],
    seat: int,
    fates: Sequence[str],
    readings: Sequence[int],
    lang: str,
) -> list[tuple[str, str]]:
    """The extensions' lines for one seat of a fight: the potions' readings, the
    Reaper's blow, and the fate the fight left the seat with."""
    lines: list[tuple[str, str]] = []
    potions = [card for card in entry["weapons"] if is_potion(card)]
    if potions and readings:
        shown = ", ".join(
            reading_text(readings[potion_size(card) - 1])
            if readings[potion_size(card) - 1]
            else f"±{potion_size(card)}"
            for card in potions
        )
        lines.append(("plain", xtr("verdict_potions", lang, readings=shown)))
    if entry.get("reaper_hit"):
        lines.append(("bad", xtr("verdict_reaper_hit", lang)))
    which = fates[seat] if seat < len(fates) else ""
    if which == "ghost":
        lines.append(("bad", xtr("verdict_ghost", lang)))
    elif which == "gone":
        lines.append(("bad", xtr("verdict_gone", lang)))
    elif which == "reaper":
        lines.append(("plain", xtr("verdict_is_reaper", lang)))
    return lines
