#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Usage and configuration errors of the real binary: exit 2, a message naming
# the culprit on stderr, nothing created on disk, and no EAL started (no EAL
# options are given, so the EAL would fail if it were started).
# Environment: SRCDIR, BUILDDIR (set by meson).  Exit 77 = skipped.
set -u

bin=${BUILDDIR:?BUILDDIR not set}/src/dpdk/dutperf
if [ ! -x "$bin" ]; then
	echo "SKIP: $bin not built"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_errors.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

pass() { echo "  ok: $*"; }
fail() { echo "  FAIL: $*"; failed=1; }

# run NAME ARGS...: runs the binary in a fresh directory $tmp/cwd-NAME,
# leaves rc and the files NAME.out and NAME.err.
run() {
	local name=$1
	shift
	mkdir -p "$tmp/cwd-$name"
	(cd "$tmp/cwd-$name" && "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err")
	rc=$?
}

expect_rc() {	# name want
	if [ "$rc" -eq "$2" ]; then
		pass "$1: exit $rc"
	else
		fail "$1: exit $rc, want $2; stderr: $(head -c 400 "$tmp/$1.err")"
	fi
}

expect_in() {	# name file(out|err) text
	if grep -qF -- "$3" "$tmp/$1.$2"; then
		pass "$1: std$2 mentions '$3'"
	else
		fail "$1: std$2 does not mention '$3': $(head -c 400 "$tmp/$1.$2")"
	fi
}

echo "check: 'dutperf -- --help' exits 0 and lists the modes"
run help -- --help
expect_rc help 0
expect_in help out trial
expect_in help out throughput
expect_in help out --config

echo "check: 'dutperf -- --version' exits 0 and prints the version"
run version -- --version
expect_rc version 0
expect_in version out "dutperf "

echo "check: 'dutperf -- trial --bogus' is a usage error"
run bogus -- trial --bogus
expect_rc bogus 2
expect_in bogus err "--bogus"

echo "check: 'dutperf -- bogusmode' is a usage error"
run bogusmode -- bogusmode
expect_rc bogusmode 2
expect_in bogusmode err "bogusmode"

echo "check: 'dutperf -- trial -r 12x' names the option"
run badopt -- trial -r 12x
expect_rc badopt 2
expect_in badopt err "--rate"

echo "check: --check on the example config exits 0 and prints it"
run check -- trial -c "${SRCDIR:?}/conf/dutperf.ini" --check
expect_rc check 0
expect_in check out "rate_fps = "

# Bad configurations: each names its key, and nothing is created.  Each one
# points [output] dir at a fresh path that must still not exist afterwards.
bad_config() {	# name needle body
	local name=$1 needle=$2 body=$3 outdir="$tmp/out-$1" before after
	printf '[output]\ndir = %s\n%b' "$outdir" "$body" >"$tmp/$name.ini"
	mkdir "$tmp/cwd-$name"
	echo "check: config with $name exits 2, names '$needle', creates nothing"
	before=$(cd "$tmp" && find . | sort)
	run "$name" -- trial -c "$tmp/$name.ini"
	after=$(cd "$tmp" && find . | sort | grep -v -e "^./$name.out\$" -e "^./$name.err\$")
	expect_rc "$name" 2
	expect_in "$name" err "$needle"
	expect_in "$name" err "$name.ini"
	if [ -e "$outdir" ]; then
		fail "$name: output directory $outdir was created"
	else
		pass "$name: no output directory"
	fi
	if [ "$before" = "$after" ]; then
		pass "$name: no new files"
	else
		fail "$name: new files: $(diff <(echo "$before") <(echo "$after") | grep '^>' | tr '\n' ' ')"
	fi
}

bad_config unknown_key "rate_fpx" '[traffic]\nrate_fpx = 1000\n'
bad_config bad_number "rate_fps" '[traffic]\nrate_fps = 12x\n'
bad_config bad_mac "mac" '[left]\nmac = 02:00:zz:00:00:10\n'
bad_config m_gt_n "m = 3" '[traffic]\nn = 2\nm = 3\n'

if [ "$failed" -ne 0 ]; then
	echo "cli_errors: FAILED"
	exit 1
fi
echo "cli_errors: all checks passed"
