#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The engine without a kernel: two memif ports joined inside one process
# (a wire, no DUT).  Counts must be exact; drops and duplicates injected by
# the sender's test aid (DUTPERF_DEBUG_DROP_EVERY / _DUP_EVERY) must be
# found exactly; net_null (a sink) must show every frame lost.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-ring-$$
cfg=$SRCDIR/tests/data/wire.ini
memif() { wire "$DUTPERF" "$prefix" "$@"; }

N=60000
memif trial -c "$cfg" --rate $N --duration 1 --timeout 200 -o "$WORK/a" ||
	fail "clean wire: exit status $? ($(tail -2 "$WORK/err.log"))"
check_lossless "$WORK/a/trials.csv" fwd rev
ok "clean wire: $N frames each way, every one received once"
for d in fwd rev; do
	achieved=$(col "$WORK/a/trials.csv" ${d}_achieved_fps)
	# first to last departure; a late last burst (preemption) lowers it a little
	awk -v a="$achieved" -v w=$N 'BEGIN { d = a / w - 1; exit !(d > -0.02 && d < 0.02) }' ||
		fail "$d: achieved $achieved fps of $N requested"
	echo "$d: achieved $achieved fps of $N requested"
done

DUTPERF_DEBUG_DROP_EVERY=1000 DUTPERF_DEBUG_DUP_EVERY=250 \
	memif trial -c "$cfg" --rate $N --duration 1 --timeout 200 -o "$WORK/b" ||
	fail "faulty wire: exit status $?"
csv=$WORK/b/trials.csv
drops=$((N / 1000))
dups=$(((N - drops) / 250))	# every 250th frame that was not dropped
for d in fwd rev; do
	expect_equal "$d sent" "$(col "$csv" ${d}_sent)" $N
	expect_equal "$d lost" "$(col "$csv" ${d}_lost)" $drops
	expect_equal "$d received" "$(col "$csv" ${d}_received)" $((N - drops))
	expect_equal "$d duplicates" "$(col "$csv" ${d}_duplicates)" $dups
done
expect_equal "status with loss and duplicates" "$(col "$csv" status)" fail
ok "faulty wire: $drops gaps and $dups duplicates found exactly; trial failed"

DUTPERF_DEBUG_DUP_EVERY=100 \
	memif trial -c "$cfg" --rate 20000 --duration 1 --timeout 200 -o "$WORK/c" ||
	fail "duplicating wire: exit status $?"
csv=$WORK/c/trials.csv
expect_equal "dup-only lost" "$(col "$csv" fwd_lost)" 0
expect_equal "dup-only duplicates" "$(col "$csv" fwd_duplicates)" 200
expect_equal "dup-only status" "$(col "$csv" status)" fail
ok "duplicates alone fail the trial, never count as received"

# net_null swallows everything: all lost, and the trial fails.
WIRE=null wire "$DUTPERF" "$prefix" trial -c "$cfg" --rate 20000 --duration 1 \
	--timeout 100 -o "$WORK/d" || fail "net_null: exit status $?"
csv=$WORK/d/trials.csv
expect_equal "null sent" "$(col "$csv" fwd_sent)" 20000
expect_equal "null received" "$(col "$csv" fwd_received)" 0
expect_equal "null lost" "$(col "$csv" fwd_lost)" 20000
expect_equal "null status" "$(col "$csv" status)" fail
ok "net_null: 20000 sent, 0 received, all lost, fail"
