"""Two homes behind NAT and a public network between them, with a TURN relay.

Three network namespaces, made and deleted here (root needed, like netns.py):

    home 1 (ns bq-<pid>-11)        public (ns bq-<pid>-10)        home 2 (ns bq-<pid>-12)
    lan 192.168.1.2                lo 203.0.113.1 (coturn)        lan 192.168.2.2
    wan 100.64.1.2 ---- veth ----- home1 100.64.1.1
                                   home2 100.64.2.1 ---- veth ---- wan 100.64.2.2

(a home's lan is a veth pair whose two ends stay in the home: some kernels
have no ``dummy`` device)

- Each home is its own router, as a home box is: its programs send from the
  lan address (the default route's ``src``), and ``iptables -t nat
  POSTROUTING -o wan -j MASQUERADE --random-fully`` rewrites every packet that
  goes out, with a new random port for each peer (a symmetric NAT: the port a
  STUN or TURN server sees is no use to another peer). Its firewall drops what
  comes in on wan unless it answers something sent out (conntrack). So
  neither home can reach the other directly: only the relay joins them.
- The public namespace forwards between the homes (as the internet would)
  and runs Debian's coturn on 203.0.113.1:3478 (UDP), with one long-term user
  (``TURN_USER`` / ``TURN_PASSWORD``), from a minimal configuration written
  to a temporary directory (``coturn_config``).
- No namespace has a link to the outside: every interface is a loopback or a
  veth whose other end is in one of these namespaces
  (``NatWorld.links_stay_inside`` checks it), so no packet can leave them.

Each home also serves the built site on 127.0.0.1:<port>, the same port in
both, so that an invitation link copied from one home opens in the other, as
the same public site would on two real devices.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser.netns import NetNs, serve_in, wait_settled

__all__ = [
    "HOME_LANS",
    "TURN_ADDRESS",
    "TURN_PASSWORD",
    "TURN_PORT",
    "TURN_USER",
    "NatWorld",
    "coturn_config",
    "skip_reason",
    "turn_line",
]

TURN_ADDRESS = "203.0.113.1"
TURN_PORT = 3478
TURN_USER = "bqplayer"
TURN_PASSWORD = "relay-test-pw"
TURN_REALM = "bossquest.test"
#: each home's private address (the device) and its wan address (the NAT's outside)
HOME_LANS = ("192.168.1.2", "192.168.2.2")
_WANS = (("100.64.1.1", "100.64.1.2"), ("100.64.2.1", "100.64.2.2"))
#: the public side's addresses: the homes' wan links and the relay
_PUBLIC_PLAN = ("100.64.0.0/16", f"{TURN_ADDRESS}/32")
#: how long coturn may take to listen
_TURN_START_S = 10.0


def skip_reason() -> str | None:
    """Why this world cannot be made here, or None."""
    if os.geteuid() != 0:
        return "the NAT tests make network namespaces (ip netns), which needs root"
    for tool, package in (("ip", "iproute2"), ("iptables", "iptables"), ("turnserver", "coturn")):
        if shutil.which(tool) is None:
            return f"`{tool}` is missing (Debian package {package})"
    return None


def turn_line(address: str = TURN_ADDRESS) -> str:
    """The ICE settings' line for the relay: URL, user, password."""
    return f"turn:{address}:{TURN_PORT}?transport=udp {TURN_USER} {TURN_PASSWORD}"


def coturn_config(directory: Path) -> str:
    """The minimal coturn configuration: one UDP listener, one long-term user,
    no TLS, no admin interface, everything written under `directory`."""
    return "\n".join(
        (
            f"listening-ip={TURN_ADDRESS}",
            f"relay-ip={TURN_ADDRESS}",
            f"listening-port={TURN_PORT}",
            "min-port=49152",
            "max-port=49400",
            "lt-cred-mech",
            f"user={TURN_USER}:{TURN_PASSWORD}",
            f"realm={TURN_REALM}",
            "fingerprint",
            "no-tls",
            "no-dtls",
            "no-tcp-relay",
            "no-cli",
            "no-stdout-log",
            f"log-file={directory / 'turn.log'}",
            "simple-log",
            f"pidfile={directory / 'turn.pid'}",
            f"userdb={directory / 'turndb'}",
            "",
        )
    )


def _run(*argv: str) -> str:
    done = subprocess.run(list(argv), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def _ip(ns: str, *args: str) -> None:
    _run("ip", "-n", ns, *args)


def _tables(ns: str, *args: str) -> None:
    _run("ip", "netns", "exec", ns, "iptables", "-w", *args)


@dataclass
class NatWorld:
    """The three namespaces, the relay and the two homes' site servers."""

    public: NetNs
    homes: tuple[NetNs, NetNs]
    directory: Path
    turn: subprocess.Popen[bytes] | None = None
    servers: list[subprocess.Popen[str]] = field(default_factory=list)
    origin: str = ""

    @classmethod
    def create(cls, site_root: Path) -> NatWorld:
        NetNs.clear_stale()
        pid = os.getpid()
        world = cls(
            public=NetNs(f"bq-{pid}-10"),
            homes=(NetNs(f"bq-{pid}-11"), NetNs(f"bq-{pid}-12")),
            directory=Path(tempfile.mkdtemp(prefix="bq-nat-")),
        )
        try:
            world._wire()
            for name in world.names:
                wait_settled(name)
            world._start_turn()
            world._serve(site_root)
        except BaseException:
            world.delete()
            raise
        return world

    @property
    def names(self) -> tuple[str, ...]:
        return (self.public.name, *(home.name for home in self.homes))

    def _wire(self) -> None:
        for name in self.names:
            subprocess.run(["ip", "netns", "delete", name], capture_output=True)
            _run("ip", "netns", "add", name)
        pub = self.public.name
        _ip(pub, "link", "set", "lo", "up")
        # the relay's public address (no `dummy` device in every kernel: a loopback one)
        _ip(pub, "addr", "add", f"{TURN_ADDRESS}/32", "dev", "lo")
        _run("ip", "netns", "exec", pub, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        for index, home in enumerate(self.homes):
            self._wire_home(index, home.name)
        # count what reaches the relay, to show that it carried the game
        _tables(pub, "-A", "INPUT", "-d", TURN_ADDRESS, "-p", "udp", "--dport", str(TURN_PORT),
                "-j", "ACCEPT")  # fmt: skip

    def _wire_home(self, index: int, ns: str) -> None:
        """Home `index` (namespace `ns`): its lan, its wan to the public side, its NAT."""
        outside, wan = _WANS[index]
        lan = HOME_LANS[index]
        side = f"home{index + 1}"
        pub = self.public.name
        _ip(pub, "link", "add", side, "type", "veth", "peer", "name", "wan", "netns", ns)
        _ip(pub, "addr", "add", f"{outside}/24", "dev", side)
        _ip(pub, "link", "set", side, "up")
        _ip(ns, "link", "set", "lo", "up")
        # the home's network: a veth pair whose both ends stay in the home
        _ip(ns, "link", "add", "lan", "type", "veth", "peer", "name", "lan-box")
        _ip(ns, "addr", "add", f"{lan}/24", "dev", "lan")
        for link in ("lan", "lan-box", "wan"):
            _ip(ns, "link", "set", link, "up")
        _ip(ns, "addr", "add", f"{wan}/24", "dev", "wan")
        # programs send from the lan address; the NAT rewrites it on the way out
        _ip(ns, "route", "add", "default", "via", outside, "dev", "wan", "src", lan)
        _tables(ns, "-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE",
                "--random-fully")  # fmt: skip
        _tables(ns, "-A", "INPUT", "-i", "wan", "-m", "conntrack", "--ctstate",
                "ESTABLISHED,RELATED", "-j", "ACCEPT")  # fmt: skip
        _tables(ns, "-A", "INPUT", "-i", "wan", "-j", "DROP")
        # count what a home sends beyond the public network and its relay: nothing
        # may try to reach the outside. Left out: multicast (mDNS stays on the
        # link) and DNS, which Chromium's own services send to the machine's
        # resolver whatever the page does (measured: accounts.google.com,
        # update.googleapis.com, content-autofill.googleapis.com); no name
        # resolves here, so nothing can follow a lookup, and none leaves.
        _tables(ns, "-N", "STRAY")
        _tables(ns, "-A", "OUTPUT", "-o", "wan", "-j", "STRAY")
        for plan in _PUBLIC_PLAN:
            _tables(ns, "-A", "STRAY", "-d", plan, "-j", "RETURN")
        _tables(ns, "-A", "STRAY", "-m", "addrtype", "--dst-type", "MULTICAST", "-j", "RETURN")
        for protocol in ("udp", "tcp"):
            _tables(ns, "-A", "STRAY", "-p", protocol, "--dport", "53", "-j", "RETURN")
        _tables(ns, "-A", "STRAY", "-j", "ACCEPT")  # counted: see stray_packets

    def _start_turn(self) -> None:
        config = self.directory / "turnserver.conf"
        config.write_text(coturn_config(self.directory), "utf-8")
        self.turn = subprocess.Popen(
            self.public.command(["turnserver", "-c", str(config)]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + _TURN_START_S
        while f"{TURN_ADDRESS}:{TURN_PORT}" not in self._udp_listeners():
            if self.turn.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"coturn did not start: {self.turn_log()[-2000:]}")
            time.sleep(0.1)

    def _udp_listeners(self) -> str:
        return _run("ip", "netns", "exec", self.public.name, "ss", "-Hlun")

    def _serve(self, root: Path) -> None:
        first, origin = serve_in(self.homes[0], root)
        self.servers.append(first)
        port = origin.rsplit(":", 1)[1]
        second, again = serve_in(self.homes[1], root, port=int(port))
        self.servers.append(second)
        assert again == origin, (origin, again)
        self.origin = origin

    def turn_log(self) -> str:
        path = self.directory / "turn.log"
        return path.read_text("utf-8", "replace") if path.exists() else ""

    def relay_packets(self) -> int:
        """UDP packets the relay's port received."""
        out = _run("ip", "netns", "exec", self.public.name, "iptables", "-w", "-nvxL", "INPUT")
        for line in out.splitlines():
            if f"dpt:{TURN_PORT}" in line:
                return int(line.split()[0])
        raise AssertionError(f"no counter for the relay's port:\n{out}")

    def stray_packets(self) -> int:
        """Packets the homes sent to any address beyond the public network and
        its relay (the page may contact only the servers the player named)."""
        total = 0
        for home in self.homes:
            out = _run("ip", "netns", "exec", home.name, "iptables", "-w", "-nvxL", "STRAY")
            counted = [line.split()[0] for line in out.splitlines() if " ACCEPT " in line]
            assert len(counted) == 1, out
            total += int(counted[0])
        return total

    def links_stay_inside(self) -> list[str]:
        """Every interface that could carry a packet out of these namespaces ([] if none)."""
        ours = set(self.names)
        problems: list[str] = []
        for name in ours:
            ids = json.loads(_run("ip", "-n", name, "-j", "netns", "list-id") or "[]")
            peers = {item["nsid"]: item.get("name") for item in ids}
            for link in json.loads(_run("ip", "-n", name, "-j", "-d", "link", "show")):
                kind = link.get("linkinfo", {}).get("info_kind", "")
                ifname = link["ifname"]
                if ifname == "lo":
                    continue
                nsid = link.get("link_netnsid")
                peer_ns = name if nsid is None else peers.get(nsid)
                if kind != "veth" or peer_ns not in ours:
                    problems.append(f"{name}: {ifname} ({kind or 'no kind'}) -> {peer_ns}")
        return problems

    def delete(self) -> None:
        for server in self.servers:
            server.terminate()
            server.wait(timeout=10)
        if self.turn is not None:
            self.turn.terminate()
            self.turn.wait(timeout=10)
        for name in self.names:
            subprocess.run(["ip", "netns", "delete", name], capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)
