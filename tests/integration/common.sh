# SPDX-License-Identifier: BSD-3-Clause
# Shared by the integration tests (sourced).  Every test gets a private work
# directory and a list of testbeds that are torn down on any exit.  The
# testbed (tb_*), EAL option (eal_*) and CSV (csv_col) helpers are
# scripts/lib.sh's; the helpers defined here are the tests' own.
set -u
: "${SRCDIR:?run through meson test}" "${BUILDDIR:?run through meson test}"
. "$SRCDIR/scripts/lib.sh"
python_unshim
DUTPERF=$BUILDDIR/src/dpdk/dutperf
export DUTPERF
TB=$SRCDIR/scripts/testbed.sh
WORK=$(mktemp -d /tmp/dpt-test.XXXXXX)
TB_IDS=()

it_cleanup() {
	local id pids
	# Background runs the test did not wait for (it failed or was
	# stopped): TERM, KILL after 2 s.
	pids=$(jobs -p)
	# shellcheck disable=SC2086
	[ -z "$pids" ] || tb_kill $pids
	for id in "${TB_IDS[@]}"; do
		tb_down "$id" >/dev/null 2>&1
	done
	# DPDK runtime directories of wire runs (prefixes dpt-NAME-$$)
	rm -rf /var/run/dpdk/dpt-*-$$
	rm -rf "$WORK"
}
trap it_cleanup EXIT
trap 'exit 130' INT TERM
trap 'exit 1' USR1

# fail MESSAGE: the test fails, also when called in a subshell ($(col ...),
# a function run in $(...)): that subshell signals the test's own shell.
fail() {
	echo "FAIL: $*" >&2
	[ "$BASHPID" = $$ ] || kill -USR1 $$
	exit 1
}
ok() { echo "ok: $*"; }

need_root() {
	[ "$(id -u)" = 0 ] || { echo "skipped: needs root"; exit 77; }
}

need_dutperf() {
	[ -x "$DUTPERF" ] || fail "no binary at $DUTPERF"
}

# it_tb_up KIND [FWD_FPS [REV_FPS]]: a new testbed (scripts/lib.sh tb_up)
# with DUT KIND (router, bridge, siit; fault with faultdut.py's options in
# TB_FAULT) and capacity limits in frames/s (0: none; REV_FPS defaults to
# FWD_FPS).  Its ID lands in $TBID, its names in tb_names' TB_TG, TB_DUT,
# TB_STATE, TB_PREFIX.
it_tb_up() {
	local fwd=${2:-0}
	TBID=$(tb_new_id)
	TB_IDS+=("$TBID")
	# A subshell: tb_up sets traps of its own and dies on failure.
	(tb_up "$TBID" "$1" "$fwd" "${3:-$fwd}") || fail "testbed up $*"
	tb_names "$TBID"
}

# it_tb_down: check that the test left nothing running in the tester
# namespace and no DPDK runtime directory (testbed.sh run removes it after
# each run; tb_down would remove both unseen), remove testbed $TBID
# (scripts/lib.sh tb_down) and check that nothing of it is left.
it_tb_down() {
	local pids
	tb_names "$TBID"
	pids=$(ip netns pids "$TB_TG" 2>/dev/null)
	[ -z "$pids" ] ||
		fail "left running on $TBID: $(ps -o pid=,args= -p "${pids//$'\n'/,}" | tr '\n' ';')"
	[ -e "/var/run/dpdk/$TB_PREFIX" ] && fail "/var/run/dpdk/$TB_PREFIX left by a run"
	tb_down "$TBID" || fail "testbed down $TBID: not all of it removed"
	ip netns list | grep -q "dpt-$TBID-" && fail "namespaces of $TBID left behind"
	[ -e "/var/run/dpdk/$TB_PREFIX" ] && fail "/var/run/dpdk/$TB_PREFIX left behind"
	return 0
}

# dutperf_pid: the pid of the dutperf running on $TBID; waits up to 10 s for
# it to start, fails if it does not.
dutperf_pid() {
	local pid="" i
	tb_names "$TBID"
	for i in $(seq 100); do
		pid=$(pgrep -f "file-prefix=$TB_PREFIX " | head -1)
		[ -n "$pid" ] && break
		sleep 0.1
	done
	[ -n "$pid" ] || fail "dutperf did not start on $TBID"
	echo "$pid"
}

# out_dir ARGS...: the output directory given with -o (empty: none).
out_dir() {
	local out="" prev="" a
	for a in "$@"; do
		[ "$prev" = -o ] && out=$a
		prev=$a
	done
	echo "$out"
}

# preempted MODE ARGS...: true when the run just made with these dutperf
# arguments should be repeated: a trial, latency or pdv run whose last
# trials.csv row is invalid because this shared 2-CPU machine preempted the
# sender ("behind schedule"; such a latency or pdv run exits 3, no valid
# result).  That is the test machine, not the DUT or dutperf; verdicts are
# never relaxed, only the run is repeated (at most 3 runs in all, by
# repeated).
preempted() {
	local out
	case $1 in trial|latency|pdv) ;; *) return 1 ;; esac
	out=$(out_dir "$@")
	[ -n "$out" ] && [ -f "$out/trials.csv" ] &&
		[ "$(csv_col "$out/trials.csv" status 2>/dev/null)" = invalid ] &&
		csv_col "$out/trials.csv" reason |
		grep -qE 'behind schedule|planned frames not sent' || return 1
	echo "note: sender preempted on this shared machine; run again" >&2
}

# repeated RUN MODE ARGS...: RUN MODE ARGS (a function running dutperf
# with these arguments once), repeated while preempted says so; RUN's
# exit status.
repeated() {
	local run=$1 rc try
	shift
	for try in 1 2 3; do
		"$run" "$@"
		rc=$?
		{ [ $rc -eq 0 ] || [ $rc -eq 3 ]; } && [ $try -lt 3 ] &&
			preempted "$@" || break
	done
	return $rc
}

# dut_search MODE ARGS...: dut MODE ARGS -o $WORK/out.N for a run of
# several trials (a search, recovery), N = 1, then once more into
# $WORK/out.2 when it exits 3 with a trial behind schedule (this shared
# machine preempted the sender: the tester, not the DUT).  Sets out to the
# last run's directory and rc to its exit status.
dut_search() {
	local try
	for try in 1 2; do
		out=$WORK/out.$try
		dut "$@" -o "$out"
		rc=$?
		[ $rc -eq 3 ] && [ $try -eq 1 ] &&
			grep -q 'behind schedule' "$out/trials.csv" || break
		echo "note: the preempted sender limited the run; run again" >&2
	done
}

# dut MODE ARGS...: dutperf on the current testbed; output in $WORK/out.log
# (and printed) and $WORK/err.log; a preempted run is repeated.
dut() {
	local rc
	repeated dut_once "$@"
	rc=$?
	cat "$WORK/out.log"
	return $rc
}
dut_once() {
	"$TB" run --name "$TBID" -- "$@" >"$WORK/out.log" 2>"$WORK/err.log"
}

# wire2_ini OUT [SED]: the memif wire (tests/data/wire.ini) with 2 streams
# and 2 RX queues per direction, each of lcores 0-1 sending one stream and
# reading one queue of each direction (docs/accounting.md), and the sed
# commands SED applied too
wire2_ini() {
	sed "s/^recv_lcore = 1\$/recv_lcore = 1\nsend_lcores = 0-1\nrecv_lcores = 0-1\nqueues = 2/
	     ${2:-}" "$SRCDIR/tests/data/wire.ini" >"$1"
	[ "$(grep -c '^queues = 2$' "$1")" = 2 ] || fail "no queues = 2 in $1"
}

# last_row CSV: the last row of CSV as shell variables r_COLUMN (one
# python start instead of one per column: seconds each on a loaded machine)
last_row() {
	python3 -c 'import csv, shlex, sys
r = list(csv.DictReader(open(sys.argv[1])))[-1]
for k, v in r.items():
    print("r_%s=%s" % (k.strip(), shlex.quote(v)))' "$1" || fail "cannot read $1"
}

# frames_ini SRC OUT: a copy of configuration SRC with max_lag_us = 300000,
# for tests of the frames and their counts rather than of the tester's
# timing: on this shared 2-CPU machine under load a 20 ms limit made run
# after run invalid (aborted), and the counts stay exact with any lag.
frames_ini() {
	sed 's/^max_lag_us *=.*/max_lag_us = 300000/' "$1" >"$2"
	grep -q '^max_lag_us = 300000$' "$2" || fail "no max_lag_us in $1"
}

# capture_dut NS IF N PCAP MODE ARGS...: dutperf MODE ARGS on $TBID while
# tcpdump in namespace NS records the first N UDP frames entering IF into
# PCAP (it stops by itself after N: SIGINT would drop what it has not read
# yet; timeout bounds it).  A run this shared machine preempted (preempted)
# is repeated with a fresh capture, at most 3 runs.  Fails when the last
# run fails or tcpdump did not see N frames; output as by dut.
capture_dut() {
	local ns=$1 ifc=$2 n=$3 pcap=$4 try tcpd
	shift 4
	for try in 1 2 3; do
		rm -f "$pcap"
		ip netns exec "$ns" timeout 30 tcpdump -i "$ifc" -c "$n" -w "$pcap" \
			-U -Q in udp 2>"$WORK/tcpdump.log" &
		tcpd=$!
		sleep 1
		dut_once "$@" || fail "$1: exit status $? ($(tail -3 "$WORK/err.log"))"
		[ $try -lt 3 ] && preempted "$@" || break
		kill "$tcpd" 2>/dev/null
		wait "$tcpd" 2>/dev/null
	done
	cat "$WORK/out.log"
	wait "$tcpd" || fail "tcpdump did not see $n frames: $(tail -3 "$WORK/tcpdump.log")"
}

# col FILE COLUMN [ROW]: scripts/lib.sh csv_col; the test fails if the
# file, the column or the row is missing.
col() {
	csv_col "$@" || fail "cannot read column $2 of $1"
}

# expect_equal WHAT A B
expect_equal() {
	[ "$2" = "$3" ] || fail "$1: $2 != $3"
}

# aid_counts T N K J: what the sender's test aid does to T frames over N
# streams (stream i sends (T - i - 1) / N + 1 of them) when it drops every
# K-th frame of a stream and duplicates every J-th one it did not drop:
# sets drops and dups (computed here, never read from dutperf)
aid_counts() {
	local i ti
	drops=0 dups=0
	for ((i = 0; i < $2; i++)); do
		ti=$((($1 - i - 1) / $2 + 1))
		drops=$((drops + ti / $3))
		dups=$((dups + (ti - ti / $3) / $4))
	done
}

# expect_aid LABEL DIR T: a row's counts of direction DIR (fwd, rev; its
# shell variables r_DIR_COLUMN, as last_row sets them) after aid_counts
# for T frames: sent T, lost drops, received T - drops, duplicates dups,
# nothing bogus, stale or foreign
expect_aid() {
	local k want
	for k in sent lost received duplicates bogus stale foreign; do
		case $k in
		sent) want=$3 ;; lost) want=$drops ;; received) want=$(($3 - drops)) ;;
		duplicates) want=$dups ;; *) want=0 ;;
		esac
		expect_equal "$1 $2 $k" "$(eval echo "\$r_${2}_$k")" "$want"
	done
}

# check_lossless CSV DIRS: last trial passed, every frame of each direction
# (fwd, rev) accounted: planned == sent == received, nothing else.
check_lossless() {
	local csv=$1 d row
	shift
	# the row read once (last_row): a python start per column took about
	# 1 s each on a loaded machine; its r_* variables stay local here
	row=$(last_row "$csv") || fail "cannot read $csv"
	eval "$(sed 's/^/local /' <<<"$row")"
	expect_equal "status" "${r_status:-}" pass
	for d in "$@"; do
		local planned sent recv
		eval "planned=\${r_${d}_planned:-} sent=\${r_${d}_sent:-} recv=\${r_${d}_received:-}"
		[ "${planned:-0}" -gt 0 ] || fail "$d: nothing planned"
		expect_equal "$d sent vs planned" "$sent" "$planned"
		expect_equal "$d received vs sent" "$recv" "$sent"
		expect_equal "$d lost" "$(eval echo "\${r_${d}_lost:-}")" 0
		expect_equal "$d duplicates" "$(eval echo "\${r_${d}_duplicates:-}")" 0
		expect_equal "$d late" "$(eval echo "\${r_${d}_late:-}")" 0
	done
}

# wire_sock PREFIX: the memif socket of the wire with runtime directory PREFIX.
wire_sock() {
	echo "$WORK/memif-$1.sock"
}

# EAL options for a wire inside one process: two memif ports joined by a
# socket (no kernel, no DUT); tests/data/wire.ini fits it.  With WIRE=null,
# two net_null sinks instead: every frame sent is lost.  WIRE_LCORES: the
# memif wire's lcores (eal_common's default when empty).  wire_eal PREFIX
wire_eal() {
	if [ "${WIRE:-memif}" = null ]; then
		echo "$(eal_common "$1") $(eal_null "" "")"
	else
		echo "$(eal_common "$1" "${WIRE_LCORES:-}") $(eal_memif "$(wire_sock "$1")")"
	fi
}

# wire BIN PREFIX ARGS...: BIN on the memif wire; output in $WORK/out.log
# and $WORK/err.log; its DPDK runtime directory is removed; a preempted run
# is repeated as by dut.
wire() {
	local bin=$1 prefix=$2
	shift 2
	repeated wire_once "$@"
}
wire_once() {	# ARGS...: wire's $bin once, on wire's $prefix
	local rc
	# shellcheck disable=SC2046
	"$bin" $(wire_eal "$prefix") -- "$@" >"$WORK/out.log" 2>"$WORK/err.log"
	rc=$?
	rm -rf "/var/run/dpdk/$prefix"
	return $rc
}

# A campaign on the router testbed (campaign.sh, campaign_imix.sh): the
# testbed up with capacity 10000 fps, and in $ini ($WORK/campaign.ini)
# its IPv4 configuration with short trials and modest rates (1 s trials,
# the search 1000..12000 fps in 4000 steps: its top is 1.2 capacities)
# and 200 latency tags; the caller appends its sections.
campaign_testbed() {
	need_root
	need_dutperf
	it_tb_up router 10000
	ini=$WORK/campaign.ini
	sed -e 's/^duration_s *=.*/duration_s = 1/' -e 's/^timeout_ms *=.*/timeout_ms = 200/' \
		-e 's/^settle_ms *=.*/settle_ms = 100/' -e 's/^rate_min_fps *=.*/rate_min_fps = 1000/' \
		-e 's/^rate_max_fps *=.*/rate_max_fps = 12000/' -e 's/^error_fps *=.*/error_fps = 4000/' \
		-e 's/^max_lag_us *=.*/max_lag_us = 300000/' \
		"$SRCDIR/conf/testbed-ipv4.ini" >"$ini"
	printf '[latency]\ntagged_frames = 200\ndelay_s = 0\n' >>"$ini"
}

# Address resolution (issue 35: neigh_wire.sh, neigh_router.sh,
# neigh_nat.sh).
# run_ports DIR: DIR/run.json's ports (the last run), a line each:
# "side dut_mac dut_mac_from dut_ip answered"
run_ports() {
	python3 -c 'import json, sys
d = json.loads(open(sys.argv[1]).read().splitlines()[-1])	# the last run
for p in d["ports"]:
    print(p["side"], p["dut_mac"], p["dut_mac_from"], p["dut_ip"], p["answered"])' "$1/run.json" ||
		fail "cannot read $1/run.json"
}
# neigh_learnt FILE ADDR DEV MAC [STATE]: in FILE (the DUT's `ip neigh`,
# one or more samples) the entry of ADDR on DEV is MAC, learnt (in STATE
# when given), and no entry is PERMANENT
neigh_learnt() {
	local e
	e=$(grep "^$2 dev $3 lladdr $4 ${5:-}" "$1" | tail -1)
	echo "DUT: ${e:-no $2 at $4 on $3}"
	[ -n "$e" ] || fail "DUT never had $2 at $4 on $3${5:+ $5}: $(grep "^$2 " "$1" | sort -u | tr '\n' ';')"
	! grep -q PERMANENT "$1" || fail "DUT: permanent entries: $(grep PERMANENT "$1" | sort -u)"
}
# neigh_sample V FILE: the DUT's ($TB_DUT) IPv-V neighbours into FILE
# every 0.5 s until $WORK/sampling is removed (Linux probes an entry 5 s after its
# first use and fails it when nobody answers, as between two runs: what
# counts is what the DUT holds while dutperf runs)
neigh_sample() {
	while [ -e "$WORK/sampling" ]; do
		ip -n "$TB_DUT" -"$1" neigh show >>"$2"
		sleep 0.5
	done
}
