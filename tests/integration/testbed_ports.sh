#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Self-test of scripts/testbed.sh --ports 4 without dutperf (docs/testbed.md
# "Four ports"): on the four-port router and bridge, frames hand-built by
# tests/tools/rawpkt.py (mesh: all ports in one process) from each tester
# port reach each other port, IPv4
# and IPv6, each exactly once; an egress limit on one DUT port
# (--limit-port-fps 2:400) passes about limit * time + bucket frames there
# and nothing less on the unlimited port beside it, and its counters
# d2_pass / d2_drop are the frames received and lost; on the bridge,
# --fdb-max 8 caps the learnt addresses at exactly 8 although 16 sources
# sent; `run` gives dutperf all four ports; `down` leaves nothing behind.
# Needs root; exit 77 (skip) otherwise.  Env: SRCDIR (BUILDDIR unused).
# shellcheck disable=SC2154  # fdb_*, tN_matched, elapsed_s: set by eval of tool output
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRCDIR/scripts/lib.sh"
TB=$SRCDIR/scripts/testbed.sh
RAW=$SRCDIR/tests/tools/rawpkt.py

fail() { echo "FAIL: $*" >&2; exit 1; }

# Usage errors: exit status 2 before anything is built.
for bad in "--ports 5" "--ports 1" "--dut siit --ports 4" "--ports 4 --limit-port-fps 4:100" \
	"--limit-port-fps 2:100" "--ports 3 --limit-port-fps 1:0" \
	"--ports 4 --limit-port-fps 1:10 --limit-port-fps 1:20" "--fdb-max 8" \
	"--dut bridge --fdb-max 0" "--dut ovs --limit-port-fps 1:10"; do
	# shellcheck disable=SC2086
	"$TB" up $bad >/dev/null 2>"${TMPDIR:-/tmp}/tbports.$$"
	rc=$?
	[ $rc = 2 ] || fail "up $bad: exit status $rc, not 2"
	[ -s "${TMPDIR:-/tmp}/tbports.$$" ] || fail "up $bad: no message"
done
rm -f "${TMPDIR:-/tmp}/tbports.$$"
echo "usage errors: exit status 2 with a message"

[ "$(id -u)" = 0 ] || { echo "skipped: needs root"; exit 77; }
for t in ip nft ethtool bridge python3; do
	command -v "$t" >/dev/null || { echo "skipped: no $t"; exit 77; }
done

tmp=$(mktemp -d)
ids=""
cleanup() {
	local i
	for i in $ids; do "$TB" down --name "$i" >/dev/null 2>&1; done
	rm -rf "$tmp"
}
trap cleanup EXIT

mac() { tb_port_mac "$@"; }	# K t|d
ip4() { echo "198.$((18 + $1)).0.2"; }	# the tester's address on port K
ip6() { if [ "$1" = 0 ]; then echo 2001:db8::2; else echo "2001:db8:$1::2"; fi; }
key() { echo "from_$1" | tr '.:' '__'; }	# rawpkt recv --by-src's name

# frames KIND: in hex, $tmp/mesh.K: one IPv4 and one IPv6 UDP frame from
# tester port K to each other port: to the DUT port's MAC (router) or the
# destination tester port's (bridge; first a frame to d0's MAC, the
# bridge's own: not forwarded, but tK's MAC is learnt, so that no frame
# after it is flooded); $tmp/lim: IPv4 from t0 to t2 and t3; $tmp/fdb: 12 frames from 12 source MACs to d0's.
frames() {
	python3 - "$1" "$tmp" "$SRCDIR/tests/tools" <<-'PY' || fail "cannot build frames"
	import sys
	sys.path.insert(0, sys.argv[3])
	import rawpkt
	def mac(k, side):
	    return "02:00:00:00:%02x:%s0" % (k, "1" if side == "t" else "2")
	bridge = sys.argv[1] == "bridge"
	with open("%s/fdb" % sys.argv[2], "w") as f:
	    for i in range(12):
	        f.write(rawpkt.udp_frame("02:00:00:aa:00:%02x" % i, mac(0, "d"), "198.19.0.2",
	                                 "198.18.0.1", 49184, 9, 64, 0).hex() + "\n")
	with open("%s/lim" % sys.argv[2], "w") as f:
	    for j in (2, 3):
	        f.write(rawpkt.udp_frame(mac(0, "t"), mac(j, "t") if bridge else mac(0, "d"),
	                                 "198.18.0.2", "198.%d.0.2" % (18 + j), 49184, 7, 64,
	                                 0).hex() + "\n")
	for k in range(4):
	    with open("%s/mesh.%d" % (sys.argv[2], k), "w") as f:
	        if bridge:
	            f.write(rawpkt.udp_frame(mac(k, "t"), mac(0, "d"), "198.%d.0.2" % (18 + k),
	                                     "198.18.0.1", 49184, 9, 64, 0).hex() + "\n")
	        for j in range(4):
	            if j == k:
	                continue
	            dmac = mac(j, "t") if bridge else mac(k, "d")
	            for s, d, b in (("198.%d.0.2" % (18 + k), "198.%d.0.2" % (18 + j), 64),
	                            ("2001:db8:%d::2" % k, "2001:db8:%d::2" % j, 78)):
	                f.write(rawpkt.udp_frame(mac(k, "t"), dmac, s, d, 49184, 7, b, 0).hex() + "\n")
	PY
}

# mesh ARGS...: rawpkt.py mesh in the tester namespace; output in $tmp/mesh.out.
mesh() {
	"$TB" exec --name "$id" -- python3 "$RAW" mesh "$@" >"$tmp/mesh.out" ||
		fail "rawpkt mesh $* failed"
}

# brfdb: fdb_max_learned and fdb_n_learned of the bridge, read over netlink.
brfdb() {
	local out
	out=$("$TB" dut-exec --name "$id" -- python3 "$SRCDIR/tests/tools/brfdbmax.py" get br0) ||
		fail "brfdbmax.py get br0 failed"
	eval "$out"
}

# nft_count NAME: the packets of counter NAME of table dutperf.
nft_count() {
	local fam=inet
	[ "$kind" = bridge ] && fam=bridge
	"$TB" dut-exec --name "$id" -- nft list counter $fam dutperf "$1" |
		sed -n 's/.*packets \([0-9]*\) .*/\1/p'
}

down() {	# down removes everything, twice
	"$TB" down --name "$id" || fail "down $id failed"
	"$TB" down --name "$id" || fail "second down $id failed (must be idempotent)"
	ip netns list | grep -q "dpt-$id-" && fail "a namespace of $id left behind"
	[ -e "/run/dutperf-testbed/$id" ] && fail "state dir of $id left behind"
	ids=${ids/ $id/}
}

for kind in router bridge; do
	extra=""
	frames "$kind"
	[ "$kind" = bridge ] && extra="--fdb-max 8"
	# shellcheck disable=SC2086
	id=$("$TB" up --dut $kind --ports 4 --limit-port-fps 2:400 $extra) ||
		fail "up --dut $kind --ports 4 failed"
	ids="$ids $id"
	echo "$kind ($id), 4 ports, d2 limited to 400 fps:"

	# run: dutperf gets the four ports
	printf '#!/bin/sh\necho "$@"\n' >"$tmp/fake-dutperf"
	chmod +x "$tmp/fake-dutperf"
	args=$(DUTPERF=$tmp/fake-dutperf "$TB" run --name "$id" -- trial 2>/dev/null) ||
		fail "run failed"
	for k in 0 1 2 3; do
		grep -q -- "--vdev=net_af_packet$k,iface=t$k,framecnt=4096 " <<<"$args" ||
			fail "run gave no port $k: $args"
	done
	grep -q net_af_packet4 <<<"$args" && fail "run gave a fifth port: $args"

	# 1. Mesh: two frames (IPv4, IPv6) from each port to each other.
	mesh --send t0="$tmp/mesh.0" --send t1="$tmp/mesh.1" --send t2="$tmp/mesh.2" \
		--send t3="$tmp/mesh.3" --recv t0 --recv t1 --recv t2 --recv t3 \
		--count "$(grep -c . "$tmp/mesh.0")" --rate 200 --linger 0.2
	want="" got=""
	for j in 0 1 2 3; do
		want="$want t${j}_matched=6 t${j}_bad_csum=0"
		for k in 0 1 2 3; do
			[ "$k" = "$j" ] || want="$want t${j}_$(key "$(ip4 $k)")=1 t${j}_$(key "$(ip6 $k)")=1"
		done
	done
	want=$(tr ' ' '\n' <<<"$want" | grep . | sort)
	got=$(tr ' ' '\n' <"$tmp/mesh.out" | grep '^t' | sort)
	[ "$want" = "$got" ] || fail "$kind mesh: $(diff <(echo "$want") <(echo "$got") | grep '^[<>]' | tr '\n' ' ')"
	echo "  mesh: each port received one IPv4 and one IPv6 frame from each other port"

	if [ "$kind" = bridge ]; then
		brfdb
		[ "$fdb_max_learned" = 8 ] && [ "$fdb_n_learned" = 4 ] ||
			fail "fdb_max_learned $fdb_max_learned (set 8), fdb_n_learned $fdb_n_learned (4 ports)"
	fi

	# 2. The egress limit of d2: 800 frames from t0 at 2000 fps, every
	# other one to t2 (limited) and t3 (not).  Bridge: meanwhile t1 sends
	# from 12 new source MACs to d0's (not forwarded; for 3.).
	p0=$(nft_count d2_pass) d0=$(nft_count d2_drop)
	fdb=""
	[ "$kind" = bridge ] && fdb="--send t1=$tmp/fdb"
	# shellcheck disable=SC2086
	mesh --send t0="$tmp/lim" $fdb --recv t2 --recv t3 --count 800 --rate 2000 --linger 0.2
	eval "$(cat "$tmp/mesh.out")"
	[ "$t3_matched" = 400 ] || fail "$kind: t3 (no limit) received $t3_matched of 400"
	matched=$t2_matched
	exp=$(awk "BEGIN { printf \"%d\", 400 * $elapsed_s + $(tb_nft_burst 400) + 0.5 }")
	[ $((matched * 10)) -ge $((exp * 6)) ] && [ $((matched * 10)) -le $((exp * 14 + 100)) ] &&
		[ "$matched" -lt 360 ] || fail "$kind: t2 (400 fps) received $matched of 400, expected about $exp"
	pass=$(($(nft_count d2_pass) - p0)) drop=$(($(nft_count d2_drop) - d0))
	[ "$pass" = "$matched" ] && [ "$drop" = $((400 - matched)) ] ||
		fail "$kind: counters d2_pass +$pass, d2_drop +$drop; t2 received $matched of 400"
	echo "  limit d2 400 fps: t2 received $matched of 400 in ${elapsed_s}s (about $exp)," \
		"t3 all 400; d2_pass +$pass, d2_drop +$drop"

	if [ "$kind" = bridge ]; then
		# 3. fdb_max_learned 8: 4 tester MACs were learnt; 12 more
		# sources (N + k = 16) leave exactly 8 learnt entries.
		brfdb
		n=$("$TB" dut-exec --name "$id" -- bridge fdb show br br0 dynamic | grep -c .)
		[ "$fdb_n_learned" = 8 ] && [ "$n" = 8 ] ||
			fail "fdb_max_learned 8: fdb_n_learned $fdb_n_learned, bridge fdb show $n entries"
		"$TB" dut-exec --name "$id" -- bridge fdb show br br0 dynamic | grep -q "^$(mac 3 t) " ||
			fail "t3's MAC no longer learnt"
		echo "  fdb_max_learned 8: 16 sources, 8 entries learnt (fdb_n_learned, bridge fdb show)"
	fi

	down
done
echo "testbed ports self-test passed"
