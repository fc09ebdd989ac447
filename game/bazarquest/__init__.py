"""Bazar Quest (Bargain Quest in French): shops equip heroes who fight monsters.
Registered in game/registry.py; its client is ``ui/``."""
