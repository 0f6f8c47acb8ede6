#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode b2b with K = 3 flows over a two-queue memif wire (two streams, two
# RX queues; no DUT: nothing is ever lost).  The flows' source ports
# (5000 .. 5002, the configured port 5000 fixed) must be accepted on every
# RX queue, not only queue 0: every burst up to max_frames passes, so the
# repetition is a lower bound at max_frames (exit 3) and no trial of
# trials.csv loses a frame.  Before the fix only queue 0's classifier knew
# the flows and queue 1 counted 2 of each 3 of its frames as foreign.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-b2bq-$$
ini=$WORK/wire2.ini
wire2_ini "$ini" 's/^sport_mode = random/sport_mode = fixed/; s/^sport = 49184/sport = 5000/
     s/^max_lag_us *=.*/max_lag_us = 300000/'
printf '[b2b]\nrepetitions = 1\nmin_frames = 0\nmax_frames = 300\nprecision_frames = 50\n' >>"$ini"
printf 'drain_ms = 100\nshort_drain = 1\nburst_rate_fps = 20000\nflows = 3\n' >>"$ini"

wire "$DUTPERF" "$prefix" b2b -c "$ini" --direction forward --settle 0 -o "$WORK/b2b"
rc=$?
expect_equal "exit status, every burst lossless (lower bound)" $rc 3
python3 - "$WORK/b2b" <<'PY' || fail "b2b figures: $(tail -3 "$WORK/err.log")"
import csv, sys
out = sys.argv[1]
rows = list(csv.DictReader(open(out + "/b2b.csv")))
rep = [r for r in rows if r["row"] == "repetition"]
assert len(rep) == 1 and rep[0]["result"] == "lower_bound", rep
assert float(rep[0]["burst_frames"]) == 300, rep[0]["burst_frames"]
assert all(r["flows"] == "3" for r in rows), "flows column"
tr = list(csv.DictReader(open(out + "/trials.csv")))
assert tr and all(int(r["fwd_lost"]) == 0 and int(r["fwd_received"]) ==
                  int(r["fwd_sent"]) > 0 for r in tr), \
    [(r["fwd_sent"], r["fwd_received"], r["fwd_lost"]) for r in tr]
PY
grep -q "kernel-backed" "$WORK/out.log" && fail "memif is no kernel-backed port"
ok "b2b: 3 flows over 2 streams x 2 RX queues: every burst received whole (lower bound 300, exit 3)"
