"""The ICE servers setting: each line checked (scheme, host, port, transport,
user and password), a refused one named with its reason in French and
English, the setting kept on the device only while every line is good."""

from __future__ import annotations

from html import unescape

import pytest

from game.web.net_prefs import ICE_KEY, ICE_REASONS, IceError, parse_ice
from game.web.net_strings import ntr
from tests.test_net_page import Wire

TURN = "turn:203.0.113.1:3478?transport=udp player secret"


@pytest.mark.parametrize(
    ("text", "servers"),
    [
        ("", []),
        ("stun:stun.l.google.com:19302", [{"urls": "stun:stun.l.google.com:19302"}]),
        ("STUNS:Stun.Example.org", [{"urls": "STUNS:Stun.Example.org"}]),
        ("stun:[2001:db8::1]:3478", [{"urls": "stun:[2001:db8::1]:3478"}]),
        (TURN, [{"urls": TURN.split()[0], "username": "player", "credential": "secret"}]),
        (
            "  turns:turn.example.org:5349?transport=tcp  u  p \n\n stun:s.example.org \n",
            [
                {
                    "urls": "turns:turn.example.org:5349?transport=tcp",
                    "username": "u",
                    "credential": "p",
                },
                {"urls": "stun:s.example.org"},
            ],
        ),
    ],
)
def test_good_lines_become_ice_servers(text: str, servers: list[dict[str, str]]) -> None:
    assert parse_ice(text) == servers


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("http://example.org", 1, "scheme"),
        ("javascript:alert(1)", 1, "scheme"),
        ("stun.example.org:3478", 1, "scheme"),
        ("stun:", 1, "host"),
        ("stun://stun.example.org", 1, "host"),
        ("stun:bad_name.example.org", 1, "host"),
        ("stun:-dash.example.org", 1, "host"),
        ("stun:[fe80::1%eth0]", 1, "host"),
        ("stun:s.example.org:0", 1, "port"),
        ("stun:s.example.org:65536", 1, "port"),
        ("stun:s.example.org:34a", 1, "port"),
        ("stun:s.example.org:", 1, "port"),
        ("stun:s.example.org?transport=udp", 1, "transport"),
        ("turn:t.example.org?transport=sctp u p", 1, "transport"),
        ("turn:t.example.org?foo=1 u p", 1, "transport"),
        ("turn:t.example.org:3478", 1, "turn_login"),
        ("stun:s.example.org u p", 1, "stun_login"),
        ("turn:t.example.org u", 1, "words"),
        ("turn:t.example.org u p extra", 1, "words"),
        ("stun:s.example.org\n\nturn:t.example.org", 3, "turn_login"),
        ("stun:" + "a" * 600, 1, "long"),
        ("\n".join(["stun:s.example.org"] * 11), 11, "long"),
    ],
)
def test_a_bad_line_is_named_with_its_reason(text: str, line: int, reason: str) -> None:
    with pytest.raises(IceError) as caught:
        parse_ice(text)
    assert (caught.value.line, caught.value.reason) == (line, reason)
    assert reason in ICE_REASONS and len(caught.value.text) <= 60


def test_every_reason_is_worded_in_both_languages_with_the_line() -> None:
    for reason in ICE_REASONS:
        for lang, word in (("fr", "Ligne 2"), ("en", "Line 2")):
            text = ntr(f"ice_{reason}", lang, line=2, text="turn:x")
            assert text.startswith(word) and "turn:x" in text, text
            if lang == "fr":
                assert "'" not in text  # the typographic apostrophe


def _ice_field(html: str) -> tuple[str, str]:
    """The ICE field's message and whether the field is marked invalid."""
    start = html.index('id="net-ice-error"')
    message = html[html.index(">", start) + 1 : html.index("</p>", start)]
    field = html[html.index('<textarea id="net-ice"') :]
    invalid = 'aria-invalid="true"' in field[: field.index(">")]
    return unescape(message), "invalid" if invalid else "valid"


def test_the_setting_is_checked_as_it_is_typed_and_kept_when_good() -> None:
    tab = Wire().tab()
    tab.open()
    tab.send(kind="net-open")
    assert _ice_field(tab.html) == ("", "valid")
    typed = ""
    for char in "turn:t.example.org:3478 u":
        typed += char
        tab.send(kind="lobby-change", id="net-ice", value=typed)
    # half typed: refused with its reason, nothing stored, the text kept as typed
    message, state = _ice_field(tab.html)
    assert state == "invalid" and message.startswith("Line 1 (turn:t.example.org:3478 u)")
    assert "password" in message and ICE_KEY not in tab.browser.local
    assert ">turn:t.example.org:3478 u</textarea>" in tab.html
    tab.send(kind="lobby-change", id="net-ice", value=typed + " p\n")
    assert tab.browser.local[ICE_KEY] == "turn:t.example.org:3478 u p"
    assert _ice_field(tab.html) == ("", "valid")
    # a later mistake keeps the last good setting, which host and guest use
    tab.send(kind="lobby-change", id="net-ice", value="turn:t.example.org:99999 u p")
    assert tab.browser.local[ICE_KEY] == "turn:t.example.org:3478 u p"
    assert "65535" in _ice_field(tab.html)[0]
    assert tab.net._ice_servers() == [
        {"urls": "turn:t.example.org:3478", "username": "u", "credential": "p"}
    ]


def test_a_guest_sets_the_relay_on_the_invitations_screen_and_its_answer_uses_it() -> None:
    wire = Wire()
    host = wire.tab()
    host.open()
    host.send(kind="net-open")
    host.send(kind="lobby-change", id="net-ice", value=TURN)
    host.lobby_click("net-host", name="Alice")
    host.lobby_click("net-invite")
    invite = [m for m in host.received if m["kind"] == "invite"][-1]
    assert invite["ice"] == [
        {"urls": TURN.split()[0], "username": "player", "credential": "secret"}
    ]
    guest = wire.tab()
    guest.open(hash_=f"#join={host.invite_code}")
    assert guest.phase == "lobby:join" and 'id="net-ice"' in guest.html
    guest.send(kind="lobby-change", id="net-ice", value="turn:relay.example.org u")
    assert "Line 1 (turn:relay.example.org u)" in unescape(guest.html)
    guest.send(kind="lobby-change", id="net-ice", value="turn:relay.example.org u p")
    assert guest.phase == "lobby:join" and _ice_field(guest.html) == ("", "valid")
    guest.lobby_click("net-join-rtc", name="Bob")
    answer = [m for m in guest.received if m["kind"] == "answer"][-1]
    assert answer["ice"] == [{"urls": "turn:relay.example.org", "username": "u", "credential": "p"}]
