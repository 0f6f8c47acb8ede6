#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The RFC 9693 phases on 2 streams and 2 RX queues per direction over a
# two-queue memif wire (docs/stateful.md "Several streams and queues"): the
# Initiator's two streams enumerate disjoint halves of the 4000
# combinations, the Responder's two RX queues record into their own parts
# of the state table (recorded = their sum), the Responder's two streams
# answer from the joined table.  No NAT on a wire: the Initiator's own
# address is its ipv4_virt.  Counts are exact with the sender's test aid
# dropping every 7th and duplicating every 5th frame of each stream
# (expected counts computed here from the stream split, not read from
# dutperf): phase 1 records exactly the frames that arrived once, so a
# table of exactly that size is filled and one entry more is not.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-ststreams-$$
cfg=$WORK/st2.ini
sed -e 's/^recv_lcore = 1$/recv_lcore = 1\nsend_lcores = 0-1\nrecv_lcores = 0-1\nqueues = 2/' \
	-e '0,/^ipv4_virt = .*/s//ipv4_virt = 198.18.0.2/' \
	-e '0,/^sport_min = .*/s//sport_min = 1024/' \
	-e '0,/^sport_max = .*/s//sport_max = 1063/' \
	-e '0,/^dport_max = .*/s//dport_max = 100/' \
	-e 's/^settle_ms = .*/settle_ms = 100/' \
	"$SRCDIR/tests/data/wire.ini" >"$cfg"
[ "$(grep -c '^queues = 2$' "$cfg")" = 2 ] || fail "no queues = 2 in $cfg"
grep -q '^ipv4_virt = 198.18.0.2$' "$cfg" || fail "no ipv4_virt in $cfg"
memif() { wire "$DUTPERF" "$prefix" "$@"; }
# rows CSV PHASE: the last row of CSV whose phase is PHASE as shell
# variables r_COLUMN
row() {
	python3 -c 'import csv, shlex, sys
r = [r for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == sys.argv[2]][-1]
for k, v in r.items():
    print("r_%s=%s" % (k.strip(), shlex.quote(v)))' "$1" "$2" || fail "no $2 row in $1"
}

# per stream i of 2: frames (T - i - 1) / 2 + 1; the aid drops every K-th
# frame of a stream and duplicates every J-th frame it did not drop
T=4000 K=7 J=5
aid_counts $T 2 $K $J
M=$((T - drops))
stateful_ini() {	# TABLE_SIZE MAX_RETRIES
	cp "$cfg" "$WORK/run.ini"
	sed -i "s/^max_retries = .*/max_retries = $2/" "$WORK/run.ini"
	printf '[stateful]\nframes = %s\ntable_size = %s\nrate_fps = 4000\ntimeout_ms = 300\n' \
		$T "$1" >>"$WORK/run.ini"
}

# phase 1 then phase 2 (trial --stateful) on the faulty wire, the table
# exactly the frames that arrive once
stateful_ini $M 0
DUTPERF_DEBUG_DROP_EVERY=$K DUTPERF_DEBUG_DUP_EVERY=$J \
	memif trial --stateful -c "$WORK/run.ini" --rate $T --duration 1 --timeout 300 \
	-o "$WORK/a" || fail "faulty wire: exit status $? ($(tail -2 "$WORK/err.log"))"
eval "$(row "$WORK/a/trials.csv" preliminary)"
# the trial's own verdict counts the aid's drops; the phases go on when
# the table is full (stateful_proc.h)
expect_equal "phase 1 status" "$r_status" fail
expect_equal "phase 1 recorded (both queues' parts)" "$r_recorded" $M
expect_aid "phase 1" fwd $T
expect_equal "phase 1 reverse" "$r_rev_sent" ""
eval "$(row "$WORK/a/trials.csv" real)"
for d in fwd rev; do
	expect_aid "phase 2" $d $T
done
ok "2 streams x 2 queues: phase 1 recorded $M over both parts, phase 2 answered from them, $drops gaps and $dups duplicates exactly"

# one entry more than arrives: phase 1 cannot fill it (invalid, exit 3)
stateful_ini $((M + 1)) 0
DUTPERF_DEBUG_DROP_EVERY=$K DUTPERF_DEBUG_DUP_EVERY=$J \
	memif trial --stateful -c "$WORK/run.ini" --rate $T --duration 1 --timeout 300 \
	-o "$WORK/b"
expect_equal "exit status, table short by one" $? 3
eval "$(row "$WORK/b/trials.csv" preliminary)"
expect_equal "recorded, table short by one" "$r_recorded" $M
python3 -c 'import csv, sys
sys.exit(any(r["phase"] == "real" for r in csv.DictReader(open(sys.argv[1]))))' \
	"$WORK/b/trials.csv" || fail "a phase 2 after a phase 1 that left the table short"
ok "a table of $((M + 1)): phase 1 records $M, no phase 2, exit 3"

# connrate on the clean wire, increasing order: every one of the N = M
# connections answered once by the Responder's two streams; the wire
# passes every rate, so the search ends at its upper bound (lower_bound,
# exit 3: the tester's limit, not a DUT's)
stateful_ini $T 1
printf 'order = increasing\nvalidate = 1\n' >>"$WORK/run.ini"
memif connrate -c "$WORK/run.ini" --rate-min 3000 --rate-max 4000 --error 1000 \
	-o "$WORK/c"
rc=$?
[ $rc -eq 3 ] || fail "connrate: exit status $rc ($(tail -2 "$WORK/err.log"))"
eval "$(row "$WORK/c/trials.csv" preliminary)"
expect_equal "connrate recorded" "$r_recorded" $T
expect_equal "connrate phase 1 received" "$r_fwd_received" $T
eval "$(row "$WORK/c/trials.csv" real)"
expect_equal "connrate validation sent" "$r_rev_sent" $T
expect_equal "connrate validation received" "$r_rev_received" $T
expect_equal "connrate validation bogus" "$r_rev_bogus" 0
expect_equal "connrate rate" "$(csv_col "$WORK/c/connrate.csv" rate)" 4000
expect_equal "connrate result" "$(csv_col "$WORK/c/connrate.csv" result_kind)" lower_bound
ok "connrate over 2 streams and 2 queues: $T recorded, $T answered, every rate up to 4000 passes"
