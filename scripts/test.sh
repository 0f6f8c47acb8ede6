#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Run every test of dutperf: installs what is missing (Debian 12, as root),
# builds into build/, runs the unit and integration suites, prints the logs
# of failing tests and ends with "N passed, N failed, N skipped" (every
# cmocka case and every integration script counts as one test).
#
#   scripts/test.sh              all suites
#   scripts/test.sh unit         one suite
#   SANITIZE=1 scripts/test.sh   also the unit suite under ASan+UBSan (build-asan/)
# The integration suite includes the robustness steps (docs/robustness.md):
# sanitized.sh (unit suite, config corpus and the memif engine under
# ASan+UBSan in build-asan/) and fuzz_short.sh (scripts/fuzz.sh: each
# libFuzzer harness for FUZZ_SECONDS, default 10, in build-fuzz/); each
# prints its own result line and counts as one test.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

suites=${*:-unit integration}
deps_install
build_tree build
# every test, also those that do not source tests/integration/common.sh
python_unshim

pass=0 fail=0 skip=0
run_suite() {	# dir suite
	local dir=$1 suite=$2 p f s skipped
	# Not the previous suite's log if this one writes none.
	rm -f "$dir/meson-logs/testlog.json"
	meson test -C "$dir" --suite "$suite" --print-errorlogs --no-rebuild \
		--num-processes 1 >"$dir/suite-$suite.out" 2>&1
	grep -E '^ *[0-9]+/[0-9]+ ' "$dir/suite-$suite.out"
	[ -f "$dir/meson-logs/testlog.json" ] || { fail=$((fail + 1)); return; }
	eval "$(python3 scripts/testcount.py "$dir/meson-logs/testlog.json")"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	[ -n "$skipped" ] && echo "SKIPPED in suite $suite: $skipped"
	if [ "$f" -gt 0 ]; then
		echo "---- failing tests of suite $suite ($dir) ----"
		grep -v '^ *[0-9]*/[0-9]* ' "$dir/suite-$suite.out" | tail -n 300
	fi
	return 0
}

for s in $suites; do
	run_suite build "$s"
done
if [ -n "${SANITIZE:-}" ]; then
	build_sanitized build-asan
	run_suite build-asan unit
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
