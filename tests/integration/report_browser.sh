#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dutperf-report opened in a real browser (issue 27): short runs on the
# router testbed (throughput at 3 sizes, latency, loss, b2b) as a tree of
# run directories, and the same runs as a campaign directory with a
# lower-bound item, an interrupted one and one never run; each report
# passes an HTML5 validator (html5lib strict, and tidy when installed) and
# loads in headless Chromium offline with every image decoded, every
# section present, no console error, nothing fetched and a screenshot that
# is not blank (tests/tools/report_browser.py).  A deliberately broken page
# fails the same check (the check can fail), and bad input is refused with
# exit 2 and nothing written.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
REPORT=$BUILDDIR/src/report/dutperf-report
[ -x "$REPORT" ] || fail "no binary at $REPORT"
PY=/usr/bin/python3	# Debian's, for python3-html5lib and python3-pil
command -v chromium >/dev/null || fail "chromium not installed (apt-get install chromium; scripts/lib.sh deps_install)"
command -v gnuplot >/dev/null || fail "gnuplot not installed (apt-get install gnuplot-nox)"
$PY -c 'import html5lib, PIL' 2>/dev/null ||
	fail "python3-html5lib or python3-pil not installed (scripts/lib.sh deps_install)"
BROWSER="$PY $SRCDIR/tests/tools/report_browser.py"

# validate HTML: html5lib's strict parser (any parse error fails) and tidy
validate() {
	$PY - "$1" <<'PY' || fail "$1: not valid HTML5 (html5lib)"
import html5lib, sys
html5lib.HTMLParser(strict=True).parse(open(sys.argv[1], "rb"))
PY
	if command -v tidy >/dev/null; then
		tidy -errors -q "$1" || fail "$1: tidy reports errors"
	fi
}

# The check itself fails on a page with an undecodable image, an image
# from the network and next to nothing to see.
printf '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><p id="throughput">x</p><img alt="a" src="data:image/png;base64,AAAA"><img alt="b" src="http://192.0.2.1/x.png"></body></html>\n' >"$WORK/bad.html"
$BROWSER "$WORK/bad.html" "$WORK/bad.png" throughput >"$WORK/bad.log" 2>&1 &&
	fail "the browser check passed a broken page: $(cat "$WORK/bad.log")"
for w in "not decoded" "fetched from a network: \['http://192.0.2.1" "FAIL: screenshot"; do
	grep -q "$w" "$WORK/bad.log" || fail "broken page: no '$w' in $(cat "$WORK/bad.log")"
done
ok "the browser check fails a page with a broken image, a network fetch and nothing on it"

C=8000
it_tb_up router $C
# the report, not the tester's timing, is under test: a lag limit this
# shared 2-CPU machine keeps (common.sh frames_ini)
cfg=$WORK/testbed.ini
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$cfg"
T=$WORK/tree
run() {	# NAME MODE ARGS...: dutperf into $T/NAME; 0 or 3 (no valid result) is fine
	local name=$1
	shift
	dut "$@" -o "$T/$name" >/dev/null
	local rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 3 ] || fail "$name: exit status $rc ($(tail -3 "$WORK/err.log"))"
}
# 64 bytes twice: two values for the before/after verdict
run tp-64 throughput -c "$cfg" --size 64 --rate-max 12000 --error 1500 \
	--duration 1 --timeout 300 --settle 200 --repeat 2
run tp-512 throughput -c "$cfg" --size 512 --rate-max 12000 --error 1500 \
	--duration 1 --timeout 300 --settle 200
# a lower bound: every loss tolerated (--loss-ppm 1000000), so the range's
# top (3000 fps) passes whatever this loaded machine drops, below the line
# rate (docs/results.md "top passed")
run tp-1518 throughput -c "$cfg" --size 1518 --rate-max 3000 --error 1500 \
	--loss-ppm 1000000 --duration 1 --timeout 300 --settle 200
expect_equal "1518 result_kind" "$(col "$T/tp-1518/rate.csv" result_kind)" lower_bound
run lat-64 latency -c "$cfg" --size 64 --rate 5000 --duration 2 --delay 1 \
	--tagged 200 --timeout 300
run loss-64 loss -c "$cfg" --size 64 --rates 12000,9000,6000 --duration 1 \
	--timeout 300 --settle 200
{ cat "$cfg"
  printf '\n[b2b]\nrepetitions = 2\nmin_frames = 10\nmax_frames = 2000\n'
  printf 'precision_frames = 50\ndrain_ms = 300\nshort_drain = 1\nthroughput_fps = %s\n' $C; } >"$WORK/b2b.ini"
run b2b-64 b2b -c "$WORK/b2b.ini" --size 64 --settle 200
it_tb_down
ok "runs made: throughput 64 512 1518, latency, loss, b2b"

# The same runs as a campaign (the layout of issue 27's campaign mode):
# items 1-6 done, 7 interrupted (its directory holds only the cut
# trials.csv), 8 never started (no directory, no record).
K=$WORK/campaign
mkdir -p "$K"
$PY - "$T" "$K" <<'PY' || fail "campaign directory not built"
import json, os, shutil, sys
tree, camp = sys.argv[1:]
items = [(1, "throughput", 64, "tp-64"), (2, "throughput", 512, "tp-512"),
         (3, "throughput", 1518, "tp-1518"), (4, "latency", 64, "lat-64"),
         (5, "loss", 64, "loss-64"), (6, "b2b", 64, "b2b-64"),
         (7, "latency", 1518, None), (8, "b2b", 1518, None)]
head = {"dutperf_version": "test", "git": "test", "command_line": "dutperf -- campaign -c test.ini",
        "config_file": "test.ini", "sizes": [64, 512, 1518],
        "tests": ["throughput", "latency", "loss", "b2b"], "directions": ["b"],
        "repeats": 1, "items": []}
recs = []
for i, test, size, src in items:
    d = f"{i:03d}-{test}-{size}"
    head["items"].append({"item": i, "test": test, "size": size, "dir": d})
    rec = {"item": i, "of": len(items), "test": test, "size": size, "dir": d,
           "attempt": 1, "time": "2026-01-01T00:00:00Z", "exit": None,
           "result_kind": None, "throughput_fps": None, "throughput_kind": None, "note": ""}
    if src is not None:
        shutil.copytree(os.path.join(tree, src), os.path.join(camp, d))
        info = json.loads(open(os.path.join(camp, d, "run.json")).read().splitlines()[-1])
        kinds = {r["result_kind"] for r in info["runs"]}
        kind = "measured" if kinds == {"measured"} else \
            "lower_bound" if "lower_bound" in kinds else "none"
        recs.append(dict(rec, state="running"))
        rec.update(state="done", exit=0 if kind == "measured" else 3, result_kind=kind)
        if test != "throughput":
            rec.update(throughput_fps={"fwd": 7500, "rev": 7500}, throughput_kind="measured")
        recs.append(rec)
    elif i == 7:
        os.mkdir(os.path.join(camp, d))
        hdr = open(os.path.join(tree, "lat-64", "trials.csv")).readline()
        open(os.path.join(camp, d, "trials.csv"), "w").write(hdr)
        rec.update(state="interrupted", throughput_kind="lower_bound",
                   throughput_fps={"fwd": 3000, "rev": 3000}, note="SIGINT")
        recs.append(dict(rec, state="running"))
        recs.append(rec)
json.dump(head, open(os.path.join(camp, "campaign.json"), "w"), indent=1)
with open(os.path.join(camp, "campaign.jsonl"), "w") as f:
    for r in recs:
        f.write(json.dumps(r) + "\n")
PY

# tree: every test's section; campaign: its own section too; both: a
# before/after section comparing the tree with the campaign (the same
# runs: no difference can be proven)
"$REPORT" "$T" -o "$WORK/tree.html" || fail "report of the tree: exit status $?"
"$REPORT" "$K" "$T" -o "$WORK/camp.html" --title "campaign <test> & co" ||
	fail "report of the campaign: exit status $?"
for h in tree camp; do
	validate "$WORK/$h.html"
	sections="throughput latency loss b2b conditions"
	[ $h = camp ] && sections="campaign $sections compare"
	# shellcheck disable=SC2086
	$BROWSER "$WORK/$h.html" "$WORK/$h.png" $sections >"$WORK/$h.browser" 2>&1 ||
		fail "$h report in chromium: $(cat "$WORK/$h.browser")"
	sed "s/^/$h: /" "$WORK/$h.browser"
done
ok "both reports: valid HTML5, load offline in chromium, images decoded, sections present"

# the labels, read from the parsed document: what is not a measured
# figure says so
$PY - "$WORK/camp.html" "$WORK/tree.html" <<'PY' || fail "labels or tables of the reports (above)"
import html5lib, sys
def doc(p):
    return html5lib.parse(open(p, "rb"), namespaceHTMLElements=False)
camp, tree = doc(sys.argv[1]), doc(sys.argv[2])
def text(e):
    return "".join(e.itertext())
notes = [text(p) for p in camp.iter("p") if "note" in p.get("class", "")]
def want(pred, what):
    assert any(pred(n) for n in notes), f"no note: {what}; notes: {notes}"
want(lambda n: n.startswith("lower bound:") and "item 3 " in n, "item 3 lower bound")
want(lambda n: n.startswith("interrupted:") and "item 7 " in n, "item 7 interrupted")
want(lambda n: n.startswith("lower bound:") and "item 7 " in n and "throughput" in n,
     "item 7 ran at a lower-bound throughput")
want(lambda n: n.startswith("missing:") and "item 8 " in n and "never run" in n, "item 8 missing")
assert text(camp.find(".//title")) == "campaign <test> & co", text(camp.find(".//title"))
# the tree's throughput table: a row per size; 1518 only a lower bound
rows = {}
for table in tree.iter("table"):
    if text(table.find("caption")) == "Throughput per frame size":
        for tr in table.find("tbody"):
            cells = [text(td) for td in tr]
            rows[cells[0]] = cells
assert sorted(rows, key=int) == ["64", "512", "1518"], rows
assert "lower bound" in rows["1518"][8] and "measured" not in rows["1518"][8], rows["1518"]
assert rows["1518"][2].startswith("at least "), rows["1518"]
# before/after of identical runs: never a difference
comp = [text(td) for t in camp.iter("table") if text(t.find("caption")).startswith("Before/after")
        for td in t.iter("td")]
assert comp, "empty before/after table"
assert not any(c.startswith("Difference at") for c in comp), comp
print("labels: item 3 lower bound, item 7 interrupted (at a lower-bound throughput), "
      "item 8 missing; 1518 B throughput a lower bound; "
      "identical sets: no difference proven")
PY
ok "labels for the lower-bound, interrupted and missing items; compare of identical sets proves no difference"

# Markdown to stdout; bad input: exit 2, the file and line named, no report
"$REPORT" "$K" --markdown >"$WORK/camp.md" || fail "markdown: exit status $?"
grep -q '^## Throughput (RFC 2544 26.1)$' "$WORK/camp.md" || fail "markdown: no throughput heading"
grep -q '^| 64 | both |' "$WORK/camp.md" || fail "markdown: no throughput row for 64"
echo '{"item": 3, "state": "done"' >>"$K/campaign.jsonl"
"$REPORT" "$K" -o "$WORK/bad-camp.html" 2>"$WORK/bad.err"
expect_equal "exit status, broken campaign.jsonl" $? 2
grep -q "campaign.jsonl:$(wc -l <"$K/campaign.jsonl"): not a JSON object" "$WORK/bad.err" ||
	fail "broken campaign.jsonl: $(cat "$WORK/bad.err")"
[ ! -e "$WORK/bad-camp.html" ] || fail "a report was written from bad input"
ok "markdown report; a broken campaign.jsonl line refused (exit 2, file:line named, nothing written)"
if [ -n "${REPORT_KEEP:-}" ]; then
	cp "$WORK/tree.html" "$WORK/camp.html" "$WORK/camp.png" "$WORK/tree.png" "$REPORT_KEEP"/
fi
