#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# MLRsearch (mode mlr) against a DUT of known capacity C (nftables limit per
# input interface): one search for two goals, NDR (0 % loss) and PDR
# (0.5 %), with 1 s trials and a 2 s duration sum.  Checks: both relevant
# lower bounds within the goal width (+ the testbed's 2 % bucket margin) of
# C, PDR >= NDR, each RLB/RUB agrees with trials.csv (computed here from the
# rows' loss, not from mlr.csv), conditional throughput <= RLB, one rate.csv
# row per goal in siitperf's columns, the goals named in run.json, exit 0.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/mlr_lib.sh"
need_root
need_dutperf

C=10000
it_tb_up router $C
out=$WORK/out
mlr_search "$out" -c "$SRCDIR/conf/testbed-ipv4.ini" --timeout 300 --settle 200 \
	--rate-min 1000 --rate-max 20000 \
	--goal ndr,sum=2,width=0.04 --goal pdr,sum=2,width=0.04
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"
grep -E '^mlr' "$WORK/err.log"

# siitperf's columns, then result_kind (docs/results.md)
head -1 "$out/rate.csv" | cmp - <(echo "$(head -1 "$SRCDIR/tests/data/stats/siitperf-rate.csv"), result_kind") ||
	fail "rate.csv header is not siitperf's plus result_kind"
expect_equal "mlr.csv goals" "$(col "$out/mlr.csv" goal all | tr '\n' ' ')" "ndr pdr "
expect_equal "rate.csv rows" "$(col "$out/rate.csv" No all | tr '\n' ' ')" "1 1 "
ntrials=$(($(wc -l <"$out/trials.csv") - 1))
expect_equal "trials.csv rows vs mlr.csv search_trials" "$ntrials" \
	"$(col "$out/mlr.csv" search_trials 1)"

# Per goal: the loads of trials.csv classified here from each row's sent
# and received counts (1 s trials = the final duration, sum 2 s, exceed
# 0.5: of max(2 s, all trials' s), a lower bound has at least half
# low-loss, an upper bound more than half high-loss); RUB = smallest upper
# bound, RLB = largest lower bound below it.
python3 - "$out" <<'PY' || fail "mlr.csv disagrees with trials.csv"
import csv, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(out + "/trials.csv"), skipinitialspace=True))
rows = list(csv.DictReader(open(out + "/mlr.csv")))
C = 10000
for r in rows:
    goal = float(r["loss_ratio"])
    low, high = {}, {}
    for t in trials:
        if t["status"] == "invalid":
            continue
        assert t["duration_s"] == "1", t["duration_s"]
        sent = sum(int(t[d + "_sent"] or 0) for d in ("fwd", "rev"))
        recv = sum(int(t[d + "_received"] or 0) for d in ("fwd", "rev"))
        load = int(t["rate_fps"])
        bad = (sent - recv) / sent > goal
        (high if bad else low)[load] = (high if bad else low).get(load, 0) + 1
    loads = sorted(set(low) | set(high))
    whole = {l: max(2, low.get(l, 0) + high.get(l, 0)) for l in loads}
    ub = [l for l in loads if high.get(l, 0) > 0.5 * whole[l]]
    rub = min(ub) if ub else None
    lb = [l for l in loads if low.get(l, 0) >= 0.5 * whole[l]
          and (rub is None or l < rub)]
    rlb = max(lb) if lb else None
    assert int(r["rlb_fps"]) == rlb, (r["goal"], r["rlb_fps"], rlb)
    assert (r["rub_fps"] or None) == (str(rub) if rub else None), (r["rub_fps"], rub)
    assert float(r["conditional_fps"]) <= rlb
    assert r["result_kind"] == "measured", r["result_kind"]
    w = float(r["width"])
    assert rub - rlb <= w * rub, (rlb, rub)
    # within the width (+ the bucket's 2 %, + 0.5 % loss for PDR) of C
    assert C * (1 - w - 0.02) <= rlb <= C * (1.03 + goal), (r["goal"], rlb)
    print("ok: %s: RLB %d RUB %d conditional %s (C %d), %s trials" %
          (r["goal"], rlb, rub, r["conditional_fps"], C, r["goal_trials"]))
assert int(rows[1]["rlb_fps"]) >= int(rows[0]["rlb_fps"]), "PDR below NDR"
PY
for no in 1 2; do
	expect_equal "rate.csv rate of goal $no" "$(col "$out/rate.csv" rate $no)" \
		"$(col "$out/mlr.csv" rlb_fps $no)"
done
python3 - "$out/run.json" <<'PY' || fail "run.json: result does not name the goals"
import json, sys
d = json.loads(open(sys.argv[1]).readline())
assert d["mode"] == "mlr", d["mode"]
assert "ndr " in d["result"] and "pdr " in d["result"], d["result"]
PY
ok "mlr: NDR and PDR of one search within their width of $C fps"
it_tb_down
