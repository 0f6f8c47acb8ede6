#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# SIGINT and SIGTERM stop dutperf in order: exit status 128 + signal, the
# running trial recorded as interrupted (never pass), only complete CSV rows,
# no rate.csv row for an unfinished search, nothing left behind.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router

# start_bg ARGS...: dutperf on the testbed in the background ($BG = its shell)
start_bg() {
	"$TB" run --name "$TBID" -- "$@" >"$WORK/bg.out" 2>"$WORK/bg.err" &
	BG=$!
}
# signal_dutperf SIG: once the trial runs, signal the dutperf process itself.
signal_dutperf() {
	local pid
	pid=$(dutperf_pid)
	sleep "$2"
	kill -"$1" "$pid"
}
check_complete_rows() {	# FILE: every line has as many fields as the header
	python3 - "$1" <<'PY' || fail "$1 has an incomplete row"
import csv, sys
rows = list(csv.reader(open(sys.argv[1]), skipinitialspace=True))
assert rows and all(len(r) == len(rows[0]) for r in rows), rows[-1]
PY
}

# A 20 s trial interrupted after ~3 s.
start_bg trial -c "$SRCDIR/conf/testbed-ipv4.ini" --rate 10000 --duration 20 \
	--timeout 500 -o "$WORK/t"
signal_dutperf INT 3
wait $BG
rc=$?
expect_equal "exit status after SIGINT" $rc 130
expect_equal "trial status" "$(col "$WORK/t/trials.csv" status)" interrupted
check_complete_rows "$WORK/t/trials.csv"
ok "SIGINT during a trial: exit 130, row marked interrupted"

# A search: one complete search, then SIGTERM during the second.
start_bg throughput -c "$SRCDIR/conf/testbed-ipv4.ini" --duration 1 \
	--timeout 200 --settle 100 --rate-min 1000 --rate-max 8000 \
	--initial-rate 8000 --error 4000 --repeat 5 -o "$WORK/s"
for i in $(seq 300); do
	[ -s "$WORK/s/rate.csv" ] && [ "$(wc -l < "$WORK/s/rate.csv")" -ge 2 ] && break
	sleep 0.1
done
[ "$(wc -l < "$WORK/s/rate.csv")" -ge 2 ] || fail "first search did not finish"
signal_dutperf TERM 1.5
wait $BG
rc=$?
expect_equal "exit status after SIGTERM" $rc 143
check_complete_rows "$WORK/s/trials.csv"
check_complete_rows "$WORK/s/rate.csv"
searches=$(col "$WORK/s/rate.csv" No all | wc -l)
[ "$searches" -ge 1 ] && [ "$searches" -lt 5 ] || fail "$searches searches in rate.csv"
last=$(col "$WORK/s/trials.csv" status)
[ "$last" = pass ] && [ "$(col "$WORK/s/trials.csv" search)" -gt "$searches" ] &&
	fail "a trial of the unfinished search is marked pass"
python3 - "$WORK/s/trials.csv" "$searches" <<'PY' || fail "rate.csv row for an unfinished search"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
done = int(sys.argv[2])
# every trial of a recorded search precedes the unfinished one
assert all(int(r["search"]) <= done + 1 for r in rows)
assert all(r["status"] != "interrupted" for r in rows if int(r["search"]) <= done)
PY
grep -q interrupted "$WORK/bg.err" || fail "no word of the interruption on stderr"
ok "SIGTERM during search $((searches + 1)): exit 143, $searches complete rows, no row for the unfinished search"

it_tb_down	# fails if a dutperf process is left
ok "nothing left behind"
