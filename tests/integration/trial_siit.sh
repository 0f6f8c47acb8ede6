#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# SIIT through tayga: IPv6 on the left, IPv4 on the right; 6-to-4, 4-to-6 and
# both at once, 10 kfps for 2 s with pseudorandom ports: no loss.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up siit
for dir in f r b; do
	out=$WORK/$dir
	dut trial -c "$SRCDIR/conf/testbed-siit.ini" --rate 10000 --duration 2 \
		--timeout 500 --direction $dir -o "$out" ||
		fail "direction $dir: exit status $? ($(tail -3 "$WORK/err.log"))"
	case $dir in
	f) check_lossless "$out/trials.csv" fwd
	   expect_equal "rev inactive" "$(col "$out/trials.csv" rev_planned)" "" ;;
	r) check_lossless "$out/trials.csv" rev
	   expect_equal "fwd inactive" "$(col "$out/trials.csv" fwd_planned)" "" ;;
	b) check_lossless "$out/trials.csv" fwd rev ;;
	esac
	ok "siit direction $dir: every frame translated and accounted"
done
# RFC 8219 5.3 background traffic: of every 4 frames 3 are translated and
# 1 is native IPv6 (routed around tayga, so reordering is expected).
out=$WORK/nm
dut trial -c "$SRCDIR/conf/testbed-siit.ini" --rate 8000 --duration 2 \
	--timeout 500 --n 4 --m 3 -o "$out" ||
	fail "n/m mix: exit status $? ($(tail -3 "$WORK/err.log"))"
check_lossless "$out/trials.csv" fwd rev
ok "siit with background traffic (n=4, m=3): every frame accounted"
it_tb_down
