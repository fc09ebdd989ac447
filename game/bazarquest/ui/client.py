"""Bazar Quest's ``GameClient`` (``get_client("bazarquest")``): what the
shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine.client import Dock, GameClient, Listing
from game.engine.client_base import DefaultClient
from game.engine.dom import marker_values
from game.engine.protocol import Event

from ..game import GAME
from ..state import State
from . import render
from .controls import dock
from .describe import describe, reason_text
from .strings import tr

__all__ = ["CLIENT", "LISTING", "RULES", "STYLESHEET", "TUTORIALS", "BazarQuestClient", "open_view"]

#: the tutorial boards (JSON lessons) and the rules page's text and boards
TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
RULES = Path(__file__).resolve().parent / "rules.toml"
#: the board's own look, which build.py joins into the site's games.css
STYLESHEET = Path(__file__).resolve().parent / "bazarquest.css"


def open_view(state: State) -> dict[str, Any]:
    """A finished game as its replay shows it: the spectator's view (every
    window was revealed; what stays in hands has no bearing on the score)."""
    return GAME.view(state, None)


LISTING = Listing(
    description={
        "fr": "Tenez une échoppe d’aventuriers : draftez, exposez, vendez aux héros "
        "qui partent affronter le monstre, et gagnez étoiles et pièces.",
        "en": "Run a shop for adventurers: draft, display, sell to the heroes who go "
        "off to fight the monster, and earn stars and coins.",
    },
    rules=RULES,
    names={
        "fr": ("Margot", "Basile", "Ysé", "Tobias", "Nour", "Octave"),
        "en": ("Margot", "Basile", "Ysé", "Tobias", "Nour", "Octave"),
    },
    ready={
        "fr": "Les échoppes ouvrent : les héros arrivent !",
        "en": "The shops open: here come the heroes!",
    },
)
"""How the home and the menu present Bazar Quest."""


class BazarQuestClient(DefaultClient):
    name = GAME.name
    renderer = render
    tutorials: Path | None = TUTORIALS
    listing = LISTING

    def title(self, lang: str) -> str:
        return "Bazar Quest"

    def dock(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        names: Sequence[str],
        lang: str,
        hint: Mapping[int, float] | None = None,
    ) -> Dock:
        return dock(view, legal, lang)

    def result_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return tr("result_status", lang, n=render.adventures_done(view) or 1)

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return render.over_title(view, names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(event, names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        """The round, the phase and the monster's wounds, for tests and styles."""
        return marker_values(
            {
                "round": view["round"],
                "stage": view["stage"],
                "wounds": view["wounds"],
                "adventures": render.adventures_done(view),
            }
        )

    def progress(self, view: dict[str, Any], lang: str) -> str:
        if view["stage"] == "over":
            return tr("progress_over", lang)
        stage = tr(f"stage_{view['stage']}", lang)
        return tr("progress", lang, n=view["round"], stage=stage)

    def result_key(self, view: dict[str, Any]) -> int | None:
        """The adventures resolved so far (None before the first): each is
        shown step by step until the device acknowledges it."""
        return render.adventures_done(view) or None

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = BazarQuestClient()
"""Bazar Quest's client; its look is ``bazarquest.css`` here."""
