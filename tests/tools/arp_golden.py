#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Golden ARP and Neighbor Discovery frames for tests/unit/test_arp.c.

An implementation apart from src/core/frame/arp.c (struct.pack and a
byte-wise RFC 1071 sum, as tests/tools/rawpkt.py), written from RFC 826,
RFC 5227 2.3, RFC 4861 4.3 / 4.4 / 4.6.1 / 7.2.6 and RFC 4291 2.7.1.
Prints the frames as C arrays; test_arp.c holds its output (regenerate:
python3 tests/tools/arp_golden.py).
"""
import ipaddress
import struct


def mac(s):
    return bytes(int(x, 16) for x in s.split(":"))


def ip(s):
    return ipaddress.ip_address(s).packed


def csum16(data):
    if len(data) % 2:
        data += b"\0"
    s = 0
    for i in range(0, len(data), 2):
        s += data[i] << 8 | data[i + 1]
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def arp(edst, op, sha, spa, tha, tpa):
    body = struct.pack("!HHBBH6s4s6s4s", 1, 0x0800, 6, 4, op, sha, spa, tha, tpa)
    f = edst + sha + struct.pack("!H", 0x0806) + body
    return f + b"\0" * (60 - len(f))


def nd(edst, esrc, src, dst, typ, flags, target, opt):
    icmp = struct.pack("!BBHB3x16s", typ, 0, 0, flags, target)
    icmp += struct.pack("!BB6s", opt, 1, esrc)
    pseudo = src + dst + struct.pack("!I3xB", len(icmp), 58)
    c = csum16(pseudo + icmp)
    icmp = icmp[:2] + struct.pack("!H", c) + icmp[4:]
    ip6 = struct.pack("!IHBB16s16s", 6 << 28, len(icmp), 58, 255, src, dst)
    return edst + esrc + struct.pack("!H", 0x86DD) + ip6 + icmp


T0 = mac("02:00:00:00:00:10")
D0 = mac("02:00:00:00:00:20")
BC = b"\xff" * 6


def frames():
    sn = ip("ff02::1:ff00:1")
    yield "arp_request", arp(BC, 1, T0, ip("198.18.0.2"), b"\0" * 6, ip("198.18.0.1"))
    yield "arp_reply", arp(D0, 2, T0, ip("198.18.0.2"), D0, ip("198.18.0.1"))
    yield "arp_garp", arp(BC, 1, T0, ip("198.18.0.2"), b"\0" * 6, ip("198.18.0.2"))
    yield "nd_ns", nd(b"\x33\x33" + sn[12:], T0, ip("2001:db8::2"), sn, 135, 0,
                      ip("2001:db8::1"), 1)
    yield "nd_na", nd(D0, T0, ip("2001:db8::2"), ip("2001:db8::1"), 136, 0x60,
                      ip("2001:db8::2"), 2)
    yield "nd_una", nd(mac("33:33:00:00:00:01"), T0, ip("2001:db8::2"),
                       ip("ff02::1"), 136, 0x20, ip("2001:db8::2"), 2)


def main():
    for name, f in frames():
        print("static const uint8_t golden_%s[%d] = {" % (name, len(f)))
        for i in range(0, len(f), 12):
            print("\t" + " ".join("0x%02x," % b for b in f[i:i + 12]))
        print("};")


if __name__ == "__main__":
    main()
