"""The page's Python entry points (runs on Pyodide, in the page).

The page (``site/index.html``) runs, once PyScript has started Python::

    from game.web.main import boot
    boot()

``boot`` reads which game the page shows (``?game=``, or the only game the
site offers; the games are the build's catalogue, ``<script id="catalogue">``),
imports it, wires the page's events, resumes that game's save if there is one
(``localStorage["bq.<game>.save.v1"]``, or Boss Quest's older
``"bossquest.save.v1"``, moved to the new key; with two or more humans at the
device, behind the curtain: whoever reloads sees nobody's board) and sets
``<html data-state="ready">``. Start sends the ``bq:start`` event whose detail
is the settings JSON (``game.web.settings``); a language switch sends
``bq:lang``.

This module is the only one that touches the browser, and it stays thin:
``game.web.session.Session`` decides everything (what to show, what a click
does, when a bot plays) and this module turns its HTML into the DOM, clicks
into commands, and keeps the save. Markers for tests, on ``#board``:
``data-phase`` (result | over | curtain | human | bot), ``data-round``,
``data-stage``, ``data-to-act``, ``data-viewer``, ``data-actions``,
``data-bot-thinking``, ``data-seq`` (one more per render) and
``data-settings``; the panels ``#round-result``, ``#game-over``, ``#curtain``.

A bot's turn never freezes the page. As soon as a bot is due, it thinks in
tasks of about ``THINK_TASK_S`` (``Session.bot_think``: whole slices of the
hard bot's search, easy and normal bots decide in one), each task handing the
thread back to the page before the next: the next task is a message posted to
a ``MessageChannel`` of the page's own, a ``setTimeout(..., 0)`` that the
browser does not hold back for 4 ms when chained (the search's time budget is
wall-clock time, so those waits would cost it a fifth of its playouts). Once
its move is chosen, it is played when the bot delay (``?botdelay=``) has
passed since it began thinking. After each bot move the page sends the
document a ``bq:bot`` event whose detail is a JSON string of what the decision
cost (``Thought.stats``: seat, level, calls, slices, compute_ms, longest_ms,
playouts), for the browser tests.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from game.web.page import put_board
from game.web.query import bot_delay_ms, game_from_query, seed_from_query
from game.web.session import LEGACY_SAVE_GAME, LEGACY_SAVE_KEY, Outcome, Session, save_key
from game.web.settings import parse_settings

__all__ = ["boot", "page_game", "put_board", "resume_saved", "start"]

#: how long one task of a bot's thinking runs before the page gets the thread back
THINK_TASK_S = 0.015

_session: Session | None = None
#: the bot's pending task: a setTimeout id (its move, after the delay), or
#: _POSTED while a message for its next thinking task is on its way
_timer: Any = None
_POSTED = "posted"
#: where thinking tasks are posted (a MessageChannel, made by boot)
_channel: Any = None
#: bumped whenever the bots are stopped, so that a message posted before is dropped
_bot_epoch = 0
#: when the bot that is due began to think (time.perf_counter), None if none is
_thinking_since: float | None = None
_delay_ms = 0
#: the next game's seed when the page was opened with ?seed=n, else None (random)
_next_seed: int | None = None
#: renders since the page loaded: #board[data-seq], never repeated across games
_renders = 0
#: JavaScript proxies of our Python callbacks, kept alive for the page's life
_proxies: dict[str, Any] = {}
#: the game this page shows (its menu and board), None on the home of several games
_game: str | None = None


def page_game() -> str | None:
    """The game this page shows, as ``boot`` read it (None: the home's list)."""
    return _game


def _read_catalogue() -> list[str]:
    """The games the build offers (``#catalogue``, see build.py); the test games
    join the registry when the build included them."""
    from game.web.catalogue import offered_games

    element = js.document.getElementById("catalogue")
    return offered_games("" if _absent(element) else str(element.textContent))


def boot() -> None:
    """Import the game, wire the page's events, resume a saved game, say ready."""
    from game.registry import get_client

    global _delay_ms, _next_seed, _game
    offered = _read_catalogue()
    _game = game_from_query(str(js.location.search), offered)
    if _game is None and len(offered) == 1:
        _game = offered[0]  # the site offers one game: the home opens its menu
    if _game is not None:
        get_client(_game)  # the rules and the client the board runs: loaded before ready
    _delay_ms = bot_delay_ms(str(js.location.search))
    _next_seed = seed_from_query(str(js.location.search))
    document = js.document
    _proxies["start"] = create_proxy(_on_start)
    _proxies["lang"] = create_proxy(_on_lang)
    _proxies["click"] = create_proxy(_on_click)
    _proxies["message"] = create_proxy(_on_message)
    _proxies["play"] = create_proxy(_play_bot)
    global _channel
    _channel = js.MessageChannel.new()
    _channel.port1.onmessage = _proxies["message"]
    document.addEventListener("bq:start", _proxies["start"])
    document.addEventListener("bq:lang", _proxies["lang"])
    _board().addEventListener("click", _proxies["click"])
    try:
        # network play (game/web/net_main.py) resumes a hosted or joined game,
        # or opens an invitation link, before the local game's save
        if not _net_boot():
            resume_saved()
    finally:
        document.documentElement.dataset.state = "ready"


def start(settings_json: str) -> None:
    """Start a game from the menu's settings (a JSON string, see game.web.settings)."""
    settings = parse_settings(settings_json)
    if settings.game != _game:
        raise ValueError(f"settings for {settings.game} on the page of {_game}")
    _show(Session.new(settings, _seed()))


# ----------------------------------------------------------------- events


def _on_start(event: Any) -> None:
    start(str(event.detail))


def _on_lang(_event: Any) -> None:
    if _session is not None:
        _render()


def _net_boot() -> bool:
    """Wire network play, for this page's game (none on a home of several
    games, which plays nothing online); True when it took the screen (a game
    online resumes)."""
    from game.web import net_main

    return net_main.boot(resume_saved, _game)


def _net_active() -> bool:
    from game.web import net_main

    return net_main.active()


def _on_click(event: Any) -> None:
    target = event.target.closest("[data-cmd]")
    if _absent(target) or _session is None or _net_active():
        return
    command = str(target.getAttribute("data-cmd"))
    if command == "share-copy":  # the replay link's copy button: the page's clipboard
        _copy_share(target)
        return
    arg = target.getAttribute("data-act")
    outcome = _session.command(command, "" if _absent(arg) else str(arg))
    if outcome == Outcome.RENDER:
        _save()
        _render()
        _schedule_bot()
    elif outcome == Outcome.REMATCH:
        _show(_session.rematch(_seed()))
    elif outcome == Outcome.MENU:
        _leave()


def _on_message(event: Any) -> None:
    """A thinking task comes due (unless the bots were stopped since it was posted)."""
    global _timer
    if _timer != _POSTED or event.data != _bot_epoch:
        return
    _timer = None
    _think()


def _post_think() -> None:
    """The bot's next thinking task, once the page has had the thread back."""
    global _timer
    _timer = _POSTED
    _channel.port2.postMessage(_bot_epoch)


def _think() -> None:
    """One task of a bot's thinking; then the next one, or its move after the delay."""
    global _timer, _thinking_since
    if _session is None or not _session.bot_due():
        _thinking_since = None
        return
    if _thinking_since is None:
        _thinking_since = time.perf_counter()
    if not _session.bot_think(THINK_TASK_S):
        _post_think()  # the page draws and listens meanwhile
        return
    waited_ms = (time.perf_counter() - _thinking_since) * 1000
    _timer = js.setTimeout(_proxies["play"], max(0, round(_delay_ms - waited_ms)))


def _play_bot() -> None:
    """Play the move the bot has chosen."""
    global _timer, _thinking_since
    _timer = None
    _thinking_since = None
    if _session is not None and _session.bot_step():
        _save()
        _render()
        thought = _session.last_thought
        if thought is not None:
            stats = json.dumps(thought.stats())
            detail = to_js({"detail": stats}, dict_converter=js.Object.fromEntries)
            js.document.dispatchEvent(js.CustomEvent.new("bq:bot", detail))
        _schedule_bot()


# ------------------------------------------------------------------ screens


def _show(session: Session) -> None:
    """Put a game on the board and keep it."""
    global _session
    _cancel_bot()
    _menu_notice("")
    _session = session
    # replay links are absolute: the page's folder, where replay.html lives
    session.link_base = str(js.URL.new("./", js.location.href).href)
    board = _board()
    board.dataset.settings = session.settings.to_json()
    _save()
    js.document.documentElement.dataset.screen = "board"
    _render()
    _schedule_bot()


def _leave() -> None:
    """Back to the menu: the game is over or abandoned, so its save goes."""
    global _session
    _cancel_bot()
    _session = None
    if _game is not None:
        _storage("removeItem", save_key(_game))
    js.document.getElementById("board-view").replaceChildren()
    board = _board()
    for name in ("phase", "round", "stage", "to-act", "viewer", "actions", "bot-thinking"):
        board.removeAttribute(f"data-{name}")
    js.document.documentElement.dataset.screen = "menu"
    js.document.getElementById("start").focus()


def resume_saved() -> None:
    """Resume the saved game, or say it could not be read and offer the menu. At
    boot, or later when network play had this tab's hosted game to resume first
    and could not."""
    global _session
    if _game is None or _session is not None:
        return
    key = save_key(_game)
    text = _storage("getItem", key)
    if _absent(text) and _game == LEGACY_SAVE_GAME:
        # a game in progress saved before each game had its own key
        text = _storage("getItem", LEGACY_SAVE_KEY)
        _storage("removeItem", LEGACY_SAVE_KEY)
        if not _absent(text):
            _storage("setItem", key, str(text))
    if _absent(text):
        return
    try:
        # with two or more humans at the device, back behind the curtain
        session = Session.resume(str(text))
        if session.settings.game != _game:
            raise ValueError(f"the save is a game of {session.settings.game}, not {_game}")
        _show(session)
    except Exception as exc:  # a corrupt save must never break the page
        _cancel_bot()
        _session = None
        _storage("removeItem", key)
        js.document.getElementById("board-view").replaceChildren()
        js.document.documentElement.dataset.screen = "menu"
        _menu_notice("saveCorrupt")
        js.console.warn(f"Boss Quest: the saved game could not be restored ({exc})")


def _render() -> None:
    global _renders
    assert _session is not None
    rendered = _session.render(str(js.window.BossQuest.lang()))
    _renders += 1
    rendered.markers["seq"] = str(_renders)
    board = put_board(rendered.html, rendered.markers, rendered.status)
    if rendered.focus:
        target = board.querySelector(rendered.focus)
        if not _absent(target):
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def _menu_notice(key: str) -> None:
    """Show (or with "" hide) a message above the menu, from menu.js's strings."""
    notice = js.document.getElementById("menu-notice")
    if not key:
        notice.hidden = True
        return
    notice.setAttribute("data-i18n", key)
    notice.setAttribute("role", "alert")
    js.window.BossQuest.translate(notice.parentElement)
    notice.hidden = False


# ------------------------------------------------------------------- bots


def _schedule_bot() -> None:
    """Start the due bot thinking (in the next task), unless it already is."""
    if _session is not None and _timer is None and _session.bot_due():
        _post_think()


def _cancel_bot() -> None:
    global _timer, _thinking_since, _bot_epoch
    _thinking_since = None
    _bot_epoch += 1
    if _timer is not None and _timer != _POSTED:
        js.clearTimeout(_timer)
    _timer = None


# ----------------------------------------------------------------- helpers


def _absent(value: Any) -> bool:
    """JavaScript's null and undefined (Pyodide gives ``jsnull`` and ``None``)."""
    return value is None or value is jsnull


def _board() -> Any:
    return js.document.getElementById("board")


def _copy_share(button: Any) -> None:
    """Copy the replay link of the share box (game.web.sharing) and say so; where
    the clipboard is refused, the link stays selected for the reader to copy."""
    box = button.closest(".share-box")
    field = box.querySelector(".share-link")
    note = box.querySelector(".share-copied")
    field.focus()
    field.select()

    def copied(*_: Any) -> None:
        note.hidden = False

    def by_hand(*_: Any) -> None:
        try:
            if js.document.execCommand("copy"):
                copied()
        except Exception:
            pass  # the link is selected: the reader copies it

    clipboard: Any = getattr(js.navigator, "clipboard", None)
    if clipboard is None or clipboard is jsnull:
        by_hand()
        return
    promise = clipboard.writeText(str(field.value))
    promise.then(create_once_callable(copied), create_once_callable(by_hand))


def _seed() -> int:
    global _next_seed
    if _next_seed is None:
        return secrets.randbits(31)
    seed, _next_seed = _next_seed, _next_seed + 1
    return seed


def _save() -> None:
    if _session is not None:
        _storage("setItem", save_key(_session.settings.game), _session.to_save())


def _storage(method: str, *args: str) -> Any:
    """localStorage, or None when the browser refuses it (private mode, policy)."""
    try:
        return getattr(js.window.localStorage, method)(*args)
    except Exception:
        return None
