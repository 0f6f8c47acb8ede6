#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# throughput_capacity with 2 streams per direction and 2 queue pairs per
# af_packet port (docs/accounting.md): the binary search against
# a DUT of known capacity C (nftables limit per input interface) must find
# C within the same margin as one stream does (-5 % .. +3 %), and the
# result is the highest passing trial.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=10000
cfg=$WORK/streams.ini
# The lcores as in throughput_capacity (lcore 0 sends, now both streams of
# each direction; lcore 1 reads both RX queues of each port) and its lag
# limit (20 ms): only the streams and queues differ.
sed 's/^recv_lcore = 1$/recv_lcore = 1\nsend_lcores = 0\nrecv_lcores = 1\nqueues = 2/' \
	"$SRCDIR/conf/testbed-ipv4.ini" >"$cfg"
[ "$(grep -c '^queues = 2$' "$cfg")" = 2 ] || fail "no queues = 2 in $cfg"
export TB_QPAIRS=2
it_tb_up router $C
dut_search throughput -c "$cfg" --duration 1 --timeout 300 --settle 200 \
	--rate-min 1000 --rate-max 20000 --initial-rate 20000 --error 250
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"
grep -E '^search' "$WORK/err.log" | head -20
rate=$(col "$out/rate.csv" rate 1)
best=$(paste -d ' ' <(col "$out/trials.csv" status all) <(col "$out/trials.csv" rate_fps all) |
	awk '$1 == "pass" && $2 > m { m = $2 } END { print m + 0 }')
expect_equal "result vs highest passing trial" "$rate" "$best"
[ "$rate" -le $((C * 103 / 100)) ] || fail "$rate fps above the capacity $C"
[ "$rate" -ge $((C * 95 / 100)) ] || fail "$rate fps more than 5 % below $C"
ok "2 streams per direction: $rate fps (capacity $C)"
it_tb_down
