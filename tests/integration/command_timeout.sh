#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# User commands that hang ([commands] timeout_s, docs/robustness.md
# "Commands"), on the memif wire: a [reset] command and a [stateful]
# hook_trial and hook_search that print a line and then `sleep 600` (the
# sleep a child of the script, in the background, so that only a kill of
# the whole process group ends it).  Each run stops within the timeout (2
# s) plus its trial, exit status 1; stderr names the command, the timeout,
# the key and the line it printed last; only complete rows and no result
# row are written; the script and its sleep are gone.  SIGTERM to dutperf
# while a hook hangs kills the hook's group at once (not after 60 s):
# exit 143, the trial interrupted, run.json closed.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }

prefix=dpt-cmdto-$$

# hang NAME: a script printing "NAME started" then sleeping 600 s in a
# child whose pid it records in $WORK/NAME.pid
hang() {
	cat >"$WORK/$1.sh" <<SH
#!/bin/sh
echo "$1 started"
sleep 600 &
echo \$! >"$WORK/$1.pid"
wait
SH
	chmod +x "$WORK/$1.sh"
}
# gone NAME: neither the script nor its sleep is left (a zombie, waiting
# for a parent that does not reap, counts as gone)
gone() {
	local pid i st
	pid=$(cat "$WORK/$1.pid") || fail "$1: no sleep was started"
	for i in $(seq 50); do
		st=$(ps -o stat= -p "$pid" 2>/dev/null)
		[ -z "$st" ] || [ "${st#Z}" != "$st" ] && break
		sleep 0.1
	done
	[ -z "$st" ] || [ "${st#Z}" != "$st" ] || fail "$1: its sleep $pid is still running"
	pgrep -f "$WORK/$1.sh" >/dev/null && fail "$1: the script is still running"
	return 0
}
# complete_rows FILE: every line has as many fields as the header
complete_rows() {
	python3 - "$1" <<'PY' || fail "$1 has an incomplete row"
import csv, sys
rows = list(csv.reader(open(sys.argv[1]), skipinitialspace=True))
assert rows and all(len(r) == len(rows[0]) for r in rows), rows[-1]
PY
}
# timed_out NAME KEY MODE ARGS...: dutperf MODE on the wire stops within
# 2 s + LIMIT s with exit 1 and names KEY, the script, the timeout and
# its line
timed_out() {
	local name=$1 key=$2 t0 t1 rc
	shift 2
	t0=$(date +%s.%N)
	wire_once "$@"
	rc=$?
	t1=$(date +%s.%N)
	expect_equal "$name: exit status" $rc 1
	awk -v a="$t0" -v b="$t1" -v l="$LIMIT" 'BEGIN { exit !(b - a < l) }' ||
		fail "$name: took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s (limit $LIMIT s)"
	grep -qF "dutperf: $key = \"$WORK/$name.sh\": no end within its timeout of 2 s ([commands] timeout_s): its process group was killed; last output: \"$name started\"" \
		"$WORK/err.log" || fail "$name: message: $(tail -2 "$WORK/err.log")"
	gone "$name"
}

ini=$WORK/wire.ini
frames_ini "$SRCDIR/tests/data/wire.ini" "$ini"
printf '[commands]\ntimeout_s = 2\n' >>"$ini"

# [reset] command at 500 ms of a 2 s stream: hangs, killed 2 s later
hang reset
cp "$ini" "$WORK/reset.ini"
printf '[reset]\ncommand = %s\nat_ms = 500\n' "$WORK/reset.sh" >>"$WORK/reset.ini"
bin=$DUTPERF LIMIT=12 timed_out reset "[reset] command" reset -c "$WORK/reset.ini" \
	--rate 1000 --duration 2 --settle 0 -o "$WORK/reset"
expect_equal "reset.csv rows" "$(wc -l <"$WORK/reset/reset.csv")" 1
complete_rows "$WORK/reset/trials.csv"
ok "[reset] command hangs: killed after 2 s, exit 1, named with its last output, no reset.csv row"

# [stateful] hook_trial before phase 1, hook_search before the search
for key in hook_trial hook_search; do
	hang "$key"
	cp "$ini" "$WORK/$key.ini"
	printf '[stateful]\nframes = 1000\ntable_size = 1000\nrate_fps = 1000\n%s = %s\n' \
		"$key" "$WORK/$key.sh" >>"$WORK/$key.ini"
	bin=$DUTPERF LIMIT=8 timed_out "$key" "[stateful] $key" stateful -c "$WORK/$key.ini" \
		--rate-max 20000 --duration 1 --settle 0 -o "$WORK/$key"
	grep -qF "$key started\": the run stops" "$WORK/err.log" || fail "$key: no 'the run stops'"
	expect_equal "$key: rate.csv rows" "$(wc -l <"$WORK/$key/rate.csv")" 1
	expect_equal "$key: trials.csv rows" "$(wc -l <"$WORK/$key/trials.csv")" 1
	[ -e "$WORK/$key/run.json" ] && fail "$key: a run.json record for a stopped run"
	ok "[stateful] $key hangs: killed after 2 s, exit 1, named, nothing but headers"
done

# SIGTERM while hook_trial hangs (timeout 60 s): the hook's group is
# killed at once, the trial interrupted, run.json closed
hang term
cp "$ini" "$WORK/term.ini"
sed -i 's/^timeout_s = 2$/timeout_s = 60/' "$WORK/term.ini"
printf '[stateful]\nframes = 1000\ntable_size = 1000\nrate_fps = 1000\nhook_trial = %s\n' \
	"$WORK/term.sh" >>"$WORK/term.ini"
# shellcheck disable=SC2046
"$DUTPERF" $(wire_eal "$prefix") -- stateful -c "$WORK/term.ini" --rate-max 20000 \
	--duration 1 --settle 0 -o "$WORK/term" >"$WORK/out.log" 2>"$WORK/err.log" &
pid=$!
for i in $(seq 100); do
	[ -s "$WORK/term.pid" ] && break
	sleep 0.1
done
[ -s "$WORK/term.pid" ] || fail "SIGTERM: the hook did not start"
t0=$(date +%s)
kill -TERM "$pid"
wait "$pid"
rc=$?
rm -rf "/var/run/dpdk/$prefix"
expect_equal "SIGTERM during a hook: exit status" $rc 143
[ $(($(date +%s) - t0)) -lt 10 ] || fail "SIGTERM during a hook: $(($(date +%s) - t0)) s to stop"
gone term
expect_equal "interrupted trial" "$(col "$WORK/term/trials.csv" status)" interrupted
complete_rows "$WORK/term/trials.csv"
jq -e '.result | test("interrupted")' "$WORK/term/run.json" >/dev/null ||
	fail "SIGTERM during a hook: run.json $(cat "$WORK/term/run.json")"
ok "SIGTERM during a hung hook: hook killed at once, exit 143, trial interrupted, run.json closed"
