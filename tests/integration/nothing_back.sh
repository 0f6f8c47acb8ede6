#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A search in which no test frame came back is no DUT figure (issue 39,
# docs/results.md "Nothing came back").  On the router testbed, short
# searches (1000..2000 fps, error 1000: two trials):
#   nftables drops everything forwarded   -> result_kind none, rate empty,
#                                            "no test frame came back",
#                                            run.json reason, exit 3
#   the DUT's neighbour entry is wrong    -> the same, and the reason counts
#   (forward)                                the frames sent to another MAC
#   nftables drops every 10th frame       -> measured 0: frames came back,
#                                            every rate lost some, exit 0
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

it_tb_up router
ini=$WORK/tb.ini
sed 's/^max_lag_us *=.*/max_lag_us = 500000/' "$SRCDIR/conf/testbed-ipv4.ini" >"$ini"
grep -q '^max_lag_us = 500000$' "$ini" || fail "no max_lag_us in $ini"
nft_dut() {	# RULES: the DUT's forward chain with RULES, policy accept
	ip netns exec "$TB_DUT" nft -f - <<EOF || fail "nft: $1"
table inet dpt_nb
delete table inet dpt_nb
table inet dpt_nb {
	chain dpt_fwd {
		type filter hook forward priority 10; policy accept;
		$1
	}
}
EOF
}
search() {	# OUT ARGS...: the short search; sets rc
	local out=$1
	shift
	dut throughput -c "$ini" -q --duration 1 --timeout 200 --settle 100 \
		--rate-min 0 --rate-max 2000 --initial-rate 2000 --error 1000 \
		-o "$out" "$@" >/dev/null
	rc=$?
}
# none OUT LABEL: the search ended none because nothing came back
none() {
	expect_equal "$2: exit status" "$rc" 3
	expect_equal "$2: rate" "$(col "$1/rate.csv" rate)" ""
	expect_equal "$2: result_kind" "$(col "$1/rate.csv" result_kind)" none
	grep -q "^search 1: no valid result: no test frame came back in [0-9]* trials" \
		"$WORK/out.log" || fail "$2: stdout: $(cat "$WORK/out.log")"
	grep -q "search 1: no valid result: not a measured DUT figure (no test frame came back;" \
		"$WORK/err.log" || fail "$2: stderr: $(cat "$WORK/err.log")"
	python3 - "$1" <<'PY' || fail "$2: trials.csv or run.json"
import csv, json, sys
out = sys.argv[1]
rows = list(csv.DictReader(open(out + "/trials.csv"), skipinitialspace=True))
# two rates; a trial the shared machine made invalid is retried
assert sum(r["status"] == "fail" for r in rows) == 2, rows
for r in rows:
    assert r["status"] in ("fail", "invalid"), r
    for d in ("fwd", "rev"):
        if int(r[d + "_sent"] or 0):
            assert int(r[d + "_received"]) == 0 and int(r[d + "_late"]) == 0, r
d = json.loads(open(out + "/run.json").read().splitlines()[-1])
assert [(x["result_kind"], x["result_reason"]) for x in d["runs"]] == \
    [("none", "no test frame came back")], d["runs"]
assert d["result"].startswith("no valid result (no test frame came back in %d trials" % len(rows)), d["result"]
assert "dut_mac" in d["result"] and "foreign frames received" in d["result"], d["result"]
PY
}

# --- the DUT forwards nothing
nft_dut "drop"
search "$WORK/drop"
none "$WORK/drop" drop
ok "drop everything: none, 'no test frame came back', exit 3"

# --- a wrong neighbour entry for 198.19.0.2: the DUT sends every frame
# to a MAC that is not the tester's (a missing entry no longer serves:
# the tester answers the DUT's ARP itself, issue 35)
nft_dut ""
ip -n "$TB_DUT" neigh replace 198.19.0.2 lladdr 02:00:00:00:99:99 dev d1 nud permanent ||
	fail "neigh wrong"
search "$WORK/neigh" --direction f
none "$WORK/neigh" "wrong neighbour"
other=$(sed -n 's/.* ND\/ICMPv6, \([0-9]*\) to another MAC.*/\1/p' "$WORK/out.log")
[ -n "$other" ] && [ "$other" -gt 0 ] ||
	fail "wrong neighbour: frames to another MAC not counted: $(cat "$WORK/out.log")"
# the counts are trials.csv's: those frames are among its foreign counts
python3 - "$WORK/neigh/trials.csv" "$other" <<'PY' || fail "wrong neighbour: foreign counts"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), skipinitialspace=True))
n = sum(int(r[k] or 0) for r in rows for k in r if k.startswith("fwd_foreign"))
assert n >= int(sys.argv[2]), (n, rows)
PY
ip -n "$TB_DUT" neigh replace 198.19.0.2 lladdr 02:00:00:00:01:10 dev d1 nud permanent ||
	fail "neigh back"
ok "wrong neighbour entry: none, $other frames to another MAC named"

# --- every 10th frame dropped: frames come back, every rate loses some
nft_dut "numgen inc mod 10 == 0 drop"
search "$WORK/some"
expect_equal "some lost: exit status" "$rc" 0
expect_equal "some lost: rate" "$(col "$WORK/some/rate.csv" rate)" 0
expect_equal "some lost: result_kind" "$(col "$WORK/some/rate.csv" result_kind)" measured
grep -q "throughput 0 fps: no trial passed" "$WORK/out.log" ||
	fail "some lost: stdout: $(cat "$WORK/out.log")"
python3 - "$WORK/some/trials.csv" <<'PY' || fail "some lost: trials.csv"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1]), skipinitialspace=True)
        if r["status"] != "invalid"]
assert len(rows) == 2, rows
for r in rows:
    assert r["status"] == "fail", r
    assert 0 < int(r["fwd_received"]) < int(r["fwd_sent"]), r
PY
ok "every 10th frame dropped: measured 0, exit 0"
it_tb_down
