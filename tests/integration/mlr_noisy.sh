#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# MLRsearch on a noisy DUT of known capacity: the router limited to C fps
# (nftables token bucket of B = 20 ms of frames) plus a rule dropping one
# frame in DROP at random, so about one 0.5 s trial in five loses a frame
# at any load.  Two MLRsearch NDR searches (0.5 s trials, 4 s duration
# sum, exceed 0.5, width 2 %) must each put the RLB within its width of
# [C, C_T], C_T = C + B / 0.5 s the most the bucket lets through in
# 0.5 s (the tester's jitter uses some of B up: on the loaded machine two
# searches gave 10,086 and 10,147 fps with C_T 10,400), despite the
# drops: a load below C is an upper bound only when 5 of its 8 trials
# lose a frame, about 1.6 % per load; 300 such searches simulated with
# the core library all landed inside, 13 trials of 0.5 s each on
# average (three searches took 55.7 s in all at load average 4: two).
# Not vacuous: the nftables counter of the random rule counted drops
# (about 7 expected per search, 18 counted in three; none in two
# searches: well under 0.1 %).
# The statistical comparison with RFC 2544 binary searches (CV of 10
# searches each) needs minutes: scripts/mlr_bench.sh's part 2, and
# simulated in the unit test test_noisy_cv (docs/mlrsearch.md).
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/mlr_lib.sh"
need_root
need_dutperf

C=10000
DROP=40000
REPEAT=2
it_tb_up router $C
ip netns exec "$TB_DUT" nft add rule inet dutperf capacity \
	numgen random mod $DROP 0 counter drop ||
	fail "cannot add the random-drop rule"
burst=$(tb_nft_burst $C)
out=$WORK/out
mlr_search "$out" -c "$SRCDIR/conf/testbed-ipv4.ini" --timeout 300 --settle 100 \
	--rate-min 2000 --rate-max 20000 --repeat $REPEAT \
	--goal ndr,final=0.5,sum=4,width=0.02,initial=0.5
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"

drops=$(ip netns exec "$TB_DUT" nft list chain inet dutperf capacity |
	sed -n 's/.*numgen random.*counter packets \([0-9]*\) .*/\1/p')
echo "random-drop rule: ${drops:-?} frames dropped"
[ "${drops:-0}" -gt 0 ] || fail "the random-drop rule dropped nothing: the test would be vacuous"

python3 - "$out" "$C" "$burst" "$REPEAT" <<'PY' || fail "an MLRsearch NDR is not within its width of [C, C_T]"
import csv, statistics, sys
out, C, B, R = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
T = 0.5
CT = C + B / T
rows = list(csv.DictReader(open(out + "/mlr.csv")))
trials = list(csv.DictReader(open(out + "/trials.csv"), skipinitialspace=True))
assert len(rows) == R, len(rows)
# lossy trials the bucket cannot explain (below C_T by more than 1 %),
# printed for the record
noisy = 0
for t in trials:
    if t["status"] == "invalid" or int(t["rate_fps"]) > CT * 0.99:
        continue
    lost = sum(int(t[d + "_lost"] or 0) for d in ("fwd", "rev"))
    noisy += lost > 0
print("trials below C_T that lost frames (random drops seen): %d of %d" %
      (noisy, len(trials)))
rlb = []
for r in rows:
    w = float(r["width"])
    lo, hi = int(r["rlb_fps"]), int(r["rub_fps"])
    assert r["result_kind"] == "measured", r["result_kind"]
    assert hi - lo <= w * hi, (lo, hi)
    # between C and C_T (the bucket's burst is used up by the tester's
    # own jitter near C_T), within the width (+ 1 % for the tester's
    # timing) of that range
    assert C * (1 - w - 0.01) <= lo <= CT * 1.01, (lo, C, CT)
    rlb.append(lo)
cv = statistics.stdev(rlb) / statistics.mean(rlb)
print("ok: MLRsearch NDR %s, C_T %.0f, CV %.5f (%s trials, %s trial-s)" %
      (rlb, CT, cv, rows[-1]["search_trials"], rows[-1]["search_trial_s"]))
PY
ok "mlr: $REPEAT NDR searches within their width of [C, C_T] on a DUT that drops 1 in $DROP frames at random"
it_tb_down
