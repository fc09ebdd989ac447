"""The Boss's hard bot at the page's budget, by turn: printed, never asserted.

    PYTHONPATH=. python bench/theboss_page_turns.py [GAMES]
    node tests/pyodide/run_python.mjs bench/theboss_page_turns.py [GAMES]

At seat 0's decisions of GAMES seeded 4-player games of normal bots, the
page's search (300 playouts or 0.12 s of wall-clock time, in slices of 4:
`PAGE_SEARCH` in game/web/session.py) decides, and its playouts are counted
by the turn and stage of the decision: a playout runs to the round's end, so
the first turn's are the longest, and the cap binds the last turns'.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from seat_zero import seat_zero_decisions  # bench/seat_zero.py, beside this script

from game.engine.search import SearchBot, SearchSettings
from game.theboss.game import GAME

PAGE = SearchSettings(playouts=300, time_budget=0.12, slice_playouts=4)

games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
normal_bot = GAME.capabilities.bots["normal"]
bot = SearchBot(GAME, normal_bot, PAGE, seed=1)
# Warm-up, uncounted (under Node the first seconds also compile the runtime).
warm = GAME.new_game({"players": 4}, 10**6)
warm_seat = GAME.to_act(warm)[0]
bot(GAME.view(warm, warm_seat), GAME.legal_actions(warm, warm_seat))
by_turn: dict[tuple[int, str], list[int]] = defaultdict(list)
for state, view, legal in seat_zero_decisions(GAME, normal_bot, games):
    bot(view, legal)
    by_turn[(state.turn, str(state.stage.value))].append(bot.last_playouts)
counts = [count for found in by_turn.values() for count in found]
mean = sum(counts) / len(counts)
print(f"Python {sys.version.split()[0]}: {len(counts)} decisions, {mean:.1f} playouts a decision")
for (turn, stage), found in sorted(by_turn.items()):
    mean = sum(found) / len(found)
    print(f"turn {turn} {stage:14} {len(found):3} decisions {mean:6.1f} playouts")
