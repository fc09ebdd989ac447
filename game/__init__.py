"""Boss card games on a shared, game-agnostic rules engine.

`game.engine` knows no game; each game lives in a package of its own
(`game.bossquest` first) and registers itself in `game.registry`.
"""
