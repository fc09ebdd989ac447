"""Every error the engine raises, in one place.

Each carries a stable `code` (for translations, tests and network replies)
and an English `message` that names the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "MAX_MESSAGE",
    "GameError",
    "IllegalAction",
    "MalformedData",
    "Reason",
    "ScenarioError",
]

MAX_MESSAGE = 300
"""Longest message kept: messages quote outside input through `safejson.quote`,
and this cut bounds any path that does not, so no refusal echoes a huge input."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an action is illegal: a stable code and a sentence for people."""

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class GameError(Exception):
    """Base of the engine's errors."""

    def __init__(self, code: str, message: str) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class IllegalAction(GameError):
    """A well-formed action that the rules forbid now; the state is unchanged."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.code, reason.message)
        self.reason = reason


class MalformedData(GameError):
    """JSON that does not decode: missing or extra fields, wrong types, wrong schema version."""

    def __init__(self, message: str, code: str = "malformed") -> None:
        super().__init__(code, message)


class ScenarioError(GameError):
    """A scenario file that cannot be run as written."""

    def __init__(self, message: str) -> None:
        super().__init__("scenario", message)
