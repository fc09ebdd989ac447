"""The shell's widgets around a game's board, as HTML, and the curtain.

Plain Python with no browser import. A game's client draws its board
(``GameClient.render_table`` and the panels) from a ``Scene``; what every game
shares (the leave button and its confirmation, the share button and box, the
undo button, the log's panel, the end-of-game panel's buttons, the
pass-and-play curtain) is drawn here and handed to the client already
rendered, in the scene's ``*_html`` fields.
"""

from __future__ import annotations

from game.engine.client import Scene, e, icon

from .sharing import share_box, share_button, undo_button
from .strings import tr

__all__ = ["LOG_WINDOW", "dress_over", "dress_table", "log_panel", "log_window", "render_curtain"]


def _leave_button(confirm_quit: bool, lang: str) -> str:
    return (
        f'<button type="button" class="btn btn-small btn-ghost" data-cmd="quit" '
        f'aria-expanded="{"true" if confirm_quit else "false"}">'
        f"{icon('door')}{e(tr('leave', lang))}</button>"
    )


def _confirm(text: str, lang: str) -> str:
    return (
        '<div class="confirm" role="alertdialog" aria-labelledby="confirm-text">'
        f'<p id="confirm-text">{e(text)}</p>'
        f'<button type="button" class="btn btn-small btn-danger" data-cmd="quit-yes">'
        f"{e(tr('leave_yes', lang))}</button>"
        f'<button type="button" class="btn btn-small btn-secondary" data-cmd="quit-no">'
        f"{e(tr('leave_no', lang))}</button></div>"
    )


#: the newest log lines a board draws until its reader asks for the whole log
LOG_WINDOW = 40


def log_window(whole: bool) -> int:
    """``Scene.log_window`` for a board whose reader may toggle the whole log."""
    return 0 if whole else LOG_WINDOW


def log_panel(scene: Scene) -> str:
    """The log's panel with the scene's lines (new ones marked to arrive).

    The scrolling box (#log) holds the list and lays it out from its bottom
    edge (app.css), so the newest line stays in sight when the lines rewrap
    (a phone turned, a narrower column) as well as when lines are added.
    With ``scene.log_window`` set, only that many newest lines are drawn and a
    button above them shows the whole log (the board handles ``log-whole`` and
    ``log-recent``). Each line has an id, so the morph moves the lines it
    keeps instead of rewriting every line's text."""
    lines = scene.log
    window = scene.log_window
    first = max(0, len(lines) - window) if window else 0
    items = []
    for index, (kind, text) in enumerate(lines):
        # every line counts as seen, drawn or not: lines shown later do not "arrive"
        arrive = scene.mark(f"log:{index}")
        if index >= first:
            items.append(
                f'<li class="log-line{arrive}" id="log-{index}" data-type="{e(kind)}">'
                f"{e(text)}</li>"
            )
    return (
        '<section class="log-panel" aria-labelledby="log-title">'
        f'<h3 class="zone-title" id="log-title">{e(tr("log_title", scene.lang))}</h3>'
        f"{_log_toggle(scene, first)}"
        '<div class="log" id="log" tabindex="0" role="group" aria-labelledby="log-title">'
        f'<ol class="log-lines">{"".join(items)}</ol></div></section>'
    )


def _log_toggle(scene: Scene, first: int) -> str:
    """The button that shows the whole log, or only its newest lines again."""
    if first > 0:
        cmd, key = "log-whole", "log_whole"
    elif scene.log_window == 0 and len(scene.log) > LOG_WINDOW:
        cmd, key = "log-recent", "log_recent"
    else:
        return ""
    # one id for both: the morph keeps the button, and the focus with it
    return (
        f'<button type="button" class="btn btn-small btn-ghost log-toggle" id="log-toggle" '
        f'data-cmd="{cmd}">{e(tr(key, scene.lang))}</button>'
    )


def dress_table(
    scene: Scene,
    *,
    leave: bool = True,
    confirm_quit: bool = False,
    confirm_text: str = "",
    share: bool = False,
    share_open: bool = False,
    share_link: str = "",
    share_seen_by: str | None = None,
    undo: str = "",
) -> Scene:
    """Fill the scene's shell widgets for the board in play: the bar's share
    and leave buttons, the share box or the leave confirmation (`confirm_text`,
    the shell's words by default), the undo button (`undo`: "", "allowed" or
    "refused") and the log's panel (from ``scene.log``)."""
    lang = scene.lang
    bar = share_button(share_open, lang) if share else ""
    if leave:
        bar += _leave_button(confirm_quit, lang)
    box = share_box(share_link, share_seen_by, lang) if share_link else ""
    if confirm_quit:
        box = _confirm(confirm_text or tr("leave_confirm", lang), lang)
    scene.bar_html = bar
    scene.box_html = box
    scene.undo_html = undo_button(undo, lang) if undo else ""
    scene.log_html = log_panel(scene)
    return scene


def dress_over(
    scene: Scene,
    *,
    rematch: bool = True,
    share: bool = False,
    share_open: bool = False,
    share_link: str = "",
) -> Scene:
    """Fill the end-of-game panel's buttons (rematch, back to the menu, share)
    and its share box."""
    lang = scene.lang
    actions = ""
    if rematch:
        actions += (
            '<button type="button" class="btn btn-primary" data-cmd="rematch">'
            f"{e(tr('rematch', lang))}</button>"
        )
    actions += (
        f'<button type="button" class="btn btn-secondary" data-cmd="menu">'
        f"{e(tr('back_to_menu', lang))}</button>"
    )
    if share:
        actions += share_button(share_open, lang, "btn-secondary")
    scene.over_actions_html = actions
    scene.over_box_html = share_box(share_link, None, lang) if share_link else ""
    return scene


def render_curtain(name: str, seat: int, lang: str) -> str:
    """The privacy curtain: nothing of the board, only who takes the device."""
    return (
        f'<section id="curtain" class="overlay-panel curtain" data-seat="{seat}" '
        'role="dialog" aria-modal="false" aria-labelledby="curtain-title">'
        f'<div class="curtain-art" aria-hidden="true">{icon("shield")}</div>'
        f'<h2 class="panel-title" id="curtain-title">{e(tr("curtain_title", lang, name=name))}</h2>'
        f'<p class="curtain-body">{e(tr("curtain_body", lang, name=name))}</p>'
        '<div class="panel-actions">'
        f'<button type="button" class="btn btn-primary" data-cmd="reveal">'
        f"{e(tr('curtain_button', lang, name=name))}</button></div></section>"
    )
