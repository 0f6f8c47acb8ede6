#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# scripts/batch.sh: a series over frame sizes and directions, each search
# into its own directory with its own rate.csv.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router
"$SRCDIR/scripts/batch.sh" -c "$SRCDIR/conf/testbed-ipv4.ini" --testbed "$TBID" \
	--sizes "64 256" --dirs "f r" --repeat 1 -o "$WORK/b" -- --duration 1 \
	--timeout 200 --settle 100 --rate-min 1000 --rate-max 8000 \
	--initial-rate 8000 --error 4000 >"$WORK/batch.log" 2>&1 ||
	fail "batch.sh exit status $? ($(tail -3 "$WORK/batch.log"))"
for size in 64 256; do
	for dir in f r; do
		csv=$WORK/b/$size-$dir/rate.csv
		[ -f "$csv" ] || fail "no $csv"
		expect_equal "$size-$dir Size" "$(col "$csv" Size)" $size
		expect_equal "$size-$dir Dir" "$(col "$csv" Dir)" $dir
		[ "$(col "$csv" rate)" -gt 0 ] || fail "$size-$dir: no throughput"
	done
done
ok "4 series (64/256 B x f/r), each with its own rate.csv"
it_tb_down
