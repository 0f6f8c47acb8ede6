#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# scripts/soak.sh DURATION [options]: unattended runs with faults, checked.
#
# For DURATION (seconds, or with a suffix s, m, h) dutperf runs again and
# again on a router testbed of its own (scripts/testbed.sh up --dut
# router), each run a mode picked at random (throughput searches, trials,
# a loss sweep, latency, reset) with a fault picked at random injected
# while it runs:
#   none       nothing
#   flap       the DUT's egress d1 down for 0.5-3 s, then up again
#   dropall    the DUT drops every forwarded frame for 2-6 s (nftables)
#   hup, term  SIGHUP / SIGTERM to dutperf
#   hook_fail  mode reset, [reset] command exits 1
#   hook_hang  mode reset, [reset] command hangs (sleep 600;
#              [commands] timeout_s = 2)
# Half the runs set [search] dut_wait_s = 6.  After every run:
#   - the exit status is one the fault allows (never a crash, never 2);
#   - every CSV file has only complete rows (as many fields as its header);
#   - run.json is valid JSON Lines (jq), one record a line; a run stopped
#     by SIGHUP / SIGTERM has one whose result says "interrupted";
#   - every trials.csv row adds up per direction: planned = sent + unsent,
#     sent = received + lost (received <= sent);
#   - a failing / hanging command is named (exit 1), the hung one's sleep
#     is gone, nothing is left running in the tester namespace;
# and dutperf's peak RSS (VmHWM), open descriptors and threads (the most
# seen, sampled every 0.2 s) are recorded: per mode, no run may exceed the
# first run's RSS by more than 10 % + 8 MiB, its descriptors by more than
# 2, its threads by more than 2 (the live-progress and reset threads come
# and go).  The table of runs goes to DIR/soak.csv; the last line reads
#   soak: N runs, T trials, F faults (flap a, dropall b, ...), peak RSS first X KiB last Y KiB, ...: ok
#
# Options:
#   --dir DIR     keep the table and the failing run's files here (default:
#                 a temporary directory, removed unless a check failed)
#   --seed N      RANDOM seed (default: from the clock; printed)
#   --modes LIST  modes to pick from (default "throughput trial loss latency reset")
#   -h, --help    this text
# Needs root and the testbed tools (scripts/testbed.sh); dutperf from
# $DUTPERF or build/src/dpdk/dutperf.  Exit status: 0 every check passed,
# 1 a check failed (said on stderr), 2 usage.
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
. "$SRCDIR/scripts/lib.sh"

usage() { sed -n '3,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

duration="" dir="" seed="" modes="throughput trial loss latency reset"
while [ $# -gt 0 ]; do
	case $1 in
	--dir) dir=${2:?--dir needs a directory}; shift 2 ;;
	--seed) seed=${2:?--seed needs a number}; shift 2 ;;
	--modes) modes=${2:?--modes needs a list}; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	-*) die_usage "unknown option $1 (--help)" ;;
	*) [ -z "$duration" ] || die_usage "one DURATION only"; duration=$1; shift ;;
	esac
done
case $duration in
[0-9]*h) secs=$((${duration%h} * 3600)) ;;
[0-9]*m) secs=$((${duration%m} * 60)) ;;
[0-9]*s) secs=${duration%s} ;;
[0-9]*) secs=$duration ;;
*) die_usage "DURATION: seconds, or N s, N m, N h (--help)" ;;
esac
[[ $secs =~ ^[0-9]+$ ]] && [ "$secs" -gt 0 ] || die_usage "DURATION \"$duration\": not a duration"
for m in $modes; do
	case $m in throughput|trial|loss|latency|reset) ;;
	*) die_usage "--modes: $m is not one of throughput trial loss latency reset" ;;
	esac
done
[ -n "$seed" ] || seed=$(( $(date +%s) % 32768 ))
[[ $seed =~ ^[0-9]+$ ]] || die_usage "--seed \"$seed\": not a number"
RANDOM=$seed
tb_need_root
command -v jq >/dev/null || die "needs jq"
DUTPERF=${DUTPERF:-$SRCDIR/build/src/dpdk/dutperf}
export DUTPERF
[ -x "$DUTPERF" ] || die "no dutperf at $DUTPERF (build it, or set DUTPERF)"
TB=$SRCDIR/scripts/testbed.sh

keep=0
if [ -n "$dir" ]; then
	mkdir -p "$dir" || die "cannot create $dir"
	keep=1
else
	dir=$(mktemp -d /tmp/dutperf-soak.XXXXXX)
fi
id=$(tb_new_id)
cleanup() {
	local pids
	pids=$(jobs -p)
	# shellcheck disable=SC2086
	[ -z "$pids" ] || tb_kill $pids
	"$TB" down --name "$id" >/dev/null 2>&1
	[ "$keep" = 1 ] || rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
QUIET=1 "$TB" up --name "$id" --dut router >/dev/null || die "testbed up failed"
tb_names "$id"
tb_d1_up_batch "$dir/up.batch"

failed=0
bad() {	# MESSAGE: a check failed; the run's files are kept
	echo "soak: run $n ($mode, $fault): FAIL: $*" >&2
	failed=1
	keep=1
}
pick() {	# WORD...: one of them
	local a=("$@")
	echo "${a[RANDOM % ${#a[@]}]}"
}
rnd() {		# LO HI (tenths of a second): a delay in seconds
	local t=$(($1 + RANDOM % ($2 - $1 + 1)))
	echo "$((t / 10)).$((t % 10))"
}

# the configuration of a run: the testbed's, frames checked rather than
# timing (a shared machine preempts the sender), commands' timeout 2 s
base=$dir/base.ini
sed -e 's/^max_lag_us *=.*/max_lag_us = 300000/' -e 's/^settle_ms *=.*/settle_ms = 200/' \
	"$SRCDIR/conf/testbed-ipv4.ini" >"$base"
printf '\n[commands]\ntimeout_s = 2\n' >>"$base"

# run_ini OUT FAULT: the run's INI file into OUT/run.ini
run_ini() {
	local ini=$1/run.ini cmd
	cp "$base" "$ini"
	[ $((RANDOM % 2)) = 0 ] && sed -i 's/^max_retries = .*/&\ndut_wait_s = 6/' "$ini"
	case $2 in
	hook_fail) cmd=$1/fail.sh; printf '#!/bin/sh\necho soak: resetting fails\nexit 1\n' >"$cmd" ;;
	hook_hang) cmd=$1/hang.sh
		printf '#!/bin/sh\necho soak: resetting hangs\nsleep 600 &\necho $! >%s/sleep.pid\nwait\n' \
			"$1" >"$cmd" ;;
	*) cmd=$1/ok.sh; printf '#!/bin/sh\nexit 0\n' >"$cmd" ;;
	esac
	chmod +x "$cmd"
	printf '[reset]\ncommand = %s\nat_ms = 1000\n' "$cmd" >>"$ini"
}

# mode_args MODE INI OUT: the dutperf arguments of a run
mode_args() {
	case $1 in
	throughput) echo "throughput -c $2 -o $3 --duration 1 --timeout 200 --rate-min 0" \
		"--rate-max 20000 --initial-rate 20000 --error 5000 --repeat $((1 + RANDOM % 2))" ;;
	trial) echo "trial -c $2 -o $3 --rate 10000 --duration $((2 + RANDOM % 3)) --timeout 200" ;;
	loss) echo "loss -c $2 -o $3 --rates 20000,10000,5000 --duration 1 --timeout 200" ;;
	latency) echo "latency -c $2 -o $3 --rate 5000 --duration 3 --delay 1 --tagged 200 --timeout 200" ;;
	reset) echo "reset -c $2 -o $3 --rate 5000 --duration 3 --timeout 200" ;;
	esac
}

# inject FAULT PID: the fault, at a random moment of the run
inject() {
	sleep "$(rnd 5 30)"
	case $1 in
	flap)
		ip -n "$TB_DUT" link set d1 down
		sleep "$(rnd 5 30)"
		ip -n "$TB_DUT" -batch "$dir/up.batch" ;;
	dropall)
		ip netns exec "$TB_DUT" nft -f - <<'NFT'
table inet soakdrop {
	chain soak { type filter hook forward priority -300; policy drop; }
}
NFT
		sleep "$(rnd 20 60)"
		ip netns exec "$TB_DUT" nft delete table inet soakdrop ;;
	hup) kill -HUP "$2" 2>/dev/null ;;
	term) kill -TERM "$2" 2>/dev/null ;;
	esac
}
# restore: the DUT as before any fault (a fault cut short by the run's end)
restore() {
	ip -n "$TB_DUT" link show d1 | grep -q 'state UP' ||
		ip -n "$TB_DUT" -batch "$dir/up.batch"
	ip netns exec "$TB_DUT" nft delete table inet soakdrop 2>/dev/null
	return 0
}

# check_files OUT RC: complete rows, valid run.json, frames that add up
check_files() {
	local out=$1 rc=$2 f
	for f in "$out"/*.csv; do
		[ -e "$f" ] || continue
		python3 - "$f" <<'PY' || bad "$(basename "$f") has an incomplete row"
import csv, sys
rows = list(csv.reader(open(sys.argv[1]), skipinitialspace=True))
assert rows and all(len(r) == len(rows[0]) for r in rows), rows[-1]
PY
	done
	if [ -f "$out/trials.csv" ]; then
		python3 - "$out/trials.csv" <<'PY' || bad "trials.csv: frames do not add up"
import csv, sys
for i, r in enumerate(csv.DictReader(open(sys.argv[1]), skipinitialspace=True), 2):
    for d in ("fwd", "rev"):
        p, s, u, rx, lost = (int(r[d + "_" + k]) for k in
                             ("planned", "sent", "unsent", "received", "lost"))
        assert p == s + u, (i, d, "planned", p, s, u)
        assert rx <= s and s == rx + lost, (i, d, "sent", s, rx, lost)
PY
	fi
	if [ -f "$out/run.json" ]; then
		[ "$(jq -c . "$out/run.json" 2>/dev/null | wc -l)" = "$(wc -l <"$out/run.json")" ] ||
			bad "run.json is not JSON Lines"
	fi
	case $rc in
	129|143)
		# the record says "interrupted", unless the signal came after
		# the last trial (the run complete, no trial interrupted)
		[ -f "$out/run.json" ] || bad "stopped by a signal ($rc) without a run.json record"
		jq -e '.result | test("interrupted")' "$out/run.json" >/dev/null 2>&1 ||
			! csv_col "$out/trials.csv" status all 2>/dev/null | grep -qx interrupted ||
			bad "run.json after a signal ($rc): $(jq -c .result "$out/run.json" 2>&1)" ;;
	esac
}

# allowed FAULT RC: the exit status the fault allows
allowed() {
	case $1:$2 in
	*:0|*:3) [ "$1" != hook_fail ] && [ "$1" != hook_hang ] ;;
	hook_*:1) return 0 ;;
	flap:1) return 0 ;;	# a port whose peer went down (dut_faults.sh)
	hup:129|term:143) return 0 ;;
	*) return 1 ;;
	esac
}

printf 'run,mode,fault,exit,trials,elapsed_s,peak_rss_kb,fds_max,threads_max\n' >"$dir/soak.csv"
echo "soak: $secs s on testbed $id, seed $seed, table in $dir/soak.csv" >&2
declare -A first_rss first_fds first_thr nfault
n=0 trials=0 faults=0 rss_first="" rss_last=""
t_end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt "$t_end" ] && [ $failed = 0 ]; do
	n=$((n + 1))
	mode=$(pick $modes)
	fault=$(pick none flap dropall hup term hook_fail hook_hang)
	case $fault in hook_*) mode=reset ;; esac
	out=$dir/run-$n
	mkdir -p "$out"
	run_ini "$out" "$fault"
	# shellcheck disable=SC2046
	t0=$(date +%s.%N)
	"$TB" run --name "$id" -- $(mode_args "$mode" "$out/run.ini" "$out") \
		>"$out/stdout" 2>"$out/stderr" &
	job=$!
	pid=""
	for i in $(seq 100); do
		pid=$(pgrep -f "^$DUTPERF .*file-prefix=$TB_PREFIX " | head -1)
		[ -n "$pid" ] && break
		sleep 0.1
	done
	inj=""
	if [ -n "$pid" ] && [ "$fault" != none ] && [ "${fault#hook_}" = "$fault" ]; then
		inject "$fault" "$pid" &
		inj=$!
	fi
	rss=0 fds=0 thr=0
	while [ -n "$pid" ] && [ -r "/proc/$pid/status" ]; do
		v=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
		[ -n "$v" ] && [ "$v" -gt "$rss" ] && rss=$v
		v=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
		[ -n "$v" ] && [ "$v" -gt "$thr" ] && thr=$v
		v=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
		[ "$v" -gt "$fds" ] && fds=$v
		sleep 0.2
	done
	wait "$job"
	rc=$?
	elapsed=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	[ -z "$inj" ] || wait "$inj"
	restore
	[ "$fault" = none ] || { faults=$((faults + 1)); nfault[$fault]=$((${nfault[$fault]:-0} + 1)); }
	nt=0
	[ -f "$out/trials.csv" ] && nt=$(($(wc -l <"$out/trials.csv") - 1))
	trials=$((trials + nt))
	printf '%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$n" "$mode" "$fault" "$rc" "$nt" "$elapsed" \
		"$rss" "$fds" "$thr" >>"$dir/soak.csv"
	[ -n "$pid" ] || bad "dutperf did not start: $(tail -2 "$out/stderr")"
	allowed "$fault" "$rc" || bad "exit status $rc: $(grep -v '^EAL\|^TELEMETRY' "$out/stderr" | tail -2)"
	case $fault in
	hook_fail) grep -q '\[reset\] command = .*exit status 1' "$out/stderr" ||
		bad "the failing command is not named" ;;
	hook_hang)
		grep -q 'no end within its timeout of 2 s' "$out/stderr" ||
			bad "the hung command is not named"
		if [ -s "$out/sleep.pid" ]; then
			st=$(ps -o stat= -p "$(cat "$out/sleep.pid")" 2>/dev/null)
			[ -z "$st" ] || [ "${st#Z}" != "$st" ] || bad "the hung command's sleep is left"
		fi ;;
	esac
	check_files "$out" "$rc"
	left=$(ip netns pids "$TB_TG" 2>/dev/null)
	[ -z "$left" ] || bad "left running in the tester namespace: $left"
	if [ -n "$pid" ] && [ "$rss" -gt 0 ]; then
		[ -n "$rss_first" ] || rss_first=$rss
		rss_last=$rss
		if [ -z "${first_rss[$mode]:-}" ]; then
			first_rss[$mode]=$rss first_fds[$mode]=$fds first_thr[$mode]=$thr
		else
			[ "$rss" -le $((first_rss[$mode] * 11 / 10 + 8192)) ] ||
				bad "peak RSS $rss KiB, first $mode run ${first_rss[$mode]} KiB"
			[ "$fds" -le $((first_fds[$mode] + 2)) ] ||
				bad "$fds descriptors, first $mode run ${first_fds[$mode]}"
			[ "$thr" -le $((first_thr[$mode] + 2)) ] ||
				bad "$thr threads, first $mode run ${first_thr[$mode]}"
		fi
	fi
	[ $failed = 1 ] || rm -rf "$out"
done
list=""
for f in flap dropall hup term hook_fail hook_hang; do
	list="$list${list:+, }$f ${nfault[$f]:-0}"
done
fdr=$(awk -F, 'NR > 1 { print $8 }' "$dir/soak.csv" | sort -n | sed -n '1p;$p' | paste -sd/ -)
thr=$(awk -F, 'NR > 1 { print $9 }' "$dir/soak.csv" | sort -n | sed -n '1p;$p' | paste -sd/ -)
echo "soak: $n runs, $trials trials, $faults faults ($list), peak RSS first ${rss_first:-?} KiB last ${rss_last:-?} KiB, descriptors min/max $fdr, threads min/max $thr, seed $seed: $([ $failed = 0 ] && echo ok || echo FAILED)"
[ "$keep" = 0 ] || echo "soak: files in $dir" >&2
exit $failed
