#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The translating DUTs without permanent neighbours (testbed.sh --neigh
# dynamic, issue 35), each with its conf/testbed-KIND.ini less dut_mac:
# SIIT (tayga; left IPv6, right IPv4, both directions, a plain trial)
# and stateful NAT44 (a trial --stateful of 200 connections, both
# directions, nat44_common.sh's configuration).  On each a short trial at
# a modest rate must pass lossless, dutperf must have resolved d0 and d1 (run.json: their MACs,
# "resolved"), and while it ran the DUT's neighbour table must have held
# the tester's MACs on d0 and d1, learnt (never PERMANENT).  The router:
# neigh_router.sh.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

# dyn KIND LEFT_ADDR INI TRIAL_OPTION...: KIND's testbed, the trial of
# configuration INI less dut_mac (LEFT_ADDR: the left tester address the
# DUT resolves on d0, IPv6 for the left side of siit)
dyn() {
	local kind=$1 left=$2 ini=$3 v=4 out=$WORK/$1
	shift 3
	[[ $left == *:* ]] && v=6
	TB_NEIGH=dynamic it_tb_up "$kind"
	grep -q '^NEIGH=dynamic$' "$TB_STATE/state" || fail "$kind: testbed state: $(cat "$TB_STATE/state")"
	[ -z "$(ip -n "$TB_DUT" neigh show nud permanent)" ] ||
		fail "$kind: permanent neighbours: $(ip -n "$TB_DUT" neigh show nud permanent)"
	sed '/^dut_mac/d' "$ini" >"$WORK/$kind.ini"
	! grep -q dut_mac "$WORK/$kind.ini" || fail "dut_mac in $WORK/$kind.ini"
	touch "$WORK/sampling"
	neigh_sample $v "$WORK/$kind.neigh" &
	[ $v = 6 ] && neigh_sample 4 "$WORK/$kind.neigh4" &
	dut trial "$@" -c "$WORK/$kind.ini" --rate 2000 --duration 1 --timeout 300 -o "$out" ||
		fail "$kind: exit status $? ($(tail -3 "$WORK/err.log"))"
	rm -f "$WORK/sampling"
	wait
	grep 'is at' "$WORK/err.log"
	check_lossless "$out/trials.csv" fwd rev
	run_ports "$out" >"$WORK/ports"
	cat "$WORK/ports"
	[ "$(cut -d' ' -f1-3 "$WORK/ports" | tr '\n' ' ')" = \
		"left 02:00:00:00:00:20 resolved right 02:00:00:00:01:20 resolved " ] ||
		fail "$kind: d0 and d1 not resolved: $(cat "$WORK/ports")"
	neigh_learnt "$WORK/$kind.neigh" "$left" d0 02:00:00:00:00:10
	[ $v = 6 ] || neigh_learnt "$WORK/$kind.neigh" 198.19.0.2 d1 02:00:00:00:01:10
	[ $v = 4 ] || neigh_learnt "$WORK/$kind.neigh4" 198.19.0.2 d1 02:00:00:00:01:10
	ok "$kind: d0 and d1 resolved, 2000 fps both ways lossless, the DUT learnt the tester"
	it_tb_down
}
# counts, not the tester's timing (frames_ini's lag limit)
frames_ini "$SRCDIR/conf/testbed-siit.ini" "$WORK/siit.lax.ini"
dyn siit 2001:db8::2 "$WORK/siit.lax.ini"
. "$(dirname "$0")/nat44_common.sh"
sed -i -e 's/^frames = 4000$/frames = 200/' -e 's/^table_size = 4000$/table_size = 200/' \
	-e 's/^timeout_ms = 500$/timeout_ms = 200/' -e '/^hook_trial/d' "$WORK/nat.ini"
grep -q '^frames = 200$' "$WORK/nat.ini" || fail "no [stateful] frames in $WORK/nat.ini"
dyn nat44 198.18.0.2 "$WORK/nat.ini" --stateful
