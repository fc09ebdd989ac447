"""The host's side of a network session: the lobby, the match, the seats and
every guest connection. No I/O: each call returns the frames to send.

Every refusal is checked before anything changes, so a refused frame or call
leaves the lobby, the match and the save exactly as they were.

Connections without a seat are spectators: the host lets in at most
`spectator_cap` of them (0: none), and builds their frames once per change,
after the players' (each spectator's text differs only by its sequence number).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.bots import RANDOM, check_seat_level, seat_levels
from ..engine.errors import IllegalAction, MalformedData, Reason
from ..engine.events import event_for_seat
from ..engine.match import Match, replay_steps
from ..engine.protocol import JSON, Event, Game
from ..engine.safejson import quote
from ..engine.steps import after_play, pending
from ..engine.undo import Step, undo_refusal, undone
from .frames import (
    DEFAULT_BUILD,
    GUEST_TYPES,
    MAX_GUEST_FRAME,
    REACTIONS,
    Frame,
    FrameError,
    SessionError,
    check_name,
    encode,
    encode_body,
    name_key,
    parse_frame,
    protocol_id,
)
from .hostsave import HOST_SAVE_VERSION, dump_host, load_host
from .seats import Peer, Seat, new_token, token_hash, token_matches

__all__ = [
    "DEFAULT_SPECTATORS",
    "HOST_SAVE_VERSION",
    "KEPT_STEPS",
    "LEGAL_HISTORY",
    "MAX_SPECTATORS",
    "REACTION_INTERVAL",
    "RECENT_EVENTS",
    "TAKEN_BACK_NOTES",
    "HostSession",
    "Send",
]

Send = tuple[str, str]
"""(peer id, frame text)."""

HOST_SEAT = 0
"""The seat a new table gives its host, who may take another in the lobby."""
DEFAULT_SPECTATORS = 8
"""Spectators a new table lets in (the host may choose 0 to MAX_SPECTATORS)."""
MAX_SPECTATORS = 32
"""Each spectator costs the host a frame per change: bench/spectators.py measures it."""
REACTION_INTERVAL = 2.0
"""Seconds between two reactions of one connection (or of the host)."""

KEPT_STEPS = 64
"""Actions whose states the host keeps, so that an undo needs no replay (a
turn's moves that may be taken back are far fewer)."""
LEGAL_HISTORY = 32
"""Versions per seat whose legal actions the host remembers (as a digest): a
proposal named by an older version is stale."""
RECENT_EVENTS = 64
"""Events a (re)joining connection is sent with its snapshot: the last ones, not
the whole log, so that a long game's frame stays small."""
TAKEN_BACK_NOTES = 16
""""X took back a move" lines the host keeps for the log (the last ones)."""

OpenView = Callable[[Any], dict[str, Any]]
"""A finished game's state with everything face up (the client's `open_view`)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _digest(actions: list[dict[str, JSON]]) -> str:
    text = json.dumps(actions, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@dataclass(frozen=True)
class _Kept:
    """One action the host may take back: its step, how long the log was
    before it, and which seats had played in the simultaneous step then."""

    step: Step
    events_before: int
    done_before: frozenset[int]


class HostSession:
    """One table hosted on this page: one seat is the host's (seat 0 until the
    host takes another in the lobby), the others are guests, bots or open."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Mapping[str, JSON],
        seed: int,
        host_name: str,
        build_id: str = DEFAULT_BUILD,
        *,
        open_view: OpenView | None = None,
    ) -> None:
        if not _is_int(seed):
            raise SessionError("malformed", "the seed must be an integer")
        self.game = game
        self.build_id = build_id
        self.protocol = protocol_id(game, build_id)
        self.seed = seed
        self.host_name = check_name(host_name)
        self.options, count = self._normalize(options)
        self.seats: list[Seat] = [Seat("host", self.host_name)]
        self.seats += [Seat("open") for _ in range(count - 1)]
        self.peers: dict[str, Peer] = {}
        self.match = Match(game.name, self.options, seed)
        self.state: Any = None  # None in the lobby
        self.events: list[Event] = []  # every event, unfiltered: never send as is
        self.spectator_cap = DEFAULT_SPECTATORS
        # Without it, spectators of a finished game keep the public view.
        self.open_view = open_view
        self.clock: Callable[[], float] = time.monotonic  # tests put their own
        self.host_reacted_at: float | None = None
        self.reactions = 0  # reactions shown so far, and the last one: (seat, id)
        self.last_reaction: tuple[int, str] | None = None
        self.rematch_offered = False
        # The version: every change of the game (an action or an undo) counts one,
        # so that a version, once seen, never names another state.
        self.changes = 0
        self.done: frozenset[int] = frozenset()  # seats that played in this step
        self._kept: deque[_Kept] = deque(maxlen=KEPT_STEPS)
        self._legal_seen: dict[int, deque[tuple[int, str]]] = {}
        self._undone_at: deque[int] = deque(maxlen=LEGAL_HISTORY)  # versions of undos
        self.taken_back: deque[tuple[int, int]] = deque(maxlen=TAKEN_BACK_NOTES)
        """"Took back a move" notes for the log: (events before it, seat)."""
        self._undo_cache: tuple[int, int, bool] | None = None
        # each person's legal actions at the current version, as `_note_legal` found them
        self._legal_now: dict[int, tuple[int, list[dict[str, JSON]]]] = {}

    @staticmethod
    def new(
        game: Game[Any, Any],
        options: Mapping[str, JSON],
        seed: int,
        host_name: str,
        build_id: str = DEFAULT_BUILD,
        *,
        open_view: OpenView | None = None,
    ) -> HostSession:
        """A new table in its lobby; the host holds seat 0 (``take_seat`` moves it)."""
        return HostSession(game, options, seed, host_name, build_id, open_view=open_view)

    # ----- reading

    @property
    def phase(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.game.is_over(self.state) else "playing"

    @property
    def version(self) -> int:
        """How many times the game has changed (actions played and taken back):
        it only grows, and a guest's proposal names the version it was chosen at."""
        return self.changes

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def host_seat(self) -> int:
        """The seat the host plays (the one seat of kind "host")."""
        return next(index for index, seat in enumerate(self.seats) if seat.kind == "host")

    def acting(self) -> tuple[int, ...]:
        """Every seat that may act now (several in a simultaneous step)."""
        return () if self.state is None else tuple(self.game.to_act(self.state))

    def to_act(self) -> int | None:
        """The first seat to act (the one a board names as "to act"): in a
        simultaneous step, the first that has not played in it yet."""
        acting = pending(self.acting(), self.done)
        return acting[0] if acting else None

    def seats_status(self) -> list[dict[str, Any]]:
        """Each seat's status; "thinking" only for the seats still awaited: a
        seat that has made its hidden choice of a simultaneous step (and may
        still change it) is not shown as the one everybody waits for."""
        awaited = pending(self.acting(), self.done)
        return [seat.status(index, index in awaited) for index, seat in enumerate(self.seats)]

    def view_for(self, seat: int | None) -> dict[str, Any]:
        self._need_state()
        return self.game.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Any]:
        self._need_state()
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.legal_actions(self.state, seat)

    def legal_json(self, seat: int) -> list[dict[str, JSON]]:
        cached = self._legal_now.get(seat)
        if cached is not None and cached[0] == self.version:
            return list(cached[1])
        return [self.game.action_to_json(action) for action in self.legal_actions(seat)]

    def events_for(self, seat: int | None) -> list[Event]:
        return [event_for_seat(event, seat) for event in self.events]

    def spectators(self) -> int:
        """Connections watching without a seat (in the lobby: not seated yet)."""
        return sum(1 for record in self.peers.values() if record.joined and record.seat is None)

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: no hidden card while the game runs, and
        everything once it is over (when the page gave `open_view`)."""
        self._need_state()
        if self.open_view is not None and self.game.is_over(self.state):
            return self.open_view(self.state)
        return self.game.view(self.state, None)

    def rematch_ready(self) -> bool:
        """Whether every guest seat accepted the rematch offered."""
        return self.rematch_offered and all(
            seat.rematch == "yes" for seat in self.seats if seat.kind == "guest"
        )

    def bot_due(self) -> int | None:
        """The seat a bot must play now (a bot seat or a guest's seat handed to a
        bot); in a simultaneous step, the first such seat among those to act
        that has not played in it yet."""
        if self.phase != "playing":
            return None
        for seat in pending(self.acting(), self.done):
            record = self.seats[seat]
            if record.kind == "bot" or record.handed is not None:
                return seat
        return None

    def bot_level(self, seat: int) -> str:
        record = self.seats[seat]
        level = record.level if record.kind == "bot" else record.handed
        if level is None:
            raise SessionError("no_bot_due", f"no bot plays seat {seat}")
        return level

    # ----- connections

    def open_peer(self, peer: str) -> list[Send]:
        """A transport connected a guest; it speaks first (hello). A peer id still
        in use means the old connection is gone: its seat is marked dropped."""
        dropped = self._close_claim(peer)
        self.peers[peer] = Peer()
        return self._broadcast() if dropped else []

    def close_peer(self, peer: str) -> list[Send]:
        """The connection is lost: its seat waits, marked dropped."""
        return self._broadcast() if self._close_claim(peer) else []

    def close(self) -> list[Send]:
        """The host ends the table: every guest is told, and no connection stays joined."""
        sends = []
        for peer, record in self.peers.items():
            if record.joined:
                sends.append(self._frame(peer, "closed", {"reason": "host_ended"}))
                record.joined = False
        for seat in self.seats:
            seat.peer = None
        for record in self.peers.values():
            record.seat = None
        return sends

    def receive(self, peer: str, text: object) -> list[Send]:
        """A frame from a guest connection: the answer and what every guest must see."""
        record = self.peers.get(peer)
        if record is None:  # a transport that forgot open_peer: treat it as new
            record = self.peers[peer] = Peer()
        try:
            frame = parse_frame(text, self.protocol, record.last_n, MAX_GUEST_FRAME, GUEST_TYPES)
        except FrameError as error:
            return [self._reject(peer, error.code, error.message, error.ref)]
        record.last_n = frame.n
        handlers: dict[str, Callable[[str, Peer, Frame], list[Send]]] = {
            "hello": self._hello,
            "sit": self._sit,
            "act": self._act,
            "undo": self._undo,
            "sync": self._sync,
            "bye": self._bye,
            "react": self._react,
            "rematch": self._rematch,
        }
        try:
            if frame.type != "hello" and not record.joined:
                raise SessionError("not_joined", "say hello first")
            return handlers[frame.type](peer, record, frame)
        except SessionError as error:
            return [self._reject(peer, error.code, error.message, frame.n)]

    # ----- guest frames

    def _hello(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        token = frame.fields["token"]
        if token is not None and not isinstance(token, str):
            raise SessionError("malformed", "hello.token must be a string or null")
        name = check_name(frame.fields["name"])
        if record.joined:
            raise SessionError("malformed", "this connection has already said hello")
        if token is not None:
            seat = self._seat_of_token(token)
            self._check_name_free(name, peer, seat)
            old = self.seats[seat].peer
            sends = []
            if old is not None and old != peer and old in self.peers:
                sends.append(self._frame(old, "closed", {"reason": "replaced"}))
                self.peers[old].joined = False
                self.peers[old].seat = None
            self.seats[seat].peer = peer
            self.seats[seat].name = name
            record.joined, record.name, record.seat, record.sent_events = True, name, seat, 0
            sends.append(self._welcome(peer, seat, token))
            return sends + self._broadcast()
        self._check_name_free(name, peer, None)
        self._check_room()
        record.joined, record.name, record.seat = True, name, None
        return [self._welcome(peer, None, None), self._update(peer, record)]

    def _sit(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        seat = frame.fields["seat"]
        if not _is_int(seat):
            raise SessionError("malformed", "sit.seat must be an integer")
        if self.phase != "lobby":
            raise SessionError("started", "seats are taken before the game starts")
        if not 0 <= seat < len(self.seats):
            raise SessionError("no_such_seat", f"there is no seat {quote(seat)}")
        if self.seats[seat].kind != "open":
            raise SessionError("seat_taken", f"seat {seat} is taken")
        if record.seat is not None:
            self.seats[record.seat] = Seat("open")
        token = new_token()
        self.seats[seat] = Seat("guest", record.name, token_hash=token_hash(token), peer=peer)
        record.seat = seat
        return [self._welcome(peer, seat, token), *self._broadcast()]

    def _act(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        fields = frame.fields
        version, action, claimed = fields["version"], fields["action"], fields.get("seat")
        if not _is_int(version):
            raise SessionError("malformed", "act.version must be an integer")
        if not isinstance(action, dict):
            raise SessionError("malformed", "act.action must be a JSON object")
        if "seat" in fields and not _is_int(claimed):
            raise SessionError("malformed", "act.seat must be an integer")
        if self.phase == "lobby":
            raise SessionError("not_started", "the game has not started")
        seat = record.seat
        if seat is None:
            raise SessionError("not_your_seat", "this connection holds no seat")
        if "seat" in fields and claimed != seat:
            raise SessionError("not_your_seat", "a connection plays its own seat only")
        if self.seats[seat].handed is not None:
            raise SessionError("not_your_seat", "a bot plays this seat for now")
        if version != self.version:
            self._check_fresh(seat, version)
        return self._play(seat, action)

    def _undo(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        version = frame.fields["version"]
        if not _is_int(version):
            raise SessionError("malformed", "undo.version must be an integer")
        if self.phase == "lobby":
            raise SessionError("not_started", "the game has not started")
        seat = record.seat
        if seat is None:
            raise SessionError("not_your_seat", "this connection holds no seat")
        if self.seats[seat].handed is not None:
            raise SessionError("not_your_seat", "a bot plays this seat for now")
        if version != self.version:
            # one undo per version seen: a second click must not take back two moves
            raise SessionError(
                "stale", f"the game is at version {self.version}, not {quote(version)}: look again"
            )
        return self._take_back(seat)

    def _react(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        reaction = self._check_reaction(frame.fields["id"], record.reacted_at)
        if record.seat is None:
            raise SessionError("not_your_seat", "players react; spectators watch")
        record.reacted_at = self.clock()
        return self._reaction(record.seat, reaction)

    def _rematch(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        accept = frame.fields["accept"]
        if not isinstance(accept, bool):
            raise SessionError("malformed", "rematch.accept must be true or false")
        if not self.rematch_offered:
            raise SessionError("no_rematch", "the host has offered no rematch")
        if record.seat is None:
            raise SessionError("not_your_seat", "only the players answer a rematch")
        self.seats[record.seat].rematch = "yes" if accept else "no"
        return self._broadcast()

    def _sync(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        record.sent_events = 0
        return [self._update(peer, record)]

    def _bye(self, peer: str, record: Peer, frame: Frame) -> list[Send]:
        seat = record.seat
        record.joined, record.seat = False, None
        if seat is None:
            return []
        if self.phase == "lobby":
            self.seats[seat] = Seat("open")
        else:
            self.seats[seat].peer = None
        return self._broadcast()

    # ----- the host's own controls

    def set_options(self, options: Mapping[str, JSON]) -> list[Send]:
        self._need_lobby()
        normalized, count = self._normalize(options)
        if self.host_seat >= count:
            # a smaller table: the host keeps a seat, the first open one (else the first)
            free = [index for index in range(count) if self.seats[index].kind == "open"]
            self._move_host(free[0] if free else 0)
        for index in range(count, len(self.seats)):
            self._unseat(index)
        self.seats = self.seats[:count] + [Seat("open") for _ in range(count - len(self.seats))]
        # a bot whose seat's new role does not offer its level plays that role's default
        offered = seat_levels(self.game, normalized)
        defaults = self.game.declared_options.seat_default_levels(normalized)
        for index, seat in enumerate(self.seats):
            if seat.kind == "bot" and seat.level not in (*offered[index], RANDOM):
                seat.level = defaults[index]
        self.options = normalized
        self.match = Match(self.game.name, normalized, self.seed)
        return self._broadcast()

    def set_bot(self, seat: int, level: str | None) -> list[Send]:
        """A bot of that level at the seat, or None to open it; a guest sitting
        there loses the seat (and its token) but stays in the lobby."""
        self._need_lobby()
        self._need_seat(seat)
        if seat == self.host_seat:
            raise SessionError("seat_taken", f"seat {seat} is the host's")
        if level is not None:
            self._check_level(seat, level)
        self._unseat(seat)
        self.seats[seat] = Seat("open") if level is None else Seat("bot", f"bot {seat}", level)
        return self._broadcast()

    def take_seat(self, seat: int) -> list[Send]:
        """The host plays `seat` (an open seat, or a bot's), in the lobby: any
        seat, so that the host may take any role; its old seat is opened."""
        self._need_lobby()
        self._need_seat(seat)
        if seat == self.host_seat:
            return []
        if self.seats[seat].kind not in ("open", "bot"):
            raise SessionError("seat_taken", f"seat {seat} is taken")
        self._move_host(seat)
        return self._broadcast()

    def _move_host(self, seat: int) -> None:
        self._unseat(seat)
        self.seats[self.host_seat] = Seat("open")
        self.seats[seat] = Seat("host", self.host_name)

    def fill_with_bots(self, level: str | None = None) -> list[Send]:
        """A bot at every open seat: of `level`, which each of them must offer,
        or (None) of each seat's default level."""
        self._need_lobby()
        open_seats = [index for index, seat in enumerate(self.seats) if seat.kind == "open"]
        for index in open_seats:
            self._check_level(index, self.default_level(index) if level is None else level)
        for index in open_seats:
            chosen = self.default_level(index) if level is None else level
            self.seats[index] = Seat("bot", f"bot {index}", chosen)
        return self._broadcast()

    def start(self) -> list[Send]:
        self._need_lobby()
        open_seats = [index for index, seat in enumerate(self.seats) if seat.kind == "open"]
        if open_seats:
            raise SessionError("open_seats", f"seat(s) {open_seats} have nobody: fill them first")
        self.state = self.game.new_game(self.options, self.seed)
        self.events = self._opening_events(self.state)
        self._note_legal()
        return self._broadcast()

    def host_act(self, action_json: Mapping[str, JSON]) -> list[Send]:
        """The host's own move, with the same checks as a guest's."""
        if self.phase == "lobby":
            raise SessionError("not_started", "the game has not started")
        return self._play(self.host_seat, action_json)

    def host_undo(self) -> list[Send]:
        """The host takes back its own last move, under the game's undo policy."""
        if self.phase == "lobby":
            raise SessionError("not_started", "the game has not started")
        return self._take_back(self.host_seat)

    def undo_refusal(self, seat: int) -> Reason | None:
        """Why `seat` may not take back its last move now (game.engine.undo), or
        None when it may."""
        self._need_state()
        if self.seats[seat].kind not in ("host", "guest") or self.seats[seat].handed is not None:
            return Reason("undo_not_your_turn", "a bot plays this seat")
        steps = [kept.step for kept in self._kept_steps()]
        return undo_refusal(self.game, self.state, steps, seat)

    def may_undo(self, seat: int | None) -> bool:
        """Whether `seat` may take back its last move now (kept per version)."""
        if seat is None or self.phase != "playing" or self.game.capabilities.undo is None:
            return False
        if seat not in self.acting():
            return False  # the policy's first answer, without a look at the steps
        if self._undo_cache is None or self._undo_cache[:2] != (self.version, seat):
            self._undo_cache = (self.version, seat, self.undo_refusal(seat) is None)
        return self._undo_cache[2]

    def bot_act(self, seat: int, action_json: Mapping[str, JSON]) -> list[Send]:
        """The move the page's bot runner chose for the seat `bot_due` named."""
        if seat != self.bot_due():
            raise SessionError("no_bot_due", f"no bot is to act for seat {seat}")
        return self._play(seat, action_json)

    def hand_to_bot(self, seat: int, level: str | None = None) -> list[Send]:
        """A bot plays a guest's seat (a dropped one, say) until `hand_back`:
        of `level`, one the seat's role offers, or (None) of its default."""
        if self.phase == "lobby":
            raise SessionError("not_started", "the game has not started")
        self._need_seat(seat)
        if self.seats[seat].kind != "guest":
            raise SessionError("not_a_guest", f"seat {seat} is not a guest's")
        chosen = self.default_level(seat) if level is None else level
        self._check_level(seat, chosen)
        self.seats[seat].handed = chosen
        return self._broadcast()

    def set_spectators(self, cap: int) -> list[Send]:
        """How many spectators may join from now on (0: none); those already in stay."""
        if not _is_int(cap) or not 0 <= cap <= MAX_SPECTATORS:
            raise SessionError("malformed", f"spectators: a number from 0 to {MAX_SPECTATORS}")
        self.spectator_cap = cap
        return []

    def host_react(self, reaction_id: str) -> list[Send]:
        """The host's own reaction, shown to everyone; same limit as a guest's."""
        reaction = self._check_reaction(reaction_id, self.host_reacted_at)
        self.host_reacted_at = self.clock()
        return self._reaction(self.host_seat, reaction)

    def offer_rematch(self) -> list[Send]:
        """Offer the same seats and options again: every guest seat is asked."""
        if self.phase != "over":
            raise SessionError("not_over", "a rematch is offered once the game is over")
        for seat in self.seats:
            seat.rematch = "waiting" if seat.kind == "guest" else None
        self.rematch_offered = True
        return self._broadcast()

    def start_rematch(self, seed: int, level: str | None = None) -> list[Send]:
        """The new game, dealt from `seed`: a guest seat that did not accept (it
        declined, has not answered, or its guest has left) is handed to a bot of
        `level` (None: the seat's default level), which the host may hand back
        as in any game."""
        if not self.rematch_offered:
            raise SessionError("no_rematch", "offer a rematch first")
        if not _is_int(seed):
            raise SessionError("malformed", "the seed must be an integer")
        chosen = [self.default_level(i) if level is None else level for i in range(len(self.seats))]
        for index, seat in enumerate(self.seats):
            if seat.kind == "guest":
                self._check_level(index, chosen[index])
        for index, seat in enumerate(self.seats):
            if seat.kind == "guest":
                present = seat.rematch == "yes" and seat.peer is not None
                seat.handed = None if present else chosen[index]
            seat.rematch = None
        self.rematch_offered = False
        self.seed = seed
        self.match = Match(self.game.name, self.options, seed)
        self.state = self.game.new_game(self.options, seed)
        self.events = self._opening_events(self.state)
        self._new_game_records()
        self.changes += 1  # a new game: no version of the last one names a state of it
        self._note_legal()
        for record in self.peers.values():
            record.sent_events = 0  # a new log: every guest replaces its own
        return self._broadcast()

    def hand_back(self, seat: int) -> list[Send]:
        self._need_seat(seat)
        if self.seats[seat].handed is None:
            raise SessionError("not_handed", f"no bot plays seat {seat} for its guest")
        self.seats[seat].handed = None
        return self._broadcast()

    # ----- saving

    def to_save(self) -> str:
        """The whole table as text: it holds every hidden card (the seed and the
        match), so keep it where no other seat can read it."""
        return dump_host(
            self.build_id,
            self.host_name,
            self.state is not None,
            self.match,
            self.seats,
            self.changes,
        )

    @staticmethod
    def from_save(
        game: Game[Any, Any],
        text: str,
        build_id: str = DEFAULT_BUILD,
        *,
        open_view: OpenView | None = None,
    ) -> HostSession:
        """Restore a save, replaying its match; every guest is dropped until it says
        hello again with its token. Anything wrong raises MalformedData."""
        saved = load_host(game, text)
        match = saved.match
        try:
            session = HostSession(
                game, match.options, match.seed, saved.host_name, build_id, open_view=open_view
            )
        except SessionError as error:
            raise MalformedData(f"host save: {error.message}") from None
        session.seats = list(saved.seats)
        # an older save has no count of changes: its actions are (none were taken back)
        changes = len(match.actions) if saved.changes is None else saved.changes
        if changes < len(match.actions):
            raise MalformedData("host save.changes is lower than its number of actions")
        session.changes = changes
        if saved.started:
            session.match = match
            try:
                for index, (state, events) in enumerate(replay_steps(game, match)):
                    if session.state is None:
                        session.events = session._opening_events(state)
                    else:
                        seat, action_json = match.actions[index - 1]
                        session._keep(seat, game.action_from_json(action_json), state)
                    session.state = state
                    session.events += events
            except IllegalAction as error:
                raise MalformedData(f"host save: the match does not replay ({error})") from None
            session._note_legal()
        return session

    # ----- inner workings

    def _opening_events(self, state: Any) -> list[Event]:
        """The game's account of its first deal, where the game gives one
        (``capabilities.opening_events``), so that every log starts with the deal."""
        opening = self.game.capabilities.opening_events
        return list(opening(state)) if opening is not None else []

    def _normalize(self, options: Mapping[str, JSON]) -> tuple[dict[str, JSON], int]:
        """The game's normalized options and its number of seats (from a deal)."""
        try:
            normalized = self.game.normalize_options(options)
            count = self.game.seats(self.game.new_game(normalized, self.seed))
        except MalformedData as error:
            raise SessionError(error.code, error.message) from None
        return normalized, count

    def _play(self, seat: int, action_json: Mapping[str, JSON]) -> list[Send]:
        try:
            action = self.game.action_from_json(action_json)
        except MalformedData as error:
            raise SessionError("malformed", error.message) from None
        reason = self.game.check(self.state, seat, action)
        if reason is not None:
            raise SessionError(f"illegal:{reason.code}", reason.message)
        state, events = self.game.apply(self.state, seat, action)
        self._keep(seat, action, state)
        self.state = state
        self.match = self.match.played(seat, self.game.action_to_json(action))
        self.events += events
        self.changes += 1
        self._note_legal()
        return self._broadcast()

    def _keep(self, seat: int, action: Any, after: Any) -> None:
        """Remember the action about to be played (from `self.state`) for undo,
        and the seats that will have played in the simultaneous step."""
        step = Step(seat, action, self.state, after)
        self._kept.append(_Kept(step, len(self.events), self.done))
        acting = self.game.to_act
        self.done = after_play(self.done, seat, acting(self.state), acting(after))

    def _kept_steps(self) -> list[_Kept]:
        """The kept actions; after more undos than were kept, the match is
        replayed once to keep them again."""
        if self._kept or not self.match.actions:
            return list(self._kept)
        log, done, before = 0, frozenset[int](), None
        acting = self.game.to_act
        for index, (state, events) in enumerate(replay_steps(self.game, self.match)):
            if index:
                seat, action_json = self.match.actions[index - 1]
                step = Step(seat, self.game.action_from_json(action_json), before, state)
                self._kept.append(_Kept(step, log, done))
                done = after_play(done, seat, acting(before), acting(state))
            else:
                log = len(self._opening_events(state))
            log += len(events)
            before = state
        return list(self._kept)

    def _take_back(self, seat: int) -> list[Send]:
        """Take back `seat`'s last move if the game's undo policy lets it: every
        connection is sent its state again, and the log says who took one back."""
        self._need_state()
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise SessionError(f"undo:{reason.code}", reason.message)
        kept = self._kept_steps()[-1]
        self._kept.pop()
        self.state, self.done = kept.step.before, kept.done_before
        del self.events[kept.events_before :]
        self.match = undone(self.match)
        self.changes += 1
        self._undone_at.append(self.changes)
        self.taken_back.append((len(self.events), seat))
        for record in self.peers.values():
            if record.sent_events > len(self.events):
                # what it was sent past this point is gone: it is sent again from here
                record.sent_events = len(self.events)
        self._note_legal()
        return self._broadcast()

    def _new_game_records(self) -> None:
        self._kept.clear()
        self.done = frozenset()
        self.taken_back.clear()
        self._legal_seen.clear()
        self._legal_now.clear()

    def _note_legal(self) -> None:
        """Remember each person's legal actions at this version (as a digest)."""
        for seat, record in enumerate(self.seats):
            if record.kind in ("host", "guest"):
                legal = self.legal_json(seat)
                self._legal_now[seat] = (self.version, legal)  # the frames send it
                history = self._legal_seen.setdefault(seat, deque(maxlen=LEGAL_HISTORY))
                history.append((self.version, _digest(legal)))

    def _check_fresh(self, seat: int, version: int) -> None:
        """A proposal named by an older version is checked against the state now
        when the seat's own legal actions have not changed since; else refused."""
        history = self._legal_seen.get(seat, deque())
        then = next((digest for seen, digest in history if seen == version), None)
        now = history[-1][1] if history and history[-1][0] == self.version else None
        if then is not None and then == now:
            return
        if then is not None and any(undo > version for undo in self._undone_at):
            raise SessionError(
                "taken_back", f"that move was taken back after version {version}: look again"
            )
        raise SessionError(
            "stale", f"the game is at version {self.version}, not {quote(version)}: look again"
        )

    def _check_name_free(self, name: str, peer: str, seat: int | None) -> None:
        """Two people at one table never share a name (case and spaces aside):
        the host's, a seat's (a dropped guest's too: it may come back) or that of
        another connection still choosing a seat. `seat`: the seat a rejoin takes
        back, whose own name does not count."""
        key = name_key(name)
        taken = [
            held.name
            for index, held in enumerate(self.seats)
            if held.kind in ("host", "guest") and index != seat
        ]
        taken += [
            other.name
            for other_peer, other in self.peers.items()
            if other_peer != peer and other.joined and other.seat is None
        ]
        if any(name_key(other) == key for other in taken):
            raise SessionError(
                "name_taken", f"someone at this table is already called {quote(name, 40)}"
            )

    def _check_room(self) -> None:
        """A new connection without a token: in the lobby it may take an open seat
        or watch; once the game has started it can only watch. Refused when the
        host's cap of spectators (and open seats) is reached."""
        cap = self.spectator_cap
        lobby = self.phase == "lobby"
        open_seats = sum(1 for seat in self.seats if seat.kind == "open") if lobby else 0
        if self.spectators() < open_seats + cap:
            return
        if cap == 0 and lobby:
            raise SessionError("full", "every seat is taken and the host lets no spectator in")
        if cap == 0:
            raise SessionError(
                "no_spectators", "the game has started and the host lets no spectator in"
            )
        raise SessionError("spectators_full", f"the table has all the spectators it allows ({cap})")

    def _check_reaction(self, reaction: object, last: float | None) -> str:
        if not isinstance(reaction, str):
            raise SessionError("malformed", "react.id must be a string")
        if reaction not in REACTIONS:
            raise SessionError("unknown_reaction", f"unknown reaction {quote(reaction, 32)}")
        if last is not None and self.clock() - last < REACTION_INTERVAL:
            raise SessionError("too_fast", f"one reaction every {REACTION_INTERVAL:g} seconds")
        return reaction

    def _reaction(self, seat: int, reaction: str) -> list[Send]:
        """A reaction goes to every connection, players and spectators; nothing
        else changes (not the match, not the save)."""
        self.reactions += 1
        self.last_reaction = (seat, reaction)
        text = encode_body(self.protocol, "reaction", {"seat": seat, "id": reaction})
        sends = []
        for peer, record in self.peers.items():
            if record.joined:
                record.out_n += 1
                sends.append((peer, text(record.out_n)))
        return sends

    def _seat_of_token(self, token: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.kind == "guest" and token_matches(token, seat.token_hash):
                return index
        raise SessionError("bad_token", "this seat token belongs to no seat at this table")

    def _unseat(self, index: int) -> None:
        """A guest loses its seat (the host took it back); it stays in the lobby."""
        seat = self.seats[index]
        if seat.kind == "guest" and seat.peer is not None and seat.peer in self.peers:
            self.peers[seat.peer].seat = None

    def _close_claim(self, peer: str) -> bool:
        """Forget a connection; whether a seat lost its connection."""
        record = self.peers.pop(peer, None)
        if record is None or record.seat is None:
            return False
        self.seats[record.seat].peer = None
        return True

    def default_level(self, seat: int) -> str:
        """The level a bot gets at `seat` unless one is chosen (its role's)."""
        self._need_seat(seat)
        return self.game.declared_options.seat_default_levels(self.options)[seat]

    def _check_level(self, seat: int, level: object) -> None:
        """SessionError "bad_level" unless `seat`'s role offers `level`."""
        try:
            check_seat_level(self.game, self.options, seat, level)
        except MalformedData as error:
            raise SessionError("bad_level", error.message) from None

    def _need_lobby(self) -> None:
        if self.phase != "lobby":
            raise SessionError("started", "the game has started")

    def _need_seat(self, seat: object) -> None:
        if not _is_int(seat) or not 0 <= seat < len(self.seats):  # type: ignore[operator]
            raise SessionError("no_such_seat", f"there is no seat {quote(seat)}")

    def _need_state(self) -> None:
        if self.state is None:
            raise SessionError("not_started", "the game has not started")

    def _frame(self, peer: str, kind: str, fields: Mapping[str, JSON]) -> Send:
        record = self.peers[peer]
        record.out_n += 1
        return peer, encode(self.protocol, kind, record.out_n, fields)

    def _reject(self, peer: str, code: str, detail: str, ref: int | None) -> Send:
        return self._frame(peer, "reject", {"code": code, "ref": ref, "detail": detail})

    def _welcome(self, peer: str, seat: int | None, token: str | None) -> Send:
        host = {"name": self.host_name, "game": self.game.name, "players": len(self.seats)}
        return self._frame(peer, "welcome", {"seat": seat, "token": token, "host": host})

    def _update(self, peer: str, record: Peer) -> Send:
        """The lobby, or this connection's own state: its view, its legal actions
        and the events its seat may see that it has not been sent yet."""
        if self.state is None:
            lobby = {"options": self.options, "seats": self.seats_status(), "you": record.seat}
            return self._frame(peer, "lobby", lobby)
        start, reset = self._first_unsent(record)
        fields = self._state_fields(record.seat, start, reset)
        record.sent_events = len(self.events)
        return self._frame(peer, "state", fields)

    def _first_unsent(self, record: Peer) -> tuple[int, bool]:
        """Where this connection's next events start, and whether they replace
        its log: a connection sent nothing yet (a new one, a rejoin, a sync, a
        new game) gets a snapshot, its seat's view and the last events only."""
        if record.sent_events <= 0 or record.sent_events > len(self.events):
            return max(0, len(self.events) - RECENT_EVENTS), True
        return record.sent_events, False

    def _state_fields(self, seat: int | None, start: int, reset: bool) -> dict[str, JSON]:
        handed = seat is not None and self.seats[seat].handed is not None
        return {
            "version": self.version,
            "phase": self.phase,
            "view": self.public_view() if seat is None else self.game.view(self.state, seat),
            "legal": [] if seat is None or handed else self.legal_json(seat),
            "events": [event_for_seat(event, seat) for event in self.events[start:]],
            "from": start,
            "reset": reset,
            "seats": self.seats_status(),
            "you": seat,
            "outcome": self.game.outcome(self.state),
            "undo": self.may_undo(seat),
            "taken_back": [[at, who] for at, who in self.taken_back if at >= start or not reset],
        }

    def _broadcast(self) -> list[Send]:
        """Every joined connection's update: the players' first, then the
        spectators', whose fields are encoded once for all of them."""
        joined = [(peer, record) for peer, record in self.peers.items() if record.joined]
        if self.state is None:
            return [self._update(peer, record) for peer, record in joined]
        sends = [self._update(peer, record) for peer, record in joined if record.seat is not None]
        texts: dict[tuple[int, bool], Callable[[int], str]] = {}  # by where their log starts
        for peer, record in joined:
            if record.seat is None:
                start = self._first_unsent(record)
                if start not in texts:
                    texts[start] = encode_body(
                        self.protocol, "state", self._state_fields(None, *start)
                    )
                record.out_n += 1
                record.sent_events = len(self.events)
                sends.append((peer, texts[start](record.out_n)))
        return sends
