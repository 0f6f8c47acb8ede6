#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 tear-down rate (mode teardown) against a DUT whose answer is set
# before the test runs.  The teardown_cmd reads the DUT's connection count
# C (nf_conntrack_count), deletes them (conntrack -F) and then sleeps C / R
# seconds, R = 1000/s: a DUT that tears down R connections/s by
# construction.  After phase 1 (N = 4000 connections) dutperf times it
# with the table loaded (TD: C = N, a 4 s sleep) and three times empty
# (T0, their median: C = 0, no sleep), so TD - T0 = N / R + e, e the kernel's own deletion of 4000
# entries plus the difference between starting the same four processes
# twice.  The driver runs the four timings as command steps: a progress
# line each, and the ETA after phase 1 counts them.  On this shared 2-CPU machine each start costs 30-90 ms and e was
# -72, -61 and +40 ms in three runs (with R = 4000/s, a 1 s sleep, the
# rate was 4259, 4309, 3846/s: e is the noise of the method, see
# docs/stateful.md).  Allowing |e| <= 150 ms the rate N / (TD - T0) lies
# in [4000 / 4.15, 4000 / 3.85] = [964, 1038]/s.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf

R=1000
it_tb_up nat44
eval "$("$TB" env --name "$TBID")"
cat >"$WORK/td.sh" <<SH
#!/usr/bin/env bash
c=\$(ip netns exec $DUT_NS cat /proc/sys/net/netfilter/nf_conntrack_count)
echo "\$c" >>"$WORK/counts"
ip netns exec $DUT_NS conntrack -F >/dev/null 2>&1 || exit 1
ms=\$((c * 1000 / $R))
sleep "\$((ms / 1000)).\$(printf %03d \$((ms % 1000)))"
SH
chmod +x "$WORK/td.sh"
sed "s|^hook_trial = .*|&\nteardown_cmd = $WORK/td.sh|" "$WORK/nat.ini" >"$WORK/td.ini"
dut teardown -c "$WORK/td.ini" -o "$WORK/td" ||
	fail "teardown: exit status $? ($(tail -3 "$WORK/err.log"))"
expect_equal "teardown.csv header" "$(head -1 "$WORK/td/teardown.csv")" \
	"No, Size, n, m, R, N, T, Date, TD ms, T0 ms, rate, result_kind"
expect_equal "phase 1 of teardown" "$(col "$WORK/td/trials.csv" status)" pass
expect_equal "DUT's connections before TD, before the three T0" "$(tr '\n' ' ' <"$WORK/counts")" "4000 0 0 0 "
expect_equal "result_kind" "$(col "$WORK/td/teardown.csv" result_kind)" measured
rate=$(col "$WORK/td/teardown.csv" rate)
td=$(col "$WORK/td/teardown.csv" "TD ms")
t0=$(col "$WORK/td/teardown.csv" "T0 ms")
[ "$rate" -ge 964 ] && [ "$rate" -le 1038 ] ||
	fail "tear-down rate $rate/s (TD $td ms, T0 $t0 ms): not within [964, 1038] around R = $R/s"
ok "teardown: $rate connections/s for a DUT set to $R/s (TD $td ms, T0 $t0 ms)"
lines=$(grep -c '^run 1/1 command [1-4]: \[stateful\] teardown_cmd: [0-9.]* ms  elapsed [0-9]* s, ETA <= [0-9]* s$' "$WORK/err.log")
expect_equal "progress lines of the timed commands" "$lines" 4
eta() { sed -n "s/^$1.*ETA <= \([0-9]*\) s\$/\1/p" "$WORK/err.log"; }
expect_equal "ETA after the last command" "$(eta 'run 1\/1 command 4:')" 0
e1=$(eta 'run 1\/1 trial 1 (phase 1):')
[ -n "$e1" ] && [ "$e1" -gt 0 ] ||
	fail "ETA after phase 1 '$e1': the four commands left are not counted ($(cat "$WORK/err.log"))"
ok "teardown: the four timings are steps the driver shows (ETA after phase 1 $e1 s)"
it_tb_down
ok "testbed, DPDK runtime directory and processes gone"
