#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Issue 18 item 5: IPv6 78-byte frames (RFC 5180's smallest; 12 bytes of UDP
# payload, the compact stamp) through the Linux router, both directions, RFC
# 4814 pseudorandom ports: every frame accounted (planned == sent ==
# received, nothing lost, duplicated or late).  tcpdump on the DUT's d0
# records the forward frames as they enter the router; tshark validates
# every IPv6/UDP checksum and the lengths (74 bytes captured without the
# FCS, UDP length 20), and the stamps, read here from the pcap, carry the
# magic, the forward direction and each sequence number 0..N-1 once.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v tcpdump >/dev/null || fail "tcpdump missing"
command -v tshark >/dev/null || fail "tshark missing"

# A trial that would number more frames than the compact stamp's 40 bits
# (1.1016e12 > 2^40 - 1 = 1.0995e12; 12.75 Mfps is below the 12.76 Mfps line
# rate of 78-byte frames at 10GbE) is refused before sending (net_null).
sed 's/^ip_version = 4/ip_version = 6/' "$SRCDIR/tests/data/wire.ini" >"$WORK/wire6.ini"
WIRE=null wire "$DUTPERF" "dpt-stamp-$$" trial -c "$WORK/wire6.ini" -s 78 \
	--rate 12750000 --duration 86400 -o "$WORK/big"
expect_equal "exit status, 1.1016e12 frames of 78 B" $? 2
grep -q "1101600000000 frames: above the 1099511627775 that the stamp of 78-byte frames" \
	"$WORK/err.log" || fail "no compact stamp limit: $(tail -2 "$WORK/err.log")"
ok "a trial of more than 2^40 - 1 frames of 78 B is refused"

n=4000
it_tb_up router
eval "$("$TB" env --name "$TBID")"
pcap=$WORK/d0.pcap
# frames and counts, not timing: a 300 ms lag limit (common.sh frames_ini)
frames_ini "$SRCDIR/conf/testbed-ipv6.ini" "$WORK/ipv6.ini"
args=(trial -c "$WORK/ipv6.ini" -s 78 --rate $n --duration 1
	--timeout 500 -o "$WORK/out")
# forward frames as they enter the router; a preempted run is repeated
capture_dut "$DUT_NS" d0 $n "$pcap" "${args[@]}"
expect_equal "frame size" "$(col "$WORK/out/trials.csv" frame_size_b)" 78
check_lossless "$WORK/out/trials.csv" fwd rev
expect_equal "fwd planned" "$(col "$WORK/out/trials.csv" fwd_planned)" $n
expect_equal "rev planned" "$(col "$WORK/out/trials.csv" rev_planned)" $n
ok "78-byte IPv6 frames: $n each way, sent == received, status pass"

# (the pcap holds n frames: tcpdump stopped at n, the stamps below count)
good=$(tshark -n -r "$pcap" -o udp.check_checksum:TRUE -Y 'ipv6 &&
	ipv6.plen == 20 && frame.len == 74 && udp.length == 20 &&
	udp.checksum.status == "Good"' 2>/dev/null | wc -l)
expect_equal "78-byte IPv6 frames with good UDP checksums" "$good" $n
ok "tshark: $good frames of 78 bytes (74 captured), IPv6 and UDP lengths right, every UDP checksum good"

# The compact stamp read from the pcap, independently of dutperf: UDP
# payload = d5, flags (bit 0 direction), 40-bit sequence number, 40-bit
# timestamp.
python3 - "$pcap" $n <<'PY' || fail "compact stamps in the capture"
import struct, sys
data = open(sys.argv[1], "rb").read()
n = int(sys.argv[2])
le = data[:4] == b"\xd4\xc3\xb2\xa1"
off, seqs = 24, []
while off < len(data):
    _, _, incl, _ = struct.unpack("<IIII" if le else ">IIII", data[off:off + 16])
    f = data[off + 16:off + 16 + incl]
    off += 16 + incl
    assert len(f) == 74 and f[12:14] == b"\x86\xdd" and f[20] == 17, f.hex()
    stamp = f[62:74]
    assert stamp[0] == 0xD5 and stamp[1] & 1 == 0, stamp.hex()
    seqs.append(int.from_bytes(stamp[2:7], "big"))
assert sorted(seqs) == list(range(n)), "sequence numbers are not 0..%d" % (n - 1)
print("ok: %d stamps: magic d5, forward, sequence numbers 0..%d once each" % (n, n - 1))
PY
it_tb_down
ok "testbed, DPDK runtime directory and processes gone"
