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

from game.engine.search import SearchBot

__all__ = ["Policy", "Thought", "at_once", "begin_thought"]

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
    #: playouts the search ran (0 for the heuristic bots)
    playouts: int = 0
    #: the bot thinking (its playouts are read after each call), when known
    bot: Any = None

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
        }


def begin_thought(
    bot: Policy, key: Hashable, seat: int, level: str, view: dict[str, Any], legal: Sequence[Any]
) -> Thought:
    """A new decision of `bot` at `seat`, from that seat's view alone."""
    steps = bot.steps(view, legal) if isinstance(bot, SearchBot) else at_once(bot, view, legal)
    return Thought(key=key, seat=seat, level=level, steps=steps, bot=bot)
