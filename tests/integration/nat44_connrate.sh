#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 on the NAT44 testbed (nftables masquerade, scripts/testbed.sh
# --dut nat44), against a DUT whose limit is set before the test runs:
# --ct-rate R0 = 2000 new connections/s (token bucket of 40): mode
# connrate finds the maximum connection establishment rate within 3 % of R0.
# The bucket lets N frames at R through when N <= B + R0 * (N - 1) / R,
# so the highest passing R is R0 (N - 1) / (N - B): 2019.7/s for N = 4000,
# B = 40 (with B = 120 it was 2061/s, beyond the 3 %).  The search runs
# 1800..2200/s (either end outside the 3 %, so a search ending there fails)
# to an error of 40/s: its result, at most 40 below a failing rate, is at
# least 1980/s: the top trial and 4 halvings, 5 trials, not 7 (1500..2500
# to 20/s).
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf

# 1. connection establishment rate, R0 = 2000/s
TB_CT_RATE=2000 TB_CT_BURST=40 it_tb_up nat44
dut connrate -c "$WORK/nat.ini" --rate-min 1800 --rate-max 2200 --error 40 \
	-o "$WORK/cr" || fail "connrate: exit status $? ($(tail -3 "$WORK/err.log"))"
expect_equal "connrate.csv header" "$(head -1 "$WORK/cr/connrate.csv")" \
	"No, Size, n, m, Initial R Rate, N, M, T, D, Error, Date, Iterations needed, rate, result_kind"
rate=$(col "$WORK/cr/connrate.csv" rate)
[ "$rate" -ge 1940 ] && [ "$rate" -le 2060 ] ||
	fail "connection rate $rate/s: not within 3 % of R0 = 2000/s"
ok "connrate: $rate connections/s, R0 = 2000 (within 3 %)"
nat_spread
expect_equal "phase-1 rows" "$(col "$WORK/cr/trials.csv" phase 1)" preliminary
expect_equal "recorded" "$(col "$WORK/cr/trials.csv" recorded 1)" "$(col "$WORK/cr/trials.csv" fwd_received 1)"
ok "trials.csv: phase and the entries phase 1 recorded"
it_tb_down

ok "testbed, DPDK runtime directory and processes gone"
