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
#    frame is an upcall, lookups.missed) on the meter changed to C2 =
#    1000 frames/s and a bucket of B2 = 100 frames (below the ~250 frames
#    ovs-vswitchd's receive socket holds of a line-rate burst) finds that
#    bucket: the longest lossless burst is about B2 frames (RFC 9004 on a
#    token bucket as in b2b_bucket.sh: B2 / (1 - C2 / burst rate), within
#    30 % of B2 down to a burst rate of 4.5 kfps, which a preempted
#    sender on this machine may fall to);
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
# shellcheck disable=SC2046
ovs() { ip netns exec "$TB_DUT" env $(tb_ovs_env) "$@"; }
ovs ovs-ofctl -O OpenFlow13 dump-meters br0 | grep -q "rate=$C burst_size=$B" ||
	fail "no meter of $C fps: $(ovs ovs-ofctl -O OpenFlow13 dump-meters br0)"
ok "ovsdb-server and ovs-vswitchd (pids$pids) on $TB_STATE/ovs, meter $C fps, bucket $B"

ini=$WORK/ovs.ini
# A sender lag limit of 50 ms: half the bucket's 0.1 s, so a preempted
# sender's catch-up burst (below C on average) still fits the bucket,
# while fewer trials of this loaded machine's tester are invalid.
sed -e 's/^direction *=.*/direction = forward/' -e 's/^learning *=.*/learning = search/' \
	-e 's/^max_lag_us *=.*/max_lag_us = 50000/' \
	-e '/^obs1/d' -e '/^\[dut\]/d' "$SRCDIR/conf/testbed-ovs.ini" >"$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = ovs: ip netns exec $TB_DUT env $(tb_ovs_env) ovs-appctl dpctl/show -s
obs1_parser = ovs
obs1_trials = all
[b2b]
repetitions = 1
min_frames = 80
max_frames = 160
precision_frames = 20
drain_ms = 300
short_drain = 1
EOF
grep -q '^learning = search$' "$ini" && grep -q '^direction = forward$' "$ini" &&
	grep -q '^max_lag_us = 50000$' "$ini" || fail "no learning / direction / max_lag_us in $ini"

# ovs_counts OUT: per trial, from dut.csv: d0 took in every frame the
# tester sent, d1 sent out what the tester received, the lookups are at
# most what entered (sent + learning frames: the receive socket may drop
# some unseen) and at least what left, lookups.lost reported; the trials
# on stderr; on stdout shell assignments (one python start: about 1.5 s
# each on the loaded machine): learn (learning frames per trial),
# missed1 (upcalls of the first trial), rate and kind (rate.csv), L and
# flows (b2b.csv's repetition row)
ovs_counts() {
	python3 - "$1" <<'EOF'
import csv, os, sys
out = sys.argv[1]
rows = lambda f: list(csv.DictReader(open(os.path.join(out, f))))
trials = rows("trials.csv")
d = {}
for r in rows("dut.csv"):
    if r["error"].strip('"'):
        sys.exit("observation failed: %s" % r["error"])
    d[(int(r["trial"]), r["counter"])] = int(r["delta"])
bad = 0
for n, t in enumerate(trials, 1):
    sent, rx, lf = int(t["fwd_sent"]), int(t["fwd_received"]), int(t["fwd_learning"])
    g = lambda k: d.get((n, k))
    look = (g("lookups.hit") or 0) + (g("lookups.missed") or 0)
    print("trial %d: %s fps %s, sent %d received %d late %s stale %s learning %d; d0 rx %s, d1 tx %s, "
          "lookups hit %s missed %s lost %s" % (n, t["rate_fps"], t["status"], sent, rx,
          t["fwd_late"], t["fwd_stale"], lf,
          g("d0.rx.packets"), g("d1.tx.packets"), g("lookups.hit"),
          g("lookups.missed"), g("lookups.lost")), file=sys.stderr)
    if g("d0.rx.packets") != sent or g("d1.tx.packets") != rx or \
       g("lookups.lost") is None or look > sent + lf or look < rx:
        bad += 1
if bad:
    sys.exit("%d trial(s): the DUT's counters differ from the tester's" % bad)
print("learn='%s'" % " ".join(t["fwd_learning"] for t in trials))
print("missed1=%d" % (d.get((1, "lookups.missed")) or 0))
if os.path.exists(os.path.join(out, "rate.csv")):
    r = {k.strip(): v.strip() for k, v in rows("rate.csv")[-1].items()}
    print("rate=%s kind=%s" % (r["rate"], r["result_kind"]))
if os.path.exists(os.path.join(out, "b2b.csv")):
    r = [r for r in rows("b2b.csv") if r["row"] == "repetition"][0]
    print("L=%s flows=%s" % (r["burst_frames"], r["flows"]))
EOF
}

# The throughput search.
dut_search throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 4500 --rate-max 6500 --initial-rate 6500 --error 250
grep -E '^search' "$WORK/err.log"
[ $rc -eq 0 ] || fail "search: exit status $rc ($(tail -3 "$WORK/err.log"))"
counts=$(ovs_counts "$out") || fail "DUT counters vs the tester's counts ($out)"
eval "$counts"
expect_equal "result_kind" "$kind" measured
[ "$rate" -le $((X * 103 / 100)) ] || fail "$rate fps above the meter's $C + $B"
[ "$rate" -ge $((X * 95 / 100)) ] || fail "$rate fps more than 5 % below the meter's $C + $B"
ok "throughput search: $rate fps (meter $C fps, bucket $B: $X fps in a 1 s trial)"
# learning = search: t1's learning frame before the search's first trial
# only
[[ $learn =~ ^1(\ 0)*$ ]] || fail "learning frames per trial: $learn"
ok "learning = search: frames per trial $learn; the DUT's counters match every trial"

# b2b, 8 flows, from empty datapath flow tables, a bucket of B2 frames
# filled at C2 frames/s.
B2=100 C2=1000
ovs ovs-ofctl -O OpenFlow13 mod-meter br0 \
	"meter=1,pktps,burst,band=type=drop,rate=$C2,burst_size=$B2" || fail "mod-meter"
ovs ovs-appctl dpctl/del-flows || fail "dpctl/del-flows"
out=$WORK/b2b
dut b2b -c "$ini" --flows 8 -o "$out" || fail "b2b: exit status $? ($(tail -3 "$WORK/err.log"))"
counts=$(ovs_counts "$out") || fail "DUT counters vs the tester's counts ($out)"
eval "$counts"
[ "$missed1" -ge 1 ] || fail "b2b: no upcall in the first trial after del-flows"
expect_equal "b2b flows" "$flows" 8
# the bucket, plus what the meter refills during the burst (the burst
# rate seen by OVS is not the sender's: a loose bound)
[ "$L" -ge $((B2 * 9 / 10)) ] && [ "$L" -le $((B2 * 13 / 10)) ] ||
	fail "b2b: longest lossless burst $L frames, meter bucket $B2"
ok "b2b, 8 flows: longest lossless burst $L frames (meter bucket $B2), $missed1 upcall(s) in the first trial"

it_tb_down
for pid in $pids; do
	[ -e "/proc/$pid" ] && fail "pid $pid ($(cat /proc/"$pid"/comm)) left running"
done
ok "down: ovsdb-server and ovs-vswitchd stopped"

# A VLAN-aware switch (testbed.sh --vlan 100: d0 and d1 trunks of VLAN 100
# only; this kernel's bridge has no VLAN filtering, Open vSwitch's does):
# both ports tagged VID 100, a 1 s trial both ways is lossless, nothing
# foreign; the right port on VID 101: its frames never cross (OVS drops
# VLAN 101 at d1), and the left port's VLAN 100 frames, flooded in VLAN
# 100 to d1 (t1 never learnt there), reach t1 with a tag not its own:
# every one counted fwd_foreign_vlan, none received (the words that say
# why are vlan_bridge.sh's).
TB_VLAN=100 it_tb_up ovs
ovs ovs-vsctl get port d1 trunks | grep -qx '\[100\]' ||
	fail "d1 trunks: $(ovs ovs-vsctl get port d1 trunks)"
tagged_ini() {	# OUT RIGHT_VID
	sed -e '/^\[left\]$/a vlan = 100' -e "/^\\[right\\]\$/a vlan = $2" \
		-e 's/^learning *=.*/learning = trial/' \
		-e 's/^max_lag_us *=.*/max_lag_us = 50000/' "$SRCDIR/conf/testbed-ovs.ini" >"$1"
	[ "$(grep -c '^vlan = ' "$1")" = 2 ] || fail "no vlan keys in $1"
}
tagged_ini "$WORK/v100.ini" 100
dut trial -c "$WORK/v100.ini" --rate 2000 --duration 1 -o "$WORK/v100" ||
	fail "VLAN 100: exit status $? ($(tail -3 "$WORK/err.log"))"
check_lossless "$WORK/v100/trials.csv" fwd rev
ok "Open vSwitch trunks of VLAN 100, both ports tagged 100: lossless both ways"
tagged_ini "$WORK/v101.ini" 101
# (a failed trial is mode trial's measured result: exit status 0)
dut trial -c "$WORK/v101.ini" --rate 2000 --duration 1 --direction f -o "$WORK/v101" ||
	fail "VLAN 101: exit status $? ($(tail -3 "$WORK/err.log"))"
eval "$(last_row "$WORK/v101/trials.csv")"
expect_equal "VLAN 101: received" "$r_fwd_received" 0
expect_equal "VLAN 101: lost" "$r_fwd_lost" "$r_fwd_sent"
expect_equal "VLAN 101: foreign_vlan" "$r_fwd_foreign_vlan" "$r_fwd_sent"
ok "right port on VLAN 101: 0 of $r_fwd_sent received, all $r_fwd_foreign_vlan counted fwd_foreign_vlan"
it_tb_down
