#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode mlr on the memif wire with a known loss ratio everywhere: the
# sender's test aid drops every 1000th frame (DUTPERF_DEBUG_DROP_EVERY),
# so every load loses 0.1 % (200 ms trials of 1000 frames and more).  NDR
# (0 %) must find the min load an upper bound (no lower bound: result
# none); PDR (0.5 %) the max load a lower bound (measured, conditional
# throughput = max * 0.999).  Each trials.csv row is checked to lose
# exactly sent / 1000 frames, sent in 200 ms (duration_ms; duration_s is
# 1).  On net_null sinks (every frame lost) both goals end at the min load
# with no result after two trials.  No DUT, little CPU.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-mlrw-$$
cfg=$SRCDIR/tests/data/wire.ini
goals=(--goal ndr,final=0.2,sum=0.2,initial=0.2 --goal pdr,final=0.2,sum=0.2,initial=0.2)
args=(-c "$cfg" -q --timeout 100 --settle 0 --rate-min 5000 --rate-max 20000 "${goals[@]}")

# The exit status: 0, or 3 ("no valid DUT result", issue 18) since NDR has none.
status_ok() {
	[ "$1" -eq 0 ] || [ "$1" -eq 3 ] || fail "$2: exit status $1 ($(tail -3 "$WORK/err.log"))"
}

out=$WORK/drop
DUTPERF_DEBUG_DROP_EVERY=1000 wire "$DUTPERF" "$prefix" mlr "${args[@]}" -o "$out"
status_ok $? "drop every 1000th"
python3 - "$out" <<'PY' || fail "drop every 1000th: results"
import csv, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(out + "/trials.csv"), skipinitialspace=True))
assert trials, "no trial"
for t in trials:
    assert t["status"] != "invalid", t["reason"]
    # 200 ms trials: duration_s rounds up, duration_ms is exact
    assert (t["duration_s"], t["duration_ms"]) == ("1", "200"), t
    for d in ("fwd", "rev"):
        if t[d + "_sent"]:
            sent, lost = int(t[d + "_sent"]), int(t[d + "_lost"])
            assert lost == sent // 1000, (d, sent, lost)
            assert int(t[d + "_planned"]) == int(t["rate_fps"]) * 200 // 1000, t
rows = {r["goal"]: r for r in csv.DictReader(open(out + "/mlr.csv"))}
ndr, pdr = rows["ndr"], rows["pdr"]
# NDR: every trial high-loss; the smallest load, 5000, is the upper bound
assert ndr["rlb_fps"] == "" and ndr["rub_fps"] == "5000", ndr
assert ndr["result_kind"] == "none" and ndr["conditional_fps"] == "", ndr
assert min(int(t["rate_fps"]) for t in trials) == 5000
# PDR: 0.1 % <= 0.5 %: the max load is a lower bound, no upper bound:
# the range's top passed, so only "at least" (docs/results.md)
assert pdr["rlb_fps"] == "20000" and pdr["rub_fps"] == "", pdr
assert pdr["result_kind"] == "lower_bound", pdr
assert abs(float(pdr["conditional_fps"]) - 19980.0) < 0.15, pdr["conditional_fps"]
assert int(pdr["search_trials"]) == len(trials), (pdr["search_trials"], len(trials))
# rate.csv: the goal without a result has an empty rate (docs/results.md)
rates = [(r["rate"], r["result_kind"]) for r in
         csv.DictReader(open(out + "/rate.csv"), skipinitialspace=True)]
assert rates == [("", "none"), ("20000", "lower_bound")], rates
# run.json names no figure for the goal without a result
import json
res = json.loads(open(out + "/run.json").read().splitlines()[-1])["result"]
assert res == "ndr none, pdr at least 20000 fps (the range's top passed)", res
print("ok: NDR none (upper bound at the min load), PDR at least 20000 fps, "
      "conditional %s, %d trials" % (pdr["conditional_fps"], len(trials)))
PY

out=$WORK/null
WIRE=null wire "$DUTPERF" "$prefix" mlr "${args[@]}" -o "$out"
status_ok $? "net_null"
expect_equal "net_null: trials" "$(($(wc -l <"$out/trials.csv") - 1))" 2
expect_equal "net_null: result kinds" "$(col "$out/mlr.csv" result_kind all | tr '\n' ' ')" \
	"none none "
expect_equal "net_null: upper bounds" "$(col "$out/mlr.csv" rub_fps all | tr '\n' ' ')" \
	"5000 5000 "
ok "net_null: every frame lost: no result, two trials"
