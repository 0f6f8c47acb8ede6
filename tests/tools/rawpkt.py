#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Send and count raw Ethernet frames on a Linux interface (AF_PACKET).

A small helper for testing the virtual testbed without dutperf, and for
injecting hand-made frames.  Python standard library only; run as root.

  rawpkt.py send IFACE --udp --src-mac M --dst-mac M --src IP --dst IP
                 [--sport P] [--dport P] [--size B] [--src-mac-count K]
                 --count N --rate FPS
  rawpkt.py send IFACE HEXFILE [--count N] --rate FPS
  rawpkt.py recv IFACE --timeout S [--count-udp-dport P] [--src IP] [--dst IP]
                 [--until N] [--ready FILE] [--by-src] [--done FILE [--linger S]]
  rawpkt.py mesh --send IFACE=HEXFILE... [--recv IFACE...] --count N
                 --rate FPS [--linger S] [--dport P]

send builds UDP over IPv4 or IPv6 (by the address family) with correct
checksums; --size is the frame size including the 4-byte FCS, as in
dutperf's frame_size_b.  A HEXFILE holds one frame in hex per line ('#'
starts a comment) and is sent in a cycle.  --src-mac-count K: frame i
comes from --src-mac plus i mod K (in its last three bytes): K source
addresses for a bridge to learn.  Frames leave evenly paced and
send prints "sent=N elapsed_s=T".

mesh sends and counts in one process on several interfaces (a test of
four ports without eight interpreters): at step i every --send interface
sends frame i of its HEXFILE (in a cycle), steps paced at --rate, for
--count steps; meanwhile and --linger seconds after (default 0.5) it counts
the UDP frames arriving on each --recv interface.  It prints "sent=N
elapsed_s=T" (N per interface) and per --recv interface IFACE
"IFACE_matched=N IFACE_bad_csum=M" and "IFACE_from_ADDR=N" per source.

recv counts UDP frames matching the filters and prints "matched=N
bad_csum=M" (M: matching frames whose IPv4 header or UDP checksum is wrong;
they are not in N); --by-src adds a line "from_ADDR=N" per source address
(ADDR with its dots and colons as _).  It stops after --timeout seconds, or once --until
frames matched; --ready FILE is created once the socket listens.  --done
FILE: once FILE exists (the caller creates it when the sender is done) it
counts --linger seconds more (default 0.5), then what the socket holds,
and stops: a DUT that drops frames costs no wait for the --timeout.
"""
import argparse
import ipaddress
import os
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
FCS_B = 4


def csum16(data):
    """RFC 1071 Internet checksum of data (returned folded, complemented)."""
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def pseudo_header(src, dst, length):
    """The UDP pseudo-header of IPv4 (RFC 768) or IPv6 (RFC 8200 8.1)."""
    if len(src) == 4:
        return src + dst + struct.pack("!BBH", 0, 17, length)
    return src + dst + struct.pack("!IxxxB", length, 17)


def udp_frame(src_mac, dst_mac, src, dst, sport, dport, size_b, seq):
    """An Ethernet frame (without FCS) carrying one UDP datagram."""
    s, d = ipaddress.ip_address(src), ipaddress.ip_address(dst)
    if s.version != d.version:
        sys.exit("rawpkt: --src and --dst must be of the same IP version")
    ip_hdr_b = 20 if s.version == 4 else 40
    head_b = 14 + ip_hdr_b + 8
    payload = b"RAWPKT" + struct.pack("!I", seq)
    payload += b"\0" * max(0, size_b - FCS_B - head_b - len(payload))
    udp_len = 8 + len(payload)
    udp = struct.pack("!HHHH", sport, dport, udp_len, 0) + payload
    c = csum16(pseudo_header(s.packed, d.packed, udp_len) + udp) or 0xFFFF
    udp = udp[:6] + struct.pack("!H", c) + udp[8:]
    if s.version == 4:
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + udp_len, seq & 0xFFFF,
                         0, 64, 17, 0, s.packed, d.packed)
        ip = ip[:10] + struct.pack("!H", csum16(ip)) + ip[12:]
        ethertype = 0x0800
    else:
        ip = struct.pack("!IHBB16s16s", 6 << 28, udp_len, 17, 64,
                         s.packed, d.packed)
        ethertype = 0x86DD
    eth = bytes.fromhex(dst_mac.replace(":", "")) + \
        bytes.fromhex(src_mac.replace(":", "")) + struct.pack("!H", ethertype)
    return eth + ip + udp


def mac_plus(mac, n):
    """mac with n added to its last three bytes (modulo 2^24)."""
    b = bytes.fromhex(mac.replace(":", ""))
    low = (int.from_bytes(b[3:], "big") + n) % (1 << 24)
    return ":".join("%02x" % x for x in b[:3] + low.to_bytes(3, "big"))


def parse_udp(frame):
    """(src, dst, dport, checksums_ok) of a UDP frame, or None."""
    if len(frame) < 14:
        return None
    ethertype = struct.unpack("!H", frame[12:14])[0]
    if ethertype == 0x0800 and len(frame) >= 34:
        ihl = (frame[14] & 0x0F) * 4
        if frame[23] != 17 or len(frame) < 14 + ihl + 8:
            return None
        total = struct.unpack("!H", frame[16:18])[0]
        src, dst = frame[26:30], frame[30:34]
        ok = csum16(frame[14:14 + ihl]) == 0
        udp = frame[14 + ihl:14 + total]
    elif ethertype == 0x86DD and len(frame) >= 62:
        if frame[20] != 17:	# no extension headers expected
            return None
        plen = struct.unpack("!H", frame[18:20])[0]
        src, dst = frame[22:38], frame[38:54]
        ok = True
        udp = frame[54:54 + plen]
    else:
        return None
    if len(udp) < 8:
        return None
    dport, ulen, ucs = struct.unpack("!HHH", udp[2:8])
    if ucs != 0 or len(src) == 16:	# IPv4 UDP checksum 0 means none
        ok = ok and ulen == len(udp) and \
            csum16(pseudo_header(src, dst, ulen) + udp[:ulen]) == 0
    return (ipaddress.ip_address(src), ipaddress.ip_address(dst), dport, ok)


def cmd_send(a):
    if a.udp:
        for opt in ("src_mac", "dst_mac", "src", "dst"):
            if getattr(a, opt) is None:
                sys.exit("rawpkt: send --udp needs --%s" % opt.replace("_", "-"))
        count = a.count or 1
        if a.src_mac_count < 1:
            sys.exit("rawpkt: --src-mac-count must be at least 1")
        frames = [udp_frame(mac_plus(a.src_mac, i % a.src_mac_count),
                            a.dst_mac, a.src, a.dst, a.sport, a.dport,
                            a.size, i) for i in range(count)]
    elif a.hexfile:
        frames = read_hex(a.hexfile)
        count = a.count or len(frames)
    else:
        sys.exit("rawpkt: send needs --udp or a HEXFILE")
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((a.iface, 0))
    start = time.monotonic()
    for i in range(count):
        ahead = start + i / a.rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
        s.send(frames[i % len(frames)])
    print("sent=%d elapsed_s=%.3f" % (count, time.monotonic() - start))


def cmd_recv(a):
    want_src = ipaddress.ip_address(a.src) if a.src else None
    want_dst = ipaddress.ip_address(a.dst) if a.dst else None
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
    s.bind((a.iface, 0))
    if a.ready:
        open(a.ready, "w").close()
    matched = bad = 0
    by_src = {}
    end = time.monotonic() + a.timeout
    done = False
    while a.until is None or matched < a.until:
        now = time.monotonic()
        if a.done and not done and os.path.exists(a.done):
            done = True
            end = min(end, now + a.linger)
        left = end - now
        if left <= 0:
            if not done:
                break
            # the frames queued before the end: read them, then stop
            s.setblocking(False)
            left = None
        else:
            s.settimeout(min(left, 0.05) if a.done and not done else left)
        try:
            frame, addr = s.recvfrom(65535)
        except socket.timeout:
            continue
        except BlockingIOError:
            break
        if addr[2] == PACKET_OUTGOING:
            continue
        p = parse_udp(frame)
        if p is None or (a.count_udp_dport is not None and p[2] != a.count_udp_dport) \
                or (want_src and p[0] != want_src) or (want_dst and p[1] != want_dst):
            continue
        if p[3]:
            matched += 1
            by_src[p[0]] = by_src.get(p[0], 0) + 1
        else:
            bad += 1
    print("matched=%d bad_csum=%d" % (matched, bad))
    if a.by_src:
        for src in sorted(by_src, key=lambda x: (x.version, x)):
            print("from_%s=%d" % (src_key(src), by_src[src]))


def read_hex(path):
    with open(path) as f:
        frames = [bytes.fromhex(line.split("#")[0])
                  for line in f if line.split("#")[0].strip()]
    if not frames:
        sys.exit("rawpkt: no frames in " + path)
    return frames


def src_key(src):
    return str(src).replace(".", "_").replace(":", "_")


def cmd_mesh(a):
    senders = []
    for spec in a.send:
        iface, sep, path = spec.partition("=")
        if not sep:
            sys.exit("rawpkt: --send needs IFACE=HEXFILE, not " + spec)
        s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
        s.bind((iface, 0))
        senders.append((s, read_hex(path)))
    recv = []
    for iface in a.recv:
        s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
        s.bind((iface, 0))
        s.setblocking(False)
        recv.append((iface, s, {"matched": 0, "bad": 0, "src": {}}))

    def drain():
        for _, s, c in recv:
            while True:
                try:
                    frame, addr = s.recvfrom(65535)
                except BlockingIOError:
                    break
                if addr[2] == PACKET_OUTGOING:
                    continue
                p = parse_udp(frame)
                if p is None or p[2] != a.dport:
                    continue
                if not p[3]:
                    c["bad"] += 1
                    continue
                c["matched"] += 1
                c["src"][p[0]] = c["src"].get(p[0], 0) + 1

    start = time.monotonic()
    for i in range(a.count):
        drain()
        ahead = start + i / a.rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
        for s, frames in senders:
            s.send(frames[i % len(frames)])
    elapsed = time.monotonic() - start
    end = time.monotonic() + a.linger
    while time.monotonic() < end:
        drain()
        time.sleep(0.01)
    drain()
    print("sent=%d elapsed_s=%.3f" % (a.count, elapsed))
    for iface, _, c in recv:
        print("%s_matched=%d %s_bad_csum=%d" % (iface, c["matched"], iface, c["bad"]))
        for src in sorted(c["src"], key=lambda x: (x.version, x)):
            print("%s_from_%s=%d" % (iface, src_key(src), c["src"][src]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("send")
    sp.add_argument("iface")
    sp.add_argument("hexfile", nargs="?")
    sp.add_argument("--udp", action="store_true")
    sp.add_argument("--src-mac")
    sp.add_argument("--dst-mac")
    sp.add_argument("--src")
    sp.add_argument("--dst")
    sp.add_argument("--sport", type=int, default=49184)
    sp.add_argument("--dport", type=int, default=7)
    sp.add_argument("--size", type=int, default=64, help="frame size incl. FCS")
    sp.add_argument("--src-mac-count", type=int, default=1,
                    help="source MACs to cycle through")
    sp.add_argument("--count", type=int, default=0)
    sp.add_argument("--rate", type=float, default=1000.0, help="frames/s")
    rp = sub.add_parser("recv")
    rp.add_argument("iface")
    rp.add_argument("--timeout", type=float, default=2.0)
    rp.add_argument("--count-udp-dport", type=int)
    rp.add_argument("--src")
    rp.add_argument("--dst")
    rp.add_argument("--until", type=int)
    rp.add_argument("--ready")
    rp.add_argument("--by-src", action="store_true",
                    help="also count per source address")
    rp.add_argument("--done", metavar="FILE",
                    help="once FILE exists, stop --linger seconds later")
    rp.add_argument("--linger", type=float, default=0.5)
    mp = sub.add_parser("mesh")
    mp.add_argument("--send", action="append", required=True,
                    metavar="IFACE=HEXFILE")
    mp.add_argument("--recv", action="append", default=[], metavar="IFACE")
    mp.add_argument("--count", type=int, required=True, help="steps")
    mp.add_argument("--rate", type=float, default=1000.0, help="steps/s")
    mp.add_argument("--linger", type=float, default=0.5)
    mp.add_argument("--dport", type=int, default=7, help="UDP port counted")
    a = ap.parse_args()
    {"send": cmd_send, "recv": cmd_recv, "mesh": cmd_mesh}[a.cmd](a)


if __name__ == "__main__":
    main()
