# SPDX-License-Identifier: BSD-3-Clause
# Shared by the mlr_* integration tests (sourced after common.sh).

# mlr_search OUT ARGS...: one MLRsearch (dutperf mlr ARGS -o OUT) on the
# current testbed, its exit status in $rc.  On this shared 2-CPU machine a
# sender preempted for 20 ms makes trials invalid and, after the retries,
# ends the search at a tester "limit" (result_kind lower_bound or none):
# that is the test machine, not the DUT or dutperf, so such a search is
# run again (at most 3 searches); results are never relaxed.
mlr_search() {
	local out=$1 try
	shift
	for try in 1 2 3; do
		rm -rf "$out"
		dut mlr "$@" -o "$out"
		rc=$?
		[ -f "$out/mlr.csv" ] && ! grep -qE ',(lower_bound|none),' "$out/mlr.csv" && break
		grep -q 'behind schedule' "$out/trials.csv" 2>/dev/null || break
		echo "note: sender preempted on this shared machine (try $try); run again" >&2
	done
}
