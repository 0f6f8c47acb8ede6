# SPDX-License-Identifier: BSD-3-Clause
# dutperf-plot: every kind rendered from tests/data/plot/ to PNG and SVG.
# The PNG's signature and size, the SVG's title, axis labels and number of
# plotted points (counted from the fixture rows with awk), and that
# bad inputs exit 2 naming file, line and column and write no image.
# Env: SRCDIR, BUILDDIR (meson test sets them).
. "$(dirname "$0")/common.sh"
BIN=$BUILDDIR/src/plot/dutperf-plot
STATS=$BUILDDIR/src/stats/dutperf-stats
DATA=$SRCDIR/tests/data/plot
TMP=$WORK

[ -x "$BIN" ] || fail "$BIN not built"
command -v gnuplot >/dev/null || fail "gnuplot not installed (apt-get install gnuplot-nox)"

# Non-empty values of column COL in FILEs (awk: the fixtures have no
# quoted commas).
values() {
	local col=$1
	shift
	awk -F' *, *' -v c="$col" '
		FNR == 1 { k = 0; for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
		k && $k != "" { n++ }
		END { print n + 0 }' "$@"
}

# Distinct values of columns C1,C2 in FILEs.
distinct() {
	local cols=$1
	shift
	awk -F' *, *' -v c="$cols" '
		FNR == 1 { split(c, w, ","); for (i = 1; i <= NF; i++)
			for (j in w) if ($i == w[j]) k[j] = i; next }
		{ key = ""; for (j in w) key = key "," $k[j]; seen[key] = 1 }
		END { print length(seen) }' "$@"
}

# Plotted point markers in an SVG (gnuplot draws each as a <use> of a
# point symbol at a translate(); the legend adds one per series drawn with
# points).
svg_points() {
	grep -o "<use xlink:href='#gpPt[0-9]*' transform='translate([^)]*)[^>]*>" "$1" |
		grep -vc "color='white'"
}

# check_png FILE: the PNG signature and the 1000x640 IHDR.
check_png() {
	local sig dims
	sig=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
	[ "$sig" = 89504e470d0a1a0a ] || fail "$1: not a PNG (signature $sig)"
	dims=$(od -An -tx1 -j16 -N8 "$1" | tr -d ' \n')
	[ "$dims" = 000003e800000280 ] || fail "$1: not 1000x640 (IHDR $dims)"
	[ "$(stat -c %s "$1")" -gt 10000 ] || fail "$1: only $(stat -c %s "$1") bytes"
}

# render KIND NAME POINTS TITLE XLABEL YLABEL -- ARGS...: PNG and SVG of
# the same plot; the SVG holds the texts and POINTS point markers.
render() {
	local kind=$1 name=$2 points=$3 text got
	shift 3
	local texts=()
	while [ "$1" != -- ]; do
		texts+=("$1")
		shift
	done
	shift
	"$BIN" "$kind" -o "$TMP/$name.png" "$@" 2>"$TMP/$name.err" ||
		{ fail "$kind png: exit $?: $(cat "$TMP/$name.err")"; return; }
	check_png "$TMP/$name.png"
	"$BIN" "$kind" -o "$TMP/$name.svg" "$@" 2>"$TMP/$name.err" ||
		{ fail "$kind svg: exit $?: $(cat "$TMP/$name.err")"; return; }
	head -c 200 "$TMP/$name.svg" | grep -q '<svg' || fail "$kind: no <svg> element"
	for text in "${texts[@]}"; do
		grep -qF "<text>$text</text>" "$TMP/$name.svg" ||
			fail "$kind: SVG lacks the text '$text'"
	done
	got=$(svg_points "$TMP/$name.svg")
	[ "$got" = "$points" ] || fail "$kind: $got points in the SVG, expected $points"
}

# --- tput-size: one point per (Size, Dir) of the batch, one key sample
# per direction; the line rate is drawn as a line without points.
B=$DATA/batch
groups=$(distinct Size,Dir "$B"/*/rate.csv)
dirs=$(distinct Dir "$B"/*/rate.csv)
render tput-size tput $((groups + dirs)) "Throughput against frame size" \
	"Frame size (bytes)" "Throughput (frames/s)" \
	"Ethernet line rate, 25 Gbit/s" -- --link-gbps 25 "$B"
# the files one by one give the same picture as the directory
"$BIN" tput-size --script "$TMP/dir.gp" "$B" &&
	"$BIN" tput-size --script "$TMP/files.gp" "$B"/*/rate.csv &&
	cmp -s "$TMP/dir.gp" "$TMP/files.gp" || fail "tput-size: DIR and its files differ"

# --- tput-size's line rate from run.json (tests/data/plot/link: the
# runs beside the rate.csv files record 10 Gbit/s, and 1024-b's once 1
# Gbit/s, the lowest of that size's runs): each median above its size's
# line rate (awk: at 1 Gbit/s, the median of an odd number of rates,
# 10^9 / ((Size + 20) * 8); only 1024-b's runs have that speed) is named
# on stderr and drawn once more, red, with a key sample
K=$DATA/link
above=$(for f in "$K"/1024-b/rate.csv; do
	awk -F' *, *' 'NR > 1 { print $2, $12 }' "$f" | sort -k2n |
		awk '{ s = $1; r[NR] = $2 } END { m = r[(NR + 1) / 2]
			if (m > 1e9 / ((s + 20) * 8)) print s }'
done | wc -l)
[ "$above" -ge 1 ] || fail "the link fixtures lost their median above 1 Gbit/s"
# points: 3 medians and a key sample, the line rate of each of the 3
# sizes (their speeds differ: a point each) and a key sample, the red ones
render tput-size tput-link $((3 + 1 + 3 + 1 + above + 1)) \
	"Ethernet line rate at each size's link speed" \
	"median above the line rate" -- "$K"
[ "$(grep -c 'warning: .* is above the line rate at 1 Gbit/s' "$TMP/tput-link.err")" = "$above" ] ||
	fail "tput-size: not $above warnings: $(cat "$TMP/tput-link.err")"
grep -q "link speeds differ, 1 to 10 Gbit/s" "$TMP/tput-link.err" ||
	fail "tput-size: no note that the link speeds differ"
# dutperf-report takes the line rate by the same rule (plot.h
# plot_run_speed): per size the same line rate, and the same percentage
# of it as the plot's line rate gives the median
"$BIN" tput-size --script "$TMP/agree.gp" "$K" 2>/dev/null ||
	fail "tput-size --script: exit $?"
"$BUILDDIR/src/report/dutperf-report" "$K" --markdown >"$TMP/agree.md" 2>/dev/null ||
	fail "dutperf-report --markdown: exit $?"
python3 - "$TMP/agree.gp" "$TMP/agree.md" <<'PY' || fail "plot and report disagree on the line rate"
import re, sys
gp, md = open(sys.argv[1]).read(), open(sys.argv[2]).read()
# the plot: the line-rate series and the medians
blocks = dict(re.findall(r"\$(d\d+) << EOD\n(.*?)EOD\n", gp, re.S))
line_block = re.search(r"\$(d\d+) using [^\n]* title \"Ethernet line rate", gp).group(1)
line = {float(a): float(b) for a, b in (l.split() for l in blocks[line_block].splitlines())}
med = {float(l.split()[0]): float(l.split()[1]) for l in blocks["d0"].splitlines()}
rows = [r for r in md.splitlines() if re.match(r"\| \d+ \| both \|", r)]
assert len(rows) == 3, rows
for r in rows:
    c = [x.strip() for x in r.strip("|").split("|")]
    size, pct, lr = float(c[0]), c[6], c[7]
    fps = float(re.match(r"(\d+) fps", lr).group(1))
    assert abs(fps - line[size]) <= 0.5, (size, fps, line[size])
    assert pct == "%.2f" % (100 * med[size] / line[size]), (size, pct, med[size], line[size])
    print("ok: %g B: line rate %.0f fps, %s %% in both" % (size, fps, pct))
PY
ok "dutperf-plot and dutperf-report: the same line rate and percentage for every size"
# --link-gbps overrides run.json: at 10 Gbit/s nothing is above
render tput-size tput-10g 4 "Ethernet line rate, 10 Gbit/s" -- -g 10 "$K"
[ ! -s "$TMP/tput-10g.err" ] || fail "tput-size -g 10: $(cat "$TMP/tput-10g.err")"
# no run.json: said on stderr, no line rate drawn
render tput-size tput-norun 2 "Throughput against frame size" -- "$DATA/norun"
grep -q "norun/run.json: No such file or directory" "$TMP/tput-norun.err" &&
	grep -q "no line rate drawn (--link-gbps sets one)" "$TMP/tput-norun.err" ||
	fail "tput-size without run.json: $(cat "$TMP/tput-norun.err")"
! grep -q "line rate" "$TMP/tput-norun.svg" || fail "tput-size: a line rate without a speed"

# --- loss-load: each non-empty loss_pct of a trial that was not invalid
# (those measured the tester), 2 files x 2 directions
R=$DATA/flr-routed.csv
G=$DATA/flr-bridged.csv
# (an invalid row with a loss value, as dutperf before result_kind wrote
# it; rx_fps empty)
invalid=$(cat "$R" "$G" | grep -c ',[0-9.][0-9.]*,invalid,$')
[ "$invalid" -ge 1 ] || fail "the fixtures lost their invalid row with a loss value"
render loss-load loss $(($(values loss_pct "$R" "$G") - invalid + 4)) \
	"Frame loss rate against offered load" "Offered load (frames/s)" \
	"Frame loss rate (%)" "routed, fwd" "bridged, rev" -- \
	--label routed --label bridged "$R" "$G"

# --- searches: one point per row and a key sample
A=$DATA/rate-before.csv
Z=$DATA/rate-after.csv
render searches searches $(($(values rate "$A") + 1)) \
	"rate of each search: $A" "Search (in file order)" \
	"Throughput (frames/s)" -- "$A"

# --- compare: each value beside the boxes; the verdict of dutperf-stats
verdict=$("$STATS" compare "$A" "$Z" --confidence 99 | sed -n '/confidence/,$p' |
	sed 's/^\t//' | paste -sd ';' | sed 's/;/; /g')
case $verdict in
"Difference at 99.0% confidence; "*) ;;
*) fail "compare: unexpected dutperf-stats verdict '$verdict'" ;;
esac
render compare compare $(($(values rate "$A" "$Z") + 1)) \
	"rate: before vs after" "$verdict" "Result set" \
	"Throughput (frames/s)" -- --confidence 99 -l before -l after "$A" "$Z"
"$BIN" compare -o "$TMP/same.svg" "$DATA/../stats/same_a.csv" \
	"$DATA/../stats/same_b.csv" 2>/dev/null &&
	grep -qF "<text>No difference proven at 95.0% confidence</text>" "$TMP/same.svg" ||
	fail "compare: no 'No difference proven' verdict for same_a/same_b"

# -c is dutperf's --config: no offline tool takes it for the confidence
# level any more (issue 39); each says what to write instead, exit 2
for t in "$STATS compare $A $Z" "$BIN compare -o $TMP/c.svg $A $Z" \
	"$BUILDDIR/src/report/dutperf-report $DATA/link -o $TMP/r.html"; do
	# shellcheck disable=SC2086
	$t -c 99 >/dev/null 2>"$TMP/c.err"
	expect_equal "$t -c 99: exit status" $? 2
	grep -q ": -c: no such option (-c is dutperf's --config; the confidence level is --confidence LEVEL)" \
		"$TMP/c.err" || fail "$t -c 99: $(cat "$TMP/c.err")"
done
ok "-c refused by dutperf-stats, -plot and -report, --confidence named"

# --- latency, pdv: a point per run with a value, a key sample per series
L=$DATA/latency.csv
n=0 s=0
for c in fwd_tl_us fwd_wcl_us rev_tl_us rev_wcl_us; do
	k=$(values $c "$L")
	n=$((n + k))
	[ "$k" -gt 0 ] && s=$((s + 1))
done
render latency latency $((n + s)) "Latency: CDF of the per-run values" \
	"Latency (µs)" "Runs at or below (%)" "fwd worst-case latency (wcl_us)" \
	-- "$L"
P=$DATA/pdv.csv
render pdv pdv $(($(values fwd_pdv_us "$P") + 1)) \
	"Packet delay variation: CDF of the per-run values" \
	"Packet delay variation (µs)" "Runs at or below (%)" -- "$P"

# --- monitor: tx, rx and variation points per direction (min/max: lines)
M=$DATA/monitor.csv
render monitor monitor $(($(values tx_fps "$M") + $(values rx_fps "$M") + \
	$(values var_ns "$M") + 6)) \
	"Monitor: instant rate and variation, $M" "Instant rate" \
	"Variation of the instant period from the average" "Time (s)" \
	"Instant rate (frames/s)" "Variation (ns)" -- "$M"

# --- bad inputs: exit 2, the place named, no image (nor temporary) left
bad() {
	local want=$1 rc
	shift
	mkdir "$TMP/bad"
	"$BIN" "$@" -o "$TMP/bad/x.png" 2>"$TMP/bad.err"
	rc=$?
	[ $rc -eq 2 ] || fail "$*: exit $rc, expected 2"
	grep -qF -- "$want" "$TMP/bad.err" ||
		fail "$*: message '$(cat "$TMP/bad.err")' lacks '$want'"
	[ -z "$(ls -A "$TMP/bad")" ] || fail "$*: left $(ls -A "$TMP/bad")"
	rm -rf "$TMP/bad"
}
X=$DATA/bad
bad "$X/empty.csv:1: no header line" searches "$X/empty.csv"
bad "$X/header-only.csv:2: no data rows" tput-size "$X/header-only.csv"
bad "$X/no-rate.csv:1: column 'rate' not found" compare "$X/no-rate.csv" "$A"
bad "$X/text-cell.csv:3: column 'rate': '12x0000' is not a number" \
	tput-size "$B" "$X/text-cell.csv"
bad "$X/short-row.csv:2: column 'loss_pct': missing" loss-load "$R" "$X/short-row.csv"
bad "$X/monitor-text.csv:3: column 'rx_fps': 'fast' is not a number" \
	monitor "$X/monitor-text.csv"
bad "$X/text-cell.csv:1: column 'fwd_tl_us' not found" latency "$X/text-cell.csv"
bad "$X/runjson-syntax/run.json:2: not a JSON object" tput-size "$X/runjson-syntax"
bad "$X/runjson-speed/run.json:1: link_speed_mbps: \"fast\" is not a speed" \
	tput-size "$X/runjson-speed"
bad "$X/one-row.csv:2: at least 2 rows needed" compare "$A" "$X/one-row.csv"
bad "$TMP/nosuch.csv: No such file" pdv "$TMP/nosuch.csv"
bad "compare takes 2 input files, not 3" compare "$A" "$Z" "$A"
bad "unknown plot 'histogram'" histogram "$A"
bad "--confidence 'nan': must be one of" compare --confidence nan "$A" "$Z"
mkdir "$TMP/bad"
"$BIN" searches -o "$TMP/bad/x.pdf" "$A" 2>"$TMP/bad.err"
[ $? -eq 2 ] && grep -q "x.pdf: output must end in .png or .svg" "$TMP/bad.err" ||
	fail "a .pdf output: $(cat "$TMP/bad.err")"
# gnuplot failing: exit 1, no image either
DUTPERF_GNUPLOT=false "$BIN" searches -o "$TMP/bad/x.png" "$A" 2>/dev/null
[ $? -eq 1 ] || fail "failing gnuplot: exit status not 1"
[ -z "$(ls -A "$TMP/bad")" ] || fail "failing gnuplot left $(ls -A "$TMP/bad")"

ok "plot: every kind, PNG and SVG, and the bad inputs"
