#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2889 5.1 fully meshed on the four-port bridge (issue 38 part 2):
# mode mesh at a fixed rate (-r) on scripts/testbed.sh up --dut bridge
# --ports 4 --limit-port-fps 3:L (an nftables limit of L frames/s on the
# frames leaving DUT port d3, the 4th port; docs/testbed.md "Four ports").
#  1. R1 = 300 fps a port: port 4 gets 3 x 100 fps, below L: every one of
#     the 12 (source, destination) pairs receives exactly what was sent,
#     and the DUT's own counters agree: dK's RX packets (ip -s link) =
#     what port K sent (test and learning frames), d3's nft pass counter
#     = what port 4 received.
#  2. R2 = 1500 fps a port: port 4 gets 1500 fps, above L: only the three
#     pairs into port 4 lose, the nine others lose nothing; port 4
#     received L x duration + the bucket's burst (the known answer,
#     computed here) within 10 % + 10 frames, and d3's drop counter rose
#     by exactly the frames lost into port 4.
# First, before any EAL: an aging time shorter than learning + trial and
# a gap in the [portK] sections are refused with exit status 2.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

# refused FILE WORDS: mesh --check on FILE exits 2 and says WORDS
refused() {
	"$DUTPERF" -- mesh -c "$1" --check >/dev/null 2>"$WORK/check.err"
	rc=$?
	[ $rc = 2 ] && grep -qF "$2" "$WORK/check.err" ||
		fail "$1: exit status $rc, want 2 with '$2': $(cat "$WORK/check.err")"
}
# 1 s learning wait + 2 s trial + 0.5 s timeout: 4 s, not inside 3
sed 's/^aging_s *=.*/aging_s = 3/' "$SRCDIR/conf/testbed-bridge4.ini" >"$WORK/aging.ini"
refused "$WORK/aging.ini" "[switch] aging_s = 3: learning and trial take 4 s"
sed 's/^aging_s *=.*/aging_s = 0/' "$SRCDIR/conf/testbed-bridge4.ini" >"$WORK/noaging.ini"
refused "$WORK/noaging.ini" "[switch] aging_s is required"
sed 's/^\[port2\]$/[port4]/' "$SRCDIR/conf/testbed-bridge4.ini" >"$WORK/gap.ini"
refused "$WORK/gap.ini" "gap.ini: [port3]: the ports must be consecutive, [port2] is missing"
awk '{ print } /^\[port3\]$/ { print "queues = 2" }' "$SRCDIR/conf/testbed-bridge4.ini" >"$WORK/queues.ini"
refused "$WORK/queues.ini" "mode mesh drives one queue a port from send_lcore / recv_lcore: port 4 has queues 2"
ok "refused with exit status 2: aging_s 3 and 0, [port3] without [port2], queues 2"

L=600 R1=300 R2=1500 D=1
TB_PORTS=4 TB_PORT_LIMITS="3:$L" it_tb_up bridge
ini=$WORK/bridge4.ini
frames_ini "$SRCDIR/conf/testbed-bridge4.ini" "$WORK/frames.ini"
# the bridge learns a source as the frame passes: no wait (CI time)
sed 's/^learning_wait_s *=.*/learning_wait_s = 0/' "$WORK/frames.ini" >"$ini"
grep -q '^learning_wait_s = 0$' "$ini" || fail "no learning_wait_s in $ini"

nft_count() {	# packets of counter $1 of the bridge's table dutperf
	"$TB" dut-exec --name "$TBID" -- nft list counter bridge dutperf "$1" |
		sed -n 's/.*packets \([0-9]*\) .*/\1/p'
}
dut_rx() {	# RX packets of DUT port d$1
	"$TB" dut-exec --name "$TBID" -- cat "/sys/class/net/d$1/statistics/rx_packets"
}
snap() { echo "$(nft_count d3_pass) $(nft_count d3_drop) $(dut_rx 0) $(dut_rx 1) $(dut_rx 2) $(dut_rx 3)"; }

# mesh RATE TAG: one trial; sets out, and b_* / a_* (before / after:
# pass drop rx0..rx3)
mesh() {
	out=$WORK/out.$2
	read -r b_pass b_drop b_rx0 b_rx1 b_rx2 b_rx3 <<<"$(snap)"
	"$TB" run --name "$TBID" -- mesh -c "$ini" -r "$1" -d $D -t 200 -o "$out" \
		>"$WORK/out.log" 2>"$WORK/err.log"
	rc=$?
	cat "$WORK/out.log"
	read -r a_pass a_drop a_rx0 a_rx1 a_rx2 a_rx3 <<<"$(snap)"
	[ -f "$out/pairs.csv" ] || fail "mesh -r $1: no pairs.csv (exit $rc: $(tail -2 "$WORK/err.log"))"
}

# pairs FILE: "src dst sent received lost" lines
pairs() {
	python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["src"], r["dst"], r["sent"], r["received"], r["lost"], r["duplicates"], r["late"])' "$1"
}

# 1. below the limit: everything arrives.  One CI run (of many) saw one
# pair short by 10 of 100 here, not seen again in reruns: such a trial is
# reported with the DUT's counters and made once more, and that one must
# be exact (a lasting defect still fails).
exact_low() {	# TAG: the trial at R1; 0 when every pair is exact
	mesh $R1 "$1"
	[ $rc -eq 0 ] || fail "mesh -r $R1: exit status $rc ($(tail -2 "$WORK/err.log"))"
	pairs "$out/pairs.csv" >"$WORK/p1"
	[ "$(wc -l <"$WORK/p1")" = 12 ] || fail "mesh -r $R1: $(wc -l <"$WORK/p1") pairs, want 12"
	awk -v want=$((R1 * D / 3)) '$3 < want || $3 > want + 1 || $4 != $3 || $5 != 0 || $6 != 0 { bad++ }
		END { exit bad > 0 }' "$WORK/p1"
}
exact_low low || {
	echo "note: mesh -r $R1 not exact (src dst sent received lost dup late): $(tr '\n' ';' <"$WORK/p1") d3_pass +$((a_pass - b_pass)) d3_drop +$((a_drop - b_drop)); made once more"
	exact_low low2
} ||
	fail "mesh -r $R1: a pair not exact: $(tr '\n' ';' <"$WORK/p1") (d3_pass +$((a_pass - b_pass)) d3_drop +$((a_drop - b_drop)); dK rx +$((a_rx0 - b_rx0)) +$((a_rx1 - b_rx1)) +$((a_rx2 - b_rx2)) +$((a_rx3 - b_rx3)); $(tail -3 "$WORK/err.log" | tr '\n' ' '))"
for k in 1 2 3 4; do
	sent=$(col "$out/ports.csv" sent "$k") ls=$(col "$out/ports.csv" learn_sent "$k")
	eval "rx=\$((a_rx$((k - 1)) - b_rx$((k - 1))))"
	# what DUT port d(K-1) received: port K's test and learning frames
	[ "$rx" = $((sent + ls)) ] || fail "mesh -r $R1: d$((k - 1)) received $rx, port $k sent $sent + $ls learning"
done
got4=$(col "$out/ports.csv" received 4) lr4=$(col "$out/ports.csv" learn_rx 4)
[ $((a_pass - b_pass)) = $((got4 + lr4)) ] && [ $((a_drop - b_drop)) = 0 ] ||
	fail "mesh -r $R1: d3_pass +$((a_pass - b_pass)) d3_drop +$((a_drop - b_drop)), port 4 received $got4 + $lr4 learning"
expect_equal "mesh -r $R1: status" "$(col "$out/ports.csv" status 1)" pass
ok "$R1 fps a port: 12 pairs exact ($((R1 * D / 3)) each), dK rx = sent, d3_pass = received"

# 2. above the limit of port 4: its three pairs lose, the others do not
mesh $R2 high
[ $rc -eq 3 ] || [ $rc -eq 0 ] || fail "mesh -r $R2: exit status $rc ($(tail -2 "$WORK/err.log"))"
pairs "$out/pairs.csv" >"$WORK/p2"
cat "$WORK/p2"
awk '$2 != 4 && ($4 != $3 || $5 != 0) { bad++ } $2 == 4 && $5 == 0 { bad++ }
	END { exit bad > 0 }' "$WORK/p2" || fail "mesh -r $R2: loss not only into port 4"
into4=$(awk '$2 == 4 { n += $4 } END { print n }' "$WORK/p2")
lost4=$(awk '$2 == 4 { n += $5 } END { print n }' "$WORK/p2")
exp=$((L * D + $(tb_nft_burst $L)))
[ $((into4 * 10)) -ge $((exp * 9 - 100)) ] && [ $((into4 * 10)) -le $((exp * 11 + 100)) ] ||
	fail "mesh -r $R2: port 4 received $into4, expected $exp (L x duration + burst) within 10 % + 10"
[ $((a_drop - b_drop)) = "$lost4" ] ||
	fail "mesh -r $R2: d3_drop +$((a_drop - b_drop)), $lost4 lost into port 4"
expect_equal "mesh -r $R2: status" "$(col "$out/ports.csv" status 1)" fail
ok "$R2 fps a port: only the 3 pairs into port 4 lose ($lost4; d3_drop +$((a_drop - b_drop))), port 4 received $into4 (known $exp)"
it_tb_down
