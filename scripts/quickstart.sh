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
#   -o DIR                           results directory (default results/quickstart)
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

conf=conf/testbed-ipv4.ini dut=router out=results/quickstart
args=(--duration 1 --timeout 500 --settle 500 --error 5000 --max-retries 1)
while [ $# -gt 0 ]; do
	case $1 in
	--rfc) args=(--duration 60 --timeout 2000 --settle 5000 --error 1000) ;;
	--ipv6) conf=conf/testbed-ipv6.ini ;;
	--dut) [ $# -ge 2 ] || die "--dut needs router|siit"; dut=$2; shift
		[ "$dut" = siit ] && conf=conf/testbed-siit.ini ;;
	-o) [ $# -ge 2 ] || die "-o needs a directory"; out=$2; shift ;;
	-h|--help) sed -n '3,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1' (see --help)" ;;
	esac
	shift
done
[ "$(id -u)" = 0 ] || die "run as root (network namespaces, DPDK)"

deps_install
build_tree build
note "bringing up the virtual testbed (DUT: $dut)"
id=$(scripts/testbed.sh up --dut "$dut") || die "testbed up failed"
cleanup() { scripts/testbed.sh down --name "$id" >/dev/null 2>&1; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# The search: 10 kfps .. 1 Mfps per direction, both directions at once.
scripts/testbed.sh run --name "$id" -- throughput -c "$conf" -o "$out" \
	--rate-min 10000 --rate-max 1000000 --initial-rate 1000000 "${args[@]}"
rc=$?
[ $rc -eq 0 ] || die "dutperf failed (exit status $rc)"
rate=$(csv_col "$out/rate.csv" rate) || die "no result in $out/rate.csv"
echo
case $dut in
siit) what="tayga SIIT (stateless NAT64) on Linux" ;;
*) what="Linux router" ;;
esac
echo "Throughput of the $what on this machine: $rate frames/s per direction"
echo "(RFC 2544 binary search, highest rate with zero loss)."
echo "Results: $out/rate.csv (one row per search), $out/trials.csv (one row per trial), $out/run.json"
