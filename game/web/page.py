"""What the game page's entry modules share: putting a board into the page.

Runs on Pyodide, in the page. ``game.web.main`` (the local game) and
``game.web.net_main`` (network play) both import it, and not each other
(``main`` reaches network play through ``net_main.boot``, which is handed the
local game's ``resume_saved``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import js
from pyodide.ffi import jsnull

__all__ = ["put_board"]


def _absent(value: Any) -> bool:
    return value is None or value is jsnull


def put_board(html: str, markers: Mapping[str, str], status: str) -> Any:
    """Set the board's HTML, its markers and its status line (the local game's
    and network play's boards alike); return the #board element."""
    document = js.document
    # keep the log where the reader left it, unless they were following its end.
    # The log scrolls from its bottom edge (app.css: column-reverse), so its
    # scrollTop is 0 at the newest line and negative above it.
    log = document.getElementById("log")
    follow, from_oldest = True, 0
    if not _absent(log):
        follow = log.scrollTop >= -8
        from_oldest = log.scrollHeight - log.clientHeight + log.scrollTop
    document.getElementById("board-view").innerHTML = html
    board = document.getElementById("board")
    for name, value in markers.items():
        board.setAttribute(f"data-{name}", value)
    # what just happened (the log's new lines, in the player's language), then
    # whose turn it is: #board-status is the page's polite live region
    news = [str(line.textContent) for line in board.querySelectorAll(".log-line.arrive")]
    document.getElementById("board-status").textContent = " ".join([*news, status]).strip()
    log = document.getElementById("log")
    if not _absent(log):
        log.scrollTop = 0 if follow else from_oldest - (log.scrollHeight - log.clientHeight)
    # "human": this device's person acts (a network seat: its own); "curtain":
    # a person of this device is called to take it. shared.js shows it in the
    # tab's title and icon, and fires the alerts the player switched on.
    js.window.BossQuestShared.turnAlert(markers.get("phase") in ("human", "curtain"))
    return board
