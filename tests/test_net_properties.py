"""Hypothesis properties: random text and random frames never make the host or a
guest raise, every refused frame changes nothing, and the host's every answer is
a well-formed frame."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.bossquest import GAME
from game.net import GuestSession
from game.net.frames import REACTIONS, protocol_id
from tests.test_net_flow import audit_frame, make_table, play_one, seated_table

PROTO = protocol_id(GAME)

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
)
_json = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_keys = st.sampled_from(
    ["v", "t", "n", "name", "token", "seat", "version", "action", "reason", "id", "accept", "x"]
)
_guest_types = ["hello", "sit", "act", "sync", "bye", "react", "rematch"]
_types = st.sampled_from([*_guest_types, "welcome", "state", "reaction", "nope"])


@st.composite
def frames(draw: st.DrawFn) -> str:
    """Near-miss frames: the right envelope most of the time, odd fields and values."""
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["v"] = PROTO if draw(st.integers(0, 4)) else draw(_json)
    if draw(st.integers(0, 5)):
        data["t"] = draw(_types)
    if draw(st.integers(0, 5)):
        data["n"] = draw(st.integers(-2, 10**6) | _json)
    for key in draw(st.lists(_keys, max_size=4)):
        data[key] = draw(_json)
    if data.get("t") == "act" and draw(st.booleans()):
        data["action"] = draw(
            st.fixed_dictionaries({"type": st.sampled_from(["ask", "visit", "choose"])})
        )
    if data.get("t") in ("react", "reaction") and draw(st.booleans()):
        data["id"] = draw(st.sampled_from(REACTIONS))
    return json.dumps(data, allow_nan=True)


_texts = st.one_of(frames(), st.text(max_size=60), _json.map(lambda v: json.dumps(v)))


def _answer_is_sound(table: Any, peer: str, sends: list[tuple[str, str]]) -> None:
    for to, text in sends:
        frame = json.loads(text)
        assert frame["v"] == PROTO and isinstance(frame["n"], int)
        audit_frame(table.host, to, text)
        if frame["t"] == "reject":
            assert to == peer


@settings(max_examples=150, deadline=None)
@given(st.lists(_texts, min_size=1, max_size=6))
def test_random_frames_in_the_lobby_never_raise(texts: list[str]) -> None:
    table = make_table(3)
    bob = table.join("Bob", 1)
    for text in texts:
        before = table.host.to_save()
        sends = table.host.receive(bob, text)
        _answer_is_sound(table, bob, sends)
        if any(json.loads(t)["t"] == "reject" for _p, t in sends):
            assert table.host.to_save() == before


@settings(max_examples=150, deadline=None)
@given(st.lists(_texts, min_size=1, max_size=6), st.integers(0, 40))
def test_random_frames_in_play_never_raise_nor_change_the_game(
    texts: list[str], stranger_at: int
) -> None:
    table, (bob, _chloe) = seated_table(3, 31)
    peers = [bob, table.hub.connect(GuestSession("Zed", game=GAME), hello=False)]
    for index, text in enumerate(texts):
        peer = peers[(index + stranger_at) % 2]
        before = table.host.to_save()
        sends = table.host.receive(peer, text)
        _answer_is_sound(table, peer, sends)
        rejected = any(json.loads(t)["t"] == "reject" for _p, t in sends)
        if rejected or peer != bob:
            assert table.host.to_save() == before


@settings(max_examples=150, deadline=None)
@given(st.lists(_texts, min_size=1, max_size=8))
def test_a_guest_never_raises_on_random_host_frames(texts: list[str]) -> None:
    table, (bob, _chloe) = seated_table(3, 32)
    guest = table.guests[bob]
    for text in texts:
        view, events = guest.view, list(guest.events)
        answer = guest.receive(text)
        assert answer in ("welcome", "lobby", "state", "reject", "closed", "reaction", "ignored")
        if answer in ("ignored", "reject", "closed", "welcome"):
            assert guest.view == view and guest.events == events


_ACTION_TYPES = [
    "ask",
    "visit",
    "stop",
    "pass",
    "activate",
    "discard",
    "activate_mystery",
    "discard_mystery",
    "choose",
    "read_potion",
    "look",
    "look_mystery",
    "replace",
    "ask_visit",
    "take_life",
    "become_reaper",
    "fly",
]
_ACTION_FIELDS = ["count", "card", "target", "amount", "other", "sign", "type", "seat"]
_small = st.one_of(st.integers(-2, 60), _scalars)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(_ACTION_TYPES),
    st.dictionaries(st.sampled_from(_ACTION_FIELDS), _small, max_size=3),
    st.integers(0, 30),
    st.none() | st.integers(0, 20),
)
def test_random_actions_at_the_right_version_are_played_or_refused_cleanly(
    kind: str, extra: dict[str, Any], moves: int, pick: int | None
) -> None:
    """Whatever action a guest proposes on its turn, the host plays it (it was
    legal) or refuses it with malformed / illegal:<reason>, changing nothing."""
    table, _peers = seated_table(3, 33, potions=True, companions=True, reaper=True)
    dice = 4
    for _ in range(moves):
        if table.host.phase != "playing":
            break
        dice = play_one(table, dice)
    seat = table.host.to_act()
    if seat not in (1, 2):
        event("a bot or the host is to act")
        return
    peer, guest = table.guest_at(seat)
    action = {"type": kind, **{k: v for k, v in extra.items() if k != "type"}}
    if pick is not None:  # a legal action, sometimes with a field changed
        action = {**guest.legal[pick % len(guest.legal)], **extra}
    before = table.host.to_save()
    sends = table.host.receive(peer, guest.propose(action))
    _answer_is_sound(table, peer, sends)
    frames = [json.loads(text) for _p, text in sends]
    event(frames[0]["t"] if frames[0]["t"] != "reject" else frames[0]["code"].split(":")[0])
    if frames[0]["t"] == "reject":
        assert frames[0]["code"] == "malformed" or frames[0]["code"].startswith("illegal:")
        assert table.host.to_save() == before
    else:
        assert guest.version is not None and table.host.version == guest.version + 1
        assert table.host.match.actions[-1][1] == GAME.action_to_json(GAME.action_from_json(action))
