#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Open vSwitch as the DUT (issue 35; testbed.sh --dut ovs): bridge br0 of
# ovs-vswitchd's userspace datapath over d0 and d1, NORMAL action (MAC
# learning), daemons in the testbed's own run directory, and an OpenFlow
# meter of C frames/s per direction (drop band, a bucket of B = C/10
# frames: ovs-vswitchd meters frames when it reads them, and on this
# shared machine it is now and then starved for tens of ms and then reads
# a backlog at once) as the known capacity: a 1 s trial passes up to
# C + B frames/s.  Its datapath counters (ovs-appctl
# dpctl/show -s, [dut] parser ovs) are read before and after every trial:
#  - a forward throughput search with learning frames once per search
#    ([traffic] learning = search: t1's one frame before the first trial
#    only) finds C + B within throughput_capacity.sh's margin (95..103 %);
#    per trial d0 received every frame sent (the DUT's port counter) and
#    d1 sent out exactly what the tester received (the meter's drops are
#    OVS's own), and the upcall loss counter (lookups.lost) is reported;
#  - b2b with 8 flows (datapath flows flushed first: the burst's first
#    frame is an upcall, lookups.missed) on the meter changed to a bucket
#    of B2 = 100 frames (below the ~250 frames ovs-vswitchd's receive
#    socket holds of a line-rate burst) finds that bucket: the longest
#    lossless burst is about B2 frames (RFC 9004 on a token bucket as in
#    b2b_bucket.sh);
#  - down leaves no ovs-vswitchd / ovsdb-server of the testbed running.
# Skipped (77) only when Open vSwitch is not installed here.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
for t in ovsdb-tool ovsdb-server ovs-vswitchd ovs-vsctl ovs-ofctl ovs-appctl; do
	command -v $t >/dev/null ||
		{ echo "skipped: $t missing (apt-get install openvswitch-switch; scripts/lib.sh deps_install)"; exit 77; }
done

C=5000 B=500
TB_NFT_BURST_PKTS=$B it_tb_up ovs $C
X=$((C + B))
grep -q '^KIND=ovs$' "$TB_STATE/state" || fail "testbed state: $(cat "$TB_STATE/state")"
# the daemons: this testbed's database and sockets, not the system's
pids=""
for d in ovsdb-server ovs-vswitchd; do
	pid=$(cat "$TB_STATE/ovs/$d.pid") || fail "no $d pid file in $TB_STATE/ovs"
	expect_equal "$d pid $pid" "$(cat /proc/"$pid"/comm 2>/dev/null)" "$d"
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "$TB_STATE/ovs/" ||
		fail "$d does not run on $TB_STATE/ovs: $(tr '\0' ' ' <"/proc/$pid/cmdline")"
	pids="$pids $pid"
done
ovs() { ip netns exec "$TB_DUT" env $(tb_ovs_env) "$@"; }
ovs ovs-ofctl -O OpenFlow13 dump-meters br0 | grep -q "rate=$C burst_size=$B" ||
	fail "no meter of $C fps: $(ovs ovs-ofctl -O OpenFlow13 dump-meters br0)"
ok "ovsdb-server and ovs-vswitchd (pids$pids) on $TB_STATE/ovs, meter $C fps, bucket $B"

ini=$WORK/ovs.ini
sed -e 's/^direction *=.*/direction = forward/' -e 's/^learning *=.*/learning = search/' \
	-e '/^obs1/d' -e '/^\[dut\]/d' "$SRCDIR/conf/testbed-ovs.ini" >"$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = ovs: ip netns exec $TB_DUT env $(tb_ovs_env) ovs-appctl dpctl/show -s
obs1_parser = ovs
obs1_trials = all
[b2b]
repetitions = 1
min_frames = 80
max_frames = 140
precision_frames = 20
drain_ms = 300
short_drain = 1
EOF
grep -q '^learning = search$' "$ini" && grep -q '^direction = forward$' "$ini" ||
	fail "no learning / direction in $ini"

# check_counters OUT: per trial, from dut.csv: d0 took in every frame
# the tester sent, d1 sent out what the tester received, lookups.lost
# reported; prints the trials' lookups
check_counters() {
	python3 - "$1" <<'EOF' || fail "DUT counters vs the tester's counts ($1)"
import csv, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(out + "/trials.csv")))
d = {}
for r in csv.DictReader(open(out + "/dut.csv")):
    if r["error"].strip('"'):
        sys.exit("observation failed: %s" % r["error"])
    d[(int(r["trial"]), r["counter"])] = int(r["delta"])
bad = 0
for n, t in enumerate(trials, 1):
    sent, rx = int(t["fwd_sent"]), int(t["fwd_received"])
    g = lambda k: d.get((n, k))
    look = (g("lookups.hit") or 0) + (g("lookups.missed") or 0)
    print("trial %d: %s fps sent %d received %d learning %s; d0 rx %s, d1 tx %s, "
          "lookups hit %s missed %s lost %s" % (n, t["rate_fps"], sent, rx,
          t["fwd_learning"], g("d0.rx.packets"), g("d1.tx.packets"),
          g("lookups.hit"), g("lookups.missed"), g("lookups.lost")))
    if g("d0.rx.packets") != sent or g("d1.tx.packets") != rx or \
       g("lookups.lost") is None or look > sent + int(t["fwd_learning"]) or look < rx:
        bad += 1
sys.exit(1 if bad else 0)
EOF
}

# The throughput search.
dut_search throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 4500 --rate-max 6500 --initial-rate 6500 --error 250
grep -E '^search' "$WORK/err.log"
[ $rc -eq 0 ] || fail "search: exit status $rc ($(tail -3 "$WORK/err.log"))"
check_counters "$out"
rate=$(col "$out/rate.csv" rate)
expect_equal "result_kind" "$(col "$out/rate.csv" result_kind)" measured
[ "$rate" -le $((X * 103 / 100)) ] || fail "$rate fps above the meter's $C + $B"
[ "$rate" -ge $((X * 95 / 100)) ] || fail "$rate fps more than 5 % below the meter's $C + $B"
ok "throughput search: $rate fps (meter $C fps, bucket $B: $X fps in a 1 s trial)"
# learning = search: t1's learning frame before the search's first trial
# only (a telemetry trial follows the search: no new search, none there)
learn=$(col "$out/trials.csv" fwd_learning all | tr '\n' ' ')
expect_equal "learning frames per trial" "$learn" "1 $(col "$out/trials.csv" fwd_learning all |
	tail -n +2 | sed 's/.*/0/' | tr '\n' ' ')"
ok "learning = search: frames per trial $learn; the DUT's counters match every trial"

# b2b, 8 flows, from empty datapath flow tables, a bucket of B2 frames.
B2=100
ovs ovs-ofctl -O OpenFlow13 mod-meter br0 \
	"meter=1,pktps,burst,band=type=drop,rate=$C,burst_size=$B2" || fail "mod-meter"
ovs ovs-appctl dpctl/del-flows || fail "dpctl/del-flows"
out=$WORK/b2b
dut b2b -c "$ini" --flows 8 -o "$out" || fail "b2b: exit status $? ($(tail -3 "$WORK/err.log"))"
check_counters "$out"
missed=$(python3 -c 'import csv, sys
print(sum(int(r["delta"]) for r in csv.DictReader(open(sys.argv[1]))
          if r["counter"] == "lookups.missed" and r["trial"] == "1"))' "$out/dut.csv")
[ "$missed" -ge 1 ] || fail "b2b: no upcall in the first trial after del-flows"
L=$(python3 -c 'import csv, sys
print([r for r in csv.DictReader(open(sys.argv[1])) if r["row"] == "repetition"][0]["burst_frames"])' \
	"$out/b2b.csv")
expect_equal "b2b flows" "$(col "$out/b2b.csv" flows 1)" 8
# the bucket, plus what the meter refills during the burst (the burst
# rate seen by OVS is not the sender's: a loose upper bound)
[ "$L" -ge $((B2 * 9 / 10)) ] && [ "$L" -le $((B2 * 13 / 10)) ] ||
	fail "b2b: longest lossless burst $L frames, meter bucket $B2"
ok "b2b, 8 flows: longest lossless burst $L frames (meter bucket $B2), $missed upcall(s) in the first trial"

it_tb_down
for pid in $pids; do
	[ -e "/proc/$pid" ] && fail "pid $pid ($(cat /proc/"$pid"/comm)) left running"
done
ok "down: ovsdb-server and ovs-vswitchd stopped"
