"""Bots against bots at a table of one level: how long games last, how often
everyone loses, each seat's share of the wins. Figures are printed, never
asserted: `python -m game.bazarquest.measure --players 4 --games 200`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..engine import rng
from .bots import easy_bot, normal_bot
from .game import GAME

__all__ = ["measure"]

_BOTS = {"easy": easy_bot, "normal": normal_bot}


def measure(options: dict[str, Any], games: int, seed: int, level: str) -> dict[str, Any]:
    players = int(options["players"])
    bot = _BOTS[level]
    wins = [0.0] * players
    rounds: list[int] = []
    lost = 0
    for number in range(games):
        state = GAME.new_game(options, seed + number)
        dice = rng.seed_state(seed + number)
        while not GAME.is_over(state):
            acting = GAME.to_act(state)
            index, dice = rng.below(dice, len(acting))
            seat = acting[index]
            action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
            state, _events = GAME.apply(state, seat, action)
        rounds.append(state.round)
        outcome = GAME.outcome(state) or {}
        winners: Sequence[int] = outcome.get("winners", [])
        lost += not winners
        for seat in winners:
            wins[seat] += 1 / len(winners)
    scored = games - lost
    return {
        "options": options,
        "bots": level,
        "games": games,
        "all_lose": round(lost / games, 3),
        "mean_rounds": round(sum(rounds) / games, 2),
        "rounds_min_max": [min(rounds), max(rounds)],
        "seat_win_share_of_scored_games": [round(w / scored, 3) if scored else 0 for w in wins],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", choices=sorted(_BOTS), default="normal")
    args = parser.parse_args()
    print(json.dumps(measure({"players": args.players}, args.games, args.seed, args.bots)))


if __name__ == "__main__":
    main()
