#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Generated test frames checked by an independent dissector: test_frame
# writes pcaps (IPv4, IPv6, SIIT forward and reverse with an n/m mix of
# background frames, IPv6 78-byte frames and IPv4 80-byte ones with IPv6
# background frames of 80 bytes, both with the compact stamp); tshark must find every IPv4 header checksum and UDP
# checksum good, the right number of frames, and every port in range.
# (Payload dissectors on random ports may call frames malformed: that is
# not checked, only IP/UDP checksums, counts and ports.)
# Env: BUILDDIR (meson build dir), SRCDIR (unused, for symmetry).
set -euo pipefail

BUILDDIR=${BUILDDIR:?BUILDDIR not set}
bin=$BUILDDIR/tests/unit/test_frame

if ! command -v tshark >/dev/null 2>&1; then
	echo "frames_pcap: tshark not found (apt-get install tshark)" >&2
	exit 1
fi
if [ ! -x "$bin" ]; then
	echo "frames_pcap: $bin not built" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

DUTPERF_PCAP_DIR=$tmp "$bin" >"$tmp/test_frame.log" 2>&1 || {
	cat "$tmp/test_frame.log" >&2
	echo "frames_pcap: test_frame failed" >&2
	exit 1
}

fail=0
n=0
for pcap in "$tmp"/*.pcap; do
	name=$(basename "$pcap" .pcap)
	ranges=$tmp/$name.ranges
	read -r _ want < <(grep '^frames ' "$ranges")
	read -r _ smin smax < <(grep '^sport ' "$ranges")
	read -r _ dmin dmax < <(grep '^dport ' "$ranges")
	topts=(-n -r "$pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE)

	total=$(tshark "${topts[@]}" 2>/dev/null | wc -l)
	bad=$(tshark "${topts[@]}" -Y 'ip.checksum.status == "Bad" || udp.checksum.status == "Bad" || udp.checksum.status == "Unverified" || !udp' 2>/dev/null | wc -l)
	good_udp=$(tshark "${topts[@]}" -Y 'udp.checksum.status == "Good"' 2>/dev/null | wc -l)
	outside=$(tshark "${topts[@]}" -T fields -e udp.srcport -e udp.dstport 2>/dev/null |
		awk -v a="$smin" -v b="$smax" -v c="$dmin" -v d="$dmax" \
			'$1 < a || $1 > b || $2 < c || $2 > d { n++ } END { print n + 0 }')
	echo "$name: $total frames (want $want), $good_udp good UDP checksums, $bad bad, $outside ports outside sport $smin-$smax dport $dmin-$dmax"
	if [ "$total" -ne "$want" ] || [ "$good_udp" -ne "$want" ] ||
	   [ "$bad" -ne 0 ] || [ "$outside" -ne 0 ]; then
		fail=1
	fi
	n=$((n + 1))
done
if [ "$n" -ne 6 ]; then
	echo "frames_pcap: expected 6 pcaps, got $n" >&2
	fail=1
fi
[ "$fail" -eq 0 ] && echo "frames_pcap: ok"
exit "$fail"
