"""Bazar Quest's cards as HTML: items, heroes, the monster, upgrades and
employees, each a small framed card whose pictures (class icons, hearts,
price, attack, defence) are drawn by bazarquest.css. A card is a picture
with an accessible name that says all it shows; a card the viewer may act
on is a button (``dom.act_button``) with the card as its face."""

from __future__ import annotations

from typing import Final

from game.engine.client import e

from ..cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES
from .strings import (
    adventure_name,
    card_effect,
    classes_text,
    employee_name,
    hero_name,
    item_name,
    monster_name,
    tr,
    upgrade_name,
)

__all__ = [
    "adventure_face",
    "adventure_label",
    "back",
    "employee_face",
    "hero_face",
    "item_face",
    "monster_face",
    "picture",
    "upgrade_face",
]

ROMAN: Final = {1: "I", 2: "II", 3: "III"}


def _classes(classes: tuple[str, ...]) -> str:
    return "".join(f'<span class="bq-cls" data-class="{c}"></span>' for c in classes)


def _stat(kind: str, value: int) -> str:
    return f'<span class="bq-stat bq-{kind}">{value}</span>'


def _effect(text: str) -> str:
    return f'<span class="bq-effect">{e(text)}</span>' if text else ""


def picture(face: str, label: str, extra: str = "") -> str:
    """A card no one acts on: a picture named by `label`."""
    return f'<span class="bq-slot"{extra} role="img" aria-label="{e(label)}">{face}</span>'


def item_label(item: int, lang: str) -> str:
    card = ITEMS[item]
    label = tr(
        "item_aria",
        lang,
        name=item_name(item, lang),
        classes=classes_text(card.classes, lang),
        hearts=card.hearts,
        price=card.price,
        attack=card.attack,
        defence=card.defence,
    )
    effect = card_effect(card.effect, lang)
    return f"{label}. {effect}" if effect else label


def item_face(item: int, lang: str, *, small: bool = False) -> str:
    card = ITEMS[item]
    size = " bq-small" if small else ""
    effect = "" if small else _effect(card_effect(card.effect, lang))
    mark = ' data-effect="true"' if card.effect is not None else ""
    return (
        f'<span class="bq-card bq-item{size}" data-card="{item}" '
        f'data-classes="{" ".join(card.classes)}"{mark} aria-hidden="true">'
        f'<span class="bq-top">{_classes(card.classes)}{_stat("heart", card.hearts)}</span>'
        f'<span class="bq-name">{e(item_name(item, lang))}</span>{effect}'
        f'<span class="bq-stats">{_stat("price", card.price)}{_stat("atk", card.attack)}'
        f"{_stat('def', card.defence)}</span></span>"
    )


def back(lang: str) -> str:
    return (
        '<span class="bq-slot" role="img" data-hidden="back" '
        f'aria-label="{e(tr("card_back", lang))}">'
        '<span class="bq-card bq-back" aria-hidden="true"></span></span>'
    )


def hero_label(hero: int, purse: int | None, lang: str) -> str:
    card = HEROES[hero]
    key = "hero_aria" if purse is not None else "hero_aria_no_purse"
    label = tr(
        key,
        lang,
        name=hero_name(hero, lang),
        classes=classes_text(card.classes, lang),
        purse=purse,
        attack=card.attack,
        defence=card.defence,
    )
    effect = card_effect(card.effect, lang)
    return f"{label}. {effect}" if effect else label


def hero_face(hero: int, purse: int | None, lang: str) -> str:
    """A hero's card; without `purse` (an adventure's past), no purse on it."""
    card = HEROES[hero]
    bag = "" if purse is None else f'<span class="bq-stat bq-purse">{purse}</span>'
    return (
        f'<span class="bq-card bq-hero" data-hero="{hero}" '
        f'data-classes="{" ".join(card.classes)}" aria-hidden="true">'
        f'<span class="bq-top">{_classes(card.classes)}{bag}</span>'
        f'<span class="bq-name">{e(hero_name(hero, lang))}</span>'
        f"{_effect(card_effect(card.effect, lang))}"
        f'<span class="bq-stats">{_stat("atk", card.attack)}{_stat("def", card.defence)}'
        "</span></span>"
    )


def adventure_label(card: int, lang: str) -> str:
    adventure = ADVENTURES[card]
    label = tr(
        "adventure_aria",
        lang,
        name=adventure_name(card, lang),
        attack=_signed(adventure.attack),
        defence=_signed(adventure.defence),
    )
    effect = card_effect(adventure.effect, lang)
    return f"{label}. {effect}" if effect else label


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "\u2212")


def adventure_face(card: int, lang: str, *, kept: bool = True) -> str:
    """An adventure card: what it adds to (or takes from) attack and defence."""
    adventure = ADVENTURES[card]
    return (
        f'<span class="bq-card bq-adventure-card bq-small" data-adventure="{card}" '
        f'data-kept="{str(kept).lower()}" aria-hidden="true">'
        f'<span class="bq-name">{e(adventure_name(card, lang))}</span>'
        f"{_effect(card_effect(adventure.effect, lang))}"
        f'<span class="bq-stats"><span class="bq-stat bq-atk">{_signed(adventure.attack)}</span>'
        f'<span class="bq-stat bq-def">{_signed(adventure.defence)}</span></span></span>'
    )


def monster_label(monster: int, lang: str) -> str:
    card = MONSTERS[monster]
    label = tr(
        "monster_aria",
        lang,
        name=monster_name(monster, lang),
        level=ROMAN[card.level],
        resistance=card.resistance,
        strength=card.strength,
    )
    effect = card_effect(card.effect, lang)
    return f"{label}. {effect}" if effect else label


def monster_face(monster: int, wounds: int, needed: int, lang: str) -> str:
    card = MONSTERS[monster]
    pips = "".join(
        f'<span class="bq-pip" data-hit="{"true" if n < wounds else "false"}"></span>'
        for n in range(needed)
    )
    rewards = tr("rewards", lang, coins=card.coins, chest=card.chest)
    return (
        f'<span class="bq-card bq-monster" data-monster="{monster}" data-level="{card.level}">'
        f'<span class="bq-top"><span class="bq-level">{ROMAN[card.level]}</span>'
        f'<span class="bq-name">{e(monster_name(monster, lang))}</span></span>'
        '<span class="bq-versus">'
        f'<span class="bq-vs bq-atk"><b>{card.resistance}</b>'
        f"<small>{e(tr('resistance', lang))} · {e(tr('resistance_help', lang))}</small></span>"
        f'<span class="bq-vs bq-def"><b>{card.strength}</b>'
        f"<small>{e(tr('strength', lang))} · {e(tr('strength_help', lang))}</small></span>"
        "</span>"
        f'<span class="bq-wounds"><span class="bq-pips">{pips}</span>'
        f"{e(tr('wounds', lang, n=wounds, of=needed))}</span>"
        f'<span class="bq-reward">{e(rewards)}</span>'
        f"{_effect(card_effect(card.effect, lang))}</span>"
    )


def upgrade_label(card: int, flipped: bool, lang: str) -> str:
    return ", ".join(_upgrade_lines(card, flipped, lang))


def _upgrade_lines(card: int, flipped: bool, lang: str) -> list[str]:
    upgrade = UPGRADES[card]
    level = 2 if flipped else 1
    lines = [upgrade_name(card, lang), tr(f"upgrade_{upgrade.kind}", lang, n=level)]
    if upgrade.hearts:
        lines.append(tr("upgrade_hearts", lang, n=upgrade.hearts))
    if upgrade.draw:
        lines.append(tr("upgrade_draw", lang, n=upgrade.draw))
    return lines


def upgrade_face(card: int, flipped: bool, lang: str, price: int | None = None) -> str:
    upgrade = UPGRADES[card]
    name, *rest = _upgrade_lines(card, flipped, lang)
    cost = _stat("price", price) if price is not None else ""
    side = " bq-flipped" if flipped else ""
    return (
        f'<span class="bq-card bq-upgrade{side}" data-upgrade="{card}" '
        f'data-kind="{upgrade.kind}" aria-hidden="true">'
        f'<span class="bq-top"><span class="bq-up-kind">+{2 if flipped else 1}</span>{cost}</span>'
        f'<span class="bq-name">{e(name)}</span>'
        + "".join(f'<span class="bq-effect">{e(line)}</span>' for line in rest)
        + "</span>"
    )


def employee_label(employee: int, lang: str) -> str:
    card = EMPLOYEES[employee]
    return f"{employee_name(employee, lang)}. {card_effect(card.effect, lang)}"


def employee_face(employee: int, lang: str, price: int | None = None) -> str:
    card = EMPLOYEES[employee]
    cost = _stat("price", price) if price is not None else ""
    return (
        f'<span class="bq-card bq-employee" data-employee="{employee}" '
        f'data-phase="{card.phase}" aria-hidden="true">'
        f'<span class="bq-top"><span class="bq-staff-icon"></span>{cost}</span>'
        f'<span class="bq-name">{e(employee_name(employee, lang))}</span>'
        f"{_effect(card_effect(card.effect, lang))}</span>"
    )
