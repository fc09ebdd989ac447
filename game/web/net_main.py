"""Network play in the page: the glue between the transports and the sessions.

Runs on Pyodide, in the page. ``window.BossQuestNet`` (site/assets/net.js and
pairing.js) carries text frames between tabs (BroadcastChannel, sealed per
pair) and devices (WebRTC data channels paired by link or QR code); the
sessions of ``game.net`` decide everything (``HostSession`` on the host's page,
``GuestSession`` on a guest's), owned by the plain-Python controllers
``game.web.net_host.HostController`` and ``game.web.net_guest.GuestController``
(tested under CPython), which decide what to send, keep and draw and return it
as effects (``game.web.net_effects``). This module is the thin browser layer:
it wires net.js's links and the page's events to the controllers' methods and
carries out the effects they return (frames, storage, the sealed record, the
announce to other tabs, the HTML and markers, the host's bots thinking in
slices between which the page draws and listens). The network menu, the
invitation widgets and the offer to resume stay here: they are what the page
does with the browser's own objects. It plays the page's game (``boot``'s
`game`, from ``game.web.main``; none on a home of several games, where
network play does nothing):
other tabs' tables of another game are not listed, and its records are named
after it (``game.web.net_prefs``).

Screens and markers (for the tests):

- ``html[data-screen="lobby"]``: ``#lobby[data-phase]`` = ``menu`` (play with
  others: host, games open in other tabs, ICE servers), ``host`` (the host's
  lobby), ``guest`` (a guest's lobby), ``join`` (a device guest opened an
  invitation link: its name, then the answer code), ``connecting``; each seat
  row ``#net-seats [data-seat][data-status][data-connected][data-dropped]``.
- ``html[data-screen="board"]``: ``#board`` has the local game's markers
  (``data-phase`` human | bot | waiting | result | over, ``data-to-act``,
  ``data-actions`` (the version), ``data-viewer`` (own seat), ``data-seq``)
  and ``data-net`` = host | guest; ``#net-strip`` shows every seat's status.
- ``#lobby[data-room]``: the host's room (tabs), for tests and the benchmark;
  ``#lobby[data-saved]``: the version of the host's last save once it is
  written (sealed saves are asynchronous).
- ``#net-resume`` (top of the menu): the hosted games whose tab was closed,
  ``.net-offer[data-room]`` with ``net-resume`` / ``net-discard`` buttons;
  ``[data-checked="true"]`` once this tab has looked for them.
- ``window.__bqNetFrames`` (an array), when a test sets it: every frame text
  this page's session received, for the hidden-information test.

Reloads and closed tabs: the host keeps its match after every change, sealed
by net.js's ``hostStore`` (AES-GCM under a non-extractable key, the room's Web
Lock held by the hosting tab for its life). A reload resumes it at once; a tab
opened after the host's tab was closed offers to resume it (``#net-resume``).
Tab guests reconnect by themselves, device guests need a new invitation (the
host's strip offers one on each dropped device seat). Where sealing cannot
work (no secure context, no Web Locks), the match stays in clear in the host
tab's ``sessionStorage``, which only a reload survives. A guest keeps only its
name, room, seat and token and rejoins.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from game.engine.errors import GameError
from game.engine.protocol import JSON
from game.engine.safejson import load_json
from game.net import HostSession
from game.registry import DEFAULT_GAME, get_game

from .net_effects import (
    Announce,
    AskInvite,
    CloseLink,
    DropSealed,
    Effect,
    Ended,
    Reconnect,
    Seal,
    Send,
    ShowBoard,
    ShowLobby,
    ShowReaction,
    Store,
    Think,
)
from .net_guest import GuestController, guest_session
from .net_host import HostController
from .net_prefs import (
    ICE_KEY,
    NAME_KEY,
    GuestRecord,
    HostRecord,
    IceError,
    clean_name,
    guest_key,
    host_key,
    parse_ice,
)
from .net_strings import ntr
from .net_view import (
    ResumeOffer,
    render_join,
    render_net_menu,
    render_resume,
    render_resuming,
    resume_offer,
)
from .page import put_board
from .query import bot_delay_ms
from .settings import MAX_SETTINGS_BYTES

__all__ = ["active", "boot", "build_id"]

#: the game network play runs: the page's (``boot`` sets it), else the registry's default
GAME = get_game(DEFAULT_GAME)
#: how often a guest tab retries reaching its host's room while it is away
RETRY_MS = 700
#: the list of games other tabs announce: a few hundred bytes each
ROOMS_BYTES = 64 * 1024
#: how long a page that leaves keeps its links open so its goodbye frames get out
GOODBYE_MS = 1500
#: how long one task of a host bot's thinking runs before the page gets the thread back
THINK_TASK_S = 0.015


@dataclass
class _Page:
    """What this page's network play holds of the browser (the game itself is
    the controllers')."""

    #: None (not playing online), "menu", "host", "guest", "join", "resuming"
    mode: str | None = None
    host: HostController | None = None
    guest: GuestController | None = None
    #: host: peer id -> link; the tabs room handle; guest: its one link to the host
    links: dict[str, Any] = field(default_factory=dict)
    tabs: Any = None
    link: Any = None
    #: the menu's and the join screen's notice (the controllers hold their own)
    notice: str = ""
    rooms: list[dict[str, Any]] = field(default_factory=list)
    rooms_stop: Any = None
    #: the host's bot: its pending task (a setTimeout id), since when it thinks
    bot_timer: Any = None
    thinking_since: float | None = None
    bot_delay: int = 0
    #: guest: the invitation code (device) it answers
    offer: str = ""
    #: the pairing widget shown (pairing.js: {link, destroy}) and the host's invitation
    widget: Any = None
    invite: Any = None
    answering: bool = False
    #: the ICE servers setting as typed, while it is refused (not stored)
    ice_draft: str | None = None
    #: bumped when a session ends: late callbacks of an older one are dropped
    epoch: int = 0
    renders: int = 0
    #: hosted games whose tab was closed, claimed by this tab: room -> (record, session)
    offers: dict[str, tuple[HostRecord, HostSession]] = field(default_factory=dict)
    #: whether this tab has looked for them; the room whose ending awaits a "yes"
    offers_checked: bool = False
    discard: str = ""
    #: a net_strings key about those games (unreadable and cleared, open elsewhere)
    resume_notice: str = ""


_page = _Page()
_proxies: dict[str, Any] = {}
_tasks: set[asyncio.Future[None]] = set()
_delay_ms = 0
_BUILD = "dev"
#: the local game's resume (game.web.main.resume_saved), handed over by boot
_resume_local: Callable[[], None] | None = None


# --------------------------------------------------------------------- entry


def active() -> bool:
    """Whether network play owns the screen (the local game's clicks are ignored)."""
    return _page.mode is not None


def build_id() -> str:
    """This build's id: the content hash of the game bundle in the page's config,
    so that a host and a guest of different builds refuse each other."""
    script = js.document.querySelector('script[type="py"]')
    config = "" if _absent(script) else str(script.getAttribute("config") or "")
    found = re.search(r"game\.([0-9a-f]{6,})\.zip", config)
    return found.group(1) if found else "dev"


def boot(resume_local: Callable[[], None] | None = None, game: str | None = None) -> bool:
    """Wire the page's events; resume a hosted or joined game, or open an
    invitation link. True when network play took the screen. `resume_local`
    resumes the local game's save (when this tab's hosted game cannot come back);
    `game` is the page's game (``game.web.main.page_game()``): the one this
    page hosts, joins and resumes. None is the home of several games, which
    shows none: it hosts, joins and resumes nothing (the home offers each
    game's games in progress on the game's own page, and sends an invitation
    link naming no game to the default game's page, assets/menu.js)."""
    global _delay_ms, _BUILD, _resume_local, GAME
    if resume_local is not None:
        _resume_local = resume_local
    if game is None:
        return False
    GAME = get_game(game)
    _delay_ms = bot_delay_ms(str(js.location.search))
    _BUILD = build_id()
    document = js.document
    _proxies["lobby-click"] = create_proxy(_on_lobby_click)
    _proxies["lobby-change"] = create_proxy(_on_lobby_change)
    _proxies["board-click"] = create_proxy(_on_board_click)
    _proxies["lang"] = create_proxy(_on_lang)
    _proxies["open"] = create_proxy(lambda _event: open_menu())
    _proxies["hash"] = create_proxy(lambda _event: _open_hash())
    _proxies["think"] = create_proxy(_think)
    _proxies["play"] = create_proxy(_play_bot)
    _proxies["pair-click"] = create_proxy(_on_pairing_click)
    document.getElementById("lobby").addEventListener("click", _proxies["lobby-click"])
    document.getElementById("lobby").addEventListener("change", _proxies["lobby-change"])
    document.getElementById("board").addEventListener("click", _proxies["board-click"])
    document.addEventListener("bq:lang", _proxies["lang"])
    document.addEventListener("bq:net", _proxies["open"])
    js.window.addEventListener("hashchange", _proxies["hash"])
    document.getElementById("net-pairing").addEventListener("click", _proxies["pair-click"])
    resume_box = document.getElementById("net-resume")
    if not _absent(resume_box):
        resume_box.addEventListener("click", _proxies["lobby-click"])
    try:
        return _resume()
    except Exception as exc:  # network play must never keep the local game from starting
        js.console.warn(f"Boss Quest: the online game could not resume ({exc})")
        _page.mode = None
        js.document.documentElement.dataset.screen = "menu"
        return False


def _resume() -> bool:
    """An invitation link, or this tab's hosted or joined game, if any; else
    look (in the background) for hosted games whose tab was closed."""
    if _open_hash():
        return True
    store = _store()
    hosting = None if store is None else store.hosting()
    if not _absent(hosting):
        # this tab hosted (a reload): its sealed save opens once the room's lock is ours
        _page.mode = "resuming"
        _render_lobby()
        _spawn(_resume_sealed(store, str(hosting)))
        return True
    host = HostRecord.from_json(_storage("sessionStorage", "getItem", host_key(GAME.name)))
    if host is not None:
        return _resume_host(host)
    guest = GuestRecord.from_json(_storage("sessionStorage", "getItem", guest_key(GAME.name)))
    if guest is not None and guest.via == "tabs":
        _join_tab(guest.room, guest.name, guest)
        return True
    if guest is not None:
        # a device guest reloaded: its WebRTC link is gone, a new invitation brings it back
        _need_invitation(ntr("device_lost", _lang()))
        return True
    _spawn(_find_offers())
    return False


def open_menu(notice: str = "") -> None:
    """The "play with others" screen (the menu's button, or after a game)."""
    _page.mode = "menu"
    _page.notice = notice
    if _page.rooms_stop is None and _has_net():
        _page.rooms_stop = js.window.BossQuestNet.tabsRooms(_proxy("rooms", _on_rooms))
    _render_lobby()
    _pairing(False)
    _show_join_widget()


# ------------------------------------------------------------------- effects


def _perform(effects: Iterable[Effect]) -> None:
    """Carry out what a controller decided, in order."""
    for effect in effects:
        if isinstance(effect, Send):
            _send(effect.peer, effect.text)
        elif isinstance(effect, CloseLink):
            if effect.peer:
                _close_later([_page.links.pop(effect.peer, None)])
            else:
                _close_later([_page.link])
                _page.link = None
        elif isinstance(effect, Store):
            if effect.value is None:
                _storage(effect.area, "removeItem", effect.key)
            else:
                _storage(effect.area, "setItem", effect.key, effect.value)
        elif isinstance(effect, Seal):
            store = _store()
            if store is not None:
                _spawn_quiet(_seal(store, effect, _page.epoch))
        elif isinstance(effect, DropSealed):
            store = _store()
            if store is not None and effect.room:
                store.drop(effect.room)
        elif isinstance(effect, Announce):
            if _page.tabs is not None and _has_net():
                info = jsnull if effect.info is None else _js(dict(effect.info))
                js.window.BossQuestNet.tabsAnnounce(info)
        elif isinstance(effect, ShowLobby):
            js.document.getElementById("lobby").setAttribute("data-phase", effect.phase)
            js.document.getElementById("lobby-view").innerHTML = effect.html
            js.document.documentElement.dataset.screen = "lobby"
        elif isinstance(effect, ShowBoard):
            _page.renders += 1
            put_board(effect.html, {**effect.markers, "seq": str(_page.renders)}, effect.status)
            js.document.documentElement.dataset.screen = "board"
        elif isinstance(effect, ShowReaction):
            if _has_net():
                js.window.BossQuestNet.showReaction(effect.seat, effect.reaction, effect.text)
        elif isinstance(effect, Think):
            _schedule_bot(effect.delay_ms)
        elif isinstance(effect, Reconnect):
            _spawn(_connect_tab(_page.epoch))
        elif isinstance(effect, AskInvite):
            _show_join_widget()  # paste the new invitation here (or open its link)
        elif isinstance(effect, Ended):
            _page.epoch += 1
            _page.guest = None
            _page.link = None
            open_menu(effect.notice)


def _send(peer: str, text: str) -> None:
    """A frame to a guest's link (the host), or to the host (a guest: peer "")."""
    link = _page.links.get(peer) if peer else _page.link
    if link is None:
        return
    try:
        link.send(text)
    except Exception as exc:  # a link closing under us: its onclose follows
        js.console.warn(f"Boss Quest: a frame could not be sent ({exc})")


def _controller_screen() -> None:
    """Redraw what the host's or guest's controller shows."""
    if _page.host is not None:
        _perform(_page.host.screen())
    elif _page.guest is not None and _page.mode == "guest":
        _perform(_page.guest.screen())


# -------------------------------------------------------------------- events


def _on_lang(_event: Any) -> None:
    _render_offers()
    if _page.mode is None:
        return
    lang = _lang()
    if _page.host is not None:
        _perform(_page.host.set_lang(lang))
    elif _page.guest is not None and _page.mode == "guest":
        _perform(_page.guest.set_lang(lang))
    else:
        if _page.guest is not None:
            _page.guest.lang = lang
        _render_lobby()


def _on_rooms(rooms: Any) -> None:
    """The games other tabs announce (tabsRooms)."""
    found = []
    # Other tabs announce these: outside input, read through the bounded reader.
    try:
        announced = load_json(str(js.JSON.stringify(rooms)), "rooms", max_bytes=ROOMS_BYTES)
    except GameError:
        return
    for room in announced if isinstance(announced, list) else []:
        if isinstance(room, dict) and isinstance(room.get("room"), str):
            found.append(room)
    if found != _page.rooms:
        _page.rooms = found
        if _page.mode == "menu":
            _render_lobby()


def _on_lobby_click(event: Any) -> None:
    target = event.target.closest("[data-cmd]")
    if _absent(target):
        return
    cmd = str(target.getAttribute("data-cmd"))
    seat = _int_attr(target, "data-seat")
    level = target.getAttribute("data-level")
    level = "" if _absent(level) else str(level)
    if cmd.startswith(("net-resume", "net-discard")):
        room = target.getAttribute("data-room")
        _offer_command(cmd, "" if _absent(room) else str(room))
    elif cmd in ("net-back", "net-leave"):
        _leave(to_menu=True)
    elif cmd == "net-host":
        _host_new()
    elif cmd == "net-join-tab":
        room = str(target.getAttribute("data-room"))
        name = _read_name()
        if name:
            _join_tab(room, name, None)
    elif cmd == "net-join-rtc":
        name = _read_name()
        if name:
            _spawn(_answer(name, None))
    elif _page.host is not None:
        if cmd == "net-invite":
            _spawn(_invite())
        else:
            _perform(_page.host.lobby_command(cmd, seat, level))
    elif _page.guest is not None and cmd == "net-sit" and seat is not None:
        _perform(_page.guest.sit(seat))


def _on_lobby_change(event: Any) -> None:
    target = event.target
    ident = str(target.id or "")
    if ident == "net-ice":
        _save_ice(str(target.value))
        return
    if ident == "net-name":
        name = clean_name(str(target.value))
        if name:
            _storage("localStorage", "setItem", NAME_KEY, name)
        return
    if ident == "net-spectators" and _page.host is not None:
        try:
            cap = int(str(target.value))
        except ValueError:
            return
        _perform(_page.host.set_spectators(cap))
        return
    option = target.getAttribute("data-net-opt")
    if _absent(option) or _page.host is None:
        return
    kind = target.getAttribute("data-net-type")
    value: JSON
    if kind == "int" or str(option) == "players":
        try:
            value = int(str(target.value))
        except ValueError:
            return
    elif kind == "str":
        value = str(target.value)
    else:
        value = bool(target.checked)
    _perform(_page.host.set_option(str(option), value))


def _on_board_click(event: Any) -> None:
    if _page.mode not in ("host", "guest"):
        return
    target = event.target.closest("[data-cmd]")
    if _absent(target):
        return
    cmd = str(target.getAttribute("data-cmd"))
    arg = target.getAttribute("data-reaction" if cmd == "net-react" else "data-act")
    arg = "" if _absent(arg) else str(arg)
    if cmd in ("quit-yes", "menu"):
        _leave(to_menu=True)
    elif cmd == "net-reinvite" and _page.host is not None:
        _spawn(_invite())
    elif _page.host is not None:
        level = target.getAttribute("data-level")
        level = "" if _absent(level) else str(level)
        seat = _int_attr(target, "data-seat")
        _perform(_page.host.board_command(cmd, arg, seat, level))
    elif _page.guest is not None:
        _perform(_page.guest.board_command(cmd, arg))


def _on_pairing_click(event: Any) -> None:
    """The host closes an invitation nobody answered (it is cancelled)."""
    if not _absent(event.target.closest('[data-cmd="net-pair-close"]')):
        _pairing(False)


# ---------------------------------------------------------------------- host


def _host_new() -> None:
    name = _read_name()
    if not name:
        return
    seed = secrets.randbits(31)
    try:
        host = HostSession.new(GAME, _menu_options(), seed, name, build_id=_BUILD)
    except GameError as exc:
        _page.notice = exc.message
        _render_lobby()
        return
    _host_begin(HostController(host, secrets.token_urlsafe(12), **_host_settings()))


def _host_settings() -> dict[str, Any]:
    return {"lang": _lang(), "sealed": _store() is not None, "delay_ms": _delay_ms}


def _resume_host(record: HostRecord) -> bool:
    """A clear save in this tab's sessionStorage (where the page cannot seal)."""
    host = _host_from(record)
    if host is None:
        _storage("sessionStorage", "removeItem", host_key(GAME.name))
        return False
    _host_begin(HostController.from_record(record, host, **_host_settings()))
    return True


def _host_from(record: HostRecord) -> HostSession | None:
    try:
        return HostSession.from_save(GAME, record.save, _BUILD)
    except Exception as exc:  # a corrupt save must never break the page
        js.console.warn(f"Boss Quest: the hosted game could not be restored ({exc})")
        return None


def _host_begin(ctrl: HostController) -> None:
    _stop_rooms()
    _pairing(False)
    _cancel_bot()
    _page.epoch += 1
    _page.mode = "host"
    _page.host, _page.guest = ctrl, None
    _page.notice, _page.discard, _page.resume_notice = "", "", ""
    _page.links.clear()
    lobby = js.document.getElementById("lobby")
    lobby.setAttribute("data-room", ctrl.room)
    lobby.removeAttribute("data-saved")
    if _has_net():
        try:
            _page.tabs = js.window.BossQuestNet.tabsHost(
                ctrl.room, _proxy("tab-peer", _on_tab_peer)
            )
        except Exception as exc:  # no sealing here (not a secure context): devices only
            ctrl.no_tabs(_error_text(exc))
    _perform(ctrl.begin())


def _on_tab_peer(link: Any) -> None:
    _attach(link, "tabs")


def _attach(link: Any, via: str) -> None:
    """A guest's connection reached the host: its frames go to the controller."""
    ctrl = _page.host
    if ctrl is None:
        link.close()
        return
    peer = str(link.peer)
    epoch = _page.epoch
    _page.links[peer] = link

    def on_message(text: Any) -> None:
        if _page.epoch == epoch and _page.host is ctrl:
            _perform(ctrl.receive(peer, str(text)))

    def on_close(*_args: Any) -> None:
        if _page.epoch == epoch and _page.host is ctrl and _page.links.get(peer) is link:
            del _page.links[peer]
            _perform(ctrl.close_peer(peer))

    link.onmessage = _proxy(f"msg:{peer}", on_message)
    link.onclose = _proxy(f"close:{peer}", on_close)
    _perform(ctrl.open_peer(peer, via))


# ----------------------------------------------------- the host's bots, in slices


def _schedule_bot(delay_ms: int) -> None:
    """A bot is due: it thinks in the next tasks, unless it already does."""
    if _page.host is None or _page.bot_timer is not None:
        return
    _page.thinking_since = time.perf_counter()
    _page.bot_delay = delay_ms
    _page.bot_timer = js.setTimeout(_proxies["think"], 0)


def _think() -> None:
    """One task of the due bot's thinking; then the next one, or its move once
    the bot delay has passed since it began (the page draws and listens between)."""
    _page.bot_timer = None
    ctrl = _page.host
    if ctrl is None or not ctrl.bot_due():
        _page.thinking_since = None
        return
    if _page.thinking_since is None:
        _page.thinking_since = time.perf_counter()
    if not ctrl.bot_think(THINK_TASK_S):
        _page.bot_timer = js.setTimeout(_proxies["think"], 0)
        return
    waited_ms = (time.perf_counter() - _page.thinking_since) * 1000
    _page.bot_timer = js.setTimeout(_proxies["play"], max(0, round(_page.bot_delay - waited_ms)))


def _play_bot() -> None:
    """The due bot plays the move it chose (the next bot, if any, is scheduled)."""
    _page.bot_timer = None
    _page.thinking_since = None
    if _page.host is not None:
        _perform(_page.host.bot_play())


def _cancel_bot() -> None:
    if _page.bot_timer is not None:
        js.clearTimeout(_page.bot_timer)
    _page.bot_timer = None
    _page.thinking_since = None


async def _invite() -> None:
    """A fresh invitation for one device; its answer connects that guest."""
    net = js.window.BossQuestNet
    epoch = _page.epoch
    _pairing(False)
    try:
        invite = await net.rtcInvite(_js({"iceServers": _ice_servers()}))
    except Exception as exc:
        if _page.host is not None:
            _perform(_page.host.lobby_notice(_error_text(exc)))
        return
    if _page.epoch != epoch or _page.host is None:
        invite.cancel()
        return
    box = _pairing(True, closable=True)
    _page.invite = invite  # after _pairing, which cancels the invitation it replaces
    _page.widget = net.showInvite(box, invite, _lang())
    try:
        link = await _page.widget.link
    except Exception:
        return  # the invitation died (closed, or failed: its status line says why)
    if _page.epoch != epoch or _page.host is None:
        link.close()
        return
    _page.invite = None
    _pairing(False)
    _attach(link, "rtc")


# ------------------------------------------------ the host's save, and resuming


def _store() -> Any:
    """net.js's sealed store of the host's match, or None where it cannot work here
    (no secure context, Web Locks or IndexedDB): the tab's sessionStorage then."""
    if not _has_net():
        return None
    store: Any = getattr(js.window.BossQuestNet, "hostStore", None)
    if _absent(store) or not _absent(store.support()):
        return None
    return store


async def _seal(store: Any, seal: Seal, epoch: int) -> None:
    """One sealed save (net.js writes them in call order); then #lobby[data-saved]."""
    try:
        await store.save(seal.room, seal.text)
    except Exception as exc:  # storage full or refused: the game goes on, unsaved
        js.console.warn(f"Boss Quest: the hosted game could not be kept ({_error_text(exc)})")
        return
    if _page.epoch == epoch:
        js.document.getElementById("lobby").setAttribute("data-saved", str(seal.version))


async def _claimed(store: Any) -> list[str]:
    """The rooms whose records this tab claimed at load (their Web Locks are ours)."""
    rooms = await store.claimed()
    return [str(room) for room in rooms.to_py()]


async def _open_record(store: Any, room: str) -> tuple[HostRecord, HostSession] | None:
    """Unseal and restore `room`'s record. An unreadable one is cleared, and said
    so (``resume_corrupt``); a missing one is just nothing."""
    text: str | None = None
    try:
        text = str(await store.load(room))
    except Exception as exc:
        if _error_code(exc) in ("missing", "locked"):
            return None
        js.console.warn(f"Boss Quest: the hosted game does not open ({_error_text(exc)})")
    record = HostRecord.from_json(text)
    host = _host_from(record) if record is not None and record.room == room else None
    if record is None or host is None:
        store.drop(room)
        _page.resume_notice = "resume_corrupt"
        return None
    return record, host


async def _resume_sealed(store: Any, room: str) -> None:
    """This tab hosted `room` and reloaded: resume it, unless another tab has it
    now (a duplicated tab) or its save does not open; then the menu says why."""
    opened = None
    try:
        if room in await _claimed(store):
            opened = await _open_record(store, room)
        else:
            store.release(room)  # not ours: forget this tab's mark of it
            _page.resume_notice = "resume_elsewhere"
    except Exception as exc:  # never stuck on "resuming"
        js.console.warn(f"Boss Quest: the hosted game could not resume ({exc})")
    if _page.mode != "resuming":  # an invitation link took the screen meanwhile
        if opened is not None:
            _page.offers[room] = opened
        _offers_settled()
        return
    if opened is not None:
        record, host = opened
        _host_begin(HostController.from_record(record, host, **_host_settings()))
        return
    _page.mode = None
    _page.offers_checked = True
    js.document.documentElement.dataset.screen = "menu"
    _render_offers()
    if _resume_local is not None:
        _resume_local()  # the local game's save, which this tab's hosting went before


async def _find_offers() -> None:
    """Hosted games whose tab was closed, that this tab claimed at load: offered."""
    store = _store()
    for room in [] if store is None else await _claimed(store):
        opened = await _open_record(store, room)
        if opened is not None:
            _page.offers[room] = opened
    _offers_settled()


def _offers_settled() -> None:
    """This tab has looked for games to resume: show them, unless it joined a
    game as a guest meanwhile (then it lets them go)."""
    _page.offers_checked = True
    if _page.guest is not None or _page.mode == "join":
        _forsake_offers()
    _render_offers(redraw_menu=True)


def _offer_command(cmd: str, room: str) -> None:
    """The offer's buttons: resume, end (asked once more), or keep."""
    if room not in _page.offers:
        return
    if cmd == "net-resume" and _page.mode in (None, "menu"):
        record, host = _page.offers.pop(room)
        _host_begin(HostController.from_record(record, host, **_host_settings()))
    elif cmd == "net-discard":
        _page.discard = room
    elif cmd == "net-discard-no":
        _page.discard = ""
    elif cmd == "net-discard-yes":
        del _page.offers[room]
        _page.discard = ""
        store = _store()
        if store is not None:
            store.drop(room)
    _render_offers(redraw_menu=True)
    # the keyboard stays on the offer: on "No" while asked, else on "End it"
    after = {"net-discard": "net-discard-no", "net-discard-no": "net-discard"}.get(cmd)
    if after is not None:
        scope = "#lobby-view" if _page.mode == "menu" else "#net-resume"
        button = js.document.querySelector(f'{scope} [data-cmd="{after}"][data-room="{room}"]')
        if not _absent(button):
            button.focus()


def _forsake_offers() -> None:
    """This tab becomes a guest: it lets go of the games it offered (another tab
    may offer them) and forgets what it read of them."""
    store = _store()
    for room in _page.offers:
        if store is not None:
            store.release(room)
    _page.offers.clear()
    _page.discard = ""
    _render_offers()


def _offer_views() -> list[ResumeOffer]:
    return [resume_offer(room, host) for room, (_record, host) in _page.offers.items()]


def _resume_html() -> str:
    lang = _lang()
    notice = ntr(_page.resume_notice, lang) if _page.resume_notice else ""
    return render_resume(_offer_views(), lang, confirm=_page.discard, notice=notice)


def _render_offers(*, redraw_menu: bool = False) -> None:
    """The offer at the top of the menu; with `redraw_menu`, the network menu's
    copy of it too, when that menu shows."""
    box = js.document.getElementById("net-resume")
    if not _absent(box):
        html = _resume_html()
        box.innerHTML = html
        box.hidden = not html
        box.setAttribute("data-checked", _flag(_page.offers_checked))
    if redraw_menu and _page.mode == "menu":
        _render_lobby()


# --------------------------------------------------------------------- guest


def _new_guest(via: str, room: str, name: str, record: GuestRecord | None) -> GuestController:
    session = guest_session(GAME, _BUILD, name, record)
    return GuestController(session, GAME, via, room, lang=_lang(), build_id=_BUILD)


def _join_tab(room: str, name: str, record: GuestRecord | None) -> None:
    """Join (or rejoin, with the record's token) a game open in another tab."""
    _stop_rooms()
    _page.epoch += 1
    _forsake_offers()
    _pairing(False)
    ctrl = _new_guest("tabs", room, name, record)
    _page.mode = "guest"
    _page.host, _page.guest, _page.link = None, ctrl, None
    _perform(ctrl.begin())
    _spawn(_connect_tab(_page.epoch))


async def _connect_tab(epoch: int) -> None:
    """Reach the host's room; while its tab is away (a reload), try again."""
    net = js.window.BossQuestNet
    while _page.epoch == epoch and _page.guest is not None:
        ctrl = _page.guest
        try:
            link = await net.tabsJoin(ctrl.room)
        except Exception as exc:
            if _error_code(exc) in ("insecure", "no_broadcast", "bad_room"):
                _perform(ctrl.unreachable(_error_text(exc)))
                return  # trying again would not help
            js.console.warn(f"Boss Quest: the host's tab did not answer ({exc})")
            await asyncio.sleep(RETRY_MS / 1000)
            continue
        if _page.epoch != epoch:
            link.close()
            return
        _guest_link(link, epoch)
        return


async def _answer(name: str, record: GuestRecord | None) -> None:
    """A device guest answers the invitation it opened; the host enters the answer."""
    net = js.window.BossQuestNet
    _page.epoch += 1
    epoch = _page.epoch
    ctrl = _new_guest("rtc", "", name, record)
    _forsake_offers()
    _page.mode = "join"
    _page.host, _page.guest = None, ctrl
    _page.answering = True
    _page.notice = ""
    _perform(ctrl.keep())
    _render_lobby()
    _pairing(False)
    try:
        answer = await net.rtcAnswer(_page.offer, _js({"iceServers": _ice_servers()}))
    except Exception as exc:
        _page.answering = False
        _page.notice = _error_text(exc)
        _render_lobby()
        return
    _page.widget = net.showAnswer(_pairing(True), answer, _lang())
    try:
        link = await _page.widget.link
    except Exception:
        return  # the pairing failed: the widget's status line says why
    if _page.epoch != epoch:
        link.close()
        return
    _pairing(False)
    _page.mode = "guest"
    _page.answering = False
    _clear_hash()
    _guest_link(link, epoch)


def _guest_link(link: Any, epoch: int) -> None:
    """The link to the host is up: say hello (with the token to rejoin a seat)."""
    ctrl = _page.guest
    assert ctrl is not None
    _page.link = link

    def on_message(text: Any) -> None:
        if _page.epoch == epoch and _page.guest is ctrl:
            frames: Any = getattr(js.window, "__bqNetFrames", None)  # the browser tests' only
            if frames is not None and frames is not jsnull:
                frames.push(str(text))
            _perform(ctrl.receive(str(text)))

    def on_close(*_args: Any) -> None:
        if _page.epoch != epoch or _page.link is not link or _page.guest is not ctrl:
            return
        _page.link = None
        _perform(ctrl.link_lost())

    link.onmessage = _proxy("guest-msg", on_message)
    link.onclose = _proxy("guest-close", on_close)
    _perform(ctrl.link_up())


def _open_hash() -> bool:
    """An invitation link (``#join=<code>``): the device guest's page."""
    hash_text = str(js.location.hash or "")
    if not hash_text.startswith("#join="):
        return False
    _open_invite(hash_text[len("#join=") :])
    return True


def _open_invite(code: str) -> None:
    """Answer an invitation: at once with the stored seat token (a device guest
    coming back), else once the person has typed a name."""
    if _page.mode == "host":
        return  # the host's own tab: an invitation is for another page
    if _page.link is not None:  # a guest whose link still stands: drop it, keep its seat
        _page.epoch += 1
        _close_later([_page.link])
        _page.link = None
    _page.offer = code
    _stop_rooms()
    record = GuestRecord.from_json(_storage("localStorage", "getItem", guest_key(GAME.name)))
    if record is not None and record.via == "rtc":
        _spawn(_answer(record.name, record))  # rejoin the seat the token names
        return
    _page.mode = "join"
    _page.answering = False
    _page.guest = None
    _page.notice = ""
    _pairing(False)
    _render_lobby()


def _need_invitation(notice: str) -> None:
    """A device guest without a link: the way back is a new invitation (pasted here,
    or opened as a link)."""
    _page.mode = "join"
    _page.offer = ""
    _page.answering = False
    _page.notice = notice
    _render_lobby()
    _pairing(False)
    _show_join_widget()


# ---------------------------------------------------------------- both sides


def _leave(*, to_menu: bool) -> None:
    """End this page's part in the online game and forget its save."""
    _page.epoch += 1
    _cancel_bot()
    if _page.host is not None:
        _perform(_page.host.leave())
    if _page.guest is not None:
        _perform(_page.guest.leave())
    elif _page.mode == "join":
        _storage("sessionStorage", "removeItem", guest_key(GAME.name))
        _storage("localStorage", "removeItem", guest_key(GAME.name))
    # the goodbye frames are sealed and sent asynchronously: close a moment later
    _close_later([*_page.links.values(), _page.link, _page.tabs])
    _page.links.clear()
    _page.host = _page.guest = _page.link = _page.tabs = None
    _pairing(False)
    _clear_hash()
    _clear_board()
    if to_menu and _page.mode != "menu":
        open_menu()
        return
    _stop_rooms()
    _page.mode = None
    js.document.documentElement.dataset.screen = "menu"


def _close_later(handles: list[Any]) -> None:
    """Close links (and a tabs room) once the frames just sent have left."""
    alive = [handle for handle in handles if handle is not None]
    if not alive:
        return

    def close() -> None:
        for handle in alive:
            try:
                handle.close()
            except Exception as exc:  # already closed by the other end
                js.console.warn(f"Boss Quest: closing a link failed ({exc})")

    js.setTimeout(create_once_callable(close), GOODBYE_MS)


# ------------------------------------------------------------------- drawing


def _lang() -> str:
    return str(js.window.BossQuest.lang())


def _render_lobby() -> None:
    """The lobby screen: the network menu, "resuming", the join screen, or the
    host's or guest's own (their controllers')."""
    lang = _lang()
    if _page.mode == "menu":
        name = str(_storage("localStorage", "getItem", NAME_KEY) or "")
        html = render_net_menu(
            lang,
            game=GAME.name,
            name=name,
            rooms=[room for room in _page.rooms if room.get("phase", "lobby") == "lobby"],
            ice=_page.ice_draft
            if _page.ice_draft is not None
            else str(_storage("localStorage", "getItem", ICE_KEY) or ""),
            notice=_page.notice,
            resume=_resume_html(),
        )
        _perform([ShowLobby("menu", html)])
    elif _page.mode == "resuming":
        _perform([ShowLobby("resuming", render_resuming(lang))])
    elif _page.mode == "join":
        name = _page.guest.guest.name if _page.guest is not None else ""
        name = name or str(_storage("localStorage", "getItem", NAME_KEY) or "")
        html = render_join(
            lang,
            name=name,
            notice=_page.notice,
            answering=_page.answering,
            need_invite=not _page.offer,
        )
        _perform([ShowLobby("join", html)])
    else:
        _controller_screen()


def _clear_board() -> None:
    js.document.getElementById("board-view").replaceChildren()
    board = js.document.getElementById("board")
    for name in ("phase", "round", "stage", "to-act", "viewer", "actions", "bot-thinking", "net"):
        board.removeAttribute(f"data-{name}")


def _pairing(show: bool, *, closable: bool = False) -> Any:
    """The box a pairing widget (pairing.js) goes in: a fresh one, or none.
    The widgets follow the language switch on their own."""
    if _page.widget is not None:
        _page.widget.destroy()
        _page.widget = None
    if _page.invite is not None:
        _page.invite.cancel()
        _page.invite = None
    box = js.document.getElementById("net-pairing")
    box.replaceChildren()
    box.hidden = not show
    if not show:
        return None
    close = ""
    if closable:
        close = (
            '<div class="net-actions"><button type="button" class="btn btn-small '
            f'btn-secondary" data-cmd="net-pair-close">{escape(ntr("invite_close", _lang()))}'
            "</button></div>"
        )
    box.innerHTML = f'<div id="net-pairing-widget"></div>{close}'
    return js.document.getElementById("net-pairing-widget")


def _show_join_widget() -> None:
    """On the network menu: paste (or scan) an invitation received as text."""
    if not _has_net() or _page.mode not in ("menu", "join", "guest"):
        return
    _page.widget = js.window.BossQuestNet.showJoin(
        _pairing(True), _lang(), _proxy("join-code", _on_join_code)
    )


def _on_join_code(code: Any) -> None:
    """An invitation pasted into the join widget: this page becomes its guest."""
    _open_invite(str(code))


def _error_code(exc: Exception) -> str:
    """A transport error's .code (net.js), or ""."""
    error = getattr(exc, "js_error", None)
    code = getattr(error, "code", None) if error is not None else None
    return code if isinstance(code, str) else ""


def _error_text(exc: Exception) -> str:
    """What a transport's error means, in the page's language (its .code, if any)."""
    code = _error_code(exc)
    if code and _has_net():
        return str(js.window.BossQuestNet.reason(code, _lang()))
    error = getattr(exc, "js_error", None)
    return str(getattr(error, "message", None) or exc)


# ------------------------------------------------------------------- helpers


def _absent(value: Any) -> bool:
    return value is None or value is jsnull


def _has_net() -> bool:
    return not _absent(getattr(js.window, "BossQuestNet", None))


def _proxy(key: str, fn: Callable[..., Any]) -> Any:
    """A JavaScript proxy of `fn`, kept alive (and replaced) under `key`."""
    old = _proxies.get(key)
    if old is not None:
        old.destroy()
    _proxies[key] = create_proxy(fn)
    return _proxies[key]


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


def _int_attr(element: Any, name: str) -> int | None:
    value = element.getAttribute(name)
    if _absent(value):
        return None
    try:
        return int(str(value))
    except ValueError:
        return None


def _read_name() -> str:
    """The name typed in #net-name, remembered; a notice when there is none."""
    field_ = js.document.getElementById("net-name")
    name = "" if _absent(field_) else clean_name(str(field_.value))
    if not name:
        _page.notice = ntr("name_needed", _lang())
        _render_lobby()
        return ""
    _storage("localStorage", "setItem", NAME_KEY, name)
    return name


def _menu_options() -> dict[str, JSON]:
    """The local menu's choices (the player count, and each option the game
    declares) as game options."""
    text = str(js.JSON.stringify(js.window.BossQuest.settings()))
    settings = load_json(text, "the menu's settings", max_bytes=MAX_SETTINGS_BYTES)
    if not isinstance(settings, dict):
        settings = {}
    declared = GAME.declared_options
    players = settings.get("players", [])
    options: dict[str, JSON] = {
        "players": len(players) if isinstance(players, list) and players else 2
    }
    for option in declared.options:
        value = settings.get(option.key)
        if isinstance(option.default, bool):
            value = bool(value)
        if type(value) is type(option.default):
            options[option.key] = value
    return declared.normalize(options)


def _ice_servers() -> list[dict[str, str]]:
    try:
        return parse_ice(str(_storage("localStorage", "getItem", ICE_KEY) or ""))
    except IceError:
        return []


def _save_ice(text: str) -> None:
    try:
        parse_ice(text)
    except IceError as exc:
        _page.notice = ntr("ice_bad", _lang(), url=exc.url)
        _page.ice_draft = text  # shown again as typed, to be corrected
        _render_lobby()
        return
    _storage("localStorage", "setItem", ICE_KEY, text.strip())
    if _page.notice or _page.ice_draft is not None:
        _page.notice, _page.ice_draft = "", None
        _render_lobby()


def _stop_rooms() -> None:
    if _page.rooms_stop is not None:
        _page.rooms_stop()
        _page.rooms_stop = None
    _page.rooms = []


def _clear_hash() -> None:
    if str(js.location.hash or "").startswith("#join="):
        js.history.replaceState(jsnull, "", str(js.location.pathname) + str(js.location.search))


def _spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine on the page's loop; an error becomes a warning and a notice."""

    async def guarded() -> None:
        try:
            await coro
        except Exception as exc:
            js.console.warn(f"Boss Quest: network play failed ({type(exc).__name__}: {exc})")
            notice = str(getattr(exc, "message", "") or exc)
            if _page.host is not None and _page.mode == "host":
                _perform(_page.host.lobby_notice(notice))
            elif _page.guest is not None and _page.mode == "guest":
                _page.guest.notice = notice
                _perform(_page.guest.screen())
            else:
                _page.notice = notice
                _render_lobby()

    task = asyncio.ensure_future(guarded())
    _tasks.add(task)  # kept until done, so the loop does not lose it
    task.add_done_callback(_tasks.discard)


def _spawn_quiet(coro: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that reports its own errors (no notice on the screen)."""
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _storage(area: str, method: str, *args: str) -> Any:
    """localStorage / sessionStorage, or None when the browser refuses it."""
    try:
        value = getattr(getattr(js.window, area), method)(*args)
    except Exception:
        return None
    return None if _absent(value) else value
