"""The Boss's ``GameClient``: what the shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine.client import Dock, GameClient, Listing
from game.engine.client_base import DefaultClient
from game.engine.dom import marker_values
from game.engine.protocol import Event
from game.theboss.game import GAME
from game.theboss.state import State

from . import render
from .controls import dock
from .hint import money_chances
from .strings import BOARD, describe, reason_text, winners_title

__all__ = ["CLIENT", "LISTING", "RULES", "STYLESHEET", "TUTORIALS", "TheBossClient", "open_view"]

#: the tutorial boards (JSON lessons); the folder may be missing or empty
TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
#: the rules page's text and boards (build.py makes rules-theboss.html from it)
RULES = Path(__file__).resolve().parent / "rules.toml"
#: the board's own look, which build.py joins into the site's games.css
STYLESHEET = Path(__file__).resolve().parent / "theboss.css"


def open_view(state: State) -> dict[str, Any]:
    """Everything face up: the spectator's view plus every hand and every
    face-down card (a finished game's replay only; never for a running game)."""
    shown = GAME.view(state, None)
    shown["open"] = {
        "hands": [list(hand) for hand in state.hands],
        "hidden": list(state.hidden),
    }
    return shown


LISTING = Listing(
    description={
        "fr": "Bluff et majorités : placez vos gangsters sur les villes et devinez "
        "les cartes cachées.",
        "en": "Bluff and majorities: send your gangsters to the cities and guess "
        "the face-down cards.",
    },
    # The rules file is written beside this module; until it exists the game
    # simply has no rules page (build.py would stop on a missing file).
    rules=RULES if RULES.is_file() else None,
    # gangsters of the 1930s, of our own invention (Alcapo is the rulebook's)
    names={
        "fr": ("Lucky", "Rosie", "Vito", "Dolly"),
        "en": ("Lucky", "Rosie", "Vito", "Dolly"),
    },
    ready={"fr": "Tout est prêt. À vous la ville !", "en": "All set. The city is yours!"},
    hint=(
        {
            "fr": "Afficher la chance d’argent sous chaque ville",
            "en": "Show the chance of money under each city",
        },
        {
            "fr": "À votre tour : pour chaque ville, la chance que sa carte cachée soit de "
            "l’argent, d’après les cartes que vous avez vues.",
            "en": "On your turn: for each city, the chance that its face-down card is "
            "money, from the cards you have seen.",
        },
    ),
)
"""How the home and the menu present The Boss."""


class TheBossClient(DefaultClient):
    name = GAME.name
    renderer = render
    tutorials: Path | None = TUTORIALS
    listing = LISTING

    def title(self, lang: str) -> str:
        return "The Boss"

    def dock(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        names: Sequence[str],
        lang: str,
        hint: Mapping[int, float] | None = None,
    ) -> Dock:
        return dock(view, legal, names, lang, hint)

    def hint(self, view: dict[str, Any], legal: Sequence[Any]) -> dict[int, float]:
        return money_chances(view, legal)

    def result_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return BOARD("result_title", lang, n=view["result"]["round"])

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        outcome = view.get("outcome")
        if outcome is None:
            return BOARD("progress_over", lang)
        return winners_title(outcome["winners"], names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(event, names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        return marker_values(
            {
                "round": view["round"],
                "turn": view["turn"],
                "stage": view["stage"],
                "police": len(view["police"]),
                "last-round": bool(view["last_round"]),
            }
        )

    def progress(self, view: dict[str, Any], lang: str) -> str:
        if view["stage"] == "over":
            return BOARD("progress_over", lang)
        return BOARD("progress", lang, round=view["round"], turn=view["turn"])

    def result_key(self, view: dict[str, Any]) -> int | None:
        """The last round's number, None before any: also for the blank past a
        scenario starting in a later round holds (no card was played in it,
        which no real round can end with), which is nothing to show."""
        result = view.get("result")
        if result is None or not any(entry["played"] for entry in result["cities"]):
            return None
        return int(result["round"])

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = TheBossClient()
