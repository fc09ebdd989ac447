"""A private network namespace for WebRTC tests: Chromium and the site run inside it.

WebRTC gathers candidates on the machine's real interfaces and could send
packets out of them. These fixtures make a network namespace of their own
(``ip netns add bq-<pid>``) holding only loopback and a veth pair,
10.77.0.1/24 <-> 10.77.0.2/24, with a default route (without an interface
and a default route Chromium gathers no ICE candidate at all). Chromium is
started inside it through a small wrapper (``ip netns exec <ns>
/usr/bin/chromium "$@"``; Playwright talks to it over a pipe, so it needs no
network), and the built site is served from a subprocess inside it, on
127.0.0.1 (a secure context, like https) with netlify.toml's headers. No
packet of these tests can leave the machine: the namespace has no link to
the outside.

mDNS: Chromium hides its host candidates behind random ``<uuid>.local``
names unless the page may use the camera or microphone, and the other side
resolves them by multicast DNS. That is what phones and laptops on a home
network do, and it works inside this namespace too, so ``rtc_browser`` keeps
Chromium's default. ``chromium_args(mdns=False)`` adds ``MDNS_OFF`` (real
addresses in candidates), for networks that drop multicast. ``net.js`` packs
both forms (an mDNS name as its 16-byte UUID, an IPv4 address as 4 bytes).

The server listens on every address of the namespace: ``rtc_site`` is
http://127.0.0.1:<port>/ (a secure context), and the same files are at
http://10.77.0.1:<port>/ (``lan_url``), which a browser treats as insecure,
as on a LAN without https.

Fixtures (import them into a test module: ``from tests.browser.netns import
rtc_browser, rtc_netns, rtc_site  # noqa: F401``):
    rtc_netns    session  NetNs: the namespace (made and deleted here)
    rtc_site     session  Site: the built site served inside the namespace
    rtc_browser  session  a Playwright Browser running inside the namespace

Each pytest-xdist worker makes its own namespaces: their names carry its
process id, and the addresses, routes and servers above live inside them,
so two workers' namespaces never meet (docs/testing.md).

Needs root (``ip netns``); the fixtures skip, saying so, when not root.
CI runs as root. ``python -m tests.browser.netns serve DIR [PORT]`` is the server
the fixtures start inside the namespace.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright

import build
from tests.browser.conftest import Site

__all__ = [
    "HOST_ADDRESS",
    "MDNS_OFF",
    "PEER_ADDRESS",
    "NetNs",
    "chromium_args",
    "lan_url",
    "main",
    "rtc_browser",
    "rtc_netns",
    "rtc_site",
    "serve_in",
    "skip_reason",
    "wait_settled",
]

ROOT = Path(__file__).resolve().parents[2]
HOST_ADDRESS = "10.77.0.1"
PEER_ADDRESS = "10.77.0.2"
#: The Chromium feature that, turned off, puts real addresses, not mDNS names, in host candidates.
MDNS_OFF = "WebRtcHideLocalIpsWithMdns"
_NAME_RE = re.compile(r"^bq-(\d+)(?:-\d+)?$")


def skip_reason() -> str | None:
    """Why the namespace cannot be made here, or None."""
    if os.geteuid() != 0:
        return "WebRTC tests make a network namespace (ip netns), which needs root"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is missing"
    return None


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


#: how long the kernel may take to bring a new namespace's links up (a cap)
SETTLE_S = 15.0


def wait_settled(name: str) -> None:
    """Wait until every link of namespace `name` has its carrier and no
    address is still tentative (IPv6 duplicate address detection takes a
    second or two after a link comes up). Chromium started before that sees
    the addresses change and fails the loads in flight with
    net::ERR_NETWORK_CHANGED."""
    deadline = time.monotonic() + SETTLE_S
    while True:
        links = json.loads(_ip("-n", name, "-j", "addr", "show").stdout or "[]")
        unsettled = [
            link["ifname"]
            for link in links
            if "UP" in link.get("flags", ())
            and (
                "LOWER_UP" not in link["flags"]
                or any(address.get("tentative") for address in link.get("addr_info", ()))
            )
        ]
        if not unsettled:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{name}: links still settling after {SETTLE_S} s: {unsettled}")
        time.sleep(0.05)  # polling the kernel's state, not waiting on a page


@dataclass
class NetNs:
    """One network namespace: loopback and a veth pair with a default route."""

    name: str

    @classmethod
    def create(cls, name: str | None = None) -> NetNs:
        """Make the namespace (deleting leftovers of dead test runs first)."""
        cls.clear_stale()
        ns = cls(name or f"bq-{os.getpid()}")
        _ip("netns", "delete", ns.name, check=False)
        _ip("netns", "add", ns.name)
        try:
            for step in (
                ("link", "set", "lo", "up"),
                ("link", "add", "v0", "type", "veth", "peer", "name", "v1"),
                ("addr", "add", f"{HOST_ADDRESS}/24", "dev", "v0"),
                ("addr", "add", f"{PEER_ADDRESS}/24", "dev", "v1"),
                ("link", "set", "v0", "up"),
                ("link", "set", "v1", "up"),
                ("route", "add", "default", "via", PEER_ADDRESS, "dev", "v0"),
            ):
                _ip("-n", ns.name, *step)
        except subprocess.CalledProcessError as error:
            ns.delete()
            raise RuntimeError(f"could not set up {ns.name}: {error.stderr.strip()}") from error
        wait_settled(ns.name)
        return ns

    @staticmethod
    def clear_stale() -> None:
        """Delete ``bq-<pid>`` namespaces whose test process is gone."""
        listing = _ip("netns", "list", check=False).stdout
        for line in listing.splitlines():
            name = line.split(" ", 1)[0]
            match = _NAME_RE.match(name)
            if match and not _pid_alive(int(match.group(1))):
                _ip("netns", "delete", name, check=False)

    def delete(self) -> None:
        _ip("netns", "delete", self.name, check=False)

    def command(self, argv: Sequence[str]) -> list[str]:
        """``argv`` run inside the namespace."""
        return ["ip", "netns", "exec", self.name, *argv]

    def wrapper(self, directory: Path, executable: str = build.CHROMIUM) -> Path:
        """An executable that starts ``executable`` inside the namespace."""
        path = directory / f"chromium-{self.name}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {self.name} {executable} "$@"\n', "utf-8")
        path.chmod(0o755)
        return path

    def addresses(self) -> str:
        """``ip addr`` inside the namespace, for error messages."""
        return _ip("-n", self.name, "-brief", "addr", check=False).stdout


def chromium_args(*, mdns: bool = True) -> list[str]:
    """build.CHROMIUM_ARGS, plus real host candidates unless ``mdns``."""
    return list(build.chromium_args(*([] if mdns else [MDNS_OFF])))


def lan_url(site: Site) -> str:
    """``site`` (served by ``rtc_site``) at the namespace's LAN address: not a secure context."""
    return site.url.replace("127.0.0.1", HOST_ADDRESS)


def serve_in(ns: NetNs, root: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """Serve ``root`` from a subprocess inside ``ns`` (on `port`, 0: any free
    one); returns it and the origin."""
    argv = [sys.executable, "-m", "tests.browser.netns", "serve", str(root), str(port)]
    process = subprocess.Popen(
        ns.command(argv),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("http://"):
        process.kill()
        raise RuntimeError(f"the server in {ns.name} did not start: {line!r}")
    return process, line


@pytest.fixture(scope="session")
def rtc_netns() -> Iterator[NetNs]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    ns = NetNs.create()
    try:
        yield ns
    finally:
        ns.delete()


@pytest.fixture(scope="session")
def rtc_site(rtc_netns: NetNs, built_site: build.BuildResult) -> Iterator[Site]:
    process, origin = serve_in(rtc_netns, built_site.out)
    try:
        yield Site(url=origin + "/", origin=origin, build=built_site, headers=True)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def rtc_browser(rtc_netns: NetNs, playwright_instance: Playwright) -> Iterator[Browser]:
    with tempfile.TemporaryDirectory(prefix="bq-netns-") as temp:
        wrapper = rtc_netns.wrapper(Path(temp))
        browser = playwright_instance.chromium.launch(
            executable_path=str(wrapper), args=chromium_args()
        )
        try:
            yield browser
        finally:
            browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    """``serve DIR [PORT]``: serve DIR with netlify.toml's headers; print its 127.0.0.1 URL."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (2, 3) or args[0] != "serve" or not all(c.isdigit() for c in args[2:]):
        print("usage: python -m tests.browser.netns serve DIR [PORT]", file=sys.stderr)
        return 2
    port = int(args[2]) if len(args) == 3 else 0
    # Every address of the namespace, which has no way out: see the docstring.
    server = build.make_server(Path(args[1]), "0.0.0.0", port, headers=build.load_netlify_headers())
    print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
