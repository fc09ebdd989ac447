"""Bazar Quest (Bargain Quest in French): shops equip heroes who fight monsters.
Rules only for now; the game is not registered (game/registry.py)."""
