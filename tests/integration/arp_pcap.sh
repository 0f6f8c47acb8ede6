#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# ARP and Neighbor Discovery frames of arp.c checked by an independent
# dissector: test_arp writes arp_nd.pcap (the DUT's ARP request and NS, the
# tester's ARP reply and solicited NA, the tester's own NS, a DUT's NA, an
# unsolicited NA and an ARP announcement); tshark must read every NS / NA
# with a good ICMPv6 checksum, the flags, targets and link-layer options
# and the ARP operations and addresses the test built them with.
# Env: BUILDDIR (meson build dir).
set -euo pipefail

BUILDDIR=${BUILDDIR:?BUILDDIR not set}
bin=$BUILDDIR/tests/unit/test_arp
command -v tshark >/dev/null 2>&1 || {
	echo "arp_pcap: tshark not found (apt-get install tshark)" >&2
	exit 1
}
[ -x "$bin" ] || { echo "arp_pcap: $bin not built" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
DUTPERF_PCAP_DIR=$tmp "$bin" >"$tmp/test_arp.log" 2>&1 || {
	cat "$tmp/test_arp.log" >&2
	echo "arp_pcap: test_arp failed" >&2
	exit 1
}
pcap=$tmp/arp_nd.pcap
fields() {
	tshark -n -r "$pcap" -T fields -E separator=, "$@" 2>/dev/null
}

# one line per frame: ARP op, sender, target, or ICMPv6 type, checksum
# status, NS or NA target, link-layer option, NA flags (S, O)
got=$(fields -e arp.opcode -e arp.src.proto_ipv4 -e arp.dst.proto_ipv4 \
	-e arp.src.hw_mac -e icmpv6.type -e icmpv6.checksum.status \
	-e icmpv6.nd.ns.target_address -e icmpv6.nd.na.target_address \
	-e icmpv6.opt.linkaddr -e icmpv6.nd.na.flag.s -e icmpv6.nd.na.flag.o)
want='1,198.18.0.1,198.18.0.2,02:00:00:00:00:20,,,,,,,
2,198.18.0.2,198.18.0.1,02:00:00:00:00:10,,,,,,,
,,,,135,1,2001:db8::2,,02:00:00:00:00:20,,
,,,,136,1,,2001:db8::2,02:00:00:00:00:10,1,1
,,,,135,1,2001:db8::1,,02:00:00:00:00:10,,
,,,,136,1,,2001:db8::1,02:00:00:00:00:20,1,1
,,,,136,1,,2001:db8::2,02:00:00:00:00:10,0,1
1,198.18.0.2,198.18.0.2,02:00:00:00:00:10,,,,,,,'
echo "$got"
if [ "$got" != "$want" ]; then
	echo "arp_pcap: tshark read other frames than built; wanted:" >&2
	echo "$want" >&2
	exit 1
fi
# nothing malformed or with a bad checksum by tshark's expert info
bad=$(tshark -n -r "$pcap" -Y '_ws.malformed || _ws.expert.severity >= "warning" || icmpv6.checksum.status != 1' 2>/dev/null | wc -l)
[ "$bad" -eq 0 ] || { echo "arp_pcap: $bad frames malformed or with a bad checksum" >&2; exit 1; }
echo "arp_pcap: ok (8 frames, 5 NS / NA with good ICMPv6 checksums)"
