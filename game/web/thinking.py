"""A bot's decision made in slices, shared by the local table
(``game.web.session``) and the network host (``game.web.net_host``).

Plain Python. A ``Thought`` wraps the steps of a bot's decision: the hard
bot's search yields ``None`` after each slice of its playouts and its action at
the end; the heuristic bots decide in one step (``at_once``). ``think(budget)``
runs slices until the move is chosen or another slice like the last would end
past `budget` seconds, so that the page can draw and listen between calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.search import WAITING, SearchBot

from .pacing import Pace
from .search_helper import HELPER

__all__ = ["WAIT_TICK_MS", "Policy", "Thought", "at_once", "begin_thought", "next_think_ms"]

#: how long a search that waits for its partner's share lets the worker idle
#: before it looks again (each look is a task of the worker)
WAIT_TICK_MS = 2

Policy = Callable[[dict[str, Any], Sequence[Any]], Any]


def at_once(bot: Policy, view: dict[str, Any], legal: Sequence[Any]) -> Iterator[Any]:
    """A bot that decides in one go, as a search that takes one slice."""
    yield bot(view, legal)


@dataclass
class Thought:
    """A bot's decision in the making, and what it cost."""

    #: which turn it belongs to (the local table: (actions played, seat); the
    #: host: (state version, seat)): a thought of another turn is dropped
    key: Hashable
    seat: int
    level: str
    steps: Iterator[Any]
    #: the chosen action, once made
    choice: Any = None
    done: bool = False
    #: calls of ``think`` (tasks of the page) and slices of the search it took
    calls: int = 0
    slices: int = 0
    #: seconds spent computing, over every call; the longest call
    compute: float = 0.0
    longest: float = 0.0
    #: playouts the search ran (0 for the heuristic bots), of which the helper
    #: worker ran (game.web.search_helper)
    playouts: int = 0
    shared: int = 0
    #: the bot thinking (its playouts are read after each call), when known
    bot: Any = None
    #: whether the last call ended waiting for the search's partner
    waiting: bool = False
    #: the delay its move was given once chosen (game.web.pacing), when paced
    pace: Pace | None = None

    def think(self, budget: float = 0.0) -> bool:
        """One slice, then more as long as another slice like the last one still
        ends within `budget` seconds of this call's start. True once the move
        is chosen."""
        started = now = time.perf_counter()
        while not self.done:
            before = now
            step = next(self.steps)
            self.slices += 1
            now = time.perf_counter()
            self.waiting = step is WAITING
            if self.waiting:
                break  # the search waits for its partner: this task ends
            if step is not None:
                self.choice, self.done = step, True
            elif (now - started) + (now - before) > budget:
                break
        spent = time.perf_counter() - started
        self.calls += 1
        self.compute += spent
        self.longest = max(self.longest, spent)
        if isinstance(self.bot, SearchBot):
            self.playouts = self.bot.last_playouts
            self.shared = self.bot.last_shared
        return self.done

    def stats(self) -> dict[str, Any]:
        """What the page reports once the move is played (the ``bq:bot`` event)."""
        return {
            "seat": self.seat,
            "level": self.level,
            "calls": self.calls,
            "slices": self.slices,
            "compute_ms": round(self.compute * 1000, 2),
            "longest_ms": round(self.longest * 1000, 2),
            "playouts": self.playouts,
            "shared": self.shared,
            # the pause its move was given, its thinking included, and why
            "delay_ms": None if self.pace is None else self.pace.ms,
            "pace": None if self.pace is None else self.pace.kind,
        }


def begin_thought(
    bot: Policy, key: Hashable, seat: int, level: str, view: dict[str, Any], legal: Sequence[Any]
) -> Thought:
    """A new decision of `bot` at `seat`, from that seat's view alone; a search
    shares its playouts with the page's helper worker when there is one."""
    if isinstance(bot, SearchBot):
        bot.partner = HELPER
    steps = bot.steps(view, legal) if isinstance(bot, SearchBot) else at_once(bot, view, legal)
    return Thought(key=key, seat=seat, level=level, steps=steps, bot=bot)


def next_think_ms(thought: Thought | None) -> int:
    """When the next task of a thinking bot should run: at once, or a moment
    later if it waits for its partner (the page's helper worker)."""
    return WAIT_TICK_MS if thought is not None and thought.waiting else 0
