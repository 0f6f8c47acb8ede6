#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# One trial through the Linux router, IPv4 and IPv6, both directions, RFC 4814
# pseudorandom ports, 20 kfps for 2 s: every frame accounted, nothing left.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router
for v in ipv4 ipv6; do
	out=$WORK/$v
	dut trial -c "$SRCDIR/conf/testbed-$v.ini" --rate 20000 --duration 2 \
		--timeout 500 -o "$out" || fail "$v: exit status $? ($(tail -3 "$WORK/err.log"))"
	check_lossless "$out/trials.csv" fwd rev
	expect_equal "$v planned" "$(col "$out/trials.csv" fwd_planned)" 40000
	ok "$v: 40000 frames each way, sent == received, status pass"
done
# A second trial appends; the header stays single.
dut trial -c "$SRCDIR/conf/testbed-ipv4.ini" --rate 10000 --duration 1 \
	--timeout 500 -o "$WORK/ipv4" >/dev/null || fail "second trial"
expect_equal "last row" "$(col "$WORK/ipv4/trials.csv" rate_fps)" 10000
[ "$(col "$WORK/ipv4/trials.csv" rate_fps all | wc -l)" -ge 2 ] || fail "trials.csv was not appended"
expect_equal "header lines" "$(grep -c '^start,' "$WORK/ipv4/trials.csv")" 1
ok "trials.csv appended, one header"
[ -s "$WORK/ipv4/run.json" ] || fail "no run.json"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$WORK/ipv4/run.json" ||
	fail "run.json is not JSON lines"
ok "run.json: one JSON object per run"
it_tb_down	# fails if a dutperf process or the runtime directory is left
ok "testbed, DPDK runtime directory and processes gone"
