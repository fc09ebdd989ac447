"""Raid's ``GameClient``: what the shell asks, answered from this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Control, Dock, GameClient, Group, Listing
from game.engine.client_base import DefaultClient
from game.engine.protocol import Event
from game.raid.game import GAME
from game.raid.state import Block, End, Kind, Pick, Play, State, Take, kind_of

from . import render
from .strings import card_text, describe, numbered, over_title, reason_text, tr

__all__ = ["CLIENT", "RaidClient", "dock"]


def _play_control(action: Play, card: str, names: Sequence[str], lang: str) -> Control:
    kind = kind_of(action.card)
    what = tr(f"play_{kind.value}", lang, name=names[action.target])
    aria = tr("play_aria", lang, card=card, what=what)
    tone = "primary" if kind == Kind.STRIKE else "secondary"
    return Control(action, what, aria=aria, tone=tone, card=action.card)


def dock(view: dict[str, Any], legal: Sequence[Any], names: Sequence[str], lang: str) -> Dock:
    """The prompt and exactly one control per legal action: in the draft, one
    per card of the hand; in a turn, a group per loot card with one control
    per target, then the end of the turn; struck, a block per shield and the
    blow. Cards of one kind are numbered ("Heal (1 of 2)"), so that no two
    groups or controls read alike."""
    if not legal:
        return Dock("", ())
    if isinstance(legal[0], Pick):
        key = "pick_again" if view["my_pick"] is not None else "pick"
        cards = numbered([card_text(a.card, lang) for a in legal], lang)
        picks = tuple(
            Control(a, tr(key, lang, card=card), card=a.card)
            for a, card in zip(legal, cards, strict=True)
        )
        return Dock(tr("prompt_pick", lang), (Group("pick", tr("pick_group", lang), picks),))
    if any(isinstance(action, Take) for action in legal):
        labels = numbered(
            [tr("block", lang) if isinstance(a, Block) else tr("take", lang) for a in legal], lang
        )
        controls = tuple(
            Control(a, label, tone="primary", card=a.card)
            if isinstance(a, Block)
            else Control(a, label)
            for a, label in zip(legal, labels, strict=True)
        )
        striker = names[view["strike"]["from"]]
        return Dock(tr("prompt_react", lang, name=striker), (Group("react", "", controls),))
    # in the order the board draws the loot, so that "Heal (1 of 2)" is the first Heal there
    drawn: list[int] = view["loot"][view["seat"]]
    playable = dict.fromkeys(a.card for a in legal if isinstance(a, Play))
    loot = sorted(playable, key=lambda card: drawn.index(card) if card in drawn else len(drawn))
    groups: list[Group] = []
    for card, label in zip(loot, numbered([card_text(c, lang) for c in loot], lang), strict=True):
        plays = [a for a in legal if isinstance(a, Play) and a.card == card]
        controls = tuple(_play_control(a, label, names, lang) for a in plays)
        groups.append(Group(f"card-{card}", label, controls, card=card))
    ends = tuple(Control(a, tr("end", lang)) for a in legal if isinstance(a, End))
    groups.append(Group("end", "", ends))
    return Dock(tr("prompt_play", lang), tuple(groups))


class RaidClient(DefaultClient):
    name = GAME.name
    renderer = render
    listing = Listing(
        description={
            "fr": "Un boss contre un groupe de héros : draft, cibles, parades (pour les tests).",
            "en": "A Boss against a party of heroes: a draft, targets, blocks (for the tests).",
        },
    )

    def title(self, lang: str) -> str:
        return "Raid"

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
        return tr("result_title", lang, n=render.rounds_done(view) or 1)

    def over_status(self, view: dict[str, Any], names: Sequence[str], lang: str) -> str:
        return over_title(view["winner"], render.why(view), lang)

    def describe(self, event: Event, names: Sequence[str], lang: str) -> list[str]:
        return describe(dict(event), names, lang)

    def reason_text(self, code: str, message: str, lang: str) -> str:
        return reason_text(code, message, lang)

    def markers(self, view: dict[str, Any]) -> dict[str, str]:
        return {"round": str(view["round"]), "stage": str(view["stage"])}

    def progress(self, view: dict[str, Any], lang: str) -> str:
        return tr("round", lang, n=view["round"], of=view["dawn"])

    def result_key(self, view: dict[str, Any]) -> int | None:
        """The rounds played out so far (None before the first ends): the
        result panel shows each round's end until the device acknowledges it."""
        return render.rounds_done(view) or None

    def open_view(self, state: State) -> dict[str, Any]:
        """A finished game holds no hidden card but the deck's order: the
        spectator's view is already face up."""
        return GAME.view(state, None)


CLIENT: GameClient = RaidClient()
