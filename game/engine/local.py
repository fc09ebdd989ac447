"""A table on one device: seats (humans and bots), the match being played, who
is looking at the screen, and saving and restoring. The page drives it; it has
no browser code, so it is tested under CPython.

The save is the match (options + seed + actions) with the seats: restoring
replays it, so a reload comes back to exactly the same state, and a corrupt
save is refused with a clear reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .capabilities import Policy
from .errors import MalformedData
from .events import event_for_seat
from .jsonfields import expect_fields, read_bool, read_int, read_str
from .match import Match, replay_steps
from .protocol import JSON, Event, Game
from .steps import after_play, goes_on, pending

__all__ = ["SAVE_VERSION", "LocalTable", "SeatConfig"]

SAVE_VERSION = 1


@dataclass(frozen=True)
class SeatConfig:
    name: str
    human: bool
    level: str = "normal"

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "human": self.human, "level": self.level}

    @staticmethod
    def from_json(data: JSON) -> SeatConfig:
        fields = expect_fields(data, "seat", ("name", "human"), ("level",))
        level = read_str(fields, "level", "seat") if "level" in fields else "normal"
        return SeatConfig(
            read_str(fields, "name", "seat"), read_bool(fields, "human", "seat"), level
        )


class LocalTable:
    """One match at one table. Every seat acts through `play`; bots through `play_bot`."""

    def __init__(self, game: Game[Any, Any], seats: Sequence[SeatConfig], match: Match) -> None:
        if len(seats) != match.options.get("players"):
            raise MalformedData("there must be one seat per player")
        self.game = game
        self.seats = list(seats)
        self.match = match
        self.events: list[Event] = []
        self.state: Any = None
        #: the seats of the simultaneous step being played that have played in it
        self.done: frozenset[int] = frozenset()
        #: the actions before the simultaneous step being played (all of them outside one)
        self.step_start = 0
        for index, (state, events) in enumerate(replay_steps(game, match)):
            if index:
                self._step_played(match.actions[index - 1][0], self.state, state, index)
            self.state = state
            self.events += events
        humans = self.humans()
        # Who is looking at the screen: with one human, always them; with more,
        # nobody until the device has been passed to the first one to act.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None

    @staticmethod
    def new(
        game: Game[Any, Any], seats: Sequence[SeatConfig], options: Mapping[str, JSON], seed: int
    ) -> LocalTable:
        return LocalTable(game, seats, Match(game.name, game.normalize_options(options), seed))

    def humans(self) -> list[int]:
        return [seat for seat, config in enumerate(self.seats) if config.human]

    def names(self) -> list[str]:
        return [config.name for config in self.seats]

    def to_act(self) -> int | None:
        """The seat that acts next at this table. In a simultaneous step (several
        seats to act) the people go first, the human already looking at the
        screen first, then the others in seat order, each behind the curtain;
        the bots then commit at once (game.web.pacing): the choices stay hidden
        until the game reveals them, so the order is free, and nobody waits for
        a bot to choose before choosing. A seat that has played in the step is
        not asked again, though the game may still let it change its choice."""
        acting = pending(self.game.to_act(self.state), self.done)
        if not acting:
            return None
        if self.viewer in acting:
            return self.viewer
        humans = [seat for seat in acting if self.seats[seat].human]
        return humans[0] if humans else acting[0]

    def human_to_act(self) -> int | None:
        seat = self.to_act()
        return seat if seat is not None and self.seats[seat].human else None

    def bot_to_act(self) -> int | None:
        seat = self.to_act()
        return seat if seat is not None and not self.seats[seat].human else None

    def curtain(self) -> int | None:
        """The human the device must be passed to before the board shows, if any:
        with two or more humans, whenever the next human to act is not the viewer."""
        seat = self.human_to_act()
        if len(self.humans()) < 2 or seat is None or seat == self.viewer:
            return None
        return seat

    def reveal(self, seat: int) -> None:
        """The human `seat` has taken the device: the board now shows their view."""
        if seat != self.curtain():
            raise MalformedData(f"the device is not being passed to seat {seat}")
        self.viewer = seat

    def view(self) -> dict[str, Any]:
        return self.game.view(self.state, self.viewer)

    def legal(self) -> list[Any]:
        """The viewer's legal actions (none while someone else acts)."""
        if self.viewer is None or self.curtain() is not None:
            return []
        return self.game.legal_actions(self.state, self.viewer)

    def play(self, seat: int, action: Any) -> list[Event]:
        """Play an action; raises IllegalAction with the reason and changes nothing."""
        before = self.state
        self.state, events = self.game.apply(self.state, seat, action)
        self.match = self.match.played(seat, self.game.action_to_json(action))
        self.events += events
        self._step_played(seat, before, self.state, len(self.match.actions))
        return events

    def _step_played(self, seat: int, before: Any, after: Any, played: int) -> None:
        """Follow the simultaneous step after `played` actions, the last one `seat`'s."""
        then, now = self.game.to_act(before), self.game.to_act(after)
        if not goes_on(self.done, seat, then, now):
            self.step_start = played
        self.done = after_play(self.done, seat, then, now)

    def play_bot(self, bots: Mapping[str, Policy]) -> list[Event]:
        seat = self.bot_to_act()
        if seat is None:
            raise MalformedData("no bot is to act")
        bot = bots.get(self.seats[seat].level) or next(iter(bots.values()))
        view = self.game.view(self.state, seat)
        return self.play(seat, bot(view, self.game.legal_actions(self.state, seat)))

    def visible_events(self) -> list[Event]:
        """Every event as the current viewer may see it."""
        return [event_for_seat(event, self.viewer) for event in self.events]

    def save(self) -> dict[str, JSON]:
        """The table to keep. With several people at the device, the choices of
        a simultaneous step not revealed yet are left out (the next person could
        read them in the page's storage): a reload asks those seats again."""
        match = self.match
        if len(self.humans()) > 1 and self.step_start < len(match.actions):
            match = Match(match.game, match.options, match.seed, match.actions[: self.step_start])
        return {
            "version": SAVE_VERSION,
            "seats": [config.to_json() for config in self.seats],
            "match": match.to_json(),
            "viewer": self.viewer,
        }

    @staticmethod
    def load(game: Game[Any, Any], data: JSON) -> LocalTable:
        """Restore a save; anything wrong in it raises MalformedData (or IllegalAction
        when an action in it is not legal), never a half-restored table."""
        fields = expect_fields(data, "saved game", ("version", "seats", "match", "viewer"))
        if read_int(fields, "version", "saved game") != SAVE_VERSION:
            raise MalformedData("the saved game comes from another version", code="schema_version")
        seats_data = fields["seats"]
        if not isinstance(seats_data, list):
            raise MalformedData("saved game.seats must be a list")
        seats = [SeatConfig.from_json(item) for item in seats_data]
        table = LocalTable(game, seats, Match.from_json(fields["match"]))
        viewer = fields["viewer"]
        if viewer is not None and (type(viewer) is not int or viewer not in table.humans()):
            raise MalformedData("saved game.viewer is not a human seat")
        if viewer is not None:
            table.viewer = viewer
        return table
