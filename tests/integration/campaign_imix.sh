#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode campaign with a mix beside a fixed size (docs/campaign.md, "Mixed
# sizes"): sizes = 64 imix:csit, throughput and latency, on the router
# testbed.  The mix's items run after the fixed size's, in directories
# that name it; campaign.json and campaign.jsonl name the genome; the
# mix's trials.csv rows are the mix (imix in RFC 6985 5's notation,
# "CUSTOM IMIX - AAAAAAAXXXXG (A:64 G:1518 X:570)", frame_size_b 354, the
# rounded mean of 4246 B / 12) and the fixed size's are not; the mix's
# throughput reaches its latency item; --resume of the finished campaign
# runs nothing; a bad mix, and one in the old lower-case custom form, are
# refused (exit 2, nothing written; the old form with its RFC spelling).
. "$(dirname "$0")/common.sh"
campaign_testbed
cat >>"$ini" <<'INI'
[campaign]
tests = throughput latency
sizes = imix:csit 64
directions = forward
INI

# a bad mix: exit 2, file, section, key and value named, nothing written
sed 's/^sizes = .*/sizes = 64 imix:aaq/' "$ini" >"$WORK/bad.ini"
"$TB" run --name "$TBID" -- campaign -c "$WORK/bad.ini" -o "$WORK/bad" -q \
	>/dev/null 2>"$WORK/bad.err"
expect_equal "exit status for imix:aaq" $? 2
grep -qF "bad.ini: [campaign] sizes = 64 imix:aaq: \"imix:aaq\": 'q' at 3: not an RFC 6985 letter" "$WORK/bad.err" ||
	fail "imix:aaq: message $(cat "$WORK/bad.err")"
[ ! -e "$WORK/bad" ] || fail "imix:aaq: $WORK/bad written"
sed 's/^sizes = .*/sizes = 64 imix:aaaaaaaxxxxg:x=570/' "$ini" >"$WORK/bad.ini"
"$TB" run --name "$TBID" -- campaign -c "$WORK/bad.ini" -o "$WORK/bad" -q \
	>/dev/null 2>"$WORK/bad.err"
expect_equal "exit status for the old custom form" $? 2
grep -qF "write AAAAAAAXXXXG with the sizes A:64 G:1518 X:570 (imix_sizes; RFC 6985 5: \"CUSTOM IMIX - AAAAAAAXXXXG\")" "$WORK/bad.err" ||
	fail "old form: message $(cat "$WORK/bad.err")"
[ ! -e "$WORK/bad" ] || fail "old form: $WORK/bad written"
"$TB" run --name "$TBID" -- campaign -c "$ini" --imix csit -o "$WORK/bad" -q \
	>/dev/null 2>"$WORK/bad.err"
expect_equal "exit status for --imix" $? 2
grep -qF -- "--imix csit: mode campaign takes its mixes from [campaign] sizes" "$WORK/bad.err" ||
	fail "--imix: message $(cat "$WORK/bad.err")"
[ ! -e "$WORK/bad" ] || fail "--imix: $WORK/bad written"
ok "a bad mix and --imix refused: exit 2, the key and value named, nothing written"

out=$WORK/camp
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$out" >"$WORK/camp.out" 2>"$WORK/camp.err"
rc=$?
# 3: an item without a measured result (a preempted sender on this shared
# machine can make one); the structure is checked all the same
[ $rc -eq 0 ] || [ $rc -eq 3 ] || { tail -5 "$WORK/camp.err" >&2; fail "campaign: exit status $rc"; }
grep -E '^campaign: item' "$WORK/camp.err"
[ "$(ls "$out" | tr '\n' ' ')" = "001-throughput-64 002-latency-64 003-throughput-imix-csit 004-latency-imix-csit campaign.json campaign.jsonl " ] ||
	fail "directory: $(ls "$out" | tr '\n' ' ')"
python3 - "$out" <<'PY' || fail "campaign record (above)"
import csv, json, os, sys
out = sys.argv[1]
NOTE = "CUSTOM IMIX - AAAAAAAXXXXG (A:64 G:1518 X:570)"
j = json.load(open(os.path.join(out, "campaign.json")))
assert j["sizes"] == [64, "imix:csit"], j["sizes"]
assert [it.get("imix") for it in j["items"]] == [None, None, "csit", "csit"], j["items"]
assert [it["size"] for it in j["items"]] == [64, 64, 354, 354], j["items"]
recs = [json.loads(l) for l in open(os.path.join(out, "campaign.jsonl"))]
last = {r["item"]: r for r in recs}
assert sorted(last) == [1, 2, 3, 4], sorted(last)
for i in (1, 2, 3, 4):
    assert last[i]["state"] == "done", last[i]
    assert last[i].get("imix") == (None if i < 3 else "csit"), last[i]
for d, mix, size in (("001-throughput-64", "", "64"), ("002-latency-64", "", "64"),
                     ("003-throughput-imix-csit", NOTE, "354"),
                     ("004-latency-imix-csit", NOTE, "354")):
    rows = list(csv.DictReader(open(os.path.join(out, d, "trials.csv"))))
    assert rows, d
    assert {r["imix"] for r in rows} == {mix}, (d, {r["imix"] for r in rows})
    assert {r["frame_size_b"] for r in rows} == {size}, (d, {r["frame_size_b"] for r in rows})
    ri = json.loads(open(os.path.join(out, d, "run.json")).readlines()[-1])
    assert (ri["imix"] or {}).get("genome") == ("CUSTOM IMIX - AAAAAAAXXXXG" if mix else None), (d, ri["imix"])
    assert (ri["imix"] or {}).get("note") == (NOTE if mix else None), (d, ri["imix"])
    if mix:
        assert [(s["letter"], s["size_b"]) for s in ri["imix"]["sizes"]] == [("A", 64), ("X", 570), ("G", 1518)], ri["imix"]
# the mix's throughput carried to the mix's latency item, not the 64's
t = last[3]
if t["throughput_kind"] in ("measured", "lower_bound"):
    rate = int(min(t["throughput_fps"].values()))
    assert last[4]["throughput_fps"] == t["throughput_fps"], (last[4], t)
    rows = list(csv.DictReader(open(os.path.join(out, "004-latency-imix-csit", "trials.csv"))))
    assert all(int(r["rate_fps"]) == rate for r in rows), (rate, rows[0]["rate_fps"])
    print("the mix's throughput", rate, "fps carried to its latency item")
else:
    print("note: no throughput for the mix:", t["throughput_kind"])
PY
ok "sizes = imix:csit 64: four items, the mix's after 64's, named by it; trials.csv imix in RFC 6985's notation, frame_size_b 354"

n=$(wc -l < "$out/campaign.jsonl")
"$TB" run --name "$TBID" -- campaign -c "$ini" -o "$out" --resume -q >/dev/null 2>&1
expect_equal "resume of a finished campaign with a mix" $? 0
expect_equal "records after that" "$(wc -l < "$out/campaign.jsonl")" "$n"
ok "--resume of the finished campaign with a mix: nothing run again"
it_tb_down
