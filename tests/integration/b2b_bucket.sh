#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode b2b (RFC 9004) against a DUT whose burst tolerance is known: the
# router testbed with nftables "limit rate over X/second burst B packets
# drop" on its input from the tester.  nftables' limit is a token bucket
# of B packets refilled at X per second (checked by hand: with X = 1/s a
# full bucket passed exactly B frames of a longer burst; docs/bursts.md),
# so frame i of a burst at Rb (i = 0 ..) passes while
# B + X i / Rb - i >= 1: the longest lossless burst is
#	L = floor((B - 1) / (1 - X / Rb)) + 1
# with Rb the MEASURED burst rate (the median over the run's bursts: a
# preempted sender gives a few outliers).  Asserted: every repetition's L
# within 3 % of that, the summary's average, implied and corrected buffer
# times recomputed from b2b.csv's own columns, the corrected buffer (RFC
# 9004 6.4) within 3 % of B, trials.csv rows = trial rows; then a burst
# limit the DUT takes whole (exit 3, lower_bound) and RFC 9004's 2 s drain
# enforced (exit 2, nothing written).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

# The options of mode b2b: blamed on the option, refused in other modes,
# nothing written (no EAL needed: exit 2 before it starts).
"$DUTPERF" --no-huge -m 512 --no-pci -- b2b --drain 300 -o "$WORK/cli" \
	>/dev/null 2>"$WORK/cli.err"
expect_equal "exit status, --drain 300" $? 2
grep -q "^dutperf: --drain 300: below RFC 9004's 2000 ms" "$WORK/cli.err" ||
	fail "--drain 300: $(cat "$WORK/cli.err")"
[ ! -e "$WORK/cli" ] || fail "--drain 300 wrote $WORK/cli"
"$DUTPERF" --no-huge -m 512 --no-pci -- trial --flows 3 >/dev/null 2>"$WORK/cli.err"
expect_equal "exit status, trial --flows" $? 2
grep -q "option --flows means nothing in mode trial" "$WORK/cli.err" ||
	fail "trial --flows: $(cat "$WORK/cli.err")"
ok "b2b options: --drain below 2 s and --flows outside b2b refused (exit 2)"

B=300 X=1500
# The bucket refills in B / X = 0.2 s (the flows' in 0.5 s): the settle
# pause (0.2 s, the flows' 0.55 s; and 50 ms to the start) alone leaves
# that after every burst, lossless ones too.  The search ranges are a
# fifth around the answer (B known), to keep the test short.
TB_NFT_BURST_PKTS=$B it_tb_up router $X
ini=$WORK/b2b.ini
{ cat "$SRCDIR/conf/testbed-ipv4.ini"
  printf '[b2b]\nrepetitions = 3\nmin_frames = 240\nmax_frames = 360\nprecision_frames = 3\n'
  printf 'drain_ms = 300\n'
  printf 'short_drain = 1\nthroughput_fps = %s\n' $X; } >"$ini"

# check OUT B X K REPS RUNS: 0 when the figures match (a bucket per flow of K
# flows cycled: each flow gets every K-th frame, at Rb / K; L = K * the
# flow's L), else the reason on stdout.
check() {
	python3 - "$@" <<'PY'
import csv, math, statistics, sys
out, B, X, K, N, R = sys.argv[1], *map(int, sys.argv[2:])
rows = list(csv.DictReader(open(out + "/b2b.csv")))
ntr = sum(1 for _ in open(out + "/trials.csv")) - 1
ntrials = sum(1 for r in rows if r["row"] == "trial")
assert ntr == ntrials, f"trials.csv {ntr} rows, b2b.csv {ntrials} trial rows"
assert all(r["flows"] == str(K) for r in rows), "flows column"
runs = sorted({r["no"] for r in rows})
assert runs == [str(i) for i in range(1, R + 1)], runs
mismatch = False
for no in runs:
    trials = [r for r in rows if r["no"] == no and r["row"] == "trial"]
    reps = [r for r in rows if r["no"] == no and r["row"] == "repetition"]
    summ = [r for r in rows if r["no"] == no and r["row"] == "summary"]
    assert len(reps) == N and len(summ) == 1, (no, len(reps), len(summ))
    rb = statistics.median(float(r["burst_rate_fps"]) for r in trials if r["burst_rate_fps"])
    pred = K * (math.floor((B - 1) / (1 - X * K / rb)) + 1)
    found = [int(r["burst_frames"]) for r in reps]
    print(f"run {no}: set B {B} frames, X {X} fps, {K} flow(s); measured burst rate "
          f"{rb:.0f} fps (median); predicted L {pred}; found {found}")
    s = summ[0]
    avg = float(s["avg_frames"])
    assert s["result"] == "measured" and s["repetitions"] == str(N), s
    assert abs(avg - sum(found) / N) < 0.01, (avg, found)
    r = float(s["burst_rate_fps"])
    assert abs(r - rb) < 0.2, (r, rb)
    imp, cor = float(s["implied_buffer_us"]), float(s["corrected_buffer_us"])
    # the DUT's throughput: X per flow
    assert float(s["throughput_fps"]) == K * X, s
    assert abs(imp - avg / r * 1e6) < 1e-3 * imp, (imp, avg, r)
    assert abs(cor - (avg - K * X * avg / r) / r * 1e6) < 1e-3 * cor, (cor, avg, r)
    assert abs(float(s["buffer_frames"]) - cor * r / 1e6) < 0.1, s
    print(f"run {no}: summary: avg {avg} frames, implied {imp} us, corrected {cor} us, "
          f"buffer {s['buffer_frames']} frames (K * B = {K * B})")
    bad = [l for l in found if abs(l - pred) > 0.03 * pred]
    if bad or abs(float(s["buffer_frames"]) - K * B) > 0.03 * K * B:
        print(f"MISMATCH: {bad} or buffer {s['buffer_frames']} vs {K * B}")
        mismatch = True
sys.exit(1 if mismatch else 0)
PY
}

# run_check NAME INI SETTLE_MS B X K REPS RUNS: b2b (--repeat RUNS), then
# check; a preempted sender on
# this shared machine can push a repetition off: the whole run once more
# into a fresh directory.
run_check() {
	local name=$1 ini=$2 settle=$3 runs=$8 try out rc
	shift 3
	for try in 1 2; do
		out=$WORK/$name.$try
		dut b2b -c "$ini" --direction forward --settle "$settle" \
			--repeat "$runs" -o "$out" >/dev/null
		rc=$?
		[ $rc -eq 0 ] || fail "$name: exit status $rc ($(tail -3 "$WORK/err.log"))"
		check "$out" "$@" >"$WORK/check.$try" 2>&1 && break
		cat "$WORK/check.$try"
		grep -q MISMATCH "$WORK/check.$try" && [ $try -eq 1 ] ||
			fail "$name: b2b figures (above)"
		echo "note: a repetition was off (preempted sender?); run again" >&2
	done
	cat "$WORK/check.$try"
}

run_check bucket "$ini" 200 $B $X 1 3 1
grep -E '^b2b run 1: implied' "$WORK/out.log" || fail "no buffer time line"
# af_packet: the burst rate is the sender's, said next to the figures
grep -E '^b2b run 1: note: the forward sender.s port \(net_af_packet\) is kernel-backed' \
	"$WORK/out.log" >/dev/null || fail "no kernel-backed port note: $(cat "$WORK/out.log")"
grep -E 'repetition 3/3: longest lossless burst' "$WORK/err.log" >/dev/null ||
	fail "no per-repetition progress line"
ok "b2b: longest lossless burst through a bucket of $B at $X fps as predicted"

# No throughput given (RFC 9004 6.4): the corrected time from this test's
# received frame rate, labelled, and RFC 9004 7's actual buffer time at
# [b2b] actual_rate_fps, both recomputed by hand from b2b.csv's columns:
# X = the median of the trial rows' received_rate_fps, corrected = (avg
# - X avg / R) / R (none when X >= R), actual = corrected R / A.
A=1000
sed "s/^repetitions = 3/repetitions = 1/; s/^throughput_fps = .*/actual_rate_fps = $A/" \
	"$ini" >"$WORK/rx.ini"
dut b2b -c "$WORK/rx.ini" --direction forward --settle 200 -o "$WORK/rx" >/dev/null
rc=$?
[ $rc -eq 0 ] || fail "no throughput: exit status $rc ($(tail -3 "$WORK/err.log"))"
python3 - "$WORK/rx/b2b.csv" $A "$WORK/rx/run.json" <<'PY' || fail "received-rate figures (above)"
import csv, json, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
run = json.loads(open(sys.argv[3]).readlines()[-1])["result"]
A = float(sys.argv[2])
rx = [float(r["received_rate_fps"]) for r in rows
      if r["row"] == "trial" and r["received_rate_fps"]]
s = [r for r in rows if r["row"] == "summary"][0]
assert rx, "no trial with a received rate"
x = statistics.median(rx)
assert s["throughput_from"] == "received", s
assert abs(float(s["throughput_fps"]) - x) <= 0.06, (s["throughput_fps"], x)
assert abs(float(s["received_rate_fps"]) - x) <= 0.06, (s["received_rate_fps"], x)
avg, r = float(s["avg_frames"]), float(s["burst_rate_fps"])
if x < r:
    cor = (avg - x * avg / r) / r * 1e6
    act = cor * r / A
    assert abs(float(s["corrected_buffer_us"]) - cor) <= 1e-3 * cor + 0.001, (s, cor)
    assert abs(float(s["actual_buffer_us"]) - act) <= 1e-3 * act + 0.001, (s, act)
    assert run.endswith(f"corrected {float(s['corrected_buffer_us']):.3f} us "
                        "(received rate, RFC 9004 6.4)"), run
    print(f"received {x:.1f} fps (median of {len(rx)} bursts), burst {r:.1f} fps: "
          f"corrected {cor:.3f} us, actual {act:.3f} us at {A:.0f} fps")
else:
    assert s["corrected_buffer_us"] == "" and s["actual_buffer_us"] == "", s
    print(f"received {x:.1f} fps not below the burst rate {r:.1f}: no corrected time")
PY
grep -qE "^b2b run 1: implied DUT buffer time .*(with this test's received frame rate .* fps for the throughput, none given|no corrected time: the received frame rate)" \
	"$WORK/out.log" || fail "no labelled corrected time: $(cat "$WORK/out.log")"
ok "b2b without a throughput: corrected and actual buffer times from the received rate, labelled, as computed by hand"

# K = 3 flows through a bucket per UDP source port (an nftables meter, as
# a flow cache per flow): each flow has its own B, the answer is ~ K * B;
# without the flows the random source ports would never fill a bucket.
BF=100 XF=200 K=3
ip netns exec "$TB_DUT" nft flush ruleset || fail "nft flush"
nft_meter="iifname \"d0\" meter perflow { udp sport limit rate over $XF/second burst $BF packets } drop"
printf 'table inet dutperf {\n chain capacity {\n  type filter hook forward priority 0; policy accept;\n  %s\n }\n}\n' \
	"$nft_meter" | ip netns exec "$TB_DUT" nft -f - || fail "nft meter"
sed "s/^repetitions = 3/repetitions = 1/; s/^min_frames = 240/min_frames = 270/; s/^max_frames = 360/max_frames = 330\nflows = $K/
     s/^throughput_fps = .*/throughput_fps = $((K * XF))/" "$ini" >"$WORK/flows.ini"
run_check flows "$WORK/flows.ini" 550 $BF $XF $K 1 2
# --repeat 2: the RFC 8219 summary of the runs' figures
grep -E '^summary of (average longest lossless burst|implied buffer time|corrected buffer time) over 2 runs \(RFC 8219\): median' \
	"$WORK/out.log" | wc -l | grep -qx 3 || fail "no RFC 8219 summary: $(tail -5 "$WORK/out.log")"
ok "b2b: $K flows cycled through a bucket of $BF per flow as predicted (2 runs, RFC 8219 summary)"

# The DUT takes the longest burst allowed: at least that, not measured.
sed 's/^min_frames = 240/min_frames = 0/; s/^max_frames = 360/max_frames = 50/; s/^precision_frames = 3/precision_frames = 1/; s/^repetitions = 3/repetitions = 1/' \
	"$ini" >"$WORK/max.ini"
dut b2b -c "$WORK/max.ini" --direction forward --settle 0 -o "$WORK/max" >/dev/null
rc=$?
expect_equal "exit status, burst limit passed" $rc 3
expect_equal "repetition result" "$(python3 -c 'import csv,sys
print([r["result"] for r in csv.DictReader(open(sys.argv[1])) if r["row"] == "repetition"][0])' \
	"$WORK/max/b2b.csv")" lower_bound
ok "b2b: a burst limit the DUT takes whole is a lower bound (exit 3)"

# RFC 9004's 2 s drain: a shorter one only with short_drain.
sed '/^short_drain/d' "$ini" >"$WORK/short.ini"
dut b2b -c "$WORK/short.ini" -o "$WORK/short" >/dev/null
rc=$?
expect_equal "exit status, short drain" $rc 2
grep -q "short.ini: \[b2b\] drain_ms = 300: below RFC 9004's 2000 ms" "$WORK/err.log" ||
	fail "message: $(cat "$WORK/err.log")"
[ ! -e "$WORK/short" ] || fail "a short drain wrote $WORK/short"
ok "b2b: drain_ms below 2 s refused (exit 2, file/section/key/value, nothing written)"
it_tb_down
