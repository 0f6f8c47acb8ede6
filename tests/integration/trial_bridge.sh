#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# One bidirectional trial through a Linux bridge: no loss.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up bridge
dut trial -c "$SRCDIR/conf/testbed-bridge.ini" --rate 20000 --duration 2 \
	--timeout 500 -o "$WORK/out" || fail "exit status $? ($(tail -3 "$WORK/err.log"))"
check_lossless "$WORK/out/trials.csv" fwd rev
ok "bridge: 40000 frames each way, sent == received"
it_tb_down
