#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A DUT that goes away during a search (docs/robustness.md "A DUT that
# goes away"): the router testbed limited to 10 kfps by nftables, a search
# of [0, 20000] fps (error 2500: the answer lies in [7500, 10000]), and
# during its 2nd trial the DUT's egress interface d1 is taken down for a
# known time (the DUT forwards nothing; the tester's t1 loses its carrier),
# then brought up with its neighbours and route put back.
#  - down 6 s, [search] dut_wait_s = 20: dutperf waits, probes once the
#    link is up, repeats the dead trial (its row says so) and finds the
#    DUT's answer, measured, exit 0;
#  - down 14 s, dut_wait_s = 0, max_retries = 2: after the dead trial and
#    2 repeats, "the DUT went away": rate.csv result_kind none, run.json
#    result_reason "the DUT went away", exit 3, never a measured 0;
#  - down 14 s, dut_wait_s = 4: the same after waiting 4 s, before the link
#    is back.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }

it_tb_up router 10000
ini=$WORK/gone.ini
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$ini"
sed -i 's/^max_retries = .*/max_retries = 2/' "$ini"
grep -q '^max_retries = 2$' "$ini" || fail "no max_retries in $ini"
tb_d1_up_batch "$WORK/up.batch"

# outage OUT SECONDS: once the search's 2nd trial runs (trials.csv has
# its first row), d1 down for SECONDS, then up again; in the background
# ($DOWNER), the instant it went down in $WORK/down.at.  Up again sooner
# once the search has ended ($WORK/end.at): the down 14 s cases end
# within about 8 s of it (their checks below), and what follows the end
# sees nothing of the link, so waiting out the rest of the 14 s only
# cost time; the down 6 s case ends after the link is back.
outage() {
	rm -f "$WORK/end.at"	# the previous search's, before the subshell looks
	(
		for i in $(seq 300); do
			[ -f "$1/trials.csv" ] && [ "$(wc -l <"$1/trials.csv")" -ge 2 ] && break
			sleep 0.1
		done
		sleep 0.3
		ip -n "$TB_DUT" link set d1 down
		date +%s.%N >"$WORK/down.at"
		local until=$((${EPOCHREALTIME/./} + $2 * 1000000))
		while [ "${EPOCHREALTIME/./}" -lt "$until" ] && ! [ -f "$WORK/end.at" ]; do
			sleep 0.1
		done
		ip -n "$TB_DUT" -batch "$WORK/up.batch"
		date +%s.%N >"$WORK/up.at"
	) &
	DOWNER=$!
}
# search OUT WAIT_S: the search on the testbed; exit status in rc
search() {
	rm -f "$WORK/down.at" "$WORK/up.at" "$WORK/end.at"
	"$TB" run --name "$TBID" -- throughput -c "$ini" --duration 1 --timeout 300 \
		--settle 200 --rate-min 0 --rate-max 20000 --initial-rate 20000 \
		--error 2500 -o "$1" >"$WORK/out.log" 2>"$WORK/err.log"
	rc=$?
	date +%s.%N >"$WORK/end.at"
}
with_wait() {	# SECONDS: [search] dut_wait_s
	sed -i '/^dut_wait_s = /d' "$ini"
	sed -i "s/^max_retries = 2$/&\ndut_wait_s = $1/" "$ini"
}

# 1. down 6 s, waited for: the DUT's answer
with_wait 20
outage "$WORK/back" 6
search "$WORK/back"
wait $DOWNER
[ $rc -eq 0 ] || fail "back: exit status $rc: $(tail -3 "$WORK/err.log")"
expect_equal "back: result_kind" "$(col "$WORK/back/rate.csv" result_kind)" measured
rate=$(col "$WORK/back/rate.csv" rate)
[ "$rate" -ge 5000 ] && [ "$rate" -le 10000 ] || fail "back: $rate fps, not the DUT's 7500..10000"
grep -q "the DUT went away? waiting for it" "$WORK/err.log" || fail "back: no wait: $(cat "$WORK/err.log")"
grep -q "the DUT came back: repeated (not counted)" "$WORK/back/trials.csv" ||
	fail "back: no repeated trial in trials.csv: $(col "$WORK/back/trials.csv" reason all | tr '\n' '|'); $(grep dutperf: "$WORK/err.log")"
ok "d1 down 6 s, dut_wait_s 20: waited, the trial repeated, measured $rate fps"

# gone OUT WHAT: the search ended with "the DUT went away"
gone() {
	expect_equal "$2: exit status" $rc 3
	expect_equal "$2: rate.csv rows" "$(col "$1/rate.csv" No all | wc -l)" 1
	expect_equal "$2: result_kind" "$(col "$1/rate.csv" result_kind)" none
	expect_equal "$2: run.json result_reason" \
		"$(jq -r '.runs[0].result_reason' "$1/run.json")" "the DUT went away"
	expect_equal "$2: run.json result_kind" \
		"$(jq -r '.runs[0].result_kind' "$1/run.json")" none
	grep -q "^search 1: no valid result: the DUT went away" "$WORK/out.log" ||
		fail "$2: stdout: $(cat "$WORK/out.log")"
	grep -q "the DUT went away: not counted and the run ends" "$1/trials.csv" ||
		fail "$2: the last trial's row does not say so"
}

# 2. down 14 s, no wait: the retries, then gone
with_wait 0
outage "$WORK/retries" 14
search "$WORK/retries"
gone "$WORK/retries" retries
grep -q "in 3 trials in a row (\[search\] max_retries = 2, dut_wait_s = 0)" "$WORK/err.log" ||
	fail "retries: $(grep 'went away' "$WORK/err.log")"
wait $DOWNER
ok "d1 down 14 s, no dut_wait_s: gone after the trial and 2 repeats, result_kind none, exit 3"

# 3. down 14 s, dut_wait_s 4: gone after 4 s of waiting, before the link is back
with_wait 4
outage "$WORK/waited" 14
search "$WORK/waited"
gone "$WORK/waited" waited
grep -q "no probe trial passing for [4-9]\.[0-9] s (\[search\] dut_wait_s = 4; the link of port 1 (right) down)" \
	"$WORK/err.log" || fail "waited: $(grep 'went away' "$WORK/err.log")"
awk -v a="$(cat "$WORK/end.at")" -v b="$(cat "$WORK/down.at")" 'BEGIN { exit !(a - b < 12) }' ||
	fail "waited: ended $(awk -v a="$(cat "$WORK/end.at")" -v b="$(cat "$WORK/down.at")" 'BEGIN { print a - b }') s after the link went down"
wait $DOWNER
ok "d1 down 14 s, dut_wait_s 4: gone after waiting, before the link came back"

it_tb_down
ok "nothing left behind"
