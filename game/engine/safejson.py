"""The one reader of JSON that comes from outside: links, saves, frames, files.

Every decoder of outside input calls `load_json`, which bounds the size and the
nesting *before* `json.loads` runs. Python's JSON parser recurses once per
nested array or object; under Pyodide the WebAssembly stack overflows long
before `sys.getrecursionlimit()` is reached, and that kills the page's Python
for good (no `except` can catch it). So depth is measured first, in linear time
and with C-speed string operations only, since a hostile text may be as long as
its limit allows.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from os import PathLike

from .errors import MalformedData
from .protocol import JSON

__all__ = [
    "MAX_ACTION_BYTES",
    "MAX_DEPTH",
    "MAX_SAVE_BYTES",
    "json_depth",
    "load_json",
    "load_json_file",
    "quote",
]

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects read. Real states, saves and frames
nest about 6 deep."""
MAX_SAVE_BYTES = 1 << 20
"""A saved game, match, state or scenario file. A long game's match is about
6 KB; browser storage holds about 5 MB in all."""
MAX_ACTION_BYTES = 4096
"""One action or one option as text (a click's argument, a command-line option),
the same bound as a guest's whole frame."""

# A string with its escapes already removed: a quote, no quote, a quote. Each
# match starts at a quote and the regex cannot backtrack, so the scan is linear;
# an unterminated string can only be the last one and is scanned once.
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_CHUNK = 1024
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

_QUOTE_LIMIT = 40


def quote(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """A short, safe rendering of outside input for an error message: strings
    and numbers cut to `limit` characters, containers named by their size, so
    that a refusal never echoes kilobytes of the sender's input back."""
    if isinstance(value, str):
        shown = repr(value[:limit])
        # repr escapes control and invisible characters, up to 10 characters each
        if len(shown) > limit + 2:
            return shown[: limit + 1] + "…"
        return shown if len(value) <= limit else shown + "…"
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        text = str(value) if value.bit_length() < 4 * limit else "a huge number"
        return text if len(text) <= limit else text[:limit] + "…"
    if isinstance(value, (list, tuple, dict)):
        return f"a {type(value).__name__} of {len(value)} items"
    return f"a {type(value).__name__}"


def _brackets(text: str) -> str:
    """The brackets of `text` outside its strings, in order."""
    # Drop escaped backslashes first, then escaped quotes: what is left of every
    # string holds no backslash-quote, so each string ends at its next quote.
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    return _NOT_BRACKET.sub("", _STRING.sub("", unescaped))


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in `text`, read as JSON, in linear time.

    Brackets inside strings do not count. On text that is not JSON the figure is
    an upper bound of what a parser would reach before failing."""
    return max(accumulate(map(_STEP.__getitem__, _brackets(text)), initial=0))


def _deeper_than(text: str, limit: int) -> bool:
    """Whether json_depth(text) > limit, stopping at the first chunk of brackets
    that goes deeper: a wall of brackets is refused after a thousand of them."""
    brackets = _brackets(text)
    if len(brackets) <= limit:
        return False
    depth = 0
    for start in range(0, len(brackets), _CHUNK):
        steps = map(_STEP.__getitem__, brackets[start : start + _CHUNK])
        levels = list(accumulate(steps, initial=depth))
        if max(levels) > limit:
            return True
        depth = levels[-1]
    return False


def load_json(
    text: str | bytes,
    what: str,
    *,
    max_bytes: int,
    max_depth: int = MAX_DEPTH,
) -> JSON:
    """Parse outside JSON, or raise MalformedData naming `what` and the reason.

    Codes: "too_large" (over `max_bytes` bytes of UTF-8), "too_deep" (nesting
    over `max_depth`), "malformed" (not UTF-8, lone surrogates included; not JSON)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise MalformedData(f"{what} is larger than {max_bytes} bytes", code="too_large")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedData(f"{what} is not UTF-8 text", code="malformed") from None
    elif not isinstance(text, str):
        raise MalformedData(f"{what} must be text, not {type(text).__name__}")
    if len(text) > max_bytes:  # each character is at least one byte
        raise MalformedData(f"{what} is larger than {max_bytes} bytes", code="too_large")
    if not text.isascii():
        _check_utf8(text, what, max_bytes)
    if _deeper_than(text, max_depth):
        raise MalformedData(f"{what} nests deeper than {max_depth} levels", code="too_deep")
    try:
        value = json.loads(text)
    except RecursionError:  # unreachable after the depth check; kept as a last guard
        raise MalformedData(f"{what} nests too deeply", code="too_deep") from None
    except ValueError as error:
        reason = str(error)[:80]
        raise MalformedData(f"{what} is not valid JSON ({reason})") from None
    if _SURROGATE_ESCAPE.search(text):  # "\ud800" escapes may decode to lone surrogates
        _check_utf8(json.dumps(value, ensure_ascii=False), what, None)
    return value


def _check_utf8(text: str, what: str, max_bytes: int | None) -> None:
    """Text from a JavaScript string may hold lone surrogates, which no UTF-8
    text can: refused here, they cannot break an encoder further on."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise MalformedData(f"{what} is not UTF-8 text (a lone surrogate)") from None
    if max_bytes is not None and size > max_bytes:
        raise MalformedData(f"{what} is larger than {max_bytes} bytes", code="too_large")


def load_json_file(
    path: str | PathLike[str],
    what: str,
    *,
    max_bytes: int,
    max_depth: int = MAX_DEPTH,
) -> JSON:
    """`load_json` of a file's bytes, reading no more than the limit allows;
    a file that cannot be opened (missing, a folder, no permission) is
    MalformedData "unreadable"."""
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise MalformedData(f"{what} cannot be read ({reason})", code="unreadable") from None
    return load_json(data, what, max_bytes=max_bytes, max_depth=max_depth)
