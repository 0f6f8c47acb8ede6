#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# scripts/bench.sh [-b BUILD_DIR] [-o OUTDIR]
#
# Builds dutperf and its bench helpers, then measures on virtual devices in
# one run (about 2-3 minutes) and prints a table; the raw figures go to
# OUTDIR/bench-results.csv (default results/bench).  Method of every row:
# docs/performance.md.  Needs root (DPDK) and dpdk-testpmd (Debian "dpdk").
#
#   a  sender: highest rate a throughput search passes on net_null with 100 %
#      loss tolerated (a trial passes exactly when the sender kept its
#      schedule within max_lag_us = LAG_US, default 10000: on a shared
#      2-CPU machine the scheduler preempts a busy lcore for milliseconds),
#      searched up to twice testpmd txonly's rate on net_null, and the
#      saturated rate of one trial asking for 3x
#   b  receiver: frames received + classified + accounted + freed per second
#      on one core (bench_engine rx) vs testpmd rxonly on the same net_null;
#      the same engine counting frames unread (bench_engine_bare) shows
#      what classify + account cost per frame, and one reading only each
#      frame's stamp (bench_engine_touch) what touching the frame costs
#      before any check; the generic classifier beside the wide one
#      (DUTPERF_RX_WIDE=0) where the CPU has AVX-512
#   c  rate accuracy and inter-departure error from the sender's own TSC
#      stamps (bench_engine tx) at 10 k, 100 k, 1 M and 5 Mfps
#   d  search overhead per trial (net_null, every trial fails and waits its
#      full duration + timeout), beyond trial durations, timeouts, settles
#   e  pdv-mode peak RSS for a 2 s and a 20 s run (when the mode exists)
#   f  scaling over lcores (docs/accounting.md "Several streams"): the
#      sender's saturated aggregate with 1 and 2 sender lcores (one stream
#      each, net_null, a trial asking for far more than it can send, no lag
#      limit: trials.csv fwd_achieved_fps, the sum of the streams'), and the
#      receiver's frames per second with 1 and 2 receiver lcores (one RX
#      queue each, net_null delivering, fwd_foreign / duration); the ratios
#      2 : 1 (target >= 1.8x for the sender).  On a machine with more cores
#      set SCALE_LCORES="1 2 4 8" (docs/performance.md).
#   g  stateful phase 1 (RFC 9693 preliminary phase, docs/stateful.md): the
#      Initiator's connections per second, N = ST_FRAMES (default 10^7)
#      pseudorandom combinations, with 1 and 2 sender lcores (a stream
#      each, net_null, asking for far more than it can send, no lag limit:
#      the phase-1 row's fwd_achieved_fps; nothing comes back, so the run
#      ends after phase 1 with exit status 3), and the peak RSS (VmHWM) of
#      the 1-lcore run beside that of N = 4000: the state table of N
#      entries and the permutation (docs/stateful.md "Memory")
#   h  pdv over lcores: every frame's delay recorded (the delays feature,
#      a histogram per RX queue merged after the trial) with 1 and 2
#      lcores on the memif wire, each lcore sending one stream and
#      receiving one queue, asked for far more than it sends (no lag
#      limit): delays recorded per second (pdv.csv fwd_delays /
#      duration) and the ratio 2 : 1 (target >= 1.8x).
#   i  mixed sizes (docs/frames.md "Mixed sizes"): CSIT's IMIX beside
#      64 B, in Mfps and Gb/s (L1: the mean size + 20 B a frame): the
#      sender saturated on net_null (a trial far above what it can send,
#      fwd_achieved_fps, one lcore) and the receiver's per-frame work
#      (bench_core rx: frame_classify + rxstate_add over pre-generated
#      frames; net_null delivers one size only).
#   j  N ports (RFC 2889 switch modes, docs/switch.md): mode mesh on 2 and 4
#      net_null ports (no RX) with 1 and 2 lcores (each lcore sending and
#      receiving on its share of the ports), asked for far more than it can
#      send, no lag limit: the aggregate frames/s the senders offered (the
#      sum of ports.csv oload_fps: each port's frames over its sending
#      time), beside row f's 1-lcore sender.
#
# Every figure is the best of 3 (the machine may be shared).  What a dutperf
# run measured is read from its result CSV files by column name (rate.csv
# "rate", trials.csv rows: scripts/lib.sh csv_col), never from its output;
# the EAL and vdev options come from scripts/lib.sh (eal_*).
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

BUILD=build
OUT=results/bench
while getopts "b:o:h" opt; do
	case $opt in
	b) BUILD=$OPTARG ;;
	o) OUT=$OPTARG ;;
	*) sed -n '3,61p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
	esac
done

[ "$(id -u)" = 0 ] || die "must run as root (DPDK)"
deps_install
command -v dpdk-testpmd >/dev/null || die "dpdk-testpmd missing (apt-get install dpdk)"
build_tree "$BUILD"
DUTPERF=$BUILD/src/dpdk/dutperf
BENCH=$BUILD/bench/bench_engine
BENCH_BARE=$BUILD/bench/bench_engine_bare
BENCH_TOUCH=$BUILD/bench/bench_engine_touch
for f in "$DUTPERF" "$BENCH" "$BENCH_BARE" "$BENCH_TOUCH"; do
	[ -x "$f" ] || die "$f was not built (is libdpdk-dev installed?)"
done
mkdir -p "$OUT" || die "cannot create $OUT"
CSV=$OUT/bench-results.csv
WORK=$(mktemp -d /tmp/dutperf-bench.XXXXXX)
PFX=dpt-bench-$$
cleanup() { rm -rf "$WORK" /var/run/dpdk/"$PFX"-*; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Virtual devices (scripts/lib.sh eal_*): 60-byte frames on net_null.
NULL_TX=$(eal_null size=60,no-rx=1 size=60,no-rx=1)
NULL_RX=$(eal_null size=60,no-rx=1 size=60)
MEMIF=$(eal_memif "$WORK/memif.sock")
WIRE=tests/data/wire.ini
# The wire with a lag limit of LAG_US, the sender alone on lcore 1 (as
# testpmd's forwarding lcore) and the receiver on lcore 0.
LAG_US=${LAG_US:-10000}
INI=$WORK/bench.ini
# link_speed_gbps: the searches go up to twice testpmd's rate on net_null,
# above 10 GbE's line rate, which dutperf refuses as a search bound.
sed -e "s/^max_lag_us *=.*/max_lag_us = $LAG_US/" -e 's/^send_lcore *=.*/send_lcore = 1/' \
	-e 's/^recv_lcore *=.*/recv_lcore = 0/' \
	-e 's/^link_speed_gbps *=.*/link_speed_gbps = 400/' "$WIRE" >"$INI"

n=0
run_id() { n=$((n + 1)); echo "$PFX-$n"; }
# eal PREFIX: the EAL options of every run here, runtime directory PREFIX
# (EAL_LCORES: "-l LIST" instead of eal_common's default -l 0-1)
eal() { echo "$(eal_common "$1" "${EAL_LCORES:-}") --log-level=warning"; }

# max of numbers on stdin (0 when none)
best_max() { sort -g | tail -1 | grep . || echo 0; }
# min of numbers on stdin
best_min() { sort -g | head -1; }
# key=value from a bench_engine output file
kv() { sed -n "s/^$1=//p" "$2"; }
# ratio a / b with 2 decimals, "-" when b is 0
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
# PASS when the awk condition on x holds
verdict() { awk -v x="$1" "BEGIN { exit !($2) }" && echo PASS || echo MISS; }
now_ns() { date +%s%N; }

# testpmd_pps MODE FIELD VDEVS BURST [testpmd options]: the best of the
# last three 1-second FIELD (Tx-pps / Rx-pps) figures of one forwarding core.
testpmd_pps() {
	local mode=$1 field=$2 vdevs=$3 burst=$4 p
	shift 4
	p=$(run_id)
	# shellcheck disable=SC2046,SC2086
	timeout -s INT 6 dpdk-testpmd $(eal "$p") $vdevs -- \
		--forward-mode="$mode" --stats-period=1 --nb-cores=1 \
		--port-topology=loop --total-num-mbufs=16384 --burst="$burst" "$@" \
		</dev/null >"$WORK/testpmd-$mode.log" 2>&1
	rm -rf "/var/run/dpdk/$p"
	sed -n "s/.*$field: *\([0-9]*\).*/\1/p" "$WORK/testpmd-$mode.log" |
		grep -v '^0$' | tail -3 | best_max
}

# bench MODE VDEVS [BARE] ARGS...: one bench_engine run (BARE = 1:
# bench_engine_bare, 2: bench_engine_touch), key=value lines on stdout
bench() {
	local mode=$1 vdevs=$2 bin=$BENCH p
	shift 2
	if [ "$mode" = rx ]; then
		[ "$1" = 1 ] && bin=$BENCH_BARE
		[ "$1" = 2 ] && bin=$BENCH_TOUCH
		shift
	fi
	p=$(run_id)
	# shellcheck disable=SC2046,SC2086
	"$bin" $(eal "$p") $vdevs -- "$mode" "$INI" "$@" 2>>"$WORK/bench.err"
	rm -rf "/var/run/dpdk/$p"
}

# dutperf VDEVS ARGS...: one dutperf run, quiet; stdout to $WORK/dutperf.out
dutperf() {
	local vdevs=$1 p rc
	shift
	p=$(run_id)
	# shellcheck disable=SC2046,SC2086
	"$DUTPERF" $(eal "$p") $vdevs -- "$@" -q >"$WORK/dutperf.out" \
		2>>"$WORK/dutperf.err"
	rc=$?
	rm -rf "/var/run/dpdk/$p"
	return $rc
}

ROWS=()
# row ITEM METRIC VALUE UNIT REFERENCE REF_VALUE RATIO TARGET VERDICT
row() {
	ROWS+=("$(printf '%s\t' "$1" "$2" "$3" "$4" "$5 $6" "$7" "$8" "$9")")
	echo "$1,$2,$3,$4,$5,$6,$7,$8,$9" >>"$CSV"
}
echo "item,metric,value,unit,reference,reference_value,ratio,target,verdict" >"$CSV"

# ---- a: sender ----
note "a: testpmd txonly on net_null"
tp_tx=$(testpmd_pps txonly Tx-pps "$(eal_null size=60,no-rx=1)" 32 --txpkts=60)
note "a: dutperf throughput search on net_null (testpmd: $tp_tx fps)"
hi=$tp_tx
[ "$hi" -gt 0 ] || hi=100000000
dutperf "$NULL_TX" throughput -c "$INI" --direction f --loss-ppm 1000000 \
	--burst 32 --duration 1 --timeout 0 --settle 0 --rate-min 0 --rate-max $((2 * hi)) \
	--error $((hi / 64)) --max-retries 3 -o "$WORK/a" ||
	# exit 3: the bound is the sender's (result_kind lower_bound), which is
	# exactly what this row measures
	[ $? = 3 ] || die "a: dutperf failed: $(tail -2 "$WORK/dutperf.err")"
tx=$(csv_col "$WORK/a/rate.csv" rate)
tx=${tx:-0}
r=$(ratio "$tx" "$tp_tx")
row a "sender keeps schedule within $LAG_US us (fps)" "$tx" fps "testpmd txonly" "$tp_tx" "$r" ">= 0.9x" \
	"$(verdict "$r" 'x != "-" && x >= 0.9')"
cap=$(for i in 1 2 3; do bench cap "$NULL_TX" $((3 * hi)) 1 32 | kv tx_capacity_fps /dev/stdin; done | best_max)
row a "sender saturated (fps)" "$cap" fps "testpmd txonly" "$tp_tx" "$(ratio "$cap" "$tp_tx")" "info" "-"

# ---- b: receiver ----
note "b: testpmd rxonly and dutperf's receive path on net_null"
tp_rx=$(testpmd_pps rxonly Rx-pps "$(eal_null size=60)" 64)
rx=$(for i in 1 2 3; do bench rx "$NULL_RX" 0 1 | kv rx_fps /dev/stdin; done | best_max)
r=$(ratio "$rx" "$tp_rx")
row b "receiver classifies (fps)" "$rx" fps "testpmd rxonly" "$tp_rx" "$r" ">= 0.9x" \
	"$(verdict "$r" 'x != "-" && x >= 0.9')"
# The generic classifier where the wide one (AVX-512) would run
# (DUTPERF_RX_WIDE=0; docs/performance.md, issue 26)
gen=$(for i in 1 2 3; do DUTPERF_RX_WIDE=0 bench rx "$NULL_RX" 0 1 | kv rx_fps /dev/stdin; done | best_max)
row b "receiver classifies, generic path (fps)" "$gen" fps "testpmd rxonly" "$tp_rx" \
	"$(ratio "$gen" "$tp_rx")" "info" "-"
# The same engine built with the receiver counting frames unread
# (bench_engine_bare): what is left of the gap is classify + account.
bare=$(for i in 1 2 3; do bench rx "$NULL_RX" 1 1 | kv rx_fps /dev/stdin; done | best_max)
row b "receiver without classify (fps)" "$bare" fps "testpmd rxonly" "$tp_rx" \
	"$(ratio "$bare" "$tp_rx")" "info" "-"
# The same with the receiver reading each frame's stamp and accounting
# it, nothing checked (bench_engine_touch): the floor under any receiver
# that reads the frame at all, which testpmd rxonly never does.
touch=$(for i in 1 2 3; do bench rx "$NULL_RX" 2 1 | kv rx_fps /dev/stdin; done | best_max)
row b "receiver reading stamps only, no checks (fps)" "$touch" fps "testpmd rxonly" "$tp_rx" \
	"$(ratio "$touch" "$tp_rx")" "info" "-"
row b "stamp read + account per frame (ns)" \
	"$(awk -v a="$touch" -v b="$bare" 'BEGIN { if (a > 0 && b > 0) printf "%.1f", 1e9 / a - 1e9 / b; else print "-" }')" \
	ns "budget for 0.9x (ns)" \
	"$(awk -v t="$tp_rx" -v b="$bare" 'BEGIN { if (t > 0 && b > 0) printf "%.1f", 1e9 / (0.9 * t) - 1e9 / b; else print "-" }')" \
	"-" "info" "-"
row b "classify + account per frame (ns)" \
	"$(awk -v a="$rx" -v b="$bare" 'BEGIN { if (a > 0 && b > 0) printf "%.1f", 1e9 / a - 1e9 / b; else print "-" }')" \
	ns "budget for 0.9x (ns)" \
	"$(awk -v t="$tp_rx" -v b="$bare" 'BEGIN { if (t > 0 && b > 0) printf "%.1f", 1e9 / (0.9 * t) - 1e9 / b; else print "-" }')" \
	"-" "info" "-"

# ---- c: rate accuracy ----
note "c: rate accuracy and inter-departure error (2 s, burst 1)"
for rate in 10000 100000 1000000 5000000; do
	for i in 1 2 3; do
		bench tx "$NULL_TX" "$rate" 2 1 >"$WORK/c.$i"
		e=$(awk -F= '/^tx_accuracy=/ { d = $2 - 1; print (d < 0 ? -d : d) }' "$WORK/c.$i")
		[ -n "$e" ] && echo "$e $i"
	done | sort -g | head -1 >"$WORK/c.best"
	read -r err i <"$WORK/c.best" || { err=""; i=1; }
	f=$WORK/c.$i
	pct=$(awk -v e="${err:-1}" 'BEGIN { printf "%.5f", e * 100 }')
	tgt="<= 0.01 %"
	v=$(verdict "$pct" 'x <= 0.01')
	[ "$rate" -gt 1000000 ] && { tgt="info"; v="-"; }
	row c "achieved/requested at $rate fps" "$(kv tx_accuracy "$f")" ratio \
		"error %" "$pct" "-" "$tgt" "$v"
	row c "inter-departure error at $rate fps (ns)" \
		"p50 $(kv tx_ipd_err_p50_ns "$f") p99 $(kv tx_ipd_err_p99_ns "$f") max $(kv tx_ipd_err_max_ns "$f")" \
		ns "period ns" "$((1000000000 / rate))" "-" "info" "-"
done

# ---- d: search overhead ----
# On net_null nothing comes back: every trial fails with loss, so the search
# takes log2(400000 / 50000) + 1 = 4 trials down to 0 and every trial waits
# its full duration + timeout, a known fixed wait.  Both runs end with
# exit status 3 (no measured result: every frame was lost), as they must.
note "d: search overhead on net_null"
D_DUR=1 D_TMO=10 D_SET=100
for i in 1 2 3; do
	t0=$(now_ns)
	dutperf "$NULL_TX" trial -c "$WIRE" --duration $D_DUR --timeout $D_TMO \
		--rate 100000 -o "$WORK/d1.$i" || [ $? -eq 3 ] || continue
	t1=$(now_ns)
	dutperf "$NULL_TX" throughput -c "$WIRE" --duration $D_DUR --timeout $D_TMO \
		--settle $D_SET --rate-min 0 --rate-max 400000 --error 50000 \
		--max-retries 1 -o "$WORK/d.$i" || [ $? -eq 3 ] || continue
	t2=$(now_ns)
	trials=$(csv_col "$WORK/d.$i/trials.csv" iteration all | wc -l)
	# search minus one trial run = trials - 1 trials, their settle pauses
	# and the search's own work; the process start cancels out.
	awk -v one=$((t1 - t0)) -v all=$((t2 - t1)) -v n="$trials" -v d=$D_DUR \
		-v t=$D_TMO -v s=$D_SET 'BEGIN {
		waits = d + t / 1000.0
		gross = (all / 1e9 - n * waits - (n - 1) * s / 1000.0) / n
		net = (all / 1e9 - one / 1e9 - (n - 1) * (waits + s / 1000.0)) / (n - 1)
		if (n > 1)
			printf "%.3f %.3f %d\n", net, gross, n }'
done | sort -g | head -1 >"$WORK/d.best"
read -r net gross trials <"$WORK/d.best" || { net=failed gross=- trials=0; }
row d "search overhead per trial (s)" "$net" s "$trials trials; incl. process start" "$gross" "-" \
	"<= 0.3 s" "$(verdict "$net" 'x != "failed" && x <= 0.3')"

# ---- e: pdv memory ----
# pdv_rss SECONDS: peak RSS (KiB) of a pdv run, empty when it did not run
pdv_rss() {
	local p
	p=$(run_id)
	# shellcheck disable=SC2046,SC2086
	/usr/bin/time -v "$DUTPERF" $(eal "$p") $MEMIF -- pdv -c "$WIRE" \
		--rate 10000 --duration "$1" --timeout $D_TMO -q -o "$WORK/e$1" \
		>/dev/null 2>"$WORK/e$1.log"
	local rc=$?
	rm -rf "/var/run/dpdk/$p"
	[ $rc = 0 ] && sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/e$1.log"
}
note "e: pdv peak RSS, 2 s and 20 s"
r2=$(pdv_rss 2)
if [ -n "$r2" ]; then
	r20=$(pdv_rss 20)
	r=$(ratio "${r20:-0}" "$r2")
	row e "pdv peak RSS 20 s vs 2 s (KiB)" "${r20:-failed}" KiB "2 s run" "$r2" "$r" \
		"flat (<= 1.1x)" "$(verdict "$r" 'x != "-" && x <= 1.1')"
else
	why=$(grep -m1 'dutperf:' "$WORK/e2.log" | cut -c1-60)
	row e "pdv peak RSS" "pending: pdv mode not available" - "${why:-no pdv run}" - - \
		"flat" "-"
fi

# ---- f: scaling over lcores ----
# scale_ini NAME N ROLE: the wire with N lcores 0..N-1 (N queues) as
# senders on the left (ROLE tx; the receiver on lcore 0) or receivers on
# the right (ROLE rx; the sender on lcore 0), no lag limit, burst 32
scale_ini() {
	local lc=0 tx rx
	[ "$2" -gt 1 ] && lc=0-$(($2 - 1))
	if [ "$3" = tx ]; then
		tx="send_lcores = $lc\nqueues = $2" rx="recv_lcores = 0\nqueues = 1"
	else
		tx="send_lcores = 0\nqueues = 1" rx="recv_lcores = $lc\nqueues = $2"
	fi
	sed -e 's/^max_lag_us *=.*/max_lag_us = 60000000/' -e 's/^burst *=.*/burst = 32/' \
		-e 's/^link_speed_gbps *=.*/link_speed_gbps = 800/' \
		-e "0,/^recv_lcore = 1\$/s//recv_lcore = 0\n$tx/" \
		-e "0,/^recv_lcore = 1\$/s//recv_lcore = 0\n$rx/" "$WIRE" >"$WORK/$1.ini"
}
SCALE_LCORES=${SCALE_LCORES:-1 2}
# The senders are asked for SCALE_FPS per lcore (default 100 Mfps, about
# twice what one lcore sends on net_null here), so the aggregate measures
# their saturation, never the request; 8 lcores stay below the 1.19 Gfps of
# 64-byte frames at 800 Gb/s that dutperf accepts.
SCALE_FPS=${SCALE_FPS:-100000000}
last_lc=$(echo "$SCALE_LCORES" | awk '{ print $NF }')
note "f: sender and receiver over $SCALE_LCORES lcores (net_null)"
declare -A stx srx
for nl in $SCALE_LCORES; do
	scale_ini "tx$nl" "$nl" tx
	scale_ini "rx$nl" "$nl" rx
	stx[$nl]=$(for i in 1 2 3; do
		EAL_LCORES="-l 0-$((last_lc - 1))" dutperf "$NULL_TX" trial -c "$WORK/tx$nl.ini" \
			--direction f --duration 1 --timeout 0 --rate $((SCALE_FPS * nl)) \
			-o "$WORK/f.tx$nl.$i" &&
			csv_col "$WORK/f.tx$nl.$i/trials.csv" fwd_achieved_fps
	done | best_max)
	srx[$nl]=$(for i in 1 2 3; do
		EAL_LCORES="-l 0-$((last_lc - 1))" dutperf "$NULL_RX" trial -c "$WORK/rx$nl.ini" \
			--direction f --duration 2 --timeout 0 --rate 1000 \
			-o "$WORK/f.rx$nl.$i" &&
			awk -v f="$(csv_col "$WORK/f.rx$nl.$i/trials.csv" fwd_foreign)" \
				'BEGIN { printf "%.0f\n", f / 2 }'
	done | best_max)
	r=$(ratio "${stx[$nl]}" "${stx[1]}")
	tgt=info v=-
	[ "$nl" = 2 ] && { tgt=">= 1.8x"; v=$(verdict "$r" 'x != "-" && x >= 1.8'); }
	row f "sender aggregate, $nl lcore(s) (fps)" "${stx[$nl]}" fps "1 lcore" "${stx[1]}" \
		"$r" "$tgt" "$v"
	row f "receiver aggregate, $nl lcore(s) (fps)" "${srx[$nl]}" fps "1 lcore" "${srx[1]}" \
		"$(ratio "${srx[$nl]}" "${srx[1]}")" "info" "-"
done

# ---- g: stateful phase 1 ----
ST_FRAMES=${ST_FRAMES:-10000000}
# st_ini NAME N FRAMES: the sender side of row f's N-lcore wire with
# [stateful] phase 1 of FRAMES connections at SCALE_FPS per lcore, a table
# of FRAMES entries, no retries
st_ini() {
	scale_ini "$1" "$2" tx
	sed -i 's/^max_retries *=.*/max_retries = 0/' "$WORK/$1.ini"
	printf '[stateful]\nframes = %s\ntable_size = %s\nrate_fps = %s\ntimeout_ms = 0\n' \
		"$3" "$3" $((SCALE_FPS * $2)) >>"$WORK/$1.ini"
}
# st_run NAME OUT: trial --stateful of $WORK/NAME.ini on net_null; the
# phase-1 rate on stdout (exit 3 expected: no table filled), its peak RSS
# (KiB) in OUT.rss
st_run() {
	local p
	p=$(run_id)
	# shellcheck disable=SC2046,SC2086
	/usr/bin/time -v "$DUTPERF" $(eal "$p") $NULL_TX -- trial --stateful \
		-c "$WORK/$1.ini" --direction f --rate 1000 --duration 1 -q -o "$2" \
		>/dev/null 2>"$2.log"
	rm -rf "/var/run/dpdk/$p"
	sed -n 's/.*Maximum resident set size (kbytes): //p' "$2.log" >"$2.rss"
	[ "$(csv_col "$2/trials.csv" phase 1 2>/dev/null)" = preliminary ] &&
		csv_col "$2/trials.csv" fwd_achieved_fps 1
}
note "g: stateful phase 1, $ST_FRAMES connections, 1 and 2 lcores (net_null)"
declare -A sst
for nl in 1 2; do
	st_ini "st$nl" "$nl" "$ST_FRAMES"
	sst[$nl]=$(for i in 1 2 3; do st_run "st$nl" "$WORK/g$nl.$i"; done | best_max)
	r=$(ratio "${sst[$nl]}" "${sst[1]}")
	tgt=info v=-
	[ "$nl" = 2 ] && { tgt=">= 1.8x"; v=$(verdict "$r" 'x != "-" && x >= 1.8'); }
	row g "stateful phase 1, $nl lcore(s) (connections/s)" "${sst[$nl]:-failed}" fps "1 lcore" \
		"${sst[1]:-0}" "$r" "$tgt" "$v"
done
st_ini st0 1 4000
st_run st0 "$WORK/g0" >/dev/null
rss_big=$(cat "$WORK/g1.1.rss" 2>/dev/null) rss_small=$(cat "$WORK/g0.rss" 2>/dev/null)
row g "stateful phase 1 peak RSS, $ST_FRAMES connections (KiB)" "${rss_big:-failed}" KiB \
	"N = 4000" "${rss_small:-0}" \
	"$(awk -v a="${rss_big:-0}" -v b="${rss_small:-0}" -v n="$ST_FRAMES" \
		'BEGIN { if (a > b && b > 0) printf "%.1f B/conn", (a - b) * 1024 / (n - 4000); else print "-" }')" \
	"info" "-"

# ---- h: pdv over lcores ----
# pdv_ini NAME N: the wire with N lcores 0..N-1 each sending one stream
# and reading one RX queue on both sides, no lag limit, burst 32
pdv_ini() {
	local lc=0 both
	[ "$2" -gt 1 ] && lc=0-$(($2 - 1))
	both="send_lcores = $lc\nrecv_lcores = $lc\nqueues = $2"
	sed -e 's/^max_lag_us *=.*/max_lag_us = 60000000/' -e 's/^burst *=.*/burst = 32/' \
		-e 's/^link_speed_gbps *=.*/link_speed_gbps = 800/' \
		-e "s/^recv_lcore = 1\$/recv_lcore = 0\n$both/" "$WIRE" >"$WORK/$1.ini"
}
# Each lcore is asked for PDV_FPS (default 20 Mfps, several times what one
# lcore moves through memif here): the row measures saturation.
PDV_FPS=${PDV_FPS:-20000000}
PDV_S=2
note "h: pdv over $SCALE_LCORES lcores (memif)"
declare -A spdv
for nl in $SCALE_LCORES; do
	pdv_ini "pdv$nl" "$nl"
	spdv[$nl]=$(for i in 1 2 3; do
		p=$(run_id)
		# shellcheck disable=SC2046,SC2086
		"$DUTPERF" $(eal "$p") $(eal_memif "$WORK/pdv$nl.sock") -- pdv \
			-c "$WORK/pdv$nl.ini" --direction f --duration $PDV_S --timeout 10 \
			--rate $((PDV_FPS * nl)) -q -o "$WORK/g$nl.$i" \
			>/dev/null 2>>"$WORK/dutperf.err"
		rm -rf "/var/run/dpdk/$p"
		# an invalid trial (the sender's frames unsent) still counts
		f=$(csv_col "$WORK/g$nl.$i/pdv.csv" fwd_delays 2>/dev/null) &&
			awk -v f="$f" -v s=$PDV_S 'BEGIN { printf "%.0f\n", f / s }'
	done | best_max)
	r=$(ratio "${spdv[$nl]}" "${spdv[1]}")
	tgt=info v=-
	[ "$nl" = 2 ] && { tgt=">= 1.8x"; v=$(verdict "$r" 'x != "-" && x >= 1.8'); }
	row h "pdv delays recorded, $nl lcore(s) (fps)" "${spdv[$nl]}" fps "1 lcore" \
		"${spdv[1]}" "$r" "$tgt" "$v"
done

# ---- i: mixed sizes ----
note "i: CSIT IMIX beside 64 B: sender on net_null, receiver's per-frame work"
# gbps FPS MEAN_L2_B: Gb/s on the wire (L1)
gbps() { awk -v f="$1" -v m="$2" 'BEGIN { if (f > 0) printf "%.2f", f * (m + 20) * 8 / 1e9; else print "-" }'; }
mfps() { awk -v f="$1" 'BEGIN { if (f > 0) printf "%.2f", f / 1e6; else print "-" }'; }
BENCH_CORE=$BUILD/bench/bench_core
# the sender: one lcore, no lag limit, burst 32 (as f); the receiver's
# frames: the wire's
scale_ini g64 1 tx
sed '/^\[traffic\]/a imix = csit' "$WORK/g64.ini" >"$WORK/gcsit.ini"
sed '/^\[traffic\]/a imix = csit' "$INI" >"$WORK/imix.ini"
declare -A gtx grx
for mix in 64 csit; do
	ini=$INI mean=64
	[ "$mix" = csit ] && { ini=$WORK/imix.ini; mean=$(awk 'BEGIN { printf "%.4f", 4246 / 12 }'); }
	gtx[$mix]=$(for i in 1 2 3; do
		dutperf "$NULL_TX" trial -c "$WORK/g$mix.ini" --direction f --duration 1 \
			--timeout 0 --rate 100000000 -o "$WORK/g.tx$mix.$i" &&
			csv_col "$WORK/g.tx$mix.$i/trials.csv" fwd_achieved_fps
	done | best_max)
	grx[$mix]=$("$BENCH_CORE" "$ini" rx 4000000 |
		awk -F= '/^rx_ns_per_frame=/ { printf "%.0f\n", 1e9 / $2 }')
	row i "sender saturated, $mix (Mfps)" "$(mfps "${gtx[$mix]}")" Mfps \
		"Gb/s L1" "$(gbps "${gtx[$mix]}" "$mean")" "-" "info" "-"
	row i "receiver per-frame work, $mix (Mfps)" "$(mfps "${grx[$mix]}")" Mfps \
		"Gb/s L1" "$(gbps "${grx[$mix]}" "$mean")" "-" "info" "-"
done

# ---- j: N ports ----
# mport_ini NAME NPORTS NLCORES: NPORTS net_null ports, port K sending and
# receiving on lcore K mod NLCORES, no lag limit, one address per port
mport_ini() {
	local k
	{
		sed -e 's/^max_lag_us *=.*/max_lag_us = 60000000/' \
			-e 's/^link_speed_gbps *=.*/link_speed_gbps = 800/' \
			-e '/^send_lcore *=/d' -e '/^recv_lcore *=/d' "$WIRE"
		for k in $(seq 0 $(($2 - 1))); do
			case $k in 0) echo "[left]" ;; 1) echo "[right]" ;; *) echo "[port$k]"; echo "port_id = $k" ;; esac
			echo "send_lcore = $((k % $3))"
			echo "recv_lcore = $((k % $3))"
		done
		printf '[switch]\naging_s = 300\n'
	} >"$WORK/$1.ini"
}
note "j: mode mesh on 2 and 4 net_null ports, 1 and 2 lcores"
for np in 2 4; do
	vd=$(eal_null $(for k in $(seq 1 $np); do printf 'size=60,no-rx=1 '; done))
	for nl in 1 2; do
		mport_ini "j$np$nl" "$np" "$nl"
		agg=$(for i in 1 2 3; do
			EAL_LCORES="-l 0-1" dutperf "$vd" mesh -c "$WORK/j$np$nl.ini" -r 50000000 \
				--duration 1 --timeout 0 -o "$WORK/j.$np.$nl.$i"
			[ -f "$WORK/j.$np.$nl.$i/ports.csv" ] &&
				csv_col "$WORK/j.$np.$nl.$i/ports.csv" oload_fps all |
				awk '{ s += $1 } END { printf "%.0f\n", s }'
		done | best_max)
		row j "mesh, $np ports, $nl lcore(s), aggregate (fps)" "$agg" fps \
			"row f sender, 1 lcore" "${stx[1]}" "$(ratio "$agg" "${stx[1]}")" "info" "-"
	done
done

# ---- the table ----
{
	printf 'item\tmeasure\tdutperf\tunit\treference\tratio\ttarget\tverdict\n'
	printf '%s\n' "${ROWS[@]}"
} | column -t -s $'\t'
echo
echo "raw figures: $CSV; machine: $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
