#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# scripts/soak.sh for 30 s (docs/robustness.md "Soak"): runs of
# several modes on a router testbed of its own with faults injected at
# random (link flaps, the DUT dropping everything, SIGHUP, SIGTERM, a
# failing and a hanging [reset] command), every run's files checked
# (complete rows, run.json JSON Lines, frames adding up, exit status,
# nothing left running) and dutperf's peak RSS, descriptors and threads
# compared from run to run.  SOAK_SECONDS overrides the 30 s; SOAK_SEED
# reproduces a run's choices.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }

"$SRCDIR/scripts/soak.sh" "${SOAK_SECONDS:-30}" --dir "$WORK/soak" \
	${SOAK_SEED:+--seed "$SOAK_SEED"} >"$WORK/soak.out" 2>"$WORK/soak.err"
rc=$?
cat "$WORK/soak.err"
cat "$WORK/soak.out"
[ $rc -eq 0 ] || fail "soak.sh: exit status $rc"
line=$(tail -1 "$WORK/soak.out")
[[ $line =~ ^soak:\ ([0-9]+)\ runs,\ ([0-9]+)\ trials,\ ([0-9]+)\ faults.*:\ ok$ ]] ||
	fail "soak.sh: last line: $line"
runs=${BASH_REMATCH[1]} trials=${BASH_REMATCH[2]} faults=${BASH_REMATCH[3]}
[ "$runs" -ge 4 ] && [ "$trials" -ge "$runs" ] || fail "only $runs runs, $trials trials"
expect_equal "table rows" "$(($(wc -l <"$WORK/soak/soak.csv") - 1))" "$runs"
ok "soak: $runs runs, $trials trials, $faults faults, every check passed"
# the soak's testbed is gone
id=$(sed -n 's/^soak: [0-9]* s on testbed \([0-9a-f]*\),.*/\1/p' "$WORK/soak.err")
[ -n "$id" ] || fail "no testbed named on stderr"
ip netns list | grep -q "dpt-$id-" && fail "soak testbed $id left behind"
ok "soak testbed $id removed"
