"""A guest's side of network play, in plain Python (no browser import).

``GuestController`` owns the guest's ``game.net.GuestSession`` and what the
guest's page decides: the record that rejoins its seat after a reload, the
round result its screen acknowledged, the one move in flight per version, the
notice (a refusal, the host away), the leave confirmation, and what to draw.
Each method returns the effects (``game.web.net_effects``) that
``game.web.net_page`` turns into the page's messages. Tested under CPython in
``tests/test_web_net_controller.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.engine.errors import GameError
from game.engine.protocol import Game
from game.engine.safejson import MAX_ACTION_BYTES, load_json
from game.net import GuestSession
from game.registry import get_client

from .log_lines import DescribedLog
from .net_effects import (
    AskInvite,
    CloseLink,
    Effect,
    Ended,
    Reconnect,
    Send,
    ShowBoard,
    ShowLobby,
    ShowReaction,
    Store,
)
from .net_prefs import GuestRecord, guest_key
from .net_strings import ntr
from .net_view import (
    BoardInput,
    Notice,
    SeatStatus,
    display_name,
    known_levels,
    notice_text,
    reaction_text,
    render_connecting,
    render_lobby,
    render_net_board,
    seat_statuses,
    undo_state,
)

__all__ = ["GuestController", "guest_session"]


def guest_session(
    game: Game[Any, Any], build_id: str, name: str, record: GuestRecord | None
) -> GuestSession:
    """The record's session (its seat token rejoins the seat), else a new one.
    Either checks every state frame with the game's declared checker, so that
    a hostile host's view never reaches the board's renderer."""
    check = game.check_received
    if record is not None:
        try:
            return GuestSession.from_save(record.session, build_id, game=game, check=check)
        except Exception:
            pass  # an unreadable record: join afresh
    return GuestSession(name, token=None, build_id=build_id, game=game, check=check)


@dataclass
class GuestController:
    """One guest's game, from reaching the host to the end."""

    guest: GuestSession
    game: Game[Any, Any]
    #: "tabs" | "rtc"
    via: str
    #: the host's room (tabs), "" for a device guest
    room: str = ""
    lang: str = "en"
    build_id: str = "dev"
    #: whether the link to the host is up (else the host shows as away)
    linked: bool = False
    seen_result: int = 0
    #: a refusal or a lost link, kept as its code: worded at each draw
    notice: Notice | None = None
    confirm_quit: bool = False
    #: the version its last move was proposed at, until the host answers
    proposed: int | None = None
    previous: frozenset[str] = frozenset()
    #: the reaction picker is open
    react_open: bool = False
    #: the board's log lines, each event described once (log_lines.py)
    described: DescribedLog = field(default_factory=DescribedLog)
    #: the reader asked for the whole log, not only its newest lines
    log_whole: bool = False

    # ------------------------------------------------------------ lifecycle

    def begin(self) -> list[Effect]:
        """Keep the record (its seat token) and say the page is connecting."""
        return [*self.keep(), *self.screen()]

    def record(self) -> GuestRecord:
        return GuestRecord(
            self.guest.name, self.room, self.via, self.guest.to_save(), self.seen_result
        )

    @property
    def key(self) -> str:
        """Where the record goes: its game's guest key."""
        return guest_key(str(self.game.name))

    def keep(self) -> list[Effect]:
        """The record in the tab's sessionStorage; a device guest's in
        localStorage too (a new invitation opened in a new tab rejoins)."""
        text = self.record().to_json()
        effects: list[Effect] = [Store("sessionStorage", self.key, text)]
        if self.via == "rtc":
            effects.append(Store("localStorage", self.key, text))
        return effects

    def forget(self) -> list[Effect]:
        effects: list[Effect] = [Store("sessionStorage", self.key, None)]
        if self.via != "tabs":  # a device guest (or one without a link yet)
            effects.append(Store("localStorage", self.key, None))
        return effects

    def leave(self) -> list[Effect]:
        """Leaving on purpose: goodbye, and the seat token goes too."""
        effects: list[Effect] = []
        if self.linked:
            effects += [Send("", self.guest.bye()), CloseLink("")]
        self.linked = False
        return effects + self.forget()

    # ------------------------------------------------------------ the link

    def link_up(self) -> list[Effect]:
        """The link to the host is up: hello (with the token to rejoin a seat)."""
        self.linked = True
        return [Send("", self.guest.hello())]

    def link_lost(self) -> list[Effect]:
        """The link to the host closed (its reload, a closed tab, a lost network)."""
        self.linked = False
        self.proposed = None
        if self.via == "tabs":
            self.notice = Notice.said("host_gone")
            return [Reconnect(), *self.screen()]
        self.notice = Notice.said("host_reloaded")
        return [*self.screen(), AskInvite()]

    def unreachable(self, reason: str) -> list[Effect]:
        """The host's room cannot be reached here at all (no sealing)."""
        self.notice = Notice.said("no_crypto", reason=reason)
        return self.screen()

    def receive(self, text: str) -> list[Effect]:
        """A frame from the host."""
        guest = self.guest
        was_over = guest.phase == "over"
        what = guest.receive(text)
        if was_over and guest.phase == "playing":
            self.seen_result = 0  # a rematch: its round results are all new
        if what == "reaction":
            return self._reaction_shown()  # nothing else changes: no redraw
        if what in ("reject", "state"):
            self.proposed = None  # the host answered: the next move may go
        effects: list[Effect] = []
        if what == "reject" and guest.last_reject is not None:
            code, _ref, detail = guest.last_reject
            if code == "name_taken":
                # another person at the table has this name: back to the menu to pick one
                self.linked = False
                text = ntr("name_taken", self.lang, name=guest.name)
                return [CloseLink(""), *self.forget(), Ended(text)]
            if code == "bad_token":
                # this host does not know the stored seat: join afresh
                self.guest = GuestSession(
                    guest.name, token=None, build_id=self.build_id, game=self.game
                )
                return [Send("", self.guest.hello())]
            self.notice = Notice.refused(code, detail, str(self.game.name))
        elif what == "closed":
            reason = guest.closed or ""
            self.linked = False
            effects.append(CloseLink(""))
            if reason == "replaced":
                # the seat was rejoined from another page, which holds the token now
                effects.append(Store("sessionStorage", self.key, None))
            else:
                effects += self.forget()
            key = "seat_replaced" if reason == "replaced" else "host_closed"
            return [*effects, Ended(ntr(key, self.lang))]
        elif what == "ignored" and guest.last_ignored is not None:
            # a broken or hostile host (not a replayed frame) while a board shows: it stays
            if guest.last_ignored[0] == "malformed" and guest.view is not None:
                self.notice = Notice.said("host_frame_refused")
        elif what in ("state", "lobby", "welcome"):
            if what == "state":
                self.notice = None
            effects += self.keep()
        if guest.needs_sync:
            effects.append(Send("", guest.sync()))
        return effects + self.screen()

    def _reaction_shown(self) -> list[Effect]:
        if self.guest.reaction is None:
            return []
        seat, reaction = self.guest.reaction
        seats = self.seats()
        game = str(self.game.name)
        name = display_name(seats[seat], self.lang, seats, game) if seat < len(seats) else ""
        text = ntr("react_from", self.lang, name=name, text=reaction_text(reaction, self.lang))
        return [ShowReaction(seat, reaction, text)]

    # ------------------------------------------------------------ clicks

    def sit(self, seat: int) -> list[Effect]:
        return [Send("", self.guest.sit(seat))] if self.linked else []

    def board_command(self, cmd: str, arg: str = "") -> list[Effect]:
        """A click on the guest's board: ``continue``, ``quit``, ``quit-no``,
        ``act`` (`arg`: the action's JSON), ``net-react-menu``, ``net-react``
        (`arg`: its id), ``net-rematch-yes``, ``net-rematch-no``. (``quit-yes``
        and ``menu`` are the page's.)"""
        guest = self.guest
        if cmd == "continue":
            if guest.view is not None:
                shown = get_client(str(self.game.name)).result_key(guest.view)
                self.seen_result = max(self.seen_result, shown or 0)
            # kept with the seat: a reload must not show this result again
            return [*self.keep(), *self.screen()]
        if cmd in ("quit", "quit-no"):
            self.confirm_quit = cmd == "quit" and not self.confirm_quit
            return self.screen()
        if cmd in ("log-whole", "log-recent"):
            self.log_whole = cmd == "log-whole"
            return self.screen()
        if cmd == "net-react-menu":
            self.react_open = not self.react_open
            return self.screen()
        if cmd in ("net-react", "net-rematch-yes", "net-rematch-no"):
            return self._say(cmd, arg)
        if cmd == "undo":
            return self._ask_undo()
        if cmd != "act":
            return []
        try:
            action = load_json(arg, "the move", max_bytes=MAX_ACTION_BYTES)
        except GameError:
            return []
        self.confirm_quit = False
        if not self.linked or not isinstance(action, dict) or self.proposed == guest.version:
            return []  # one move per version: a second click before the host answers
        try:
            frame = guest.propose(action)
        except GameError:
            return []
        self.proposed = guest.version
        self.notice = None
        return [Send("", frame)]

    def _ask_undo(self) -> list[Effect]:
        """Ask the host to take back this seat's last move; it answers with the
        state (taken back) or a refusal that says why."""
        guest = self.guest
        self.confirm_quit = False
        if not self.linked or guest.seat is None or self.proposed == guest.version:
            return []  # one request per version: a second click before the host answers
        try:
            frame = guest.request_undo()
        except GameError:
            return []
        self.proposed = guest.version
        self.notice = None
        return [Send("", frame)]

    def _say(self, cmd: str, arg: str) -> list[Effect]:
        """A reaction (`arg`: its id) or an answer to the rematch; the host checks both."""
        self.react_open = False
        if not self.linked or self.guest.seat is None:
            return self.screen()
        if cmd == "net-react":
            frame = self.guest.react(arg)
        else:
            frame = self.guest.answer_rematch(cmd == "net-rematch-yes")
        self.notice = None
        return [Send("", frame), *self.screen()]

    def set_lang(self, lang: str) -> list[Effect]:
        self.lang = lang
        return self.screen()

    # ------------------------------------------------------------ drawing

    def seats(self) -> list[SeatStatus]:
        seats = seat_statuses(self.guest.seats, known_levels(self.game))
        if not self.linked:  # the host is away (its tab reloads, or was closed): say so
            seats = [
                replace(s, connected=False, dropped=True) if s.kind == "host" else s for s in seats
            ]
        return seats

    def screen(self) -> list[Effect]:
        """The guest's board once it has a view (a spectator's board when it has
        no seat); else its lobby (or "connecting" until the host's lobby frame comes)."""
        guest = self.guest
        if guest.view is not None and guest.phase in ("playing", "over"):
            legal = []
            for item in guest.legal:
                try:
                    legal.append(self.game.action_from_json(item))
                except GameError:
                    continue  # a host frame's bad action: no button for it
            inp = BoardInput(
                log=self.described,
                log_whole=self.log_whole,
                game=str(self.game.name),
                role="guest" if guest.seat is not None else "spectator",
                viewer=guest.seat,
                view=guest.view,
                legal=legal,
                events=guest.events,
                seats=self.seats(),
                version=guest.version or 0,
                over=guest.phase == "over",
                seen_result=self.seen_result,
                notice=self.notice,
                confirm_quit=self.confirm_quit,
                previous=self.previous,
                react_open=self.react_open,
                undo=undo_state(self.game, guest.may_undo) if guest.seat is not None else "",
                # the notes' places in this guest's log (which may begin with a snapshot)
                taken_back=[(at - guest.events_from, seat) for at, seat in guest.taken_back],
            )
            rendered = render_net_board(inp, self.lang)
            self.previous = rendered.shown
            return [ShowBoard(rendered.html, rendered.markers, rendered.status)]
        lobby = guest.lobby
        if lobby is None:
            notice = notice_text(self.notice, self.lang)
            return [ShowLobby("connecting", render_connecting(self.lang, notice=notice))]
        html = render_lobby(
            "guest",
            self.seats(),
            lobby.get("options", {}),
            self.lang,
            game=str(self.game.name),
            own_seat=guest.seat,
            notice=notice_text(self.notice, self.lang),
        )
        return [ShowLobby("guest", html)]
