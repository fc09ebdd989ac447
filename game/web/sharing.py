"""The local game's undo button and its "share replay" control, as HTML.

Plain Python with no browser import; ``game.web.board`` hands them, rendered,
to the game's client, which places them (the undo button in the dock, the
share button in the board bar and on the game-over panel). The share box
holds the link in a read-only field; the page's copy button
(``data-cmd="share-copy"``) copies it (``site/assets/game-board.js``).
"""

from __future__ import annotations

from html import escape

from .replay_strings import rtr

__all__ = ["share_box", "share_button", "undo_button"]


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def undo_button(state: str, lang: str) -> str:
    """The undo button; `state` "allowed" or "refused". A refused one stays
    clickable (not disabled): the click is how the player learns why."""
    return (
        f'<button type="button" class="btn btn-small btn-ghost undo-btn" data-cmd="undo" '
        f'data-undo="{_e(state)}" aria-label="{_e(rtr("undo_aria", lang))}">'
        f'<span class="undo-arrow" aria-hidden="true">↶</span>{_e(rtr("undo", lang))}</button>'
    )


def share_button(is_open: bool, lang: str, extra_class: str = "btn-ghost") -> str:
    return (
        f'<button type="button" class="btn btn-small {extra_class} share-btn" data-cmd="share" '
        f'aria-expanded="{"true" if is_open else "false"}" aria-controls="share-box">'
        f'<span class="share-mark" aria-hidden="true">⇪</span>{_e(rtr("share", lang))}</button>'
    )


def share_box(link: str, seen_by: str | None, lang: str) -> str:
    """The link, what it shows (`seen_by`: a player's name, None for everything),
    and buttons to copy it, open it and close the box."""
    note = (
        rtr("share_note_all", lang)
        if seen_by is None
        else rtr("share_note_seat", lang, name=seen_by)
    )
    return (
        '<div class="share-box" id="share-box" role="group" aria-labelledby="share-title">'
        f'<p class="share-title" id="share-title">{_e(rtr("share_title", lang))}</p>'
        f'<p class="share-note">{_e(note)}</p>'
        f'<input class="share-link" id="share-link" type="text" readonly value="{_e(link)}" '
        f'aria-labelledby="share-title" spellcheck="false">'
        '<div class="share-actions">'
        f'<button type="button" class="btn btn-small btn-primary" data-cmd="share-copy">'
        f"{_e(rtr('share_copy', lang))}</button>"
        f'<a class="btn btn-small btn-secondary" href="{_e(link)}" target="_blank" '
        f'rel="noopener">{_e(rtr("share_open", lang))}</a>'
        f'<button type="button" class="btn btn-small btn-ghost" data-cmd="share">'
        f"{_e(rtr('share_close', lang))}</button>"
        f'<span class="share-copied" role="status" hidden>{_e(rtr("share_copied", lang))}</span>'
        "</div></div>"
    )
