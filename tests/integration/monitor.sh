#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Mode monitor on the memif wire with the main lcore free (--lcores
# 0@0,1@0,2@1): the per-interval frames add up to the trial's trials.csv
# counts exactly, the running average rate is the configured one within
# 0.1 %, the last row alone is partial (it ends at the end of sending, its
# rate is the configured one, no variation, min/max untouched), Ctrl-C
# leaves only complete monitor.csv rows (and still adds up), and a main
# lcore that carries a role is refused (exit 2, nothing written).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-mon-$$
cfg=$SRCDIR/tests/data/wire-main-free.ini
sock=$WORK/memif-$prefix.sock
# shellcheck disable=SC2207
EAL=($(eal_common "$prefix" "$EAL_MAIN_FREE") $(eal_memif "$sock"))
RATE=20000

# check OUT: rows complete, sums per direction equal trials.csv's counts
check() {
	python3 - "$1/monitor.csv" "$1/trials.csv" "$RATE" "${2:-}" <<'PY'
import csv, sys
mon = list(csv.reader(open(sys.argv[1])))
head, rows = mon[0], mon[1:]
assert len(rows) >= 2, "no monitor rows"
for r in rows:
    assert len(r) == len(head), ("incomplete row", r)
rows = [dict(zip(head, r)) for r in rows]
trial = list(csv.DictReader(open(sys.argv[2])))[-1]
rate = float(sys.argv[3])
for d in ("fwd", "rev"):
    mine = [r for r in rows if r["dir"] == d]
    tx = sum(int(r["tx_frames"]) for r in mine)
    rx = sum(int(r["rx_frames"]) for r in mine)
    assert tx == int(trial[d + "_sent"]), (d, tx, trial[d + "_sent"])
    assert rx == int(trial[d + "_received"]), (d, rx, trial[d + "_received"])
    assert int(mine[-1]["lost"]) == int(trial[d + "_lost"]), d
    # only the last row is partial: it ends where sending ended, has no
    # variation and leaves min/max as the row before had them
    last = mine[-1]
    assert [r["partial"] for r in mine] == ["0"] * (len(mine) - 1) + ["1"], \
        (d, [r["partial"] for r in mine])
    assert last["var_ns"] == "" and last["warning"] == "0", (d, last)
    assert (last["var_min_ns"], last["var_max_ns"]) == \
        (mine[-2]["var_min_ns"], mine[-2]["var_max_ns"]), (d, last, mine[-2])
    end_s = float(last["t_s"])
    assert all(float(r["t_s"]) < end_s for r in mine[:-1]), (d, "sample past the end")
    # its rate over its own length: the configured one, but for the frames
    # a sender behind schedule (max lag, burst = 1) had not sent by the
    # sample before; not judged when Ctrl-C ended the sending (where the
    # sender stopped within its last burst is the signal's timing)
    lag_us = float(trial[d + "_max_lag_us"])
    span = float(last["interval_s"])
    if span >= 0.1 and sys.argv[4] != "interrupted":
        slack = (lag_us * 1e-6 * rate + 2) / (span * rate) + 0.001
        fps = float(last["tx_fps"])
        assert abs(fps / rate - 1) <= slack, (d, "last row", fps, rate, slack)
        print(f"{d}: last row partial, {span:.3f} s at {fps:.1f} fps")
    if sys.argv[4] != "interrupted":
        # sending ended at the trial's duration: the whole run's average
        # is what was sent over it (not over the receivers' timeout too)
        dur = float(trial["duration_s"])
        assert abs(end_s - dur) < 0.0015, (d, end_s, dur)
        whole = int(trial[d + "_sent"]) / dur
        assert abs(float(last["avg_tx_fps"]) - whole) <= 0.1, \
            (d, last["avg_tx_fps"], whole)
        # the last sample taken while sending: the sender's average; a
        # sender preempted for milliseconds (max lag) shifts it by as much
        live = mine[-2]
        avg = float(live["avg_tx_fps"])
        if lag_us <= 1000:
            assert abs(avg / rate - 1) <= 0.001, (d, avg, rate)
            print(f"{d}: {len(mine)} rows, {tx} sent = trials.csv, avg {avg:.1f} fps")
        else:
            print(f"{d}: {len(mine)} rows, {tx} sent = trials.csv, avg {avg:.1f} fps"
                  f" (sender preempted {lag_us:.0f} us: average not judged)")
            sys.exit(3)
    else:
        print(f"{d}: {len(mine)} rows, {tx} sent, {rx} received = trials.csv")
PY
}

mon() {	# OUT ARGS...
	local out=$1
	shift
	"$DUTPERF" "${EAL[@]}" -- monitor -c "$cfg" --rate $RATE -o "$out" \
		--interval 500 "$@" >"$WORK/out.log" 2>"$WORK/err.log"
}

# 1. a whole run: 4 s, 8 intervals per direction; a run whose sender this
# shared machine preempted is repeated (at most 3 runs) for the average
for try in 1 2 3; do
	rm -rf "$WORK/a"
	mon "$WORK/a" --duration 4 || fail "monitor: exit status $? ($(tail -3 "$WORK/err.log"))"
	rm -rf "/var/run/dpdk/$prefix"
	grep -q 'fwd: tx [0-9]* fps rx' "$WORK/err.log" || fail "no monitor lines: $(tail -3 "$WORK/err.log")"
	grep 'fwd: tx' "$WORK/err.log" | tail -1 | grep -q ', partial: 0\.[0-9]* s to the end of sending' ||
		fail "last fwd line not marked partial: $(grep 'fwd: tx' "$WORK/err.log" | tail -1)"
	[ "$(grep -c 'partial:' "$WORK/err.log")" = 2 ] || fail "partial lines: $(grep -c 'partial:' "$WORK/err.log"), want 2"
	out=$(check "$WORK/a")
	rc=$?
	echo "$out"
	[ $rc -eq 0 ] && break
	[ $rc -eq 3 ] || fail "monitor.csv against trials.csv"
	echo "note: sender preempted on this shared machine; run again" >&2
done
[ $rc -eq 0 ] && ok "monitor: interval rows add up to trials.csv, average within 0.1 %"
[ $rc -eq 3 ] && ok "monitor: interval rows add up to trials.csv (average not judged: preempted 3 times)"

# 2. Ctrl-C after about 2 s of a 30 s run
"$DUTPERF" "${EAL[@]}" -- monitor -c "$cfg" --rate $RATE -o "$WORK/b" \
	--interval 500 --duration 30 >"$WORK/out.log" 2>"$WORK/err.log" &
pid=$!
sleep 3
kill -INT $pid
wait $pid
rc=$?
rm -rf "/var/run/dpdk/$prefix"
[ $rc -eq 130 ] || fail "interrupted monitor: exit status $rc, want 130"
tail -1 "$WORK/b/trials.csv" | grep -q ',interrupted,' || fail "trial not marked interrupted"
out=$(check "$WORK/b" interrupted) || fail "interrupted monitor.csv"
echo "$out"
ok "monitor: Ctrl-C leaves complete rows that add up"

# 3. the main lcore carries a role: refused before the EAL starts and
# anything is written, by the run and by --check alike (issue 39)
for chk in "" --check; do
	# shellcheck disable=SC2046
	"$DUTPERF" $(eal_common "$prefix") $(eal_memif "$sock.2") -- monitor \
		-c "$SRCDIR/tests/data/wire.ini" --rate $RATE -o "$WORK/c" $chk \
		>"$WORK/out.log" 2>"$WORK/err.log"
	rc=$?
	rm -rf "/var/run/dpdk/$prefix"
	[ $rc -eq 2 ] || fail "main lcore with a role ${chk}: exit status $rc, want 2"
	grep -q 'wire.ini: \[left\] send_lcore = 0: lcore 0 is the EAL.s main lcore' "$WORK/err.log" ||
		fail "message: $(tail -1 "$WORK/err.log")"
	[ -s "$WORK/out.log" ] && fail "${chk:-run}: printed a configuration although refused"
	[ -e "$WORK/c/monitor.csv" ] && fail "monitor.csv written although refused"
	[ -e "$WORK/c/trials.csv" ] && fail "trials.csv written although refused"
done
ok "monitor: a main lcore with a role is refused by the run and --check, nothing written"
