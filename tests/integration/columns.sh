#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every mode's result files keep their columns: the header of trials.csv,
# rate.csv, latency.csv, pdv.csv and flr.csv and the keys of run.json, as
# the real binary writes them on the memif wire, against fixtures written
# by the binary before the mode table and driver loop (tests/data/columns).
# Each data row has as many fields as its header.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-cols-$$
cfg=$SRCDIR/tests/data/wire.ini
fx=$SRCDIR/tests/data/columns
memif() { wire "$DUTPERF" "$prefix" "$@"; }

# run MODE DIR FILE ARGS...: the mode, then FILE's header and rows checked
run() {
	local mode=$1 dir=$WORK/$2 file=$3
	shift 3
	memif "$mode" -c "$cfg" -o "$dir" -q "$@"
	rc=$?
	[ "$rc" = "${RC:-0}" ] ||
		fail "$mode: exit status $rc, want ${RC:-0} ($(tail -2 "$WORK/err.log"))"
	for f in trials.csv "$file"; do
		[ -n "$f" ] || continue
		diff <(head -1 "$dir/$f") "$fx/$f.header" >/dev/null ||
			fail "$mode: $f header differs from $fx/$f.header: $(head -1 "$dir/$f")"
		python3 - "$dir/$f" <<'PY' || fail "$mode: $f rows do not match the header"
import csv, sys
rows = list(csv.reader(open(sys.argv[1]), skipinitialspace=True))
assert len(rows) >= 2, "no data row"
for i, r in enumerate(rows[1:], 2):
    assert len(r) == len(rows[0]), (i, len(r), len(rows[0]))
PY
	done
	python3 - "$dir/run.json" "$fx/run.json.keys" "$mode" <<'PY' || fail "$mode: run.json keys"
import json, sys
want = open(sys.argv[2]).read().splitlines()
for line in open(sys.argv[1]):
    d = json.loads(line)
    assert ",".join(d.keys()) == want[0], list(d.keys())
    for p in d["ports"]:
        assert "ports: " + ",".join(p.keys()) == want[1], list(p.keys())
    assert d["mode"] == sys.argv[3], d["mode"]
PY
	ok "$mode: $file columns and run.json keys as before"
}

run trial trial "" --rate 1000 --duration 1
# the wire passes the range's top: a lower bound, exit 3 (docs/results.md)
RC=3 run throughput tput rate.csv --rate-max 2000 --error 1000 --duration 1
run latency lat latency.csv --rate 1000 --duration 2 --delay 1 --tagged 10
run pdv pdv pdv.csv --rate 1000 --duration 1
run loss loss flr.csv --rates 1000,500 --duration 1
