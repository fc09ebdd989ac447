"""A guest's side of a network session: the frames it sends, and what it keeps
from the host's frames (its seat, the lobby, its own view, legal actions and log).

The host could be hostile too (a WebRTC peer is anyone), so every host frame is
checked as strictly as the host checks guest frames; a refused one is ignored
whole, with its reason in `last_ignored`. A state frame's content (its view,
legal actions, events and outcome) goes through the game's own checker
(`Game.check_received`, engine/viewcheck.py), injected as `check`: the renderer
only ever draws what that checker passed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..engine.errors import MAX_MESSAGE, GameError, MalformedData
from ..engine.jsonfields import expect_fields, read_int
from ..engine.protocol import JSON, Event, Game
from ..engine.safejson import load_json, quote
from ..engine.viewcheck import Received, ReceivedCheck
from .frames import (
    CLOSED_REASONS,
    DEFAULT_BUILD,
    HOST_TYPES,
    MAX_HOST_FRAME,
    PREFIXED_CODES,
    REACTIONS,
    REJECT_CODES,
    Frame,
    FrameError,
    SessionError,
    check_name,
    encode,
    parse_frame,
    protocol_id,
)
from .seats import KINDS

__all__ = ["GUEST_SAVE_VERSION", "GuestSession"]

GUEST_SAVE_VERSION = 1
_MAX_GUEST_SAVE = 4096
"""A guest save holds a name, a seat token and a seat: a few hundred bytes."""
_REJECT = re.compile(
    "|".join(code for code in REJECT_CODES if code not in PREFIXED_CODES)
    + rf"|(?:{'|'.join(PREFIXED_CODES)}):[a-z_]{{1,40}}"
)
"""The codes a host rejects with ("illegal:" or "undo:" and the engine's reason code)."""
_STATUS_FIELDS = (
    "seat",
    "name",
    "kind",
    "level",
    "connected",
    "dropped",
    "thinking",
    "handed_to_bot",
    "rematch",
)
_REMATCH_ANSWERS = (None, "waiting", "yes", "no")


def _is_int(value: object, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _optional_int(value: object) -> bool:
    return value is None or _is_int(value)


def _optional_str(value: object) -> bool:
    return value is None or isinstance(value, str)


def _check_seats(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise FrameError("malformed", "seats must be a list")
    for entry in value:
        if not isinstance(entry, dict) or set(entry) != set(_STATUS_FIELDS):
            raise FrameError("malformed", "a seat status has the wrong fields")
        if not (
            _is_int(entry["seat"])
            and isinstance(entry["name"], str)
            and entry["kind"] in KINDS
            and _optional_str(entry["level"])
            and _optional_str(entry["handed_to_bot"])
            and entry["rematch"] in _REMATCH_ANSWERS
            and all(isinstance(entry[key], bool) for key in ("connected", "dropped", "thinking"))
        ):
            raise FrameError("malformed", "a seat status has a field of the wrong type")
    return value


def _check_taken_back(value: object, seats: int) -> list[tuple[int, int]]:
    """The host's "took back a move" notes: [event index, seat] pairs, a few."""
    if not isinstance(value, list) or len(value) > 64:
        raise FrameError("malformed", "state.taken_back must be a short list")
    notes = []
    for note in value:
        _require(
            isinstance(note, list)
            and len(note) == 2
            and _is_int(note[0])
            and _is_int(note[1])
            and note[1] < seats,
            "state.taken_back holds [event index, seat] pairs",
        )
        notes.append((note[0], note[1]))
    return notes


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise FrameError("malformed", message)


class GuestSession:
    """One guest page's session. Sending methods return the frame text to send."""

    def __init__(
        self,
        name: str,
        token: str | None = None,
        build_id: str = DEFAULT_BUILD,
        *,
        game: Game[Any, Any],
        check: ReceivedCheck | None = None,
    ) -> None:
        """`check` judges a state frame's content; by default the game's own
        declared checker (`game.check_received`)."""
        if token is not None and not isinstance(token, str):
            raise SessionError("malformed", "a seat token must be a string")
        self.check: ReceivedCheck = check if check is not None else game.check_received
        self._options = game.normalize_options
        self.name = check_name(name)
        self.token = token
        self.protocol = protocol_id(game, build_id)
        self.n = 0  # the last frame number this guest sent
        self.host_n = 0  # the last frame number accepted from the host on this connection
        self.seat: int | None = None
        self.host: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self.events_from = 0  # the host's index of events[0] (a snapshot keeps the last ones)
        self.may_undo = False  # the host says this seat may take back its last move now
        self.taken_back: list[tuple[int, int]] = []  # (host's event index, seat)
        self.seats: list[dict[str, Any]] = []
        self.version: int | None = None
        self.phase: str | None = None
        self.outcome: dict[str, Any] | None = None
        self.last_reject: tuple[str, int | None, str] | None = None
        self.last_ignored: tuple[str, str] | None = None
        self.closed: str | None = None
        self.needs_sync = False
        self.reaction: tuple[int, str] | None = None  # the last one: (seat, reaction id)

    # ----- frames to send

    def frame(self, kind: str, fields: Mapping[str, JSON]) -> str:
        """The next frame of this guest (numbered); the named methods below use it."""
        self.n += 1
        return encode(self.protocol, kind, self.n, fields)

    def hello(self) -> str:
        """Join, or rejoin with the seat token; starts a new connection."""
        self.host_n = 0
        self.closed = None
        return self.frame("hello", {"name": self.name, "token": self.token})

    def sit(self, seat: int) -> str:
        return self.frame("sit", {"seat": seat})

    def propose(self, action_json: Mapping[str, JSON]) -> str:
        """An action, with the version of the state it was chosen from."""
        if self.version is None:
            raise SessionError("not_started", "no game state has come from the host yet")
        return self.frame("act", {"version": self.version, "action": dict(action_json)})

    def request_undo(self) -> str:
        """Ask the host to take back this seat's last move (it checks the game's policy)."""
        if self.version is None:
            raise SessionError("not_started", "no game state has come from the host yet")
        return self.frame("undo", {"version": self.version})

    def sync(self) -> str:
        self.needs_sync = False
        return self.frame("sync", {})

    def bye(self) -> str:
        return self.frame("bye", {})

    def react(self, reaction: str) -> str:
        """An emote or a canned phrase, by its id (frames.REACTIONS)."""
        return self.frame("react", {"id": reaction})

    def answer_rematch(self, accept: bool) -> str:
        return self.frame("rematch", {"accept": accept})

    # ----- frames received

    def receive(self, text: object) -> str:
        """Take in a host frame: "welcome", "lobby", "state", "reject", "closed",
        "reaction", or "ignored" when the frame was refused (see `last_ignored`)."""
        try:
            frame = parse_frame(text, self.protocol, self.host_n, MAX_HOST_FRAME, HOST_TYPES)
            apply = {
                "welcome": self._welcome,
                "lobby": self._lobby,
                "state": self._state,
                "reject": self._reject,
                "closed": self._closed,
                "reaction": self._reaction,
            }[frame.type]
            apply(frame)  # checks every field before changing anything
        except FrameError as error:
            self.last_ignored = (error.code, error.message)
            return "ignored"
        self.host_n = frame.n
        return frame.type

    def _welcome(self, frame: Frame) -> None:
        seat, token, host = frame.fields["seat"], frame.fields["token"], frame.fields["host"]
        _require(_optional_int(seat) and _optional_str(token), "welcome has a wrong seat or token")
        _require(
            isinstance(host, dict)
            and set(host) == {"name", "game", "players"}
            and isinstance(host["name"], str)
            and isinstance(host["game"], str)
            and _is_int(host["players"], 1),
            "welcome.host is not a host description",
        )
        self.seat, self.token, self.host = seat, token, host

    def _lobby(self, frame: Frame) -> None:
        options, you = frame.fields["options"], frame.fields["you"]
        _require(isinstance(options, dict), "lobby.options must be an object")
        try:  # the lobby draws them: only options the game itself declares
            _require(self._options(options) == options, "lobby.options are not normalized")
        except GameError as error:
            raise FrameError("malformed", f"lobby.options: {error.message}") from None
        _require(_optional_int(you), "lobby.you must be a seat or null")
        seats = _check_seats(frame.fields["seats"])
        self.lobby = {"options": options, "seats": seats, "you": you}
        self.seats, self.phase = seats, "lobby"
        self._set_seat(you)

    def _state(self, frame: Frame) -> None:
        f = frame.fields
        _require(_is_int(f["version"]), "state.version must be a count")
        _require(f["phase"] in ("playing", "over"), "state.phase must be playing or over")
        _require(isinstance(f["view"], dict), "state.view must be an object")
        legal, events = f["legal"], f["events"]
        _require(
            isinstance(legal, list) and all(isinstance(a, dict) for a in legal),
            "state.legal must be a list of actions",
        )
        _require(
            isinstance(events, list) and all(isinstance(e, dict) for e in events),
            "state.events must be a list of events",
        )
        _require(_is_int(f["from"]), "state.from must be an index")
        _require(isinstance(f["reset"], bool), "state.reset must be true or false")
        _require(isinstance(f["undo"], bool), "state.undo must be true or false")
        _require(_optional_int(f["you"]), "state.you must be a seat or null")
        _require(f["outcome"] is None or isinstance(f["outcome"], dict), "bad state.outcome")
        seats = _check_seats(f["seats"])
        notes = _check_taken_back(f["taken_back"], len(seats))
        reason = self.check(Received(f["you"], f["view"], legal, events, f["outcome"]))
        _require(reason is None, f"state refused: {reason}")
        start, kept = f["from"], self.events_from + len(self.events)
        if f["reset"]:  # a snapshot: the last events, from `start`
            self.events, self.events_from, self.needs_sync = list(events), start, False
        elif self.events_from <= start <= kept:
            # the events from `start` on (an undo may have cut the log back)
            self.events = self.events[: start - self.events_from] + list(events)
        else:
            self.needs_sync = True  # a state frame was lost: ask for a snapshot
        self.version, self.phase, self.view = f["version"], f["phase"], f["view"]
        self.legal, self.seats, self.outcome = legal, seats, f["outcome"]
        self.may_undo, self.taken_back = f["undo"], notes
        self._set_seat(f["you"])

    def _reject(self, frame: Frame) -> None:
        code, ref, detail = frame.fields["code"], frame.fields["ref"], frame.fields["detail"]
        _require(isinstance(code, str) and isinstance(detail, str), "bad reject code or detail")
        # The page shows both: a hostile host may send neither an odd code nor a novel.
        _require(_REJECT.fullmatch(code) is not None, f"unknown reject code {quote(code)}")
        _require(len(detail) <= MAX_MESSAGE, "reject.detail is too long")
        _require(_optional_int(ref), "reject.ref must be a frame number or null")
        self.last_reject = (code, ref, detail)

    def _closed(self, frame: Frame) -> None:
        reason = frame.fields["reason"]
        _require(reason in CLOSED_REASONS, "unknown closed.reason")
        self.closed = reason
        self.legal = []

    def _reaction(self, frame: Frame) -> None:
        seat, reaction = frame.fields["seat"], frame.fields["id"]
        _require(_is_int(seat) and seat < max(len(self.seats), 1), "reaction.seat is no seat")
        _require(reaction in REACTIONS, "unknown reaction")
        self.reaction = (seat, reaction)

    def _set_seat(self, seat: int | None) -> None:
        if seat is None and self.seat is not None:
            self.token = None  # the host took the seat back: its token is void
        self.seat = seat

    # ----- saving: the name, the token and the seat, nothing of any view

    def to_save(self) -> str:
        data = {"save": "guest", "version": GUEST_SAVE_VERSION, "name": self.name}
        data |= {"token": self.token, "seat": self.seat}
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_save(
        text: str,
        build_id: str = DEFAULT_BUILD,
        *,
        game: Game[Any, Any],
        check: ReceivedCheck | None = None,
    ) -> GuestSession:
        if not isinstance(text, str):
            raise MalformedData("the guest save must be text")
        data = load_json(text, "the guest save", max_bytes=_MAX_GUEST_SAVE)
        what = "guest save"
        fields = expect_fields(data, what, ("save", "version", "name", "token", "seat"))
        if fields["save"] != "guest" or read_int(fields, "version", what) != GUEST_SAVE_VERSION:
            raise MalformedData("the guest save comes from another version", "schema_version")
        token, seat = fields["token"], fields["seat"]
        if not _optional_str(token) or not _optional_int(seat):
            raise MalformedData("guest save.token and .seat must be a string and a seat or null")
        try:
            guest = GuestSession(fields["name"], token, build_id, game=game, check=check)
        except SessionError as error:
            raise MalformedData(f"guest save: {error.message}") from None
        guest.seat = seat
        return guest
