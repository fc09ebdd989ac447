"""Replay links: round trips of whole games (every action kind, extensions on),
their length, and corrupt links refused with a code and nothing half-decoded."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bossquest import GAME
from game.bossquest.actions import action_to_json
from game.engine import rng
from game.engine.errors import MalformedData
from game.engine.match import Match, replay
from game.engine.replaylink import (
    ReplayLink,
    decode_link,
    encode_link,
    legal_at,
)
from game.registry import GAMES

ALL = {"potions": True, "companions": True, "reaper": True}


def random_match(players: int, seed: int, limit: int = 5000, **options: Any) -> Match:
    """A whole game of random legal moves, as a match."""
    match = Match("bossquest", GAME.normalize_options({"players": players, **options}), seed)
    state = GAME.new_game(match.options, seed)
    dice = rng.seed_state(seed * 31 + 7)
    for _ in range(limit):
        if GAME.is_over(state):
            break
        legal = legal_at(GAME, state)
        index, dice = rng.below(dice, len(legal))
        seat, action = legal[index]
        state, _ = GAME.apply(state, seat, action)
        match = match.played(seat, action_to_json(action))
    return match


def link_of(match: Match, eye: int | None = None) -> ReplayLink:
    players = int(match.options["players"])
    names = tuple(f"Knight {i}" for i in range(players))
    return ReplayLink(match, eye, names, tuple(i == 0 for i in range(players)))


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {}), (5, 3, {"keep_yellow": True}), (4, 4, ALL), (6, 5, ALL), (3, 6, ALL)],
)
def test_whole_games_round_trip(players: int, seed: int, options: dict[str, Any]) -> None:
    match = random_match(players, seed, **options)
    assert GAME.is_over(replay(GAME, match))
    link = link_of(match)
    payload = encode_link(GAME, link)
    assert decode_link(GAMES, payload) == link
    # short: far fewer characters than the match's JSON
    assert len(payload) < len(match.canonical()) / 4
    print(f"{players} players {options}: {len(match.actions)} moves, {len(payload)} characters")


def test_every_action_kind_survives_a_round_trip() -> None:
    kinds: set[str] = set()
    matches = [random_match(2 + seed % 5, seed, **ALL) for seed in range(12)]
    matches.append(random_match(2, 15))  # a 2-player game with a pass at the Magician
    for match in matches:
        kinds |= {str(action["type"]) for _seat, action in match.actions}
        assert decode_link(GAMES, encode_link(GAME, link_of(match))).match == match
    wanted = {"ask", "visit", "activate", "discard", "choose", "read_potion", "look", "replace"}
    wanted |= {"ask_visit", "activate_mystery", "discard_mystery", "pass", "stop"}
    assert wanted <= kinds, wanted - kinds


def test_a_running_game_keeps_its_eyes_and_names() -> None:
    match = random_match(4, 9, limit=30)
    link = ReplayLink(match, 2, ("Ana", "Bérénice", "Cléo", "Dan"), (False, False, True, False))
    assert decode_link(GAMES, encode_link(GAME, link)) == link


def _pack(header: dict[str, Any], body: bytes = b"") -> str:
    raw = json.dumps(header).encode() + b"\n" + body
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


GOOD = {"v": 1, "g": "bossquest", "o": {"players": 2}, "s": 5, "e": 0, "n": ["A", "B"], "h": "10"}


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("", "link_encoding"),
        ("not base64 at all!", "link_encoding"),
        (base64.urlsafe_b64encode(b"plain bytes").decode(), "link_encoding"),
        (_pack({**GOOD, "v": 2}), "link_version"),
        (_pack({**GOOD, "g": "chess"}), "link_game"),
        (_pack({**GOOD, "o": {"players": 9}}), "link_data"),
        (_pack({**GOOD, "s": "five"}), "link_data"),
        (_pack({**GOOD, "n": ["A"]}), "link_data"),
        (_pack({**GOOD, "extra": 1}), "link_data"),
        (_pack({**GOOD, "e": 5}), "link_eye"),
        (_pack({**GOOD, "e": None}), "link_eye"),  # a running game seen by everyone
        (_pack(GOOD, bytes([99])), "link_action"),
        (_pack(GOOD, bytes([0x80])), "link_action"),
        ("A" * 70_000, "link_encoding"),
    ],
)
def test_corrupt_links_are_refused_with_a_reason(payload: str, code: str) -> None:
    with pytest.raises(MalformedData) as caught:
        decode_link(GAMES, payload)
    assert caught.value.code == code
    assert caught.value.message


def test_a_truncated_link_is_refused() -> None:
    payload = encode_link(GAME, link_of(random_match(3, 1)))
    with pytest.raises(MalformedData):
        decode_link(GAMES, payload[: len(payload) // 2])


def test_a_match_with_an_illegal_action_cannot_be_exported() -> None:
    match = Match("bossquest", GAME.normalize_options({"players": 2}), 1)
    match = match.played(1, {"type": "visit"})  # seat 1 is not to act
    with pytest.raises(MalformedData) as caught:
        encode_link(GAME, link_of(match, 0))
    assert caught.value.code == "link_action"


@settings(max_examples=300, deadline=None)
@given(
    header=st.dictionaries(
        st.sampled_from(["v", "g", "o", "s", "e", "n", "h", "x"]),
        st.recursive(
            st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=6),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.sampled_from(["players", "potions", "keep_yellow"]), inner)
            ),
            max_leaves=6,
        ),
    ),
    body=st.binary(max_size=40),
)
def test_any_header_and_moves_decode_or_are_refused_cleanly(
    header: dict[str, Any], body: bytes
) -> None:
    candidate = {**GOOD, **header}
    try:
        link = decode_link(GAMES, _pack(candidate, body))
    except MalformedData as error:
        assert error.code.startswith("link_")
    else:
        assert decode_link(GAMES, encode_link(GAME, link)) == link


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="ascii"), max_size=120))
def test_any_text_is_refused_cleanly(text: str) -> None:
    with pytest.raises(MalformedData):
        decode_link(GAMES, text)
