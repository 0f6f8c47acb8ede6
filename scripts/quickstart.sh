#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The first thing to run: installs what is missing (Debian 12, as root),
# builds, brings up the virtual testbed with the Linux kernel as the DUT
# (IPv4 router), runs an RFC 2544 throughput search, prints the result and
# tears the testbed down, also on failure or Ctrl-C.
#
#   scripts/quickstart.sh            short trials (1 s): about a minute
#   scripts/quickstart.sh --rfc      RFC 2544 trials (60 s, 2 s timeout, 5 s settle)
#   scripts/quickstart.sh --ipv6     IPv6 routing instead of IPv4
#   scripts/quickstart.sh --dut siit tayga SIIT (IPv6 left, IPv4 right)
#   --limit-fps N                    the same search against a DUT limited to
#                                    N frames/s per direction (nftables): the
#                                    found value must be close to N
#   -o DIR                           results directory (default results/quickstart)
#   -- OPTIONS                       more dutperf throughput options
# Exit status: 0 the router's throughput was measured, 3 no DUT result (the
# figure is a lower bound set by the tester, or no trial was valid), 1 failure,
# 2 usage error.
set -u
caller=$PWD
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

conf=conf/testbed-ipv4.ini dut=router out=results/quickstart limit=0
dur=1 timeout=500 settle=500 error=5000
while [ $# -gt 0 ]; do
	case $1 in
	--dut|-o|--limit-fps)
		[ $# -ge 2 ] || die_usage "$1 needs a value (see --help)" ;;&
	--rfc) dur=60 timeout=2000 settle=5000 error=1000 ;;
	--ipv6) conf=conf/testbed-ipv6.ini ;;
	--dut) dut=$2; shift
		case $dut in
		router) ;;
		siit) conf=conf/testbed-siit.ini ;;
		*) die_usage "--dut router|siit, not '$dut'" ;;
		esac ;;
	--limit-fps) limit=$2; shift
		[[ $limit =~ ^[1-9][0-9]{3,8}$ ]] ||
			die_usage "--limit-fps needs frames/s (1000 or more), not '$limit'" ;;
	-o) out=$2; shift
		[[ $out = /* ]] || out=$caller/$out ;;
	--) shift; break ;;
	-h|--help) sed -n '3,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die_usage "unknown option '$1' (see --help)" ;;
	esac
	shift
done
[ "$(id -u)" = 0 ] || die "run as root (network namespaces, DPDK)"
if [ "$limit" -gt 0 ]; then
	# A known answer: 1 % precision, and trials long enough that the
	# limit's token bucket (N/50 frames: scripts/lib.sh tb_nft_burst) lets
	# at most N * (1 + 1 %) pass (docs/testbed.md).
	error=$((limit / 100))
	[ "$dur" -ge 2 ] || dur=2
fi

deps_install
build_tree build
tbargs=(--dut "$dut")
[ "$limit" -gt 0 ] && tbargs+=(--limit-fps "$limit")
note "bringing up the virtual testbed (${tbargs[*]})"
id=$(scripts/testbed.sh up "${tbargs[@]}") || die "testbed up failed"
cleanup() { scripts/testbed.sh down --name "$id" >/dev/null 2>&1; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# The search: 10 kfps .. 1 Mfps per direction, both directions at once.
scripts/testbed.sh run --name "$id" -- throughput -c "$conf" -o "$out" \
	--rate-min 10000 --rate-max 1000000 --initial-rate 1000000 \
	--duration "$dur" --timeout "$timeout" --settle "$settle" --error "$error" \
	--max-retries 1 "$@"
rc=$?
# 3: the search ended without a DUT result (dutperf's documented status).
[ $rc -eq 0 ] || [ $rc -eq 3 ] || die "dutperf failed (exit status $rc)"
rate=$(csv_col "$out/rate.csv" rate) || die "no result in $out/rate.csv"
# The kind of result, by column name; a dutperf without the column: unknown.
kind=$(csv_col "$out/rate.csv" result_kind 2>/dev/null) || kind=unknown
[ "$kind" = unknown ] && [ $rc -eq 3 ] && kind=lower_bound_or_none

case $dut in
siit) what="tayga SIIT (stateless NAT64) on Linux" ;;
*) what="Linux router" ;;
esac
[ "$limit" -gt 0 ] && what="$what (limited to $limit frames/s per direction by nftables)"
echo
case $kind in
measured)
	echo "Throughput of the $what on this machine: $rate frames/s per direction"
	echo "(RFC 2544 binary search: the highest rate with zero loss; the rates above it lost frames)."
	[ "$limit" -gt 0 ] ||
		echo "The router and the tester share this machine's CPUs (docs/testbed.md): frames may also be lost on the tester's side."
	;;
lower_bound|lower_bound_or_none)
	echo "Throughput of the $what on this machine: at least $rate frames/s per direction."
	echo "This is a LOWER BOUND set by the tester, not the DUT's throughput: the rates above it"
	echo "were invalid (the tester could not offer them on this machine), none lost frames."
	;;
none)
	echo "No throughput of the $what measured: the tester could not carry out a valid"
	echo "trial on this machine (see the column reason in $out/trials.csv)."
	;;
*)
	echo "Throughput of the $what on this machine: $rate frames/s per direction"
	echo "(RFC 2544 binary search, highest rate with zero loss).  Whether the DUT or the"
	echo "tester set it is unknown: this dutperf's rate.csv has no column result_kind"
	echo "(rates above it may only have been invalid: see the column status in trials.csv)."
	;;
esac
if [ "$limit" -gt 0 ] && [ -n "$rate" ]; then
	echo "Found $rate frames/s per direction against a capacity of $limit:" \
		"$(awk -v r="$rate" -v n="$limit" 'BEGIN { printf "%+.2f %%", (r - n) * 100 / n }')."
fi
echo "Results: $out/rate.csv (one row per search), $out/trials.csv (one row per trial), $out/run.json"
exit $rc
