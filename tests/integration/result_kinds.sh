#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A result the tester could not measure never looks like one (issue 18
# items 1 and 2, docs/results.md).  On the memif wire with max_lag_us = 0
# every trial is invalid: the sender is always some TSC ticks behind its
# first deadline, so it aborts at once ("behind schedule"), whatever the
# machine.  Against that tester:
#   throughput --repeat 2 -> exit 3, rate.csv rows with an empty rate and
#                            result_kind none, trials.csv all invalid,
#                            stdout "no valid result: every trial was
#                            invalid", no summary figure
#   loss --rates          -> exit 3, flr.csv invalid with no loss_pct,
#                            the table says invalid, never 0 %
#   latency, pdv          -> exit 3, "no valid result", no TL/WCL/PDV
# and with the default lag limit a search that passes is measured and a
# loss step has its loss and rx_fps (received / send time), exit 0.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-kinds-$$
cfg=$SRCDIR/tests/data/wire.ini
lag0=$WORK/lag0.ini
sed 's/^max_lag_us *=.*/max_lag_us = 0/' "$cfg" >"$lag0"
grep -q '^max_lag_us = 0$' "$lag0" || fail "no max_lag_us in $cfg"
# once: a run that is invalid on purpose is not repeated (common.sh
# repeated repeats preempted latency and pdv runs)
bin=$DUTPERF
memif() { wire_once "$@"; }

# expect_rc WANT WHAT ARGS...: the run's exit status is WANT
expect_rc() {
	local want=$1 what=$2 rc
	shift 2
	memif "$@"
	rc=$?
	[ "$rc" = "$want" ] ||
		fail "$what: exit status $rc, want $want ($(tail -3 "$WORK/err.log"))"
}

# all_invalid CSV: every trials.csv row invalid, sender behind schedule
all_invalid() {
	python3 - "$1" <<'PY' || fail "$1: a trial was not invalid"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows, "no trial"
for r in rows:
    assert r["status"] == "invalid", r
    assert "behind schedule" in r["reason"], r
PY
}

# --- throughput: no valid result, twice
out=$WORK/tput
expect_rc 3 throughput throughput -c "$lag0" -o "$out" -q --rate-max 2000 \
	--error 1000 --duration 1 --max-retries 0 --settle 0 --repeat 2
all_invalid "$out/trials.csv"
expect_equal "rate cells" "$(col "$out/rate.csv" rate all | tr '\n' ' ')" "  "
expect_equal "result_kind" "$(col "$out/rate.csv" result_kind all | tr '\n' ' ')" \
	"none none "
[ "$(grep -c 'no valid result: every trial was invalid (.*sender .*behind schedule' "$WORK/out.log")" = 2 ] ||
	fail "throughput: stdout does not say why: $(cat "$WORK/out.log")"
grep -q ' 0 fps' "$WORK/out.log" && fail "throughput: a 0 fps figure: $(cat "$WORK/out.log")"
grep -q 'median' "$WORK/out.log" && fail "throughput: a summary figure: $(cat "$WORK/out.log")"
grep -q 'summary: 2 of 2 searches left out (0 lower bound, 2 no valid result)' \
	"$WORK/out.log" || fail "throughput: summary: $(cat "$WORK/out.log")"
grep -q 'search 1: no valid result: not a measured DUT figure' "$WORK/err.log" ||
	fail "throughput: stderr: $(cat "$WORK/err.log")"
ok "throughput, every trial invalid: exit 3, rate empty, result_kind none, stdout says why"

# --- loss: invalid steps have no loss figure
out=$WORK/loss
expect_rc 3 loss loss -c "$lag0" -o "$out" -q --rates 2000,1000 --duration 1 \
	--settle 0
all_invalid "$out/trials.csv"
expect_equal "flr status" "$(col "$out/flr.csv" status all | sort -u)" invalid
expect_equal "flr loss_pct" "$(col "$out/flr.csv" loss_pct all | sort -u)" ""
expect_equal "flr lost" "$(col "$out/flr.csv" lost all | sort -u)" ""
expect_equal "flr rx_fps" "$(col "$out/flr.csv" rx_fps all | sort -u)" ""
[ "$(grep -c '^ *[0-9]* .*invalid .*invalid  (invalid: no loss' "$WORK/out.log")" = 2 ] ||
	fail "loss: table: $(cat "$WORK/out.log")"
grep -qE '0\.0000' "$WORK/out.log" && fail "loss: a 0 % figure: $(cat "$WORK/out.log")"
grep -q 'loss 1: 2 of 2 steps invalid' "$WORK/out.log" ||
	fail "loss: no word of the invalid steps: $(cat "$WORK/out.log")"
ok "loss, every step invalid: exit 3, no loss_pct, the table says invalid"

# --- latency and pdv: aborted, no figures
out=$WORK/lat
expect_rc 3 latency latency -c "$lag0" -o "$out" -q --rate 1000 --duration 2 \
	--delay 1 --tagged 10
all_invalid "$out/trials.csv"
grep -q 'latency 1: no valid result: the trial was invalid, the sender aborted it behind schedule (.*behind schedule' \
	"$WORK/out.log" || fail "latency: no word of the abort: $(cat "$WORK/out.log")"
grep -q 'TL ' "$WORK/out.log" && fail "latency: a TL figure: $(cat "$WORK/out.log")"
for d in fwd rev; do
	expect_equal "latency $d tl_us" "$(col "$out/latency.csv" ${d}_tl_us)" ""
	# aborted at its first burst: no tag (placed after 1 s) was sent, none lost
	expect_equal "latency $d tagged" "$(col "$out/latency.csv" ${d}_tagged)" 0
	expect_equal "latency $d tagged_lost" "$(col "$out/latency.csv" ${d}_tagged_lost)" 0
done
out=$WORK/pdv
expect_rc 3 pdv pdv -c "$lag0" -o "$out" -q --rate 1000 --duration 1
grep -q 'pdv 1: no valid result: the trial was invalid' "$WORK/out.log" ||
	fail "pdv: no word of the abort: $(cat "$WORK/out.log")"
grep -q 'PDV [0-9]' "$WORK/out.log" && fail "pdv: a PDV figure: $(cat "$WORK/out.log")"
expect_equal "pdv fwd_pdv_us" "$(col "$out/pdv.csv" fwd_pdv_us)" ""
ok "latency and pdv, trial invalid: exit 3, aborted, no figures, unsent tags not lost"

# --- a tester that keeps up: measured, exit 0
out=$WORK/ok
expect_rc 0 "throughput (valid)" throughput -c "$cfg" -o "$out" -q --rate-max 2000 \
	--error 1000 --duration 1 --settle 0
expect_equal "measured rate" "$(col "$out/rate.csv" rate)" 2000
expect_equal "measured kind" "$(col "$out/rate.csv" result_kind)" measured
ok "throughput on a wire that keeps up: measured, exit 0"

# --- a loss sweep that keeps up: loss figures and rx_fps = received / 1 s
out=$WORK/okloss
expect_rc 0 "loss (valid)" loss -c "$cfg" -o "$out" -q --rates 2000 --duration 1 \
	--settle 0
python3 - "$out/flr.csv" <<'PY' || fail "loss (valid): flr.csv figures"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2, rows
for r in rows:
    assert r["status"] in ("pass", "fail"), r
    recv, sent = int(r["received"]), int(r["sent"])
    assert float(r["rx_fps"]) == recv / int(r["duration_s"]), r
    assert abs(float(r["loss_pct"]) - 100.0 * (sent - recv) / sent) < 1e-6, r
PY
ok "loss on a wire that keeps up: loss_pct and rx_fps from the counts, exit 0"
