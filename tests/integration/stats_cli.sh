# SPDX-License-Identifier: BSD-3-Clause
# dutperf-stats against hand-known figures and against ministat(1) on the
# same numbers.  Env: BUILDDIR (and SRCDIR, default: this script's tree).
set -u

SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BIN=${BUILDDIR:?BUILDDIR not set}/src/stats/dutperf-stats
DATA=$SRCDIR/tests/data/stats
. "$SRCDIR/scripts/lib.sh"
fails=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

[ -x "$BIN" ] || { echo "FAIL: $BIN not built" >&2; exit 1; }
command -v ministat >/dev/null ||
	{ echo "FAIL: ministat not installed (apt-get install ministat)" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Values of the rate column of a CSV file, for ministat.
column_values() {
	csv_col "$1" rate all
}

# field NAME of "name value" summary output
summary_field() {
	awk -v k="$1" '$1 == k { print $2 }'
}

# --- summary of the siitperf sample ---
RATE=$DATA/siitperf-rate.csv
[ -f "$SRCDIR/../shared/testdata/siitperf-rate.csv" ] &&
	RATE_SHARED=$SRCDIR/../shared/testdata/siitperf-rate.csv
out=$("$BIN" summary "$RATE") || fail "summary exit $?"
for kv in n:10 median:276952.5 min:241210 max:282616 mean:272225.8 \
	  p1:241210 p99:282616; do
	got=$(printf '%s\n' "$out" | summary_field "${kv%%:*}")
	[ "$got" = "${kv#*:}" ] || fail "summary ${kv%%:*}: '$got', want '${kv#*:}'"
done
# stddev at ministat's precision
column_values "$RATE" > "$TMP/rate"
want_sd=$(ministat -n "$TMP/rate" | awk '$1 == "x" && NF == 7 { print $7 }')
got_sd=$(printf '%s\n' "$out" | summary_field stddev)
[ "$(printf '%.8g' "$got_sd")" = "$want_sd" ] ||
	fail "stddev $got_sd, ministat $want_sd"
if [ -n "${RATE_SHARED:-}" ]; then
	cmp -s "$RATE" "$RATE_SHARED" || fail "tests/data copy differs from shared/"
fi
csv=$("$BIN" summary "$RATE" --csv) || fail "summary --csv exit $?"
[ "$csv" = "n,min,max,median,mean,stddev,p1,p99,frame_size,direction
10,241210,282616,276952.5,272225.8,$got_sd,241210,282616,84,b" ] ||
	fail "summary --csv: $csv"

# --- compare against ministat: the whole table and verdict, byte for byte ---
# From the column header line on; for an even N the median is masked (ours
# is the mean of the two middle values, ministat's the upper one: checked
# separately below).
mask_even_median() {
	tail -n +3 | awk 'NF == 7 && ($1 == "x" || $1 == "+") && $2 % 2 == 0 {
		$5 = "(even)" } { print }'
}
compare_both() {	# A B CONF
	"$BIN" compare "$1" "$2" --confidence "$3" > "$TMP/ours" ||
		{ fail "compare $1 $2 -c $3: exit $?"; return; }
	column_values "$1" > "$TMP/a"
	column_values "$2" > "$TMP/b"
	ministat -A -c "$3" "$TMP/a" "$TMP/b" > "$TMP/theirs" ||
		{ fail "ministat failed on $1 $2"; return; }
	mask_even_median < "$TMP/ours" > "$TMP/ours.t"
	mask_even_median < "$TMP/theirs" > "$TMP/theirs.t"
	if ! cmp -s "$TMP/ours.t" "$TMP/theirs.t"; then
		fail "compare $(basename "$1") $(basename "$2") -c $3 differs from ministat:"
		diff "$TMP/ours.t" "$TMP/theirs.t" >&2
	fi
}

for conf in 95 99; do
	compare_both "$DATA/before.csv" "$DATA/after.csv" $conf
	grep -q "^Difference at $conf.0% confidence" "$TMP/ours" ||
		fail "before/after -c $conf: no difference found"
	compare_both "$DATA/same_a.csv" "$DATA/same_b.csv" $conf
	grep -q "^No difference proven at $conf.0% confidence" "$TMP/ours" ||
		fail "same_a/same_b -c $conf: a difference found"
done
compare_both "$DATA/same_a.csv" "$DATA/before.csv" 80

# Generated sets: one value per line of "rate", n values around base.
gen() {	# FILE N BASE SEED
	awk -v n="$2" -v b="$3" -v s="$4" 'BEGIN {
		print "rate"; srand(s)
		for (i = 0; i < n; i++) printf "%d\n", b + int(rand() * 1000)
	}' > "$1"
}
# df 7..12 at 99.5 % (where ministat's table departs from the quantile),
# df 100 and 101 (the infinity row beyond 100), all levels on df 4 and 30.
for spec in 4:80 4:90 4:95 4:98 4:99 4:99.5 7:99.5 8:99.5 9:99.5 \
	    10:99.5 11:99.5 12:99.5 30:90 30:99.5 100:95 101:95 101:99.5 \
	    150:80; do
	df=${spec%%:*}
	conf=${spec#*:}
	n1=$(((df + 2) / 2))
	n2=$((df + 2 - n1))
	gen "$TMP/g1.csv" $n1 100000 "$df"
	gen "$TMP/g2.csv" $n2 103000 "$((df + 1000))"
	compare_both "$TMP/g1.csv" "$TMP/g2.csv" "$conf"
	grep -q "^Difference at" "$TMP/ours" ||
		fail "generated df $df: expected a difference (t not exercised)"
done

# Even n: our median is the mean of the two middle values, ministat prints
# the upper middle one; everything else agrees.
column_values "$DATA/before.csv" > "$TMP/a"
"$BIN" compare "$RATE" "$DATA/before.csv" > "$TMP/ours" || fail "compare even"
ministat -A "$TMP/rate" "$TMP/a" > "$TMP/theirs"
ours_x=$(awk '$1 == "x" && NF == 7 { print $2, $3, $4, $6, $7, $5 }' "$TMP/ours")
theirs_x=$(awk '$1 == "x" && NF == 7 { print $2, $3, $4, $6, $7, $5 }' "$TMP/theirs")
[ "${ours_x% *}" = "${theirs_x% *}" ] || fail "even n: '$ours_x' vs '$theirs_x'"
[ "${ours_x##* }" = 276952.5 ] || fail "even n median: ${ours_x##* }"
[ "${theirs_x##* }" = 278710 ] || fail "ministat's even-n median changed: ${theirs_x##* }"
[ "$(tail -n +6 "$TMP/ours")" = "$(tail -n +6 "$TMP/theirs")" ] ||
	fail "even n: verdict differs"

# --- groups: one summary per (frame size, direction), never pooled ---
# rate.csv rows of two sizes and two directions, interleaved; each group's
# median by hand: 84 b {100,300,200} -> 200, 84 f {1000,3000} -> 2000,
# 1518 b {50,70,60,80} -> 65.
H="No, Size, Dir, n, m, Duration, Initial Rate, Timeout, Error, Date, Iterations needed, rate"
{
	echo "$H"
	i=0
	for sdr in "84 b 100" "1518 b 50" "84 f 1000" "84 b 300" "1518 b 70" \
		   "84 f 3000" "1518 b 60" "84 b 200" "1518 b 80"; do
		set -- $sdr
		i=$((i + 1))
		echo "$i, $1, $2, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, $3"
	done
} > "$TMP/mixed.csv"
"$BIN" summary "$TMP/mixed.csv" > "$TMP/out" || fail "summary mixed: exit $?"
[ "$(grep -c '^group' "$TMP/out")" = 3 ] || fail "mixed: not 3 groups: $(cat "$TMP/out")"
# each group's block: its label line, then n ... median
group_med() {	# LABEL -> "n median"
	awk -v l="$1" '$1 == "group" { on = (substr($0, index($0, $2)) == l) }
		on && $1 == "n" { n = $2 } on && $1 == "median" { print n, $2; on = 0 }' "$TMP/out"
}
[ "$(group_med "frame size 84, direction b")" = "3 200" ] || fail "84 b: $(group_med "frame size 84, direction b")"
[ "$(group_med "frame size 84, direction f")" = "2 2000" ] || fail "84 f: $(group_med "frame size 84, direction f")"
[ "$(group_med "frame size 1518, direction b")" = "4 65" ] || fail "1518 b: $(group_med "frame size 1518, direction b")"
"$BIN" summary "$TMP/mixed.csv" --csv > "$TMP/out" || fail "summary mixed --csv"
[ "$(cut -d, -f1,4,9,10 "$TMP/out" | tr '\n' ' ')" = "n,median,frame_size,direction 3,200,84,b 4,65,1518,b 2,2000,84,f " ] ||
	fail "mixed --csv: $(cat "$TMP/out")"
# trials.csv names them frame_size_b and direction
printf 'frame_size_b,direction,rate_fps\n64,f,10\n64,r,30\n64,f,20\n' > "$TMP/trials.csv"
"$BIN" summary "$TMP/trials.csv" --column rate_fps --csv > "$TMP/out" || fail "trials groups"
[ "$(cut -d, -f1,4,9,10 "$TMP/out" | tr '\n' ' ')" = "n,median,frame_size,direction 2,15,64,f 1,30,64,r " ] ||
	fail "trials.csv groups: $(cat "$TMP/out")"

# --- rows that are no DUT result are skipped, and said so ---
# result_kind (the last column): 2 lower_bound rows (with a rate: "at
# least"), 1 none (empty rate); an old-style row with an empty rate too.
{
	echo "$H, result_kind"
	echo "1, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, 100, measured"
	echo "2, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, 98944, lower_bound"
	echo "3, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, 300, measured"
	echo "4, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, , none"
	echo "5, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, 99000, lower_bound"
	echo "6, 84, b, 2, 2, 60, 1000, 2000, 10, 2026-12-01 00:00:00, 5, 200, measured"
} > "$TMP/kinds.csv"
"$BIN" summary "$TMP/kinds.csv" > "$TMP/out" 2> "$TMP/err" || fail "kinds: exit $?"
[ "$(summary_field n < "$TMP/out") $(summary_field median < "$TMP/out") $(summary_field max < "$TMP/out")" = "3 200 300" ] ||
	fail "kinds: counted a row that is no result: $(cat "$TMP/out")"
grep -q "skipped 3 row(s) without a measured rate: 2 lower_bound, 1 none, 0 other result_kind, 0 empty" "$TMP/err" ||
	fail "kinds: stderr: $(cat "$TMP/err")"
# old files: no result_kind column, an empty rate is no value
printf 'Size, Dir, rate\n84, b, 10\n84, b, \n84, b, 30\n' > "$TMP/old.csv"
"$BIN" summary "$TMP/old.csv" > "$TMP/out" 2> "$TMP/err" || fail "old: exit $?"
[ "$(summary_field n < "$TMP/out") $(summary_field mean < "$TMP/out")" = "2 20" ] ||
	fail "old: $(cat "$TMP/out")"
grep -q "skipped 1 row(s) .* 1 empty" "$TMP/err" || fail "old: stderr: $(cat "$TMP/err")"
"$BIN" summary "$TMP/kinds.csv" --column "Initial Rate" > "$TMP/out" 2>/dev/null
[ "$(summary_field n < "$TMP/out")" = 3 ] || fail "kinds: other columns skip the same rows"

# --- errors: exit 2 and a useful message on stderr ---
expect_usage() {	# PATTERN ARGS...
	local pat=$1 rc
	shift
	"$BIN" "$@" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	[ $rc -eq 2 ] || fail "dutperf-stats $*: exit $rc, want 2"
	grep -q -- "$pat" "$TMP/err" || fail "dutperf-stats $*: stderr lacks '$pat': $(cat "$TMP/err")"
	[ -s "$TMP/out" ] && fail "dutperf-stats $*: wrote to stdout on error"
}
printf 'No, rate\n1, 100\n2, 1O0\n' > "$TMP/bad.csv"
expect_usage "No such file" summary "$TMP/missing.csv"
expect_usage "columns: No, Size, Dir" summary "$RATE" --column Rate
expect_usage "bad.csv:3: column 'rate': '1O0'" summary "$TMP/bad.csv"
expect_usage "must be one of" compare "$RATE" "$RATE" --confidence 97
expect_usage "two FILEs" compare "$RATE"
expect_usage "usage" frobnicate
expect_usage "usage"
expect_usage "mixes 3 (frame size, direction) groups" compare "$TMP/mixed.csv" "$RATE"
expect_usage "mixes 3 (frame size, direction) groups" compare "$RATE" "$TMP/mixed.csv"
printf 'Size, Dir, rate\n1518, b, 10\n1518, b, 30\n' > "$TMP/big.csv"
expect_usage "compare needs the same frame size and direction" compare "$RATE" "$TMP/big.csv"
expect_usage "has no measured values" summary <(printf 'rate, result_kind\n, none\n')
expect_usage "confidence is for compare only" summary "$RATE" --confidence 95
"$BIN" --help | grep -q "dutperf-stats summary" || fail "--help"
"$BIN" summary "$RATE" --column "Initial Rate" | grep -q '^median *200000$' ||
	fail "--column 'Initial Rate'"

if [ $fails -ne 0 ]; then
	echo "stats_cli: $fails failure(s)" >&2
	exit 1
fi
echo "stats_cli: all checks passed"
