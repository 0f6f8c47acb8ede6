#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Signals at random moments, CSV files intact (issue 7 item 5, "during a
# CSV write").  Rows are written by csv.c as one write(2) of the whole line
# on an O_APPEND descriptor, then fdatasync: a process stopped by a signal
# has either written a row or not.  This test runs dutperf (throughput,
# 1 s trials, on a memif wire: no kernel, no DUT) KILLS times into the same
# output directory and stops each run after a random delay (0.3 .. 3 s,
# seeded, printed) with SIGINT, SIGTERM or SIGKILL in turn: during EAL
# start-up, a trial, the settle pause or a row write.  Afterwards:
#   - exit status 130 / 143 / 137 (or 0 if the run ended first);
#   - trials.csv and rate.csv: one header, first; every row complete (as
#     many fields as the header) and newline-terminated;
#   - no trial marked pass that lost a frame (an interrupted trial is
#     never pass); run.json: JSON lines only;
#   - no process and no DPDK runtime directory left.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

KILLS=${KILLS:-15}
seed=${KILL_SEED:-$RANDOM}
echo "random seed $seed (KILL_SEED=$seed reproduces the delays)"
RANDOM=$seed
prefix=dpt-kill-$$
out=$WORK/out
sigs=(INT TERM KILL)
declare -A want=([INT]=130 [TERM]=143 [KILL]=137)
n_int=0
for i in $(seq "$KILLS"); do
	sig=${sigs[$((i % 3))]}
	delay_ms=$((300 + RANDOM % 2700))
	# shellcheck disable=SC2046
	"$DUTPERF" $(wire_eal "$prefix") -- throughput \
		-c "$SRCDIR/tests/data/wire.ini" --duration 1 --timeout 50 --settle 0 \
		--rate-min 1000 --rate-max 30000 --initial-rate 30000 --error 2000 \
		--repeat 3 -q -o "$out" >"$WORK/run.out" 2>"$WORK/run.err" &
	pid=$!
	sleep "$((delay_ms / 1000)).$(printf %03d $((delay_ms % 1000)))"
	kill -"$sig" $pid 2>/dev/null
	wait $pid 2>/dev/null
	rc=$?
	# SIGKILL leaves the runtime directory; the scripts remove it
	rm -rf "/var/run/dpdk/$prefix" "$(wire_sock "$prefix")"
	[ $rc -eq "${want[$sig]}" ] || [ $rc -eq 0 ] ||
		fail "run $i: SIG$sig after $delay_ms ms: exit status $rc ($(tail -2 "$WORK/run.err"))"
	[ $rc -eq 130 ] || [ $rc -eq 143 ] && n_int=$((n_int + 1))
	echo "run $i: SIG$sig after $delay_ms ms: exit $rc"
done
[ "$n_int" -gt 0 ] || fail "no run was stopped by SIGINT/SIGTERM"
[ -f "$out/trials.csv" ] || fail "no trials.csv at all"
python3 - "$out" <<'PY' || fail "a CSV file is damaged"
import csv, json, os, sys
out = sys.argv[1]
for name in ("trials.csv", "rate.csv"):
	path = os.path.join(out, name)
	if not os.path.exists(path):
		continue
	data = open(path).read()
	if not data:
		continue	# created, killed before the header: next run writes it
	assert data.endswith("\n"), "%s: last row not terminated" % name
	lines = data.splitlines()
	hdr = lines[0]
	assert hdr.startswith(("start,", "No,")), "%s: no header first" % name
	assert sum(1 for l in lines if l == hdr) == 1, "%s: header repeated" % name
	rows = list(csv.reader(lines, skipinitialspace=True))
	bad = [r for r in rows if len(r) != len(rows[0])]
	assert not bad, "%s: incomplete rows %s" % (name, bad[:2])
	print("%s: %d complete rows" % (name, len(rows) - 1))
rows = list(csv.DictReader(open(os.path.join(out, "trials.csv"))))
st = {}
for r in rows:
	st[r["status"]] = st.get(r["status"], 0) + 1
	assert r["status"] in ("pass", "fail", "invalid", "interrupted"), r
	if r["status"] == "pass":
		for d in ("fwd", "rev"):
			assert r[d + "_received"] == r[d + "_planned"], r
print("trial statuses:", st)
path = os.path.join(out, "run.json")
if os.path.exists(path):
	for l in open(path):
		json.loads(l)
PY
pgrep -f "file-prefix=$prefix" >/dev/null && fail "a dutperf process is left"
ok "$KILLS runs stopped at random moments ($n_int by SIGINT/SIGTERM): only complete rows"
