"""A default ``GameClient`` with the parts every client used to repeat.

A game's client subclasses ``DefaultClient``, names its drawing module
(``renderer``) and writes only what is its own: its title, its controls
(``dock``), its words (``describe``, ``reason_text``), its status lines and
what it reads in a view (``result_key``, ``progress``, ``open_view``). The
optional members keep the defaults below until the game has something to say:
no tutorials, no hint, no markers of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from .client import Listing, Scene

__all__ = ["NAMED", "REQUIRED", "DefaultClient", "Renderer"]


class Renderer(Protocol):
    """What draws a game's three screens: a module with these functions
    (``game/duel/ui/render.py``) or any object that has them."""

    def render_table(self, scene: Scene) -> str: ...

    def render_result(self, scene: Scene) -> str: ...

    def render_game_over(self, scene: Scene) -> str: ...


#: the members a game writes itself (``GameClient``'s required part)
REQUIRED: tuple[str, ...] = (
    "title",
    "dock",
    "describe",
    "reason_text",
    "result_status",
    "over_status",
    "result_key",
    "progress",
    "open_view",
)
#: the attributes a subclass names
NAMED: tuple[str, ...] = ("name", "listing", "renderer")


class DefaultClient:
    """The pass-through parts of a client; a subclass sets ``name``,
    ``listing`` and ``renderer`` and writes the ``REQUIRED`` members (a class
    that misses one is refused when it is defined, naming what it misses)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [key for key in (*NAMED, *REQUIRED) if not hasattr(cls, key)]
        if missing:
            raise TypeError(f"the client {cls.__name__} does not define {', '.join(missing)}")

    name: str
    listing: Listing
    #: the module that draws the board and the panels (``render_table``, ...)
    renderer: Renderer
    #: optional: the folder of the tutorial boards; none by default
    tutorials: Path | None = None

    def render_table(self, scene: Scene) -> str:
        return self.renderer.render_table(scene)

    def render_result(self, scene: Scene) -> str:
        return self.renderer.render_result(scene)

    def render_game_over(self, scene: Scene) -> str:
        return self.renderer.render_game_over(scene)

    def hint(self, view: dict[str, Any], legal: Sequence[Any]) -> dict[int, float]:
        """Optional: no hint (the menu then offers none, ``listing.hint``)."""
        return {}

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        """Optional: no markers beyond the shell's own (phase, to-act, ...)."""
        return {}
