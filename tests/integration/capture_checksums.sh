#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# tcpdump in the DUT namespace records what dutperf sends (d0: forward frames
# as they enter the router) during an IPv4 trial with pseudorandom ports;
# tshark validates every IPv4 and UDP checksum and every port's range.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v tcpdump >/dev/null || fail "tcpdump missing"
command -v tshark >/dev/null || fail "tshark missing"

it_tb_up router
eval "$("$TB" env --name "$TBID")"
pcap=$WORK/d0.pcap
# frames, not timing: a 300 ms lag limit (common.sh frames_ini)
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$WORK/ipv4.ini"
capture_dut "$DUT_NS" d0 5000 "$pcap" trial -c "$WORK/ipv4.ini" \
	--rate 5000 --duration 1 --direction f --timeout 500 -o "$WORK/out" >/dev/null
sent=$(col "$WORK/out/trials.csv" fwd_sent)
total=$(tshark -r "$pcap" -Y udp 2>/dev/null | wc -l)
expect_equal "frames captured" "$total" "$sent"
good=$(tshark -r "$pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
	-Y 'ip.checksum.status == "Good" && udp.checksum.status == "Good"' 2>/dev/null | wc -l)
expect_equal "frames with good IPv4 and UDP checksums" "$good" "$total"
out_of_range=$(tshark -r "$pcap" -T fields -e udp.srcport -e udp.dstport 2>/dev/null |
	awk '$1 < 1024 || $1 > 65535 || $2 < 1 || $2 > 49151' | wc -l)
expect_equal "ports out of RFC 4814 ranges" "$out_of_range" 0
distinct=$(tshark -r "$pcap" -T fields -e udp.srcport 2>/dev/null | sort -u | wc -l)
[ "$distinct" -gt $((total / 2)) ] || fail "source ports hardly vary ($distinct distinct of $total)"
ok "$total frames captured in the DUT: all checksums good, ports in range, $distinct distinct source ports"
it_tb_down
