#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Modes reset and recovery on the memif wire (no DUT: nothing is ever
# lost), short: reset --repeat 2 with a command that resets nothing
# ("true"): exit 0, one reset.csv row per run and direction with the
# command's status 0, a reset time no larger than the wire's largest
# arrival gap (a few ms, < 500 ms even preempted), the RFC 8219 summary
# over the 2 runs, and run.json's per-run values equal to reset.csv's
# forward reset_ms.  recovery at a throughput the wire passes at 110 %:
# the overload loses nothing, so no recovery time: result_kind none,
# exit status 3 (docs/results.md), said on stdout.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }

prefix=dpt-recw-$$
ini=$WORK/wire.ini
frames_ini "$SRCDIR/tests/data/wire.ini" "$ini"
printf '[reset]\ncommand = "true"\nat_ms = 500\n' >>"$ini"
printf '[recovery]\nthroughput_fps = 1000\noverload_s = 1\nafter_s = 1\n' >>"$ini"

wire "$DUTPERF" "$prefix" reset -c "$ini" --rate 1000 --duration 2 --repeat 2 \
	--settle 0 -o "$WORK/reset"
rc=$?
[ $rc -eq 0 ] || fail "reset: exit status $rc ($(tail -3 "$WORK/err.log"))"
csv=$WORK/reset/reset.csv
expect_equal "reset rows" "$(($(wc -l <"$csv") - 1))" 4
expect_equal "runs" "$(col "$csv" No all | tr '\n' ' ')" "1 1 2 2 "
expect_equal "command status" "$(col "$csv" command_status all | sort -u)" 0
expect_equal "result kinds" "$(col "$csv" result_kind all | sort -u)" measured
for ms in $(col "$csv" reset_ms all); do
	awk -v f="$ms" 'BEGIN { exit !(f > 0 && f < 500) }' || fail "reset time $ms ms on a wire"
done
# the reset time's resolution said: one frame interval, 1 ms at 1000 fps
grep -q "^reset 1 forward: resolution one frame interval, 1.000 ms$" \
	"$WORK/out.log" || fail "no resolution line: $(cat "$WORK/out.log")"
grep -q "forward reset time over 2 runs: median" "$WORK/out.log" ||
	fail "no summary: $(cat "$WORK/out.log")"
fwd=$(awk -F, 'NR > 1 && $2 == "forward" { printf "%.3f ", $12 }' "$csv")
json=$(jq -r '.runs[] | .value' "$WORK/reset/run.json" | awk '{ printf "%.3f ", $1 }')
expect_equal "run.json values vs reset.csv forward reset_ms" "$json" "$fwd"
ok "reset on a wire: 2 runs, command status 0, reset times $fwd ms, summary, run.json"

wire "$DUTPERF" "$prefix" recovery -c "$ini" --settle 0 -o "$WORK/rec"
rc=$?
expect_equal "recovery without overload loss: exit status" $rc 3
csv=$WORK/rec/recovery.csv
expect_equal "recovery rows" "$(($(wc -l <"$csv") - 1))" 2
expect_equal "result kinds" "$(col "$csv" result_kind all | sort -u)" none
expect_equal "overload rate" "$(col "$csv" overload_fps 1)" 1100
# RFC 2544 26.5: 50 % of the 110 % rate, 55 % of the throughput (default)
expect_equal "reduced rate" "$(col "$csv" after_fps 1)" 550
grep -q "not overloaded" "$WORK/out.log" || fail "no 'not overloaded': $(cat "$WORK/out.log")"
[ "$(jq -r '.runs[0].result_kind' "$WORK/rec/run.json")" = none ] || fail "run.json result_kind"
ok "recovery on a wire: nothing lost at 110 %: no recovery time, exit 3"
