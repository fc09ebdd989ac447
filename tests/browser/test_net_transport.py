"""The page's network transports (site/assets/net.js, pairing.js) in Chromium.

Tabs: BroadcastChannel with frames sealed per pair (a tab listening on the
channel sees no clear text), heartbeats, goodbyes, a host that reloads, the
size limit, finding rooms. Devices: SDP codes (round trip, garbage), QR codes
(drawn, then read back by the decoder and by a camera), and two browser
contexts paired over WebRTC through the widgets, copying the invitation and
the answer as a person would, inside a private network namespace
(tests/browser/netns.py).

The tests drive the API from a small page of the served origin,
``net-lab.html``, which loads the same built files as index.html under the
same headers (Content-Security-Policy included) but not Python, so that
several pages fit on a small machine; one test checks index.html itself.
Under that policy ``wait_for_function`` needs a function ("() => ..."): an
expression string would be run through eval, which the policy forbids.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    expect,
)

import build
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, App, PageLog, Site

if TYPE_CHECKING:
    from tests.browser.netns import NetNs

# rtc_browser and rtc_site: Chromium and the site in a private network namespace.
pytest_plugins = ("tests.browser.netns",)

LAB = "net-lab.html"
#: Long enough for a slow, shared machine; the tests wait on page state, never on time.
WAIT_MS = 20_000


def _lab_html(files: Mapping[str, str]) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/{files["assets/app.css"]}">
<link rel="stylesheet" href="/{files["assets/net.css"]}">
<script src="/{files["assets/qrcode.js"]}" defer></script>
<script src="/{files["assets/net.js"]}" defer></script>
<script src="/{files["assets/pairing.js"]}" data-jsqr="/{files["assets/jsqr.js"]}" defer></script>
</head><body><main class="stage"><div id="lab"></div></main></body></html>"""


@dataclass
class Lab:
    """Pages of the lab page in fresh contexts of one browser, each watched."""

    browser: Browser
    site: Site
    contexts: list[BrowserContext] = field(default_factory=list)
    logs: list[PageLog] = field(default_factory=list)
    warnings: dict[int, list[str]] = field(default_factory=dict)

    def context(self, *, all_files: bool = False) -> BrowserContext:
        """A new context: another device (pages of one context are tabs of one browser).

        With ``all_files`` every file of the site comes from the build through
        the route, not only the lab page: Chromium refuses a page that came
        through a route (so, from no address) the files of a private address
        such as 10.77.0.1 when the page is not a secure context.
        """
        context = self.browser.new_context(viewport=DESKTOP, locale="en-GB")
        html = _lab_html(self.site.build.files)
        rules = build.load_netlify_headers()
        # The headers of the game's page, its Content-Security-Policy above all.
        headers = build.headers_for(rules, "/index.html")
        assert "Content-Security-Policy" in headers
        headers["Content-Type"] = "text/html; charset=utf-8"

        def fulfil(route: Route) -> None:
            route.fulfill(status=200, headers=headers, body=html)

        def fulfil_file(route: Route) -> None:
            path = urlsplit(route.request.url).path
            file = self.site.build.out / path.lstrip("/")
            if path == "/" + LAB:
                fulfil(route)
            elif file.is_file():
                values = build.headers_for(rules, path)
                values["Content-Type"] = build.MIME_TYPES.get(file.suffix, "text/plain")
                route.fulfill(status=200, headers=values, body=file.read_bytes())
            else:
                route.fulfill(status=404, body="")

        if all_files:
            context.route(re.compile(r"^https?://[^/]+/.*$"), fulfil_file)
        else:
            context.route(re.compile(r"^https?://[^/]+/" + re.escape(LAB) + r"([?#].*)?$"), fulfil)
        self.contexts.append(context)
        return context

    def page(self, context: BrowserContext, url: str | None = None) -> Page:
        """Open the lab page (or ``url``) in ``context``; returns once net.js is there."""
        page = context.new_page()
        target = url or self.site.url + LAB
        origin = re.match(r"^https?://[^/]+", target)
        assert origin is not None
        log = PageLog(origin=origin.group(0))
        warnings: list[str] = []
        self.warnings[id(page)] = warnings

        def on_console(message: ConsoleMessage) -> None:
            log.on_console(message)
            if message.type == "warning":
                warnings.append(message.text)

        page.on("request", log.on_request)
        page.on("console", on_console)
        page.on("pageerror", log.on_page_error)
        page.on("response", log.on_response)
        page.route(log.is_foreign, log.block_foreign)
        self.logs.append(log)
        page.goto(target, wait_until="domcontentloaded")
        page.wait_for_function("() => window.BossQuestNet && window.BossQuestNet.showInvite")
        return page

    def warned(self, page: Page) -> list[str]:
        return self.warnings[id(page)]

    def close(self) -> list[str]:
        for context in self.contexts:
            context.close()
        return [problem for log in self.logs for problem in log.problems()]


def _lab(browser: Browser, site: Site) -> Iterator[Lab]:
    lab = Lab(browser, site)
    yield lab
    problems = lab.close()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def lab(browser: Browser, site: Site) -> Iterator[Lab]:
    yield from _lab(browser, site)


@pytest.fixture
def rtc_lab(rtc_browser: Browser, rtc_site: Site) -> Iterator[Lab]:
    yield from _lab(rtc_browser, rtc_site)


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, animations="disabled")


# --------------------------------------------------------------------- codes

#: An offer as Chromium writes it, with every kind of candidate.
SAMPLE_OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:1 1 udp 2122260223 1c8f3e7a-04b5-4f1e-9d7c-0e2b8a6d5f31.local 54321 typ host"
        " generation 0 network-id 1",
        "a=candidate:2 1 udp 2122197247 2001:db8::42 54322 typ host generation 0",
        "a=candidate:3 1 tcp 1518280447 1c8f3e7a-04b5-4f1e-9d7c-0e2b8a6d5f31.local 9 typ host"
        " tcptype active generation 0",
        "a=candidate:4 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0",
        "a=candidate:5 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 61000",
        "a=ice-ufrag:Xy1+",
        "a=ice-pwd:abcdEFGH1234/+ijklMNOPqrs",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 0E:47:26:D7:76:75:B8:1C:82:5F:33:C2:31:5B:0F:9E:78:CF:32:C0:1B:FE:"
        "DB:8D:76:A2:EF:9C:65:7A:D7:6C",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)


def _sdp_fields(sdp: str) -> dict[str, Any]:
    lines = sdp.split("\r\n")
    found: dict[str, Any] = {"candidates": []}
    for line in lines:
        for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup", "max-message-size"):
            if line.startswith(f"a={key}:"):
                found[key] = line.split(":", 1)[1]
        if line.startswith("a=candidate:"):
            parts = line.split()
            found["candidates"].append((parts[2], parts[4], int(parts[5]), parts[7]))
    return found


def test_codes_round_trip(lab: Lab) -> None:
    page = lab.page(lab.context())
    result = page.evaluate(
        """async (sdp) => {
            const N = BossQuestNet;
            const code = await N.packSdp(sdp);
            const back = await N.unpackSdp(code, "offer");
            const again = await N.packSdp(back);
            const answer = await N.packSdp(sdp.replace("a=setup:actpass", "a=setup:active"));
            const answerSdp = await N.unpackSdp(answer);
            return {code, back, again, answer, answerSdp};
        }""",
        SAMPLE_OFFER,
    )
    code = result["code"]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    print(f"\nsample offer: {len(SAMPLE_OFFER)} characters of SDP -> a {len(code)}-character code")
    assert len(code) < 200
    assert result["again"] == code, "packing what was unpacked gives the same code"
    back = _sdp_fields(result["back"])
    original = _sdp_fields(SAMPLE_OFFER)
    for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
        assert back[key] == original[key]
    assert int(back["max-message-size"]) >= 262144
    # UDP candidates only, highest priority first, addresses kept exactly
    assert [(c[0], c[1], c[2], c[3]) for c in back["candidates"]] == [
        ("udp", "1c8f3e7a-04b5-4f1e-9d7c-0e2b8a6d5f31.local", 54321, "host"),
        ("udp", "2001:db8:0:0:0:0:0:42", 54322, "host"),
        ("udp", "203.0.113.7", 61000, "srflx"),
        ("udp", "198.51.100.9", 3478, "relay"),
    ]
    assert _sdp_fields(result["answerSdp"])["setup"] == "active"


def test_garbage_codes_are_rejected_with_a_reason(lab: Lab) -> None:
    page = lab.page(lab.context())
    errors = page.evaluate(
        """async (sdp) => {
            const N = BossQuestNet;
            const offer = await N.packSdp(sdp);
            const answer = await N.packSdp(sdp.replace("a=setup:actpass", "a=setup:active"));
            const bytes = (c) => Uint8Array.from(atob(c.replace(/-/g, "+").replace(/_/g, "/")),
                                                 (ch) => ch.charCodeAt(0));
            const code = (b) => btoa(String.fromCharCode(...b))
                .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
            const future = bytes(offer); future[1] = 9;
            const flipped = offer.slice(0, 30) + (offer[30] === "A" ? "B" : "A") + offer.slice(31);
            const cases = {
                empty: "",
                words: "not a code at all!",
                other_base64: "SGVsbG8sIHdvcmxk",
                flipped: flipped,
                truncated: offer.slice(0, 40),
                future_version: code(future),
                answer_as_offer: answer,
                offer_as_answer: offer,
            };
            const out = {};
            for (const [name, text] of Object.entries(cases)) {
                const kind = name === "offer_as_answer" ? "answer" : "offer";
                try {
                    await N.unpackSdp(text, kind);
                    out[name] = "accepted";
                } catch (error) {
                    out[name] = [error.code, error.message];
                }
            }
            out.link_with_code = await N.unpackSdp("https://x.example/#join=" + offer, "offer")
                .then(() => "ok", (e) => e.code);
            return out;
        }""",
        SAMPLE_OFFER,
    )
    expected = {
        "empty": "bad_code",
        "words": "bad_code",
        "other_base64": "bad_code",
        "flipped": "bad_code",
        "truncated": "bad_code",
        "future_version": "version",
        "answer_as_offer": "wrong_kind",
        "offer_as_answer": "wrong_kind",
    }
    assert {name: errors[name][0] for name in expected} == expected
    assert all(errors[name][1] for name in expected), "every rejection says why"
    assert errors["link_with_code"] == "ok", "a pasted invitation link holds its code"


def test_join_widget_checks_the_pasted_invitation(lab: Lab) -> None:
    page = lab.page(lab.context())
    page.evaluate(
        """async (sdp) => {
            window.offer = await BossQuestNet.packSdp(sdp);
            window.answer = await BossQuestNet.packSdp(sdp.replace("actpass", "active"));
            window.codes = [];
            BossQuestNet.showJoin(document.getElementById("lab"), "en", (c) => codes.push(c));
        }""",
        SAMPLE_OFFER,
    )
    widget = page.locator(".bq-pair[data-role='join']")
    expect(widget).to_have_attribute("data-pairing", "waiting")
    field, join = page.locator("[data-join-input]"), page.locator("[data-join-go]")
    field.fill("hello?")
    join.click()
    expect(widget).to_have_attribute("data-pairing", "error")
    expect(page.locator("[data-pairing-status]")).to_contain_text("cannot be read")
    field.fill(page.evaluate("answer"))
    join.click()
    expect(page.locator("[data-pairing-status]")).to_contain_text("Wrong code")
    assert page.evaluate("codes") == []
    field.fill("  https://bossquest.example/#join=" + page.evaluate("offer") + "\n")
    join.click()
    expect(widget).to_have_attribute("data-pairing", "connecting")
    assert page.evaluate("codes") == [page.evaluate("offer")]


# ------------------------------------------------------------------------ QR


def test_qr_code_reads_back(lab: Lab) -> None:
    page = lab.page(lab.context())
    text = "https://bossquest.example/#join=" + "QgEBbCQABHp2QlYYZWhXT2pvSFV5YlFLN3Rad1ZnU054" * 2
    result = page.evaluate(
        """async (text) => {
            const svg = BossQuestNet.qrSvg(text);
            await new Promise((resolve, reject) => {
                const tag = document.createElement("script");
                tag.src = document.querySelector("script[data-jsqr]").dataset.jsqr;
                tag.onload = resolve; tag.onerror = reject;
                document.head.appendChild(tag);
            });
            const image = new Image();
            image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = canvas.height = 400;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0, 400, 400);
            const pixels = context.getImageData(0, 0, 400, 400);
            const found = jsQR(pixels.data, 400, 400);
            const doc = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
            return {
                read: found && found.data,
                modules: Number(doc.getAttribute("data-modules")),
                viewBox: doc.getAttribute("viewBox"),
                corner: Array.from(context.getImageData(2, 2, 1, 1).data),
            };
        }""",
        text,
    )
    assert result["read"] == text
    size = result["modules"] + 8
    assert result["viewBox"] == f"0 0 {size} {size}", "a quiet zone of 4 modules"
    assert result["corner"] == [255, 255, 255, 255], "on white"


def test_scanning_reads_a_qr_code_from_the_camera(lab: Lab) -> None:
    context = lab.context()
    context.add_init_script(FAKE_CAMERA)
    page = lab.page(context)
    code = "QgECkAIBBGdwRDcYSmNnaG9sVkRhWTBIa2hZSWh1UnEra2MrACBbAIotTGOG6fTQc7sU6WNx8CFH7RaKmJwG"
    page.evaluate(
        """(code) => {
            window.filmed = code;
            window.scanned = null;
            BossQuestNet.scanInto(document.getElementById("lab")).then(
                (text) => { window.scanned = text; },
                (e) => { window.scanned = "!" + e.code; });
        }""",
        code,
    )
    page.wait_for_function("() => window.scanned !== null", timeout=WAIT_MS)
    assert page.evaluate("window.scanned") == code
    expect(page.locator(".bq-scan")).to_have_count(0)  # the camera is put away


#: A camera that films the QR code of ``window.filmed``: a canvas stream
#: standing in for getUserMedia (headless Chromium has no camera).
FAKE_CAMERA = """
        navigator.mediaDevices.getUserMedia = async () => {
            const canvas = document.createElement("canvas");
            canvas.width = 480; canvas.height = 360;
            const ctx = canvas.getContext("2d");
            const image = new Image();
            image.src = "data:image/svg+xml;charset=utf-8,"
                + encodeURIComponent(BossQuestNet.qrSvg(window.filmed));
            await image.decode();
            const draw = () => {
                ctx.fillStyle = "#6b5a48"; ctx.fillRect(0, 0, 480, 360);
                ctx.drawImage(image, 120, 60, 240, 240);
                requestAnimationFrame(draw);
            };
            draw();
            return canvas.captureStream(15);
        };
"""


def test_no_camera_gives_a_reason(lab: Lab) -> None:
    page = lab.page(lab.context())
    outcome = page.evaluate(
        """() => BossQuestNet.scanInto(document.getElementById("lab"))
              .then(() => "resolved", (e) => [e.code, e.message])"""
    )
    assert outcome[0] in ("no_camera", "camera_denied"), outcome
    assert "paste" in outcome[1]


# ---------------------------------------------------------------------- tabs

HOST_ECHO = """(room) => {
    window.links = []; window.got = []; window.drops = [];
    window.host = BossQuestNet.tabsHost(room, (link) => {
        links.push(link);
        link.onmessage = (text) => {
            got.push(text);
            link.send("private to " + text.split(":")[0] + ": card " + (links.indexOf(link) + 41));
        };
        link.onclose = (why) => drops.push(why);
    });
}"""

GUEST = """async ([room, name]) => {
    window.got = []; window.drops = [];
    window.link = await BossQuestNet.tabsJoin(room, {timeoutMs: 15000});
    link.onmessage = (text) => got.push(text);
    link.onclose = (why) => drops.push(why);
    link.send(name + ": hello");
}"""

SPY = """(room) => {
    window.seen = [];
    for (const name of ["bossquest.room.v1." + room, "bossquest.lobby.v1"]) {
        const channel = new BroadcastChannel(name);
        channel.onmessage = (event) => seen.push(JSON.stringify(event.data));
    }
}"""


def test_tabs_exchange_sealed_frames(lab: Lab) -> None:
    context = lab.context()
    host, ann, bob, spy = (lab.page(context) for _ in range(4))
    spy.evaluate(SPY, "table")
    host.evaluate(HOST_ECHO, "table")
    ann.evaluate(GUEST, ["table", "ann"])
    bob.evaluate(GUEST, ["table", "bob"])
    ann.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    bob.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    host.wait_for_function("() => got.length === 2")
    assert sorted(host.evaluate("got")) == ["ann: hello", "bob: hello"]
    assert ann.evaluate("got")[0].startswith("private to ann: card 4")
    assert bob.evaluate("got")[0].startswith("private to bob: card 4")
    assert ann.evaluate("got") != bob.evaluate("got")

    # More frames both ways, in order.
    ann.evaluate("for (let i = 0; i < 20; i++) link.send('ann: n' + i)")
    host.wait_for_function("() => got.length === 22", timeout=WAIT_MS)
    in_order = [t for t in host.evaluate("got") if t.startswith("ann: n")]
    assert in_order == [f"ann: n{i}" for i in range(20)]

    _print_round_trips("tabs (sealed)", ann, host)

    seen = spy.evaluate("seen")
    assert seen, "the spy tab is on the channel"
    # (spaces cannot occur in base64url, so no ciphertext can hold these by chance)
    for secret in ("ann: hello", "bob: hello", "private to", ": card 4", "ann: n19"):
        assert not any(secret in frame for frame in seen), secret
    messages = [json.loads(frame) for frame in seen]
    assert {m["t"] for m in messages} <= {"hello", "knock", "accept", "data", "who", "room"}
    data = [m for m in messages if m["t"] == "data"]
    assert len(data) >= 24
    assert all(set(m) == {"v", "t", "from", "to", "n", "iv", "ct"} for m in data)
    assert len({m["iv"] for m in data}) == len(data), "a fresh IV for every frame"

    # The spy forges a frame and replays a real one: both are dropped, with a warning.
    spy.evaluate(
        """() => {
            const messages = seen.map((s) => JSON.parse(s));
            const hostId = messages.find((m) => m.t === "accept").from;
            const toHost = messages.find((m) => m.t === "data" && m.to === hostId && m.n === 1);
            const channel = new BroadcastChannel("bossquest.room.v1.table");
            channel.postMessage(toHost);  // a replay
            channel.postMessage({...toHost, n: 1e9, ct: toHost.ct.slice(2) + "AA"});  // a forgery
        }"""
    )
    # A tab that knocks and never follows up gets an accept, but makes no guest.
    spy.evaluate(
        """async () => {
            const keys = await crypto.subtle.generateKey(
                {name: "ECDH", namedCurve: "P-256"}, false, ["deriveBits"]);
            const raw = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
            const pub = btoa(String.fromCharCode(...raw))
                .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
            window.phantom = false;
            const channel = new BroadcastChannel("bossquest.room.v1.table");
            channel.onmessage = (event) => {
                if (event.data.t === "accept" && event.data.to === "phantom") phantom = true;
            };
            channel.postMessage({v: 1, t: "knock", from: "phantom", pub});
        }"""
    )
    spy.wait_for_function("() => phantom", timeout=WAIT_MS)
    assert host.evaluate("links.length") == 2
    ann.evaluate("link.send('ann: after')")
    host.wait_for_function("() => got.includes('ann: after')", timeout=WAIT_MS)
    assert len(host.evaluate("got")) == 22 + 50 + 1  # with the 50 timed round trips
    dropped = lab.warned(host) + lab.warned(ann) + lab.warned(bob)
    assert any("replayed or out of order" in w for w in dropped), dropped
    assert any("does not open" in w for w in dropped), dropped


ROUND_TRIPS = """async (count) => {
    // Frames to the other end, which answers each one (see the pages' onmessage).
    const times = [];
    const previous = link.onmessage;
    for (let i = 0; i < count; i++) {
        const start = performance.now();
        await new Promise((resolve) => {
            link.onmessage = resolve;
            link.send("rt: " + i);
        });
        times.push(performance.now() - start);
    }
    link.onmessage = previous;
    times.sort((a, b) => a - b);
    return [times[Math.floor(count / 2)], times[Math.floor(count * 0.95)]];
}"""


def _print_round_trips(what: str, sender: Page, other: Page) -> None:
    """A figure, not a check: a text frame there and back, median and p95."""
    median, p95 = sender.evaluate(ROUND_TRIPS, 50)
    print(f"\n{what}: frame round trip over 50: median {median:.2f} ms, p95 {p95:.2f} ms")


def test_tabs_notice_a_closed_and_a_hung_tab(lab: Lab) -> None:
    context = lab.context()
    host, ann, bob = (lab.page(context) for _ in range(3))
    host.evaluate(HOST_ECHO, "drops")
    ann.evaluate(GUEST, ["drops", "ann"])
    bob.evaluate(GUEST, ["drops", "bob"])
    host.wait_for_function("() => got.length === 2", timeout=WAIT_MS)
    ann.close()  # pagehide: a goodbye
    host.wait_for_function("() => drops.length === 1", timeout=WAIT_MS)
    assert host.evaluate("drops") == ["bye"]
    # A hung (or killed) tab says nothing: the heartbeat notices.
    cdp = context.new_cdp_session(bob)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    host.wait_for_function("() => drops.length === 2", timeout=WAIT_MS)
    assert host.evaluate("drops") == ["bye", "timeout"]
    assert host.evaluate("links.map((l) => l.open)") == [False, False]
    cdp.send("Debugger.resume")


def test_tabs_guest_rejoins_after_the_host_reloads(lab: Lab) -> None:
    context = lab.context()
    host, guest = lab.page(context), lab.page(context)
    host.evaluate(HOST_ECHO, "again")
    # What the page's glue does: on close, join the same room again, and say hello.
    guest.evaluate(
        """(room) => {
            window.got = []; window.drops = []; window.joins = 0;
            const join = async () => {
                const link = await BossQuestNet.tabsJoin(room);
                window.link = link; joins += 1;
                link.onmessage = (text) => got.push(text);
                link.onclose = (why) => { drops.push(why); join(); };
                link.send("guest: hello " + joins);
            };
            join();
        }""",
        "again",
    )
    guest.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    host.reload(wait_until="domcontentloaded")
    guest.wait_for_function("() => drops.length === 1", timeout=WAIT_MS)
    assert guest.evaluate("drops") == ["bye"]
    host.wait_for_function("() => window.BossQuestNet && window.BossQuestNet.tabsHost")
    host.evaluate(HOST_ECHO, "again")  # the reloaded host opens the same room
    guest.wait_for_function("() => got.length === 2", timeout=WAIT_MS)
    assert host.evaluate("got") == ["guest: hello 2"]
    assert guest.evaluate("got")[1].startswith("private to guest")


def test_tabs_size_limit(lab: Lab) -> None:
    context = lab.context()
    host, guest = lab.page(context), lab.page(context)
    host.evaluate(HOST_ECHO, "big")
    guest.evaluate(GUEST, ["big", "guest"])
    host.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    refused = guest.evaluate("link.send('x'.repeat(300 * 1024))")
    assert refused is False
    assert any("not sent" in w for w in lab.warned(guest))
    # A peer with a larger limit sends it anyway: the host drops it, warns, goes on.
    guest.evaluate(
        """() => {
            BossQuestNet.limits.maxFrame = 1 << 20;
            link.send("guest: " + "x".repeat(300 * 1024));
            link.send("guest: small");
        }"""
    )
    host.wait_for_function("() => got.length === 2", timeout=WAIT_MS)
    assert host.evaluate("got") == ["guest: hello", "guest: small"]
    assert any("over 262144 bytes" in w for w in lab.warned(host))
    assert host.evaluate("links[0].open")


def test_tabs_find_rooms(lab: Lab) -> None:
    context = lab.context()
    host, other, seeker = (lab.page(context) for _ in range(3))
    seeker.evaluate(
        "() => { window.rooms = []; window.stopRooms = BossQuestNet.tabsRooms((l) => rooms = l); }"
    )
    host.evaluate(
        """() => {
            window.host = BossQuestNet.tabsHost("room-a", () => {});
            BossQuestNet.tabsAnnounce({room: "room-a", name: "Arthur", free: 2});
        }"""
    )
    other.evaluate("BossQuestNet.tabsAnnounce({room: 'room-b', name: 'Viviane', free: 1})")
    seeker.wait_for_function("() => rooms.length === 2", timeout=WAIT_MS)
    assert seeker.evaluate("rooms") == [
        {"room": "room-a", "name": "Arthur", "free": 2},
        {"room": "room-b", "name": "Viviane", "free": 1},
    ]
    host.evaluate("BossQuestNet.tabsAnnounce({room: 'room-a', name: 'Arthur', free: 1})")
    seeker.wait_for_function("() => rooms[0].free === 1", timeout=WAIT_MS)
    host.evaluate("host.close()")  # closing the room withdraws it
    seeker.wait_for_function("() => rooms.length === 1", timeout=WAIT_MS)
    other.close()  # so does leaving the page
    seeker.wait_for_function("() => rooms.length === 0", timeout=WAIT_MS)


def test_frames_wait_for_the_page_to_listen(lab: Lab) -> None:
    """Frames sent before the other end set onmessage (and a close before onclose)
    are held for it, in order: the page often gets its link a task or two late."""
    context = lab.context()
    host, guest = lab.page(context), lab.page(context)
    host.evaluate(
        """() => {
            window.links = [];
            BossQuestNet.tabsHost("early", (link) => {
                links.push(link);
                for (let i = 0; i < 5; i++) link.send("welcome " + i);
            });
        }"""
    )
    guest.evaluate("BossQuestNet.tabsJoin('early').then((link) => { window.link = link; })")
    guest.wait_for_function("() => window.link !== undefined", timeout=WAIT_MS)
    host.wait_for_function("() => links.length === 1")
    host.evaluate("links[0].send('last'); links[0].close()")
    guest.wait_for_function("() => !link.open", timeout=WAIT_MS)  # closed before any handler
    guest.evaluate(
        """() => {
            window.got = [];
            link.onclose = (why) => got.push("closed: " + why);
            link.onmessage = (text) => got.push(text);
        }"""
    )
    guest.wait_for_function("() => got.length === 7", timeout=WAIT_MS)
    assert guest.evaluate("got") == [*(f"welcome {i}" for i in range(5)), "last", "closed: bye"]


def test_tabs_join_gives_up_when_told(lab: Lab) -> None:
    page = lab.page(lab.context())
    outcome = page.evaluate(
        """async () => {
            const late = await BossQuestNet.tabsJoin("nobody-here", {timeoutMs: 1500})
                .then(() => "joined", (e) => e.code);
            const stop = new AbortController();
            const waiting = BossQuestNet.tabsJoin("nobody-here", {signal: stop.signal})
                .then(() => "joined", (e) => e.code);
            stop.abort();
            const bad = await BossQuestNet.tabsJoin("no spaces").then(() => "ok", (e) => e.code);
            return [late, await waiting, bad];
        }"""
    )
    assert outcome == ["timeout", "aborted", "bad_room"]


def test_tabs_join_ignores_a_garbled_accept(lab: Lab) -> None:
    context = lab.context()
    host, guest, spy = (lab.page(context) for _ in range(3))
    spy.evaluate(
        """() => {
            window.forged = 0;
            const channel = new BroadcastChannel("bossquest.room.v1.forge");
            channel.onmessage = (event) => {
                const m = event.data;
                if (m.t !== "knock" || forged) return;
                forged += 1;
                channel.postMessage({v: 1, t: "accept", from: "spy", to: m.from, pub: "AAAA"});
            };
        }"""
    )
    guest.evaluate(
        """() => {
            window.got = [];
            BossQuestNet.tabsJoin("forge").then((link) => {
                window.link = link;
                link.onmessage = (text) => got.push(text);
                link.send("guest: hello");
            });
        }"""
    )
    spy.wait_for_function("() => forged === 1", timeout=WAIT_MS)
    host.evaluate(HOST_ECHO, "forge")
    guest.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    assert guest.evaluate("got")[0].startswith("private to guest")
    assert any("ignored an accept" in w for w in lab.warned(guest))


def test_index_page_has_the_transports(app: App) -> None:
    app.open()
    page = app.page
    page.wait_for_function("() => window.BossQuestNet && window.BossQuestNet.showInvite")
    support = page.evaluate("BossQuestNet.support()")
    assert support["tabs"] is None and support["rtc"] is None
    assert page.evaluate("BossQuestNet.qrSvg('hello').startsWith('<svg')")


# ------------------------------------------------------------------- devices


def test_insecure_page_says_why(rtc_lab: Lab) -> None:
    from tests.browser.netns import lan_url  # imported once pytest has loaded it as a plugin

    page = rtc_lab.page(rtc_lab.context(all_files=True), lan_url(rtc_lab.site) + LAB)
    result = page.evaluate(
        """() => {
            let thrown = null;
            try { BossQuestNet.tabsHost("x", () => {}); } catch (e) { thrown = e.code; }
            const N = BossQuestNet;
            return {secure: window.isSecureContext, support: N.support(), thrown,
                    fr: N.reason("insecure", "fr"), en: N.reason("insecure", "en")};
        }"""
    )
    assert result["secure"] is False
    assert result["support"]["tabs"] == "insecure"
    assert result["support"]["camera"] == "insecure"
    assert result["support"]["rtc"] is None
    assert result["thrown"] == "insecure"
    assert "https" in result["en"] and "https" in result["fr"]


def _pair(lab: Lab) -> tuple[Page, Page]:
    """Two devices paired through the widgets, as people would do it."""
    host = lab.page(lab.context())
    host.evaluate(
        """async () => {
            window.got = []; window.drops = [];
            window.invite = await BossQuestNet.rtcInvite({iceServers: []});
            const widget = BossQuestNet.showInvite(document.getElementById("lab"), invite, "en");
            widget.link.then((link) => {
                window.link = link;
                link.onmessage = (text) => got.push(text);
                link.onclose = (why) => drops.push(why);
            });
        }"""
    )
    expect(host.locator(".bq-pair[data-pairing='waiting'] [data-qr] svg")).to_be_visible()
    invitation = host.locator("[data-invite-link]").input_value()
    assert "#join=" in invitation
    # the link names the page's game though the lab's address names none (the
    # site's root lists several games); the lab has none: Boss Quest's names
    assert urlsplit(invitation).query == "game=bossquest"

    # The guest opens the invitation link on the other device.
    guest = lab.page(lab.context(), invitation)
    guest.evaluate(
        """async () => {
            window.got = []; window.drops = [];
            const answer = await BossQuestNet.rtcAnswer(BossQuestNet.joinCode(), {iceServers: []});
            const widget = BossQuestNet.showAnswer(document.getElementById("lab"), answer, "fr");
            widget.link.then((link) => {
                window.link = link;
                link.onmessage = (text) => { got.push(text); link.send("echo " + text); };
                link.onclose = (why) => drops.push(why);
            });
        }"""
    )
    answer = guest.locator("[data-answer-code]").inner_text()
    guest.set_viewport_size(PHONE)
    _shot(guest, "net-answer-waiting-fr-375")
    guest.set_viewport_size(DESKTOP)
    print(f"\ninvitation link: {len(invitation)} characters; answer code: {len(answer)}")
    assert len(answer) < 300

    # A wrong paste first: the host's widget says why and waits for the right one.
    host.locator("[data-answer-input]").fill(invitation)
    host.locator("[data-answer-connect]").click()
    expect(host.locator(".bq-pair[data-pairing='error']")).to_be_visible()
    expect(host.locator("[data-pairing-status]")).to_contain_text("Wrong code")
    _shot(host, "net-invite-error-1280")
    host.locator("[data-answer-input]").fill(answer[:-12])
    host.locator("[data-answer-connect]").click()
    expect(host.locator("[data-pairing-status]")).to_contain_text("cannot be read")

    host.locator("[data-answer-input]").fill(answer)
    host.locator("[data-answer-connect]").click()
    expect(host.locator(".bq-pair[data-pairing='connected']")).to_be_visible(timeout=WAIT_MS)
    expect(guest.locator(".bq-pair[data-pairing='connected']")).to_be_visible(timeout=WAIT_MS)
    expect(guest.locator("[data-pairing-status]")).to_have_text("Connecté !")
    expect(guest.locator(".bq-pair-title")).to_have_text("Relié à l’hôte")
    expect(host.locator(".bq-pair-title")).to_have_text("Guest connected")
    host.wait_for_function("() => window.link !== undefined")
    guest.wait_for_function("() => window.link !== undefined")
    return host, guest


def test_devices_pair_through_the_widgets(rtc_lab: Lab) -> None:
    host, guest = _pair(rtc_lab)
    _shot(host, "net-invite-connected-1280")
    _shot(guest, "net-answer-connected-1280")
    host.set_viewport_size(PHONE)
    guest.set_viewport_size(PHONE)
    _shot(host, "net-invite-connected-375")
    _shot(guest, "net-answer-connected-375")

    host.evaluate("for (let i = 0; i < 10; i++) link.send(JSON.stringify({n: i, view: 'é✓'}))")
    host.wait_for_function("() => got.length === 10", timeout=WAIT_MS)
    sent = [f'{{"n":{i},"view":"é✓"}}' for i in range(10)]
    assert guest.evaluate("got") == sent
    assert host.evaluate("got") == ["echo " + text for text in sent]
    assert host.evaluate("link.send('x'.repeat(300 * 1024))") is False
    _print_round_trips("WebRTC", host, guest)

    guest.close()  # the guest leaves: the host hears it
    host.wait_for_function("() => drops.length === 1", timeout=WAIT_MS)
    assert host.evaluate("drops")[0] in ("bye", "closed")
    assert host.evaluate("link.open") is False


def test_devices_notice_a_hung_peer(rtc_lab: Lab) -> None:
    host, guest = _pair(rtc_lab)
    cdp = guest.context.new_cdp_session(guest)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    # limits.rtcDropMs (15 s) of silence, on a busy machine
    host.wait_for_function("() => drops.length === 1", timeout=3 * WAIT_MS)
    assert host.evaluate("drops") == ["timeout"]
    cdp.send("Debugger.resume")


def test_a_guest_waits_for_a_person_to_bring_its_answer(rtc_lab: Lab) -> None:
    """The guest's answer may reach the host minutes later (a person carries
    it): the guest waits limits.answerWaitMs, not the host's limits.connectMs.
    The host's bound is cut to 1 s on both pages, and the host pastes the
    answer once 3 s have passed on the guest."""
    host, guest = rtc_lab.page(rtc_lab.context()), rtc_lab.page(rtc_lab.context())
    for page in (host, guest):
        page.evaluate("BossQuestNet.limits.connectMs = 1000")
    offer = host.evaluate("async () => (window.invite = await BossQuestNet.rtcInvite({})).code")
    answer = guest.evaluate(
        """async (offer) => {
            const answer = await BossQuestNet.rtcAnswer(offer, {});
            window.shownAt = performance.now();
            window.outcome = "waiting";
            answer.link.then(
                (link) => {
                    window.outcome = "linked";
                    link.onmessage = (text) => link.send("echo " + text);
                },
                (error) => { window.outcome = "failed: " + error.code; },
            );
            return answer.code;
        }""",
        offer,
    )
    # The guest is the DTLS server: it waits for the host's handshake, with no
    # time-out of its own handshake (Chromium's client gave up after ~3.5 min).
    sdp = guest.evaluate("(code) => BossQuestNet.unpackSdp(code)", answer)
    assert _sdp_fields(sdp)["setup"] == "passive"
    # A condition on the guest's own clock, not a sleep of the test's.
    guest.wait_for_function("() => performance.now() - shownAt > 3000", timeout=WAIT_MS)
    assert guest.evaluate("outcome") == "waiting"
    reply = host.evaluate(
        """async (answer) => {
            const link = await invite.accept(answer);
            return new Promise((resolve) => { link.onmessage = resolve; link.send("ping"); });
        }""",
        answer,
    )
    assert reply == "echo ping"
    assert guest.evaluate("outcome") == "linked"


def test_a_guest_says_when_its_answer_was_not_taken_in_time(rtc_lab: Lab) -> None:
    """Past limits.answerWaitMs (cut to 0.5 s here) the guest's widget says the
    host did not use the answer, and to ask for a new invitation."""
    host, guest = rtc_lab.page(rtc_lab.context()), rtc_lab.page(rtc_lab.context())
    offer = host.evaluate("async () => (window.invite = await BossQuestNet.rtcInvite({})).code")
    guest.evaluate(
        """async (offer) => {
            BossQuestNet.limits.answerWaitMs = 500;
            const answer = await BossQuestNet.rtcAnswer(offer, {});
            BossQuestNet.showAnswer(document.getElementById("lab"), answer, "en");
        }""",
        offer,
    )
    expect(guest.locator(".bq-pair[data-pairing='error']")).to_be_visible(timeout=WAIT_MS)
    expect(guest.locator("[data-pairing-status]")).to_have_text(
        "The host did not use this answer in time: ask for a new invitation."
    )


def test_invite_widget_before_pairing(rtc_lab: Lab) -> None:
    """The widgets' look while waiting, in French and English, phone and desktop."""
    host = rtc_lab.page(rtc_lab.context())
    host.evaluate(
        """async () => {
            window.invite = await BossQuestNet.rtcInvite({});
            BossQuestNet.showInvite(document.getElementById("lab"), invite, "fr");
        }"""
    )
    expect(host.locator(".bq-pair[data-pairing='waiting']")).to_be_visible()
    expect(host.locator("[data-pairing-status]")).to_have_text(
        "En attente de la réponse de l’invité…"
    )
    _shot(host, "net-invite-waiting-fr-1280")
    host.set_viewport_size(PHONE)
    _shot(host, "net-invite-waiting-fr-375")
    host.evaluate("document.dispatchEvent(new CustomEvent('bq:lang', {detail: 'en'}))")
    waiting = "Waiting for the guest’s answer…"
    expect(host.locator("[data-pairing-status]")).to_have_text(waiting)
    host.evaluate("invite.cancel()")
    assert host.evaluate("invite.accept('x').then(() => 'ok', (e) => e.code)") == "cancelled"


def test_devices_pair_by_scanning_the_answer(rtc_lab: Lab) -> None:
    """The host scans the guest's answer with its camera instead of pasting it."""
    host_context = rtc_lab.context()
    host_context.add_init_script(FAKE_CAMERA)
    host = rtc_lab.page(host_context)
    host.evaluate(
        """async () => {
            window.invite = await BossQuestNet.rtcInvite({});
            const widget = BossQuestNet.showInvite(document.getElementById("lab"), invite, "en");
            widget.link.then((link) => { window.link = link; });
        }"""
    )
    modules = host.locator("[data-qr] svg").get_attribute("data-modules")
    print(f"\ninvitation QR code: {modules} modules a side")
    guest = rtc_lab.page(rtc_lab.context(), host.locator("[data-invite-link]").input_value())
    guest.evaluate(
        """async () => {
            const answer = await BossQuestNet.rtcAnswer(BossQuestNet.joinCode(), {});
            const widget = BossQuestNet.showAnswer(document.getElementById("lab"), answer, "en");
            widget.link.then((link) => {
                window.link = link;
                link.onmessage = (text) => link.send("echo " + text);
            });
        }"""
    )
    # What the host's camera sees: the guest's screen.
    host.evaluate(
        "(code) => { window.filmed = code; }", guest.locator("[data-answer-code]").inner_text()
    )
    host.locator("[data-scan]").click()
    expect(host.locator(".bq-pair[data-pairing='connected']")).to_be_visible(timeout=WAIT_MS)
    expect(guest.locator(".bq-pair[data-pairing='connected']")).to_be_visible(timeout=WAIT_MS)
    host.wait_for_function("() => window.link !== undefined")
    host.evaluate("window.got = []; link.onmessage = (text) => got.push(text); link.send('hi')")
    host.wait_for_function("() => got.length === 1", timeout=WAIT_MS)
    assert host.evaluate("got") == ["echo hi"]


def test_devices_pair_with_plain_addresses(
    rtc_netns: NetNs, rtc_site: Site, playwright_instance: Playwright
) -> None:
    """Where mDNS names are off, candidates hold IPv4 addresses: they pack and connect too."""
    from tests.browser.netns import chromium_args

    with tempfile.TemporaryDirectory(prefix="bq-netns-") as temp:
        browser = playwright_instance.chromium.launch(
            executable_path=str(rtc_netns.wrapper(Path(temp))), args=chromium_args(mdns=False)
        )
        lab = Lab(browser, rtc_site)
        try:
            host, guest = lab.page(lab.context()), lab.page(lab.context())
            offer = host.evaluate(
                """async () => {
                    window.invite = await BossQuestNet.rtcInvite({});
                    return invite.code;
                }"""
            )
            sdp = host.evaluate("(code) => BossQuestNet.unpackSdp(code)", offer)
            assert re.search(r"a=candidate:\S+ 1 udp \d+ 10\.77\.0\.[12] \d+ typ host", sdp), sdp
            answer = guest.evaluate(
                """async (offer) => {
                    const answer = await BossQuestNet.rtcAnswer(offer, {});
                    answer.link.then((link) => {
                        link.onmessage = (text) => link.send("echo " + text);
                    });
                    return answer.code;
                }""",
                offer,
            )
            print(f"\nplain-address codes: offer {len(offer)}, answer {len(answer)} characters")
            reply = host.evaluate(
                """async (answer) => {
                    const link = await invite.accept(answer);
                    return new Promise((resolve) => {
                        link.onmessage = resolve;
                        link.send("ping");
                    });
                }""",
                answer,
            )
            assert reply == "echo ping"
        finally:
            problems = lab.close()
            browser.close()
        assert not problems, problems
