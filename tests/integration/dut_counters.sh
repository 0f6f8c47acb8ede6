#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# [dut] observations against the DUT's own counters (docs/dut.md), on the
# router testbed with an nftables limit of C frames/s forward:
#  - a throughput search observing every trial with nstat's IpForwDatagrams
#    and the limit's named nft counters, read in the DUT namespace
#    (testbed.sh dut-exec): for every trial (and the telemetry trial) the
#    DUT's IpForwDatagrams rose by the frames the tester sent (the kernel
#    counts a datagram it routes before the forward hook's limit drops
#    it), the limit's pass counter by the tester's received frames and its
#    drop counter by the lost ones, frame for frame;
#  - the telemetry trial after the search: a trials.csv row of phase
#    telemetry at the rate found, rate.csv's result as without it;
#  - a during observation (vmstat 1) of a 3 s trial: about one line a
#    second, no vmstat left (a hung observation and SIGINT:
#    dut_interrupt.sh).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v nstat >/dev/null && command -v vmstat >/dev/null ||
	fail "nstat (iproute2) or vmstat (procps) missing (scripts/lib.sh deps_install)"

# A bucket of 1000 frames (0.1 s at C): a 1 s trial passes up to 1.1 C,
# and a preempted sender's catch-up burst below C does not overflow it.
C=10000
TB_NFT_BURST_PKTS=1000 it_tb_up router $C 0
ini=$WORK/dut.ini
# counts, not the tester's timing, are checked: frames_ini's lag limit
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$WORK/base.ini"
sed -i 's/^direction = .*/direction = forward/' "$WORK/base.ini"
cp "$WORK/base.ini" "$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = fwd: ip netns exec $TB_DUT nstat -az IpForwDatagrams
obs1_parser = nstat
obs1_trials = all
obs2 = nft: $TB dut-exec -- nft list counters table inet dutperf
obs2_parser = nft
obs2_trials = all
obs3 = cpu: $TB dut-exec -- cat /proc/stat
obs3_parser = cpu
EOF

# 14000 fails, 10000 passes: error 4000 reached in 2 trials, then the
# telemetry trial at the result.  Trials that lose frames and trials that
# do not: both kinds of counts are compared.
dut_search throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 6000 --rate-max 14000 --initial-rate 14000 --error 4000
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"
# (the counts, not the rate, are this test's: a preempted sender's
# catch-up bursts may lose frames below C with frames_ini's lag limit)
rate=$(col "$out/rate.csv" rate)
[ "$rate" -gt 0 ] || fail "no throughput"
ok "throughput $rate fps (capacity $C)"
phases=$(col "$out/trials.csv" phase all | tr '\n' ' ')
[ "$(col "$out/trials.csv" phase all | grep -c telemetry)" = 1 ] ||
	fail "not one telemetry trial: phases $phases"
[ "$(col "$out/trials.csv" phase all | tail -1)" = telemetry ] ||
	fail "the telemetry trial is not the last: $phases"
expect_equal "telemetry trial rate" "$(col "$out/trials.csv" rate_fps)" "$rate"
iters=$(col "$out/rate.csv" "Iterations needed")
expect_equal "search trials + telemetry" "$(col "$out/trials.csv" phase all | wc -l)" $((iters + 1))
ok "telemetry trial at $rate fps after $iters search trials, phases: $phases"

# Every trial: the DUT's counters against the tester's counts.
python3 - "$out" <<'EOF' || fail "DUT counters differ from the tester's counts"
import csv, os, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(os.path.join(out, "trials.csv"))))
rows = list(csv.DictReader(open(os.path.join(out, "dut.csv"))))
delta = {}
for r in rows:
    if r["error"].strip('"'):
        sys.exit("observation failed: %s" % r["error"])
    delta[(int(r["trial"]), r["observation"], r["counter"])] = int(r["delta"])
bad = 0
for n, t in enumerate(trials, 1):
    sent, rx, lost = (int(t["fwd_sent"]), int(t["fwd_received"]),
                      int(t["fwd_lost"]))
    got = (delta.get((n, "fwd", "IpForwDatagrams")),
           delta.get((n, "nft", "fwd_pass.packets")),
           delta.get((n, "nft", "fwd_drop.packets")))
    want = (sent, rx, lost)
    print("trial %d (%s, %s fps): DUT forwarded %s, limit passed %s, dropped "
          "%s; tester sent %d, received %d, lost %d" %
          ((n, t["phase"], t["rate_fps"]) + got + (sent, rx, lost)))
    if got != want:
        bad += 1
    if not os.path.exists(os.path.join(out, "dut", str(n), "fwd.after.txt")):
        sys.exit("no dut/%d/fwd.after.txt" % n)
# the cpu observation: the telemetry trial only, a busy share per CPU
cpu = [r for r in rows if r["observation"] == "cpu"]
if not cpu or {int(r["trial"]) for r in cpu} != {len(trials)}:
    sys.exit("cpu rows not of the telemetry trial alone")
if not [r for r in cpu if r["counter"].startswith("cpu") and r["busy_pct"]]:
    sys.exit("no busy_pct in the cpu rows")
sys.exit(bad)
EOF
ok "every trial: IpForwDatagrams rose by fwd_sent, the limit's fwd_pass by fwd_received, fwd_drop by fwd_lost"
python3 -c 'import json,sys
d = [json.loads(l) for l in open(sys.argv[1])][-1]["dut"]
t = d["telemetry"]
assert len(t) == 1 and t[0]["largest_deltas"], t
print("run.json dut.telemetry:", t[0]["rate_fps"], "fps,",
      [(x["observation"], x["counter"], x["delta"]) for x in t[0]["largest_deltas"][:3]])' \
	"$out/run.json" || fail "run.json has no dut telemetry"
ok "run.json: the telemetry trial's largest deltas"

# A during observation of a 3 s trial.
mark=$((900 + $$ % 97))
cat >"$WORK/during.ini" <<EOF
[dut]
obs1 = vm: $TB dut-exec -- vmstat 1 $mark
obs1_when = during
obs1_trials = all
EOF
sed '/^\[dut\]/,$d' "$ini" >"$WORK/d2.ini"
cat "$WORK/during.ini" >>"$WORK/d2.ini"
dut trial -c "$WORK/d2.ini" --rate 1000 --duration 3 --timeout 300 -o "$WORK/d" >/dev/null ||
	fail "trial with observations: exit status $? ($(tail -3 "$WORK/err.log"))"
lines=$(grep -cE '^ *[0-9]+ +[0-9]+ ' "$WORK/d/dut/1/vm.during.txt")
# vmstat prints a sample at once, then one a second: 3 s sending, the
# late-frame wait and the start around it
[ "$lines" -ge 2 ] && [ "$lines" -le 6 ] ||
	fail "$lines vmstat samples in a 3 s trial: $(cat "$WORK/d/dut/1/vm.during.txt")"
pgrep -f "vmstat 1 $mark" >/dev/null && fail "vmstat 1 $mark left running"
ok "during: $lines vmstat samples over a 3 s trial, none left running"
it_tb_down
