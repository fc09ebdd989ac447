"""The built site as the engine suites see it: served on 127.0.0.1 with
netlify.toml's headers, every request logged on the served side, and a switch
that takes the site off the network (for the offline case).

The same server is also an HTTP proxy: WebKit, which offers WebDriver no
network events, is pointed at it for every address, so a request to another
origin (or a TLS connection to anywhere) arrives here, is refused and logged
as foreign instead of leaving the machine. Firefox's requests are watched
through Puppeteer's network events instead; it does not use the proxy.

``registered_games`` lists the games the suites test, from game/registry.py
(``catalogue``), with each game's rules page and first tutorial board when
it has them; how many moves that lesson plays to its end is worked out by
playing it under CPython (``game.web.tutorial``), as the page plays it.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import build
from game.registry import catalogue
from game.web.session import save_key
from game.web.tutorial import TutorialSession, load_tutorial
from tests.browser.near_end import near_the_end


@dataclass(frozen=True)
class Lesson:
    """A tutorial board the suites play to its end."""

    #: its name (``embed.html?game=&scenario=``)
    name: str
    #: the moves it plays from its first step to its end
    actions: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "actions": self.actions}


def lesson(game: str, name: str) -> Lesson:
    """Lesson `name` of `game`, played to its end under CPython: Next while
    the lesson shows another seat's move, the round's result left, and the
    reader's moves as the lesson asks for them."""
    session = TutorialSession(load_tutorial(name, game=game), name=name)
    for _ in range(1000):
        if session.done:
            return Lesson(name, session.actions_played)
        assert not session.problem, f"{game}/{name}: {session.problem}"
        action = session.expected_action()
        if action is None:
            session.command("next")
        elif session.fresh_result():
            session.command("continue")
        else:
            session.command("act", json.dumps(session.game.action_to_json(action)))
    raise AssertionError(f"{game}/{name} does not end")


@dataclass(frozen=True)
class GameInfo:
    """What the suites need of one registered game."""

    name: str
    #: the smallest number of players the menu offers
    min_players: int
    #: ``rules-<name>.html`` if the game has a rules page, else None
    rules: str | None
    #: its first tutorial board, None if it has none
    tutorial: Lesson | None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "minPlayers": self.min_players,
            "rules": self.rules,
            "tutorial": None if self.tutorial is None else self.tutorial.to_json(),
        }


def registered_games() -> list[GameInfo]:
    """Every game the site offers, from the registry's catalogue."""
    found = []
    for entry in catalogue():
        name = str(entry["name"])
        declared = entry["declared"]
        assert isinstance(declared, dict)
        players = declared["players"]
        assert isinstance(players, dict), players
        tutorials = entry["tutorials"]
        assert isinstance(tutorials, list)
        found.append(
            GameInfo(
                name=name,
                min_players=int(str(players["min"])),
                rules=f"rules-{name}.html" if entry["rules"] else None,
                tutorial=lesson(name, str(tutorials[0])) if tutorials else None,
            )
        )
    return found


#: moves before its end the solo case's game starts at (docs/testing.md, "Whole
#: games in the browser are few": the whole games are Chromium's)
END_MOVES = 8


def near_end_save(game: GameInfo) -> tuple[str, str]:
    """Where the page keeps its save, and a save of a game of `game` at its
    fewest players (the person in seat 0, easy bots beside) `END_MOVES` moves
    before its end, played under CPython: the solo case puts it there and the
    page resumes it."""
    session = near_the_end(game.name, game.min_players, (0,), seed=375, before=END_MOVES)
    return save_key(game.name), session.to_save()


@dataclass
class RequestLog:
    """What reached the server: every request, and what was refused."""

    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, line: str, *, foreign: bool) -> None:
        with self.lock:
            self.requests.append(line)
            if foreign:
                self.foreign.append(line)

    def foreign_since(self, start: int) -> list[str]:
        with self.lock:
            return self.foreign[start:]

    def mark(self) -> int:
        with self.lock:
            return len(self.foreign)


class Served:
    """The site on a free port of 127.0.0.1 until ``close``; ``offline`` drops
    every connection without an answer, as a network that is gone would."""

    def __init__(self, root: Path) -> None:
        self.log = RequestLog()
        self.offline = False
        self.server = build.make_server(root, headers=build.load_netlify_headers())
        self.port = int(self.server.server_address[1])
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + "/"
        # build.make_server's handler: a partial of build.py's handler class
        base = cast("functools.partial[Any]", self.server.RequestHandlerClass)
        handler = cast("type[http.server.SimpleHTTPRequestHandler]", base.func)
        served = self

        class Watched(handler):  # type: ignore[misc,valid-type]
            """build.py's handler, which also logs and answers as a proxy."""

            def parse_request(self) -> bool:
                if not super().parse_request():
                    # not HTTP: a TLS handshake sent to the proxy
                    served.log.add(f"not HTTP: {self.raw_requestline[:40]!r}", foreign=True)
                    return False
                target = str(self.path)  # type: ignore[has-type]
                if served.offline:
                    self.close_connection = True
                    return False
                if target.startswith("/"):
                    served.log.add(target, foreign=False)
                    return True
                parts = urlsplit(target)
                own = f"{parts.scheme}://{parts.netloc}" == served.origin
                if self.command != "CONNECT" and own:
                    served.log.add(target, foreign=False)
                    self.path = target[len(served.origin) :] or "/"
                    return True
                served.log.add(f"{self.command} {target}", foreign=True)
                self.send_error(403, "the engine suites reach no other origin")
                return False

        self.server.RequestHandlerClass = functools.partial(Watched, *base.args, **base.keywords)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


class OfflineSwitch(http.server.ThreadingHTTPServer):
    """A control port for a driver in another process (the Node one): a GET of
    /offline or /online flips ``served.offline``. It is not the site's origin,
    and only the driver (never a page) calls it."""

    def __init__(self, served: Served) -> None:
        class Switch(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path not in ("/offline", "/online"):
                    self.send_error(404)
                    return
                served.offline = self.path == "/offline"
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Switch)
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.shutdown()
        self.server_close()


def serve_built(out: Path) -> Iterator[Served]:
    """Build the site into `out` and serve it until the generator closes."""
    built = build.build(out, quiet=True)
    served = Served(built.out)
    try:
        yield served
    finally:
        served.close()
