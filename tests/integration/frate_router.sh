#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The forwarding-rate sweep (mode frate, RFC 2889 5.6, RFC 2285 3.6)
# against two DUTs whose forwarding rate is known before the test runs,
# forward direction only, 1 s steps, learning frames before each step.
#
# 1. The router limited to C = 10000 fps (testbed.sh's nftables limit,
#    as throughput_capacity.sh): Iload 5000, 10000, 15000, 20000 (MOL).
#    FR = Iload below C (nothing lost at 5000), FR = C above it.  The
#    sender on this shared machine may fall behind by up to 50 ms
#    (max_lag_us) and catch up in a burst: the bucket holds 50 ms
#    (C/20 frames), so that no burst below C is clipped, and lets a 1 s
#    trial pass up to C/20 frames more: 95 % of C .. (C + C/20) + 3 %.
#    MFR and FRMOL there too.  Independent: the frames the DUT's own nftables counter
#    let through (fwd_pass) = the sweep's received frames.
# 2. A DUT that stops forwarding above T2 = 15000 fps (the ruleset
#    below): a frame over T2 (a first limit, bucket B2 = T2/20) marks d0
#    overloaded for 100 ms (a set with timeout, refreshed by each such
#    frame) and every frame from an overloaded d0 is dropped; the others
#    meet the limit C (bucket B = C/20).  Offered L <= T2: FR = min(L, C)
#    (a 50 ms catch-up burst at 10000 fps, 500 frames, fits B2).  Offered
#    L > T2: the T2 bucket empties after t1 = B2 / (L - T2) s, after that
#    the overload never ends within the trial: only frames before t1 pass,
#    at most B + C t1 (the bucket C) and at least min(B2, B) (the first
#    B2 frames are under T2, B of them pass C's full bucket).  At the MOL
#    L = 2 T2 = 30000: t1 = 50 ms, FRMOL between 500 and 1000 fps (+ 5 %
#    of C for the timing), MFR = C at 10000 (95..103 %): FRMOL < MFR.
# Also: a start above the MOL exits 2 naming the key, nothing written;
# frate.csv's fr_fps is received / duration_ms (computed here); run.json
# records the MFR; progress on stderr; dutperf-plot frate draws both
# sweeps in one SVG.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=10000
T2=15000
MOL2=$((2 * T2))
B=$((C / 20)) B2=$((T2 / 20))			# 500, 750
FRMOL2_LO=$((B2 < B ? B2 : B))			# 500
FRMOL2_HI=$((B + C * B2 / (MOL2 - T2) + C / 20))	# 1000 + 500

ini=$WORK/frate.ini
sed -e 's/^direction *=.*/direction = forward/' -e 's/^duration_s *=.*/duration_s = 1/' \
	-e 's/^timeout_ms *=.*/timeout_ms = 300/' -e 's/^settle_ms *=.*/settle_ms = 200/' \
	-e 's/^max_lag_us *=.*/max_lag_us = 50000/' \
	-e 's/^\[traffic\]$/[traffic]\nlearning = trial\nlearning_wait_s = 0/' \
	"$SRCDIR/conf/testbed-ipv4.ini" >"$ini"
printf '[frate]\nstart_fps = 5000\nmax_fps = 20000\nstep_fps = 5000\n' >>"$ini"
grep -q '^learning = trial$' "$ini" && grep -q '^duration_s = 1$' "$ini" || fail "no keys in $ini"

# A start above the maximum offered load: exit 2, named, nothing written.
sed 's/^start_fps = 5000$/start_fps = 30000/' "$ini" >"$WORK/bad.ini"
"$DUTPERF" frate -c "$WORK/bad.ini" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "start above the MOL: exit status" $? 2
grep -q '\[frate\] start_fps = 30000' "$WORK/bad.log" ||
	fail "start above the MOL: key not named: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "start above the MOL: $WORK/bad written"
ok "[frate] start_fps above max_fps: exit 2, named, nothing written"

# check DIR WHAT STEPS KEY=VALUE...: frate.csv and mfr.csv of DIR against
# the answers (atLOAD=all: every frame forwarded, atLOAD=LO:HI: FR there,
# mfr=LO:HI, frmol=LO:HI, sum=N: the frames received over the sweep); one
# python start, not one per column
check() {
	python3 - "$@" <<'PY' || fail "$2: see above"
import csv, sys
d, what, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
args = dict(a.split("=") for a in sys.argv[4:])
rows = list(csv.DictReader(open(d + "/frate.csv")))
mfr = list(csv.DictReader(open(d + "/mfr.csv")))
bad = []
if len(rows) != steps or len(mfr) != 1:
    sys.exit("%s: %d frate.csv rows, %d mfr.csv rows" % (what, len(rows), len(mfr)))
for r in rows:
    fr = float(r["fr_fps"])
    calc = int(r["received"]) * 1000.0 / int(r["duration_ms"])
    if abs(fr - calc) > 0.01 or r["dir"] != "fwd" or r["status"] == "invalid":
        bad.append("step %s: fr_fps %s, received * 1000 / duration_ms %.3f, %s"
                   % (r["step"], r["fr_fps"], calc, r["status"]))
    print("%s: Iload %6s  Oload %10s  FR %10s  loss %s %%" % (what, r["iload_fps"],
          r["oload_fps"], r["fr_fps"], r["loss_pct"]))
    want = args.get("at" + r["iload_fps"])
    if want == "all" and r["received"] != r["sent"]:
        bad.append("Iload %s: %s of %s forwarded, not all" % (r["iload_fps"], r["received"], r["sent"]))
    elif want and want != "all":
        lo, hi = map(float, want.split(":"))
        if not lo <= fr <= hi:
            bad.append("Iload %s: FR %.1f outside %g..%g" % (r["iload_fps"], fr, lo, hi))
m = mfr[0]
print("%s: MFR %s fps at Iload %s, FRMOL %s fps at the MOL %s, %s" % (what, m["mfr_fps"],
      m["mfr_iload_fps"], m["frmol_fps"], m["mol_fps"], m["result_kind"]))
for k in ("mfr", "frmol"):
    lo, hi = map(float, args[k].split(":"))
    if m[k + "_fps"] == "" or not lo <= float(m[k + "_fps"]) <= hi:
        bad.append("%s %s outside %g..%g" % (k, m[k + "_fps"], lo, hi))
if m["frmol_fps"] == "" or float(m["frmol_fps"]) > float(m["mfr_fps"]) or \
   m["result_kind"] != "measured":
    bad.append("FRMOL above MFR, or not measured")
if "sum" in args and sum(int(r["received"]) for r in rows) != int(args["sum"] or -1):
    bad.append("received over the sweep %d, the DUT's counter %s" %
               (sum(int(r["received"]) for r in rows), args["sum"]))
import json
rec = json.loads(open(d + "/run.json").read().strip().splitlines()[-1])
run = rec["runs"][0]
if "forward: MFR" not in rec["result"] or run["result_kind"] != m["result_kind"] or \
   run["value"] is None or abs(run["value"] - float(m["mfr_fps"] or 0)) > 0.01:
    bad.append("run.json: result %r, runs[0] %r" % (rec["result"], run))
if bad:
    sys.exit(what + ": " + "; ".join(bad))
PY
}

# 1. capped at C (nftables limit per input interface)
TB_NFT_BURST_PKTS=$B it_tb_up router $C
ip netns exec "$TB_DUT" nft reset counters >/dev/null
dut_search frate -c "$ini"
[ $rc -eq 0 ] || fail "capped: exit status $rc ($(tail -3 "$WORK/err.log"))"
grep -qE '^frate 1/1 trial 2: .*step 2 of 4: offered 10000 fps, forwarding rate [0-9]+ fps.*ETA' "$WORK/err.log" ||
	fail "capped: no progress line with step, offered load and ETA: $(head -5 "$WORK/err.log")"
grep -q '^MFR forward: ' "$WORK/out.log" && grep -q '^FRMOL forward: .* at the MOL 20000 fps' "$WORK/out.log" ||
	fail "capped: no RFC 2889 5.6.5 report"
passed=$(ip netns exec "$TB_DUT" nft list counter inet dutperf fwd_pass |
	sed -n 's/.*packets \([0-9]*\) .*/\1/p')
lo=$((C * 95 / 100)) hi=$(((C + C / 20) * 103 / 100))
check "$out" capped 4 at5000=all at15000=$lo:$hi at20000=$lo:$hi \
	mfr=$lo:$hi frmol=$lo:$hi sum="$passed"
capped=$out
ok "capped at $C fps: FR = offered below, C above, MFR and FRMOL within $lo..$hi fps"

# 2. stops forwarding above T2 (the testbed's limit replaced)
ip netns exec "$TB_DUT" nft -f - <<NFT || fail "the collapsing ruleset"
delete table inet dutperf
table inet dutperf {
	set overload { type ifname; flags dynamic, timeout; timeout 100ms; }
	chain capacity {
		type filter hook forward priority 0; policy accept;
		iifname "d0" limit rate over $T2/second burst $B2 packets update @overload { iifname }
		iifname @overload drop
		iifname "d0" limit rate over $C/second burst $B packets drop
	}
}
NFT
sed -e 's/^start_fps = .*/start_fps = 10000/' -e "s/^max_fps = .*/max_fps = $MOL2/" \
	-e 's/^step_fps = .*/step_fps = 10000/' "$ini" >"$WORK/collapse.ini"
mv "$capped" "$WORK/capped"
capped=$WORK/capped
dut_search frate -c "$WORK/collapse.ini"
[ $rc -eq 0 ] || fail "collapse: exit status $rc ($(tail -3 "$WORK/err.log"))"
check "$out" collapse 3 at10000=$lo:$hi mfr=$lo:$hi frmol=$FRMOL2_LO:$FRMOL2_HI
ok "collapse above $T2 fps: MFR ~ C, FRMOL in $FRMOL2_LO..$FRMOL2_HI fps"

# the two sweeps in one figure, labelled
"$BUILDDIR/src/plot/dutperf-plot" frate -o "$WORK/frate.svg" --label capped \
	--label collapsing "$capped/frate.csv" "$out/frate.csv" 2>"$WORK/plot.err" ||
	fail "dutperf-plot frate: $(cat "$WORK/plot.err")"
for t in "capped, fwd" "collapsing, fwd" "Forwarding rate against offered load"; do
	grep -qF "<text>$t</text>" "$WORK/frate.svg" || fail "frate.svg lacks '$t'"
done
ok "dutperf-plot frate: both sweeps in $WORK/frate.svg"
it_tb_down
