"""Network play in the page: the glue between the transports and the sessions.

Runs on Pyodide, in the page. ``window.BossQuestNet`` (site/assets/net.js and
pairing.js) carries text frames between tabs (BroadcastChannel, sealed per
pair) and devices (WebRTC data channels paired by link or QR code); the
sessions of ``game.net`` decide everything (``HostSession`` on the host's page,
``GuestSession`` on a guest's); ``game.web.net_view`` draws the screens. This
module only wires them: it feeds each frame a link receives to its session,
sends the frames the session returns, runs the host's bots, keeps the saves
(``game.web.net_prefs``), and sets the HTML and markers.

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
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from game.engine.bots import make_bot
from game.engine.errors import GameError
from game.engine.safejson import MAX_ACTION_BYTES, load_json
from game.net import GuestSession, HostSession
from game.net.frames import MAX_HOST_FRAME
from game.registry import DEFAULT_GAME, get_game

from .main import put_board, resume_saved
from .net_prefs import (
    GUEST_KEY,
    HOST_KEY,
    ICE_KEY,
    NAME_KEY,
    GuestRecord,
    HostRecord,
    IceError,
    clean_name,
    parse_ice,
)
from .net_strings import ntr, reject_text
from .net_view import (
    BoardInput,
    NetRendered,
    ResumeOffer,
    SeatStatus,
    render_connecting,
    render_join,
    render_lobby,
    render_net_board,
    render_net_menu,
    render_resume,
    render_resuming,
    seat_statuses,
)
from .query import bot_delay_ms
from .session import PAGE_SEARCH, bot_seed
from .settings import MAX_SETTINGS_BYTES

__all__ = ["active", "boot", "build_id"]

#: how often a guest tab retries reaching its host's room while it is away
#: the game network play runs (the registry's; the page offers one game for now)
GAME = get_game(DEFAULT_GAME)
RETRY_MS = 700
#: the list of games other tabs announce: a few hundred bytes each
ROOMS_BYTES = 64 * 1024
#: how long a page that leaves keeps its links open so its goodbye frames get out
GOODBYE_MS = 1500


@dataclass
class _Net:
    """Everything this page's network play holds."""

    #: None (not playing online), "menu", "host", "guest", "join", "resuming"
    mode: str | None = None
    host: HostSession | None = None
    guest: GuestSession | None = None
    #: the host's room id (tabs); a tab guest's room
    room: str = ""
    #: host: peer id -> link; peer id -> "tabs" | "rtc"; peer id -> seat
    links: dict[str, Any] = field(default_factory=dict)
    via: dict[str, str] = field(default_factory=dict)
    peer_seat: dict[str, int] = field(default_factory=dict)
    #: host: the seats whose guests came over WebRTC (kept in the host's save)
    device_seats: set[int] = field(default_factory=set)
    #: host: the tabs room handle; guest: its one link to the host
    tabs: Any = None
    link: Any = None
    #: guest: "tabs" | "rtc"
    guest_via: str = ""
    seen_result: int = 0
    notice: str = ""
    confirm_quit: bool = False
    previous: frozenset[str] = frozenset()
    rooms: list[dict[str, Any]] = field(default_factory=list)
    rooms_stop: Any = None
    bot_timer: Any = None
    bots: dict[tuple[int, str], Any] = field(default_factory=dict)
    #: guest: the invitation code (device) it answers
    offer: str = ""
    #: the pairing widget shown (pairing.js: {link, destroy}) and the host's invitation
    widget: Any = None
    invite: Any = None
    answering: bool = False
    #: the ICE servers setting as typed, while it is refused (not stored)
    ice_draft: str | None = None
    #: guest: the version its last move was proposed at, until the host answers
    proposed: int | None = None
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


_net = _Net()
_proxies: dict[str, Any] = {}
_tasks: set[asyncio.Future[None]] = set()
_delay_ms = 0
_BUILD = "dev"


# --------------------------------------------------------------------- entry


def active() -> bool:
    """Whether network play owns the screen (the local game's clicks are ignored)."""
    return _net.mode is not None


def build_id() -> str:
    """This build's id: the content hash of the game bundle in the page's config,
    so that a host and a guest of different builds refuse each other."""
    script = js.document.querySelector('script[type="py"]')
    config = "" if _absent(script) else str(script.getAttribute("config") or "")
    found = re.search(r"game\.([0-9a-f]{6,})\.zip", config)
    return found.group(1) if found else "dev"


def boot() -> bool:
    """Wire the page's events; resume a hosted or joined game, or open an
    invitation link. True when network play took the screen."""
    global _delay_ms, _BUILD
    _delay_ms = bot_delay_ms(str(js.location.search))
    _BUILD = build_id()
    document = js.document
    _proxies["lobby-click"] = create_proxy(_on_lobby_click)
    _proxies["lobby-change"] = create_proxy(_on_lobby_change)
    _proxies["board-click"] = create_proxy(_on_board_click)
    _proxies["lang"] = create_proxy(_on_lang)
    _proxies["open"] = create_proxy(lambda _event: open_menu())
    _proxies["hash"] = create_proxy(lambda _event: _open_hash())
    _proxies["bot"] = create_proxy(_run_bot)
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
        _net.mode = None
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
        _net.mode = "resuming"
        _render_lobby()
        _spawn(_resume_sealed(store, str(hosting)))
        return True
    host = HostRecord.from_json(_storage("sessionStorage", "getItem", HOST_KEY))
    if host is not None:
        return _resume_host(host)
    guest = GuestRecord.from_json(_storage("sessionStorage", "getItem", GUEST_KEY))
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
    _net.mode = "menu"
    _net.notice = notice
    if _net.rooms_stop is None and _has_net():
        _net.rooms_stop = js.window.BossQuestNet.tabsRooms(_proxy("rooms", _on_rooms))
    _render_lobby()
    _pairing(False)
    _show_join_widget()


# -------------------------------------------------------------------- events


def _on_lang(_event: Any) -> None:
    _render_offers()
    if _net.mode is None:
        return
    if js.document.documentElement.dataset.screen == "board":
        _render_board()
    else:
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
    if found != _net.rooms:
        _net.rooms = found
        if _net.mode == "menu":
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
    elif cmd == "net-back":
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
    elif cmd == "net-leave":
        _leave(to_menu=True)
    elif _net.host is not None:
        _host_lobby_command(cmd, seat, level)
    elif _net.guest is not None and cmd == "net-sit" and seat is not None:
        _guest_send(_net.guest.sit(seat))


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
    option = target.getAttribute("data-net-opt")
    host = _net.host
    if _absent(option) or host is None or host.phase != "lobby":
        return
    options = dict(host.options)
    key = str(option)
    if key == "players":
        options["players"] = int(str(target.value))
    else:
        options[key] = bool(target.checked)
    for name in ("potions", "companions", "reaper"):
        if not options.get(name):
            options.pop(name, None)  # only when on, as the engine writes them
    _host_do(lambda: host.set_options(options))


def _on_board_click(event: Any) -> None:
    if _net.mode not in ("host", "guest"):
        return
    target = event.target.closest("[data-cmd]")
    if _absent(target):
        return
    cmd = str(target.getAttribute("data-cmd"))
    arg = target.getAttribute("data-act")
    seat = _int_attr(target, "data-seat")
    level = target.getAttribute("data-level")
    if cmd == "continue":
        result = _board_view().get("result")
        if result is not None:
            _net.seen_result = int(result["round"])
        _after_local()
    elif cmd == "quit":
        _net.confirm_quit = not _net.confirm_quit
        _render_board()
    elif cmd == "quit-no":
        _net.confirm_quit = False
        _render_board()
    elif cmd in ("quit-yes", "menu"):
        _leave(to_menu=True)
    elif cmd == "act" and not _absent(arg):
        _act(str(arg))
    elif _net.host is not None and seat is not None:
        host = _net.host
        if cmd == "net-hand":
            chosen = "normal" if _absent(level) else str(level)
            _host_do(lambda: host.hand_to_bot(seat, chosen))
        elif cmd == "net-back-seat":
            _host_do(lambda: host.hand_back(seat))
        elif cmd == "net-reinvite":
            _spawn(_invite())


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
        _net.notice = exc.message
        _render_lobby()
        return
    _host_begin(host, secrets.token_urlsafe(12), 0)


def _resume_host(record: HostRecord) -> bool:
    """A clear save in this tab's sessionStorage (where the page cannot seal)."""
    host = _host_from(record)
    if host is None:
        _storage("sessionStorage", "removeItem", HOST_KEY)
        return False
    _host_begin(host, record.room, record.seen_result, set(record.devices))
    return True


def _host_from(record: HostRecord) -> HostSession | None:
    try:
        return HostSession.from_save(GAME, record.save, _BUILD)
    except Exception as exc:  # a corrupt save must never break the page
        js.console.warn(f"Boss Quest: the hosted game could not be restored ({exc})")
        return None


def _host_begin(host: HostSession, room: str, seen: int, devices: set[int] | None = None) -> None:
    _stop_rooms()
    _pairing(False)
    _net.epoch += 1
    _net.mode = "host"
    _net.host, _net.guest = host, None
    _net.room, _net.seen_result, _net.notice = room, seen, ""
    _net.discard, _net.resume_notice = "", ""
    _net.links.clear()
    _net.via.clear()
    _net.peer_seat.clear()
    _net.device_seats = devices or set()
    _net.bots.clear()
    lobby = js.document.getElementById("lobby")
    lobby.setAttribute("data-room", room)
    lobby.removeAttribute("data-saved")
    if _has_net():
        try:
            _net.tabs = js.window.BossQuestNet.tabsHost(room, _proxy("tab-peer", _on_tab_peer))
        except Exception as exc:  # no sealing here (not a secure context): devices only
            _net.notice = ntr("no_crypto", _lang(), reason=_error_text(exc))
    _host_changed()


def _on_tab_peer(link: Any) -> None:
    _attach(link, "tabs")


def _attach(link: Any, via: str) -> None:
    """A guest's connection reached the host: its frames go to the session."""
    host = _net.host
    if host is None:
        link.close()
        return
    peer = str(link.peer)
    epoch = _net.epoch
    _net.links[peer] = link
    _net.via[peer] = via

    def on_message(text: Any) -> None:
        if _net.epoch == epoch and _net.host is not None:
            _host_sends(_net.host.receive(peer, str(text)))

    def on_close(*_args: Any) -> None:
        if _net.epoch == epoch and _net.host is not None and peer in _net.links:
            del _net.links[peer]
            _host_sends(_net.host.close_peer(peer))

    link.onmessage = _proxy(f"msg:{peer}", on_message)
    link.onclose = _proxy(f"close:{peer}", on_close)
    _host_sends(host.open_peer(peer))


def _host_sends(sends: list[tuple[str, str]]) -> None:
    """Send the session's frames, then show and keep what changed."""
    for peer, text in sends:
        link = _net.links.get(peer)
        if link is None:
            continue
        _note_frame(peer, text)
        try:
            link.send(text)
        except Exception as exc:  # a link closing under us: its onclose follows
            js.console.warn(f"Boss Quest: a frame could not be sent ({exc})")
    _host_changed()


def _note_frame(peer: str, text: str) -> None:
    """Which seat each connection holds (a device seat's drop offers a new invitation)."""
    if '"t":"welcome"' not in text.replace(" ", ""):
        return
    try:
        frame = load_json(text, "the welcome frame", max_bytes=MAX_HOST_FRAME)
    except GameError:
        return
    seat = frame.get("seat") if isinstance(frame, dict) else None
    if type(seat) is int:
        _net.peer_seat[peer] = seat
        if _net.via.get(peer) == "rtc":
            _net.device_seats.add(seat)
        else:
            _net.device_seats.discard(seat)


def _host_do(change: Callable[[], list[tuple[str, str]]]) -> None:
    """A change the host makes; a refusal shows as the notice and changes nothing."""
    try:
        sends = change()
    except GameError as exc:
        _net.notice = reject_text(exc.code, exc.message, _lang())
        _host_changed()
        return
    _net.notice = ""
    _host_sends(sends)


def _host_lobby_command(cmd: str, seat: int | None, level: str) -> None:
    host = _net.host
    assert host is not None
    if cmd == "net-bot" and seat is not None:
        _host_do(lambda: host.set_bot(seat, level or None))
    elif cmd == "net-start":
        _net.seen_result = 0
        _host_do(host.start)
    elif cmd == "net-invite":
        _spawn(_invite())


def _host_changed() -> None:
    """Keep the match, tell the other tabs, draw, and let a bot play if due."""
    host = _net.host
    if host is None:
        return
    devices = tuple(sorted(_net.device_seats))
    _keep_host(HostRecord(_net.room, host.to_save(), _net.seen_result, devices), host.version)
    if _has_net():
        free = sum(1 for s in host.seats_status() if s.get("kind") == "open")
        info = {"room": _net.room, "name": host.names()[0], "free": free, "phase": host.phase}
        js.window.BossQuestNet.tabsAnnounce(_js(info))
    if host.phase == "lobby":
        _render_lobby()
    else:
        _render_board()
    _schedule_bot()


def _schedule_bot() -> None:
    host = _net.host
    if host is None or _net.bot_timer is not None or host.phase != "playing":
        return
    if host.bot_due() is not None:
        _net.bot_timer = js.setTimeout(_proxies["bot"], _delay_ms)


def _run_bot() -> None:
    """The bot that is due plays (from its seat's view alone)."""
    _net.bot_timer = None
    host = _net.host
    if host is None:
        return
    seat = host.bot_due()
    if seat is None:
        return
    level = host.bot_level(seat)
    key = (seat, level)
    if key not in _net.bots:
        _net.bots[key] = make_bot(GAME, level, bot_seed(host.seed, seat), PAGE_SEARCH)
    action = _net.bots[key](host.view_for(seat), host.legal_actions(seat))
    _host_do(lambda: host.bot_act(seat, GAME.action_to_json(action)))


async def _invite() -> None:
    """A fresh invitation for one device; its answer connects that guest."""
    net = js.window.BossQuestNet
    epoch = _net.epoch
    _pairing(False)
    try:
        invite = await net.rtcInvite(_js({"iceServers": _ice_servers()}))
    except Exception as exc:
        _net.notice = _error_text(exc)
        _host_changed()
        return
    if _net.epoch != epoch or _net.host is None:
        invite.cancel()
        return
    box = _pairing(True, closable=True)
    _net.invite = invite  # after _pairing, which cancels the invitation it replaces
    _net.widget = net.showInvite(box, invite, _lang())
    try:
        link = await _net.widget.link
    except Exception:
        return  # the invitation died (closed, or failed: its status line says why)
    if _net.epoch != epoch or _net.host is None:
        link.close()
        return
    _net.invite = None
    _pairing(False)
    _attach(link, "rtc")


def _devices() -> frozenset[int]:
    """Seats that were reached over WebRTC (a new invitation brings them back)."""
    return frozenset(_net.device_seats)


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


def _keep_host(record: HostRecord, version: int) -> None:
    """Keep the host's match after a change: sealed where the page can, so that
    closing the tab does not end the game; else in this tab's sessionStorage."""
    store = _store()
    if store is None:
        _storage("sessionStorage", "setItem", HOST_KEY, record.to_json())
        return
    _storage("sessionStorage", "removeItem", HOST_KEY)  # a clear copy of an older page
    _spawn_quiet(_seal(store, record, version, _net.epoch))


async def _seal(store: Any, record: HostRecord, version: int, epoch: int) -> None:
    """One sealed save (net.js writes them in call order); then #lobby[data-saved]."""
    try:
        await store.save(record.room, record.to_json())
    except Exception as exc:  # storage full or refused: the game goes on, unsaved
        js.console.warn(f"Boss Quest: the hosted game could not be kept ({_error_text(exc)})")
        return
    if _net.epoch == epoch:
        js.document.getElementById("lobby").setAttribute("data-saved", str(version))


def _forget_host() -> None:
    """The hosted game ended: its save goes, wherever it was kept."""
    _storage("sessionStorage", "removeItem", HOST_KEY)
    store = _store()
    if store is not None and _net.room:
        store.drop(_net.room)


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
        _net.resume_notice = "resume_corrupt"
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
            _net.resume_notice = "resume_elsewhere"
    except Exception as exc:  # never stuck on "resuming"
        js.console.warn(f"Boss Quest: the hosted game could not resume ({exc})")
    if _net.mode != "resuming":  # an invitation link took the screen meanwhile
        if opened is not None:
            _net.offers[room] = opened
        _offers_settled()
        return
    if opened is not None:
        record, host = opened
        _host_begin(host, record.room, record.seen_result, set(record.devices))
        return
    _net.mode = None
    _net.offers_checked = True
    js.document.documentElement.dataset.screen = "menu"
    _render_offers()
    resume_saved()  # the local game's save, which this tab's hosting went before


async def _find_offers() -> None:
    """Hosted games whose tab was closed, that this tab claimed at load: offered."""
    store = _store()
    for room in [] if store is None else await _claimed(store):
        opened = await _open_record(store, room)
        if opened is not None:
            _net.offers[room] = opened
    _offers_settled()


def _offers_settled() -> None:
    """This tab has looked for games to resume: show them, unless it joined a
    game as a guest meanwhile (then it lets them go)."""
    _net.offers_checked = True
    if _net.guest is not None or _net.mode == "join":
        _forsake_offers()
    _render_offers(redraw_menu=True)


def _offer_command(cmd: str, room: str) -> None:
    """The offer's buttons: resume, end (asked once more), or keep."""
    if room not in _net.offers:
        return
    if cmd == "net-resume" and _net.mode in (None, "menu"):
        record, host = _net.offers.pop(room)
        _host_begin(host, record.room, record.seen_result, set(record.devices))
    elif cmd == "net-discard":
        _net.discard = room
    elif cmd == "net-discard-no":
        _net.discard = ""
    elif cmd == "net-discard-yes":
        del _net.offers[room]
        _net.discard = ""
        store = _store()
        if store is not None:
            store.drop(room)
    _render_offers(redraw_menu=True)
    # the keyboard stays on the offer: on "No" while asked, else on "End it"
    after = {"net-discard": "net-discard-no", "net-discard-no": "net-discard"}.get(cmd)
    if after is not None:
        scope = "#lobby-view" if _net.mode == "menu" else "#net-resume"
        button = js.document.querySelector(f'{scope} [data-cmd="{after}"][data-room="{room}"]')
        if not _absent(button):
            button.focus()


def _forsake_offers() -> None:
    """This tab becomes a guest: it lets go of the games it offered (another tab
    may offer them) and forgets what it read of them."""
    store = _store()
    for room in _net.offers:
        if store is not None:
            store.release(room)
    _net.offers.clear()
    _net.discard = ""
    _render_offers()


def _offer_views() -> list[ResumeOffer]:
    views = []
    for room, (_record, host) in _net.offers.items():
        rnd = 0 if host.phase == "lobby" else int(host.view_for(None)["round"])
        seats = tuple(seat_statuses(host.seats_status()))
        views.append(ResumeOffer(room, host.phase, rnd, seats))
    return views


def _resume_html() -> str:
    lang = _lang()
    notice = ntr(_net.resume_notice, lang) if _net.resume_notice else ""
    return render_resume(_offer_views(), lang, confirm=_net.discard, notice=notice)


def _render_offers(*, redraw_menu: bool = False) -> None:
    """The offer at the top of the menu; with `redraw_menu`, the network menu's
    copy of it too, when that menu shows."""
    box = js.document.getElementById("net-resume")
    if not _absent(box):
        html = _resume_html()
        box.innerHTML = html
        box.hidden = not html
        box.setAttribute("data-checked", _flag(_net.offers_checked))
    if redraw_menu and _net.mode == "menu":
        _render_lobby()


# --------------------------------------------------------------------- guest


def _join_tab(room: str, name: str, record: GuestRecord | None) -> None:
    """Join (or rejoin, with the record's token) a game open in another tab."""
    _stop_rooms()
    _net.epoch += 1
    guest = _guest_from(record, name)
    _guest_begin(guest, "tabs", room)
    _spawn(_connect_tab(_net.epoch))


def _guest_from(record: GuestRecord | None, name: str) -> GuestSession:
    if record is not None:
        try:
            return GuestSession.from_save(record.session, _BUILD, game=GAME)
        except Exception:
            pass  # an unreadable record: join afresh
    return GuestSession(name, token=None, build_id=_BUILD, game=GAME)


def _guest_begin(guest: GuestSession, via: str, room: str) -> None:
    _forsake_offers()
    _pairing(False)
    _net.mode = "guest"
    _net.host, _net.guest = None, guest
    _net.guest_via, _net.room = via, room
    _net.seen_result, _net.notice = 0, ""
    _net.link = None
    _keep_guest()
    _render_lobby(connecting=True)


async def _connect_tab(epoch: int) -> None:
    """Reach the host's room; while its tab is away (a reload), try again."""
    net = js.window.BossQuestNet
    while _net.epoch == epoch and _net.guest is not None:
        try:
            link = await net.tabsJoin(_net.room)
        except Exception as exc:
            if _error_code(exc) in ("insecure", "no_broadcast", "bad_room"):
                _net.notice = ntr("no_crypto", _lang(), reason=_error_text(exc))
                _guest_render()
                return  # trying again would not help
            js.console.warn(f"Boss Quest: the host's tab did not answer ({exc})")
            await asyncio.sleep(RETRY_MS / 1000)
            continue
        if _net.epoch != epoch:
            link.close()
            return
        _guest_link(link, epoch)
        return


async def _answer(name: str, record: GuestRecord | None) -> None:
    """A device guest answers the invitation it opened; the host enters the answer."""
    net = js.window.BossQuestNet
    _net.epoch += 1
    epoch = _net.epoch
    guest = _guest_from(record, name)
    _forsake_offers()
    _net.mode = "join"
    _net.host, _net.guest, _net.guest_via, _net.room = None, guest, "rtc", ""
    _net.answering = True
    _net.notice = ""
    _keep_guest()
    _render_lobby()
    _pairing(False)
    try:
        answer = await net.rtcAnswer(_net.offer, _js({"iceServers": _ice_servers()}))
    except Exception as exc:
        _net.answering = False
        _net.notice = _error_text(exc)
        _render_lobby()
        return
    _net.widget = net.showAnswer(_pairing(True), answer, _lang())
    try:
        link = await _net.widget.link
    except Exception:
        return  # the pairing failed: the widget's status line says why
    if _net.epoch != epoch:
        link.close()
        return
    _pairing(False)
    _net.mode = "guest"
    _net.answering = False
    _clear_hash()
    _guest_link(link, epoch)


def _guest_link(link: Any, epoch: int) -> None:
    """The link to the host is up: say hello (with the token to rejoin a seat)."""
    guest = _net.guest
    assert guest is not None
    _net.link = link

    def on_message(text: Any) -> None:
        if _net.epoch == epoch:
            _guest_receive(str(text))

    def on_close(*_args: Any) -> None:
        if _net.epoch != epoch or _net.link is not link:
            return
        _net.link = None
        if _net.guest_via == "tabs":
            _net.notice = ntr("host_gone", _lang())
            _spawn(_connect_tab(epoch))
            _guest_render()
        else:
            _net.notice = ntr("host_reloaded", _lang())
            _guest_render()
            _show_join_widget()  # paste the new invitation here (or open its link)

    link.onmessage = _proxy("guest-msg", on_message)
    link.onclose = _proxy("guest-close", on_close)
    _guest_send(guest.hello())


def _guest_send(text: str) -> None:
    if _net.link is not None:
        _net.link.send(text)


def _guest_receive(text: str) -> None:
    guest = _net.guest
    if guest is None:
        return
    frames: Any = getattr(js.window, "__bqNetFrames", None)  # set by the browser tests only
    if frames is not None and frames is not jsnull:
        frames.push(text)
    what = guest.receive(text)
    lang = _lang()
    if what in ("reject", "state"):
        _net.proposed = None  # the host answered: the next move may go
    if what == "reject" and guest.last_reject is not None:
        code, _ref, detail = guest.last_reject
        if code == "bad_token":
            # this host does not know the stored seat: join afresh
            _net.guest = GuestSession(guest.name, token=None, build_id=_BUILD, game=GAME)
            _guest_send(_net.guest.hello())
            return
        _net.notice = reject_text(code, detail, lang)
    elif what == "closed":
        reason = guest.closed or ""
        if _net.link is not None:
            _net.link.close()
        _net.link = None
        if reason == "replaced":
            # the seat was rejoined from another page, which holds the token now
            _storage("sessionStorage", "removeItem", GUEST_KEY)
        else:
            _forget_guest()
        _net.epoch += 1
        _net.guest = None
        open_menu(ntr("seat_replaced" if reason == "replaced" else "host_closed", lang))
        return
    elif what in ("state", "lobby", "welcome"):
        if what == "state":
            _net.notice = ""
        _keep_guest()
    if guest.needs_sync:
        _guest_send(guest.sync())
    _guest_render()


def _guest_render() -> None:
    guest = _net.guest
    if guest is None:
        return
    if guest.view is not None and guest.seat is not None:
        _render_board()
    else:
        _render_lobby()


def _keep_guest() -> None:
    guest = _net.guest
    if guest is None:
        return
    record = GuestRecord(guest.name, _net.room, _net.guest_via, guest.to_save())
    _storage("sessionStorage", "setItem", GUEST_KEY, record.to_json())
    if _net.guest_via == "rtc":
        _storage("localStorage", "setItem", GUEST_KEY, record.to_json())


def _forget_guest() -> None:
    _storage("sessionStorage", "removeItem", GUEST_KEY)
    if _net.guest_via != "tabs":  # a device guest (or one without a link yet)
        _storage("localStorage", "removeItem", GUEST_KEY)


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
    if _net.mode == "host":
        return  # the host's own tab: an invitation is for another page
    if _net.link is not None:  # a guest whose link still stands: drop it, keep its seat
        _net.epoch += 1
        _close_later([_net.link])
        _net.link = None
    _net.offer = code
    _stop_rooms()
    record = GuestRecord.from_json(_storage("localStorage", "getItem", GUEST_KEY))
    if record is not None and record.via == "rtc":
        _spawn(_answer(record.name, record))  # rejoin the seat the token names
        return
    _net.mode = "join"
    _net.answering = False
    _net.guest = None
    _net.notice = ""
    _pairing(False)
    _render_lobby()


def _need_invitation(notice: str) -> None:
    """A device guest without a link: the way back is a new invitation (pasted here,
    or opened as a link)."""
    _net.mode = "join"
    _net.offer = ""
    _net.answering = False
    _net.notice = notice
    _render_lobby()
    _pairing(False)
    _show_join_widget()


# ---------------------------------------------------------------- both sides


def _act(arg: str) -> None:
    try:
        action = load_json(arg, "the move", max_bytes=MAX_ACTION_BYTES)
    except GameError:
        return
    _net.confirm_quit = False
    if _net.host is not None:
        host = _net.host
        _host_do(lambda: host.host_act(action))
    elif _net.guest is not None and _net.proposed != _net.guest.version:
        # one move per version: a second click before the host answers is not sent
        _net.proposed = _net.guest.version
        _net.notice = ""
        _guest_send(_net.guest.propose(action))


def _after_local() -> None:
    if _net.host is not None:
        _host_changed()
    else:
        _guest_render()


def _leave(*, to_menu: bool) -> None:
    """End this page's part in the online game and forget its save."""
    _net.epoch += 1
    if _net.bot_timer is not None:
        js.clearTimeout(_net.bot_timer)
        _net.bot_timer = None
    if _net.host is not None:
        sends = _net.host.close()
        for peer, text in sends:
            link = _net.links.get(peer)
            if link is not None:
                link.send(text)
        _forget_host()
    if _net.guest is not None or _net.mode == "join":
        if _net.link is not None and _net.guest is not None:
            _net.link.send(_net.guest.bye())
        _forget_guest()  # leaving on purpose: the seat token goes too
    if _net.tabs is not None and _has_net():
        js.window.BossQuestNet.tabsAnnounce(jsnull)
    # the goodbye frames are sealed and sent asynchronously: close a moment later
    _close_later([*_net.links.values(), _net.link, _net.tabs])
    _net.links.clear()
    _net.host = _net.guest = _net.link = _net.tabs = None
    _net.confirm_quit = False
    _pairing(False)
    _clear_hash()
    _clear_board()
    if to_menu and _net.mode != "menu":
        open_menu()
        return
    _stop_rooms()
    _net.mode = None
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


def _seats() -> list[SeatStatus]:
    if _net.host is not None:
        return seat_statuses(_net.host.seats_status())
    if _net.guest is not None and _net.guest.seats is not None:
        seats = seat_statuses(_net.guest.seats)
        if _net.link is None:  # the host is away (its tab reloads, or was closed): say so
            seats = [_away(s) if s.kind == "host" else s for s in seats]
        return seats
    return []


def _away(status: SeatStatus) -> SeatStatus:
    return replace(status, connected=False, dropped=True)


def _render_lobby(*, connecting: bool = False) -> None:
    lang = _lang()
    lobby = js.document.getElementById("lobby")
    if _net.mode == "menu":
        name = str(_storage("localStorage", "getItem", NAME_KEY) or "")
        html = render_net_menu(
            lang,
            name=name,
            rooms=[room for room in _net.rooms if room.get("phase", "lobby") == "lobby"],
            ice=_net.ice_draft
            if _net.ice_draft is not None
            else str(_storage("localStorage", "getItem", ICE_KEY) or ""),
            notice=_net.notice,
            resume=_resume_html(),
        )
        phase = "menu"
    elif _net.mode == "resuming":
        html = render_resuming(lang)
        phase = "resuming"
    elif _net.mode == "join":
        name = _net.guest.name if _net.guest is not None else ""
        name = name or str(_storage("localStorage", "getItem", NAME_KEY) or "")
        html = render_join(
            lang,
            name=name,
            notice=_net.notice,
            answering=_net.answering,
            need_invite=not _net.offer,
        )
        phase = "join"
    elif _net.host is not None:
        html = render_lobby(
            "host", _seats(), _net.host.options, lang, own_seat=0, notice=_net.notice
        )
        phase = "host"
    elif _net.guest is not None:
        guest = _net.guest
        lobby_frame = guest.lobby
        if lobby_frame is None or connecting:
            html = render_connecting(lang, notice=_net.notice)
            phase = "connecting"
        else:
            html = render_lobby(
                "guest",
                _seats(),
                lobby_frame.get("options", {}),
                lang,
                own_seat=guest.seat,
                notice=_net.notice,
            )
            phase = "guest"
    else:
        return
    lobby.setAttribute("data-phase", phase)
    js.document.getElementById("lobby-view").innerHTML = html
    js.document.documentElement.dataset.screen = "lobby"


def _board_view() -> dict[str, Any]:
    if _net.host is not None and _net.host.phase != "lobby":
        return dict(_net.host.view_for(0))
    if _net.guest is not None and _net.guest.view is not None:
        return dict(_net.guest.view)
    return {}


def _board_input() -> BoardInput | None:
    host, guest = _net.host, _net.guest
    if host is not None and host.phase != "lobby":
        return BoardInput(
            role="host",
            viewer=0,
            view=host.view_for(0),
            legal=host.legal_actions(0),
            events=host.events_for(0),
            seats=_seats(),
            version=host.version,
            seen_result=_net.seen_result,
            notice=_net.notice,
            confirm_quit=_net.confirm_quit,
            devices=_devices(),
            previous=_net.previous,
        )
    if guest is not None and guest.view is not None and guest.seat is not None:
        legal = []
        for item in guest.legal:
            try:
                legal.append(GAME.action_from_json(item))
            except GameError:
                continue  # a host frame's bad action: no button for it
        return BoardInput(
            role="guest",
            viewer=guest.seat,
            view=guest.view,
            legal=legal,
            events=guest.events,
            seats=_seats(),
            version=guest.version or 0,
            seen_result=_net.seen_result,
            notice=_net.notice,
            confirm_quit=_net.confirm_quit,
            previous=_net.previous,
        )
    return None


def _render_board() -> None:
    inp = _board_input()
    if inp is None:
        return
    rendered: NetRendered = render_net_board(inp, _lang())
    _net.previous = rendered.shown
    _net.renders += 1
    markers = {**rendered.markers, "seq": str(_net.renders)}
    put_board(rendered.html, markers, rendered.status)
    js.document.documentElement.dataset.screen = "board"


def _clear_board() -> None:
    js.document.getElementById("board-view").replaceChildren()
    board = js.document.getElementById("board")
    for name in ("phase", "round", "stage", "to-act", "viewer", "actions", "bot-thinking", "net"):
        board.removeAttribute(f"data-{name}")


def _pairing(show: bool, *, closable: bool = False) -> Any:
    """The box a pairing widget (pairing.js) goes in: a fresh one, or none.
    The widgets follow the language switch on their own."""
    if _net.widget is not None:
        _net.widget.destroy()
        _net.widget = None
    if _net.invite is not None:
        _net.invite.cancel()
        _net.invite = None
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
    if not _has_net() or _net.mode not in ("menu", "join", "guest"):
        return
    _net.widget = js.window.BossQuestNet.showJoin(
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
        _net.notice = ntr("name_needed", _lang())
        _render_lobby()
        return ""
    _storage("localStorage", "setItem", NAME_KEY, name)
    return name


def _menu_options() -> dict[str, Any]:
    """The local menu's choices (players, yellow weapons, extensions) as game options."""
    text = str(js.JSON.stringify(js.window.BossQuest.settings()))
    settings = load_json(text, "the menu's settings", max_bytes=MAX_SETTINGS_BYTES)
    if not isinstance(settings, dict):
        settings = {}
    options: dict[str, Any] = {
        "players": len(settings.get("players", [])) or 2,
        "keep_yellow": bool(settings.get("keep_yellow")),
    }
    for name in ("potions", "companions", "reaper"):
        if settings.get(name):
            options[name] = True
    return options


def _ice_servers() -> list[dict[str, str]]:
    try:
        return parse_ice(str(_storage("localStorage", "getItem", ICE_KEY) or ""))
    except IceError:
        return []


def _save_ice(text: str) -> None:
    try:
        parse_ice(text)
    except IceError as exc:
        _net.notice = ntr("ice_bad", _lang(), url=exc.url)
        _net.ice_draft = text  # shown again as typed, to be corrected
        _render_lobby()
        return
    _storage("localStorage", "setItem", ICE_KEY, text.strip())
    if _net.notice or _net.ice_draft is not None:
        _net.notice, _net.ice_draft = "", None
        _render_lobby()


def _stop_rooms() -> None:
    if _net.rooms_stop is not None:
        _net.rooms_stop()
        _net.rooms_stop = None
    _net.rooms = []


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
            _net.notice = str(getattr(exc, "message", "") or exc)
            if (
                _net.mode in ("host", "guest")
                and js.document.documentElement.dataset.screen == "board"
            ):
                _render_board()
            else:
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
