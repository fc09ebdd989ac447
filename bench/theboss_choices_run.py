"""The Boss's normal bot, as the hard bot's playouts call it: every decision and
figure, written to a file (one JSON line per call), for bench/theboss_choices.py
to compare between two checkouts (the `game` package on the path).

    python bench/theboss_choices_run.py GAMES PLAYOUTS OUT

The positions: seat 0's decisions in GAMES seeded games at 2, 3 and 4 players
of normal bots; at each, the hard bot's search (PLAYOUTS playouts, seed 1),
whose every call to the normal bot is taken. A checkout that decides
differently reaches other positions from there on, so the files differ too.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from seat_zero import seat_zero_decisions  # bench/seat_zero.py, beside this script

from game.engine.search import SearchBot, SearchSettings
from game.theboss import GAME
from game.theboss.bots import normal_bot, search_candidates
from game.theboss.bots_normal import Reckoning


def _hand(view: Any) -> Any:
    """The seat's hand: a view's key, or the field of a playout view that is
    no dict (The Boss's `Seen`, in a checkout that has it)."""
    return view["hand"] if isinstance(view, dict) else view.hand


def figures(view: Any, legal: list[Any]) -> list[Any]:
    """What the normal bot and the search read off one position: its choice,
    the search's candidates, the judged gains (both ways), every rated
    placement with its gain, and each card's score (floats by repr: exact)."""
    reckoning = Reckoning(view)
    return [
        legal.index(normal_bot(view, legal)),
        search_candidates(view, legal),
        [repr(gain) for gain in Reckoning(view, judge=True).gains()],
        [repr(gain) for gain in Reckoning(view).gains()],
        [[repr(gain), repr(place)] for gain, place in reckoning.rated_places()],
        [repr(reckoning.card_score(card)) for card in _hand(view) or ()],
    ]


def main() -> None:
    games, playouts, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    calls: list[tuple[Any, list[Any]]] = []

    def recorded(view: Any, legal: Any) -> Any:
        calls.append((view, list(legal)))
        return normal_bot(view, legal)

    search = SearchBot(GAME, recorded, SearchSettings(playouts, time_budget=1e9), seed=1)
    for players in (2, 3, 4):
        for _state, view, legal in seat_zero_decisions(GAME, normal_bot, games, players):
            calls.append((view, list(legal)))
            search(view, legal)
    with open(out, "w", encoding="utf-8") as file:
        for view, legal in calls:
            file.write(json.dumps(figures(view, legal)) + "\n")
    print(json.dumps({"calls": len(calls)}))


if __name__ == "__main__":
    main()
