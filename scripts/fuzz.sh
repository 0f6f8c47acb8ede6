#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Build the libFuzzer harnesses (tests/fuzz) with clang, ASan and UBSan and
# run each for SECONDS (default 60) on a copy of its seed corpus.  Crashes
# (and hangs) are kept in $FUZZ_CRASHDIR (default BUILDDIR/crashes/NAME/);
# exits 1 when any harness found one.  Before fuzzing, each harness replays
# its committed corpus (tests/fuzz/corpus_NAME/, which also holds the
# inputs of every crash found and fixed: regression tests).
#
#   scripts/fuzz.sh [SECONDS]        build dir: build-fuzz (FUZZ_BUILDDIR=DIR)
#   FUZZ_SEED=N scripts/fuzz.sh ...  libFuzzer's -seed (default 0: random);
#                                    a fixed seed makes a run repeatable
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

secs=${1:-60}
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS must be a positive number, not '$secs'"
dir=${FUZZ_BUILDDIR:-build-fuzz}
command -v clang >/dev/null || die "clang is missing (apt-get install clang libclang-rt-14-dev)"
# The core library is instrumented for coverage (fuzzer-no-link) and every
# target for ASan+UBSan; UBSan findings abort, so libFuzzer keeps them.
if [ ! -f "$dir/build.ninja" ]; then
	CC=clang CFLAGS="-fsanitize=fuzzer-no-link -fno-sanitize-recover=all" \
		meson setup "$dir" -Dfuzz=true -Ddpdk=disabled -Db_lto=false \
		-Db_sanitize=address,undefined -Db_lundef=false \
		-Dbuildtype=debugoptimized >/dev/null ||
		die "meson setup $dir failed"
fi
ninja -C "$dir" tests/fuzz/fuzz_classify tests/fuzz/fuzz_cfg >/dev/null ||
	{ ninja -C "$dir"; die "build failed"; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
crashroot=${FUZZ_CRASHDIR:-$dir/crashes}
# fuzz_cfg's temp files (left behind when a crash aborts it)
FUZZ_TMPDIR=$(mktemp -d "$( [ -w /dev/shm ] && echo /dev/shm || echo /tmp)/fuzz.XXXXXX") ||
	die "mktemp failed"
export FUZZ_TMPDIR
trap 'rm -rf "$FUZZ_TMPDIR"' EXIT
rc=0
for h in classify cfg; do
	bin=$dir/tests/fuzz/fuzz_$h
	seeds=tests/fuzz/corpus_$h
	work=$dir/corpus/$h	# grows between runs (cached in CI)
	crashes=$crashroot/$h
	mkdir -p "$work" "$crashes"
	log=$dir/fuzz_$h.log
	if ! "$bin" -runs=0 -artifact_prefix="$crashes/" "$seeds" >"$log" 2>&1; then
		echo "fuzz_$h: FAILED replaying $seeds (log: $log)"
		tail -n 30 "$log"
		rc=1
		continue
	fi
	before=$(ls "$crashes" | wc -l)
	"$bin" -max_total_time="$secs" -seed="${FUZZ_SEED:-0}" -timeout=10 -rss_limit_mb=2048 \
		-max_len=9300 -artifact_prefix="$crashes/" -print_final_stats=1 \
		"$work" "$seeds" >"$log" 2>&1
	st=$?
	after=$(ls "$crashes" | wc -l)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	if [ $st -ne 0 ] || [ "$after" -gt "$before" ]; then
		echo "fuzz_$h: FOUND A CRASH in ${secs}s (exit $st; inputs in $crashes; log: $log)"
		grep -m 5 -E 'ERROR|runtime error|fuzz_' "$log"
		rc=1
	else
		echo "fuzz_$h: ok, ${secs}s, ${runs:-?} inputs, $cov, corpus $(ls "$work" | wc -l) files"
	fi
done
exit $rc
