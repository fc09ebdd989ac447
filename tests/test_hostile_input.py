"""Hostile input to every decoder of outside input (issue #11): deep nesting
(inside valid envelopes too), huge and tiny sizes, truncations, bit flips,
trailing data, text that is not UTF-8. Each decoder answers with its documented
error type and code, changes nothing, never hangs and raises nothing else; its
message quotes the input at short length only. The same inputs run inside
Pyodide, where a stack overflow in json.loads is fatal.

The decoders and the inputs are in tests/pyodide/hostile_decoders.py, which
runs as a script in Pyodide and is loaded here for CPython.
"""

from __future__ import annotations

import base64
import contextlib
import json
import runpy
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bossquest import GAME
from game.bossquest.actions import action_from_json
from game.engine import safejson
from game.engine.codec import decode_state, encode_state
from game.engine.errors import MAX_MESSAGE, GameError, MalformedData
from game.engine.match import Match, replay
from game.engine.replaylink import decode_link
from game.engine.safejson import json_depth, load_json, load_json_file, quote
from game.net import GuestSession, HostSession
from game.net.frames import (
    GUEST_TYPES,
    MAX_GUEST_FRAME,
    MAX_HOST_FRAME,
    REJECT_CODES,
    FrameError,
    encode,
    parse_frame,
)
from game.registry import GAMES
from game.web.net_prefs import GuestRecord, HostRecord
from game.web.session import SaveError, Session
from game.web.settings import parse_settings
from game.web.tutorial import TutorialSession, load_tutorial
from tests.pyodide_server import PyodideServer, last_json, run_cpython

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "hostile_decoders.py"

_SHARED = runpy.run_path(str(SCRIPT), run_name="hostile_decoders")
DECODERS: dict[str, Any] = _SHARED["DECODERS"]
SAMPLES: dict[str, str] = _SHARED["SAMPLES"]
PROTOCOL: str = _SHARED["PROTOCOL"]
hostile: Callable[[str], dict[str, str]] = _SHARED["hostile"]
_table: Callable[[], tuple[HostSession, Any, str, GuestSession]] = _SHARED["_table"]
kind: Callable[[str], str] = _SHARED["kind"]

SHORT = 200
"""A refusal quoting the input is at most this long, however long the input."""

# ----- what each decoder answers


_MALFORMED = {"state", "match", "host_save", "guest_save", "scenario"}
_OTHER = {
    "local_save": "SaveError",
    "settings": "ValueError",
    "guest_record": "none",
    "host_record": "none",
    "cli_replay": "exit 2 error",
    "cli_scenario": "exit 2 error",
}
_DEEP = ("deep open", "deep closed", "deep objects", "deep in envelope")
_TOO_DEEP = ("just too deep", "too deep in envelope")
_TOO_BIG = ("one byte too big", "too big in UTF-8")


def expected(name: str, case: str, text: str) -> str | None:
    """The documented answer of decoder `name` to a hostile case (None: any
    documented refusal)."""
    limit = DECODERS[name].limit
    name = kind(name)  # a reader answers alike for every game
    big = len(text.encode("utf-8", "surrogatepass")) > limit
    if case == "valid":
        return "ok"
    if name in _OTHER:
        # An extra field of plain text: settings ignore fields they do not know,
        # a scenario file that reads as JSON fails as a scenario.
        odd = {"settings": "ok", "cli_scenario": "exit 1"}
        return odd.get(name, _OTHER[name]) if case == "deep in a string" else _OTHER[name]
    if name in _MALFORMED:
        if big:
            return "too_large"
        return "too_deep" if case in _DEEP + _TOO_DEEP else None
    if name == "host_frame":  # the net layer has one code for deep and for not JSON
        return "too_large" if big else "malformed"
    if name == "guest_frame":
        return "ignored:too_large" if big else "ignored:malformed"
    assert name == "link"
    return "link_data" if case.startswith("header") or case == "no newline" else "link_encoding"


def sound(name: str, outcome: str) -> bool:
    """An answer a decoder may give at all: its documented error type, and the
    session unchanged."""
    name = kind(name)
    if "CRASH" in outcome or "CHANGED" in outcome:
        return False
    if name == "host_frame":
        return outcome == "ok" or outcome in REJECT_CODES or outcome.startswith("illegal:")
    if name == "guest_frame":
        return outcome == "ok" or outcome.removeprefix("ignored:") in REJECT_CODES
    if name in _OTHER:
        return outcome in ("ok", _OTHER[name], "exit 1")
    return True  # MalformedData with any code (anything else is a CRASH)


@pytest.mark.parametrize("name", sorted(DECODERS))
def test_every_decoder_refuses_hostile_input_as_documented(name: str) -> None:
    start = time.perf_counter()
    for case, text in hostile(name).items():
        outcome = DECODERS[name].run(text)
        assert sound(name, outcome), (case, outcome)
        wanted = expected(name, case, text)
        if wanted is not None:
            assert outcome == wanted, (case, outcome)
        else:
            assert outcome != "ok", case
    # At the limits, the deepest and biggest inputs are refused in well under a second each.
    assert time.perf_counter() - start < 20


# ----- truncations, bit flips, trailing data (Hypothesis)

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(name=st.sampled_from(sorted(DECODERS)), data=st.data())
def test_truncated_inputs_are_refused_cleanly(name: str, data: st.DataObject) -> None:
    sample = SAMPLES[name]
    cut = data.draw(st.integers(0, len(sample) - 1), label="cut")
    outcome = DECODERS[name].run(sample[:cut])
    assert sound(name, outcome), outcome
    assert outcome != "ok"


@FUZZ
@given(name=st.sampled_from(sorted(DECODERS)), data=st.data())
def test_bit_flips_are_refused_or_read_cleanly(name: str, data: st.DataObject) -> None:
    raw = bytearray(SAMPLES[name].encode())
    for _ in range(data.draw(st.integers(1, 3), label="flips")):
        index = data.draw(st.integers(0, len(raw) - 1), label="at")
        raw[index] ^= 1 << data.draw(st.integers(0, 7), label="bit")
    # Bytes that are not UTF-8 come in as lone surrogates (a file holds them as they were).
    outcome = DECODERS[name].run(raw.decode("utf-8", "surrogateescape"))
    assert sound(name, outcome), outcome


# Readers of files and states are quick enough to try every single-bit flip: a
# sampled fuzz found a flipped option key and a flipped turn only in CI.
_EVERY_FLIP = sorted(
    n
    for n in DECODERS
    if kind(n) not in ("guest_frame", "host_frame", "cli_replay", "cli_scenario")
)


@pytest.mark.parametrize("name", _EVERY_FLIP)
def test_every_single_bit_flip_is_refused_or_read_cleanly(name: str) -> None:
    raw = SAMPLES[name].encode()
    for index in range(len(raw)):
        for bit in range(8):
            flipped = bytearray(raw)
            flipped[index] ^= 1 << bit
            outcome = DECODERS[name].run(flipped.decode("utf-8", "surrogateescape"))
            assert sound(name, outcome), (index, bit, outcome)


@FUZZ
@given(
    name=st.sampled_from(sorted(DECODERS)),
    tail=st.text(min_size=1, max_size=20).filter(lambda t: t.strip() != ""),
)
def test_trailing_data_is_refused(name: str, tail: str) -> None:
    if kind(name) == "link":
        tail = "".join(c for c in tail if c.isascii() and (c.isalnum() or c in "-_")) or "A"
    outcome = DECODERS[name].run(SAMPLES[name] + tail)
    assert sound(name, outcome), outcome
    assert outcome != "ok"


@FUZZ
@given(
    name=st.sampled_from(sorted(name for name in DECODERS if kind(name) != "link")),
    text=st.text(alphabet='[]{}",:\\ 0aé\x00\ud800', max_size=300),
)
def test_any_bracket_soup_is_refused_cleanly(name: str, text: str) -> None:
    assert sound(name, DECODERS[name].run(text))


# ----- the pyodide run: every decoder, the same answers, no fatal stack overflow


def test_every_decoder_answers_the_same_inside_pyodide(pyodide: PyodideServer) -> None:
    # A stack overflow inside Pyodide is fatal: the server ends with no answer.
    runs = {"pyodide": last_json(pyodide.run(SCRIPT)), "cpython": last_json(run_cpython(SCRIPT))}
    assert runs["pyodide"]["platform"] == "emscripten"
    assert runs["pyodide"]["outcomes"] == runs["cpython"]["outcomes"]
    for name, answers in runs["pyodide"]["outcomes"].items():
        for case, outcome in answers.items():
            assert sound(name, outcome), (name, case, outcome)
    assert runs["pyodide"]["outcomes"]["state"]["deep open"] == "too_deep"
    assert runs["pyodide"]["outcomes"]["link"]["header deep"] == "link_data"
    assert runs["pyodide"]["outcomes"]["theboss:state"]["deep open"] == "too_deep"
    assert runs["pyodide"]["outcomes"]["theboss:guest_frame"]["deep state"] == "ignored:malformed"


# ----- the one bounded reader


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


def _reached(text: str) -> int:
    """An upper bound of the depth json.loads reaches on `text` before it fails:
    strings read exactly (escapes too), everything else taken as it comes; it
    stops where the parser must stop (a backslash outside a string, a closing
    bracket too many, the end of the top-level array or object)."""
    depth = peak = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == "\\":
            break
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            peak = max(peak, depth)
        elif char in "]}":
            if depth == 0:
                break
            depth -= 1
            if depth == 0:
                break
    return peak


_TRICKY = st.text(alphabet='[]{}"\\/ab é\n', max_size=8)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _TRICKY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TRICKY, inner, max_size=3),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(_JSON)
def test_json_depth_is_exact_on_json(value: Any) -> None:
    text = json.dumps(value, ensure_ascii=False)
    assert json_depth(text) == _depth(value)
    assert json_depth(json.dumps(value, indent=1)) == _depth(value)


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet='[]{}"\\ ,:a', max_size=60), st.integers(0, 8))
def test_json_depth_never_underestimates_what_the_parser_reaches(text: str, limit: int) -> None:
    assert json_depth(text) >= _reached(text)
    assert safejson._deeper_than(text, limit) == (json_depth(text) > limit)


@settings(max_examples=200, deadline=None)
@given(_JSON, st.data())
def test_damaged_json_keeps_an_upper_bound(value: Any, data: st.DataObject) -> None:
    text = json.dumps(value)
    at = data.draw(st.integers(0, len(text)))
    damaged = text[:at] + data.draw(st.sampled_from(["", "\\", '"', "[", "]", "\\\\"])) + text[at:]
    assert json_depth(damaged) >= _reached(damaged)


def test_load_json_codes() -> None:
    def code(text: str | bytes, **limits: int) -> str:
        with pytest.raises(MalformedData) as caught:
            load_json(text, "the input", **{"max_bytes": 100, **limits})
        assert len(caught.value.message) < SHORT
        return caught.value.code

    assert load_json(b'{"a": [1]}', "x", max_bytes=10) == {"a": [1]}
    assert code("x" * 101) == "too_large"
    assert code(b"1" * 101) == "too_large"
    assert code('"' + "é" * 50 + '"') == "too_large"  # 52 characters, 102 bytes
    assert code("[" * 33 + "]" * 33) == "too_deep"
    assert code("[[1]]", max_depth=1) == "too_deep"
    assert load_json('"[[[["', "x", max_bytes=100, max_depth=1) == "[[[["
    assert code(b"\xff") == "malformed"
    assert code("\ufeff{}") == "malformed"
    # Lone surrogates (a JavaScript string may hold them), raw or escaped: no UTF-8
    # encoder further on may meet them.
    assert code('"\ud800"') == "malformed"
    assert code('["\\udfff"]') == "malformed"
    assert load_json('"\\ud83d\\ude00 \\\\ud800"', "x", max_bytes=100) == "😀 \\ud800"
    assert code("") == "malformed"
    assert code("{} {}") == "malformed"
    assert code("1" * 5000, max_bytes=10_000) == "malformed"  # past int's 4300 digits
    with pytest.raises(MalformedData):
        load_json(None, "x", max_bytes=10)  # type: ignore[arg-type]


def test_load_json_file_codes(tmp_path: Path) -> None:
    def code(path: Path) -> str:
        with pytest.raises(MalformedData) as caught:
            load_json_file(path, str(path), max_bytes=1000)
        return caught.value.code

    assert code(tmp_path / "missing.json") == "unreadable"
    assert code(tmp_path) == "unreadable"
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 5000 + b"1")
    assert code(big) == "too_large"
    odd = tmp_path / "odd.json"
    odd.write_bytes(b'"\xc3"')
    assert code(odd) == "malformed"


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * (MAX_HOST_FRAME // 2 - 1),  # quadratic for the old regex: minutes
        '{"v":"x","t":"sync","n":1,"x":"' + '\\"' * (MAX_HOST_FRAME // 2 - 20),
        "\\" * MAX_HOST_FRAME,
        '"\\\\' * (MAX_HOST_FRAME // 3),
        "[" * MAX_HOST_FRAME,
        ("[" * 32 + "]" * 32) * (MAX_HOST_FRAME // 64),
        '["' * (MAX_HOST_FRAME // 2),
    ],
)
def test_a_frame_at_the_limit_is_read_in_linear_time(text: str) -> None:
    """A 256 KiB host frame, built to be the worst case of a depth scan, is
    refused (or read) in milliseconds, not minutes."""
    start = time.perf_counter()
    for limit in (MAX_GUEST_FRAME, MAX_HOST_FRAME):
        with pytest.raises(FrameError):
            parse_frame(text, PROTOCOL, 0, limit, GUEST_TYPES)
    assert time.perf_counter() - start < 1.0


def _best(text: str, limit: int) -> float:
    """The best of a few times of parse_frame on `text`."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        with contextlib.suppress(FrameError):
            parse_frame(text, PROTOCOL, 0, limit, GUEST_TYPES)
        times.append(time.perf_counter() - start)
    return min(times)


def test_a_hostile_guest_frame_costs_the_host_no_more_than_a_normal_one() -> None:
    """At the guest's 4 KB, the worst frames for a depth scan cost a small multiple
    of a normal frame of the same size (the old regex: about a thousand times)."""
    seats: list[dict[str, Any]] = []
    while len(normal := json.dumps({"t": "sync", "seats": seats})) < MAX_GUEST_FRAME - 60:
        seats.append({"seat": len(seats), "name": "Ana", "kind": "guest", "on": True})
    base = _best(normal, MAX_GUEST_FRAME)
    for text in (
        '"' + '\\"' * (MAX_GUEST_FRAME // 2 - 1),
        '{"v":"x","t":"sync","n":1,"x":"' + '\\"' * (MAX_GUEST_FRAME // 2 - 20),
        ("[" * 32 + "]" * 32) * (MAX_GUEST_FRAME // 64),
        "[" * MAX_GUEST_FRAME,
        '["' * (MAX_GUEST_FRAME // 2),
    ):
        assert len(text.encode()) <= MAX_GUEST_FRAME
        assert _best(text, MAX_GUEST_FRAME) < 20 * base + 0.001, text[:40]


def test_quote_is_short_and_safe() -> None:
    assert quote("colour") == "'colour'"
    assert len(quote("x" * 5_000_000)) <= 45
    assert len(quote("\x00" * 1000)) <= 45  # escapes are cut too
    assert len(quote("\U000e0001" * 1000)) <= 45
    assert quote(7) == "7" and quote(None) == "None" and quote(1.5) == "1.5"
    assert len(quote(10**4000)) <= 45
    assert len(quote(-(10**100))) <= 45
    assert quote([1, 2]) == "a list of 2 items"
    assert quote({"a": 1}) == "a dict of 1 items"
    assert quote(b"x") == "a bytes"


def test_no_game_error_message_is_long() -> None:
    """The last guard: a path that does not quote is cut all the same."""
    error = MalformedData("x" * 100_000)
    assert len(error.message) == MAX_MESSAGE
    assert len(str(error)) < MAX_MESSAGE + 20
    assert GameError("c", "short").message == "short"


# ----- refusals quote a long string field at short length


LONG = "x" * 3_900
HUGE = "y" * 500_000
KEYS = [f"k{i}" for i in range(9999)]


def _message(call: Callable[[], object], error: type[Exception] = MalformedData) -> str:
    with pytest.raises(error) as caught:
        call()
    exc = caught.value
    return exc.message if isinstance(exc, GameError) else str(exc)


def _pack(header: dict[str, Any], body: bytes = b"") -> str:
    raw = json.dumps(header).encode() + b"\n" + body
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


_LINK = {"v": 1, "g": "bossquest", "o": {"players": 2}, "s": 5, "e": 0, "n": ["A", "B"], "h": "10"}
_STATE = encode_state(GAME, GAME.new_game({"players": 3}, 1))


@pytest.mark.parametrize(
    ("decoder", "call"),
    [
        ("link game", lambda: decode_link(GAMES, _pack({**_LINK, "g": LONG}))),
        ("link version", lambda: decode_link(GAMES, _pack({**_LINK, "v": LONG}))),
        ("link options", lambda: decode_link(GAMES, _pack({**_LINK, "o": {LONG: 1}}))),
        ("link players", lambda: decode_link(GAMES, _pack({**_LINK, "o": {"players": LONG}}))),
        ("state game", lambda: decode_state(GAME, {**_STATE, "game": HUGE})),
        ("state schema", lambda: decode_state(GAME, {**_STATE, "schema": HUGE})),
        ("state field", lambda: decode_state(GAME, {**_STATE, "state": {HUGE: 1}})),
        ("match game", lambda: replay(GAME, Match(HUGE, {"players": 2}, 1))),
        (
            "match schema",
            lambda: Match.from_json({**Match("b", {}, 1).to_json(), "schema": HUGE}),
        ),
        ("action type", lambda: action_from_json({"type": LONG})),
        ("action field", lambda: action_from_json({"type": "ask", "count": LONG})),
        ("action keys", lambda: action_from_json({"type": "ask", **dict.fromkeys(KEYS, 1)})),
        ("action key", lambda: action_from_json({"type": "visit", LONG: 1})),
        ("options", lambda: GAME.normalize_options({"players": 10**3000})),
        ("options field", lambda: GAME.normalize_options({"players": 2, "potions": HUGE})),
        ("seed", lambda: GAME.new_game({"players": 2}, HUGE)),  # type: ignore[arg-type]
        (
            "host save game",
            lambda: HostSession.from_save(
                GAME, SAMPLES["host_save"].replace('"game":"bossquest"', f'"game":"{HUGE}"')
            ),
        ),
        (
            "host save kind",
            lambda: HostSession.from_save(
                GAME, SAMPLES["host_save"].replace('"kind":"host"', f'"kind":"{HUGE}"')
            ),
        ),
        (
            "guest save seat",
            lambda: GuestSession.from_save(
                json.dumps({"save": "guest", "version": 1, "name": "A", "token": 1, "seat": LONG}),
                game=GAME,
            ),
        ),
        (
            "guest save name",
            lambda: GuestSession.from_save(
                json.dumps({"save": "guest", "version": 1, "name": LONG, "token": None, "seat": 1}),
                game=GAME,
            ),
        ),
    ],
)
def test_refusals_quote_long_fields_briefly(decoder: str, call: Callable[[], object]) -> None:
    message = _message(call)
    assert len(message) < SHORT, (decoder, len(message), message[:300])


def test_web_refusals_quote_long_fields_briefly() -> None:
    settings_data = json.loads(SAMPLES["settings"])
    for change in ({"lang": HUGE}, {"version": HUGE}, {"players": [{"seat": HUGE}] * 2}):
        text = json.dumps({**settings_data, **change})
        message = _message(lambda text=text: parse_settings(text), ValueError)  # type: ignore[misc]
        assert len(message) < SHORT, message[:300]
    save = json.loads(SAMPLES["local_save"])
    save["settings"]["lang"] = HUGE
    message = _message(lambda: Session.from_save(json.dumps(save)), SaveError)
    assert len(message) < SHORT, message[:300]


@pytest.mark.parametrize(
    "fields",
    [
        {"t": LONG},
        {"t": "act", "version": 0, "action": {"type": LONG}},
        {"t": "act", "version": int("9" * 3000), "action": {"type": "visit"}},
        {"t": "act", "version": 0, "action": {"type": "ask", "count": int("9" * 3000)}},
        {"t": "sit", "seat": int("9" * 3000)},
        {"t": "sync", LONG: 1},
        {"t": "hello", "name": LONG, "token": None},
    ],
)
def test_frame_rejects_quote_briefly(fields: dict[str, Any]) -> None:
    host, _hub, peer, _guest = _table()
    text = json.dumps({"v": PROTOCOL, "n": 10**6, **fields})
    assert len(text) <= MAX_GUEST_FRAME
    sends = host.receive(peer, text)
    reject = json.loads(sends[0][1])
    assert reject["t"] == "reject", reject
    assert len(reject["detail"]) < SHORT, reject["detail"][:300]


@pytest.mark.parametrize(
    "fields",
    [{"t": LONG * 10}, {"t": "closed", LONG * 10: 1}, {"t": "welcome", "seat": LONG * 10}],
)
def test_a_guest_notes_hostile_host_frames_briefly(fields: dict[str, Any]) -> None:
    _host, _hub, _peer, guest = _table()
    text = json.dumps({"v": PROTOCOL, "n": 10**6, **{"token": None, "host": {}}, **fields})
    assert guest.receive(text) == "ignored"
    assert guest.last_ignored is not None and len(guest.last_ignored[1]) < SHORT


def test_the_tutorial_refuses_a_hostile_click() -> None:
    session = TutorialSession(load_tutorial("basic_turn"), name="basic_turn")
    for arg in ("[" * 100_000, "x" * 10_000, '{"type":"' + LONG + '"}', "\ud800"):
        before = (session.progress, session.state)
        assert session.command("act", arg)
        assert session.explain.startswith("refused:malformed:")
        assert len(session.explain) < SHORT
        assert (session.progress, session.state) == before


def test_net_records_refuse_the_deepest_input() -> None:
    assert GuestRecord.from_json("[" * 100_000) is None
    assert HostRecord.from_json('{"room":' + "[" * 100_000) is None
    assert GuestRecord.from_json(SAMPLES["guest_record"]) is not None


def test_a_guest_takes_in_only_known_reject_codes_and_short_details() -> None:
    """The page shows a reject's code and detail: a hostile host sends neither
    an unknown code nor a novel."""
    for code, detail, answer in (
        ("illegal:not_your_turn", "it is seat 0's turn", "reject"),
        ("stale", "", "reject"),
        ("<b>" + LONG, "x", "ignored"),
        ("illegal:" + LONG, "x", "ignored"),
        ("stale", LONG, "ignored"),
    ):
        _host, _hub, _peer, guest = _table()
        fields = {"code": code, "ref": None, "detail": detail}
        assert guest.receive(encode(PROTOCOL, "reject", 10**6, fields)) == answer
        if answer == "ignored":
            assert guest.last_ignored is not None and len(guest.last_ignored[1]) < SHORT
