"""The odds hint: a human's chance of going over the boss if they ask the Armorer
for 1, 2, 3 or 4 weapons now.

Plain Python with no browser import, so it is tested under CPython. The odds
come from ``game.bossquest.odds.over_odds(view)``, given the view of the seat
that is asking, so they use only what that player can see (their own hidden
weapon, every weapon in view, the size of the deck). Only the counts the player
may ask for now are kept. The board shows them on the ask buttons when the menu
turned the hint on (``Settings.hint``); the shell (``GameClient.hint``)
decides when.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.bossquest.actions import Ask
from game.bossquest.odds import over_odds

from .strings import tr

__all__ = ["odds_hint", "percent", "risk"]

#: below this chance of going over, a request is "low" risk; from the second, "high"
LOW_RISK = 0.2
HIGH_RISK = 0.5


def odds_hint(view: Mapping[str, Any], legal: Sequence[Any]) -> dict[int, float]:
    """{count: chance of going over} for each count of weapons `legal` lets the
    seat of `view` ask for; empty when it may not ask (not its turn, at the
    Magician, already over, ...)."""
    counts = sorted({action.count for action in legal if isinstance(action, Ask)})
    if not counts:
        return {}
    odds = over_odds(view)
    return {count: odds[count] for count in counts if count in odds}


def percent(probability: float, lang: str) -> str:
    """A chance as a whole percentage: "0%", "<1%", "23%", ">99%", "100%"
    (French: "23 %", with a narrow no-break space). Only a certainty reads 0 or 100."""
    if probability <= 0:
        n = "0"
    elif probability >= 1:
        n = "100"
    else:
        whole = int(probability * 100 + 0.5)
        n = "<1" if whole < 1 else ">99" if whole > 99 else str(whole)
    return tr("percent", lang, n=n)


def risk(probability: float) -> str:
    """How the board colours a chance of going over: "low", "mid" or "high"."""
    if probability < LOW_RISK:
        return "low"
    return "mid" if probability < HIGH_RISK else "high"
