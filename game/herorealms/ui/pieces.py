"""The board's small pieces: a card as a picture or as the control that
plays it (with its large face on hover, focus or long press), a pile, a
number chip. Every control goes through ``dom.act_button``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.client import Control, Scene, e
from game.engine.dom import act_button
from game.herorealms.cards import kind_of
from game.herorealms.codec import action_to_json

from .board_words import BOARD
from .card import card_face
from .icons import icon

__all__ = ["card_control", "chip", "face", "flight", "pile"]


def face(card: int, lang: str, *, attrs: str = "") -> str:
    """A card's small face, with its large face beside it for hover and long press."""
    key = kind_of(card).key
    small = card_face(key, lang, attrs=f' data-card="{card}"{attrs}')
    large = card_face(key, lang, size="large")
    return f'{small}<span class="hr-zoom" aria-hidden="true">{large}</span>'


def flight(card: int, lang: str, motion: str, run: int) -> str:
    """A public card's picture flying onto a pile once (``motion``: "bought"
    or "stunned"; ``run`` alternates its animation so that a second flight
    in a row plays again). Decoration: the log tells the move in words."""
    inner = card_face(kind_of(card).key, lang)
    return (
        f'<span class="hr-flight" data-motion="{motion}" data-run="{run}" '
        f'aria-hidden="true">{inner}</span>'
    )


def _short(control: Control) -> str:
    """The words of a card's second control (the first is the card itself)."""
    return control.label


def card_control(
    scene: Scene,
    card: int,
    controls: Sequence[Control],
    *,
    where: str,
    extra: str = "",
    attrs: str = "",
) -> str:
    """A card on the board: a button playing its first action when it has
    one (tap the card), a small button for each other action under it, a
    picture otherwise. `extra` is what the card shows under it (its damage),
    `attrs` the wrapper's own attributes."""
    lang = scene.lang
    arrive = scene.mark(f"{where}:{card}")
    inner = face(card, lang)
    if controls:
        first = controls[0]
        body = act_button(
            action_to_json(first.action),
            inner,
            css=f"hr-card-btn{arrive}",
            label=first.aria or first.label,
            on_board=True,
            attrs=[("data-card", card)],
            marks=scene.marks,
        )
    else:
        body = f'<span class="hr-card-still{arrive}">{inner}</span>'
    more = "".join(
        act_button(
            action_to_json(control.action),
            e(_short(control)),
            css="hr-mini-btn",
            label=control.aria or control.label,
            on_board=True,
            marks=scene.marks,
        )
        for control in controls[1:]
    )
    tail = f'<span class="hr-more">{more}</span>' if more else ""
    return f'<li class="hr-slot" data-where="{where}"{attrs}>{body}{extra}{tail}</li>'


def _word(word: str) -> str:
    return f'<span class="hr-stat-word" aria-hidden="true">{e(word)}</span>' if word else ""


def chip(
    name: str,
    picture: str,
    value: object,
    label: str,
    word: str = "",
    *,
    attrs: str = "",
    landing: str = "",
) -> str:
    """A number with its picture and a short `word`, read by its label;
    `attrs` its own attributes, `landing` what lands on it (motion.py)."""
    return (
        f'<span class="hr-stat" data-stat="{name}" role="img" aria-label="{e(label)}"{attrs}>'
        f'{icon(picture)}<b aria-hidden="true">{e(value)}</b>{_word(word)}{landing}</span>'
    )


def pile(
    name: str,
    picture: str,
    label: str,
    cards: Sequence[int],
    lang: str,
    title: str,
    word: str = "",
    landing: str = "",
) -> str:
    """A pile's count; its cards (public, or the viewer's own deck, sorted)
    listed by name on demand; `landing`: what lands on it (motion.py)."""
    count = len(cards)
    if not cards:
        return chip(name, picture, count, label, word, landing=landing)
    names = "".join(f"<li>{e(card_name_of(card, lang))}</li>" for card in cards)
    return (
        f'<details class="hr-pile-list" data-pile="{name}"><summary aria-label="{e(label)}">'
        f'{icon(picture)}<b aria-hidden="true">{count}</b>{_word(word)}{landing}</summary>'
        f'<p class="hr-pile-title">{e(title)}</p><ul>{names}</ul></details>'
    )


def card_name_of(card: int, lang: str) -> str:
    from .describe import card_of

    return card_of(card, lang)


def empty(key: str, lang: str) -> str:
    return f'<li class="hr-empty">{e(BOARD(key, lang))}</li>'


def seat_name(scene: Scene, seat: int) -> str:
    names = scene.names
    return names[seat] if 0 <= seat < len(names) else BOARD("seat_name", scene.lang, n=seat + 1)


def controls_by_card(scene: Scene) -> dict[int, list[Control]]:
    """The dock's controls that act on a card, by that card (the board draws
    them on it), in the dock's order."""
    found: dict[int, list[Control]] = {}
    for group in scene.dock.groups:
        for control in group.controls:
            card: Any = getattr(control.action, "card", None)
            if isinstance(card, int):
                found.setdefault(card, []).append(control)
    return found
