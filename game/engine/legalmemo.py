"""What a game's ``legal_actions`` last handed out, kept for its ``apply``.

A game's ``apply`` must refuse an illegal action, which costs a check for every
action of every playout. When the action is the very object the legal list
just handed out for the same state and seat, that check is known to pass:
states and actions are immutable, and the tests hold each game's list and
checker to the same answer on every state of random play. A game keeps what
its list handed out here (``remember``) and its ``apply`` asks for it
(``recall``); what it keeps (the actions, or a cheaper key of them) is its own.

Entries are keyed by the state's identity and the seat. An entry holds its
state, so the state stays alive and its identity cannot be reused by another
object while the entry is kept; ``recall`` compares the state by identity
(``is``), never by equality, which would cost what the check saves. The memo
holds two entries (the page and a bot's search may interleave two games'
states), overwritten in turn: it never grows. Pyodide runs one thread; under
CPython an entry is replaced whole (one tuple), so a reader sees either the old
entry or the new one, and a miss only costs the check.
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

__all__ = ["LegalMemo"]

V = TypeVar("V")

#: entries kept per memo: the newest and the one before it (the page and a
#: bot's search may interleave two games' states)
SIZE: Final = 2


class LegalMemo(Generic[V]):
    """A bounded memo of (state, seat) -> what the legal list handed out."""

    __slots__ = ("_before", "last")

    def __init__(self) -> None:
        empty: tuple[object, int, V | None] = (None, -1, None)
        #: the newest entry, (state, seat, value): read it inline where a call
        #: costs (``entry[0] is state and entry[1] == seat``), else ``recall``
        self.last = empty
        self._before = empty

    def remember(self, state: object, seat: int, value: V) -> None:
        # two stores, no index: this runs for every legal list of every playout
        self._before = self.last
        self.last = (state, seat, value)

    def recall(self, state: object, seat: int) -> V | None:
        """What was remembered for this very state and seat, None if nothing."""
        last = self.last
        if last[0] is state and last[1] == seat:
            return last[2]
        before = self._before
        if before[0] is state and before[1] == seat:
            return before[2]
        return None

    def forget(self) -> None:
        """Drop every entry (a test that wants a cold memo)."""
        empty: tuple[object, int, V | None] = (None, -1, None)
        self.last = self._before = empty
