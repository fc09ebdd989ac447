"""Seeded random games of one registered game, printed as state hashes: the
conformance suite runs this file under CPython and inside Pyodide and compares.

    python conformance_game.py GAME OPTION_SETS_JSON SEED GAMES
"""

import hashlib
import json
import sys

from game.engine import rng
from game.engine.codec import state_hash
from game.registry import GAMES, include_test_games

include_test_games()  # the test games (Duel, Raid) beside the registered ones

name, option_sets = sys.argv[1], json.loads(sys.argv[2])
seed, count = int(sys.argv[3]), int(sys.argv[4])
game = GAMES[name]
digest = hashlib.sha256()
actions = 0
for options, number in [(options, number) for options in option_sets for number in range(count)]:
    state = game.new_game(options, seed + number)
    dice = rng.seed_state(seed * 7919 + number)
    while not game.is_over(state):
        acting = game.to_act(state)
        pick, dice = rng.below(dice, len(acting))
        legal = game.legal_actions(state, acting[pick])
        index, dice = rng.below(dice, len(legal))
        state, events = game.apply(state, acting[pick], legal[index])
        digest.update(state_hash(game, state).encode())
        digest.update(json.dumps(events, sort_keys=True).encode())
        actions += 1
print(
    json.dumps(
        {
            "platform": sys.platform,
            "python": sys.version.split()[0],
            "digest": digest.hexdigest(),
            "actions": actions,
        }
    )
)
