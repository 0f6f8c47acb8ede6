#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Golden frames of every RFC 6985 letter, built independently: test_imix
# writes pcaps of mixes (IPv4 "abcdefg", IPv6 with the 78-byte compact
# stamp, SIIT from either side, IPv4 with RFC 8219 5.3 background frames,
# RFC 6985 6.2's table in a 6.5 pseudorandom order)
# and their .spec files; tests/tools/imix_golden.py rebuilds every frame
# from scratch with struct (checksums its own) and must find each byte
# for byte, in the genome's order; tshark must find every IPv4 and UDP
# checksum good.  No root, no testbed.
set -euo pipefail

BUILDDIR=${BUILDDIR:?BUILDDIR not set}
SRCDIR=${SRCDIR:?SRCDIR not set}
bin=$BUILDDIR/tests/unit/test_imix
command -v tshark >/dev/null || { echo "FAIL: tshark missing" >&2; exit 1; }
[ -x "$bin" ] || { echo "FAIL: $bin not built" >&2; exit 1; }

tmp=$(mktemp -d /tmp/dpt-imixg.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

DUTPERF_PCAP_DIR=$tmp "$bin" >"$tmp/test_imix.log" 2>&1 || {
	cat "$tmp/test_imix.log" >&2
	echo "FAIL: test_imix" >&2
	exit 1
}
n=$(ls "$tmp"/imix_*.pcap | wc -l)
[ "$n" -eq 6 ] || { echo "FAIL: $n pcaps, want 6" >&2; exit 1; }
python3 "$SRCDIR/tests/tools/imix_golden.py" "$tmp"
for pcap in "$tmp"/imix_*.pcap; do
	topts=(-n -r "$pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE)
	total=$(tshark "${topts[@]}" 2>/dev/null | wc -l)
	good=$(tshark "${topts[@]}" -Y 'udp.checksum.status == "Good" && !(ip.checksum.status == "Bad")' 2>/dev/null | wc -l)
	want=$(awk '$1 == "frames" { print $2 }' "${pcap%.pcap}.spec")
	echo "$(basename "$pcap"): $total frames, $good with good checksums (want $want)"
	[ "$total" -eq "$want" ] && [ "$good" -eq "$want" ] ||
		{ echo "FAIL: $(basename "$pcap")" >&2; exit 1; }
done
echo "ok: golden frames of every letter, checksums good"
