"""What the player may do now, as labelled buttons: one per legal action.

``dock(view, legal, names, lang, hint)`` turns the viewer's legal actions into
a prompt and groups: first the cards of their hand (one button each), then, at
a turn's start, one group per city of the row holding every legal placement
there (experts by occasionals, drawn as a small grid), and for a city where
nothing may be placed a group with no button and a note saying why (banned,
Chicago before any other city, occasionals with no expert, too few gangsters
to take the majority). No control is made for anything but a legal action;
the page sends a control's action back as it is (``data-act``) and the engine
checks it again.

With the hint on (``hint.money_chances``), each city's controls carry the
chance that its face-down card is money.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Control, Dock, Group
from game.theboss.cards import CARD_CITY, CHICAGO
from game.theboss.state import Place, Play

from .strings import BOARD, card_text, city_name, gangsters_text, percent

__all__ = ["dock", "holder", "holds_elsewhere", "place_label"]


def holder(entry: Mapping[str, Any]) -> int | None:
    """The one seat with most gangsters on a city (its view entry), None if nobody."""
    counts = [e + o for e, o in zip(entry["experts"], entry["occasionals"], strict=True)]
    best = max(counts, default=0)
    if best == 0 or counts.count(best) != 1:
        return None
    return counts.index(best)


def holds_elsewhere(view: Mapping[str, Any], seat: int) -> bool:
    """Whether `seat` has a gangster on a city other than Chicago this round."""
    return any(
        entry["experts"][seat] + entry["occasionals"][seat]
        for entry in view["cities"]
        if entry["city"] != CHICAGO
    )


def place_label(experts: int, occasionals: int, lang: str) -> str:
    """A placement button's face, in words: "2 experts", "1 expert + 1
    occasional", "2 occasionals"."""
    if not occasionals or not experts:
        return gangsters_text(experts, occasionals, lang)
    return BOARD(
        "place_label_both",
        lang,
        e=BOARD.plural("experts", "experts_many", experts, lang),
        o=BOARD.plural("occasionals", "occasionals_many", occasionals, lang),
    )


def dock(
    view: Mapping[str, Any],
    legal: Sequence[Any],
    names: Sequence[str],
    lang: str,
    hint: Mapping[int, float] | None = None,
) -> Dock:
    """The prompt and exactly one control per legal action."""
    if not legal:
        return Dock("", ())
    plays = [action for action in legal if isinstance(action, Play)]
    places = [action for action in legal if isinstance(action, Place)]
    groups = [_cards_group(plays, lang)] if plays else []
    if view["stage"] == "play":
        prompt = BOARD("prompt_play", lang)
    elif places:
        prompt = BOARD("prompt_place_or_play", lang)
    else:
        prompt = BOARD("prompt_play_only", lang)
    if view["stage"] == "place_or_play":
        groups += _place_groups(view, places, names, lang, hint or {})
    return Dock(prompt, tuple(groups))


def _cards_group(plays: Sequence[Play], lang: str) -> Group:
    controls = tuple(
        Control(
            action,
            card_text(action.card, lang),
            aria=BOARD(
                "play_aria",
                lang,
                card=card_text(action.card, lang),
                city=city_name(CARD_CITY[action.card]),
            ),
            card=action.card,
        )
        for action in plays
    )
    return Group("cards", BOARD("group_cards", lang), controls)


def _place_groups(
    view: Mapping[str, Any],
    places: Sequence[Place],
    names: Sequence[str],
    lang: str,
    hint: Mapping[int, float],
) -> list[Group]:
    seat = int(view["seat"])
    if not view["experts_available"][seat] and not view["occasionals_available"][seat]:
        return [Group("place", BOARD("group_place", lang), (), note=BOARD("why_nobody_left", lang))]
    by_city: dict[int, list[Place]] = {}
    for action in places:
        by_city.setdefault(action.city, []).append(action)
    groups = []
    for city in view["row"]:
        label = _city_label(city)
        offered = by_city.get(city)
        if not offered:
            why = _why_not(view, seat, city, names, lang)
            groups.append(Group(f"place-{city}", label, (), note=why))
            continue
        groups.append(
            Group(
                f"place-{city}",
                label,
                _place_controls(offered, city, lang, hint.get(city)),
                note=_note(view, seat, city, offered, lang),
            )
        )
    return groups


def _city_label(city: int) -> str:
    """A city group's label: its name (its number shows on its badge)."""
    return city_name(city)


def _place_controls(
    offered: Sequence[Place], city: int, lang: str, chance: float | None
) -> tuple[Control, ...]:
    smallest = min(offered, key=lambda a: (a.experts + a.occasionals, a.occasionals))
    odds: dict[str, Any] = {}
    if chance is not None:
        risk = "low" if chance >= 0.7 else "mid" if chance >= 0.4 else "high"
        odds = {"odds": chance, "odds_text": percent(chance, lang), "odds_risk": risk}
    return tuple(
        Control(
            action,
            place_label(action.experts, action.occasionals, lang),
            aria=BOARD(
                "place_aria",
                lang,
                what=gangsters_text(action.experts, action.occasionals, lang),
                city=city_name(city),
            ),
            tone="primary" if action is smallest else "secondary",
            **odds,
        )
        for action in offered
    )


def _note(
    view: Mapping[str, Any], seat: int, city: int, offered: Sequence[Place], lang: str
) -> str:
    if holder(view["cities"][city]) == seat:
        return BOARD("note_hold", lang)
    need = min(action.experts + action.occasionals for action in offered)
    return BOARD("note_need", lang, what=BOARD.plural("gangsters", "gangsters_many", need, lang))


def _why_not(view: Mapping[str, Any], seat: int, city: int, names: Sequence[str], lang: str) -> str:
    """Why nothing may be placed on `city` (the checker's order of reasons)."""
    if city in view["banned"][seat]:
        return BOARD("why_banned", lang)
    if city == CHICAGO and not holds_elsewhere(view, seat):
        return BOARD("why_chicago", lang)
    entry = view["cities"][city]
    if not view["experts_available"][seat] and not entry["experts"][seat]:
        return BOARD("why_alone", lang)
    rival = holder(entry)
    name = names[rival] if rival is not None and rival < len(names) else "?"
    return BOARD("why_majority", lang, name=name)
