"""The Boss's small pictures as HTML: city cards (faces, backs, minis), the
gangsters' cubes, the police badges and the sanctions' glyphs.

Every city is told apart by its number and short name as well as by its
colour (``data-city``, coloured by the game's stylesheet), and every player's
cubes stand beside their name: nothing is said by colour alone. Only a face
the viewer may see carries its card id (``data-card``); a back never does.
"""

from __future__ import annotations

from typing import Final

from game.engine.client import e
from game.theboss.cards import CARD_CITY, CARD_KIND, CARD_VALUE, MONEY

from .strings import BOARD, SHORT_NAMES, card_text, face_text, money

__all__ = ["back", "badge", "card", "cubes", "glyph", "mini", "num"]

#: small pictures of the sanctions and the police badge, 24 by 24, drawn in currentColor
_GLYPHS: Final = {
    "revolver": '<path d="M2 6.5h16.5l.8-1.5h2.2v5H19l-1.2 1.4h-4.1l-1 2.2h-2.3l-1.2 5.4H4.6'
    'l1.7-7.1H2z"/><path d="M11.3 11.6h1.5l-.6 1.3h-1.2z" class="tb-glyph-cut"/>',
    "jail": '<path d="M3 3h18v2.2H3zm0 15.8h18V21H3zM5.3 5.2h2.2v13.6H5.3zm5.6 0h2.2v13.6h-2.2z'
    'm5.6 0h2.2v13.6h-2.2z"/>',
    "hospital": '<path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z"/>',
    "banned": '<circle cx="12" cy="12" r="8.4" fill="none" stroke="currentColor" '
    'stroke-width="3"/><path d="M6.1 6.1l11.8 11.8" fill="none" stroke="currentColor" '
    'stroke-width="3"/>',
    "badge": '<path d="m12 2 2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 16.8 6.1 20l1.3-6.5-4.8-4.6 '
    '6.6-.8z"/>',
}


def glyph(kind: str) -> str:
    """A sanction's (or the badge's) small picture; nothing for money."""
    paths = _GLYPHS.get(kind)
    if paths is None:
        return ""
    return (
        f'<svg class="tb-glyph" data-glyph="{kind}" viewBox="0 0 24 24" aria-hidden="true" '
        f'focusable="false">{paths}</svg>'
    )


def num(city: int) -> str:
    """A city's round badge: its number in its colour (Chicago: a star)."""
    text = str(city) if city else "★"
    return f'<span class="tb-num" data-city="{city}" aria-hidden="true">{text}</span>'


def card(
    card_id: int,
    lang: str,
    *,
    arrive: str = "",
    label: str = "",
    extra: str = "",
    size: str = "",
) -> str:
    """A city card's face: the city's number and short name in its corner,
    the money or the sanction in the middle."""
    city = CARD_CITY[card_id]
    kind = CARD_KIND[card_id]
    if kind == MONEY:
        middle = f'<span class="tb-card-value">{e(money(CARD_VALUE[card_id], lang))}</span>'
    else:
        middle = (
            f"{glyph(kind)}"
            f'<span class="tb-card-word">{e(face_text(card_id, lang, short=True))}</span>'
        )
    sized = f' data-size="{size}"' if size else ""
    return (
        f'<span class="tb-card{arrive}" data-card="{card_id}" data-city="{city}" '
        f'data-kind="{kind}"{sized}{extra} role="img" '
        f'aria-label="{e(label or card_text(card_id, lang))}">'
        f'<span class="tb-card-corner" aria-hidden="true">{city}'
        f'<span class="tb-corner-name"> {SHORT_NAMES[city]}</span></span>'
        f'<span class="tb-card-face" aria-hidden="true">{middle}</span></span>'
    )


def back(city: int, label: str, *, arrive: str = "", size: str = "") -> str:
    """A card's back: its city's colour, number and short name; never its id."""
    sized = f' data-size="{size}"' if size else ""
    return (
        f'<span class="tb-back{arrive}" data-city="{city}" data-hidden="back"{sized} role="img" '
        f'aria-label="{e(label)}"><span class="tb-back-num" aria-hidden="true">{city}</span>'
        f'<span class="tb-back-name" aria-hidden="true">{SHORT_NAMES[city]}</span></span>'
    )


def mini(card_id: int, lang: str) -> str:
    """A card drawn small on a button (the button says it in words)."""
    kind = CARD_KIND[card_id]
    face = (
        e(money(CARD_VALUE[card_id], lang))
        if kind == MONEY
        else glyph(kind) or e(face_text(card_id, lang, short=True))
    )
    city = CARD_CITY[card_id]
    return (
        f'<span class="tb-mini" data-city="{city}" data-kind="{kind}" aria-hidden="true">'
        f'<span class="tb-mini-city">{city}</span><span class="tb-mini-face">{face}</span></span>'
    )


def cubes(seat: int, experts: int, occasionals: int) -> str:
    """A player's gangsters: experts as big cubes, occasionals as small ones."""
    big = '<i class="tb-cube" data-size="big"></i>' * experts
    small = '<i class="tb-cube" data-size="small"></i>' * occasionals
    return f'<span class="tb-cubes" data-seat="{seat}" aria-hidden="true">{big}{small}</span>'


def badge(kind: str, lang: str) -> str:
    """A turned police card: a gold, silver or double badge."""
    return (
        f'<li class="tb-badge" data-badge="{kind}" role="img" '
        f'aria-label="{e(BOARD(f"badge_{kind}", lang))}">{glyph("badge")}'
        f"{glyph('badge') if kind == 'both' else ''}</li>"
    )
