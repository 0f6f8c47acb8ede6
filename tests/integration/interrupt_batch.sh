#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Ctrl-C during a repeated series (issue 7 item 5): scripts/batch.sh runs
# searches for 64, 128 and 256 B on the router testbed; SIGINT goes to the
# whole process group (as a terminal's Ctrl-C does) during the 128 B search.
# Expected: dutperf exits 130, batch.sh stops the series ("stopped", exit
# 1) and starts no further size; the finished 64 B search keeps its
# complete rate.csv row; the interrupted search has no rate.csv row and no
# trial of it passed after the signal; every file has only complete rows;
# no dutperf process or DPDK runtime directory is left; the testbed then
# comes down cleanly.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router
set -m	# background jobs in their own process group, SIGINT not ignored
"$SRCDIR/scripts/batch.sh" -c "$SRCDIR/conf/testbed-ipv4.ini" --testbed "$TBID" \
	--sizes "64 128 256" --dirs "f" --repeat 1 -o "$WORK/b" -- --duration 1 \
	--timeout 200 --settle 100 --rate-min 1000 --rate-max 8000 \
	--initial-rate 8000 --error 1000 >"$WORK/batch.log" 2>&1 &
pg=$!
set +m
for _ in $(seq 300); do
	[ -f "$WORK/b/128-f/trials.csv" ] && break
	sleep 0.1
done
[ -f "$WORK/b/128-f/trials.csv" ] || fail "the 128 B search did not start ($(tail -3 "$WORK/batch.log"))"
sleep 0.5
kill -INT -- -"$pg"
wait "$pg"
rc=$?
expect_equal "batch.sh exit status" $rc 1
grep -q "stopped (exit status 130)" "$WORK/batch.log" || fail "no 'stopped' message: $(tail -3 "$WORK/batch.log")"
[ -e "$WORK/b/256-f" ] && fail "the series went on after Ctrl-C"
expect_equal "64 B searches" "$(col "$WORK/b/64-f/rate.csv" No all | wc -l)" 1
[ "$(col "$WORK/b/64-f/rate.csv" rate)" -gt 0 ] || fail "64 B: no throughput"
if [ -f "$WORK/b/128-f/rate.csv" ]; then
	expect_equal "rate.csv rows of the interrupted search" "$(wc -l < "$WORK/b/128-f/rate.csv")" 1
fi
python3 - "$WORK/b" <<'PY' || fail "incomplete rows or a passed interrupted trial"
import csv, glob, sys
for path in glob.glob(sys.argv[1] + "/*/*.csv"):
	data = open(path).read()
	assert data.endswith("\n"), path
	rows = list(csv.reader(data.splitlines(), skipinitialspace=True))
	assert all(len(r) == len(rows[0]) for r in rows), path
rows = list(csv.DictReader(open(sys.argv[1] + "/128-f/trials.csv")))
# the signal came 0.5 s into a 1 s trial
assert rows[-1]["status"] == "interrupted", rows[-1]
assert all(r["status"] != "pass" or r["fwd_received"] == r["fwd_sent"] for r in rows)
PY
ok "Ctrl-C during a batch series: dutperf 130, batch.sh stopped (1), 64 B row kept, no 128 B row, no 256 B run"
it_tb_down	# fails if a dutperf process or the DPDK runtime directory is left
ok "testbed removed, nothing left"
