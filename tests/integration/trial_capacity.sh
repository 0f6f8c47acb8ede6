#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A DUT whose capacity C is set by nftables: a trial at 0.8 C passes, one at
# 1.3 C fails with the loss reported in trials.csv, close to 1 - C/rate.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=10000
B=$(tb_nft_burst $C)
it_tb_up router $C
out=$WORK/out
dut trial -c "$SRCDIR/conf/testbed-ipv4.ini" --rate $((C * 8 / 10)) \
	--duration 2 --timeout 500 -o "$out" || fail "0.8 C: exit status $?"
check_lossless "$out/trials.csv" fwd rev
ok "0.8 C = $((C * 8 / 10)) fps passes"
dut trial -c "$SRCDIR/conf/testbed-ipv4.ini" --rate $((C * 13 / 10)) \
	--duration 2 --timeout 500 -o "$out" || fail "1.3 C: exit status $? (a failed trial still exits 0)"
expect_equal "status at 1.3 C" "$(col "$out/trials.csv" status)" fail
for d in fwd rev; do
	sent=$(col "$out/trials.csv" ${d}_sent)
	lost=$(col "$out/trials.csv" ${d}_lost)
	recv=$(col "$out/trials.csv" ${d}_received)
	expect_equal "$d sent = received + lost" "$sent" "$((recv + lost))"
	# A token bucket of depth B refilled at C/s passes C * 2 s + B frames;
	# allow 2 % of sent.
	want=$((sent - C * 2 - B))
	diff=$((lost > want ? lost - want : want - lost))
	[ $diff -le $((sent / 50)) ] || fail "$d lost $lost, expected $want +- $((sent / 50))"
	ok "1.3 C: $d lost $lost of $sent (token bucket predicts $want)"
done
it_tb_down
