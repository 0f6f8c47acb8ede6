#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Bad [stateful] input to the stateful modes (RFC 9693) and to the modes
# run with its phases (--stateful): inconsistent N / M /
# R / T / D, a Responder side that is not IPv4, enumeration ranges too small
# for N, an Initiator direction that does not send: exit 2, a message naming
# the file, section, key and value, nothing written (no output directory), no
# EAL started (none of its options are given).  The default D and D = N / R
# + T pass --check.
set -u
bin=${BUILDDIR:?BUILDDIR not set}/src/dpdk/dutperf
[ -x "$bin" ] || { echo "SKIP: $bin not built"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stateful_errors.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

# bad NAME MODE WANT EXTRA_INI: a configuration of [stateful] defaults plus
# EXTRA_INI (lines); exit 2, WANT on stderr, no output directory.
bad() {
	local name=$1 mode=$2 want=$3 ini=$tmp/$1.ini rc
	printf '[output]\ndir = %s/out-%s\n%b\n' "$tmp" "$name" "$4" >"$ini"
	"$bin" "$mode" -c "$ini" >"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
	if [ $rc -ne 2 ]; then
		echo "  FAIL: $name: exit $rc, want 2 ($(head -c 300 "$tmp/$name.err"))"
		failed=1
	elif ! grep -qF -- "$want" "$tmp/$name.err"; then
		echo "  FAIL: $name: stderr lacks '$want': $(head -c 300 "$tmp/$name.err")"
		failed=1
	elif [ -e "$tmp/out-$name" ]; then
		echo "  FAIL: $name: $tmp/out-$name was created"
		failed=1
	else
		echo "  ok: $name: exit 2, '$want'"
	fi
}

bad table_unfilled connrate "$tmp/table_unfilled.ini: [stateful] frames = 1000" \
	'[stateful]\nframes = 1000\ntable_size = 2000'
bad background connrate "2000 foreground frames (n = 2, m = 1)" \
	'[traffic]\nframe_size_b = 84\nm = 1\n[stateful]\nframes = 4000\ntable_size = 4000'
bad responder_ipv6 stateful "[right] ip_version = 6" '[right]\nip_version = 6'
bad ranges cttc "[stateful] frames = 4000: more than the 3000 port" \
	'[forward]\nsport_min = 1000\nsport_max = 1049\ndport_min = 1\ndport_max = 60\n[stateful]\ntable_size = 3000'
bad delay stateful "[stateful] delay_ms = 1500: phase 2 would start before" \
	'[stateful]\ndelay_ms = 1500'
bad rate_zero connrate "[stateful] rate_fps = \"0\"" '[stateful]\nrate_fps = 0'
bad initiator_silent stateful "[traffic] direction = reverse" \
	'[traffic]\ndirection = reverse'
bad bad_order stateful "[stateful] order = \"shuffled\"" '[stateful]\norder = shuffled'
bad no_responder connrate "validate = 1 needs the Responder" \
	'[traffic]\ndirection = forward'
bad teardown_cmd teardown "[stateful] teardown_cmd = \"\": mode teardown needs" ''
# [stateful] phases (--stateful): the same checks in the modes that take
# it; refused by the others
bad phases_delay loss "[stateful] delay_ms = 1500: phase 2 would start before" \
	'[stateful]\nphases = 1\ndelay_ms = 1500'
bad phases_ipv6 latency "[right] ip_version = 6" \
	'[stateful]\nphases = 1\n[right]\nip_version = 6\n[latency]\ndelay_s = 0'
bad phases_mode throughput "[stateful] phases = 1: means nothing in mode throughput" \
	'[stateful]\nphases = 1'
bad phases_mode_mlr mlr "phases = 1: means nothing in mode mlr" \
	'[stateful]\nphases = 1'
# the same checks in --check
"$bin" stateful -c "$tmp/delay.ini" --check >/dev/null 2>&1
[ $? -eq 2 ] && echo "  ok: --check: exit 2" || { echo "  FAIL: --check"; failed=1; }
# D: the default (0, N / R + 2T of each phase 1) whatever N / R, and a D
# of exactly N / R + T (4000 / 4000 s + 1000 ms) are accepted
for d in "rate_fps = 1" "delay_ms = 2000"; do
	printf '[output]\ndir = %s/out-good\n[stateful]\n%s\n' "$tmp" "$d" >"$tmp/good.ini"
	if "$bin" stateful -c "$tmp/good.ini" --check >/dev/null 2>"$tmp/good.err"; then
		echo "  ok: --check with $d: exit 0"
	else
		echo "  FAIL: --check with $d: $(head -c 300 "$tmp/good.err")"
		failed=1
	fi
done
exit $failed
