#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Wall time of one campaign against the same work as separate dutperf runs
# (one process, one EAL start and port set-up each), on a testbed:
#
#   DUTPERF=build/src/dpdk/dutperf bench/campaign_walltime.sh --testbed ID \
#       -c CAMPAIGN.INI [-o OUTDIR]
#
# CAMPAIGN.INI: a [campaign] of throughput, latency, loss and b2b (the
# tests a chain by hand takes the throughput into).  The separate runs
# chain by hand what the campaign carries: per size a throughput search,
# then latency at its rate (--rate), the loss sweep over the same rates
# the campaign chose (--rates, read from its item's trials), b2b with
# --throughput.  Prints both wall times and the trials each ran.
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
TB=$SRCDIR/scripts/testbed.sh
tb="" conf="" out=/tmp/campaign-walltime
while [ $# -gt 0 ]; do
	case $1 in
	--testbed) tb=$2; shift ;;
	-c) conf=$2; shift ;;
	-o) out=$2; shift ;;
	-h|--help) sed -n '3,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
[ -n "$tb" ] && [ -n "$conf" ] || { echo "--testbed and -c needed" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
run() { "$TB" run --name "$tb" -- "$@" -q >/dev/null 2>>"$out/err.log"; }
trials() { cat "$@" | grep -vc '^start,'; }

t0=$(date +%s.%N)
run campaign -c "$conf" -o "$out/campaign"
t1=$(date +%s.%N)
camp_trials=$(trials "$out"/campaign/*/trials.csv)

sizes=$(python3 -c 'import json,sys; print(" ".join(str(s) for s in json.load(open(sys.argv[1]))["sizes"]))' \
	"$out/campaign/campaign.json")
t2=$(date +%s.%N)
for s in $sizes; do
	d=$out/runs/$s
	run throughput -c "$conf" -s "$s" -o "$d/throughput"
	rate=$(python3 -c 'import csv,sys; r=[x for x in csv.DictReader(open(sys.argv[1]), skipinitialspace=True) if x["rate"]]; print(r[-1]["rate"] if r else 0)' \
		"$d/throughput/rate.csv")
	[ "$rate" -gt 0 ] || { echo "size $s: no throughput" >&2; continue; }
	run latency -c "$conf" -s "$s" --rate "$rate" -o "$d/latency"
	rates=$(python3 -c 'import csv,sys; print(",".join(x["rate_fps"] for x in csv.DictReader(open(sys.argv[1]))))' \
		"$(ls -d "$out"/campaign/*-loss-"$s")/trials.csv")
	run loss -c "$conf" -s "$s" --rates "$rates" -o "$d/loss"
	run b2b -c "$conf" -s "$s" --throughput "$rate" -o "$d/b2b"
done
t3=$(date +%s.%N)
runs_trials=$(trials "$out"/runs/*/*/trials.csv)
python3 - "$t0" "$t1" "$t2" "$t3" "$camp_trials" "$runs_trials" <<'PY'
import sys
t0, t1, t2, t3 = map(float, sys.argv[1:5])
print(f"campaign (one process): {t1 - t0:.1f} s, {sys.argv[5]} trials")
print(f"separate runs (one EAL start each): {t3 - t2:.1f} s, {sys.argv[6]} trials")
PY
