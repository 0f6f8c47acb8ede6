#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A short bounded fuzzing run (issue 7 item 2): scripts/fuzz.sh 6 builds
# the libFuzzer harnesses with clang, ASan and UBSan into BUILDDIR-fuzz
# (next to the build dir: reused and its corpus grown between runs), replays
# the committed seed and regression corpora, then fuzzes each harness for
# 6 s (FUZZ_SECONDS overrides) from a fixed seed (FUZZ_SEED, default 1), so
# that a test run is repeatable: random exploration is scripts/fuzz.sh's
# job (default seed random).  Fails on any crash; skipped without clang.
set -u
: "${SRCDIR:?run through meson test}" "${BUILDDIR:?run through meson test}"
command -v clang >/dev/null || { echo "SKIP: clang not installed"; exit 77; }
export FUZZ_BUILDDIR=${FUZZ_BUILDDIR:-$BUILDDIR-fuzz}
export FUZZ_CRASHDIR=${FUZZ_CRASHDIR:-$FUZZ_BUILDDIR/crashes}
export FUZZ_SEED=${FUZZ_SEED:-1}
"$SRCDIR/scripts/fuzz.sh" "${FUZZ_SECONDS:-6}"
