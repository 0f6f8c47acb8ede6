#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# [left] / [right] mac default to the ports' own addresses (issue 39,
# port.c port_own_macs).  On the router testbed the tester's t0 gets an
# address no configuration names (02:00:00:00:aa:10) and the DUT's
# neighbour entry follows it; then
#   an ini without mac  -> a 1 s trial passes both ways (frames leave from
#                          and are taken at t0's address), run.json's
#                          ports name each veth's address as `ip link`
#                          reads it, mac_from "port", promisc false
#   [left] mac given,   -> the port is put in promiscuous mode and stderr
#   not the port's         says so; run.json: mac_from "configured",
#                          promisc true
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router
new=02:00:00:00:aa:10
ip -n "$TB_TG" link set t0 address $new || fail "cannot set t0's address"
ip -n "$TB_DUT" neigh replace 198.18.0.2 lladdr $new dev d0 nud permanent ||
	fail "cannot set the DUT's neighbour entry"
ifmac() {	# IF: the tester interface's address, as the kernel has it
	ip -n "$TB_TG" -j link show "$1" | python3 -c \
		'import json, sys; print(json.load(sys.stdin)[0]["address"])'
}
expect_equal "t0's address" "$(ifmac t0)" $new

ini=$WORK/nomac.ini
# a generous lag limit: a sender preempted on the shared CPUs only makes a
# trial invalid, which is not what is tested here
grep -v '^mac *=' "$SRCDIR/conf/testbed-ipv4.ini" |
	sed 's/^max_lag_us *=.*/max_lag_us = 500000/' >"$ini"
grep -q '^max_lag_us = 500000$' "$ini" || fail "no max_lag_us in $ini"
grep -q '^dut_mac *=' "$ini" || fail "no dut_mac left in $ini"
grep -q '^mac *=' "$ini" && fail "mac still in $ini"

# ports() OUT WANT_FROM WANT_PROMISC MAC0 MAC1: run.json's ports
ports() {
	python3 - "$1/run.json" "$2" "$3" "$4" "$5" <<'PY' || fail "$1: run.json ports"
import json, sys
path, frm, promisc, m0, m1 = sys.argv[1:]
d = json.loads(open(path).read().splitlines()[-1])
p = d["ports"]
assert [x["mac"] for x in p] == [m0, m1], p
assert [x["own_mac"] for x in p] == [m0 if frm == "port" else "02:00:00:00:aa:10", m1], p
assert p[0]["mac_from"] == frm and p[1]["mac_from"] == "port", p
assert p[0]["promisc"] == (promisc == "1") and p[1]["promisc"] is False, p
PY
}

out=$WORK/own
dut trial -c "$ini" --rate 2000 --duration 1 --timeout 200 -q -o "$out" >/dev/null ||
	fail "trial without mac: exit status $? ($(tail -3 "$WORK/err.log"))"
check_lossless "$out/trials.csv" fwd rev
ports "$out" port 0 $new "$(ifmac t1)"
grep -q "promiscuous" "$WORK/err.log" && fail "own MAC: promiscuous: $(cat "$WORK/err.log")"
ok "no mac in the ini: the ports' own ($new, $(ifmac t1)), a lossless trial, run.json says so"

# [left] mac given and not t0's: promiscuous, said on stderr.  The DUT
# sends to the configured address.
sed 's/^dut_mac = 02:00:00:00:00:20$/mac = 02:00:00:00:00:10\n&/' "$ini" >"$WORK/given.ini"
[ "$(grep -c '^mac *=' "$WORK/given.ini")" = 1 ] || fail "given.ini: no [left] mac"
ip -n "$TB_DUT" neigh replace 198.18.0.2 lladdr 02:00:00:00:00:10 dev d0 nud permanent
out=$WORK/given
dut trial -c "$WORK/given.ini" --rate 2000 --duration 1 --timeout 200 -q -o "$out" \
	>/dev/null || fail "trial with [left] mac: exit status $? ($(tail -3 "$WORK/err.log"))"
check_lossless "$out/trials.csv" fwd rev
ports "$out" configured 1 02:00:00:00:00:10 "$(ifmac t1)"
grep -q "\[left\] mac 02:00:00:00:00:10 is not port 0's own address $new: the port is put in promiscuous mode" \
	"$WORK/err.log" || fail "no promiscuous note: $(cat "$WORK/err.log")"
ok "[left] mac given, not the port's: promiscuous, said on stderr, run.json says so"
it_tb_down
