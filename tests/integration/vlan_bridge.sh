#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# VLAN tags (issue 35) on the VLAN-aware learning bridge (testbed.sh --dut
# bridge --learning --vlan 100: flooding off, VLAN 100 tagged on both
# ports and nothing else; where the kernel's bridge has no VLAN filtering
# nftables admits VLAN 100 only, said in the testbed state) of capacity C
# (nftables):
#  - both ports tagged VID 100, PCP 5, RFC 2544 23 (b) learning frames
#    before the search: the forward search finds C (95..103 %, as
#    learning_bridge.sh), nothing foreign; tshark on a capture at the DUT
#    (d0, incoming) sees every UDP frame tagged VID 100 with PCP 5, 64
#    bytes on the wire, checksums good;
#  - the right port on VLAN 101: its own frames (learning frames) never
#    cross the DUT (the DUT's own drop counter), and the test frames that
#    reach it (VLAN 100, the bridge told where t1 is) are all counted
#    fwd_foreign_vlan, none received; dutperf says why (exit status 3).
# Then the router with routed VLAN sub-interfaces (--dut router --vlan
# 100), a 1 s trial, where the kernel has 802.1Q interfaces (skipped with
# a line saying so where it has none).  First, without a DUT: the memif
# wire, both ports QinQ (outer VID 200, VID 100), an IMIX of 128, 512
# and 1518 bytes, 2 streams and 2 RX queues per direction, mode latency:
# every frame received, none foreign_vlan.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v tshark >/dev/null 2>&1 || fail "tshark missing (apt-get install tshark)"

wire2_ini "$WORK/wire.ini" '/^\[left\]$/a vlan = 100\nvlan_pcp = 3\nouter_vlan = 200
/^\[right\]$/a vlan = 100\nvlan_pcp = 3\nouter_vlan = 200'
[ "$(grep -c '^outer_vlan = 200$' "$WORK/wire.ini")" = 2 ] || fail "no QinQ in wire.ini"
wire "$DUTPERF" "dpt-vlan-$$" latency -c "$WORK/wire.ini" --duration 2 --rate 2000 \
	--imix bdg --delay 0 -o "$WORK/lat" ||
	fail "QinQ latency: exit status $? ($(tail -2 "$WORK/err.log"))"
eval "$(last_row "$WORK/lat/trials.csv")"
[ "$r_fwd_sent" -gt 0 ] && [ "$r_rev_sent" -gt 0 ] || fail "QinQ latency: nothing sent"
expect_equal "QinQ latency: fwd received" "$r_fwd_received" "$r_fwd_sent"
expect_equal "QinQ latency: rev received" "$r_rev_received" "$r_rev_sent"
expect_equal "QinQ latency: foreign" "$r_fwd_foreign $r_rev_foreign" "0 0"
ok "QinQ, IMIX, 2 queues, latency on the wire: $r_fwd_received + $r_rev_received frames, none foreign"

C=10000
TB_LEARNING=1 TB_VLAN=100 it_tb_up bridge $C
grep -q '^VLAN=100$' "$TB_STATE/state" || fail "testbed state: $(cat "$TB_STATE/state")"
filter=$(sed -n 's/^VLAN_FILTER=//p' "$TB_STATE/state")
echo "VLAN filter of the bridge: $filter"
# vlan ini: forward only, learning frames before the search, the port keys
vlan_ini() {	# OUT LEFT_VID RIGHT_VID
	sed "s/^direction *=.*/direction = forward/
	     s/^\[traffic\]\$/[traffic]\nlearning = search\nlearning_wait_s = 1/
	     /^\[left\]\$/a vlan = $2\nvlan_pcp = 5
	     /^\[right\]\$/a vlan = $3\nvlan_pcp = 5" \
		"$SRCDIR/conf/testbed-bridge.ini" >"$1"
	[ "$(grep -c '^vlan = ' "$1")" = 2 ] || fail "no vlan keys in $1"
}
vlan_ini "$WORK/vlan.ini" 100 100
args=(--duration 1 --timeout 300 --settle 200 --rate-min 8000 --rate-max 12000
      --initial-rate 12000 --error 1000)

bridge -n "$TB_DUT" fdb flush dev d1 dynamic 2>/dev/null
pcap=$WORK/d0.pcap
ip netns exec "$TB_DUT" timeout 30 tcpdump -i d0 -Q in -c 300 -w "$pcap" -U \
	2>"$WORK/tcpdump.log" &
tcpd=$!
sleep 1
dut_search throughput -c "$WORK/vlan.ini" "${args[@]}"
[ $rc -eq 0 ] || fail "tagged: exit status $rc ($(tail -3 "$WORK/err.log"))"
wait "$tcpd" || fail "tcpdump did not see 300 frames: $(tail -2 "$WORK/tcpdump.log")"
rate=$(col "$out/rate.csv" rate)
expect_equal "tagged: result_kind" "$(col "$out/rate.csv" result_kind)" measured
[ "$rate" -le $((C * 103 / 100)) ] || fail "tagged: $rate fps above the capacity $C"
[ "$rate" -ge $((C * 95 / 100)) ] || fail "tagged: $rate fps more than 5 % below $C"
for k in foreign foreign_vlan bogus stale; do
	[ "$(col "$out/trials.csv" fwd_$k all | sort -u)" = 0 ] || fail "tagged: fwd_$k"
done
ok "tagged VLAN 100 with learning frames: the search finds $rate fps (capacity $C)"

# every UDP frame t0 sent into the DUT: VID 100, PCP 5, 60 bytes + FCS,
# checksums verified by tshark
tshark -n -r "$pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
	-Y udp -T fields -e vlan.id -e vlan.priority -e frame.len \
	-e ip.checksum.status -e udp.checksum.status 2>/dev/null |
	sort | uniq -c >"$WORK/tags"
cat "$WORK/tags"
# one line: every UDP frame alike (an untagged one has no vlan.id)
[ "$(awk '{ print $2, $3, $4, $5, $6 }' "$WORK/tags")" = "100 5 60 1 1" ] ||
	fail "a UDP frame not tagged VID 100 PCP 5 with good checksums: $(cat "$WORK/tags")"
udp=$(awk '{ n += $1 } END { print n + 0 }' "$WORK/tags")
[ "$udp" -ge 250 ] || fail "only $udp UDP frames in the capture"
ok "tshark at the DUT: all $udp test frames tagged VID 100, PCP 5, 64 bytes, checksums good"

# the right port on VLAN 101; the bridge knows t1 behind d1 (a static
# entry: t1's own learning frames, VLAN 101, never reach it; replace, not
# add: the tagged search's learning frames may have left a dynamic one
# that has not aged out yet)
vlan_ini "$WORK/other.ini" 100 101
bridge -n "$TB_DUT" fdb replace 02:00:00:00:01:10 dev d1 master static ||
	fail "static fdb entry for t1"
drop0=$(ip netns exec "$TB_DUT" nft list counters 2>/dev/null |
	awk '/counter vlan_drop/ { getline; print $2 }')
rm -rf "$WORK"/out.*
dut_search throughput -c "$WORK/other.ini" --duration 1 --timeout 300 \
	--settle 200 --rate-min 1000 --rate-max 2000 --initial-rate 2000 --error 1000
expect_equal "VLAN 101: exit status" $rc 3
expect_equal "VLAN 101: result_kind" "$(col "$out/rate.csv" result_kind)" none
paste -d ' ' <(col "$out/trials.csv" fwd_sent all) <(col "$out/trials.csv" fwd_received all) \
	<(col "$out/trials.csv" fwd_foreign_vlan all) <(col "$out/trials.csv" fwd_foreign_link all) \
	>"$WORK/other"
cat "$WORK/other"
awk '$1 == 0 || $2 != 0 || $3 != $1 || $4 < $3 { bad++ } END { exit bad > 0 }' "$WORK/other" ||
	fail "VLAN 101: a frame received, or the test frames not all foreign_vlan"
why=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["result"])' \
	"$out/run.json") || fail "VLAN 101: no result in run.json"
echo "run.json result: $why"
case $why in *"frames came back with VLAN tags not the port's"*) ;;
*) fail "VLAN 101: dutperf does not say why: $why" ;; esac
if [ "$filter" = nftables ]; then
	drop1=$(ip netns exec "$TB_DUT" nft list counters |
		awk '/counter vlan_drop/ { getline; print $2 }')
	[ "$drop1" -gt "${drop0:-0}" ] ||
		fail "VLAN 101: the DUT dropped none of the right port's frames"
	echo "the DUT's vlan_drop counter: $drop0 -> $drop1"
fi
ok "VLAN 101 on the right port: nothing through, every test frame foreign_vlan, said"
it_tb_down

# The router with routed VLAN sub-interfaces, where the kernel has them.
ip netns add "dpt-vlanprobe-$$"
if ip -n "dpt-vlanprobe-$$" link add dummy0 type dummy 2>/dev/null &&
   ip -n "dpt-vlanprobe-$$" link add link dummy0 name dummy0.5 type vlan id 5 2>/dev/null; then
	ip netns del "dpt-vlanprobe-$$"
	TB_VLAN=100 it_tb_up router
	sed '/^\[left\]$/a vlan = 100
	     /^\[right\]$/a vlan = 100' "$SRCDIR/conf/testbed-ipv4.ini" >"$WORK/router.ini"
	dut trial -c "$WORK/router.ini" --duration 1 --rate 2000 -o "$WORK/router" ||
		fail "router --vlan: exit status $? ($(tail -3 "$WORK/err.log"))"
	eval "$(last_row "$WORK/router/trials.csv")"
	expect_equal "router --vlan: fwd received" "$r_fwd_received" "$r_fwd_sent"
	expect_equal "router --vlan: rev received" "$r_rev_received" "$r_rev_sent"
	ok "router with VLAN 100 sub-interfaces: $r_fwd_received + $r_rev_received frames routed tagged"
	it_tb_down
else
	ip netns del "dpt-vlanprobe-$$"
	echo "skipped: router --vlan: this kernel has no 802.1Q VLAN interfaces (CONFIG_VLAN_8021Q)"
fi
