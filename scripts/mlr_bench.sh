#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# scripts/mlr_bench.sh [-b BUILD_DIR] [-o OUTDIR] [-C FPS] [-d S] [-n N] [-N DROP]
#                      [-p PARTS]
#
# MLRsearch (mode mlr) against binary search (mode throughput) on the
# namespace testbed, side by side on the same DUT and machine; not part of
# the test suite (minutes).  Needs root.  docs/mlrsearch.md.
#
#   1  cost: one MLRsearch for two goals, NDR (0 %) and PDR (0.5 %), each
#      {final = sum = S seconds (-d, default 10), exceed 0, width 0.5 %},
#      against two binary searches (--loss-ppm 0 and 5000) with S-second
#      trials and the same precision (error = 0.5 % of C); router DUT
#      limited to C fps (-C, default 10000).  Trials, trial-seconds (sum of
#      trials.csv's durations), wall time, results.
#   2  repeatability on a noisy DUT: the same router plus an nftables rule
#      dropping one frame in DROP (-N, default 100000) at random: N (-n,
#      default 10) MLRsearch NDR results (CSIT's NDR: 1 s trials, 21 s sum,
#      exceed 50 %) against N RFC 2544 binary searches with 1 s trials;
#      median and coefficient of variation (stdev / mean) of each.
#   -p PARTS: which of them to run (default 12: both; -p 1 is two minutes
#      at -d 3, -p 2 about fifteen at -n 10)
#
# Results from the CSV files by column name (scripts/lib.sh csv_col), never
# from the programs' messages; everything under OUTDIR (default
# results/mlr-bench).
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

BUILD=build
OUT=results/mlr-bench
C=10000
D=10
N=10
DROP=100000
PARTS=12
while getopts "b:o:C:d:n:N:p:h" opt; do
	case $opt in
	b) BUILD=$OPTARG ;;
	o) OUT=$OPTARG ;;
	C) C=$OPTARG ;;
	d) D=$OPTARG ;;
	n) N=$OPTARG ;;
	N) DROP=$OPTARG ;;
	p) PARTS=$OPTARG ;;
	*) sed -n '4,26p' "$0"; exit 2 ;;
	esac
done
[ "$(id -u)" = 0 ] || { echo "mlr_bench.sh: needs root" >&2; exit 2; }
DUTPERF=$PWD/$BUILD/src/dpdk/dutperf
export DUTPERF
[ -x "$DUTPERF" ] || { echo "mlr_bench.sh: no $DUTPERF (build first)" >&2; exit 2; }
rm -rf "$OUT"
mkdir -p "$OUT"

id=$(tb_new_id)
trap 'tb_down "$id" >/dev/null 2>&1' EXIT
trap 'exit 130' INT TERM
(tb_up "$id" router "$C" "$C") || { echo "mlr_bench.sh: testbed up failed" >&2; exit 1; }
tb_names "$id"

common=(-c conf/testbed-ipv4.ini --timeout 300 --settle 200 -q
	--rate-min $((C / 10)) --rate-max $((C * 2)) --max-retries 10)
err=$((C * 5 / 1000))

# bench NAME MODE ARGS...: one dutperf run into OUT/NAME; its wall seconds
# in OUT/NAME.wall
bench() {
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	scripts/testbed.sh run --name "$id" -- "$@" "${common[@]}" -o "$OUT/$name" \
		>"$OUT/$name.log" 2>&1 || echo "note: $name exit status $?" >&2
	t1=$(date +%s.%N)
	echo "$t1 $t0" | awk '{ printf "%.1f\n", $1 - $2 }' >"$OUT/$name.wall"
}

# trialsec NAME: trials and their trial-seconds in OUT/NAME/trials.csv,
# each trial's planned frames over its rate (trials.csv's duration_s is
# rounded up to whole seconds: a 1.732 s trial would count 2)
trialsec() {
	paste -d' ' <(csv_col "$OUT/$1/trials.csv" fwd_planned all) \
		<(csv_col "$OUT/$1/trials.csv" rate_fps all) |
		awk '{ n++; if ($2 > 0) s += $1 / $2 } END { printf "%d %.1f\n", n, s }'
}

# stats: median and coefficient of variation of the numbers on stdin
stats() {
	python3 -c '
import statistics, sys
v = [float(x) for x in sys.stdin.read().split()]
if len(v) < 2 or statistics.mean(v) == 0:
    print("n=%d (too few)" % len(v)); sys.exit()
print("n=%d median %.0f mean %.0f stdev %.1f CV %.5f" % (len(v),
      statistics.median(v), statistics.mean(v), statistics.stdev(v),
      statistics.stdev(v) / statistics.mean(v)))'
}

goal() {	# goal NAME LOSS: {final = sum = D, exceed 0, width 0.5 %}
	echo "name=$1,loss=$2,exceed=0,final=$D,sum=$D,width=0.005,initial=1"
}

if [[ $PARTS == *1* ]]; then
echo "== 1: one MLRsearch {NDR, PDR} vs two binary searches, ${D} s final trials, C = $C fps"
bench mlr mlr --goal "$(goal ndr 0)" --goal "$(goal pdr 0.005)"
bench bin-ndr throughput --duration "$D" --error "$err" --loss-ppm 0 --initial-rate $((C * 2))
bench bin-pdr throughput --duration "$D" --error "$err" --loss-ppm 5000 --initial-rate $((C * 2))
read -r mt ms <<<"$(trialsec mlr)"
read -r nt ns <<<"$(trialsec bin-ndr)"
read -r pt ps <<<"$(trialsec bin-pdr)"
nw=$(cat "$OUT/bin-ndr.wall")
pw=$(cat "$OUT/bin-pdr.wall")
printf '%-28s %7s %13s %8s  %s\n' method trials trial-seconds wall-s results
printf '%-28s %7d %13s %8s  NDR %s PDR %s\n' "MLRsearch {NDR, PDR}" "$mt" "$ms" \
	"$(cat "$OUT/mlr.wall")" "$(csv_col "$OUT/mlr/mlr.csv" rlb_fps 1)" \
	"$(csv_col "$OUT/mlr/mlr.csv" rlb_fps 2)"
printf '%-28s %7d %13s %8s  NDR %s PDR %s\n' "2 binary searches" $((nt + pt)) \
	"$(echo "$ns $ps" | awk '{ print $1 + $2 }')" "$(echo "$nw $pw" | awk '{ print $1 + $2 }')" \
	"$(csv_col "$OUT/bin-ndr/rate.csv" rate 1)" "$(csv_col "$OUT/bin-pdr/rate.csv" rate 1)"
echo "$ms $ns $ps $(cat "$OUT/mlr.wall") $nw $pw" | awk '{ printf "ratio MLR / binary: trial-seconds %.2f, wall %.2f\n",
	$1 / ($2 + $3), $4 / ($5 + $6) }'
fi
[[ $PARTS == *2* ]] || exit 0

echo "== 2: noisy DUT (one frame in $DROP dropped at random), $N searches each"
ip netns exec "$TB_DUT" nft add rule inet dutperf capacity numgen random mod "$DROP" 0 drop ||
	{ echo "mlr_bench.sh: cannot add the random-drop rule" >&2; exit 1; }
bench noisy-mlr mlr --goal ndr --repeat "$N"
bench noisy-bin throughput --duration 1 --error "$err" --loss-ppm 0 \
	--initial-rate $((C * 2)) --repeat "$N"
printf 'MLRsearch NDR (CSIT: 1 s, 21 s sum, exceed 0.5): %s  (%s trial-s, %s s wall)\n' \
	"$(csv_col "$OUT/noisy-mlr/mlr.csv" rlb_fps all | stats)" \
	"$(trialsec noisy-mlr | cut -d' ' -f2)" "$(cat "$OUT/noisy-mlr.wall")"
printf 'RFC 2544 binary search (1 s trials):             %s  (%s trial-s, %s s wall)\n' \
	"$(csv_col "$OUT/noisy-bin/rate.csv" rate all | stats)" \
	"$(trialsec noisy-bin | cut -d' ' -f2)" "$(cat "$OUT/noisy-bin.wall")"
