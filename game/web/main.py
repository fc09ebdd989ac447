"""The page's Python entry points (runs on Pyodide, in the page).

The page (``site/index.html``) runs, once PyScript has started Python::

    from game.web.main import boot
    boot()

``boot`` imports the ``game`` package, listens for the menu's Start and sets
``<html data-state="ready">``; the menu then enables its Start button. Start
sends the ``bq:start`` event whose detail is the settings JSON (see
``game.web.settings``); the listener hands it to ``start(settings_json)``.

Stage 1: ``start`` only shows a "board coming" panel (``#board``) and sets the
markers ``html[data-screen="board"]`` and ``#board[data-settings]`` (the
settings as Python parsed them, normalised JSON). The board replaces it.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy

from game.web.settings import Settings, parse_settings

__all__ = ["boot", "start"]


def boot() -> None:
    """Import the game, wire the menu's events, and say the page is ready."""
    import game  # noqa: F401  (the package the page runs: ready means it imported)

    document = js.document
    document.addEventListener("bq:start", create_proxy(_on_start))
    document.documentElement.dataset.state = "ready"


def start(settings_json: str) -> None:
    """Start a game from the menu's settings (a JSON string, see game.web.settings)."""
    settings = parse_settings(settings_json)
    _show_board_stub(settings)


def _on_start(event: Any) -> None:
    start(str(event.detail))


def _element(tag: str, *, i18n: str = "", text: str = "", cls: str = "") -> Any:
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    if i18n:
        node.setAttribute("data-i18n", i18n)
    elif text:
        node.textContent = text
    return node


def _show_board_stub(settings: Settings) -> None:
    document = js.document
    board = document.getElementById("board")
    board.replaceChildren()
    board.dataset.settings = settings.to_json()

    title = _element("h2", i18n="boardTitle", cls="panel-title")
    title.setAttribute("tabindex", "-1")
    board.append(title)
    board.append(_element("p", i18n="boardBody", cls="board-note"))

    table = _element("ul", cls="board-table")
    for player in settings.players:
        seat = _element("li", cls="board-seat")
        seat.dataset.kind = player.kind
        seat.append(_element("strong", text=player.name))
        seat.append(_element("span", i18n=player.kind))
        table.append(seat)
    board.append(table)

    yellow = _element("p", cls="board-note")
    yellow.append(_element("span", cls="weapon"))
    yellow.lastChild.dataset.color = "yellow"
    yellow.append(document.createTextNode(" "))
    yellow.append(_element("span", i18n="yellowOn" if settings.keep_yellow else "yellowOff"))
    board.append(yellow)

    back = _element("button", i18n="backToMenu", cls="btn btn-secondary")
    back.type = "button"
    back.addEventListener("click", create_proxy(_back_to_menu))
    board.append(back)

    js.window.BossQuest.translate(board)
    document.documentElement.dataset.screen = "board"
    title.focus()


def _back_to_menu(_event: Any) -> None:
    js.document.documentElement.dataset.screen = "menu"
    js.document.getElementById("start").focus()
