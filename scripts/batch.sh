#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Series of throughput searches over frame sizes and directions, each into
# its own results directory OUTDIR/SIZE-DIR (rate.csv, trials.csv, run.json).
#
#   scripts/batch.sh -c CONF [--sizes "64 128 ..."] [--dirs "b f r"]
#                    [--repeat N] [-o OUTDIR] [--testbed ID | --eal "EAL OPTIONS"]
#                    [-- MORE DUTPERF OPTIONS]
# Examples:
#   scripts/batch.sh -c my.ini --sizes "64 1518" --repeat 20 \
#       --eal "-l 0-3 -a 0000:03:00.0 -a 0000:03:00.1"
#   scripts/batch.sh -c conf/testbed-ipv4.ini --testbed ID --sizes "64 512"
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

conf="" sizes="64" dirs="b" repeat=20 out=results/batch tb="" eal=""
while [ $# -gt 0 ]; do
	case $1 in
	-c) conf=$2; shift ;;
	--sizes) sizes=$2; shift ;;
	--dirs) dirs=$2; shift ;;
	--repeat) repeat=$2; shift ;;
	-o) out=$2; shift ;;
	--testbed) tb=$2; shift ;;
	--eal) eal=$2; shift ;;
	--) shift; break ;;
	-h|--help) sed -n '3,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1' (see --help)" ;;
	esac
	shift
done
[ -n "$conf" ] || die "-c CONF is required"
bin=${DUTPERF:-build/src/dpdk/dutperf}

for size in $sizes; do
	for dir in $dirs; do
		dest=$out/$size-$dir
		note "size $size, direction $dir, $repeat searches -> $dest"
		if [ -n "$tb" ]; then
			scripts/testbed.sh run --name "$tb" -- throughput -c "$conf" \
				--size "$size" --direction "$dir" --repeat "$repeat" \
				-o "$dest" "$@"
		else
			# shellcheck disable=SC2086
			"$bin" $eal -- throughput -c "$conf" --size "$size" \
				--direction "$dir" --repeat "$repeat" -o "$dest" "$@"
		fi
		rc=$?
		# 128+N: stopped by a signal; stop the series too.
		[ $rc -ge 128 ] && die "stopped (exit status $rc); completed rows are in $dest"
		[ $rc -eq 0 ] || note "size $size direction $dir failed (exit status $rc), going on"
	done
done
