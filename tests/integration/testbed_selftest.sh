#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Self-test of scripts/testbed.sh without dutperf: for each DUT kind (router,
# bridge, siit) frames hand-built by tests/tools/rawpkt.py must cross the DUT
# in both directions (translated for SIIT), a per-direction nftables capacity
# limit must pass about limit * time frames, and `down` must leave nothing
# behind.  Needs root; exit 77 (skip) otherwise.  Env: SRCDIR (BUILDDIR unused).
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRCDIR/scripts/lib.sh"
TB=$SRCDIR/scripts/testbed.sh
RAW=$SRCDIR/tests/tools/rawpkt.py

fail() { echo "FAIL: $*" >&2; exit 1; }

# --help: exit status 0, and every option the script's argument loop
# accepts is listed.
help=$("$TB" --help) || fail "testbed.sh --help: exit status $?"
"$TB" up --help >/dev/null || fail "testbed.sh up --help: exit status $?"
opts=$(grep -o -- '^	-[-a-z|]*) ' "$TB" | tr -d '\t) ' | tr '|' '\n' | grep -v '^--$' | sort -u)
[ "$(wc -l <<<"$opts")" -ge 8 ] || fail "options not found in $TB: $opts"
for o in $opts; do
	grep -q -- "$o\b" <<<"$help" || fail "testbed.sh --help does not list $o"
done
echo "--help lists $(echo $opts)"

[ "$(id -u)" = 0 ] || { echo "skipped: needs root"; exit 77; }
for t in ip nft tayga ethtool python3; do
	command -v "$t" >/dev/null || { echo "skipped: no $t"; exit 77; }
done

T0=02:00:00:00:00:10 D0=02:00:00:00:00:20	# tester port 0 <-> DUT d0
T1=02:00:00:00:01:10 D1=02:00:00:00:01:20	# tester port 1 <-> DUT d1
tmp=$(mktemp -d)
ids=""
cleanup() {
	local i
	for i in $ids; do "$TB" down --name "$i" >/dev/null 2>&1; done
	rm -rf "$tmp"
}
trap cleanup EXIT

up() {	# ARGS...: bring a testbed up, set $id
	id=$("$TB" up "$@") || fail "testbed.sh up $* failed"
	ids="$ids $id"
	[ -n "$id" ] && [ -e "/run/netns/dpt-$id-tg" ] && [ -e "/run/netns/dpt-$id-dut" ] ||
		fail "up $* printed '$id' but its namespaces do not exist"
	"$TB" list | grep -q "^$id " || fail "list does not show $id"
}

down() {	# check that down removes everything, including tayga
	local pid
	pid=$(cat "/run/dutperf-testbed/$id/tayga.pid" 2>/dev/null)
	"$TB" down --name "$id" || fail "down $id failed"
	"$TB" down --name "$id" || fail "second down $id failed (must be idempotent)"
	for ns in "dpt-$id-tg" "dpt-$id-dut"; do
		ip netns list | grep -qw "$ns" && fail "namespace $ns left behind"
	done
	[ -e "/run/dutperf-testbed/$id" ] && fail "state dir of $id left behind"
	[ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = tayga ] &&
		fail "tayga $pid of $id still runs"
	"$TB" list | grep -q "^$id " && fail "list still shows $id"
	ids=${ids/ $id/}
}

# flow FROM TO SMAC DMAC SRC DST RSRC RDST SIZE COUNT RATE: send COUNT UDP
# frames SRC->DST from tester port FROM at RATE frames/s; count those
# arriving at TO as RSRC->RDST with valid checksums (until all did, or
# 0.5 s after the sender is done: rawpkt.py recv --done).  Sets matched,
# elapsed_s.
flow() {
	local from=$1 to=$2 smac=$3 dmac=$4 src=$5 dst=$6 rsrc=$7 rdst=$8 size=$9
	local count=${10} rate=${11} ready=$tmp/ready.$RANDOM rpid i sent bad_csum
	local over=$tmp/over.$RANDOM
	"$TB" exec --name "$id" -- python3 "$RAW" recv "$to" --count-udp-dport 7 \
		--src "$rsrc" --dst "$rdst" --until "$count" --ready "$ready" \
		--done "$over" --timeout $((count / rate + 3)) >"$tmp/recv.out" &
	rpid=$!
	for i in $(seq 50); do [ -e "$ready" ] && break; sleep 0.1; done
	[ -e "$ready" ] || fail "receiver on $to did not start"
	"$TB" exec --name "$id" -- python3 "$RAW" send "$from" --udp --src-mac "$smac" \
		--dst-mac "$dmac" --src "$src" --dst "$dst" --dport 7 --size "$size" \
		--count "$count" --rate "$rate" >"$tmp/send.out" || fail "rawpkt send failed"
	touch "$over"
	wait "$rpid" || fail "rawpkt recv failed"
	eval "$(cat "$tmp/send.out" "$tmp/recv.out")"
	[ "$sent" = "$count" ] || fail "sent $sent of $count"
	[ "$bad_csum" = 0 ] || fail "$id: $bad_csum frames with bad checksums at $to"
	echo "  $from->$to $src->$dst: $matched of $count in ${elapsed_s}s"
}

# Directions per DUT kind: FROM TO SMAC DMAC SRC DST RSRC RDST SIZE.
dirs() {	# KIND fwd|rev
	case $1-$2 in
	router-fwd) echo t0 t1 $T0 $D0 198.18.0.2 198.19.0.2 198.18.0.2 198.19.0.2 64 ;;
	router-rev) echo t1 t0 $T1 $D1 198.19.0.2 198.18.0.2 198.19.0.2 198.18.0.2 64 ;;
	# A bridge forwards by MAC: frames go to the far tester port's MAC.
	bridge-fwd) echo t0 t1 $T0 $T1 198.18.0.2 198.19.0.2 198.18.0.2 198.19.0.2 64 ;;
	bridge-rev) echo t1 t0 $T1 $T0 198.19.0.2 198.18.0.2 198.19.0.2 198.18.0.2 64 ;;
	# SIIT: IPv6 left, IPv4 right; 198.18.255.2 is the EAM of 2001:db8::2.
	siit-fwd) echo t0 t1 $T0 $D0 2001:db8::2 2001:db8:64::c613:2 198.18.255.2 198.19.0.2 84 ;;
	siit-rev) echo t1 t0 $T1 $D1 198.19.0.2 198.18.255.2 2001:db8:64::c613:2 2001:db8::2 64 ;;
	esac
}

# 1. Unlimited: every frame arrives, both directions.
for kind in router bridge siit; do
	up --dut "$kind"
	echo "$kind ($id):"
	for d in fwd rev; do
		# shellcheck disable=SC2046
		flow $(dirs "$kind" "$d") 200 2000
		[ "$matched" = 200 ] || fail "$kind $d: $matched of 200 frames arrived"
	done
	if [ "$kind" = router ]; then
		# IPv6, and the routes to destination networks 2..256.
		flow t0 t1 $T0 $D0 2001:db8::2 2001:db8:1::2 2001:db8::2 2001:db8:1::2 78 200 2000
		[ "$matched" = 200 ] || fail "router IPv6: $matched of 200"
		flow t0 t1 $T0 $D0 198.18.0.2 198.19.7.2 198.18.0.2 198.19.7.2 64 200 2000
		[ "$matched" = 200 ] || fail "router net 7: $matched of 200"
		flow t1 t0 $T1 $D1 2001:db8:1::2 2001:db8:0:255::2 2001:db8:1::2 2001:db8:0:255::2 78 200 2000
		[ "$matched" = 200 ] || fail "router IPv6 net 255: $matched of 200"
		# Wrong destination MAC: the DUT must drop it (the test can fail).
		flow t0 t1 $T0 02:00:00:00:00:99 198.18.0.2 198.19.0.2 198.18.0.2 198.19.0.2 64 50 2000
		[ "$matched" = 0 ] || fail "router forwarded $matched frames to a wrong MAC"
		# run: the command inside the tester namespace, status passed through.
		cat >"$tmp/fake-dutperf" <<-'FAKE'
		#!/bin/sh
		echo "$@" >"$(dirname "$0")/args"
		ip -o link show t1 >/dev/null || exit 9
		mkdir -p /var/run/dpdk/$(echo "$@" | sed 's/.*--file-prefix=\([^ ]*\).*/\1/')
		exit 3
		FAKE
		chmod +x "$tmp/fake-dutperf"
		DUTPERF=$tmp/fake-dutperf "$TB" run --name "$id" -- trial -c x.ini 2>/dev/null
		rc=$?
		[ "$rc" = 3 ] || fail "run passed exit status $rc, not 3"
		grep -q -- "--file-prefix=dutperf-$id .*iface=t0,framecnt=4096 .*iface=t1.* -- trial -c x.ini" \
			"$tmp/args" || fail "run gave: $(cat "$tmp/args")"
		[ -e "/var/run/dpdk/dutperf-$id" ] && fail "run left /var/run/dpdk/dutperf-$id"
		# A second up with the same name fails and leaves the first intact.
		"$TB" up --name "$id" >/dev/null 2>&1 && fail "up of an existing name succeeded"
		eval "$("$TB" env --name "$id")"
		[ "$TG_NS" = "dpt-$id-tg" ] && [ "$KIND" = router ] || fail "env: $TG_NS $KIND"
		ip netns exec "$DUT_NS" true || fail "the failed up broke testbed $id"
	fi
	down
done

# 2. Capacity limits, different per direction: a token bucket of the limit
# rate and a depth of B frames (scripts/lib.sh tb_nft_burst) passes about
# limit * send time + B frames.  The router's bucket holds 77 frames
# (--limit-burst B, mode b2b's known answer: its rules say so, and 77 more
# frames pass), the others' the default.
for kind in router bridge siit; do
	bopt=""
	[ "$kind" = router ] && bopt="--limit-burst 77"
	# shellcheck disable=SC2086
	up --dut "$kind" --limit-fwd-fps 200 --limit-rev-fps 400 $bopt
	echo "$kind ($id) limited to 200 / 400 fps${bopt:+, $bopt}:"
	if [ -n "$bopt" ]; then
		ip netns exec "dpt-$id-dut" nft list ruleset |
			grep -q 'iifname "d0" limit rate over 200/second burst 77 packets counter name "fwd_drop" drop' ||
			fail "--limit-burst 77: $(ip netns exec "dpt-$id-dut" nft list ruleset)"
	fi
	for d in fwd rev; do
		lim=200
		[ "$d" = rev ] && lim=400
		# shellcheck disable=SC2046
		flow $(dirs "$kind" "$d") 1000 2000
		burst=$(tb_nft_burst $lim)
		[ -n "$bopt" ] && burst=77
		exp=$(python3 -c "print(round($lim * $elapsed_s + $burst))")
		[ "$matched" -ge 50 ] && [ "$matched" -le 600 ] ||
			fail "$kind $d limit $lim: $matched of 1000 (want 5..60 %)"
		[ $((matched * 10)) -ge $((exp * 6)) ] && [ $((matched * 10)) -le $((exp * 14 + 100)) ] ||
			fail "$kind $d limit $lim: $matched frames, expected about $exp"
		# the limit's named counters: what it let through, what it
		# dropped (of the 1000 frames sent; docs/dut.md)
		fam=inet
		[ "$kind" = bridge ] && fam=bridge
		pass=$("$TB" dut-exec --name "$id" -- nft list counter $fam dutperf "${d}_pass" |
			sed -n 's/.*packets \([0-9]*\) .*/\1/p')
		drop=$(TESTBED_ID=$id "$TB" dut-exec -- nft list counter $fam dutperf "${d}_drop" |
			sed -n 's/.*packets \([0-9]*\) .*/\1/p')
		[ "$pass" = "$matched" ] && [ "$drop" = $((1000 - matched)) ] ||
			fail "$kind $d: counters ${d}_pass $pass, ${d}_drop $drop; received $matched of 1000"
	done
	echo "  counters fwd_pass/fwd_drop, rev_pass/rev_drop: the frames received and lost"
	down
done
# 3. --limit-burst B: set on the router above; 0 is refused.
"$TB" up --limit-burst 0 >/dev/null 2>&1 && fail "--limit-burst 0 accepted"
echo "--limit-burst: the bucket's depth as given, 0 refused"
echo "testbed self-test passed"
