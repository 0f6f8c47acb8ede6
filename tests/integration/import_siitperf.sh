#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dutperf-import-siitperf on the fixtures of tests/data/siitperf/: every
# good fixture (readme_*.conf, edge_*.conf) translates to its golden .ini
# (stdout) and .notes (stderr), exit 0, and `dutperf -- trial --check`
# accepts the result; a stateful one ([stateful] in the INI) must also
# pass `stateful --check`, with siitperf-tp's N M R T D from the fixture's
# "# N M R T D: ..." line set as the notes say ([stateful] frames,
# table_size, rate_fps, timeout_ms, delay_ms).  Every bad_*.conf exits 2
# with empty stdout and the message its first line names ("# expect:
# TEXT").  No root, no EAL.
set -u
: "${SRCDIR:?run through meson test}" "${BUILDDIR:?run through meson test}"
BIN=$BUILDDIR/src/import/dutperf-import-siitperf
DUTPERF=$BUILDDIR/src/dpdk/dutperf
DATA=$SRCDIR/tests/data/siitperf
fails=0
count=0
stateful=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

# dutperf validates INI (in $TMP) for MODE and exits before the EAL starts,
# what it printed in OUT; the EAL options of a machine with the lcores
# siitperf's configurations name (--check checks them; this one may have
# fewer CPUs).
dutperf_check() {	# MODE INI OUT
	(cd "$TMP" && "$DUTPERF" --lcores "(0-15)@0" -- "$1" --check -c "$2" > "$3" 2>&1)
}

[ -x "$BIN" ] || { echo "FAIL: $BIN not built" >&2; exit 1; }
[ -x "$DUTPERF" ] || { echo "SKIP: $DUTPERF not built (no DPDK)"; exit 77; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/import_siitperf.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT

# The golden files name the input as given: run in the data directory.
cd "$DATA" || exit 1
for conf in readme_*.conf edge_*.conf; do
	name=${conf%.conf}
	count=$((count + 1))
	"$BIN" "$conf" > "$TMP/$name.ini" 2> "$TMP/$name.notes"
	rc=$?
	[ "$rc" = 0 ] || { fail "$conf: exit $rc: $(cat "$TMP/$name.notes")"; continue; }
	diff -u "$name.ini" "$TMP/$name.ini" >&2 || fail "$conf: INI differs from $name.ini"
	diff -u "$name.notes" "$TMP/$name.notes" >&2 ||
		fail "$conf: stderr differs from $name.notes"
	dutperf_check trial "$name.ini" "$name.check" ||
		fail "$conf: dutperf --check rejects it: $(cat "$TMP/$name.check")"
	if grep -q '^\[stateful\]$' "$TMP/$name.ini"; then
		stateful=$((stateful + 1))
		cp "$TMP/$name.ini" "$TMP/$name.st.ini"
		read -r N M R T D <<< "$(sed -n 's/^# N M R T D: //p' "$conf")"
		[ -n "$D" ] && printf '[stateful]\nframes = %s\ntable_size = %s\nrate_fps = %s\ntimeout_ms = %s\ndelay_ms = %s\n' \
			"$N" "$M" "$R" "$T" "$D" >> "$TMP/$name.st.ini"
		dutperf_check stateful "$name.st.ini" "$name.st.check" ||
			fail "$conf: dutperf stateful --check rejects it: $(cat "$TMP/$name.st.check")"
		# the Stateful key's value decides the Initiator
		want=$(sed -n 's/^Stateful \([12]\).*/\1/p' "$conf")
		want=$([ "$want" = 2 ] && echo right || echo left)
		grep -q "^initiator = $want\$" "$TMP/$name.st.check" ||
			fail "$conf: stateful --check does not print initiator = $want"
		[ -z "$D" ] || grep -q "^frames = $N\$" "$TMP/$name.st.check" ||
			fail "$conf: stateful --check does not print frames = $N"
	fi
	echo "ok: $conf"
done
[ "$count" -ge 5 ] || fail "only $count good fixtures found"
[ "$stateful" -ge 4 ] || fail "only $stateful stateful fixtures found"

count=0
for conf in bad_*.conf; do
	count=$((count + 1))
	want=$(sed -n '1s/^# expect: //p' "$conf")
	[ -n "$want" ] || { fail "$conf: no '# expect:' first line"; continue; }
	"$BIN" "$conf" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	[ "$rc" = 2 ] || fail "$conf: exit $rc, want 2"
	[ -s "$TMP/out" ] && fail "$conf: wrote to stdout: $(head -3 "$TMP/out")"
	grep -qF -- "dutperf-import-siitperf: $conf: " "$TMP/err" ||
		fail "$conf: message does not name the file: $(cat "$TMP/err")"
	grep -qF -- "$want" "$TMP/err" ||
		fail "$conf: message lacks \"$want\": $(cat "$TMP/err")"
	echo "ok: $conf refused: $(cat "$TMP/err")"
done
[ "$count" -ge 20 ] || fail "only $count bad fixtures found"

# usage errors and a missing file
"$BIN" > "$TMP/out" 2>&1; [ $? = 2 ] || fail "no argument: not exit 2"
"$BIN" a b > "$TMP/out" 2>&1; [ $? = 2 ] || fail "two arguments: not exit 2"
"$BIN" "$TMP/missing.conf" > "$TMP/out" 2> "$TMP/err"
[ $? = 2 ] && [ ! -s "$TMP/out" ] && grep -q "missing.conf: cannot open" "$TMP/err" ||
	fail "missing file: $(cat "$TMP/err")"
"$BIN" --help | grep -q "^usage: dutperf-import-siitperf" || fail "--help"

[ "$fails" = 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo "all passed"
