#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Run every test of dutperf: installs what is missing (Debian 12, as root),
# builds into build/, runs the unit and integration suites, prints the logs
# of failing tests and ends with "N passed, N failed, N skipped".
#
#   scripts/test.sh              all suites
#   scripts/test.sh unit         one suite
#   SANITIZE=1 scripts/test.sh   also the unit suite under ASan+UBSan (build-asan/)
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

suites=${*:-unit integration}
deps_install
build_tree build

pass=0 fail=0 skip=0
run_suite() {	# dir suite
	local dir=$1 suite=$2 log
	meson test -C "$dir" --suite "$suite" --print-errorlogs --no-rebuild \
		--num-processes 1 >"$dir/suite-$suite.out" 2>&1
	cat "$dir/suite-$suite.out" | grep -E '^ *[0-9]+/[0-9]+ ' || true
	log="$dir/meson-logs/testlog.json"
	[ -f "$log" ] || return
	eval "$(python3 - "$log" <<'PY'
import json, sys
p = f = s = 0
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    if r in ("OK", "EXPECTEDFAIL"): p += 1
    elif r == "SKIP": s += 1
    else: f += 1
print(f"p={p} f={f} s={s}")
PY
)"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	if [ "$f" -gt 0 ]; then
		echo "---- failing tests of suite $suite ($dir) ----"
		sed -n '/^Summary of Failures/,$p' "$dir/suite-$suite.out"
		grep -v '^ *[0-9]*/[0-9]* ' "$dir/suite-$suite.out" | tail -n 200
	fi
}

for s in $suites; do
	run_suite build "$s"
done
if [ -n "${SANITIZE:-}" ]; then
	build_tree build-asan -Db_sanitize=address,undefined -Db_lundef=false
	run_suite build-asan unit
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
