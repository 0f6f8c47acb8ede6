#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The report's DUT section (docs/report.md, docs/dut.md) on a before/after
# pair: a throughput search through the router with an nftables limit of
# 10000 frames/s, then the DUT changed (the limit lowered to 6000) and the
# same search again, each followed by its telemetry trial observed with
# the limit's named counters, nstat and /proc/stat.  dutperf-report of the
# pair: its DUT section shows each telemetry trial's counters, each CPU's
# busy share and the outputs folded, and the counters that moved, the
# limit's pass counter among them at about 6000 / 10000 of its rate
# before (- 40 %); valid HTML5, and in headless Chromium offline every
# section present (tests/tools/report_browser.py).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
REPORT=$BUILDDIR/src/report/dutperf-report
PY=/usr/bin/python3
command -v chromium >/dev/null || fail "chromium not installed (apt-get install chromium; scripts/lib.sh deps_install)"
command -v gnuplot >/dev/null || fail "gnuplot not installed (apt-get install gnuplot-nox)"
$PY -c 'import html5lib, PIL' 2>/dev/null ||
	fail "python3-html5lib or python3-pil not installed (scripts/lib.sh deps_install)"

# a bucket of 1000 frames (0.1 s at 10000 fps): a preempted sender's
# catch-up burst below the limit stays in it
TB_NFT_BURST_PKTS=1000 it_tb_up router 10000 0
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$WORK/base.ini"
ini=$WORK/r.ini
sed 's/^direction = .*/direction = forward/' "$WORK/base.ini" >"$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = nft: $TB dut-exec -- nft list counters table inet dutperf
obs1_parser = nft
obs2 = net: ip netns exec $TB_DUT nstat -az IpForwDatagrams IpInReceives
obs2_parser = nstat
obs3 = cpu: head -3 /proc/stat
obs3_parser = cpu
EOF
# 14000 fails, 10000 passes: 2 trials, then the telemetry trial
dut throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 6000 --rate-max 14000 --initial-rate 14000 --error 4000 \
	-o "$WORK/before" >/dev/null || fail "before: exit status $? ($(tail -3 "$WORK/err.log"))"
# the DUT changes: its limit lowered to 6000 (the named counters kept)
TB_NFT_BURST_PKTS=1000 tb_nft_rules router 6000 0 >"$WORK/limit.nft"
ip netns exec "$TB_DUT" nft -f - <<EOF || fail "cannot lower the limit"
flush ruleset
$(cat "$WORK/limit.nft")
EOF
# 10000 fails, 6000 passes
dut throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 2000 --rate-max 10000 --initial-rate 10000 --error 4000 \
	-o "$WORK/after" >/dev/null || fail "after: exit status $? ($(tail -3 "$WORK/err.log"))"
b=$(col "$WORK/before/rate.csv" rate)
a=$(col "$WORK/after/rate.csv" rate)
expect_equal "throughput before, after" "$b $a" "10000 6000"

"$REPORT" "$WORK/before" "$WORK/after" -o "$WORK/r.html" || fail "report: exit status $?"
$PY - "$WORK/r.html" <<'PY' || fail "r.html: not valid HTML5 (html5lib)"
import html5lib, sys
html5lib.HTMLParser(strict=True).parse(open(sys.argv[1], "rb"))
PY
html=$WORK/r.html
grep -q '<h2 id="dut">Inside the DUT' "$html" || fail "no DUT section"
grep -q 'telemetry trial 3 at 10000 frames/s: the largest counter rises' "$html" ||
	fail "no table of the telemetry trial's counters"
grep -q '<td>nft</td><td>fwd_pass.packets</td><td class="n">10000</td>' "$html" ||
	fail "the telemetry trial's fwd_pass rise is not 10000"
grep -qE '<tr><td>cpu[0-9]+</td><td class="n">[0-9.]+</td></tr>' "$html" || fail "no CPU busy share"
grep -q '<details><summary>nft.after.txt' "$html" || fail "no folded output"
# fwd_pass: 10000 then 6000 packets over about the same interval: -40 %
python3 - "$html" <<'PY' || fail "the counters that moved"
import re, sys
h = open(sys.argv[1]).read()
m = re.search(r'<tr><td>nft</td><td>fwd_pass.packets</td><td class="n">([0-9.]+)</td>'
              r'<td class="n">([0-9.]+)</td><td class="n">(-?[0-9.]+)</td></tr>', h)
assert m, "no fwd_pass.packets row in the comparison"
before, after, pct = map(float, m.groups())
print("fwd_pass.packets per second: %.1f before, %.1f after, %.1f %%" % (before, after, pct))
assert -50 < pct < -30, pct
PY
$PY "$SRCDIR/tests/tools/report_browser.py" "$html" "$WORK/r.png" throughput compare dut conditions \
	>"$WORK/browser.log" 2>&1 || fail "headless Chromium: $(cat "$WORK/browser.log")"
ok "report of the pair: the DUT section with its counters, CPUs and outputs, the limit's counter -40 %, checked in Chromium"
it_tb_down
