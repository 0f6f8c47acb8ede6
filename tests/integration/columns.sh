#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every mode's result files keep their columns: each mode runs on the memif
# wire, and the header of every file it writes (trials.csv and its own:
# rate.csv, mlr.csv, latency.csv, pdv.csv, flr.csv, monitor.csv, b2b.csv,
# recovery.csv, reset.csv, connrate.csv, cttc.csv, teardown.csv; dut.csv
# of a trial with [dut]) and the
# keys of run.json are checked against fixtures written by the binary
# before the change in question (tests/data/columns/FILE.header; the
# rows' bytes are test_report_fixtures', tests/data/report).  Each data
# row has as many fields as its header.  COLUMNS_WRITE=1 writes the
# headers into the fixtures instead (then review the diff).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-cols-$$
fx=$SRCDIR/tests/data/columns
memif() { wire "$DUTPERF" "$prefix" "$@"; }

# run MODE DIR "FILES" ARGS...: the mode (configuration $CFG, default
# wire.ini; exit status one of $RC, default 0; lcores $WIRE_LCORES), then
# trials.csv and each of FILES checked
run() {
	local mode=$1 dir=$WORK/$2 files=$3 f
	shift 3
	memif "$mode" -c "${CFG:-$SRCDIR/tests/data/wire.ini}" -o "$dir" -q "$@"
	rc=$?
	case " ${RC:-0} " in
	*" $rc "*) ;;
	*) fail "$mode: exit status $rc, want ${RC:-0} ($(tail -2 "$WORK/err.log"))" ;;
	esac
	for f in trials.csv $files; do
		[ -f "$dir/$f" ] || fail "$mode: no $f"
		if [ "${COLUMNS_WRITE:-0}" = 1 ]; then
			head -1 "$dir/$f" >"$fx/$f.header"
		else
			diff <(head -1 "$dir/$f") "$fx/$f.header" >/dev/null ||
				fail "$mode: $f header differs from $fx/$f.header: $(head -1 "$dir/$f")"
		fi
		python3 - "$dir/$f" <<'PY' || fail "$mode: $f rows do not match the header"
import csv, sys
rows = list(csv.reader(open(sys.argv[1]), skipinitialspace=True))
assert len(rows) >= 2, "no data row"
for i, r in enumerate(rows[1:], 2):
    assert len(r) == len(rows[0]), (i, len(r), len(rows[0]))
PY
	done
	python3 - "$dir/run.json" "$fx/run.json.keys" "$mode" "${DUT_KEY:-0}" <<'PY' || fail "$mode: run.json keys"
import json, sys
want = open(sys.argv[2]).read().splitlines()
for line in open(sys.argv[1]):
    d = json.loads(line)
    # with [dut] (DUT_KEY=1) run.json has one more key at the end: dut
    extra = ",dut" if sys.argv[4] == "1" else ""
    assert ",".join(d.keys()) == want[0] + extra, list(d.keys())
    for p in d["ports"]:
        assert "ports: " + ",".join(p.keys()) == want[1], list(p.keys())
    assert d["mode"] == sys.argv[3], d["mode"]
PY
	ok "$mode: trials.csv ${files:+$files }columns and run.json keys as before"
}

run trial trial "" --rate 1000 --duration 1
# the wire passes the range's top: a lower bound, exit 3 (docs/results.md)
RC=3 run throughput tput rate.csv --rate-max 2000 --error 1000 --duration 1
RC=3 run mlr mlr "mlr.csv rate.csv" --rate-min 1000 --rate-max 2000 --timeout 100 \
	--settle 0 --goal ndr,final=0.2,sum=0.2,initial=0.2
run latency lat latency.csv --rate 1000 --duration 2 --delay 1 --tagged 10
run pdv pdv pdv.csv --rate 1000 --duration 1
run loss loss flr.csv --rates 1000,500 --duration 1
# the monitor wants a main lcore without a role
CFG=$SRCDIR/tests/data/wire-main-free.ini WIRE_LCORES=$EAL_MAIN_FREE \
	run monitor mon monitor.csv --rate 1000 --duration 2
RC=3 run b2b b2b b2b.csv --max-frames 200 --repetitions 1 --settle 0 \
	--throughput 20000

# [dut] (docs/dut.md): dut.csv, observed in every trial
dutini=$WORK/dut.ini
cp "$SRCDIR/tests/data/wire.ini" "$dutini"
printf '[dut]\nobs1 = k: echo a = 1\nobs1_parser = kv\nobs1_trials = all\n' >>"$dutini"
CFG=$dutini DUT_KEY=1 run trial dut dut.csv --rate 1000 --duration 1

ini=$WORK/wire.ini
cp "$SRCDIR/tests/data/wire.ini" "$ini"
printf '[reset]\ncommand = "true"\nat_ms = 500\n' >>"$ini"
printf '[recovery]\nthroughput_fps = 1000\noverload_s = 1\nafter_s = 1\n' >>"$ini"
CFG=$ini run reset reset reset.csv --rate 1000 --duration 2 --settle 0
# nothing lost at 110 % on a wire: no recovery time, exit 3
CFG=$ini RC=3 run recovery rec recovery.csv --settle 0

# RFC 9693 on the wire: the Initiator's address as the Responder sees it is
# the left's own (no NAT); 10 x 100 port combinations bound cttc
st=$WORK/stateful.ini
sed -e '0,/^ipv4_virt = .*/s//ipv4_virt = 198.18.0.2/' \
	-e '0,/^sport_max = .*/s//sport_max = 1033/' \
	-e '0,/^dport_max = .*/s//dport_max = 100/' "$SRCDIR/tests/data/wire.ini" >"$st"
grep -q '^ipv4_virt = 198.18.0.2$' "$st" || fail "no ipv4_virt in $st"
cat >>"$st" <<INI
[stateful]
initiator = left
frames = 1000
table_size = 1000
rate_fps = 2000
timeout_ms = 300
cttc_start = 250
cttc_error = 250
teardown_cmd = true
INI
search=(--rate-min 1000 --rate-max 4000 --error 1000 --settle 0)
CFG=$st RC=3 run stateful stfl rate.csv "${search[@]}"
CFG=$st RC=3 run connrate cr connrate.csv "${search[@]}"
CFG=$st RC=3 run cttc cttc cttc.csv "${search[@]}"
# measured or none, as the command's timings fall
CFG=$st RC="0 3" run teardown td teardown.csv
