"""The games this project knows, by name: the one place that names them.

The engine, the network layer and the browser shell know no game; they reach
one through here: its rules (``get_game``, ``GAMES``) and its client
(``get_client``: the board, controls and words the shell shows, imported only
when first asked for, so the command line never loads a client). Test games
(``duel``, written only for the tests) are not among ``GAMES``: the tests and
a build option include them (``include_test_games``).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any, cast

from .bazarquest.game import GAME as BAZARQUEST
from .bossquest import GAME as BOSSQUEST
from .engine.client import GameClient, menu_fields
from .engine.protocol import JSON, Game
from .herorealms import GAME as HEROREALMS
from .hrdragon import GAME as HRDRAGON
from .theboss import GAME as THEBOSS

__all__ = [
    "ART_FILE",
    "CLIENTS",
    "DEFAULT_GAME",
    "GAMES",
    "LESSON_ORDER_FILE",
    "TEST_CLIENTS",
    "TEST_GAMES",
    "art_file",
    "art_path",
    "art_sources",
    "get_client",
    "get_game",
    "include_test_games",
    "lesson_order",
    "rules_sources",
]

GAMES: dict[str, Game[Any, Any]] = {
    BOSSQUEST.name: BOSSQUEST,
    THEBOSS.name: THEBOSS,
    HEROREALMS.name: HEROREALMS,
    HRDRAGON.name: HRDRAGON,
    BAZARQUEST.name: BAZARQUEST,
}

#: the game the site opens on (until it offers a list of games)
DEFAULT_GAME = BOSSQUEST.name

#: each game's client: the module that holds it (as ``CLIENT``), imported lazily
CLIENTS: dict[str, str] = {
    BOSSQUEST.name: "game.bossquest.ui",
    THEBOSS.name: "game.theboss.ui",
    HEROREALMS.name: "game.herorealms.ui",
    HRDRAGON.name: "game.hrdragon.ui",
    BAZARQUEST.name: "game.bazarquest.ui",
}

#: games written only for the tests: their package, which holds ``GAME``
TEST_GAMES: dict[str, str] = {"duel": "game.duel", "raid": "game.raid"}

#: the test games' clients, registered with them by ``include_test_games``
TEST_CLIENTS: dict[str, str] = {"duel": "game.duel.ui", "raid": "game.raid.ui"}

_clients: dict[str, GameClient] = {}


def get_game(name: str) -> Game[Any, Any]:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


def get_client(name: str) -> GameClient:
    """The client of game `name` (imported on first use)."""
    if name not in _clients:
        try:
            module = CLIENTS[name]
        except KeyError:
            raise KeyError(f"game {name!r} has no client") from None
        _clients[name] = cast(GameClient, importlib.import_module(module).CLIENT)
    return _clients[name]


def include_test_games() -> None:
    """Register the test games beside the real ones (tests, and builds that ask)."""
    for name, module in TEST_GAMES.items():
        if name not in GAMES:
            GAMES[name] = cast("Game[Any, Any]", importlib.import_module(module).GAME)
        if name in TEST_CLIENTS:
            CLIENTS.setdefault(name, TEST_CLIENTS[name])


# ------------------------------------------------------------- the catalogue


def playable() -> list[str]:
    """The games the site offers: registered, with a client."""
    return [name for name in GAMES if name in CLIENTS]


#: the file of a game's tutorial folder that puts its lessons in order
LESSON_ORDER_FILE = "order.txt"


def lesson_order(folder: Path) -> list[str]:
    """The names of the lessons (tutorial boards, ``embed.html?scenario=``) of
    the tutorial folder `folder`, in the order the game declares once in its
    ``order.txt`` (one name a line, ``#`` starts a comment): its home link
    opens the first, its rules page shows them in that order and its tutorial
    page lists them so. Without the file, by name. ValueError, with the
    reason, when the file names a lesson twice, one that does not exist, or
    leaves one out."""
    files = sorted(path.stem for path in folder.glob("*.json"))
    order_file = folder / LESSON_ORDER_FILE
    if not order_file.is_file():
        return files
    where = f"{folder.parent.name}/{folder.name}/{LESSON_ORDER_FILE}"
    order: list[str] = []
    for number, line in enumerate(order_file.read_text("utf-8").splitlines(), 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        if name in order:
            raise ValueError(f"{where} line {number}: {name!r} is already listed")
        if name not in files:
            raise ValueError(f"{where} line {number}: there is no lesson {name!r}")
        order.append(name)
    missing = [name for name in files if name not in order]
    if missing:
        raise ValueError(f"{where} leaves out the lesson {missing[0]!r}")
    return order


def _tutorials(client: GameClient) -> list[JSON]:
    """The names of the game's tutorial boards, in its declared order (``lesson_order``)."""
    folder = client.tutorials
    if folder is None or not folder.is_dir():
        return []
    return list(lesson_order(folder))


#: the picture a game's package may ship (``game/<name>/art.svg``), which the
#: home shows beside the game: build.py copies it to ``art_path(name)``
ART_FILE = "art.svg"


def art_file(name: str) -> Path | None:
    """The picture game `name`'s package ships (its ``art.svg``), None if none."""
    package = importlib.import_module(CLIENTS[name].rpartition(".")[0])
    path = Path(str(package.__file__)).parent / ART_FILE
    return path if path.is_file() else None


def art_path(name: str) -> str:
    """Where build.py puts game `name`'s picture in the site (before hashing)."""
    return f"assets/games/{name}.svg"


def _rules_file(client: GameClient) -> Path | None:
    """The client's rules file (``listing.rules``), None if it names none (a
    listing of old said ``rules=True``: no file, so no page and no link)."""
    rules: object = client.listing.rules
    return rules if isinstance(rules, Path) else None


def catalogue() -> list[dict[str, JSON]]:
    """What the home and the menus draw before Python has loaded, for every
    playable game: its name, title and one-line description in each language,
    its declared options (``OptionsDeclaration.to_json``: the player range and
    each option) and the menu's control for each (``menu_fields``), whether it
    has a rules page (``rules-<name>.html``), its picture on the home (``art``:
    its path in the site, None for none), its tutorial boards' names, the
    hint's words, how the menu groups and dresses the options, the key to its
    pictures in the footer (``legend``, None for none), the seats' default
    names (``names``), the cheer under the Start button (``ready``) and the
    keys of a lesson's setup its tutorial frame shows before Python (``preview``)."""
    entries: list[dict[str, JSON]] = []
    for name in playable():
        client = get_client(name)
        listing = client.listing
        declared = get_game(name).declared_options
        legend = listing.legend
        entry: dict[str, JSON] = {
            "name": name,
            "title": {lang: client.title(lang) for lang in ("fr", "en")},
            "description": dict(listing.description),
            "declared": declared.to_json(),
            "menu": menu_fields(declared, listing),
            "rules": _rules_file(client) is not None,
            "art": None if art_file(name) is None else art_path(name),
            "tutorials": _tutorials(client),
            "hint": None
            if listing.hint is None
            else {"label": dict(listing.hint[0]), "help": dict(listing.hint[1])},
            "groups": [
                {
                    "key": g.key,
                    "legend": dict(g.legend),
                    "options": list(g.options),
                    "css": g.css,
                }
                for g in listing.groups
            ],
            "badges": dict(listing.badges),
            "legend": None
            if legend is None
            else {
                "label": dict(legend.label),
                "items": [{"badge": badge, "label": dict(words)} for badge, words in legend.items],
            },
            "names": {lang: list(names) for lang, names in listing.names.items()},
            "ready": dict(listing.ready),
            "preview": list(listing.preview),
            "test": name in TEST_GAMES,
        }
        entries.append(entry)
    return entries


def catalogue_json(test_games: bool = False) -> str:
    """The catalogue as JSON safe inside a ``<script>`` element (build.py puts it
    in the pages); with `test_games`, the test games join first."""
    if test_games:
        include_test_games()
    text = json.dumps(
        {"test_games": test_games, "default": DEFAULT_GAME, "games": catalogue()},
        ensure_ascii=False,
        separators=(",", ":"),
        sort_keys=True,
    )
    return text.replace("<", "\\u003c").replace("@", "\\u0040")


def art_sources(test_games: bool = False) -> dict[str, JSON]:
    """What build.py copies into the site for the home's pictures: for each
    playable game whose package ships one, its path in the site (``art_path``)
    and the file; with `test_games`, the test games join first."""
    if test_games:
        include_test_games()
    sources: dict[str, JSON] = {}
    for name in playable():
        path = art_file(name)
        if path is not None:
            sources[art_path(name)] = str(path)
    return sources


def rules_sources(test_games: bool = False) -> dict[str, JSON]:
    """What build.py needs to make the rules pages: the default game, and for
    each playable game with a rules page (its client's ``listing.rules``) that
    file, the game's title in each language and its tutorial boards' names;
    with `test_games`, the test games join first."""
    if test_games:
        include_test_games()
    games: dict[str, JSON] = {}
    for name in playable():
        client = get_client(name)
        rules = _rules_file(client)
        if rules is None:
            continue
        games[name] = {
            "file": str(rules),
            "title": {lang: client.title(lang) for lang in ("fr", "en")},
            "tutorials": _tutorials(client),
        }
    return {"default": DEFAULT_GAME, "games": games}
