"""A local game's render and undo time at its start and at its end, for every
registered game: printed, never asserted (issue #28, long games stay fast).

    python bench/long_game.py [--seed 5] [--games 3] [--every-option]

Under CPython, through game.web.session.Session as the game page drives it:
seat 0 a person who plays a legal move at random (and, whenever the undo
button is on, takes it back once and plays on), the other seats normal bots,
at the game's largest table (with --every-option, every true/false option
the game declares turned on: Boss Quest's extensions make longer games).
Every render of the table (a bot's or the person's turn: the log, the dock,
the board's HTML; not the round results nor the end) is timed, and so is
every undo (the check and the take back). For each game it prints the median
of the first and of the last 20 table renders, their ratio, and the same for
the undos (the first and the last 5), over `--games` games. Run it on two
commits to compare them: the figures are this machine's, under its load, so
only the ratios travel.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.registry import GAMES
from game.web.session import Session
from game.web.settings import parse_settings

#: how many renders (and undos) at each end of a game are compared
EDGE = 20
UNDO_EDGE = 5


def _settings(game: str, every_option: bool) -> Any:
    declared = GAMES[game].declared_options
    players = declared.max_players
    flags = [o.key for o in declared.options if isinstance(o.default, bool)]
    seats: list[dict[str, Any]] = [{"seat": 0, "name": "P0", "kind": "human"}]
    seats += [
        {"seat": i, "name": f"P{i}", "kind": "bot", "level": "normal"} for i in range(1, players)
    ]
    options = {key: True for key in flags} if every_option else {}
    data = {"version": 3, "game": game, "lang": "en", "players": seats, "options": options}
    data["hint"] = False
    return parse_settings(json.dumps(data))


def _play(game: str, seed: int, every_option: bool) -> tuple[list[float], list[float], int]:
    """One whole game: every render's and every undo's seconds, and its actions."""
    session = Session.new(_settings(game, every_option), seed=seed)
    person = random.Random(seed)
    renders: list[float] = []
    undos: list[float] = []
    undone: set[int] = set()  # each position's move is taken back once
    for _ in range(20_000):
        phase = session.phase()
        start = time.perf_counter()
        session.render("en")
        if phase in ("bot", "human"):
            renders.append(time.perf_counter() - start)
        if phase == "over":
            return renders, undos, session.actions_played()
        if phase == "bot":
            session.bot_step()
        elif phase == "result":
            session.command("continue")
        elif phase == "curtain":
            session.command("reveal")
        else:
            count = session.actions_played()
            if count not in undone and session.undo_allowed():
                start = time.perf_counter()
                session.command("undo")
                undos.append(time.perf_counter() - start)
                undone.add(count)
                continue
            action = person.choice(session.table.legal())
            session.command("act", json.dumps(session.game.action_to_json(action)))
    raise RuntimeError(f"{game}: the game did not end")


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.2f} ms" if values else "      -   "


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every-option", action="store_true")
    args = parser.parse_args()
    print(
        f"{'game':<10} {'actions':>7} {'renders':>7}  {'first':>10} {'last':>10} {'ratio':>6}"
        f"   undo: {'first':>10} {'last':>10} {'ratio':>6}"
    )
    for game in sorted(GAMES):
        first: list[float] = []
        last: list[float] = []
        undo_first: list[float] = []
        undo_last: list[float] = []
        actions = renders = 0
        for index in range(args.games):
            times, undos, played = _play(game, args.seed + index, args.every_option)
            first += times[:EDGE]
            last += times[-EDGE:]
            undo_first += undos[:UNDO_EDGE]
            undo_last += undos[-UNDO_EDGE:]
            actions += played
            renders += len(times)
        ratio = statistics.median(last) / statistics.median(first)
        undo_ratio = (
            f"{statistics.median(undo_last) / statistics.median(undo_first):6.2f}"
            if undo_first
            else "     -"
        )
        print(
            f"{game:<10} {actions // args.games:>7} {renders // args.games:>7}  "
            f"{_ms(first)} {_ms(last)} {ratio:6.2f}   undo: {_ms(undo_first)} "
            f"{_ms(undo_last)} {undo_ratio}"
        )


if __name__ == "__main__":
    main()
