"""The pictures on Hero Realms' cards, drawn by us as small SVGs (24 by 24):
gold, combat, health, the four factions' symbols, guard, the expend and
sacrifice marks, and one sign for each effect that is not a gain. Each is
decoration (``aria-hidden``): the card says everything in words as well."""

from __future__ import annotations

from typing import Final

__all__ = ["ICONS", "icon"]

_CARD: Final = '<rect x="6" y="3" width="12" height="17" rx="2"/>'
_HOLE: Final = 'fill="#fff" fill-opacity=".9"'

ICONS: Final = {
    # a coin: a rim, a face, a mark struck in its middle
    "gold": '<circle cx="12" cy="12" r="10" fill="#f2c94c" stroke="#8f6616" stroke-width="1.6"/>'
    '<circle cx="12" cy="12" r="6.2" fill="none" stroke="#b8871f" stroke-width="1.3"/>'
    '<path d="M12 8.2 15 12l-3 3.8L9 12z" fill="#8f6616"/>',
    # a price: the same coin, its face left plain for the number printed on it
    "cost": '<circle cx="12" cy="12" r="10.4" fill="#f2c94c" stroke="#8f6616" stroke-width="1.4"/>'
    '<circle cx="12" cy="12" r="8" fill="none" stroke="#b8871f" stroke-width="1"/>',
    # a short sword, point up and to the right
    "combat": '<path d="M20.6 2.2 21.8 3.4l-1 4.2-9 9-3.4-3.4 9-9z" fill="#d7dde4" '
    'stroke="#4a5560" stroke-width="1"/><path d="M5.2 12.6l1.4-1.4 6.2 6.2-1.4 1.4z" '
    'fill="#8f6616"/><path d="M8.2 16.2l-4.6 4.6-1.4-1.4 4.6-4.6z" fill="#5c3a1e"/>',
    # a heart
    "health": '<path d="M12 21.2S3 15.6 3 9.4A4.9 4.9 0 0 1 12 6.6a4.9 4.9 0 0 1 9 2.8c0 6.2'
    '-9 11.8-9 11.8z" fill="#d8433b" stroke="#7d1f2c" stroke-width="1.2"/>',
    # the factions: a money pouch, a crown, a skull, a leaf
    "guild": '<path d="M9 2.5h6l-1.7 3.2h-2.6zM12 6.4c-4.6 0-8 4.8-8 8.9C4 19 6.8 21.5 12 21.5'
    's8-2.5 8-6.2c0-4.1-3.4-8.9-8-8.9z"/><path d="M12 10.5v7M10 12.5h3.2a1.3 1.3 0 0 1 0 2.6'
    'h-2.4a1.3 1.3 0 0 0 0 2.6H14" fill="none" stroke="#fff" stroke-opacity=".85" '
    'stroke-width="1.4"/>',
    "imperial": '<path d="M3 18.5h18v2.3H3zM3 6.5l4.6 4.4L12 3.5l4.4 7.4L21 6.5l-1.8 10.4H4.8z"/>',
    "necros": '<path fill-rule="evenodd" d="M12 2.5a8 8 0 0 0-8 8c0 2.8 1.5 4.8 3.4 5.9v4.1h9.2'
    "v-4.1c1.9-1.1 3.4-3.1 3.4-5.9a8 8 0 0 0-8-8zM7.2 10.6a2.1 2.1 0 1 0 4.2 0 2.1 2.1 0 1 0"
    '-4.2 0zm5.4 0a2.1 2.1 0 1 0 4.2 0 2.1 2.1 0 1 0-4.2 0zM11 14.2h2l-1 2z"/>',
    "wild": '<path d="M20.5 3.5C10.5 3.8 4 8.6 4 15.6c0 1.6.3 3 .9 4.2 1.1-4.2 4.2-7.9 9.1-10'
    '-3.9 3-6.2 6.4-7.1 10.4 10.2.3 13.6-7.8 13.6-16.7z"/>',
    "none": '<path d="M12 2.5 14.2 9.8 21.5 12l-7.3 2.2L12 21.5l-2.2-7.3L2.5 12l7.3-2.2z"/>',
    # the frame's marks: a guard's shield, expending (a card turned), sacrificing (a flame)
    "guard": '<path d="M12 2 20.5 5.2v6.1c0 5.2-3.6 9.1-8.5 10.7-4.9-1.6-8.5-5.5-8.5-10.7V5.2z"/>',
    "expend": '<rect x="2.5" y="13" width="15" height="9" rx="1.6"/><path d="M5 10.5A8 8 0 0 1'
    ' 15.5 4.2" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M14 0.8l6.2 3.4'
    '-5.6 4.3z"/>',
    "sacrifice": '<path d="M12.6 2c.9 3.9 6.4 6.1 6.4 12.1a7 7 0 0 1-14 0c0-3.2 1.9-5.3 3.1-6.4'
    '.1 2.1 1 3.3 2.3 3.5-.6-3.8-.7-6.6 2.2-9.2z"/>',
    # the effects that are not gains
    "draw": f'{_CARD}<path d="M12 7.5v8M8 11.5h8" stroke="#fff" stroke-width="2.2"/>',
    "stun": '<path d="M12 2l2 5.4 5.1-2.5-2.5 5.1L22 12l-5.4 2 2.5 5.1-5.1-2.5L12 22l-2-5.4'
    '-5.1 2.5 2.5-5.1L2 12l5.4-2-2.5-5.1 5.1 2.5z"/>',
    "opponent_discards": f'{_CARD}<path d="M12 7v7.5M8.6 11.4 12 15l3.4-3.6" fill="none" '
    f'stroke="#fff" stroke-width="2.2"/>',
    "prepare": '<path d="M19.5 12A7.5 7.5 0 1 1 12 4.5" fill="none" stroke="currentColor" '
    'stroke-width="2.6"/><path d="M11 1l5.2 3.5L11 8z"/>',
    "sacrifice_card": f'{_CARD}<path d="M12.3 7.2c.4 1.9 3 2.9 3 5.7a3.3 3.3 0 0 1-6.6 0c0-1.5'
    f'.9-2.5 1.5-3 0 1 .5 1.6 1.1 1.7-.3-1.8-.3-3.1 1-4.4z" {_HOLE}/>',
    "draw_discard": f'{_CARD}<path d="M9 7.5v8M6.8 9.8 9 7.5l2.2 2.3M15 15.5v-8M12.8 13.2'
    f'l2.2 2.3 2.2-2.3" fill="none" stroke="#fff" stroke-width="1.8"/>',
    "to_deck": '<path d="M5 20.5h14v-2.2H5zm0-3.6h14v-2.2H5z"/><path d="M12 3.2v9.2M8.2 7'
    'l3.8-3.8L15.8 7" fill="none" stroke="currentColor" stroke-width="2.4"/>',
    "to_hand": f'{_CARD}<path d="M12 7v8M8.6 11.6 12 15l3.4-3.4" fill="none" stroke="#fff" '
    f'stroke-width="2.2"/><path d="M3 18.5h18v2.5H3z"/>',
    # a card with a question mark: a draw that waits on a condition
    "draw_if": f'{_CARD}<path d="M9.6 9.4a2.4 2.4 0 1 1 3.4 2.2c-.7.4-1 .9-1 1.7" fill="none" '
    f'stroke="#fff" stroke-width="1.8"/><circle cx="12" cy="16.2" r="1.1" {_HOLE}/>',
    # a coin with a bar across: a price lowered
    "discount": '<circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" '
    'stroke-width="2"/><path d="M7.5 12h9" stroke="currentColor" stroke-width="2.6"/>',
    # a head rising from a line, an arrow above it: a champion brought back
    "resurrect": '<path d="M12 9.5a3.6 3.6 0 1 1 0 7.2 3.6 3.6 0 0 1 0-7.2zM4.5 22c0-3.2 3.3-5'
    ' 7.5-5s7.5 1.8 7.5 5z"/><path d="M12 1.5 16 6h-2.6v2h-2.8V6H8z"/>',
    # a shield with a cross: health and defence given
    "bless": '<path fill-rule="evenodd" d="M12 2 20.5 5.2v6.1c0 5.2-3.6 9.1-8.5 10.7-4.9-1.6'
    '-8.5-5.5-8.5-10.7V5.2zM10.7 7v3.6H7.2v2.6h3.5v3.6h2.6v-3.6h3.5v-2.6h-3.5V7z"/>',
    # a ball of fire with its trail
    "fireball": '<circle cx="14.5" cy="14.5" r="6.5"/><path d="M3 3l7.6 5.4-1.4 1.4zM2.5 9.5'
    'l6.2 2-.6 1.8zM9.5 2.5l2 6.2-1.8.6z"/>',
    # an eye: cards looked at
    "track": '<path fill-rule="evenodd" d="M12 5.5c5 0 8.6 3.7 10 6.5-1.4 2.8-5 6.5-10 6.5S3.4'
    ' 14.8 2 12c1.4-2.8 5-6.5 10-6.5zM12 8.6a3.4 3.4 0 1 0 0 6.8 3.4 3.4 0 0 0 0-6.8z"/>',
    # a key: a card taken from someone else's pile
    "heist": '<path fill-rule="evenodd" d="M7.5 4a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 3.2a1.8 1.8'
    ' 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6z"/><path d="M11.8 11.3 21.5 21l-1.8 1.8-1.6-1.6-1.6 1.6'
    '-1.6-1.6 1.6-1.6-5.4-5.4z"/>',
    # a throwing knife, blade up
    "knife": '<path d="M12 1.5 15 11h-6z"/><path d="M7.5 11.5h9v2h-9zM10.8 13.5h2.4v8.5h-2.4z"/>',
    # a champion: a head and shoulders
    "champion": '<path d="M12 2.5a4.6 4.6 0 1 1 0 9.2 4.6 4.6 0 0 1 0-9.2zM3.5 21.5c0-4.9 3.8'
    '-8.3 8.5-8.3s8.5 3.4 8.5 8.3z"/>',
}


def icon(name: str, css: str = "hr-icon") -> str:
    """The picture `name` as inline SVG, hidden from screen readers."""
    return (
        f'<svg class="{css}" data-icon="{name}" viewBox="0 0 24 24" aria-hidden="true" '
        f'focusable="false" fill="currentColor">{ICONS[name]}</svg>'
    )
