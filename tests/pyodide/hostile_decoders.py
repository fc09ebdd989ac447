"""Hostile input for every decoder of outside input, and what each one answers.

Run as a script (under CPython, or inside Pyodide by tests/pyodide/run_python.mjs)
it prints one JSON object: for each decoder and each hostile input, the outcome
("ok", an error code, "ignored:<code>", ...). Inside Pyodide a stack overflow in
json.loads is fatal (no except catches it), so merely finishing is half the test.
tests/test_hostile_input.py loads the same tables for its CPython tests.

Boss Quest's readers are named by their kind ("state", "link", ...); those of
every other registered game repeat the game-specific kinds as "<game>:<kind>".

Outcomes never seen from a sound decoder: "CRASH <exception>" (an undocumented
exception type) and "... CHANGED" (a refused input changed a session).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import sys
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.bossquest import GAME
from game.engine.cli import main as cli_main
from game.engine.codec import decode_state, encode_state, parse_json
from game.engine.errors import MalformedData
from game.engine.match import Match
from game.engine.protocol import Game
from game.engine.replaylink import ReplayLink, decode_link, encode_link
from game.engine.safejson import MAX_SAVE_BYTES
from game.engine.scenario import load_scenario
from game.net import GuestSession, HostSession, MemoryHub
from game.net.frames import MAX_GUEST_FRAME, MAX_HOST_FRAME, encode, protocol_id
from game.registry import GAMES
from game.web.net_prefs import GuestRecord, HostRecord
from game.web.session import SaveError, Session
from game.web.settings import MAX_SETTINGS_BYTES, parse_settings

PROTOCOL = protocol_id(GAME)
AnyGame = Game[Any, Any]
DEEP = 100_000
"""Brackets of the deepest inputs: far past where Pyodide's stack gives out."""


@dataclass(frozen=True)
class Decoder:
    """One reader of outside text: a valid sample, its size limit, and `run`,
    which feeds it a text and says what came of it."""

    sample: str
    limit: int
    run: Callable[[str], str]


# ----- the decoders


def _crash(error: Exception) -> str:
    return f"CRASH {type(error).__name__}: {str(error)[:80]}"


def _malformed(call: Callable[[], object]) -> str:
    """Decoders documented to raise MalformedData: its code, or "ok"."""
    try:
        call()
    except MalformedData as error:
        return error.code
    except Exception as error:
        return _crash(error)
    return "ok"


def _to_bytes(text: str) -> bytes:
    """Text as a file holds it; lone surrogates stand for bytes that are not UTF-8."""
    return text.encode("utf-8", "surrogatepass")


def _small_match(game: AnyGame) -> Match:
    match = Match(game.name, game.normalize_options({"players": 3}), 11)
    state = game.new_game(match.options, match.seed)
    for _ in range(6):
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[0]
        state, _events = game.apply(state, seat, action)
        match = match.played(seat, game.action_to_json(action))
    return match


MATCH = _small_match(GAME)


def _link(text: str) -> str:
    try:
        decode_link(GAMES, text)
    except MalformedData as error:
        return error.code
    except Exception as error:
        return _crash(error)
    return "ok"


def _state(game: AnyGame) -> Callable[[str], str]:
    return lambda text: _malformed(lambda: decode_state(game, parse_json(text, "the state")))


def _match(text: str) -> str:
    return _malformed(lambda: Match.from_json(parse_json(text, "the match")))


def _host_save(game: AnyGame) -> Callable[[str], str]:
    return lambda text: _malformed(lambda: HostSession.from_save(game, text))


def _guest_save(game: AnyGame) -> Callable[[str], str]:
    return lambda text: _malformed(lambda: GuestSession.from_save(text, game=game))


def _local_save(text: str) -> str:
    try:
        Session.from_save(text)
    except SaveError:
        return "SaveError"
    except Exception as error:
        return _crash(error)
    return "ok"


def _settings(text: str) -> str:
    try:
        parse_settings(text)
    except ValueError:
        return "ValueError"
    except Exception as error:
        return _crash(error)
    return "ok"


def _prefs(reader: Callable[[Any], object]) -> Callable[[str], str]:
    def run(text: str) -> str:
        try:
            return "ok" if reader(text) is not None else "none"
        except Exception as error:
            return _crash(error)

    return run


def _scenario_file(text: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "scenario.json")
        with open(path, "wb") as file:
            file.write(_to_bytes(text))
        return _malformed(lambda: load_scenario(path))


def _cli(command: str) -> Callable[[str], str]:
    """`python -m game replay FILE` (or scenario FILE) through main(): its exit
    status, and whether stderr's first line is `error: ...`."""

    def run(text: str) -> str:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "input.json")
            with open(path, "wb") as file:
                file.write(_to_bytes(text))
            err = io.StringIO()
            try:
                with contextlib.redirect_stderr(err):
                    status = cli_main(GAMES, [command, path], out=lambda line: None)
            except Exception as error:
                return _crash(error)
        if status == 0:
            return "ok"
        said = err.getvalue().splitlines()[:1]
        error_line = bool(said) and said[0].startswith("error: ")
        return f"exit {status}" + (" error" if error_line else "")

    return run


# Network play: a started 3-seat table, Bob (a guest) at seat 1, a bot at seat 2.


def _table(game: AnyGame = GAME) -> tuple[HostSession, MemoryHub, str, GuestSession]:
    host = HostSession.new(game, {"players": 3}, 5, "Ana")
    hub = MemoryHub(host)
    guest = GuestSession("Bob", game=game)
    peer = hub.connect(guest)
    hub.flush()
    hub.send(peer, guest.sit(1))
    hub.flush()
    hub.route(host.fill_with_bots("random"))
    hub.route(host.start())
    hub.flush()
    return host, hub, peer, guest


def _host_receives(game: AnyGame) -> Callable[[str], str]:
    return lambda text: _host_reads(game, text)


def _host_reads(game: AnyGame, text: str) -> str:
    """A guest frame at the host: the reject code (or "ok"); the table must not
    change on a reject."""
    host, _hub, peer, _guest = _table(game)
    before = (host.to_save(), host.seats_status(), host.version)
    try:
        sends = host.receive(peer, text)
    except Exception as error:
        return _crash(error)
    answers = [json.loads(frame) for to, frame in sends if to == peer]
    rejects = [frame["code"] for frame in answers if frame["t"] == "reject"]
    if not rejects:
        return "ok"
    changed = (host.to_save(), host.seats_status(), host.version) != before
    return str(rejects[0]) + (" CHANGED" if changed else "")


def _guest_snapshot(guest: GuestSession) -> str:
    kept = {k: v for k, v in vars(guest).items() if k != "last_ignored"}
    return json.dumps(kept, sort_keys=True, default=str)


def _guest_receives(game: AnyGame) -> Callable[[str], str]:
    return lambda text: _guest_reads(game, text)


def _guest_reads(game: AnyGame, text: str) -> str:
    """A host frame at a guest: "ignored:<code>" leaves the guest as it was."""
    _host, _hub, _peer, guest = _table(game)
    before = _guest_snapshot(guest)
    try:
        answer = guest.receive(text)
    except Exception as error:
        return _crash(error)
    if answer != "ignored":
        return "ok"
    assert guest.last_ignored is not None
    changed = _guest_snapshot(guest) != before
    return f"ignored:{guest.last_ignored[0]}" + (" CHANGED" if changed else "")


def _game_samples(game: AnyGame) -> dict[str, str]:
    """A valid text for each of a game's own readers, from a real session."""
    host, hub, peer, guest = _table(game)
    match = _small_match(game)
    link = ReplayLink(match, 0, ("A", "B", "C"), (True, False, False))
    scenario = json.dumps({"game": game.name, "setup": {"players": ["A", "B"]}, "steps": []})
    host_frames = [json.loads(frame) for frame in hub.sent_to[peer]]
    state_frame = next(f for f in reversed(host_frames) if f["t"] == "state")
    state_frame["n"] = 10**6  # newer than anything the guest took in
    return {
        "link": encode_link(game, link),
        "state": json.dumps(encode_state(game, game.new_game({"players": 3}, 1))),
        "match": match.canonical(),
        "host_save": host.to_save(),
        "guest_save": guest.to_save(),
        "scenario": scenario,
        "cli_replay": match.canonical(),
        "cli_scenario": scenario,
        "host_frame": encode(protocol_id(game), "sync", 10**6, {}),
        "guest_frame": json.dumps(state_frame),
    }


def _game_decoders(game: AnyGame, samples: dict[str, str]) -> dict[str, Decoder]:
    return {
        "link": Decoder(samples["link"], 64_000, _link),
        "state": Decoder(samples["state"], MAX_SAVE_BYTES, _state(game)),
        "match": Decoder(samples["match"], MAX_SAVE_BYTES, _match),
        "host_save": Decoder(samples["host_save"], MAX_SAVE_BYTES, _host_save(game)),
        "guest_save": Decoder(samples["guest_save"], 4096, _guest_save(game)),
        "scenario": Decoder(samples["scenario"], MAX_SAVE_BYTES, _scenario_file),
        "cli_replay": Decoder(samples["cli_replay"], MAX_SAVE_BYTES, _cli("replay")),
        "cli_scenario": Decoder(samples["cli_scenario"], MAX_SAVE_BYTES, _cli("scenario")),
        "host_frame": Decoder(samples["host_frame"], MAX_GUEST_FRAME, _host_receives(game)),
        "guest_frame": Decoder(samples["guest_frame"], MAX_HOST_FRAME, _guest_receives(game)),
    }


def _platform_samples() -> dict[str, str]:
    """A valid text for each reader of the browser shell's own records."""
    host, _hub, _peer, guest = _table()
    settings = {
        "version": 2,
        "lang": "en",
        "players": [
            {"seat": 0, "name": "Ana", "kind": "human"},
            {"seat": 1, "name": "Bob", "kind": "bot", "level": "easy"},
        ],
        "keep_yellow": False,
        "hint": False,
    }
    session = Session.new(parse_settings(json.dumps(settings)), 4)
    return {
        "local_save": session.to_save(),
        "settings": json.dumps(settings),
        "guest_record": GuestRecord("Bob", "room-1234", "tabs", guest.to_save()).to_json(),
        "host_record": HostRecord("room-1234", host.to_save()).to_json(),
    }


def _all_decoders() -> dict[str, Decoder]:
    platform = _platform_samples()
    found = {
        "local_save": Decoder(platform["local_save"], MAX_SAVE_BYTES, _local_save),
        "settings": Decoder(platform["settings"], MAX_SETTINGS_BYTES, _settings),
        "guest_record": Decoder(platform["guest_record"], 4096, _prefs(GuestRecord.from_json)),
        "host_record": Decoder(
            platform["host_record"], 2 * MAX_SAVE_BYTES + 1024, _prefs(HostRecord.from_json)
        ),
    }
    for name, game in GAMES.items():
        prefix = "" if game is GAME else f"{name}:"
        for kind, decoder in _game_decoders(game, _game_samples(game)).items():
            found[prefix + kind] = decoder
    return found


def kind(name: str) -> str:
    """What a decoder reads ("state", "link", ...), whichever game it is for."""
    return name.rpartition(":")[2]


DECODERS = _all_decoders()
SAMPLES = {name: decoder.sample for name, decoder in DECODERS.items()}
"""Every decoder of outside text, by name. "host_frame" is a guest's frame as
the host reads it (at most MAX_GUEST_FRAME bytes); "guest_frame" a host's frame
as a guest reads it."""


# ----- hostile inputs


def _nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def _inside(sample: str, value: str) -> str:
    """The sample object with one more field holding `value` (raw JSON text)."""
    assert sample.endswith("}")
    return sample[:-1] + ',"zz":' + value + "}"


def _pack(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode("ascii").rstrip("=")


def link_payloads(name: str = "link") -> dict[str, str]:
    """Hostile replay links: their header, their zlib stream, their base64."""
    good = SAMPLES[name]
    packed = base64.urlsafe_b64decode(good + "=" * (-len(good) % 4))
    raw = zlib.decompress(packed)
    head, _, body = raw.partition(b"\n")
    header = head.decode()
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    spare = len(good) % 4 in (2, 3)  # the last character has bits to spare
    odd_last = last[(last.index(good[-1]) + 1) % 64]
    return {
        "header deep": _pack(b"[" * DEEP + b"\n"),
        "header deep in object": _pack(_inside(header, _nest(DEEP)).encode() + b"\n" + body),
        "header just too deep": _pack(_inside(header, _nest(33)).encode() + b"\n" + body),
        "header huge": _pack(_inside(header, '"' + "x" * 20_000 + '"').encode() + b"\n" + body),
        "header not UTF-8": _pack(b'{"v":1,"g":"\xff"}\n'),
        "no newline": _pack(head),
        "trailing zlib bytes": base64.urlsafe_b64encode(packed + b"\x00junk").decode().rstrip("="),
        "second zlib stream": base64.urlsafe_b64encode(packed + zlib.compress(b"x"))
        .decode()
        .rstrip("="),
        "truncated stream": base64.urlsafe_b64encode(packed[:-3]).decode().rstrip("="),
        "zip bomb": _pack(b"[" + b" " * (2 << 20)),
        "padding": good + "==",
        "bad character": good[:5] + "+" + good[6:],
        "space inside": good[:5] + " " + good[5:],
        "one character more": good + "A",
        "non-canonical last": good[:-1] + odd_last if spare else good + "=",
    }


def hostile(name: str) -> dict[str, str]:
    """The hostile texts for one decoder, by what each tries."""
    decoder = DECODERS[name]
    if kind(name) == "link":
        return link_payloads(name)
    sample, limit = decoder.sample, decoder.limit
    pad = limit - len(sample.encode()) + 1
    texts = {
        "empty": "",
        "space": " ",
        "nul": "\x00",
        "not UTF-8": '{"a":"\udcff"}',
        "lone surrogate": '"\ud800"',
        "BOM": "\ufeff" + sample,
        "deep open": "[" * DEEP,
        "deep closed": _nest(DEEP // 2),
        "deep objects": '{"a":' * (DEEP // 5) + "1" + "}" * (DEEP // 5),
        "just too deep": _nest(33),
        "deep in envelope": _inside(sample, _nest(DEEP)),
        "too deep in envelope": _inside(sample, _nest(33)),
        "deep in a string": _inside(sample, '"' + "[" * 1000 + '"'),
        "unterminated escapes": '"' + '\\"' * min(limit // 2 - 1, 100_000),
        "huge number": "1" * 5000,
        "truncated": sample[: len(sample) // 2],
        "trailing data": sample + "x",
        "trailing object": sample + "{}",
        "one byte too big": _inside(sample, '"' + "x" * pad + '"'),
        "too big in UTF-8": _inside(sample, '"' + "é" * (pad // 2 + 1) + '"'),
        "valid": sample,
    }
    if kind(name) == "host_frame":
        # Within the guest's 4 KB: nested in each frame type's own fields.
        protocol = json.loads(decoder.sample)["v"]
        deep = _nest(1500)
        texts |= {
            "deep hello": _frame(protocol, "hello", f'"name":"Eve","token":null,"x":{deep}'),
            "deep act": _frame(protocol, "act", f'"version":0,"action":{{"type":{deep}}}'),
            "deep sit": _frame(protocol, "sit", f'"seat":{deep}'),
        }
    if kind(name) == "guest_frame":
        protocol = json.loads(decoder.sample)["v"]
        for frame_type in ("welcome", "lobby", "state", "reject", "closed"):
            texts[f"deep {frame_type}"] = _frame(protocol, frame_type, f'"x":{_nest(DEEP)}')
    return texts


def _frame(protocol: str, frame_type: str, fields: str) -> str:
    """A frame's text with its fields as raw JSON text."""
    return f'{{"v":"{protocol}","t":"{frame_type}","n":1000000,{fields}}}'


def outcomes() -> dict[str, dict[str, str]]:
    return {
        name: {case: DECODERS[name].run(text) for case, text in hostile(name).items()}
        for name in DECODERS
    }


if __name__ == "__main__":
    print(json.dumps({"platform": sys.platform, "outcomes": outcomes()}, sort_keys=True))
