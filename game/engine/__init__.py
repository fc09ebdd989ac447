"""The game-agnostic core: random generator, errors, protocol, matches, codec, scenarios."""
