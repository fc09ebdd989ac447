"""Raid: a test game (3 to 6 seats) with what the big games need, in a few
hundred lines: one seat, the Boss, plays against the others, the Party (a
team); each round opens with a simultaneous draft (pick a loot card face
down, pass the rest left), then each seat in turn plays its loot with a
target, a struck seat may block out of turn, a turn's moves may be taken back
until a draw, and the Party wins or loses together.

Registered only for the tests and ``--test-games`` builds (game/registry.py).
"""

from .game import GAME, Raid

__all__ = ["GAME", "Raid"]
