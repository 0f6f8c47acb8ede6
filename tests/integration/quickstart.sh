#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The README's first command: prints a throughput from rate.csv and leaves
# no namespace or process behind.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

"$SRCDIR/scripts/quickstart.sh" -o "$WORK/qs" >"$WORK/qs.log" 2>&1 ||
	fail "quickstart.sh exit status $? ($(tail -5 "$WORK/qs.log"))"
# Its testbed, from the command testbed.sh run echoes (other tests may run
# testbeds of their own meanwhile: only this one is checked).
id=$(sed -n 's/^+ ip netns exec dpt-\([A-Za-z0-9_]*\)-tg .*/\1/p' "$WORK/qs.log" | head -1)
[ -n "$id" ] || fail "no testbed run in the log"
TB_IDS+=("$id")
rate=$(col "$WORK/qs/rate.csv" rate)
[ "$rate" -gt 0 ] || fail "throughput $rate"
grep -q "Throughput of the Linux router on this machine: $rate frames/s" "$WORK/qs.log" ||
	fail "the printed throughput is not rate.csv's"
tb_names "$id"
ip netns list | grep -q "^dpt-$id-" && fail "namespaces of testbed $id left behind"
[ -e "$TB_STATE" ] && fail "state of testbed $id left behind"
[ -e "/var/run/dpdk/$TB_PREFIX" ] && fail "/var/run/dpdk/$TB_PREFIX left behind"
pgrep -f "file-prefix=$TB_PREFIX " >/dev/null && fail "a dutperf process is left"
ok "quickstart: $rate frames/s per direction, nothing left behind"
