#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode campaign on the router testbed (docs/campaign.md): sizes 64 and
# 1518 with throughput, latency, loss and b2b in one process, SIGINT in
# its third item (loss-64), then --resume: the completed items' trials
# are not run again (their trials.csv unchanged, two records each in
# campaign.jsonl), the cut item runs again as attempt 2 in a fresh
# directory (the cut one in cut/), and the result has the structure of
# an uninterrupted campaign: the same item directories, files and CSV
# headers.  The throughput of each size reaches latency (rate_fps), loss
# (one step more of RFC 2544 26.3's sweep) and b2b (throughput_fps); each
# loss sweep runs from 100 % down and ends with two successive lossless
# trials (RFC 2544 26.3), not at the carried throughput.
. "$(dirname "$0")/common.sh"
campaign_testbed
cat >>"$ini" <<'EOF'
[loss]
step_pct = 10
[b2b]
repetitions = 1
burst_rate_fps = 12000
max_frames = 1000
precision_frames = 250
drain_ms = 200
short_drain = 1
[campaign]
tests = throughput latency loss b2b
sizes = 64 1518
directions = both
EOF
items="001-throughput-64 002-latency-64 003-loss-64 004-b2b-64 005-throughput-1518 006-latency-1518 007-loss-1518 008-b2b-1518"

# bad [campaign] values: exit 2, the key and value named, nothing written
bad() {	# KEY=VALUE EXPECTED-TEXT
	sed "s/^${1%%=*} = .*/${1%%=*} = ${1#*=}/" "$ini" >"$WORK/bad.ini"
	"$TB" run --name "$TBID" -- campaign -c "$WORK/bad.ini" -o "$WORK/bad" -q \
		>/dev/null 2>"$WORK/bad.err"
	expect_equal "exit status for $1" $? 2
	grep -qF "$2" "$WORK/bad.err" || fail "$1: message $(cat "$WORK/bad.err")"
	[ ! -e "$WORK/bad" ] || fail "$1: $WORK/bad written"
}
bad "tests=throughput latenzy" '[campaign] tests = throughput latenzy: "latenzy": not a test'
bad "sizes=64 2000" '[campaign] sizes = 64 2000: "2000": out of range 64..1518'
bad "directions=sideways" '[campaign] directions = sideways: "sideways": not a direction'
"$TB" run --name "$TBID" -- campaign -c "$ini" -s 128 -o "$WORK/bad" -q >/dev/null 2>"$WORK/bad.err"
expect_equal "exit status for -s" $? 2
grep -qF -- "-s/--size 128: mode campaign takes its sizes from [campaign] sizes" "$WORK/bad.err" ||
	fail "-s: message $(cat "$WORK/bad.err")"
ok "bad [campaign] values: exit 2, file, section, key and value named, nothing written"

# 1. interrupted by SIGINT in item 3, then resumed
out=$WORK/cut
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$out" >"$WORK/cut.out" 2>"$WORK/cut.err" &
bg=$!
pid=$(dutperf_pid)
for i in $(seq 900); do
	grep -q '"item":3,.*"state":"running"' "$out/campaign.jsonl" 2>/dev/null && break
	sleep 0.1
done
grep -q '"item":3,.*"state":"running"' "$out/campaign.jsonl" ||
	{ cat "$WORK/cut.err" >&2; fail "item 3 never started"; }
# into its trials: the first trials.csv row of the sweep
for i in $(seq 100); do
	[ "$(cat "$out/003-loss-64/trials.csv" 2>/dev/null | wc -l)" -ge 2 ] && break
	sleep 0.1
done
kill -INT "$pid"
wait $bg
expect_equal "exit status after SIGINT" $? 130
grep -E '^campaign: item' "$WORK/cut.err"
python3 - "$out/campaign.jsonl" <<'PY' || fail "campaign.jsonl after SIGINT (above)"
import json, sys
last = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    last[r["item"]] = r
print({i: r["state"] for i, r in sorted(last.items())})
assert last[1]["state"] == "done" and last[2]["state"] == "done", last
assert last[3]["state"] == "interrupted" and last[3]["attempt"] == 1, last[3]
assert set(last) == {1, 2, 3}, sorted(last)
PY
ok "SIGINT in item 3: exit 130, items 1 and 2 done, item 3 interrupted in campaign.jsonl"
for d in 001-throughput-64 002-latency-64; do
	cp "$out/$d/trials.csv" "$WORK/$d.trials.before"
done

"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$out" --resume >"$WORK/res.out" 2>"$WORK/res.err"
rc=$?
# 3: an item without a measured result (a preempted sender on this shared
# machine can make one); the structure is checked all the same
[ $rc -eq 0 ] || [ $rc -eq 3 ] || { tail -5 "$WORK/res.err" >&2; fail "resume: exit status $rc"; }
grep -E '^campaign: item' "$WORK/res.err"
for d in 001-throughput-64 002-latency-64; do
	cmp -s "$WORK/$d.trials.before" "$out/$d/trials.csv" ||
		fail "$d: trials.csv changed by the resume (a completed item run again)"
done
ok "resume: the completed items' trials.csv unchanged ($(($(wc -l < "$out/001-throughput-64/trials.csv") - 1)) and $(($(wc -l < "$out/002-latency-64/trials.csv") - 1)) trials)"
[ -d "$out/cut/003-loss-64.attempt-1" ] || fail "the cut attempt of item 3 not in cut/"
python3 - "$out" <<'PY' || fail "campaign.jsonl after the resume (above)"
import json, sys, os, csv
out = sys.argv[1]
recs = [json.loads(l) for l in open(os.path.join(out, "campaign.jsonl"))]
by = {}
for r in recs:
    by.setdefault(r["item"], []).append((r["attempt"], r["state"]))
print(by)
assert by[1] == [(1, "running"), (1, "done")], by[1]
assert by[2] == [(1, "running"), (1, "done")], by[2]
assert by[3] == [(1, "running"), (1, "interrupted"), (2, "running"), (2, "done")], by[3]
for i in range(4, 9):
    assert by[i] == [(1, "running"), (1, "done")], (i, by[i])
# attempt 2's rows only: every trial of 003 started at or after its start
start2 = [r for r in recs if r["item"] == 3 and r["attempt"] == 2][0]["time"]
start2 = start2.replace("T", " ")[:19]
rows = list(csv.DictReader(open(os.path.join(out, "003-loss-64", "trials.csv"))))
assert rows and all(r["start"] >= start2 for r in rows), (start2, [r["start"] for r in rows])
# the throughput carried: latency at it, b2b's throughput_fps it
last = {r["item"]: r for r in recs}
for tp, lat, b2b in ((1, 2, 4), (5, 6, 8)):
    t = last[tp]
    if t["throughput_kind"] not in ("measured", "lower_bound"):
        print("note: no throughput for item", tp, t["throughput_kind"])
        continue
    rate = int(min(t["throughput_fps"].values()))
    assert last[lat]["throughput_fps"] == t["throughput_fps"], (last[lat], t)
    assert last[lat]["throughput_kind"] == t["throughput_kind"]
    lrows = list(csv.DictReader(open(os.path.join(out, last[lat]["dir"], "trials.csv"))))
    assert all(int(r["rate_fps"]) == rate for r in lrows), (rate, lrows[0]["rate_fps"])
    brows = list(csv.DictReader(open(os.path.join(out, last[b2b]["dir"], "b2b.csv"))))
    vals = {float(r["throughput_fps"]) for r in brows if r["throughput_fps"]}
    assert vals <= {float(rate)}, (rate, vals)
    print("throughput", rate, "fps carried from item", tp, "to", lat, "and", b2b)
PY
ok "resume: item 3 again as attempt 2 in a fresh directory, the others once; the throughput carried"

# 2. the same campaign uninterrupted: the same structure
full=$WORK/full
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$full" -q >"$WORK/full.out" 2>"$WORK/full.err"
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 3 ] || { tail -5 "$WORK/full.err" >&2; fail "uninterrupted: exit status $rc"; }
python3 - "$out" "$full" <<'PY' || fail "structure differs (above)"
import json, os, sys
a, b = sys.argv[1], sys.argv[2]
ja, jb = (json.load(open(os.path.join(d, "campaign.json"))) for d in (a, b))
assert ja["items"] == jb["items"], "campaign.json items differ"
for it in ja["items"]:
    da, db = os.path.join(a, it["dir"]), os.path.join(b, it["dir"])
    fa, fb = sorted(os.listdir(da)), sorted(os.listdir(db))
    assert fa == fb, (it["dir"], fa, fb)
    for f in fa:
        if f.endswith(".csv"):
            ha, hb = (open(os.path.join(d, f)).readline() for d in (da, db))
            assert ha == hb, (it["dir"], f)
print(len(ja["items"]), "items, same files and CSV headers")
PY
ls "$full" | tr '\n' ' ' | grep -qx "001-throughput-64 002-latency-64 003-loss-64 004-b2b-64 005-throughput-1518 006-latency-1518 007-loss-1518 008-b2b-1518 campaign.json campaign.jsonl " ||
	fail "uninterrupted directory: $(ls "$full" | tr '\n' ' ')"
[ "$(ls "$out" | grep -v '^cut$' | tr '\n' ' ')" = "$(ls "$full" | tr '\n' ' ')" ] ||
	fail "resumed directory: $(ls "$out" | tr '\n' ' ')"
ok "resumed = uninterrupted in structure: items $items"

# RFC 2544 26.3 in both campaigns' loss items: rates descending from 100 %
# (rate_max_fps), the carried throughput among them when below it, and
# the sweep ends with its first two successive lossless valid trials.
python3 - "$out" "$full" <<'PY' || fail "loss sweep (above)"
import csv, json, os, sys
for top in sys.argv[1:]:
    recs = [json.loads(l) for l in open(os.path.join(top, "campaign.jsonl"))]
    last = {r["item"]: r for r in recs}
    for tp, item, d in ((1, 3, "003-loss-64"), (5, 7, "007-loss-1518")):
        rows = list(csv.DictReader(open(os.path.join(top, d, "trials.csv"))))
        rates = [int(r["rate_fps"]) for r in rows]
        clean = [r["status"] != "invalid" and
                 sum(int(r[k] or 0) for k in ("fwd_lost", "rev_lost")) == 0
                 for r in rows]
        assert rates[0] == 12000 and rates == sorted(rates, reverse=True), (d, rates)
        assert len(rows) >= 2 and clean[-2:] == [True, True], (d, rates, clean)
        assert not any(clean[i] and clean[i + 1] for i in range(len(rows) - 2)), (d, rates, clean)
        t = last[tp]
        if t["throughput_kind"] in ("measured", "lower_bound"):
            rate = int(min(t["throughput_fps"].values()))
            if rate < 12000 and rate >= rates[-1]:
                assert rate in rates, (d, rate, rates)
        print(top.split("/")[-1], d, "rates", rates, "lossless", clean)
PY
ok "loss items: from 100 % down until two successive lossless trials (RFC 2544 26.3)"

# 3. --resume on a finished campaign runs nothing; without it: refused
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$full" --resume -q >/dev/null 2>&1
expect_equal "resume of a finished campaign" $? 0
expect_equal "records after that" "$(wc -l < "$full/campaign.jsonl")" 16
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$full" -q >/dev/null 2>"$WORK/again.err"
expect_equal "a second campaign into the same directory" $? 2
grep -q -- "--resume goes on with it" "$WORK/again.err" || fail "message: $(cat "$WORK/again.err")"
ok "a finished campaign: --resume runs nothing, a new one there is refused (exit 2)"
it_tb_down
