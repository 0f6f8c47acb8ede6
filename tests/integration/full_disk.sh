#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A full disk (issue 24 item 4): the output directory is a tmpfs of a few
# KiB, so that a write fails: at a CSV header, at run.json with nothing
# written, inside run.json (the kernel takes the first pages of the record:
# a short write), inside a trials.csv row, inside a rate.csv row and after
# an earlier run's run.json record.  Each run (throughput on a memif wire:
# no kernel, no DUT) must exit 1 naming the file and saying the row or
# record was not written or removed; afterwards every CSV file holds only
# complete, newline-terminated rows of the header's column count, `jq -c .`
# reads run.json, and what was there before the run is there byte for byte.
# The tmpfs is mounted in a mount namespace of its own (unshare -m): it
# disappears with the run, nothing is left mounted.  tmpfs counts 4 KiB
# pages: a file takes whole pages, a write stops at the first page that
# does not fit.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }
[ "$(getconf PAGESIZE)" = 4096 ] || { echo "skipped: pages not 4 KiB"; exit 77; }
unshare -m --propagation private true 2>/dev/null ||
	{ echo "skipped: no mount namespace (unshare -m)"; exit 77; }

prefix=dpt-full-$$
args=(throughput -c "$SRCDIR/tests/data/wire.ini" --duration 1 --timeout 50
      --settle 0 --rate-min 1000 --rate-max 30000 --initial-rate 30000
      --error 2000 -q)

# full_run NAME KIB [SEED]: dutperf with -o $WORK/NAME, a tmpfs of KIB KiB
# holding a copy of directory SEED (if given) first; what it left is
# copied to $WORK/NAME.files, stderr to $WORK/NAME.err.  Sets rc.
full_run() {
	local name=$1 mnt=$WORK/$1
	mkdir -p "$mnt" "$mnt.files"
	# shellcheck disable=SC2046,SC2016
	unshare -m --propagation private bash -c '
		mnt=$1 kib=$2 seed=$3
		shift 3
		mount -t tmpfs -o "size=${kib}k,mode=0755" dpt-full "$mnt" || exit 100
		if [ -n "$seed" ]; then cp -a "$seed"/. "$mnt"/ || exit 101; fi
		"$@"
		rc=$?
		cp -a "$mnt"/. "$mnt.files"/ || exit 102
		exit $rc' _ "$mnt" "$2" "${3:-}" \
		"$DUTPERF" $(wire_eal "$prefix") -- "${args[@]}" -o "$mnt" \
		>"$WORK/$name.out" 2>"$WORK/$name.err"
	rc=$?
	rm -rf "/var/run/dpdk/$prefix" "$(wire_sock "$prefix")"
	[ $rc -lt 100 ] || fail "$name: setting up the tmpfs (exit $rc): $(cat "$WORK/$name.err")"
	grep -qF " $mnt " /proc/self/mountinfo && fail "$name: $mnt left mounted"
	return 0
}

# intact DIR: every CSV file in DIR empty or a header and complete rows
# (as many fields as the header, each line ended by a newline); run.json
# read by jq; prints the counts.
intact() {
	local f
	python3 - "$1" <<'PY' || fail "$1: a damaged file"
import csv, os, sys
d = sys.argv[1]
for name in sorted(os.listdir(d)):
    if not name.endswith(".csv"):
        continue
    data = open(os.path.join(d, name), "rb").read().decode()
    if not data:
        print("  %s: empty" % name)
        continue
    assert data.endswith("\n"), "%s: last line not ended: %r" % (name, data[-40:])
    rows = list(csv.reader(data.splitlines(), skipinitialspace=True))
    bad = [r for r in rows if len(r) != len(rows[0])]
    assert not bad, "%s: incomplete rows %s" % (name, bad[:1])
    print("  %s: header and %d complete rows" % (name, len(rows) - 1))
PY
	f=$1/run.json
	if [ -e "$f" ]; then
		jq -c . "$f" >/dev/null || fail "$1: jq cannot read run.json"
		[ ! -s "$f" ] || [ "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" = '\n' ] ||
			fail "$1: run.json does not end with a newline"
		echo "  run.json: $(jq -c . "$f" | wc -l) records, jq reads it"
	fi
}

# expect_fail NAME FILE WHAT: the run exited 1 with the message
# "dutperf: FILE: ..." ending in WHAT; its files are intact.
expect_fail() {
	local name=$1 file=$2 want=$3
	[ "$rc" -eq 1 ] || fail "$name: exit status $rc, want 1 ($(tail -2 "$WORK/$name.err"))"
	grep -E "^dutperf: $WORK/$name/$file: .*$want\$" "$WORK/$name.err" ||
		fail "$name: no message '$file: ... $want': $(grep dutperf: "$WORK/$name.err")"
	intact "$WORK/$name.files"
	ok "$name: exit 1, $file named; files intact"
}

# same NAME FILE SEED: FILE as it was in SEED (nothing added).
same() {
	cmp "$3/$2" "$WORK/$1.files/$2" || fail "$1: $2 changed"
}

# A reference run without a limit: how many bytes the files take.
ref=$WORK/ref
# (the wire passes the search's top: a lower bound, exit 3, results.md)
wire "$DUTPERF" "$prefix" "${args[@]}" -o "$ref"
rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || fail "reference run: exit $rc ($(tail -2 "$WORK/err.log"))"
intact "$ref"
json_b=$(stat -c %s "$ref/run.json")
[ "$json_b" -gt 8192 ] || fail "run.json record $json_b bytes: too short for this test"
ok "reference run: run.json record $json_b bytes"

nospc='write: No space left on device'
# 1 page: trials.csv's header fits, rate.csv's does not.
full_run p1 4
expect_fail p1 rate.csv "$nospc; the header was not written"
[ ! -s "$WORK/p1.files/rate.csv" ] || fail "p1: rate.csv not empty"
# 2 pages: both CSV files and their rows; no page for run.json.
full_run p2 8
expect_fail p2 run.json "$nospc; the record was not written"
# 3 pages (the issue's 12 KiB), 4 pages: part of the record fits.
for p in 3 4; do
	full_run "p$p" $((p * 4))
	expect_fail "p$p" run.json \
		"short write: $(((p - 2) * 4096)) of [0-9]+ bytes \\(disk full\\?\\); the incomplete record was removed"
	[ ! -s "$WORK/p$p.files/run.json" ] || fail "p$p: run.json not empty"
done

# A CSV file 1 byte short of a page boundary: 1 byte of the next row fits.
# seed_csv DIR FILE: FILE in DIR: the reference's header and filler rows
# of its column count, 4095 bytes in all.
seed_csv() {
	mkdir -p "$1"
	python3 - "$ref/$2" "$1/$2" <<'PY' || fail "seeding $1/$2"
import sys
hdr = open(sys.argv[1]).readline()
cols = hdr.count(",") + 1
out, left = hdr, 4095 - len(hdr)
while left > 0:
    n = left if left <= 400 else 200	# every row longer than its commas
    out += "f" * (n - cols) + "," * (cols - 1) + "\n"
    left -= n
assert len(out) == 4095 and out.endswith("\n"), len(out)
open(sys.argv[2], "w").write(out)
PY
}
seed_csv "$WORK/seed.trials" trials.csv
intact "$WORK/seed.trials"
full_run trials 8 "$WORK/seed.trials"
expect_fail trials trials.csv "short write: 1 of [0-9]+ bytes \\(disk full\\?\\); the incomplete row was removed"
same trials trials.csv "$WORK/seed.trials"
seed_csv "$WORK/seed.rate" rate.csv
full_run rate 8 "$WORK/seed.rate"
expect_fail rate rate.csv "short write: 1 of [0-9]+ bytes \\(disk full\\?\\); the incomplete row was removed"
same rate rate.csv "$WORK/seed.rate"
[ "$(wc -l <"$WORK/rate.files/trials.csv")" -gt 1 ] || fail "rate: no trials.csv rows"

# An earlier run's record, then one page more than it fills: the new
# record is cut after the first bytes; the old one stays, byte for byte.
mkdir -p "$WORK/seed.json"
cp "$ref/run.json" "$WORK/seed.json/"
full_run json $((((json_b + 4095) / 4096 + 3) * 4)) "$WORK/seed.json"
expect_fail json run.json "short write: [0-9]+ of [0-9]+ bytes \\(disk full\\?\\); the incomplete record was removed"
same json run.json "$WORK/seed.json"
[ "$(jq -c . "$WORK/json.files/run.json" | wc -l)" = 1 ] || fail "json: not 1 record"
pgrep -f "file-prefix=$prefix" >/dev/null && fail "a dutperf process is left"
ok "a full disk at 7 points: exit 1, the file named, only whole rows and records"
