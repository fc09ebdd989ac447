"""The page's query parameters that change how it plays (plain Python).

``?botdelay=<ms>``: how long a bot "thinks" before it plays, 0 to 5000
milliseconds (default 750). The browser tests use ``?botdelay=0``.

``?seed=<n>``: deal the first game from this seed (the next ones from n+1,
n+2, ...) instead of a random one, so that a game can be played again.

``?game=<name>``: which game the page shows (its menu and board), one of the
games the site offers; the home (no ``game=``, or an unknown one) lists them.
The tutorial boards (``embed.html``), the rules page and the replay page read
it too.

``?searchers=1``: the hard bots search in the page's worker alone, without
the helper worker that shares their playouts on a device with a core to spare
(``game.web.search_helper``); for benchmarks, which compare the two.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import parse_qs

__all__ = [
    "BOT_DELAY_MS",
    "MAX_BOT_DELAY_MS",
    "MAX_SEED",
    "bot_delay_ms",
    "game_from_query",
    "helper_wanted",
    "seed_from_query",
]

#: long enough to follow what a bot does, short enough not to wait for it
BOT_DELAY_MS = 750
MAX_BOT_DELAY_MS = 5000
MAX_SEED = 2**31 - 1


def bot_delay_ms(search: str) -> int:
    """The bot delay from a location's query string ("?botdelay=0")."""
    values = parse_qs(search.removeprefix("?")).get("botdelay", [])
    if not values:
        return BOT_DELAY_MS
    try:
        delay = int(values[-1])
    except ValueError:
        return BOT_DELAY_MS
    return min(max(delay, 0), MAX_BOT_DELAY_MS)


def seed_from_query(search: str) -> int | None:
    """The seed asked for in a location's query string ("?seed=42"), if any."""
    values = parse_qs(search.removeprefix("?")).get("seed", [])
    if not values:
        return None
    try:
        seed = int(values[-1])
    except ValueError:
        return None
    return seed if 0 <= seed <= MAX_SEED else None


def game_from_query(search: str, known: Collection[str]) -> str | None:
    """The game named in a location's query string ("?game=bossquest") if it is
    one of `known`, else None."""
    values = parse_qs(search.removeprefix("?")).get("game", [])
    if not values or values[-1] not in known:
        return None
    return values[-1]


def helper_wanted(search: str) -> bool:
    """Whether the hard bots may share their playouts with a helper worker:
    not with ``?searchers=1``."""
    return parse_qs(search.removeprefix("?")).get("searchers", [""])[-1] != "1"
