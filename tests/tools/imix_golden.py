#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Rebuild, from scratch with struct, every frame of a mix pcap that
test_imix wrote (DUTPERF_PCAP_DIR), from its .spec file: Ethernet, IPv4 or
IPv6, UDP with both checksums computed here, dutperf's stamp
(docs/frames.md: magic 0xd5, flags, sequence number, timestamp; the
compact stamp when the UDP payload is 12..17 bytes), zero payload, each
frame the size its place in the genome gives.  Exit 0 when every frame
is byte for byte the one built here and every size of the genome was
seen; 1 otherwise.  Usage: imix_golden.py DIR."""
import glob
import os
import struct
import sys


def spec_read(path):
    spec = {}
    with open(path) as f:
        for line in f:
            key, _, val = line.strip().partition(' ')
            spec[key] = val
    return spec


def pcap_frames(path):
    with open(path, 'rb') as f:
        data = f.read()
    magic = struct.unpack('<I', data[:4])[0]
    if magic != 0xa1b2c3d4:
        raise SystemExit('%s: not a little-endian pcap' % path)
    off = 24
    while off < len(data):
        _, _, incl, _ = struct.unpack('<IIII', data[off:off + 16])
        off += 16
        yield data[off:off + incl]
        off += incl


def csum(data):
    if len(data) % 2:
        data += b'\0'
    s = sum(struct.unpack('!%dH' % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def sizes_in_order(spec):
    return [int(x) for x in spec['sizes'].split()]


def build(spec, i):
    n, m = int(spec['n']), int(spec['m'])
    sizes = sizes_in_order(spec)
    bg = i % n >= m
    v = 6 if bg else int(spec['fg_version'])
    size = sizes[i % len(sizes)]
    if v == 4 and not bg:
        size -= int(spec['v4_short'])
    buf_len = size - 4                       # the FCS is not in the buffer
    src = bytes.fromhex(spec['bg_src' if bg else 'fg_src'])
    dst = bytes.fromhex(spec['bg_dst' if bg else 'fg_dst'])
    ip_len = 20 if v == 4 else 40
    udp_len = buf_len - 14 - ip_len
    flags = int(spec['trial']) << 3 | (0x02 if bg else 0)
    seq, ts = i, int(spec['ts'])
    if udp_len - 8 >= 18:
        stamp = struct.pack('!BBQQ', 0xd5, flags, seq, ts)
    else:                                    # compact: 40-bit fields
        mask = (1 << 40) - 1
        stamp = struct.pack('!BB', 0xd5, flags) + \
            (seq & mask).to_bytes(5, 'big') + (ts & mask).to_bytes(5, 'big')
    payload = stamp + bytes(udp_len - 8 - len(stamp))
    sport, dport = int(spec['sport']), int(spec['dport'])
    if v == 4:
        pseudo = src + dst + struct.pack('!BBH', 0, 17, udp_len)
    else:
        pseudo = src + dst + struct.pack('!IxxxB', udp_len, 17)
    ck = csum(pseudo + struct.pack('!HHHH', sport, dport, udp_len, 0) + payload)
    if ck == 0:
        raise SystemExit('frame %d: UDP checksum 0 (dutperf changes the '
                         'timestamp then; not rebuilt here)' % i)
    udp = struct.pack('!HHHH', sport, dport, udp_len, ck) + payload
    if v == 4:
        hdr = struct.pack('!BBHHHBBH4s4s', 0x45, 0, buf_len - 14, 0, 0, 64,
                          17, 0, src, dst)
        hdr = hdr[:10] + struct.pack('!H', csum(hdr)) + hdr[12:]
        et = 0x0800
    else:
        hdr = struct.pack('!IHBB16s16s', 0x60000000, udp_len, 17, 64, src, dst)
        et = 0x86dd
    eth = bytes.fromhex(spec['dst_mac']) + bytes.fromhex(spec['src_mac']) + \
        struct.pack('!H', et)
    return eth + hdr + udp


def main():
    bad = 0
    pcaps = sorted(glob.glob(os.path.join(sys.argv[1], 'imix_*.pcap')))
    if not pcaps:
        raise SystemExit('no imix_*.pcap in %s' % sys.argv[1])
    for pcap in pcaps:
        spec = spec_read(pcap[:-5] + '.spec')
        want_frames = int(spec['frames'])
        seen = set()
        count = 0
        for i, frame in enumerate(pcap_frames(pcap)):
            count += 1
            want = build(spec, i)
            if frame != want:
                bad += 1
                at = next((k for k in range(min(len(frame), len(want)))
                           if frame[k] != want[k]), min(len(frame), len(want)))
                print('%s frame %d: %d bytes, want %d; first difference at '
                      'byte %d' % (os.path.basename(pcap), i, len(frame),
                                   len(want), at))
            else:
                seen.add(sizes_in_order(spec)[i % len(sizes_in_order(spec))])
        sizes = set(int(x) for x in spec['sizes'].split())
        ok = count == want_frames
        print('%s: %d frames (want %d), every one as built here; '
              'configured sizes seen %s' %
              (os.path.basename(pcap), count, want_frames, sorted(seen)))
        if not ok or sizes != seen:
            bad += 1
    print('imix_golden: %s' % ('ok' if bad == 0 else '%d bad' % bad))
    return 0 if bad == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
