"""The Dragon game's ``GameClient`` (``get_client("hrdragon")``): Hero Realms'
client with the boss deck's dock, words, board and markers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine.client import Dock, GameClient, Listing, MenuGroup
from game.engine.dom import marker_values
from game.engine.protocol import Event
from game.herorealms.options import pack_key
from game.herorealms.ui.board_words import BOARD
from game.herorealms.ui.client import HeroRealmsClient

from ..cards import MAX_PARTY
from ..game import GAME
from ..state import State
from . import render
from .controls import dock
from .describe import describe, reason_text

__all__ = ["CLIENT", "LISTING", "RULES", "STYLESHEET", "TUTORIALS", "DragonClient", "open_view"]

#: the tutorial boards (JSON lessons) and the rules page's text and boards
TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
RULES = Path(__file__).resolve().parent / "rules.toml"
#: the board's own look, which build.py joins into the site's games.css
STYLESHEET = Path(__file__).resolve().parent / "hrdragon.css"


def open_view(state: State) -> dict[str, Any]:
    """A finished game as its replay shows it: the spectator's view."""
    return GAME.view(state, None)


LISTING = Listing(
    description={
        "fr": "Hero Realms en coopération : de 1 à 5 héros face au Dragon, "
        "à provoquer, à piller et à abattre ensemble.",
        "en": "Hero Realms together: 1 to 5 heroes against the Dragon, to taunt, "
        "to rob and to bring down as one.",
    },
    rules=RULES,
    groups=(
        MenuGroup(
            "packs",
            {"fr": "Personnages", "en": "Characters"},
            tuple(pack_key(seat) for seat in range(MAX_PARTY)),
            css="hr-packs",
        ),
    ),
    # heroes of our own invention, and the beast last
    names={
        "fr": ("Aube", "Brennos", "Cyrielle", "Dorian", "Elouan", "Vorgath"),
        "en": ("Aube", "Brennos", "Cyrielle", "Dorian", "Elouan", "Vorgath"),
    },
    ready={"fr": "Le Dragon s’éveille. Serrez les rangs !", "en": "The Dragon wakes. Close ranks!"},
)
"""How the home and the menu present the Dragon game."""


class DragonClient(HeroRealmsClient):
    name = GAME.name
    renderer = render
    tutorials: Path | None = TUTORIALS
    listing = LISTING

    def title(self, lang: str) -> str:
        return {"fr": "Hero Realms : le Dragon", "en": "Hero Realms: the Dragon"}[lang]

    def dock(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        names: Sequence[str],
        lang: str,
        hint: Mapping[int, float] | None = None,
    ) -> Dock:
        return dock(view, legal, names, lang)

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return render.over_title(view, names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(event, names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        """Hero Realms' markers, the game's end and the boss deck's state."""
        found = super().markers(view)
        found |= marker_values(
            {
                "over": bool(view["winners"]),
                "taunted": "-".join(str(seat) for _boss, seat in view["taunters"]),
                "hoard": view["hoard_size"],
                "items": len(view["items"]),
                "asking": view["asks"][0] if view["asks"] else found["asking"],
            }
        )
        return found

    def progress(self, view: dict[str, Any], lang: str) -> str:
        if view["winners"]:
            return BOARD("progress_over", lang)
        return super().progress(view, lang)

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = DragonClient()
"""The Dragon game's client; its look is ``hrdragon.css`` here."""
