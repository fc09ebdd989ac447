"""The Boss (Alain Ollier, Blackrock Editions, 2010): a card game of bluff and
majorities for 2 to 4 players. Gangsters are placed on cities whose face-down
card may be money or a sanction; each card played face up tells a little more.
The rules as this project reads them are in docs/rules-decisions.md, "The Boss".
"""

from .game import GAME, TheBoss

__all__ = ["GAME", "TheBoss"]
