#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The README's first command: prints a throughput from rate.csv and leaves
# no namespace or process behind.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

before=$(ip netns list | wc -l)
"$SRCDIR/scripts/quickstart.sh" -o "$WORK/qs" >"$WORK/qs.log" 2>&1 ||
	fail "quickstart.sh exit status $? ($(tail -5 "$WORK/qs.log"))"
rate=$(col "$WORK/qs/rate.csv" rate)
[ "$rate" -gt 0 ] || fail "throughput $rate"
grep -q "Throughput of the Linux router on this machine: $rate frames/s" "$WORK/qs.log" ||
	fail "the printed throughput is not rate.csv's"
expect_equal "namespaces left" "$(ip netns list | wc -l)" "$before"
pgrep -x dutperf >/dev/null && fail "a dutperf process is left"
ok "quickstart: $rate frames/s per direction, nothing left behind"
