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
# Paths (CONF, OUTDIR, any in the dutperf options) are relative to the
# directory batch.sh is started from; OUTDIR defaults to results/batch.
# Every size and direction is checked (dutperf --check) before the first
# search.  Exit status: 0 every search gave a measured result, 1 some run
# failed, 2 usage or configuration error (nothing run), 3 no run failed but
# some gave no valid DUT result (dutperf exit status 3); a summary of what
# failed ends the output.
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
. "$SRCDIR/scripts/lib.sh"

conf="" sizes="64" dirs="b" repeat=20 out=results/batch tb="" eal=""
while [ $# -gt 0 ]; do
	case $1 in
	-c|--sizes|--dirs|--repeat|-o|--testbed|--eal)
		[ $# -ge 2 ] || die_usage "$1 needs a value (see --help)" ;;&
	-c) conf=$2; shift ;;
	--sizes) sizes=$2; shift ;;
	--dirs) dirs=$2; shift ;;
	--repeat) repeat=$2; shift ;;
	-o) out=$2; shift ;;
	--testbed) tb=$2; shift ;;
	--eal) eal=$2; shift ;;
	--) shift; break ;;
	-h|--help) sed -n '3,19s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die_usage "unknown option '$1' (see --help)" ;;
	esac
	shift
done
[ -n "$conf" ] || die_usage "-c CONF is required"
[ -n "${sizes// /}" ] || die_usage "--sizes: no frame size given"
[ -n "${dirs// /}" ] || die_usage "--dirs: no direction given"
[[ $repeat =~ ^[1-9][0-9]{0,5}$ ]] || die_usage "--repeat needs a positive number, not '$repeat'"
[ -n "$tb" ] && [ -n "$eal" ] && die_usage "--testbed and --eal exclude each other"
bin=${DUTPERF:-$SRCDIR/build/src/dpdk/dutperf}

# search SIZE DIR ARGS...: dutperf throughput for SIZE and DIR into
# $out/SIZE-DIR with ARGS added; dutperf's exit status.
search() {
	local size=$1 dir=$2
	shift 2
	if [ -n "$tb" ]; then
		"$SRCDIR/scripts/testbed.sh" run --name "$tb" -- throughput -c "$conf" \
			--size "$size" --direction "$dir" --repeat "$repeat" \
			-o "$out/$size-$dir" "$@"
	else
		# shellcheck disable=SC2086
		"$bin" $eal -- throughput -c "$conf" --size "$size" \
			--direction "$dir" --repeat "$repeat" -o "$out/$size-$dir" "$@"
	fi
}

# Every combination first: a bad size late in the list must not wait for
# the searches before it.  Only the error lines are shown.
for size in $sizes; do
	[[ $size =~ ^[1-9][0-9]{1,4}$ ]] || die_usage "--sizes: '$size' is not a frame size in bytes"
done
for size in $sizes; do
	for dir in $dirs; do
		msg=$(search "$size" "$dir" "$@" --check 2>&1 >/dev/null) ||
			die_usage "size $size, direction $dir rejected (nothing run):" \
				"$(grep -v '^+ ' <<<"$msg")"
	done
done

failed=() novalid=() done=0
for size in $sizes; do
	for dir in $dirs; do
		dest=$out/$size-$dir
		note "size $size, direction $dir, $repeat searches -> $dest"
		search "$size" "$dir" "$@"
		rc=$?
		case $rc in
		0) done=$((done + 1)) ;;
		3) novalid+=("$size-$dir") ;;
		*) failed+=("$size-$dir (exit status $rc)") ;;
		esac
		# 128+N: stopped by a signal; stop the series too.
		[ $rc -ge 128 ] && break 2
		[ $rc -eq 0 ] || note "size $size direction $dir: exit status $rc, going on"
	done
done

# The summary is printed even with QUIET set.
say() { echo "batch.sh: $*" >&2; }
total=$(($(wc -w <<<"$sizes") * $(wc -w <<<"$dirs")))
say "summary: $done of $total series gave a measured result (results in $out)"
[ ${#novalid[@]} -eq 0 ] ||
	say "no measured DUT result (a lower bound: the range's top passed or the tester's limit; or no valid result; exit status 3): ${novalid[*]}"
[ ${#failed[@]} -eq 0 ] || say "failed: ${failed[*]}"
[ $rc -ge 128 ] && { say "stopped (exit status $rc); completed rows are in $dest"; exit 1; }
[ ${#failed[@]} -eq 0 ] || exit 1
[ ${#novalid[@]} -eq 0 ] || exit 3
exit 0
