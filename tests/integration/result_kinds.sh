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
# and with the default lag limit a search whose range top passes is only a
# lower bound (throughput, mlr, b2b, recovery: exit 3, "the range's top
# passed"), measured at the line rate, and a loss step has its loss and
# rx_fps (received / send time), exit 0.
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

# --- a tester that keeps up, a range whose top passes: only a lower bound
# (result.h: the DUT was never shown to fail), for every search mode on
# the wire: rate.csv / mlr.csv / b2b.csv / recovery.csv say lower_bound,
# stdout "at least X (the range's top passed)", run.json the reason, exit 3
out=$WORK/ok
expect_rc 3 "throughput (top passed)" throughput -c "$cfg" -o "$out" -q --rate-max 2000 \
	--error 1000 --duration 1 --settle 0
expect_equal "top passed rate" "$(col "$out/rate.csv" rate)" 2000
expect_equal "top passed kind" "$(col "$out/rate.csv" result_kind)" lower_bound
grep -q 'throughput at least 2000 fps per direction (the range.s top passed' "$WORK/out.log" ||
	fail "throughput top passed: stdout: $(cat "$WORK/out.log")"
grep -q 'search 1: a lower bound: not a measured DUT figure (the range.s top passed' \
	"$WORK/err.log" || fail "throughput top passed: stderr: $(cat "$WORK/err.log")"
runjson_reason() {	# DIR: the last record's runs' result_kind:result_reason
	python3 - "$1/run.json" <<'PY'
import json, sys
rec = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1]
print(rec["result"], "|", " ".join("%s:%s" % (r["result_kind"], r.get("result_reason", ""))
                                   for r in rec["runs"]))
PY
}
expect_equal "throughput top passed run.json" "$(runjson_reason "$out")" \
	"at least 2000 fps (the range's top passed) | lower_bound:the range's top passed"
ok "throughput, the range's top passed: at least 2000 fps, lower_bound, exit 3"

out=$WORK/mlrtop
expect_rc 3 "mlr (top passed)" mlr -c "$cfg" -o "$out" -q --rate-min 1000 --rate-max 2000 \
	--timeout 100 --settle 0 --goal ndr,final=0.2,sum=0.2,initial=0.2
expect_equal "mlr top passed kind" "$(col "$out/mlr.csv" result_kind)" lower_bound
expect_equal "mlr top passed rate.csv" "$(col "$out/rate.csv" result_kind)" lower_bound
grep -q 'ndr at least 2000 fps (the range.s top passed' "$WORK/out.log" ||
	fail "mlr top passed: stdout: $(cat "$WORK/out.log")"
expect_equal "mlr top passed run.json" "$(runjson_reason "$out")" \
	"ndr at least 2000 fps (the range's top passed) | lower_bound:the range's top passed"
ok "mlr, the max load passed: at least 2000 fps, lower_bound, exit 3"

out=$WORK/b2btop
# bursts at 100 kfps, not the 10 Gb/s line rate: a loaded machine's
# memif keeps up, so the repetitions end at the top, not invalid
b2bini=$WORK/b2b.ini
cp "$cfg" "$b2bini"
printf '[b2b]\nburst_rate_fps = 100000\n' >>"$b2bini"
expect_rc 3 "b2b (top passed)" b2b -c "$b2bini" -o "$out" -q --max-frames 2000 \
	--repetitions 2 --settle 0 --throughput 20000
python3 - "$out/b2b.csv" <<'PY' || fail "b2b top passed: b2b.csv: $(cat "$out/b2b.csv")"
import csv, sys
rows = [{k.strip(): v.strip() for k, v in r.items()} for r in csv.DictReader(open(sys.argv[1]))]
kinds = {r["row"]: r["result"] for r in rows if r["row"] != "trial"}
assert kinds == {"repetition": "lower_bound", "summary": "lower_bound"}, kinds
PY
expect_equal "b2b top passed run.json" "$(runjson_reason "$out" | sed 's/.*| //')" \
	"lower_bound:the range's top passed"
ok "b2b, the longest burst allowed passed: lower_bound, exit 3"

out=$WORK/rectop
rec=$WORK/rec.ini
frames_ini "$cfg" "$rec"
printf '[recovery]\noverload_s = 2\nafter_s = 1\n' >>"$rec"
expect_rc 3 "recovery (top passed)" recovery -c "$rec" -o "$out" -q --rate-max 2000 \
	--error 1000 --duration 1 --settle 0
# (a wire loses nothing at 110 %: not overloaded, no recovery time, none;
# the search's lower bound is said; test_recovery has the lower_bound run)
grep -q 'the throughput searched, 2000 fps, is a lower bound (the range.s top passed)' \
	"$WORK/out.log" || fail "recovery top passed: stdout: $(cat "$WORK/out.log")"
expect_equal "recovery top passed kinds" "$(col "$out/recovery.csv" result_kind all | sort -u)" none
ok "recovery, its throughput search's top passed: said a lower bound, exit 3"

# --- the range's top is the line rate (link_speed_gbps = 1, 1518 bytes:
# 81274 fps) and passes: measured, "line rate", exit 0
line=$WORK/line.ini
sed 's/^link_speed_gbps *=.*/link_speed_gbps = 1/' "$cfg" >"$line"
grep -q '^link_speed_gbps = 1$' "$line" || fail "no link_speed_gbps in $cfg"
# 81 kfps of 1518 B on a loaded 2-CPU machine may leave the sender behind
# schedule (invalid: the tester's limit, exit 3): up to 3 tries
for try in 1 2 3; do
	out=$WORK/line$try
	memif throughput -c "$line" -o "$out" -q -s 1518 --rate-max 81274 \
		--error 1000 --duration 1 --settle 0
	rc=$?
	[ "$rc" = 3 ] && grep -q "the tester's limit" "$WORK/err.log" || break
	echo "line rate try $try: the tester's limit (a loaded machine): once more"
done
[ "$rc" = 0 ] || fail "throughput (line rate): exit status $rc, want 0 ($(tail -3 "$WORK/err.log"))"
expect_equal "line rate" "$(col "$out/rate.csv" rate)" 81274
expect_equal "line rate kind" "$(col "$out/rate.csv" result_kind)" measured
grep -q 'throughput 81274 fps per direction (line rate' "$WORK/out.log" ||
	fail "line rate: stdout: $(cat "$WORK/out.log")"
expect_equal "line rate run.json" "$(runjson_reason "$out")" \
	"81274 fps (line rate) | measured:line rate"
ok "throughput at the line rate: 81274 fps measured (line rate), exit 0"

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
