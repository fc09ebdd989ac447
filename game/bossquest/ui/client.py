"""Boss Quest's ``GameClient``: what the shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.bossquest.game import GAME
from game.bossquest.state import NO_CARD, State
from game.bossquest.text import describe, reason_text
from game.engine.client import Dock, GameClient, Legend, Listing, MenuGroup
from game.engine.client_base import DefaultClient
from game.engine.dom import marker_values
from game.engine.protocol import Event

from . import render
from .controls import dock
from .hint import odds_hint
from .strings import UNDO_REASONS, tr
from .summary import game_title

__all__ = ["CLIENT", "STYLESHEET", "BossQuestClient", "open_view"]

TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
#: the rules page's text and boards (build.py makes rules-bossquest.html and rules.html)
RULES = Path(__file__).resolve().parent / "rules.toml"
#: the board's own look, which build.py joins into the site's games.css
STYLESHEET = Path(__file__).resolve().parent / "bossquest.css"


def open_view(state: State) -> dict[str, Any]:
    """Everything face up: the spectator's view with every hidden weapon shown
    (a finished game's replay only; never for a running game)."""
    shown = GAME.view(state, None)
    for entry, player in zip(shown["seats"], state.players, strict=True):
        if player.hidden != NO_CARD:
            entry["hidden"] = player.hidden
    return shown


LISTING = Listing(
    description={
        "fr": "Un jeu de cartes de chevaliers, de sorts et de boss.",
        "en": "A card game of knights, spells and bosses.",
    },
    rules=RULES,
    names={
        "fr": ("Lancelot", "Viviane", "Perceval", "Guenièvre", "Gauvain", "Morgane"),
        "en": ("Lancelot", "Vivian", "Percival", "Guinevere", "Gawain", "Morgan"),
    },
    ready={"fr": "Tout est prêt. Bonne quête !", "en": "All set. Good questing!"},
    hint=(
        {"fr": "Afficher mes risques de dépasser", "en": "Show my odds of going over"},
        {
            "fr": "À votre tour chez l\u2019Armurier : le risque de dépasser les PV du BOSS si "
            "vous demandez 1, 2, 3 ou 4 armes, d\u2019après ce que vous voyez.",
            "en": "On your turn at the Armorer: the chance of going over the boss if you "
            "ask for 1, 2, 3 or 4 weapons, from what you can see.",
        },
    ),
    preview=("bosses",),
    groups=(
        MenuGroup(
            "ext",
            {"fr": "Extensions", "en": "Extensions"},
            ("potions", "companions", "reaper"),
            css="extensions",
        ),
    ),
    badges={
        "keep_yellow": "swatch:weapon:yellow",
        "potions": "icon:flask",
        "companions": "icon:paw",
        "reaper": "icon:scythe",
    },
    legend=Legend(
        {"fr": "Armes", "en": "Weapons"},
        (
            ("swatch:weapon:red", {"fr": "Rouge", "en": "Red"}),
            ("swatch:weapon:blue", {"fr": "Bleu", "en": "Blue"}),
            ("swatch:weapon:green", {"fr": "Vert", "en": "Green"}),
            ("swatch:weapon:purple", {"fr": "Violet", "en": "Purple"}),
            ("swatch:weapon:yellow", {"fr": "Jaune", "en": "Yellow"}),
        ),
    ),
)
"""How the home and the menu present Boss Quest."""


class BossQuestClient(DefaultClient):
    name = GAME.name
    renderer = render
    tutorials: Path | None = TUTORIALS
    listing = LISTING

    def title(self, lang: str) -> str:
        return "Boss Quest"

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
        return odds_hint(view, legal)

    def result_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return tr("result_title", lang, n=view["result"]["round"])

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return game_title(view, names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(dict(event), names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        if code in UNDO_REASONS:
            return UNDO_REASONS(code, lang)
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        return marker_values({"round": view["round"], "stage": view["stage"]})

    def progress(self, view: dict[str, Any], lang: str) -> str:
        return tr("round", lang, n=view["round"])

    def result_key(self, view: dict[str, Any]) -> int | None:
        result = view.get("result")
        return None if result is None else int(result["round"])

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = BossQuestClient()
