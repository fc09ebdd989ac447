"""Hero Realms' ``GameClient``: what the shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine.client import Dock, GameClient, Listing, MenuGroup
from game.engine.client_base import DefaultClient
from game.engine.dom import marker_values
from game.engine.protocol import Event
from game.herorealms.cards import MAX_SEATS
from game.herorealms.game import GAME
from game.herorealms.options import pack_key
from game.herorealms.state import State

from . import render
from .board_words import BOARD
from .controls import dock
from .describe import describe, reason_text

__all__ = ["CLIENT", "LISTING", "RULES", "STYLESHEET", "TUTORIALS", "HeroRealmsClient", "open_view"]

#: the tutorial boards (JSON lessons); the folder may be missing or empty
TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
#: the rules page's text and boards (build.py makes rules-herorealms.html from it)
RULES = Path(__file__).resolve().parent / "rules.toml"
#: the board's own look, which build.py joins into the site's games.css
STYLESHEET = Path(__file__).resolve().parent / "herorealms.css"


def open_view(state: State) -> dict[str, Any]:
    """A finished game as its replay shows it: the spectator's view (every
    public zone; the hands left at the end stay face down, as the game's own
    check of what a host sends allows no more)."""
    return GAME.view(state, None)


LISTING = Listing(
    description={
        "fr": "Deck-building de 2 à 4 joueurs : achetez des champions au marché, "
        "enchaînez vos alliés et faites tomber vos rivaux.",
        "en": "A deck-building duel for 2 to 4: buy champions at the market, chain "
        "your allies and bring your rivals down.",
    },
    # The rules file is written beside this module; until it exists the game
    # simply has no rules page.
    rules=RULES if RULES.is_file() else None,
    groups=(
        MenuGroup(
            "packs",
            {"fr": "Personnages", "en": "Characters"},
            tuple(pack_key(seat) for seat in range(MAX_SEATS)),
            css="hr-packs",
        ),
    ),
    # heroes of our own invention
    names={
        "fr": ("Aube", "Brennos", "Cyrielle", "Dorian"),
        "en": ("Aube", "Brennos", "Cyrielle", "Dorian"),
    },
    ready={"fr": "Le marché ouvre. À vos lames !", "en": "The market is open. Blades out!"},
)
"""How the home and the menu present Hero Realms."""


def _round(view: Mapping[str, Any]) -> int:
    return int((view["turns"] - 1) // max(1, len(view["players"])) + 1)


class HeroRealmsClient(DefaultClient):
    name = GAME.name
    renderer = render
    tutorials: Path | None = TUTORIALS
    listing = LISTING

    def title(self, lang: str) -> str:
        return "Hero Realms"

    def dock(
        self,
        view: dict[str, Any],
        legal: Sequence[Any],
        names: Sequence[str],
        lang: str,
        hint: Mapping[int, float] | None = None,
    ) -> Dock:
        return dock(view, legal, names, lang)

    def result_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return render.result_title(view, (), names, lang)

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return render.over_title(view, names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(event, names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        """Whose turn, the turn's pools, every seat's health, what a card asks."""
        prompts = view["prompts"]
        return marker_values(
            {
                "turn": view["turn"],
                "turns": view["turns"],
                "gold": view["gold"],
                "combat": view["combat"],
                "health": "-".join(str(p["health"]) for p in view["players"]),
                "market-deck": view["market_deck"],
                "asking": prompts[0]["kind"] if prompts else "",
                "over": view["winner"] is not None,
            }
        )

    def progress(self, view: dict[str, Any], lang: str) -> str:
        if view["winner"] is not None:
            return BOARD("progress_over", lang)
        turn = view["turn"]
        return BOARD("progress", lang, n=_round(view), name=BOARD("seat_name", lang, n=turn + 1))

    def result_key(self, view: dict[str, Any]) -> int | None:
        """How many players are out (None while nobody is): each knock-out
        is shown on a panel until the device acknowledges it."""
        out = sum(1 for player in view["players"] if player["out"])
        return out or None

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = HeroRealmsClient()
"""Hero Realms' client (``game.registry.get_client("herorealms")``); its look
is ``herorealms.css`` here."""
