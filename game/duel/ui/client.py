"""Duel's ``GameClient``: what the shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.duel.game import GAME
from game.duel.state import ROUNDS, Commit, Keep, State, Swap
from game.engine.client import Control, Dock, GameClient, Group, Listing
from game.engine.client_base import DefaultClient
from game.engine.dom import marker_values
from game.engine.protocol import Event

from . import render
from .strings import card_text, describe, over_title, reason_text, tr, trick_line

__all__ = ["CLIENT", "DuelClient", "dock", "open_view"]


def open_view(state: State) -> dict[str, Any]:
    """Everything face up: the spectator's view plus both hands and committed
    cards (a finished game's replay only; never for a running game)."""
    shown = GAME.view(state, None)
    shown["open"] = {
        "hands": [list(hand) for hand in state.hands],
        "committed": list(state.committed),
    }
    return shown


def dock(view: dict[str, Any], legal: Sequence[Any], lang: str) -> Dock:
    """The prompt and exactly one control per legal action."""
    keep = [
        Control(action, tr("keep", lang), tone="primary")
        for action in legal
        if isinstance(action, Keep)
    ]
    swaps = [
        Control(action, tr("swap", lang, card=card_text(action.card, lang)), card=action.card)
        for action in legal
        if isinstance(action, Swap)
    ]
    commits = [
        Control(
            action,
            tr("commit", lang, card=card_text(action.card, lang)),
            tone="primary",
            card=action.card,
        )
        for action in legal
        if isinstance(action, Commit)
    ]
    groups = []
    if keep:
        groups.append(Group("keep", "", tuple(keep)))
    if swaps:
        groups.append(Group("swap", tr("swap_group", lang), tuple(swaps)))
    if commits:
        groups.append(Group("commit", tr("commit_group", lang), tuple(commits)))
    if not groups:
        return Dock("", ())
    prompt = tr("prompt_commit" if commits else "prompt_swap", lang)
    return Dock(prompt, tuple(groups))


class DuelClient(DefaultClient):
    name = GAME.name
    renderer = render
    listing = Listing(
        description={
            "fr": "Un petit jeu à deux, écrit pour les tests.",
            "en": "A small two-player game, written for the tests.",
        },
        rules=Path(__file__).resolve().parent / "rules.toml",
    )

    def title(self, lang: str) -> str:
        return "Duel"

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
        title = tr("result_title", lang, n=self.result_key(view) or 1)
        pair = render.last_trick(view)
        return f"{title} · {trick_line(pair, names, lang)}" if pair is not None else title

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return over_title(render.winners(view), names, lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(dict(event), names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        return marker_values({"round": view["round"], "stage": view["stage"]})

    def progress(self, view: dict[str, Any], lang: str) -> str:
        return tr("round", lang, n=view["round"], of=ROUNDS)

    def result_key(self, view: dict[str, Any]) -> int | None:
        """The number of tricks revealed so far (None before the first): the
        result panel shows each reveal until the device acknowledges it."""
        played = ROUNDS if view["stage"] == "over" else view["round"] - 1
        return played or None

    def open_view(self, state: Any) -> dict[str, Any]:
        return open_view(state)


CLIENT: GameClient = DuelClient()
