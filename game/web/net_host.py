"""The host's side of network play, in plain Python (no browser import).

``HostController`` owns the host's ``game.net.HostSession`` and everything the
host's page decides: which connection holds which seat (and which came over
WebRTC), the round result its screen acknowledged, the notice, the leave
confirmation, its bots' thinking, the record to keep after every change, and
what to draw. Each method returns the effects (``game.web.net_effects``) that
``game.web.net_page`` turns into the page's messages: frames to send, storage writes,
the announce to other tabs, the HTML to put, a bot to think. Tested under
CPython in ``tests/test_web_net_controller.py``.

Bots think in slices like the local table's (``game.web.thinking``): when one
is due, the effects hold ``Think``; the page calls ``bot_think(budget)`` in
short tasks until it returns True, then ``bot_play()`` once its pace
(``pace()``, game.web.pacing: the bot delay at the start of its turn, a short
step inside it, nothing for a hidden commit) has passed.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.bots import make_bot
from game.engine.errors import GameError
from game.engine.match import Match
from game.engine.protocol import JSON
from game.engine.safejson import MAX_ACTION_BYTES, load_json
from game.engine.search import SearchSettings
from game.net import HostSession
from game.net.frames import MAX_HOST_FRAME
from game.registry import get_client

from .log_lines import DescribedLog
from .net_effects import (
    Announce,
    CloseLink,
    DropSealed,
    Effect,
    Seal,
    Send,
    ShowBoard,
    ShowLobby,
    ShowReaction,
    Store,
    Think,
)
from .net_prefs import HostRecord, host_key
from .net_strings import ntr
from .net_view import (
    BoardInput,
    Notice,
    display_name,
    known_levels,
    notice_text,
    reaction_text,
    render_lobby,
    render_net_board,
    seat_statuses,
    undo_state,
)
from .pacing import Pace, Played, bot_pace, due_of, played_of
from .session import PAGE_SEARCH, bot_seed
from .thinking import Policy, Thought, begin_thought

__all__ = ["HOST_SEAT", "HostController"]

#: the seat a new table gives the host (``HostSession.host_seat`` is where it sits now)
HOST_SEAT = 0

Sends = list[tuple[str, str]]


@dataclass
class HostController:
    """One hosted game, from the lobby to its end, as the host's page runs it."""

    host: HostSession
    room: str
    lang: str = "en"
    #: whether the page keeps the record sealed (net.js's hostStore), else in
    #: clear in the tab's sessionStorage
    sealed: bool = False
    #: the last round result the host's screen acknowledged
    seen_result: int = 0
    #: seats whose guests came over WebRTC (their drop offers a new invitation)
    device_seats: set[int] = field(default_factory=set)
    #: milliseconds a bot's move takes, its thinking included (``?botdelay=``)
    delay_ms: int = 0
    search: SearchSettings = PAGE_SEARCH
    #: a refusal or a transport's error, kept as its code: worded at each draw
    notice: Notice | None = None
    confirm_quit: bool = False
    #: the lobby asks the host to confirm its leaving (guests are there)
    confirm_leave: bool = False
    #: peer id -> "tabs" | "rtc", for the connections open now
    via: dict[str, str] = field(default_factory=dict)
    #: peer id -> the seat its welcome gave it
    peer_seat: dict[str, int] = field(default_factory=dict)
    previous: frozenset[str] = frozenset()
    #: the reaction picker is open on the host's board
    react_open: bool = False
    #: the board's log lines, each event described once (log_lines.py)
    described: DescribedLog = field(default_factory=DescribedLog)
    #: the reader asked for the whole log, not only its newest lines
    log_whole: bool = False
    thought: Thought | None = None
    #: the last bot decision played (for the page's bq:bot event)
    last_thought: Thought | None = None
    _bots: dict[tuple[int, str], Policy] = field(default_factory=dict)
    #: the match and state last drawn, and the ones before (the pace reads the
    #: step the last action was played in)
    _seen: tuple[Match, Any] | None = None
    _before: tuple[Match, Any] | None = None

    def __post_init__(self) -> None:
        # Spectators see everything once the game is over, as a replay does.
        if self.host.open_view is None:
            self.host.open_view = get_client(self.game).open_view

    @staticmethod
    def from_record(record: HostRecord, host: HostSession, **settings: Any) -> HostController:
        """The controller of a record kept before (a reload, or a closed tab)."""
        if record.spectators is not None:
            host.set_spectators(record.spectators)
        return HostController(
            host,
            record.room,
            seen_result=record.seen_result,
            device_seats=set(record.devices),
            **settings,
        )

    @property
    def game(self) -> str:
        """The hosted game's name (the registry's)."""
        return str(self.host.game.name)

    @property
    def key(self) -> str:
        """Where the record goes in clear (this tab's sessionStorage, unsealed)."""
        return host_key(self.game)

    # ------------------------------------------------------------ lifecycle

    def begin(self) -> list[Effect]:
        """The game is on this page now: keep it, announce it, draw it."""
        return self._changed()

    def record(self) -> HostRecord:
        return HostRecord(
            self.room,
            self.host.to_save(),
            self.seen_result,
            tuple(sorted(self.device_seats)),
            self.host.spectator_cap,
        )

    def must_confirm_leave(self) -> bool:
        """Whether leaving the lobby now ends a game someone else is in (a
        guest's seat or a connection watching), and the host has not confirmed."""
        host = self.host
        others = any(seat.get("kind") == "guest" for seat in host.seats_status())
        return not self.confirm_leave and (others or host.spectators() > 0)

    def ask_leave(self, ask: bool) -> list[Effect]:
        """The lobby's Leave asks first (`ask`), or the host stays."""
        self.confirm_leave = ask
        return self.screen()

    def leave(self) -> list[Effect]:
        """The host ends the game: goodbye frames, its record goes, tabs told."""
        effects: list[Effect] = [Send(peer, text) for peer, text in self.host.close()]
        effects += [CloseLink(peer) for peer in self.via]
        effects += [Store("sessionStorage", self.key, None), Announce(None)]
        if self.sealed:
            effects.append(DropSealed(self.room))
        self.via.clear()
        self.thought = None
        return effects

    # ------------------------------------------------------------ connections

    def open_peer(self, peer: str, via: str) -> list[Effect]:
        """A guest's connection reached the host ("tabs" or "rtc")."""
        self.via[peer] = via
        return self._sends(self.host.open_peer(peer))

    def receive(self, peer: str, text: str) -> list[Effect]:
        if peer not in self.via:
            return []
        before, reactions = self._fingerprint(), self.host.reactions
        sends = self.host.receive(peer, text)
        if self._fingerprint() == before:
            # Nothing changed (a refusal, a sync, a reaction): answer, but neither
            # keep nor redraw, so that a peer sending junk cannot keep the host busy.
            return self._frames(sends) + self._reaction_shown(reactions)
        effects = self._sends(sends)
        if self.host.rematch_ready():  # every guest accepted: the rematch starts
            effects += self._start_rematch()
        return effects

    def _fingerprint(self) -> tuple[int, str, str]:
        """What a frame can change that the host keeps or draws."""
        host = self.host
        seats = json.dumps(host.seats_status(), sort_keys=True)
        options = json.dumps(host.options, sort_keys=True)
        return (host.version, host.phase, f"{seats}{options}{host.spectators()}")

    def _reaction_shown(self, before: int) -> list[Effect]:
        """The reaction a frame just brought, beside its seat on the host's board."""
        last = self.host.last_reaction
        if self.host.reactions == before or last is None:
            return []
        seat, reaction = last
        statuses = seat_statuses(self.host.seats_status(), known_levels(self.host.game))
        name = (
            display_name(statuses[seat], self.lang, statuses, self.game)
            if seat < len(statuses)
            else ""
        )
        text = ntr("react_from", self.lang, name=name, text=reaction_text(reaction, self.lang))
        return [ShowReaction(seat, reaction, text)]

    def _start_rematch(self) -> list[Effect]:
        self.seen_result = 0
        self.react_open = False
        seed = secrets.randbits(31)
        return self._do(lambda: self.host.start_rematch(seed))

    def close_peer(self, peer: str) -> list[Effect]:
        """A connection closed: its seat waits, marked dropped."""
        if self.via.pop(peer, None) is None:
            return []
        return self._sends(self.host.close_peer(peer))

    # ------------------------------------------------------------ the host's clicks

    def lobby_command(self, cmd: str, seat: int | None, level: str) -> list[Effect]:
        """``net-bot`` (a bot of `level` at `seat`, or "" to open it), ``net-take``
        (the host plays `seat`, an open one), ``net-start``."""
        host = self.host
        self.confirm_leave = False
        if cmd == "net-bot" and seat is not None:
            return self._do(lambda: host.set_bot(seat, level or None))
        if cmd == "net-take" and seat is not None:
            return self._do(lambda: host.take_seat(seat))
        if cmd == "net-start":
            self.seen_result = 0
            return self._do(host.start)
        return []

    def set_spectators(self, cap: int) -> list[Effect]:
        """How many may watch (the lobby's field); kept with the host's record."""
        return self._do(lambda: self.host.set_spectators(cap))

    def set_option(self, key: str, value: JSON) -> list[Effect]:
        """One option changed in the lobby (``data-net-opt``): the options are
        read through the game's declaration (defaults left out)."""
        host = self.host
        if host.phase != "lobby":
            return []
        options: dict[str, JSON] = dict(host.options)
        options[key] = value
        declared = host.game.declared_options
        if key == "mode":
            # another mode: the default one is never written, and a player
            # count outside the new mode's range becomes its default count
            mode = next((mode for mode in declared.all_modes if mode.id == value), None)
            if mode is not None:
                if mode.id == declared.all_modes[0].id:
                    options.pop("mode")
                if not mode.min_players <= int(options["players"]) <= mode.max_players:
                    options["players"] = mode.players_by_default
        known = {option.key: option for option in declared.options}
        option = known.get(key)
        if option is not None and not option.always_written and value == option.default:
            options.pop(key, None)  # written only when changed, as the engine does
        return self._do(lambda: host.set_options(options))

    def board_command(
        self, cmd: str, arg: str = "", seat: int | None = None, level: str = ""
    ) -> list[Effect]:
        """A click on the host's board: ``continue``, ``quit``, ``quit-no``,
        ``act`` (`arg`: the action's JSON), ``undo`` (the host's own last move,
        under the game's undo policy), ``net-hand`` (`level`: one the
        seat's role offers, "" for its default), ``net-back-seat``,
        ``net-rematch`` (offer), ``net-rematch-start``,
        ``net-react-menu`` (open or close the picker), ``net-react`` (`arg`: its id).
        (``quit-yes``, ``menu`` and ``net-reinvite`` are the page's.)"""
        host = self.host
        if cmd == "continue":
            if host.phase != "lobby":
                shown = get_client(self.game).result_key(host.view_for(host.host_seat))
                self.seen_result = max(self.seen_result, shown or 0)
            return self._changed()
        if cmd in ("quit", "quit-no"):
            self.confirm_quit = cmd == "quit" and not self.confirm_quit
            return self.screen()
        if cmd in ("log-whole", "log-recent"):
            self.log_whole = cmd == "log-whole"
            return self.screen()
        if cmd == "act":
            try:
                action = load_json(arg, "the move", max_bytes=MAX_ACTION_BYTES)
            except GameError:
                return []
            self.confirm_quit = False
            return self._do(lambda: host.host_act(action))
        if cmd == "undo":
            self.confirm_quit = False
            return self._do(host.host_undo)
        if cmd == "net-hand" and seat is not None:
            return self._do(lambda: host.hand_to_bot(seat, level or None))
        if cmd == "net-back-seat" and seat is not None:
            return self._do(lambda: host.hand_back(seat))
        if cmd == "net-rematch":
            return self._do(host.offer_rematch)
        if cmd == "net-rematch-start":
            return self._start_rematch()
        if cmd == "net-react-menu":
            self.react_open = not self.react_open
            return self.screen()
        if cmd == "net-react":
            self.react_open = False
            reactions = host.reactions
            try:
                sends = host.host_react(arg)
            except GameError as exc:
                self.notice = Notice.refused(exc.code, exc.message, self.game)
                return self.screen()
            self.notice = None
            return self._frames(sends) + self.screen() + self._reaction_shown(reactions)
        return []

    def set_lang(self, lang: str) -> list[Effect]:
        self.lang = lang
        return self.screen()

    # ------------------------------------------------------------ bots

    def bot_due(self) -> bool:
        return self.host.bot_due() is not None

    def bot_think(self, budget: float = 0.0) -> bool:
        """Think for the bot that is due (slices of at most about `budget`
        seconds); True once its move is chosen, False while it still thinks or
        if no bot is due."""
        thought = self._thought()
        return thought is not None and thought.think(budget)

    def bot_play(self) -> list[Effect]:
        """The due bot plays the move it chose (finishing its thinking first)."""
        thought = self._thought()
        if thought is None:
            return []
        while not thought.think(float("inf")):
            pass
        self.thought = None
        self.last_thought = thought
        host = self.host
        action = host.game.action_to_json(thought.choice)
        return self._do(lambda: host.bot_act(thought.seat, action))

    def pace(self) -> Pace:
        """How long the due bot waits before its action (game.web.pacing): the
        full delay at the start of its turn, a short step inside it, nothing
        for a hidden commit beside people."""
        host = self.host
        seat = host.bot_due()
        if seat is None or host.state is None:
            return Pace(0, "none")
        people = [
            index
            for index, record in enumerate(host.seats)
            if record.kind != "bot" and record.handed is None
        ]
        due = due_of(host.game, seat, host.state, people)
        return bot_pace(self.delay_ms, due, self._last_played())

    def _last_played(self) -> Played | None:
        """The last action and the step it was played in, from the state seen
        before it (None when it was not seen: a new game, a resumed one)."""
        actions = self.host.match.actions
        if self._before is None or not actions:
            return None
        match, state = self._before
        if match.seed != self.host.match.seed or match.actions != actions[:-1]:
            return None
        return played_of(self.host.game, actions[-1][0], state)

    def _note_state(self) -> None:
        """Keep the state before the last action (for ``pace``)."""
        host = self.host
        if host.state is None or (self._seen is not None and self._seen[0] == host.match):
            return
        self._before, self._seen = self._seen, (host.match, host.state)

    def _thought(self) -> Thought | None:
        """The decision in the making for the bot that is due (a new one when
        the turn has changed since)."""
        host = self.host
        seat = host.bot_due()
        if seat is None:
            self.thought = None
            return None
        level = host.bot_level(seat)
        key = (host.version, seat, level)
        if self.thought is None or self.thought.key != key:
            bot = self._bots.get((seat, level))
            if bot is None:
                bot = make_bot(host.game, level, bot_seed(host.seed, seat), self.search)
                self._bots[(seat, level)] = bot
            view = host.view_for(seat)  # the bot's seat's view alone
            self.thought = begin_thought(bot, key, seat, level, view, host.legal_actions(seat))
        return self.thought

    # ------------------------------------------------------------ drawing

    def screen(self) -> list[Effect]:
        """What the host's page shows now: its lobby or its seat's board."""
        host = self.host
        seats = seat_statuses(host.seats_status(), known_levels(host.game))
        if host.phase == "lobby":
            html = render_lobby(
                "host",
                seats,
                host.options,
                self.lang,
                game=self.game,
                own_seat=host.host_seat,
                notice=notice_text(self.notice, self.lang),
                spectators=host.spectator_cap,
                confirm_leave=self.confirm_leave,
            )
            return [ShowLobby("host", html)]
        inp = BoardInput(
            log=self.described,
            log_whole=self.log_whole,
            game=self.game,
            options=host.options,
            role="host",
            viewer=host.host_seat,
            view=host.view_for(host.host_seat),
            legal=host.legal_actions(host.host_seat),
            events=host.events_for(host.host_seat),
            seats=seats,
            version=host.version,
            over=host.phase == "over",
            seen_result=self.seen_result,
            notice=self.notice,
            confirm_quit=self.confirm_quit,
            devices=frozenset(self.device_seats),
            previous=self.previous,
            spectators=host.spectators(),
            rematch_offered=host.rematch_offered,
            react_open=self.react_open,
            undo=undo_state(host.game, host.may_undo(host.host_seat)),
            taken_back=tuple(host.taken_back),
        )
        rendered = render_net_board(inp, self.lang)
        self.previous = rendered.shown
        return [ShowBoard(rendered.html, rendered.markers, rendered.status)]

    # ------------------------------------------------------------ inside

    def _do(self, change: Callable[[], Sends]) -> list[Effect]:
        """A change the host makes; a refusal shows as the notice and changes nothing."""
        try:
            sends = change()
        except GameError as exc:
            self.notice = Notice.refused(exc.code, exc.message, self.game)
            return self._changed()
        self.notice = None
        return self._sends(sends)

    def _sends(self, sends: Sends) -> list[Effect]:
        """The session's frames, then what changed (kept, announced, drawn)."""
        return self._frames(sends) + self._changed()

    def _frames(self, sends: Sends) -> list[Effect]:
        effects: list[Effect] = []
        for peer, text in sends:
            if peer in self.via:
                self._note_frame(peer, text)
                effects.append(Send(peer, text))
        return effects

    def _note_frame(self, peer: str, text: str) -> None:
        """Which seat each connection holds (a device seat's drop offers a new invitation)."""
        if '"t":"welcome"' not in text.replace(" ", ""):
            return
        try:
            frame = load_json(text, "the welcome frame", max_bytes=MAX_HOST_FRAME)
        except GameError:
            return
        seat = frame.get("seat") if isinstance(frame, dict) else None
        if type(seat) is int:
            self.peer_seat[peer] = seat
            if self.via.get(peer) == "rtc":
                self.device_seats.add(seat)
            else:
                self.device_seats.discard(seat)

    def _changed(self) -> list[Effect]:
        """Keep the match, tell the other tabs, draw, and let a bot think if due."""
        host = self.host
        text = self.record().to_json()
        effects: list[Effect]
        if self.sealed:
            # a clear copy of an older page goes; the sealed one is written in order
            effects = [Store("sessionStorage", self.key, None), Seal(self.room, text, host.version)]
        else:
            effects = [Store("sessionStorage", self.key, text)]
        free = sum(1 for seat in host.seats_status() if seat.get("kind") == "open")
        # other tabs list only their own game's tables
        info = {
            "room": self.room,
            "game": self.game,
            "name": host.names()[0],
            "free": free,
            "phase": host.phase,
            # whether one more may come in to watch (a started game lists Watch)
            "watch": host.spectators() < host.spectator_cap,
        }
        effects.append(Announce(info))
        effects += self.screen()
        self._note_state()
        if self.bot_due():
            effects.append(Think(self.pace().ms))
        return effects

    def lobby_notice(self, notice: str) -> list[Effect]:
        """Say something on the host's screen (a transport's error, say)."""
        self.notice = Notice(plain=notice)
        return self.screen()

    def no_tabs(self, reason: str) -> None:
        """Other tabs cannot reach this game here (no sealing): devices only."""
        self.notice = Notice.said("no_crypto", reason=reason)
