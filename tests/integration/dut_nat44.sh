#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# [dut] on the NAT44 testbed (docs/dut.md): a trial --stateful observed
# with the DUT's own connection count (sysctl net.netfilter.
# nf_conntrack_count in the DUT namespace, parser kv, every trial): after
# phase 1 the DUT holds exactly the connections dutperf recorded
# (trials.csv recorded of the preliminary trial, N = 4000; the table is
# emptied before each phase 1 by [stateful] hook_trial), and phase 2's
# reverse frames, answers of recorded tuples, open no connection.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf

it_tb_up nat44
ini=$WORK/dutnat.ini
cp "$WORK/nat.ini" "$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = ct: $TB dut-exec -- sysctl net.netfilter.nf_conntrack_count
obs1_parser = kv
obs1_trials = all
EOF
dut trial --stateful -c "$ini" --rate 1000 --duration 1 -o "$WORK/t" ||
	fail "trial --stateful: exit status $? ($(tail -3 "$WORK/err.log"))"
python3 - "$WORK/t" <<'EOF' || fail "the DUT's connection count is not what dutperf recorded"
import csv, os, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(os.path.join(out, "trials.csv"))))
rows = {int(r["trial"]): r for r in csv.DictReader(open(os.path.join(out, "dut.csv")))
        if r["counter"] == "net.netfilter.nf_conntrack_count"}
assert [t["phase"] for t in trials] == ["preliminary", "real"], \
    [t["phase"] for t in trials]
rec = int(trials[0]["recorded"])
after1 = int(rows[1]["after"])
print("after phase 1: the DUT holds %d connections, dutperf recorded %d "
      "(received %s)" % (after1, rec, trials[0]["fwd_received"]))
assert rec == 4000, rec
assert after1 == rec, (after1, rec)
# phase 2: the Initiator's frames use the connections phase 1 opened
# (its ports over the same 4000 combinations), the Responder answers
# recorded tuples: the count stays
before2, after2 = int(rows[2]["before"]), int(rows[2]["after"])
print("phase 2: %d before, %d after" % (before2, after2))
assert before2 == after1 and after2 == after1, (before2, after2)
EOF
ok "after phase 1 the DUT's conntrack count equals the connections dutperf recorded"
it_tb_down
