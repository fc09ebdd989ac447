"""Duel: a small two-player card game written only to test the platform.

It has what the platform must carry for every game, in a few hundred lines:
hidden hands, a hidden deck, a sequential step (swap a card or keep) and a
simultaneous one (both players commit a card face down, then both are revealed).
The conformance suite runs it beside the real games; a build option puts it in
the site for the browser suite.
"""

from .game import GAME, Duel

__all__ = ["GAME", "Duel"]
