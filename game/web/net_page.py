"""The game page's network play, as messages (runs in the game page's Web Worker).

Plain Python with no browser import: a ``game.web.game_page.NetworkPlay``
beside the local game (``game_page()`` makes the two for
``worker_link.PAGES``). The controllers (``HostController``,
``GuestController``) decide everything and return effects
(``game.web.net_effects``); this adapter turns the page's messages into their
calls and their effects into messages. The page keeps every browser object
(net.js's links, the tabs room, the pairing widgets, the sealed host store)
and names them to Python: a link by its ``peer`` (a guest's link to its host
is ``""``) and by the ``epoch`` it was opened for. What the page's browser
objects answer later (an invitation, an answer, a tab's room, the sealed
store) is asked for with one message and resumed by the page's reply, which
carries the epoch it was asked with: a reply of an older epoch (the player
left, or began another game meanwhile) changes nothing, and a link it brings
is closed.

The page's messages (besides ``open``, ``click``, ``lang``, ``stored``,
``tick``, which ``GamePage`` hands over):

- ``open``'s field ``hash`` (``location.hash``), ``bundle`` (the game zip's
  file name, whose content hash is the build id that hosts and guests
  compare) and ``net``: ``{"present": bool}`` (``window.BossQuestNet``
  exists), ``"sealed": bool`` (its ``hostStore`` works here),
  ``"hosting": room | null`` (``hostStore.hosting()``: the room this tab
  hosted before a reload).
- ``net-open`` (``bq:net``: the "play with others" screen); ``hash {hash}``;
  ``lobby-click {cmd, seat, level, room, name, settings}`` (``name``: the
  ``#net-name`` field, ``settings``: the menu's settings JSON);
  ``lobby-change {id, value, checked, opt, type}``; ``join-code {code}`` (an
  invitation pasted in the join widget); ``pairing-closed`` (the host closed
  its invitation's box: the page cancelled it).
- transport results: ``peer-open {peer, epoch}`` (a tab guest reached the
  host's room), ``linked {peer, epoch}`` (a WebRTC link is up: the host's
  invitation, or a guest's answer, whose ``peer`` is ``""``),
  ``tabs-joined {epoch}`` / ``tabs-join-failed {epoch, code, text}``,
  ``tabs-host-failed {epoch, text}``, ``invite-failed {epoch, text}``,
  ``answer-failed {epoch, text}``, ``frame {peer, epoch, text}``,
  ``peer-closed {peer, epoch}``, ``rooms {json}`` (the games other tabs
  announce, as JSON text), ``sealed {room, version, epoch}`` /
  ``seal-failed {epoch, text}``, ``claimed {rooms}`` (on failure: none),
  ``unsealed {room, text}`` / ``unseal-failed {room, code, text}``.

What it answers (each batch carried out in order):

- ``send {peer, epoch, text}``: a frame for that one link only (never
  broadcast); ``close {peers, epoch, tabs, after_ms}``: close those links (and
  the tabs room of that epoch, if ``tabs``) once the frames just sent have left.
- ``store {area, key, value}`` (``area`` local | session, ``value`` null:
  remove); ``seal {room, text, version, epoch}``: the host's record, for
  ``hostStore.save`` only (never the DOM, a log or a test hook), answered by
  ``sealed`` / ``seal-failed``; ``drop-sealed {room}``; ``release {room}``;
  ``claim`` (answered by ``claimed``); ``unseal {room}``.
- ``draw`` (as ``GamePage``'s, ``data-net`` among the markers), ``lobby
  {phase, html}``, ``lobby-mark {room?, saved?}`` (``saved`` null: remove
  ``data-saved``), ``offers {html, checked}`` (``#net-resume``), ``pairing
  {show, widget}`` (``show`` false: destroy the widget and cancel the
  invitation; ``widget`` "join": the join widget), ``screen``,
  ``clear-board``, ``focus {selector}``, ``reaction {seat, reaction, text}``,
  ``announce {info}``, ``clear-hash`` (drop ``#join=`` from the address),
  ``warn {text}``. ``clear-board`` drops ``#board[data-net]`` with the game's
  other markers. The page, not Python, pushes each frame a guest's link
  receives to ``window.__bqNetFrames`` (the browser tests' hook), before it
  posts it as ``frame``.
- transport calls: ``tabs-host {room, epoch}``, ``tabs-join {room, epoch}``,
  ``rooms-watch`` / ``rooms-stop``, ``invite {ice, epoch, close_labels}``
  (the page shows the invitation in a closable box), ``answer {offer, ice,
  epoch}`` (the page shows the answer). An invitation or answer that the
  browser makes after a later ``pairing`` message was carried out is
  cancelled by the page, never shown.
- ``later {ms, token}`` for the host's bots and a tab guest's retries (tokens
  start with ``NET_TOKEN``, never ``game_page.LOCAL_TOKEN``).
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterable
from typing import Any

from game.engine.errors import GameError
from game.engine.protocol import JSON, Game
from game.engine.safejson import load_json
from game.engine.search import SearchSettings
from game.net import HostSession
from game.registry import get_game

from .game_page import BadMessage, GamePage
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
    render_ice_fold,
    render_join,
    render_net_menu,
    render_resume,
    render_resuming,
    resume_offer,
)
from .session import PAGE_SEARCH
from .settings import MAX_SETTINGS_BYTES
from .thinking import next_think_ms
from .worker_link import Message

__all__ = ["NET_TOKEN", "NetPage", "game_page"]

#: what the tokens of network play's ``later`` messages start with
NET_TOKEN = "net/"
#: how often a guest tab retries reaching its host's room while it is away
RETRY_MS = 700
#: the list of games other tabs announce: a few hundred bytes each
ROOMS_BYTES = 64 * 1024
#: how long a page that leaves keeps its links open so its goodbye frames get out
GOODBYE_MS = 1500
#: how long one task of a host bot's thinking runs before the worker takes messages again
THINK_TASK_S = 0.015
#: an invitation code (a compressed WebRTC offer) is a few kilobytes
MAX_CODE = 64 * 1024
#: net.js's error codes after which a tab guest's retrying would not help
HOPELESS = ("insecure", "no_broadcast", "bad_room")
#: the storage area of a controller's ``Store`` effect, as the page names it
AREA = {"localStorage": "local", "sessionStorage": "session"}

_KINDS = frozenset(
    {
        "net-open",
        "hash",
        "lobby-click",
        "lobby-change",
        "join-code",
        "pairing-closed",
        "peer-open",
        "linked",
        "tabs-joined",
        "tabs-join-failed",
        "tabs-host-failed",
        "invite-failed",
        "answer-failed",
        "frame",
        "peer-closed",
        "rooms",
        "sealed",
        "seal-failed",
        "claimed",
        "unsealed",
        "unseal-failed",
    }
)


class NetPage:
    """Network play on the game page: the page's messages in, effects out as messages."""

    kinds = _KINDS

    def __init__(self, page: GamePage, *, search: SearchSettings = PAGE_SEARCH) -> None:
        self.page = page
        self.search = search
        self.game: Game[Any, Any] | None = None
        self.build = "dev"
        self.hash = ""
        #: window.BossQuestNet is there; its hostStore works here
        self.has_net = False
        self.sealed = False
        #: None (not playing online), "menu", "host", "guest", "join", "resuming"
        self.mode: str | None = None
        self.host: HostController | None = None
        self.guest: GuestController | None = None
        #: the host's links: peer -> "tabs" | "rtc"; a guest's link to its host is up
        self.peers: dict[str, str] = {}
        self.linked = False
        #: the epoch the links above (and the host's tabs room) were opened for
        self.link_epoch = 0
        self.tabs = False
        #: the menu's and the join screen's notice (the controllers hold their own)
        self.notice = ""
        self.rooms: list[dict[str, Any]] = []
        self.watching_rooms = False
        #: guest: the invitation code (device) it answers, and whether it does now
        self.offer = ""
        self.answering = False
        #: the ICE servers setting as typed, while it is refused (not stored), and why
        self.ice_draft: str | None = None
        self.ice_error = ""
        #: bumped when a session ends: replies asked for by an older one are dropped
        self.epoch = 0
        #: hosted games whose tab was closed, claimed by this tab: room -> (record, session)
        self.offers: dict[str, tuple[HostRecord, HostSession]] = {}
        self.offers_checked = False
        self.discard = ""
        self.resume_notice = ""
        #: what the page's ``claimed`` answers: "resume" (this tab's room), "offers", None
        self._claiming: str | None = None
        self._hosting = ""
        #: rooms asked to unseal: room -> "resume" | "offer"
        self._unsealing: dict[str, str] = {}
        #: awaited ``later`` tokens: token -> (what its tick does, the epoch asked in)
        self._laters: dict[str, tuple[str, int]] = {}
        self._count = 0
        self._thinking_since: float | None = None
        self._out: list[Message] = []

    # ------------------------------------------------------------ NetworkPlay

    def active(self) -> bool:
        return self.mode is not None

    def open(self, message: Message) -> tuple[bool, list[Message]]:
        """Resume an invitation link, or this tab's hosted or joined game."""
        if self.page.game is None:
            return False, []  # a home of several games hosts, joins and resumes nothing
        net = message.get("net") or {}
        if not isinstance(net, dict):
            raise ValueError("net must be an object")
        hosting = net.get("hosting")
        self.game = get_game(self.page.game)
        self.build = _build_id(message.get("bundle"))
        self.hash = _text(message, "hash")
        self.has_net = net.get("present") is True
        self.sealed = self.has_net and net.get("sealed") is True
        self._out = []
        try:
            took = self._resume(hosting if isinstance(hosting, str) and hosting else None)
        except Exception:
            # GamePage says so and resumes the local game: nothing online owns the screen
            self.mode, self.host, self.guest, self._out = None, None, None, []
            raise
        return took, self._flush()

    def handle(self, message: Message) -> list[Message]:
        """One message of the page (a ``BadMessage`` when it cannot be taken)."""
        self._out = []
        kind = str(message["kind"])
        handler = getattr(self, "_on_" + kind.replace("-", "_"), None)
        if handler is None:
            raise BadMessage("network play takes no such message")
        try:
            handler(message)
        except _Refused as exc:
            self._out = []
            raise BadMessage(str(exc)) from exc
        return self._flush()

    def _flush(self) -> list[Message]:
        out, self._out = self._out, []
        return out

    def _emit(self, kind: str, **fields: Any) -> None:
        self._out.append({"kind": kind, **fields})

    # ------------------------------------------------------------ resuming

    def _resume(self, hosting: str | None) -> bool:
        if self._open_hash():
            return True
        if hosting is not None and self.sealed:
            # this tab hosted (a reload): its sealed save opens once the room's lock is ours
            self.mode = "resuming"
            self._render_lobby()
            self._claiming, self._hosting = "resume", hosting
            self._emit("claim")
            return True
        assert self.game is not None
        session = self.page.storage["session"]
        host = HostRecord.from_json(session.get(host_key(self.game.name)))
        if host is not None and self._resume_host(host):
            return True
        guest = GuestRecord.from_json(session.get(guest_key(self.game.name)))
        if guest is not None and guest.via == "tabs":
            self._join_tab(guest.room, guest.name, guest)
            return True
        if guest is not None:
            # a device guest reloaded: its WebRTC link is gone, a new invitation brings it back
            self._need_invitation(ntr("device_lost", self._lang()))
            return True
        if self.sealed:
            self._claiming = "offers"
            self._emit("claim")
        else:
            self._offers_settled()
        return False

    def _resume_host(self, record: HostRecord) -> bool:
        """A clear save in this tab's sessionStorage (where the page cannot seal)."""
        host = self._host_from(record)
        if host is None:
            assert self.game is not None
            self._store("sessionStorage", host_key(self.game.name), None)
            return False
        self._host_begin(HostController.from_record(record, host, **self._host_settings()))
        return True

    def _host_from(self, record: HostRecord) -> HostSession | None:
        assert self.game is not None
        try:
            return HostSession.from_save(self.game, record.save, self.build)
        except Exception as exc:  # a corrupt save must never break the page
            self._warn(f"the hosted game could not be restored ({type(exc).__name__})")
            return None

    def _on_claimed(self, message: Message) -> None:
        rooms = message.get("rooms")
        if not isinstance(rooms, list) or not all(isinstance(room, str) for room in rooms):
            raise _Refused("rooms must be a list of rooms")
        purpose, self._claiming = self._claiming, None
        if purpose == "resume":
            room = self._hosting
            if room in rooms:
                self._unseal(room, "resume")
            else:
                self._emit("release", room=room)  # not ours: forget this tab's mark of it
                self.resume_notice = "resume_elsewhere"
                self._resumed(room, None)
        elif purpose == "offers":
            for room in dict.fromkeys(rooms):
                self._unseal(room, "offer")
            if not self._unsealing:
                self._offers_settled()

    def _unseal(self, room: str, purpose: str) -> None:
        self._unsealing[room] = purpose
        self._emit("unseal", room=room)

    def _on_unsealed(self, message: Message) -> None:
        room, text = _text(message, "room"), _text(message, "text")
        if room in self._unsealing:
            self._unsealed(room, self._open_record(room, text))

    def _on_unseal_failed(self, message: Message) -> None:
        room, code = _text(message, "room"), _text(message, "code")
        if room not in self._unsealing:
            return
        opened = None
        if code not in ("missing", "locked"):
            self._warn(f"the hosted game does not open ({_text(message, 'text')})")
            opened = self._open_record(room, None)
        self._unsealed(room, opened)

    def _unsealed(self, room: str, opened: tuple[HostRecord, HostSession] | None) -> None:
        purpose = self._unsealing.pop(room)
        if purpose == "resume":
            self._resumed(room, opened)
            return
        if opened is not None:
            self.offers[room] = opened
        if not self._unsealing:
            self._offers_settled()

    def _open_record(self, room: str, text: str | None) -> tuple[HostRecord, HostSession] | None:
        """Restore `room`'s unsealed record; an unreadable one is cleared, and said so."""
        record = HostRecord.from_json(text)
        host = self._host_from(record) if record is not None and record.room == room else None
        if record is None or host is None:
            self._emit("drop-sealed", room=room)
            self.resume_notice = "resume_corrupt"
            return None
        return record, host

    def _resumed(self, room: str, opened: tuple[HostRecord, HostSession] | None) -> None:
        """This tab's hosted game is back, or cannot be (then the local save resumes)."""
        if self.mode != "resuming":  # an invitation link took the screen meanwhile
            if opened is not None:
                self.offers[room] = opened
            self._offers_settled()
            return
        if opened is not None:
            record, host = opened
            self._host_begin(HostController.from_record(record, host, **self._host_settings()))
            return
        self.mode = None
        self.offers_checked = True
        self._emit("screen", screen="menu")
        self._render_offers()
        self._out += self.page.resume_saved()

    def _offers_settled(self) -> None:
        """This tab has looked for games to resume: show them, unless it joined a
        game as a guest meanwhile (then it lets them go)."""
        self.offers_checked = True
        if self.guest is not None or self.mode == "join":
            self._forsake_offers()
        self._render_offers(redraw_menu=True)

    def _offer_command(self, cmd: str, room: str) -> None:
        """The offer's buttons: resume, end (asked once more), or keep."""
        if room not in self.offers:
            return
        if cmd == "net-resume" and self.mode in (None, "menu"):
            record, host = self.offers.pop(room)
            self._host_begin(HostController.from_record(record, host, **self._host_settings()))
        elif cmd == "net-discard":
            self.discard = room
        elif cmd == "net-discard-no":
            self.discard = ""
        elif cmd == "net-discard-yes":
            del self.offers[room]
            self.discard = ""
            if self.sealed:
                self._emit("drop-sealed", room=room)
        self._render_offers(redraw_menu=True)
        # the keyboard stays on the offer: on "No" while asked, else on "End it"
        after = {"net-discard": "net-discard-no", "net-discard-no": "net-discard"}.get(cmd)
        if after is not None:
            scope = "#lobby-view" if self.mode == "menu" else "#net-resume"
            self._emit("focus", selector=f'{scope} [data-cmd="{after}"][data-room="{room}"]')

    def _forsake_offers(self) -> None:
        """This tab becomes a guest: it lets go of the games it offered."""
        for room in self.offers:
            if self.sealed:
                self._emit("release", room=room)
        self.offers.clear()
        self.discard = ""
        self._render_offers()

    def _resume_html(self) -> str:
        lang = self._lang()
        notice = ntr(self.resume_notice, lang) if self.resume_notice else ""
        views: list[ResumeOffer] = [
            resume_offer(room, host) for room, (_record, host) in self.offers.items()
        ]
        return render_resume(views, lang, confirm=self.discard, notice=notice)

    def _render_offers(self, *, redraw_menu: bool = False) -> None:
        self._emit("offers", html=self._resume_html(), checked=self.offers_checked)
        if redraw_menu and self.mode == "menu":
            self._render_lobby()

    # ------------------------------------------------------------ effects

    def _perform(self, effects: Iterable[Effect]) -> None:
        """Carry out what a controller decided, in order, as messages."""
        for effect in effects:
            if isinstance(effect, Send):
                if (effect.peer in self.peers) if effect.peer else self.linked:
                    self._emit("send", peer=effect.peer, epoch=self.link_epoch, text=effect.text)
            elif isinstance(effect, CloseLink):
                if effect.peer and self.peers.pop(effect.peer, None) is not None:
                    self._close([effect.peer])
                elif not effect.peer and self.linked:
                    self.linked = False
                    self._close([""])
            elif isinstance(effect, Store):
                self._store(effect.area, effect.key, effect.value)
            elif isinstance(effect, Seal):
                if self.sealed:
                    fields = {"room": effect.room, "version": effect.version}
                    self._emit("seal", text=effect.text, epoch=self.epoch, **fields)
            elif isinstance(effect, DropSealed):
                if self.sealed and effect.room:
                    self._emit("drop-sealed", room=effect.room)
            elif isinstance(effect, Announce):
                if self.tabs:
                    info = None if effect.info is None else dict(effect.info)
                    self._emit("announce", info=info)
            elif isinstance(effect, ShowLobby):
                self._emit("lobby", phase=effect.phase, html=effect.html)
            elif isinstance(effect, ShowBoard):
                markers = {**effect.markers, "seq": self.page.next_seq()}
                self._emit(
                    "draw",
                    html=effect.html,
                    markers=markers,
                    status=effect.status,
                    focus="",
                    screen="board",
                )
            elif isinstance(effect, ShowReaction):
                if self.has_net:
                    self._emit(
                        "reaction", seat=effect.seat, reaction=effect.reaction, text=effect.text
                    )
            elif isinstance(effect, Think):
                self._schedule_bot()
            elif isinstance(effect, Reconnect):
                self._connect_tab()
            elif isinstance(effect, AskInvite):
                self._show_join_widget()  # paste the new invitation here (or open its link)
            elif isinstance(effect, Ended):
                self.epoch += 1
                self.guest = None
                self.linked = False
                self._open_menu(effect.notice)

    def _store(self, area: str, key: str, value: str | None) -> None:
        """Write a key of the page's storage (and GamePage's mirror of it)."""
        name = AREA[area]
        mirror = self.page.storage[name]
        if value is None:
            mirror.pop(key, None)
        else:
            mirror[key] = value
        self._emit("store", area=name, key=key, value=value)

    def _close(self, peers: list[str], *, epoch: int | None = None, tabs: bool = False) -> None:
        """Close links (and a tabs room) once the frames just sent have left."""
        epoch = self.link_epoch if epoch is None else epoch
        self._emit("close", peers=peers, epoch=epoch, tabs=tabs, after_ms=GOODBYE_MS)

    def _controller_screen(self) -> None:
        if self.host is not None:
            self._perform(self.host.screen())
        elif self.guest is not None and self.mode == "guest":
            self._perform(self.guest.screen())

    # ------------------------------------------------------------ the page's events

    def _on_net_open(self, _message: Message) -> None:
        if self.game is not None:
            self._open_menu()

    def _on_hash(self, message: Message) -> None:
        self.hash = _text(message, "hash")
        if self.game is not None:
            self._open_hash()

    def _on_lang(self, _message: Message) -> None:
        if self.game is None:
            return
        self._render_offers()
        if self.mode is None:
            return
        lang = self._lang()
        if self.host is not None:
            self._perform(self.host.set_lang(lang))
        elif self.guest is not None and self.mode == "guest":
            self._perform(self.guest.set_lang(lang))
        else:
            if self.guest is not None:
                self.guest.lang = lang
            self._render_lobby()

    def _on_stored(self, _message: Message) -> None:
        """Another tab wrote a key: GamePage's mirror has it, read when needed."""

    def _on_rooms(self, message: Message) -> None:
        """The games other tabs announce (tabsRooms)."""
        try:
            announced = load_json(_text(message, "json"), "rooms", max_bytes=ROOMS_BYTES)
        except GameError as exc:
            raise _Refused(exc.message) from exc
        if not self.watching_rooms:
            return
        found = [
            room
            for room in (announced if isinstance(announced, list) else [])
            if isinstance(room, dict) and isinstance(room.get("room"), str)
        ]
        if found != self.rooms:
            self.rooms = found
            if self.mode == "menu":
                self._render_lobby()

    def _on_lobby_click(self, message: Message) -> None:
        cmd = _text(message, "cmd")
        seat = _seat(message)
        level = _text(message, "level")
        if self.game is None:
            return
        if cmd.startswith(("net-resume", "net-discard")):
            self._offer_command(cmd, _text(message, "room"))
        elif cmd == "net-leave" and self.host is not None and self.host.must_confirm_leave():
            self._perform(self.host.ask_leave(True))  # it ends the game for the guests: ask first
        elif cmd == "net-leave-no" and self.host is not None:
            self._perform(self.host.ask_leave(False))
        elif cmd in ("net-back", "net-leave", "net-leave-yes"):
            self._leave()
        elif cmd == "net-host":
            self._host_new(message)
        elif cmd == "net-join-tab":
            room = _text(message, "room")
            name = self._read_name(message)
            if name:
                self._join_tab(room, name, None)
        elif cmd == "net-join-rtc":
            name = self._read_name(message)
            if name:
                self._answer(name, None)
        elif self.host is not None:
            if cmd == "net-invite":
                self._invite()
            else:
                self._perform(self.host.lobby_command(cmd, seat, level))
        elif self.guest is not None and cmd == "net-sit" and seat is not None:
            self._perform(self.guest.sit(seat))

    def _on_lobby_change(self, message: Message) -> None:
        ident, value = _text(message, "id"), _text(message, "value")
        if ident == "net-ice":
            self._save_ice(value)
            return
        if ident == "net-name":
            name = clean_name(value)
            if name:
                self._keep_name(name)
            return
        if ident == "net-spectators" and self.host is not None:
            if re.fullmatch(r"-?\d{1,6}", value.strip()):
                self._perform(self.host.set_spectators(int(value)))
            return
        option, kind = _text(message, "opt"), _text(message, "type")
        if not option or self.host is None:
            return
        setting: JSON
        if kind == "int" or option == "players":
            if not re.fullmatch(r"-?\d{1,6}", value.strip()):
                return
            setting = int(value)
        elif kind == "str":
            setting = value
        else:
            setting = message.get("checked") is True
        self._perform(self.host.set_option(option, setting))

    def _on_click(self, message: Message) -> None:
        """A board button while network play owns the screen."""
        if self.mode not in ("host", "guest"):
            return
        cmd = _text(message, "cmd")
        arg = _text(message, "reaction" if cmd == "net-react" else "act")
        if cmd in ("quit-yes", "menu"):
            self._leave()
        elif cmd == "net-reinvite" and self.host is not None:
            self._invite()
        elif self.host is not None:
            level = _text(message, "level")
            self._perform(self.host.board_command(cmd, arg, _seat(message), level))
        elif self.guest is not None:
            self._perform(self.guest.board_command(cmd, arg))

    def _on_join_code(self, message: Message) -> None:
        """An invitation pasted into the join widget: this page becomes its guest."""
        code = _text(message, "code")
        if len(code) > MAX_CODE:
            raise _Refused("the invitation code is too long")
        if self.game is not None:
            self._open_invite(code)

    def _on_pairing_closed(self, _message: Message) -> None:
        """The host closed an invitation nobody answered: the page cancelled it."""

    # ------------------------------------------------------------ the host

    def _host_new(self, message: Message) -> None:
        assert self.game is not None
        name = self._read_name(message)
        if not name:
            return
        options = _menu_options(self.game, _text(message, "settings"))
        try:
            host = HostSession.new(self.game, options, self._seed(), name, build_id=self.build)
        except GameError as exc:
            self.notice = exc.message
            self._render_lobby()
            return
        room = secrets.token_urlsafe(12)
        self._host_begin(HostController(host, room, **self._host_settings()))

    def _seed(self) -> int:
        """The next game's seed: from ``?seed=n`` as the local game's (n, n+1, ...), else random."""
        seed = self.page.next_seed
        if seed is None:
            return secrets.randbits(31)
        self.page.next_seed = seed + 1
        return seed

    def _host_settings(self) -> dict[str, Any]:
        return {
            "lang": self._lang(),
            "sealed": self.sealed,
            "delay_ms": self.page.delay_ms,
            "search": self.search,
        }

    def _host_begin(self, ctrl: HostController) -> None:
        self._stop_rooms()
        self._pairing_off()
        self._cancel_bot()
        self.epoch += 1
        self.mode = "host"
        self.host, self.guest = ctrl, None
        self.notice, self.discard, self.resume_notice = "", "", ""
        self.peers.clear()
        self.linked = False
        self.link_epoch = self.epoch
        self._emit("lobby-mark", room=ctrl.room, saved=None)
        self.tabs = self.has_net
        if self.tabs:
            self._emit("tabs-host", room=ctrl.room, epoch=self.epoch)
        self._perform(ctrl.begin())

    def _on_tabs_host_failed(self, message: Message) -> None:
        """No sealing here (not a secure context): devices only."""
        text = _text(message, "text")
        if _epoch(message) == self.epoch and self.host is not None:
            self.tabs = False
            self.host.no_tabs(text)
            self._controller_screen()

    def _on_peer_open(self, message: Message) -> None:
        """A tab guest reached the host's room."""
        self._attach(_text(message, "peer"), "tabs", _epoch(message))

    def _attach(self, peer: str, via: str, epoch: int) -> None:
        """A guest's connection reached the host: its frames go to the controller."""
        if not peer:
            raise _Refused("a guest's link needs its peer")
        if epoch == self.link_epoch and peer in self.peers:
            raise _Refused("that link is open already")  # closing it would cut the guest
        if self.host is None or epoch != self.epoch:
            self._close([peer], epoch=epoch)
            return
        self.peers[peer] = via
        self._perform(self.host.open_peer(peer, via))

    def _invite(self) -> None:
        """A fresh invitation for one device; its answer connects that guest."""
        self._pairing_off()
        # both languages: the button follows a language switch while it shows
        labels = {lang: ntr("invite_close", lang) for lang in ("fr", "en")}
        self._emit("invite", ice=self._ice_servers(), epoch=self.epoch, close_labels=labels)

    def _on_invite_failed(self, message: Message) -> None:
        text = _text(message, "text")
        if _epoch(message) == self.epoch and self.host is not None:
            self._perform(self.host.lobby_notice(text))

    def _on_linked(self, message: Message) -> None:
        """A WebRTC link is up: the host's invitation, or a guest's answer."""
        peer, epoch = _text(message, "peer"), _epoch(message)
        if not peer and self.linked and epoch == self.link_epoch:
            raise _Refused("the link to the host is open already")
        if self.host is not None and peer:
            self._pairing_off()
            self._attach(peer, "rtc", epoch)
        elif (
            not peer
            and self.guest is not None
            and self.mode == "join"
            and self.answering
            and epoch == self.epoch
        ):
            self._pairing_off()
            self.mode = "guest"
            self.answering = False
            self._clear_hash()
            self._guest_link(epoch)
        else:
            self._close([peer], epoch=epoch)

    def _on_frame(self, message: Message) -> None:
        peer, epoch, text = _text(message, "peer"), _epoch(message), _text(message, "text")
        if epoch != self.link_epoch:
            return  # a link of an older game, closing
        if peer and self.host is not None and peer in self.peers:
            self._perform(self.host.receive(peer, text))
        elif not peer and self.guest is not None and self.linked:
            session = self.guest.guest
            session.last_ignored = None
            self._perform(self.guest.receive(text))
            if session.last_ignored is not None:  # its code only: the text may quote the frame
                self._warn(f"a frame of the host was refused ({session.last_ignored[0]})")

    def _on_peer_closed(self, message: Message) -> None:
        peer, epoch = _text(message, "peer"), _epoch(message)
        if epoch != self.link_epoch:
            return
        if peer and self.host is not None and self.peers.pop(peer, None) is not None:
            self._perform(self.host.close_peer(peer))
        elif not peer and self.guest is not None and self.linked:
            self.linked = False
            self._perform(self.guest.link_lost())

    def _on_sealed(self, message: Message) -> None:
        """One sealed save is written: #lobby[data-saved]."""
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise _Refused("version must be a number")
        if _epoch(message) == self.epoch:
            self._emit("lobby-mark", saved=str(version))

    def _on_seal_failed(self, message: Message) -> None:
        # storage full or refused: the game goes on, unsaved
        self._warn(f"the hosted game could not be kept ({_text(message, 'text')})")

    # ------------------------------------------------------------ the host's bots

    def _schedule_bot(self) -> None:
        """A bot is due: it thinks in the next tasks, unless it already does;
        its pause is worked out once its move is chosen (``HostController.pace``)."""
        if self.host is None or any(what != "retry" for what, _ in self._laters.values()):
            return
        self._thinking_since = time.perf_counter()
        self._later("think", 0)

    def _on_tick(self, message: Message) -> None:
        token = _text(message, "token")
        what, epoch = self._laters.pop(token, ("", -1))
        if epoch != self.epoch:
            return  # stopped since: that later is forgotten
        if what == "think":
            self._think()
        elif what == "play":
            self._thinking_since = None
            if self.host is not None:
                self._perform(self.host.bot_play())
        elif what == "retry" and self.guest is not None and not self.linked:
            self._connect_tab()

    def _think(self) -> None:
        """One task of the due bot's thinking; then the next one, or its move once
        its pace has passed since it began."""
        ctrl = self.host
        if ctrl is None or not ctrl.bot_due():
            self._thinking_since = None
            return
        if self._thinking_since is None:
            self._thinking_since = time.perf_counter()
        if not ctrl.bot_think(THINK_TASK_S):
            self._later("think", next_think_ms(ctrl.thought))
            return
        waited_ms = (time.perf_counter() - self._thinking_since) * 1000
        # paced as the local table's bots (game.web.pacing), from the state now
        pace = ctrl.pace()
        if ctrl.thought is not None:
            ctrl.thought.pace = pace
        self._later("play", max(0, round(pace.ms - waited_ms)))

    def _later(self, what: str, ms: int) -> None:
        self._count += 1
        token = f"{NET_TOKEN}{self._count}"
        self._laters[token] = (what, self.epoch)
        self._emit("later", ms=ms, token=token)

    def _cancel_bot(self) -> None:
        self._laters = {t: v for t, v in self._laters.items() if v[0] == "retry"}
        self._thinking_since = None

    # ------------------------------------------------------------ guests

    def _new_guest(
        self, via: str, room: str, name: str, record: GuestRecord | None
    ) -> GuestController:
        assert self.game is not None
        session = guest_session(self.game, self.build, name, record)
        return GuestController(
            session,
            self.game,
            via,
            room,
            lang=self._lang(),
            build_id=self.build,
            # the round results this seat's screen closed before a reload stay closed
            seen_result=record.seen_result if record is not None else 0,
        )

    def _join_tab(self, room: str, name: str, record: GuestRecord | None) -> None:
        """Join (or rejoin, with the record's token) a game open in another tab."""
        self._stop_rooms()
        self.epoch += 1
        self._forsake_offers()
        self._pairing_off()
        ctrl = self._new_guest("tabs", room, name, record)
        self.mode = "guest"
        self.host, self.guest, self.linked = None, ctrl, False
        self._perform(ctrl.begin())
        self._connect_tab()

    def _connect_tab(self) -> None:
        """Reach the host's room (again, while its tab is away)."""
        if self.guest is not None:
            self._emit("tabs-join", room=self.guest.room, epoch=self.epoch)

    def _on_tabs_joined(self, message: Message) -> None:
        epoch = _epoch(message)
        if epoch == self.epoch and self.linked:
            return  # already linked (the page links once per epoch)
        if epoch != self.epoch or self.guest is None or self.mode != "guest":
            self._close([""], epoch=epoch)
            return
        self._guest_link(epoch)

    def _on_tabs_join_failed(self, message: Message) -> None:
        code, text = _text(message, "code"), _text(message, "text")
        if _epoch(message) != self.epoch or self.guest is None or self.linked:
            return
        if code in HOPELESS:
            self._perform(self.guest.unreachable(text))
            return
        self._warn(f"the host's tab did not answer ({text})")
        self._later("retry", RETRY_MS)

    def _answer(self, name: str, record: GuestRecord | None) -> None:
        """A device guest answers the invitation it opened; the host enters the answer."""
        self.epoch += 1
        ctrl = self._new_guest("rtc", "", name, record)
        self._forsake_offers()
        self.mode = "join"
        self.host, self.guest, self.linked = None, ctrl, False
        self.answering = True
        self.notice = ""
        self._perform(ctrl.keep())
        self._render_lobby()
        self._pairing_off()
        self._emit("answer", offer=self.offer, ice=self._ice_servers(), epoch=self.epoch)

    def _on_answer_failed(self, message: Message) -> None:
        text = _text(message, "text")
        if _epoch(message) == self.epoch and self.mode == "join" and self.answering:
            self.answering = False
            self.notice = text
            self._render_lobby()

    def _guest_link(self, epoch: int) -> None:
        """The link to the host is up: say hello (with the token to rejoin a seat)."""
        assert self.guest is not None
        self.linked = True
        self.link_epoch = epoch
        self._perform(self.guest.link_up())

    def _open_hash(self) -> bool:
        """An invitation link (``#join=<code>``): the device guest's page."""
        if not self.hash.startswith("#join="):
            return False
        code = self.hash[len("#join=") :]
        if len(code) > MAX_CODE:
            raise _Refused("the invitation code is too long")
        self._open_invite(code)
        return True

    def _open_invite(self, code: str) -> None:
        """Answer an invitation: at once with the stored seat token (a device guest
        coming back), else once the person has typed a name."""
        assert self.game is not None
        if self.mode == "host":
            return  # the host's own tab: an invitation is for another page
        if self.linked:  # a guest whose link still stands: drop it, keep its seat
            self._close([""])
            self.epoch += 1
            self.linked = False
        self.offer = code
        self._stop_rooms()
        record = GuestRecord.from_json(self.page.storage["local"].get(guest_key(self.game.name)))
        if record is not None and record.via == "rtc":
            self._answer(record.name, record)  # rejoin the seat the token names
            return
        self.mode = "join"
        self.answering = False
        self.guest = None
        self.notice = ""
        self._pairing_off()
        self._render_lobby()

    def _need_invitation(self, notice: str) -> None:
        """A device guest without a link: the way back is a new invitation."""
        self.mode = "join"
        self.offer = ""
        self.answering = False
        self.notice = notice
        self._render_lobby()
        self._pairing_off()
        self._show_join_widget()

    # ------------------------------------------------------------ both sides

    def _open_menu(self, notice: str = "") -> None:
        """The "play with others" screen (the menu's button, or after a game)."""
        self.mode = "menu"
        self.notice = notice
        if not self.watching_rooms and self.has_net:
            self.watching_rooms = True
            self._emit("rooms-watch")
        self._render_lobby()
        self._pairing_off()
        self._show_join_widget()

    def _leave(self) -> None:
        """End this page's part in the online game and forget its save."""
        assert self.game is not None
        self.epoch += 1
        self._cancel_bot()
        self._laters.clear()
        if self.host is not None:
            self._perform(self.host.leave())
        if self.guest is not None:
            self._perform(self.guest.leave())
        elif self.mode == "join":
            self._store("sessionStorage", guest_key(self.game.name), None)
            self._store("localStorage", guest_key(self.game.name), None)
        # the goodbye frames are sealed and sent by the page: closed a moment later
        peers = [*self.peers, *([""] if self.linked else [])]
        if peers or self.tabs:
            self._close(peers, tabs=self.tabs)
        self.peers.clear()
        self.host = self.guest = None
        self.linked = self.tabs = False
        self._pairing_off()
        self._clear_hash()
        self._emit("clear-board")
        if self.mode != "menu":
            self._open_menu()
            return
        self._stop_rooms()
        self.mode = None
        self._emit("screen", screen="menu")

    def _render_lobby(self) -> None:
        """The lobby screen: the network menu, "resuming", the join screen, or the
        host's or guest's own (their controllers')."""
        assert self.game is not None
        lang = self._lang()
        local = self.page.storage["local"]
        ice = self.ice_draft if self.ice_draft is not None else local.get(ICE_KEY, "")
        if self.mode == "menu":
            html = render_net_menu(
                lang,
                game=self.game.name,
                name=self._name_field(),
                # started games too: a newcomer may watch them
                rooms=self.rooms,
                ice=ice,
                notice=self.notice,
                resume=self._resume_html(),
                advanced_open=self.ice_draft is not None,
                ice_error=self.ice_error,
            )
            self._perform([ShowLobby("menu", html)])
        elif self.mode == "resuming":
            self._perform([ShowLobby("resuming", render_resuming(lang))])
        elif self.mode == "join":
            name = self.guest.guest.name if self.guest is not None else ""
            html = render_join(
                lang,
                name=name or self._name_field(),
                notice=self.notice,
                answering=self.answering,
                need_invite=not self.offer,
                # the STUN/TURN servers, for a guest who needs them to answer
                ice_fold=render_ice_fold(lang, ice, self.ice_error, self.ice_draft is not None),
            )
            self._perform([ShowLobby("join", html)])
        else:
            self._controller_screen()

    def _pairing_off(self) -> None:
        """No pairing widget (the one shown is destroyed, its invitation cancelled)."""
        self._emit("pairing", show=False, widget="")

    def _show_join_widget(self) -> None:
        """On the network menu: paste (or scan) an invitation received as text."""
        if self.has_net and self.mode in ("menu", "join", "guest"):
            self._emit("pairing", show=True, widget="join")

    def _read_name(self, message: Message) -> str:
        """The name typed in #net-name, remembered; a notice when there is none."""
        name = clean_name(_text(message, "name"))
        if not name:
            self.notice = ntr("name_needed", self._lang())
            self._render_lobby()
            return ""
        self._keep_name(name)
        return name

    def _keep_name(self, name: str) -> None:
        """The name this tab plays under (its sessionStorage), and the one this
        browser last used (localStorage), which a fresh tab starts from."""
        self._store("sessionStorage", NAME_KEY, name)
        self._store("localStorage", NAME_KEY, name)

    def _name_field(self) -> str:
        """What the "Your name" field starts with: this tab's own name; else the
        name this browser last used, unless another tab of it announces a game
        (then this tab is most likely a second player: its field starts empty
        rather than with the first one's name, which the host would refuse)."""
        own = self.page.storage["session"].get(NAME_KEY, "")
        if own:
            return own
        if any(room.get("game") == self._game_name() for room in self.rooms):
            return ""
        return self.page.storage["local"].get(NAME_KEY, "")

    def _game_name(self) -> str:
        return self.game.name if self.game is not None else ""

    def _ice_servers(self) -> list[dict[str, str]]:
        try:
            return parse_ice(self.page.storage["local"].get(ICE_KEY, ""))
        except IceError:
            return []

    def _save_ice(self, text: str) -> None:
        """The ICE servers as typed (each keystroke): kept once every line is
        good, else shown again with why, and the last good setting kept."""
        try:
            parse_ice(text)
        except IceError as exc:
            error = ntr(f"ice_{exc.reason}", self._lang(), line=exc.line, text=exc.text)
            if (error, text) != (self.ice_error, self.ice_draft):
                self.ice_error, self.ice_draft = error, text  # shown again as typed
                self._render_lobby()
            return
        self._store("localStorage", ICE_KEY, text.strip())
        if self.ice_error or self.ice_draft is not None:
            self.ice_error, self.ice_draft = "", None
            self._render_lobby()

    def _stop_rooms(self) -> None:
        if self.watching_rooms:
            self.watching_rooms = False
            self._emit("rooms-stop")
        self.rooms = []

    def _clear_hash(self) -> None:
        if self.hash.startswith("#join="):
            self.hash = ""
            self._emit("clear-hash")

    def _lang(self) -> str:
        return self.page.lang

    def _warn(self, text: str) -> None:
        self._emit("warn", text=f"Boss Quest: {text}")


def game_page() -> GamePage:
    """The game page's controller (``worker_link.PAGES``): local play, network play beside it."""
    return GamePage(network=NetPage)


class _Refused(ValueError):
    """A message of the page that network play cannot take (and why)."""


def _build_id(bundle: Any) -> str:
    """The build's id: the content hash in the game zip's name, else "dev"."""
    found = re.search(r"game\.([0-9a-f]{6,})\.zip", bundle if isinstance(bundle, str) else "")
    return found.group(1) if found else "dev"


def _text(message: Message, name: str) -> str:
    """A text field of `message` ("" when absent or null)."""
    value = message.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Refused(f"{name} must be text")
    return value


def _epoch(message: Message) -> int:
    value = message.get("epoch")
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Refused("epoch must be a number")
    return value


def _seat(message: Message) -> int | None:
    value = message.get("seat")
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\d{1,3}", value):
        return int(value)
    raise _Refused("seat must be a number")


def _menu_options(game: Game[Any, Any], text: str) -> dict[str, JSON]:
    """The local menu's choices (the player count, and each option the game
    declares) as game options."""
    try:
        settings = load_json(text or "{}", "the menu's settings", max_bytes=MAX_SETTINGS_BYTES)
    except GameError:
        settings = {}
    if not isinstance(settings, dict):
        settings = {}
    declared = game.declared_options
    players = settings.get("players", [])
    options: dict[str, JSON] = {
        "players": len(players) if isinstance(players, list) and players else 2
    }
    mode = settings.get("mode")  # the menu's mode (engine/modes.py), when not the first
    if isinstance(mode, str) and any(known.id == mode for known in declared.all_modes):
        options["mode"] = mode
    for option in declared.options:
        value = settings.get(option.key)
        if isinstance(option.default, bool):
            value = bool(value)
        if type(value) is type(option.default):
            options[option.key] = value
    try:
        return declared.normalize(options)
    except GameError:
        # a set the mode's range or a constraint refuses: that mode's defaults,
        # which the host may change in the lobby
        chosen = declared.mode_of(options)
        return declared.normalize({"players": chosen.players_by_default, "mode": chosen.id})
