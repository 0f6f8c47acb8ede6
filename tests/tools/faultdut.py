#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""A fault-injecting DUT: an AF_PACKET forwarder between two interfaces.

Runs in the DUT namespace of `scripts/testbed.sh up --dut fault`.  Frames
arriving on IF0 addressed to IF0's MAC leave on IF1 (and the other way
round) like over a wire: Ethernet destination = the far tester port's MAC,
source = the outgoing DUT port's MAC; the IP packet is left untouched.
Faults (any mix):

  --drop-all           forward nothing
  --dup-every N        send every Nth frame twice
  --reorder K          hold one frame, send it after the next K, repeat
  --delay-ms D         send every frame D ms after it arrived
  --inject-ms M        while test frames flow, every M ms send towards each
                       tester port: an ARP request, an IPv6 neighbour
                       solicitation, random garbage, a UDP frame with our
                       signature (0xd5) and a bad checksum, and a copy of the
                       last forwarded frame with another trial id (checksum
                       fixed: a stale frame)
  --stats FILE         key=value counters, rewritten every 0.2 s and on exit

Python standard library only; run as root.  Python forwards a few
thousand frames/s: test at 1-3 kfps.
"""
import argparse
import collections
import os
import random
import select
import signal
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rawpkt import csum16  # noqa: E402  (RFC 1071, shared with rawpkt.py)

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
MAGIC = 0xD5


def mac_bytes(s):
    return bytes(int(x, 16) for x in s.split(":"))


def if_mac(name):
    with open("/sys/class/net/%s/address" % name) as f:
        return mac_bytes(f.read().strip())


def udp_offsets(frame):
    """(l3 offset, l4 offset, pseudo-header) of an IPv4/IPv6 UDP frame."""
    et = struct.unpack("!H", frame[12:14])[0]
    if et == 0x0800 and len(frame) >= 42 and frame[23] == 17:
        ihl = (frame[14] & 15) * 4
        l4 = 14 + ihl
        ulen = struct.unpack("!H", frame[l4 + 4:l4 + 6])[0]
        return l4, frame[26:34] + struct.pack("!BBH", 0, 17, ulen)
    if et == 0x86DD and len(frame) >= 62 and frame[20] == 17:
        ulen = struct.unpack("!H", frame[58:60])[0]
        return 54, frame[22:54] + struct.pack("!IxxxB", ulen, 17)
    return None, None


def fix_udp(frame):
    """Recompute the UDP checksum of frame (a bytearray) in place."""
    l4, ph = udp_offsets(bytes(frame))
    if l4 is None:
        return
    ulen = struct.unpack("!H", frame[l4 + 4:l4 + 6])[0]
    frame[l4 + 6:l4 + 8] = b"\0\0"
    c = csum16(ph + bytes(frame[l4:l4 + ulen]))
    frame[l4 + 6:l4 + 8] = struct.pack("!H", c or 0xFFFF)


class Port:
    def __init__(self, name, tester_mac):
        self.name = name
        self.mac = if_mac(name)
        self.tester_mac = tester_mac
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW,
                                  socket.htons(ETH_P_ALL))
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
        self.sock.bind((name, 0))
        self.sock.setblocking(False)


class Forwarder:
    def __init__(self, a):
        self.a = a
        self.ports = [Port(a.if0, mac_bytes(a.tester0)),
                      Port(a.if1, mac_bytes(a.tester1))]
        self.c = collections.Counter()
        self.held = [None, None]      # reorder: (frame, frames sent since)
        self.delayed = collections.deque()
        self.nth = [0, 0]
        self.last = [None, None]      # last forwarded frame per out port
        self.last_fwd = 0.0
        self.next_inject = 0.0
        self.rnd = random.Random(4814)
        self.next_stats = 0.0

    def send(self, out, frame, what="tx"):
        try:
            self.ports[out].sock.send(frame)
            self.c[what] += 1
        except OSError:               # link down, buffer full: a lost frame
            self.c["tx_error"] += 1

    def forward(self, i, frame):
        out = 1 - i
        p = self.ports[out]
        f = p.tester_mac + p.mac + frame[12:]
        self.c["rx_%d" % i] += 1
        self.last_fwd = time.monotonic()
        self.last[out] = f
        a = self.a
        if a.drop_all:
            self.c["dropped"] += 1
            return
        if a.delay_ms:
            self.delayed.append((time.monotonic() + a.delay_ms / 1000, out, f))
            return
        if a.reorder:
            h = self.held[out]
            if h is None:
                self.held[out] = [f, 0, time.monotonic()]
                return
            self.send(out, f)
            h[1] += 1
            if h[1] >= a.reorder:
                self.send(out, h[0], "reordered")
                self.held[out] = None
            return
        self.send(out, f)
        if a.dup_every:
            self.nth[out] += 1
            if self.nth[out] == a.dup_every:
                self.nth[out] = 0
                self.send(out, f, "duplicated_%d" % out)

    def inject(self):
        """Foreign frames towards both tester ports."""
        for out, p in enumerate(self.ports):
            dst, src = p.tester_mac, p.mac
            arp = (b"\xff" * 6 + src + b"\x08\x06" +
                   struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + src +
                   bytes([198, 18 + out, 0, 1]) + b"\0" * 6 +
                   bytes([198, 18 + out, 0, 2]) + b"\0" * 18)
            self.send(out, arp, "inj_arp")
            # ICMPv6 neighbour solicitation (type 135), hop limit 255
            tgt = bytes.fromhex("20010db8000000000000000000000002")
            src6 = bytes.fromhex("fe800000000000000000000000000001")
            icmp = bytearray(struct.pack("!BBHI", 135, 0, 0, 0) + tgt)
            ph = src6 + tgt + struct.pack("!IxxxB", len(icmp), 58)
            icmp[2:4] = struct.pack("!H", csum16(ph + bytes(icmp)))
            nd = (dst + src + b"\x86\xdd" +
                  struct.pack("!IHBB", 0x60000000, len(icmp), 58, 255) +
                  src6 + tgt + bytes(icmp))
            self.send(out, nd, "inj_nd")
            garbage = dst + src + bytes(self.rnd.randrange(256)
                                        for _ in range(self.rnd.randrange(2, 200)))
            self.send(out, garbage, "inj_garbage")
            last = self.last[out]
            if last is None:
                continue
            l4, _ = udp_offsets(last)
            if l4 is None:
                continue
            # our signature, a wrong UDP checksum
            bad = bytearray(last)
            bad[l4 + 6:l4 + 8] = struct.pack(
                "!H", (struct.unpack("!H", bad[l4 + 6:l4 + 8])[0] ^ 0x5A5A) or 1)
            if bad[l4 + 8] == MAGIC:
                self.send(out, bytes(bad), "inj_badsum")
            # a valid frame of another trial (trial id + 1 mod 32)
            stale = bytearray(last)
            if stale[l4 + 8] == MAGIC:
                fl = stale[l4 + 9]
                stale[l4 + 9] = (fl & 7) | ((((fl >> 3) + 1) & 31) << 3)
                fix_udp(stale)
                self.send(out, bytes(stale), "inj_stale")

    def timers(self, now):
        while self.delayed and self.delayed[0][0] <= now:
            _, out, f = self.delayed.popleft()
            self.send(out, f)
        for out, h in enumerate(self.held):
            # a held frame with nothing behind it goes after 20 ms
            if h is not None and now - h[2] > 0.02:
                self.send(out, h[0], "reordered_flush")
                self.held[out] = None
        if (self.a.inject_ms and now - self.last_fwd < 0.1 and
                now >= self.next_inject):
            self.next_inject = now + self.a.inject_ms / 1000
            self.inject()

    def run(self):
        poll = select.poll()
        fds = {}
        for i, p in enumerate(self.ports):
            poll.register(p.sock, select.POLLIN)
            fds[p.sock.fileno()] = i
        while not stop:
            now = time.monotonic()
            timeout = 10
            if self.delayed:
                timeout = max(0, min(timeout, (self.delayed[0][0] - now) * 1000))
            try:
                ready = poll.poll(timeout)
            except InterruptedError:
                continue
            for fd, _ in ready:
                i = fds[fd]
                p = self.ports[i]
                for _ in range(256):
                    try:
                        frame, addr = p.sock.recvfrom(16384)
                    except (BlockingIOError, InterruptedError):
                        break
                    except OSError:
                        self.c["rx_error"] += 1
                        break
                    if addr[2] == PACKET_OUTGOING:
                        continue
                    if frame[0:6] != p.mac:
                        self.c["ignored"] += 1
                        continue
                    self.forward(i, frame)
            now = time.monotonic()
            self.timers(now)
            if self.a.stats and now >= self.next_stats:
                self.next_stats = now + 0.2
                self.write_stats()

    def write_stats(self):
        tmp = self.a.stats + ".tmp"
        with open(tmp, "w") as f:
            for k in sorted(self.c):
                f.write("%s=%d\n" % (k, self.c[k]))
        os.rename(tmp, self.a.stats)


stop = False


def on_signal(sig, frame):
    global stop
    stop = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--if0", default="d0")
    ap.add_argument("--if1", default="d1")
    ap.add_argument("--tester0", default="02:00:00:00:00:10")
    ap.add_argument("--tester1", default="02:00:00:00:01:10")
    ap.add_argument("--drop-all", action="store_true")
    ap.add_argument("--dup-every", type=int, default=0)
    ap.add_argument("--reorder", type=int, default=0)
    ap.add_argument("--delay-ms", type=float, default=0)
    ap.add_argument("--inject-ms", type=float, default=0)
    ap.add_argument("--stats")
    a = ap.parse_args()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    fw = Forwarder(a)
    print("faultdut: forwarding %s <-> %s" % (a.if0, a.if1), file=sys.stderr,
          flush=True)
    fw.run()
    if a.stats:
        fw.write_stats()


if __name__ == "__main__":
    main()
