#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 on the NAT44 testbed (nftables masquerade, scripts/testbed.sh
# --dut nat44), against a DUT whose limit is set before the test runs:
# no limit: mode stateful (phase 1, then phase 2 in both directions with
# the Responder's frames made from its state table) passes at 5000 fps, a
# rate the stateless router passes (trial_router.sh: 20000 fps).
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf

# 3. stateful throughput: phase 2 passes at 5000 fps through the NAT
it_tb_up nat44
dut stateful -c "$WORK/nat.ini" --rate-min 4000 --rate-max 5000 --error 1000 \
	-o "$WORK/st" || fail "stateful: exit status $? ($(tail -3 "$WORK/err.log"))"
expect_equal "stateful throughput" "$(col "$WORK/st/rate.csv" rate)" 5000
ok "stateful: 5000 fps passed both ways after phase 1"
it_tb_down
ok "testbed, DPDK runtime directory and processes gone"
