#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Golden test frames for tests/unit/test_frame.c and test_classify.c.

Written independently of the C code (struct + a hand-written RFC 1071
checksum), from the layout in docs/frames.md and the default addresses of
/work/briefs/keys.md.  Writes frames.txt next to this script: one line per
frame, "name hexbytes" (the buffer without the FCS).  NAME_tx is what the
sender emits, NAME_rx what the receiver gets after a DUT (router: TTL-1 and
new MACs; SIIT: RFC 7915 translation with TTL-1, IPv4 DF=1).

Run: python3 tests/data/golden/gen_golden.py
"""
import os
import struct
import socket

MAGIC = 0xD5
STAMP_B = 18          # full stamp
COMPACT_B = 12        # compact stamp, when the UDP payload is 12..17 bytes

SIDES = {
    "left": dict(ipv4="198.18.0.2", ipv6="2001:2::2",
                 ipv4_virt="198.18.255.2", ipv6_virt="2001:2:0:64::c612:2",
                 mac="02:00:00:00:00:10", dut_mac="02:00:00:00:00:20"),
    "right": dict(ipv4="198.19.0.2", ipv6="2001:2:0:1::2",
                  ipv4_virt="198.19.255.2", ipv6_virt="2001:2:0:64::c613:2",
                  mac="02:00:00:00:01:10", dut_mac="02:00:00:00:01:20"),
}


def mac(s):
    return bytes(int(x, 16) for x in s.split(":"))


def a4(s):
    return socket.inet_pton(socket.AF_INET, s)


def a6(s):
    return socket.inet_pton(socket.AF_INET6, s)


def csum(data):
    """RFC 1071: one's complement of the one's complement sum of words."""
    if len(data) % 2:
        data += b"\0"
    s = 0
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def stamp(direction, bg, tagged, trial, seq, ts, room):
    """The stamp for a UDP payload of room bytes: full (magic, flags,
    64-bit seq, 64-bit ts) or, below 18 bytes, compact (magic, flags,
    40-bit seq, 40-bit ts)."""
    flags = direction | (bg << 1) | (tagged << 2) | (trial << 3)
    if room >= STAMP_B:
        return struct.pack(">BBQQ", MAGIC, flags, seq, ts)
    assert room >= COMPACT_B and seq < (1 << 40) - 1 and ts < (1 << 40)
    return (bytes([MAGIC, flags]) + seq.to_bytes(5, "big") +
            ts.to_bytes(5, "big"))


def udp(src, dst, sport, dport, payload):
    ulen = 8 + len(payload)
    if len(src) == 4:
        pseudo = src + dst + struct.pack(">BBH", 0, 17, ulen)
    else:
        pseudo = src + dst + struct.pack(">IxxxB", ulen, 17)
    hdr = struct.pack(">HHHH", sport, dport, ulen, 0)
    c = csum(pseudo + hdr + payload)
    if c == 0:
        c = 0xFFFF  # RFC 768 / RFC 8200 8.1
    return struct.pack(">HHHH", sport, dport, ulen, c) + payload


def ipv4(src, dst, l4, ttl=64, df=False):
    tot = 20 + len(l4)
    h = struct.pack(">BBHHHBBH4s4s", 0x45, 0, tot, 0, 0x4000 if df else 0,
                    ttl, 17, 0, src, dst)
    c = csum(h)
    return h[:10] + struct.pack(">H", c) + h[12:] + l4


def ipv6(src, dst, l4, hlim=64):
    return struct.pack(">IHBB16s16s", 0x60000000, len(l4), 17, hlim,
                       src, dst) + l4


def frame(dmac, smac, v, src, dst, size, sport, dport, st, ttl=64, df=False):
    buf_len = size - 4  # without the FCS
    hdr = 14 + (20 if v == 4 else 40) + 8
    payload = st + bytes(buf_len - hdr - len(st))
    l4 = udp(src, dst, sport, dport, payload)
    if v == 4:
        l3 = ipv4(src, dst, l4, ttl, df)
        et = 0x0800
    else:
        l3 = ipv6(src, dst, l4, ttl)
        et = 0x86DD
    f = mac(dmac) + mac(smac) + struct.pack(">H", et) + l3
    assert len(f) == buf_len
    return f


def addr(side, v, virt=False):
    key = ("ipv4" if v == 4 else "ipv6") + ("_virt" if virt else "")
    return (a4 if v == 4 else a6)(SIDES[side][key])


# name, left_v, right_v, size (IPv6 size when translating), dir (0 fwd,
# 1 rev), sport, dport, seq, ts, trial, tagged, background
# Keep in step with tests/data/golden/golden_cases.h.
CASES = [
    ("ipv4_64", 4, 4, 64, 0, 0xC020, 7, 1, 0x0102030405060708, 3, 0, 0),
    ("ipv4_1518", 4, 4, 1518, 1, 1234, 5678, 0xDEADBEEF, 42, 31, 1, 0),
    ("ipv6_84", 6, 6, 84, 0, 0xC020, 7, 7, 0, 0, 1, 0),
    ("ipv6_1518", 6, 6, 1518, 1, 40000, 53, (1 << 40) + 5,
     0xFFFFFFFFFFFFFFFF, 17, 0, 0),
    ("siit_fwd", 6, 4, 84, 0, 0xC020, 7, 1000, 123456789, 1, 0, 0),
    ("siit_rev", 6, 4, 84, 1, 0xC020, 7, 2000, 987654321, 2, 1, 0),
    ("siit_fwd_bg", 6, 4, 84, 0, 0xC020, 7, 3000, 5, 4, 0, 1),
    ("siit_rev_bg", 6, 4, 84, 1, 1, 65535, 4000, 6, 5, 1, 1),
    # compact stamp (RFC 5180's smallest IPv6 frame, an odd size, IPv6
    # background frames among IPv4 ones of the same size)
    ("ipv6_78", 6, 6, 78, 0, 0xC020, 7, (1 << 39) + 0x123456,
     0xABCDEF0123, 9, 1, 0),
    ("ipv6_83", 6, 6, 83, 1, 1234, 5678, (1 << 40) - 2, (1 << 40) - 1,
     31, 0, 0),
    ("ipv4_78_bg", 4, 4, 78, 0, 0xC020, 7, 12345, 77, 2, 0, 1),
]


def build(case):
    name, lv, rv, size, d, sport, dport, seq, ts, trial, tagged, bg = case
    snd, rcv = ("left", "right") if d == 0 else ("right", "left")
    sv = lv if snd == "left" else rv
    ov = rv if snd == "left" else lv
    xlat = lv != rv
    if bg:
        tv = rv_ = 6
        tsrc, tdst = addr(snd, 6), addr(rcv, 6)
        rsrc, rdst = tsrc, tdst
    else:
        tv, rv_ = sv, ov
        tsrc = addr(snd, sv)
        tdst = addr(rcv, sv, virt=(ov != sv))
        rsrc = addr(snd, ov, virt=(ov != sv))
        rdst = addr(rcv, ov)

    def sz(v):
        return size - 20 if xlat and v == 4 else size

    # the sender's stamp, for the room of the frame as sent
    st = stamp(d, bg, tagged, trial, seq, ts,
               sz(tv) - 4 - 14 - (20 if tv == 4 else 40) - 8)

    tx = frame(SIDES[snd]["dut_mac"], SIDES[snd]["mac"], tv, tsrc, tdst,
               sz(tv), sport, dport, st)
    rx = frame(SIDES[rcv]["mac"], SIDES[rcv]["dut_mac"], rv_, rsrc, rdst,
               sz(rv_), sport, dport, st, ttl=63, df=(rv_ != tv))
    return name, tx, rx


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "frames.txt")
    with open(out, "w") as f:
        f.write("# SPDX-License-Identifier: BSD-3-Clause\n")
        f.write("# generated by gen_golden.py: name hex (buffer, no FCS)\n")
        for c in CASES:
            name, tx, rx = build(c)
            f.write("%s_tx %s\n" % (name, tx.hex()))
            f.write("%s_rx %s\n" % (name, rx.hex()))


if __name__ == "__main__":
    main()
