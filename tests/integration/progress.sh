#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Progress on stderr (issue 18): a live line once a second during a long
# trial also when the main lcore sends (the default -l 0-1 of the testbed
# configurations), none with -q; the ETA after each trial of a search is an
# upper bound of the time that is really left.  On the memif wire.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-progress-$$
cfg=$SRCDIR/tests/data/wire.ini
memif() { wire "$DUTPERF" "$prefix" "$@"; }

# wire.ini: lcore 0 sends, and -l 0-1 makes lcore 0 the main lcore
grep -q '^send_lcore = 0' "$cfg" || fail "wire.ini no longer sends on lcore 0"
N=10000
memif trial -c "$cfg" --rate $N --duration 5 --timeout 200 -o "$WORK/a" ||
	fail "trial: exit status $? ($(tail -2 "$WORK/err.log"))"
lines=$(grep -c "trial 1/1 trial 1: [0-9]* of 5 s: forward tx [0-9]* rx [0-9]* fps; reverse tx" "$WORK/err.log")
[ "$lines" -ge 3 ] || fail "$lines live lines in a 5 s trial, want 3 or more: $(cat "$WORK/err.log")"
# the instant rates are the offered rate (median of the lines, a wide margin
# for a loaded machine)
med=$(sed -n 's/.* of 5 s: forward tx \([0-9]*\) .*/\1/p' "$WORK/err.log" | sort -n |
	awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
awk -v m="$med" -v n=$N 'BEGIN { exit !(m > n * 0.5 && m < n * 1.5) }' ||
	fail "live lines: median forward tx $med fps, offered $N"
ok "live line: $lines lines in a 5 s trial with the main lcore sending, median tx $med fps"

memif trial -c "$cfg" --rate $N --duration 5 --timeout 200 -q -o "$WORK/b" ||
	fail "trial -q: exit status $?"
[ -s "$WORK/err.log" ] && grep -q " of 5 s: " "$WORK/err.log" &&
	fail "-q: live lines: $(cat "$WORK/err.log")"
ok "-q: no live line"

# A search: after each trial "ETA <= X s"; X must cover the trials left, up
# to the last trial's line (then the run ends: summary, ports closed).
stamp() { while IFS= read -r l; do echo "$EPOCHREALTIME $l"; done; }
{
	# shellcheck disable=SC2046
	"$DUTPERF" $(wire_eal "$prefix") -- throughput -c "$cfg" \
		--rate-max 40000 --initial-rate 20000 --error 5000 --duration 1 \
		--timeout 200 --settle 300 --max-retries 2 -o "$WORK/c" \
		2>&1 >"$WORK/out.log"
	echo "exit status $?"
} | stamp >"$WORK/eta.log"
grep -q " exit status 0$" "$WORK/eta.log" ||
	fail "throughput: $(tail -3 "$WORK/eta.log")"
rm -rf "/var/run/dpdk/$prefix"
n=$(grep -c "ETA <= " "$WORK/eta.log")
[ "$n" -ge 3 ] || fail "$n progress lines: $(cat "$WORK/eta.log")"
end=$(grep "ETA <= " "$WORK/eta.log" | tail -1 | cut -d' ' -f1)
awk -v end="$end" '/ETA <= / {
	for (i = 1; i <= NF; i++) if ($i == "<=") eta = $(i + 1)
	left = end - $1
	printf "  at %.1f s before the end: ETA <= %s s\n", left, eta
	if (eta + 0.2 < left) { print "  ETA below the time left"; bad = 1 }
} END { exit bad }' "$WORK/eta.log" || fail "an ETA was not an upper bound"
ok "throughput: $n ETAs, each an upper bound of the time left"
