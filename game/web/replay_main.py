"""The replay page's glue (runs on Pyodide, in ``site/replay.html``).

``boot`` reads the address's fragment (``#r=<payload>``), opens the replay
(``game.web.replay.open_page``: the games of the page's catalogue, the test
games of a ``--test-games`` build included, then ``Replay``), names its game
in ``html[data-game]`` (the title and banner follow) and draws it into
``#replay-root``; buttons
(``data-cmd``) and the arrow keys (``KEYS``) step through it; a new fragment
(``hashchange``) opens another replay; ``bq:lang`` (assets/replay.js) draws it
again in the other language. A link that cannot be opened shows why
(``#replay-error[data-code]``) and never breaks the page. Then
``<html data-state="ready">``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

from game.engine.errors import GameError
from game.web.replay import KEYS, Replay, open_page
from game.web.replay_strings import link_error_text, rtr

__all__ = ["boot"]

_replay: Replay | None = None
_error: str = ""
_proxies: dict[str, Any] = {}


def boot() -> None:
    """Open the link of the address, wire the page's events, say ready."""
    _proxies["click"] = create_proxy(_on_click)
    _proxies["key"] = create_proxy(_on_key)
    _proxies["hash"] = create_proxy(_on_hash)
    _proxies["lang"] = create_proxy(_on_lang)
    _root().addEventListener("click", _proxies["click"])
    js.document.addEventListener("keydown", _proxies["key"])
    js.window.addEventListener("hashchange", _proxies["hash"])
    js.document.addEventListener("bq:lang", _proxies["lang"])
    try:
        _open()
    finally:
        js.document.documentElement.dataset.state = "ready"


def _open() -> None:
    global _replay, _error
    try:
        _replay, _error = open_page(_catalogue(), str(js.location.hash)), ""
    except GameError as exc:
        _replay, _error = None, exc.code
        js.console.warn(f"Boss Quest: the replay link cannot be opened ({exc.message})")
    except Exception as exc:  # a damaged link must never break the page
        _replay, _error = None, "link_data"
        js.console.warn(f"Boss Quest: the replay link cannot be opened ({exc!r})")
    # the page's title and banner name the replay's game (assets/replay.js)
    js.document.documentElement.dataset.game = "" if _replay is None else _replay.link.match.game
    js.window.BossQuestReplay.refresh()
    _render()


def _catalogue() -> str:
    """The games the build offers (``#catalogue``, see build.py)."""
    element = js.document.getElementById("catalogue")
    return "" if _absent(element) else str(element.textContent)


def _lang() -> str:
    return str(js.window.BossQuestReplay.lang())


def _render() -> None:
    lang = _lang()
    root = _root()
    if _replay is None:
        root.innerHTML = (
            f'<section id="replay-error" class="panel replay-error" role="alert" '
            f'data-code="{escape(_error)}">'
            f'<h2 class="panel-title">{escape(rtr("replay_error_title", lang))}</h2>'
            f'<p class="error-message">{escape(link_error_text(_error, lang))}</p>'
            f'<a class="btn btn-primary" href="./">{escape(rtr("replay_play", lang))}</a>'
            "</section>"
        )
        return
    root.innerHTML = _replay.render(lang)
    status = rtr("replay_step", lang, n=_replay.step, total=_replay.steps)
    js.document.getElementById("replay-status").textContent = f"{status}. {_replay.caption(lang)}"


def _step(cmd: str, arg: str = "") -> None:
    if _replay is not None and _replay.command(cmd, arg):
        _render()
        # keep the focus on the button pressed (the section was rebuilt)
        button = _root().querySelector(f'[data-cmd="{cmd}"]:not([disabled])')
        if not _absent(button) and cmd != "eye":
            button.focus()


def _on_click(event: Any) -> None:
    target = event.target.closest("[data-cmd]")
    if _absent(target):
        return
    arg = target.getAttribute("data-act")
    _step(str(target.getAttribute("data-cmd")), "" if _absent(arg) else str(arg))


def _on_key(event: Any) -> None:
    if event.altKey or event.ctrlKey or event.metaKey:
        return
    tag = str(event.target.tagName or "").lower() if not _absent(event.target) else ""
    if tag in ("input", "textarea", "select"):
        return
    cmd = KEYS.get(str(event.key))
    if cmd is not None and _replay is not None:
        event.preventDefault()
        _step(cmd)


def _on_hash(_event: Any) -> None:
    _open()


def _on_lang(_event: Any) -> None:
    _render()


def _root() -> Any:
    return js.document.getElementById("replay-root")


def _absent(value: Any) -> bool:
    return value is None or value is jsnull
