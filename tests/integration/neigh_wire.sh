#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Address resolution both ways without a DUT (issue 35): on the memif wire
# each tester port is the other's "DUT".  With dut_mac = resolve and
# dut_ip the other port's address, each port must resolve the other by
# ARP (IPv4) or ND (IPv6), which only works if the other port answers:
# the MACs found must be the ones wire.ini gives by hand, run.json must
# say so and count each port's answer, and the trial must be lossless.
# On two net_null sinks (nothing ever answers) the run must stop with
# exit status 1 within the documented 3 s a port (NEIGH_TRIES x
# NEIGH_WAIT_MS), naming port and address, writing no result file.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-neigh-$$
memif() { wire "$DUTPERF" "$prefix" "$@"; }
frames_ini "$SRCDIR/tests/data/wire.ini" "$WORK/wire.ini"

# resolve VERSION LEFT_DUT_IP RIGHT_DUT_IP SIZE
resolve() {
	local v=$1 out=$WORK/v$1
	sed -e '/^dut_mac/d' -e "s/^ip_version = 4\$/ip_version = $v/" \
		-e "s/^\\[left\\]\$/[left]\\ndut_ip = $2/" \
		-e "s/^\\[right\\]\$/[right]\\ndut_ip = $3/" \
		"$WORK/wire.ini" >"$WORK/v$v.ini"
	grep -q '^dut_mac' "$WORK/v$v.ini" && fail "dut_mac left in v$v.ini"
	memif trial -c "$WORK/v$v.ini" -s "$4" --rate 10000 --duration 1 \
		--timeout 200 -o "$out" ||
		fail "IPv$v: exit status $? ($(tail -3 "$WORK/err.log"))"
	grep 'is at' "$WORK/err.log"
	echo "IPv$v trial: $(col "$out/trials.csv" status) $(col "$out/trials.csv" reason)"
	check_lossless "$out/trials.csv" fwd rev
	run_ports "$out" >"$WORK/ports"
	cat "$WORK/ports"
	read -r _ lmac lfrom lip lans < <(grep '^left ' "$WORK/ports")
	read -r _ rmac rfrom rip rans < <(grep '^right ' "$WORK/ports")
	# wire.ini's own dut_mac values: the other port's MAC
	expect_equal "IPv$v left dut_mac" "$lmac" 02:00:00:00:01:10
	expect_equal "IPv$v right dut_mac" "$rmac" 02:00:00:00:00:10
	expect_equal "IPv$v left from" "$lfrom" resolved
	expect_equal "IPv$v right from" "$rfrom" resolved
	expect_equal "IPv$v left dut_ip" "$lip" "$2"
	expect_equal "IPv$v right dut_ip" "$rip" "$3"
	# each port answered the other's request at least once
	[ "$lans" -ge 1 ] && [ "$rans" -ge 1 ] ||
		fail "IPv$v: answered left $lans right $rans"
	# the answers in trials.csv's last columns: those made while
	# resolving count to the first trial (made right before it), so the
	# one trial's sum is the run's (run.json)
	expect_equal "IPv$v answered in trials.csv" \
		$(($(col "$out/trials.csv" fwd_answered) + $(col "$out/trials.csv" rev_answered))) \
		$((lans + rans))
	ok "IPv$v: both ports resolved the other, answered $lans and $rans, trial lossless"
}
resolve 4 198.19.0.2 198.18.0.2 64
resolve 6 2001:db8:1::2 2001:db8::2 84

# Nothing answers: net_null ports that receive nothing.
sed '/^dut_mac/d' "$WORK/wire.ini" >"$WORK/silent.ini"
t0=$(date +%s%N)
# shellcheck disable=SC2046
"$DUTPERF" $(eal_common "$prefix-null") $(eal_null no-rx=1 no-rx=1) -- \
	trial -c "$WORK/silent.ini" -d 1 -o "$WORK/silent" >"$WORK/out.log" 2>"$WORK/err.log"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
rm -rf "/var/run/dpdk/$prefix-null"
cat "$WORK/err.log" | grep -v '^EAL\|^TELEMETRY'
expect_equal "silent DUT exit status" "$rc" 1
grep -q '\[left\] port 0 (net_null).*198\.18\.0\.1 (\[left\] dut_ip) answered none of 3 ARP requests in 3000 ms' \
	"$WORK/err.log" || fail "no message naming port and address"
# EAL start and port setup come on top of the 3 s of the left port
[ "$ms" -lt 15000 ] || fail "silent DUT: $ms ms"
[ -z "$(ls -A "$WORK/silent" 2>/dev/null)" ] || fail "files written: $(ls "$WORK/silent")"
ok "silent DUT: exit status 1 after $ms ms, port and address named, nothing written"

# A dut_ip of the wrong version is a configuration error (exit 2).
sed -e '/^dut_mac/d' -e 's/^\[left\]$/[left]\ndut_ip = 2001:db8::1/' \
	"$WORK/wire.ini" >"$WORK/bad.ini"
"$DUTPERF" -- trial -c "$WORK/bad.ini" --check >"$WORK/out.log" 2>"$WORK/err.log"
expect_equal "bad dut_ip exit status" "$?" 2
grep -q 'bad.ini: \[left\] dut_ip = 2001:db8::1: not an IPv4 address.*ip_version is 4' "$WORK/err.log" ||
	fail "bad dut_ip: $(cat "$WORK/err.log")"
ok "dut_ip of the wrong version: exit status 2, $(cat "$WORK/err.log")"
