#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# scripts/batch.sh: a series over frame sizes and directions, each search
# into its own directory with its own rate.csv; its exit status and summary
# when runs fail, its checks before the first run, paths relative to the
# caller's directory.
. "$(dirname "$0")/common.sh"
need_dutperf
BATCH=$SRCDIR/scripts/batch.sh
CONF=$SRCDIR/conf/testbed-ipv4.ini

# 1. An option without its value: a usage error, not a shell error.
"$BATCH" -c >"$WORK/u.log" 2>&1
rc=$?
expect_equal "-c without a value: exit status" $rc 2
grep -q -- "-c needs a value" "$WORK/u.log" || fail "no clean message: $(cat "$WORK/u.log")"
grep -q "unbound variable" "$WORK/u.log" && fail "shell error: $(cat "$WORK/u.log")"
ok "-c without a value: exit 2, '$(cat "$WORK/u.log")'"

# A stand-in for dutperf: --check goes to the real binary; a search is only
# logged and ends with exit status 3 for size 128 (no valid DUT result),
# 1 (runtime failure) for any other size.
cat >"$WORK/fake" <<-FAKE
#!/bin/bash
case " \$* " in *" --check "*) exec "$DUTPERF" "\$@" ;; esac
echo "\$*" >>"$WORK/runs.log"
case " \$* " in *" --size 128 "*) exit 3 ;; esac
exit 1
FAKE
chmod +x "$WORK/fake"

# 2. A bad size or direction late in the list: rejected before any search.
for bad in '--sizes|64 128 9999' '--dirs|f r x'; do
	opt=${bad%%|*} val=${bad#*|}
	DUTPERF=$WORK/fake "$BATCH" -c "$CONF" --repeat 1 "$opt" "$val" \
		-o "$WORK/v" >"$WORK/v.log" 2>&1
	rc=$?
	expect_equal "$opt '$val': exit status" $rc 2
	[ -e "$WORK/runs.log" ] && fail "$opt '$val': searches ran: $(cat "$WORK/runs.log")"
	grep -q "${val##* }" "$WORK/v.log" || fail "$opt '$val': not named: $(cat "$WORK/v.log")"
	ok "$opt '$val': exit 2 before any search ($(tail -1 "$WORK/v.log"))"
done

# 3. Every search fails: non-zero exit, and the summary names each series.
DUTPERF=$WORK/fake "$BATCH" -c "$CONF" --repeat 1 --sizes "64 128" --dirs "f r" \
	-o "$WORK/f" >"$WORK/f.log" 2>&1
rc=$?
expect_equal "all failed: exit status" $rc 1
expect_equal "searches run" "$(wc -l <"$WORK/runs.log")" 4
grep -q "summary: 0 of 4 series" "$WORK/f.log" || fail "no summary: $(cat "$WORK/f.log")"
grep -q "failed: 64-f (exit status 1) 64-r (exit status 1)$" "$WORK/f.log" ||
	fail "failed runs not listed: $(cat "$WORK/f.log")"
grep -q "no measured DUT result.*: 128-f 128-r$" "$WORK/f.log" ||
	fail "runs without a valid result not listed: $(cat "$WORK/f.log")"
# Only runs without a valid result: exit status 3.
DUTPERF=$WORK/fake "$BATCH" -c "$CONF" --repeat 1 --sizes 128 -o "$WORK/f" \
	>"$WORK/f3.log" 2>&1
rc=$?
expect_equal "no valid result: exit status" $rc 3
ok "failed series: exit 1 (3 when none failed otherwise), summary: $(grep -c batch.sh: "$WORK/f.log") lines"

need_root
# 4. A missing testbed: exit 2 before any search.
"$BATCH" -c "$CONF" --testbed nosuch$$ -o "$WORK/n" >"$WORK/n.log" 2>&1
rc=$?
expect_equal "missing testbed: exit status" $rc 2
grep -q "no testbed 'nosuch$$'" "$WORK/n.log" || fail "$(cat "$WORK/n.log")"

# 5. Real searches, started from another directory with relative paths.
it_tb_up router
mkdir -p "$WORK/cwd/conf"
cp "$CONF" "$WORK/cwd/conf/my.ini"
(cd "$WORK/cwd" && "$BATCH" -c conf/my.ini --testbed "$TBID" \
	--sizes "64 256" --dirs "f r" --repeat 1 -o out -- --duration 1 \
	--timeout 200 --settle 100 --rate-min 1000 --rate-max 8000 \
	--initial-rate 8000 --error 4000) >"$WORK/batch.log" 2>&1
rc=$?
# the router passes 8000 fps, the range's top: lower_bound, exit 3
# (docs/results.md); a router slowed by the shared machine: measured
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] ||
	fail "batch.sh exit status $rc ($(tail -3 "$WORK/batch.log"))"
for size in 64 256; do
	for dir in f r; do
		csv=$WORK/cwd/out/$size-$dir/rate.csv
		[ -f "$csv" ] || fail "no $csv"
		expect_equal "$size-$dir Size" "$(col "$csv" Size)" $size
		expect_equal "$size-$dir Dir" "$(col "$csv" Dir)" $dir
		[ "$(col "$csv" rate)" -gt 0 ] || fail "$size-$dir: no throughput"
		kind=$(col "$csv" result_kind)
		case $kind in
		measured) ;;
		# the top passed, or (a loaded machine) the tester's limit
		lower_bound) ;;
		*) fail "$size-$dir: result_kind $kind" ;;
		esac
	done
done
grep -q "summary: [0-4] of 4 series" "$WORK/batch.log" || fail "no summary: $(tail -3 "$WORK/batch.log")"
ok "4 series (64/256 B x f/r) from another directory, each with its own rate.csv"
it_tb_down

# 6. dutperf-report reads the series directory: a throughput row per size
# and direction, each labelled with its rate.csv's result kind.
"$BUILDDIR/src/report/dutperf-report" "$WORK/cwd/out" --markdown >"$WORK/batch.md" 2>"$WORK/report.err" ||
	fail "dutperf-report of the batch directory: exit status $? ($(cat "$WORK/report.err"))"
for size in 64 256; do
	for dir in f r; do
		name=$([ $dir = f ] && echo forward || echo reverse)
		case $(col "$WORK/cwd/out/$size-$dir/rate.csv" result_kind) in
		measured) want="measured (1)" ;;
		*) want="lower bound (1): at least $(col "$WORK/cwd/out/$size-$dir/rate.csv" rate)" ;;
		esac
		grep -q "^| $size | $name | .* | $want |\$" "$WORK/batch.md" ||
			fail "report: no row '$size $name ... $want': $(grep "^| $size " "$WORK/batch.md")"
	done
done
ok "dutperf-report of the batch directory: a throughput row per size and direction, result kinds as in rate.csv"
