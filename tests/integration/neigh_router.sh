#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The router DUT without permanent neighbours (testbed.sh --neigh dynamic,
# issue 35), ini files without dut_mac: dutperf resolves d0 and d1 by ARP
# (IPv4) and ND (IPv6) and answers the DUT's ARP requests and NS, so
#  - the nftables-limit known answer holds as in trial_capacity.sh (0.8 C
#    lossless, IPv4 and IPv6; 1.3 C loses what the token bucket predicts);
#  - the DUT's neighbour entries hold the tester's MACs while dutperf
#    runs, learnt (never PERMANENT);
#  - in an 8 s trial an `ip neigh flush dev d1` in the DUT, then one of
#    d0, are answered by the tester (entries REACHABLE again) and cost
#    exactly the frames the DUT itself dropped (its own nftables counts,
#    in on d0 and out on d1, and back), no more (a short trial, not 60 s:
#    the suite's time);
#  - a DUT that answers no ARP (arp off on d0): exit status 1 within the
#    documented 3 s, port and address named.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=10000
B=$(tb_nft_burst $C)
TB_NEIGH=dynamic it_tb_up router $C
grep -q '^NEIGH=dynamic$' "$TB_STATE/state" || fail "testbed state: $(cat "$TB_STATE/state")"
# (max_lag_us as given: a sender preempted for longer would catch up in
# bursts the token bucket punishes; such a run is invalid and repeated)
for v in 4 6; do
	sed '/^dut_mac/d' "$SRCDIR/conf/testbed-ipv$v.ini" >"$WORK/v$v.ini"
done
[ -z "$(ip -n "$TB_DUT" neigh show nud permanent)" ] || fail "permanent neighbours: $(ip -n "$TB_DUT" neigh show nud permanent)"

for v in 4 6; do
	out=$WORK/ok$v
	touch "$WORK/sampling"
	neigh_sample $v "$WORK/neigh$v" &
	sampler=$!
	dut trial -c "$WORK/v$v.ini" --rate $((C * 8 / 10)) --duration 2 \
		--timeout 500 -o "$out" || fail "IPv$v 0.8 C: exit status $?"
	rm -f "$WORK/sampling"
	wait $sampler
	grep 'is at' "$WORK/err.log"
	check_lossless "$out/trials.csv" fwd rev
	run_ports "$out" >"$WORK/ports"
	cat "$WORK/ports"
	want4="left 02:00:00:00:00:20 resolved 198.18.0.1
right 02:00:00:00:01:20 resolved 198.19.0.1"
	want6="left 02:00:00:00:00:20 resolved 2001:db8::1
right 02:00:00:00:01:20 resolved 2001:db8:1::1"
	[ "$(cut -d' ' -f1-4 "$WORK/ports")" = "$(eval echo "\"\$want$v\"")" ] ||
		fail "IPv$v resolved: $(cat "$WORK/ports")"
	# learnt while the run lasted (the tester's requests,
	# announcements and answers)
	if [ $v = 4 ]; then
		neigh_learnt "$WORK/neigh4" 198.18.0.2 d0 02:00:00:00:00:10
		neigh_learnt "$WORK/neigh4" 198.19.0.2 d1 02:00:00:00:01:10
	else
		neigh_learnt "$WORK/neigh6" 2001:db8::2 d0 02:00:00:00:00:10
		neigh_learnt "$WORK/neigh6" 2001:db8:1::2 d1 02:00:00:00:01:10
	fi
	ok "IPv$v: d0 and d1 resolved, 0.8 C = $((C * 8 / 10)) fps lossless, the DUT learnt the tester"
done

# 1.3 C: the token bucket's loss (trial_capacity.sh's known answer).
out=$WORK/over
dut trial -c "$WORK/v4.ini" --rate $((C * 13 / 10)) --duration 2 --timeout 500 \
	-o "$out" || fail "1.3 C: exit status $?"
expect_equal "status at 1.3 C" "$(col "$out/trials.csv" status)" fail
for d in fwd rev; do
	sent=$(col "$out/trials.csv" ${d}_sent)
	lost=$(col "$out/trials.csv" ${d}_lost)
	want=$((sent - C * 2 - B))
	diff=$((lost > want ? lost - want : want - lost))
	[ $diff -le $((sent / 50)) ] || fail "$d lost $lost, expected $want +- $((sent / 50))"
	ok "1.3 C: $d lost $lost of $sent (token bucket predicts $want)"
done

# An 8 s trial in which the DUT forgets d1's neighbour (neigh flush), 2 s
# later d0's: each must be resolved again, the tester answering on the
# port of each direction while it runs (Linux's own probes, 5 s after an
# entry's first use, may come on top, depending on when that was).  What
# the DUT itself drops is counted by the DUT: nftables counters of UDP
# frames entering and leaving d0 and d1 (netdev ingress and egress, the
# latter after neighbour resolution: a frame the DUT discards while it
# re-resolves never reaches it).  2000 fps and a lax lag limit: a
# preempted sender's catch-up bursts stay within the token bucket, so
# nothing but the DUT's resolution can cost a frame.
ip netns exec "$TB_DUT" nft -f - <<'NFT' || fail "nft counters"
table netdev neighcnt {
	chain in0 { type filter hook ingress device "d0" priority 0; meta l4proto udp counter; }
	chain out1 { type filter hook egress device "d1" priority 0; meta l4proto udp counter; }
	chain in1 { type filter hook ingress device "d1" priority 0; meta l4proto udp counter; }
	chain out0 { type filter hook egress device "d0" priority 0; meta l4proto udp counter; }
}
NFT
udp_count() {	# CHAIN: its counter's packets
	ip netns exec "$TB_DUT" nft list chain netdev neighcnt "$1" |
		sed -n 's/.*counter packets \([0-9]*\).*/\1/p'
}
frames_ini "$WORK/v4.ini" "$WORK/v4lax.ini"
out=$WORK/long
(
	sleep 4; ip -n "$TB_DUT" neigh flush dev d1; echo "DUT: neigh flush dev d1"
	sleep 2; ip -n "$TB_DUT" neigh flush dev d0; echo "DUT: neigh flush dev d0"
	sleep 2.5; ip -n "$TB_DUT" -4 neigh show >"$WORK/neigh_late"
) &
bg=$!
dut_once trial -c "$WORK/v4lax.ini" --rate 2000 --duration 8 --timeout 500 \
	-o "$out" || fail "8 s trial: exit status $? ($(tail -2 "$WORK/err.log"))"
wait $bg
for d in fwd rev; do
	case $d in fwd) i=in0 o=out1 ;; rev) i=in1 o=out0 ;; esac
	in=$(udp_count $i)
	outn=$(udp_count $o)
	sent=$(col "$out/trials.csv" ${d}_sent)
	lost=$(col "$out/trials.csv" ${d}_lost)
	answered=$(col "$out/trials.csv" ${d}_answered)
	echo "$d: sent $sent, lost $lost; the DUT took in $in, sent out $outn (dropped $((in - outn))); answered $answered"
	expect_equal "$d: frames into the DUT" "$in" "$sent"
	expect_equal "$d: lost vs the DUT's own drops" "$lost" $((in - outn))
	[ "$answered" -ge 1 ] || fail "$d: the receiving port answered nothing"
	eval "lost_$d=$lost answered_$d=$answered"
done
neigh_learnt "$WORK/neigh_late" 198.18.0.2 d0 02:00:00:00:00:10 REACHABLE
neigh_learnt "$WORK/neigh_late" 198.19.0.2 d1 02:00:00:00:01:10 REACHABLE
ok "8 s trial: the DUT's re-resolutions after the flushes answered ($answered_rev on d0, $answered_fwd on d1), entries REACHABLE; lost $lost_fwd / $lost_rev = what the DUT itself dropped"

# A DUT that answers no ARP on d0.
ip -n "$TB_DUT" link set d0 arp off
t0=$(date +%s%N)
dut_once trial -c "$WORK/v4.ini" --duration 1 -o "$WORK/silent"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
ip -n "$TB_DUT" link set d0 arp on
expect_equal "silent DUT exit status" $rc 1
grep -q '\[left\] port 0 (net_af_packet).*198\.18\.0\.1 (\[left\] dut_ip) answered none of 3 ARP requests in 3000 ms' \
	"$WORK/err.log" || fail "silent DUT: $(tail -2 "$WORK/err.log")"
[ -z "$(ls -A "$WORK/silent" 2>/dev/null)" ] || fail "files written: $(ls "$WORK/silent")"
ok "DUT without ARP on d0: exit status 1 after $ms ms: $(grep 'answered none' "$WORK/err.log")"
it_tb_down
