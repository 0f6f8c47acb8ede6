#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2889 5.8 address learning rate (mode learnrate) on a three-port Linux
# bridge that learns at most R = 1000 addresses a second: testbed.sh
# --limit-in-fps 0:R drops the learning frames entering DUT port d0 above
# R/s (a token bucket of B = 40 frames, 40 ms at R) before the bridge
# learns their source.  N = 1500 addresses an iteration, the learning rate
# searched between 700 and 1200 fps to 40 fps, the test frames at 5000
# fps, the table flushed before each iteration.  Known answer: R, within
# 95 .. 103 %: the bucket lets the N frames through up to R N / (N - B) =
# 1.027 R; a sender that falls up to [traffic] max_lag_us = 40 ms behind
# catches up with a burst the bucket absorbs at R, further behind the
# iteration is invalid and repeated (this shared machine preempts).
# Independent: the DUT's own counters over the run, d0_in_drop = the
# frames flooded to the Mport (each dropped learning frame an address not
# learned) and d0_in_pass + d0_in_drop = the learning frames sent.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/switchproc_lib.sh"
need_root
need_dutperf

R=1000
ini=$WORK/learnrate.ini
N=1500
swp_ini "$ini" 3 's/^max_lag_us = .*/max_lag_us = 40000/; s/^rate_fps = .*/rate_fps = 5000/; s/^learn_fps = .*/&\naddrs = '$N'\nlearn_min_fps = 700\nlearn_max_fps = 1200\nlearn_resolution_fps = 40/'
TB_PORTS=3 TB_IN_LIMITS="0:$R" TB_NFT_BURST_PKTS=40 it_tb_up bridge
ip netns exec "$TB_DUT" nft list chain bridge dutperf ingress_limit | grep -q "limit rate over $R/second burst 40 packets" ||
	fail "no limit of $R fps, burst 40 on d0"

out=$WORK/out
dut learnrate -c "$ini" -o "$out"
rc=$?
[ $rc -eq 0 ] || fail "learnrate: exit status $rc ($(tail -3 "$WORK/err.log"))"
rate=$(col "$out/switch.csv" learn_fps)
expect_equal "learnrate: result_kind" "$(col "$out/switch.csv" result_kind)" measured
[ "$rate" -le $((R * 103 / 100)) ] || fail "learnrate: $rate fps above the learner's $R"
[ "$rate" -ge $((R * 95 / 100)) ] || fail "learnrate: $rate fps more than 5 % below $R"
grep -q "^address learning rate $rate fps for $N addresses (measured)$" "$WORK/out.log" ||
	fail "learnrate: no RFC 2889 5.8 result on stdout"
nft_counter() {	# NAME: packets of counter NAME of table bridge dutperf
	ip netns exec "$TB_DUT" nft list counter bridge dutperf "$1" |
		sed -n 's/.*packets \([0-9]*\).*/\1/p'
}
drop=$(nft_counter d0_in_drop) pass=$(nft_counter d0_in_pass)
read -r flood sent < <(python3 -c 'import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))
print(sum(int(x["mport_flood"]) for x in r), sum(int(x["learn_sent"]) for x in r))' "$out/learnrate.csv")
expect_equal "d0_in_drop vs the Mport's floods" "$drop" "$flood"
expect_equal "d0_in_pass + d0_in_drop vs learning frames sent" $((pass + drop)) "$sent"
ok "learnrate: $rate fps for a learner of $R fps in $(col "$out/switch.csv" iterations) iterations; the DUT dropped $drop learning frames = $flood flooded test frames"
it_tb_down
