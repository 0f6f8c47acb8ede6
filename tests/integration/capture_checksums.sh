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
# tcpdump stops by itself after the 5000 frames (SIGINT would drop what
# it has not read yet); timeout bounds it if frames go missing.
ip netns exec "$DUT_NS" timeout 60 tcpdump -i d0 -c 5000 -w "$pcap" -U -Q in udp 2>"$WORK/tcpdump.log" &
tcpd=$!
sleep 1
dut trial -c "$SRCDIR/conf/testbed-ipv4.ini" --rate 5000 --duration 1 \
	--direction f --timeout 500 -o "$WORK/out" || fail "trial: exit status $?"
wait $tcpd || fail "tcpdump did not see 5000 frames: $(tail -3 "$WORK/tcpdump.log")"
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
