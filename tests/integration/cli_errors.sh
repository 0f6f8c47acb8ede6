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

# --check validates what can be known before traffic, and the run rejects
# the same things the same way, before the EAL starts (issue 18).
nothing_new() {	# name before
	local after
	after=$(cd "$tmp" && find . | sort | grep -v -e "^./$1.out\$" -e "^./$1.err\$" -e "^./cwd-$1\$")
	if [ "$2" = "$after" ]; then
		pass "$1: no new files"
	else
		fail "$1: new files: $(diff <(echo "$2") <(echo "$after") | grep '^>' | tr '\n' ' ')"
	fi
}

# An editor's UTF-8 byte order mark before the first section: named as
# such (it is invisible in the old "not a comment" message), exit 2, with
# --check and in a run.
echo "check: a config starting with a UTF-8 BOM exits 2 and says so"
{ printf '\357\273\277'; cat "$SRCDIR/conf/dutperf.ini"; } >"$tmp/bom.ini"
for m in check run; do
	before=$(cd "$tmp" && find . | sort)
	if [ $m = check ]; then
		run bom_$m -- trial -c "$tmp/bom.ini" --check -o "$tmp/out-bom"
	else
		run bom_$m -- trial -c "$tmp/bom.ini" -o "$tmp/out-bom"
	fi
	expect_rc bom_$m 2
	expect_in bom_$m err "$tmp/bom.ini:1: starts with a UTF-8 byte order mark (BOM); save the file without one"
	nothing_new bom_$m "$before"
done

echo "check: --check with an output directory under a regular file exits 2, creates nothing"
: >"$tmp/plainfile"
before=$(cd "$tmp" && find . | sort)
run outdir_file -- trial --check -o "$tmp/plainfile/sub/dir"
expect_rc outdir_file 2
expect_in outdir_file err "-o/--outdir $tmp/plainfile/sub/dir"
expect_in outdir_file err "not a directory"
nothing_new outdir_file "$before"

echo "check: --check with a creatable output directory exits 0, creates nothing"
before=$(cd "$tmp" && find . | sort)
run outdir_new -- trial --check -o "$tmp/fresh/a/b"
expect_rc outdir_new 0
nothing_new outdir_new "$before"

echo "check: --check with [right] recv_lcore = 1 not in -l 0 exits 2"
run lcore_check -l 0 -- trial -c "$SRCDIR/conf/dutperf.ini" --check
expect_rc lcore_check 2
expect_in lcore_check err "recv_lcore = 1: lcore not enabled by the EAL options (-l 0"
expect_in lcore_check err "dutperf.ini"

echo "check: the run rejects it the same way, before the EAL starts"
prefix=cli_errors_$$
trap 'rm -rf "$tmp" "/var/run/dpdk/$prefix"' EXIT
run lcore_run -l 0 --no-huge -m 64 --no-pci --file-prefix=$prefix -- \
	trial -c "$SRCDIR/conf/dutperf.ini" -d 1 -o "$tmp/lcore_run_out"
expect_rc lcore_run 2
if cmp -s "$tmp/lcore_check.err" "$tmp/lcore_run.err"; then
	pass "lcore_run: the same message as --check"
else
	fail "lcore_run: message differs: $(cat "$tmp/lcore_run.err")"
fi
if [ -e "/var/run/dpdk/$prefix" ] || [ -e "$tmp/lcore_run_out" ]; then
	fail "lcore_run: the EAL started or the output directory was created"
else
	pass "lcore_run: no EAL, no output directory"
fi

echo "check: a port the EAL options do not make is rejected by --check"
run port_check -l 0-1 --no-pci --vdev=net_null0 -- trial --check
expect_rc port_check 2
expect_in port_check err "[right] port_id = 1: no such DPDK port"

echo "check: options outside their modes, single-dash long options, blame"
run mode_opt -- throughput --rates 1000,2000
expect_rc mode_opt 2
expect_in mode_opt err "option --rates means nothing in mode throughput"
run mode_opt2 -- trial --tagged 500
expect_rc mode_opt2 2
expect_in mode_opt2 err "option --tagged means nothing in mode trial"
run single_dash -- trial -rate 1000
expect_rc single_dash 2
expect_in single_dash err "unknown option -rate (did you mean --rate?)"
run blame -- trial -c "$SRCDIR/conf/dutperf.ini" -s 2000
expect_rc blame 2
expect_in blame err "dutperf: -s/--size 2000 needs [traffic] jumbo = 1 or --jumbo"
run jumbo -- trial -c "$SRCDIR/conf/dutperf.ini" -s 2000 --jumbo --check -o "$tmp/x"
expect_rc jumbo 0
expect_in jumbo out "frame_size_b = 2000"

echo "check: several streams: lcore lists and queues checked before the EAL (exit 2)"
sed -e 's/^send_lcores =$/send_lcores = 0-1/' -e 's/^recv_lcores =$/recv_lcores = 0-1/' \
	-e 's/^queues = 1$/queues = 2/' "$SRCDIR/conf/dutperf.ini" >"$tmp/streams.ini"
run streams_ok -l 0-1 -- trial -c "$tmp/streams.ini" --check -o "$tmp/x"
expect_rc streams_ok 0
expect_in streams_ok out "send_lcores = 0-1"
sed 's/^queues = 2$/queues = 1/' "$tmp/streams.ini" >"$tmp/streams1.ini"
run streams_queues -l 0-1 -- trial -c "$tmp/streams1.ini" --check -o "$tmp/x"
expect_rc streams_queues 2
expect_in streams_queues err "streams1.ini: [left] send_lcores = 0-1: 2 lcores, more than"
sed 's/^send_lcores = 0-1$/send_lcores = 1-0/' "$tmp/streams.ini" >"$tmp/streams2.ini"
run streams_list -l 0-1 -- trial -c "$tmp/streams2.ini" --check -o "$tmp/x"
expect_rc streams_list 2
expect_in streams_list err "[left] send_lcores = 1-0: range 1-0 goes down"
run streams_eal -l 0 -- trial -c "$tmp/streams.ini" --check -o "$tmp/x"
expect_rc streams_eal 2
expect_in streams_eal err "[left] send_lcores = 0-1: lcore 1 not enabled by the EAL options (-l 0"
# every frame's delay on several streams and queues (issue 26): accepted
run streams_pdv -l 0-1 -- pdv -c "$tmp/streams.ini" --check -o "$tmp/x"
expect_rc streams_pdv 0
expect_in streams_pdv out "send_lcores = 0-1"

if [ "$failed" -ne 0 ]; then
	echo "cli_errors: FAILED"
	exit 1
fi
echo "cli_errors: all checks passed"
