#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 on the NAT44 testbed (nftables masquerade, scripts/testbed.sh
# --dut nat44), against DUTs whose limits are set before the test runs:
#  - --ct-rate R0 = 2000 new connections/s (token bucket of 120): mode
#    connrate finds the maximum connection establishment rate within 3 % of R0;
#  - --ct-size M0 = 1500 connections: mode cttc finds the table capacity
#    within its precision E = 250 below M0 (M0 - E < C <= M0);
#  - no limit: mode stateful (phase 1, then phase 2 in both directions with
#    the Responder's frames made from its state table) passes at 5000 fps,
#    a rate the stateless router passes (trial_router.sh: 20000 fps).
# The DUT's table is reset before every phase 1 ([stateful] hook_trial).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

# the testbed's configuration, made stateful: the NAT's public address as
# the Initiator's address seen from the right, both directions, a lag limit
# for this shared machine (frames_ini), N = M = 4000 over 40 x 100 ports
frames_ini "$SRCDIR/conf/testbed-nat44.ini" "$WORK/base.ini"
sed -e 's/^direction = forward/direction = both/' \
	-e '0,/^ipv4_virt = .*/s//ipv4_virt = 198.19.0.1/' \
	-e '0,/^sport_min = .*/s//sport_min = 1024/' \
	-e '0,/^sport_max = .*/s//sport_max = 1063/' \
	-e '0,/^dport_max = .*/s//dport_max = 100/' \
	-e 's/^settle_ms = .*/settle_ms = 300/' "$WORK/base.ini" >"$WORK/nat.ini"
cat >>"$WORK/nat.ini" <<INI
[stateful]
initiator = left
frames = 4000
table_size = 4000
rate_fps = 2000
timeout_ms = 500
delay_ms = 2500
validate_rate_fps = 20000
hook_trial = $SRCDIR/scripts/testbed.sh reset-state
INI
grep -q '^ipv4_virt = 198.19.0.1$' "$WORK/nat.ini" || fail "no ipv4_virt in the configuration"

# 1. connection establishment rate, R0 = 2000/s
TB_CT_RATE=2000 TB_CT_BURST=120 it_tb_up nat44
dut connrate -c "$WORK/nat.ini" --rate-min 1500 --rate-max 2500 --error 20 \
	-o "$WORK/cr" || fail "connrate: exit status $? ($(tail -3 "$WORK/err.log"))"
expect_equal "connrate.csv header" "$(head -1 "$WORK/cr/connrate.csv")" \
	"No, Size, n, m, Initial R Rate, N, M, T, D, Error, Date, Iterations needed, rate, result_kind"
rate=$(col "$WORK/cr/connrate.csv" rate)
[ "$rate" -ge 1940 ] && [ "$rate" -le 2060 ] ||
	fail "connection rate $rate/s: not within 3 % of R0 = 2000/s"
ok "connrate: $rate connections/s, R0 = 2000 (within 3 %)"
grep -q ', preliminary' "$WORK/cr/trials.csv" 2>/dev/null || true
it_tb_down

# 2. table capacity, M0 = 1500
TB_CT_SIZE=1500 it_tb_up nat44
cat >>"$WORK/nat.ini" <<INI
cttc_start = 500
cttc_error = 250
INI
dut cttc -c "$WORK/nat.ini" --rate-min 0 --rate-max 4000 --initial-rate 4000 \
	--error 2000 -o "$WORK/ct" || fail "cttc: exit status $? ($(tail -3 "$WORK/err.log"))"
cap=$(col "$WORK/ct/cttc.csv" capacity)
[ "$cap" -gt 1250 ] && [ "$cap" -le 1500 ] ||
	fail "table capacity $cap: not within E = 250 below M0 = 1500"
ok "cttc: capacity $cap connections, M0 = 1500 (E = 250)"
it_tb_down

# 3. stateful throughput: phase 2 passes at 5000 fps through the NAT
it_tb_up nat44
dut stateful -c "$WORK/nat.ini" --rate-min 4000 --rate-max 5000 --error 1000 \
	-o "$WORK/st" || fail "stateful: exit status $? ($(tail -3 "$WORK/err.log"))"
expect_equal "stateful throughput" "$(col "$WORK/st/rate.csv" rate)" 5000
ok "stateful: 5000 fps passed both ways after phase 1"
it_tb_down
ok "testbeds, DPDK runtime directories and processes gone"
