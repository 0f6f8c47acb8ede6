#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 on the NAT44 testbed (nftables masquerade, scripts/testbed.sh
# --dut nat44), against a DUT whose limit is set before the test runs:
# --ct-size M0 = 1500 connections: mode cttc finds the table capacity
# within its precision E = 250 below M0 (M0 - E < C <= M0).
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf

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
nat_spread
it_tb_down

ok "testbed, DPDK runtime directory and processes gone"
