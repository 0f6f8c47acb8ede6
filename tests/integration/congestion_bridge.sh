#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2889 5.5 congestion control (mode congestion) on the four-port Linux
# bridge whose DUT port d3 forwards at most C = 1000 fps (testbed.sh
# --limit-port-fps 3:C, an egress token bucket of C/50 frames).  Ports
# (1-based, as the RFC's tables and dutperf's reports) 1 and 2 send at the
# MOL = C for 2 s, port 1 alternately to ports 3 and 4, port 2 to port 4
# (t3, d3): 150 % of C offered to port 4.  Known answers: no loss at the
# uncongested port 3 (the bridge has a queue per output port: no head of
# line blocking), a third lost at the congested port (33 %, within 95 ..
# 103 % of C forwarded there, plus the bucket and a sender's 50 ms
# catch-up), no back pressure; the RFC's terms on stdout.  Independent:
# the DUT's d3_drop counter = the frames lost at port 4.  Also: three
# ports exit 2 before the EAL; RFC 2889 5.10 broadcast (mode broadcast) on
# the same bridge, port 1 at 1.5 C for 1 s: ports 2 and 3 receive every
# frame, port 4 C (95 .. 103 %, plus the bucket and a 50 ms catch-up), its
# loss = the growth of d3_drop; RFC 2889 5.10.3 latency of the 500 tagged
# frames ([latency] tagged_frames) per port: present, positive, below the
# trial, a tag counted once and only when sent.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/switchproc_lib.sh"
need_root
need_dutperf

C=1000
ini=$WORK/congestion.ini
swp_ini "$ini" 4 "s/^rate_fps = .*/rate_fps = $C/"
swp_ini "$WORK/bad.ini" 3
"$DUTPERF" congestion -c "$WORK/bad.ini" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "three ports: exit status" $? 2
grep -q 'mode congestion needs 4 ports, the configuration has 3' "$WORK/bad.log" ||
	fail "three ports: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "a refused configuration wrote $WORK/bad"
ok "congestion on three ports: exit 2, nothing written"

TB_PORTS=4 TB_PORT_LIMITS="3:$C" it_tb_up bridge
out=$WORK/out
dut congestion -c "$ini" -o "$out"
rc=$?
[ $rc -eq 0 ] || fail "congestion: exit status $rc ($(tail -3 "$WORK/err.log"))"
for w in 'Head of Line blocking: not present (5.5.5.1: no frame loss at the uncongested port)' \
	 'Back pressure: not present (5.5.5.2: frame loss at the congested port under 1'; do
	grep -qF "$w" "$WORK/out.log" || fail "congestion: not on stdout: $w"
done
drop=$(ip netns exec "$TB_DUT" nft list counter bridge dutperf d3_drop |
	sed -n 's/.*packets \([0-9]*\).*/\1/p')
python3 - "$out/congestion.csv" $C "$drop" <<'PY' || fail "congestion: see above"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
c, drop = int(sys.argv[2]), int(sys.argv[3])
bad = []
# a row per trial (an invalid one repeated: this shared machine preempts
# the sender); the DUT's counter covers them all, the figures the last
if [r["trial"] for r in rows] != [str(i) for i in range(1, len(rows) + 1)] or \
   rows[-1]["measured"] != "1" or any(r["measured"] != "0" for r in rows[:-1]):
    sys.exit("congestion.csv trials %s" % [(r["trial"], r["measured"]) for r in rows])
lost = sum(int(r["cong_sent"]) - int(r["cong_received"]) for r in rows)
r = rows[-1]
n = 2 * c					# frames per source in 2 s
want = {"a_sent": n, "b_sent": n, "unc_sent": n // 2, "unc_received": n // 2,
        "cong_sent": n + n // 2, "unc_flood": 0, "cong_flood": 0,
        "holb": 0, "back_pressure": 0}
for k, v in want.items():
    if int(r[k]) != v:
        bad.append("%s = %s, not %d" % (k, r[k], v))
if float(r["unc_loss_pct"]) != 0.0:
    bad.append("unc_loss_pct %s" % r["unc_loss_pct"])
rx, sent = int(r["cong_received"]), int(r["cong_sent"])
# C fps for 2 s: 95 .. 103 % of it, plus the bucket (C/50) and a 50 ms
# catch-up at 1.5 C
lo, hi = c * 2 * 95 // 100, c * 2 * 103 // 100 + c // 50 + 3 * c // 40
if not lo <= rx <= hi:
    bad.append("cong_received %d not in %d .. %d" % (rx, lo, hi))
if lost != drop:
    bad.append("lost at port 4 %d in %d trial(s), the DUT's d3_drop %d" % (lost, len(rows), drop))
load = float(r["cong_load_pct"])
if not 145 <= load <= 155:
    bad.append("cong_load_pct %s" % r["cong_load_pct"])
exp = (load - 100) * 100 / load
if abs(float(r["expected_loss_pct"]) - exp) > 1e-3:
    bad.append("expected_loss_pct %s, not %.6f" % (r["expected_loss_pct"], exp))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
ok "congestion: uncongested port 3 lossless (no HOLB), $(col "$out/congestion.csv" cong_loss_pct) % lost at the congested port 4 (d3_drop $drop), no back pressure"

# RFC 2889 5.10: broadcast from port 1 ([left]) at 1.5 C
nft_d3_drop() {
	ip netns exec "$TB_DUT" nft list counter bridge dutperf d3_drop |
		sed -n 's/.*packets \([0-9]*\).*/\1/p'
}
before=$(nft_d3_drop)
dut broadcast -c "$ini" -o "$WORK/bc" -r $((3 * C / 2)) -d 1
rc=$?
[ $rc -eq 0 ] || fail "broadcast: exit status $rc ($(tail -3 "$WORK/err.log"))"
after=$(nft_d3_drop)
python3 - "$WORK/bc/broadcast.csv" $C $((after - before)) "$WORK/bc/run.json" <<'PY' || fail "broadcast: see above"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
c, drop = int(sys.argv[2]), int(sys.argv[3])
n = 3 * c // 2
bad = []
# three rows (ports 2, 3, 4) per trial, as congestion.csv
t = len(rows) // 3
if [r["port"] for r in rows] != ["2", "3", "4"] * t or \
   [r["trial"] for r in rows] != [str(i // 3 + 1) for i in range(3 * t)]:
    sys.exit("broadcast.csv ports %s" % [(r["trial"], r["port"]) for r in rows])
lost4 = sum(int(r["sent"]) - int(r["received"]) for r in rows if r["port"] == "4")
if lost4 != drop:
    bad.append("port 4: %d lost in %d trial(s), d3_drop grew by %d" % (lost4, t, drop))
for r in rows[-3:]:
    if int(r["sent"]) != n or r["src_port"] != "1":
        bad.append("port %s: sent %s from %s" % (r["port"], r["sent"], r["src_port"]))
    rx = int(r["received"])
    # RFC 2889 5.10.3 latency, RFC 8219 7.2 tags: [latency] tagged_frames
    # (500) of the n frames, all sent; a tag counts at most once and only
    # if sent (received + lost = tagged); lost tags are lost frames; the
    # latency positive, ordered, below the trial's 1 s (veth: us to ms)
    tg, tr, tl = int(r["tagged"]), int(r["tagged_received"]), int(r["tagged_lost"])
    if tg != 500 or tr + tl != tg or tl > n - rx or tr > rx:
        bad.append("port %s: tags %d sent, %d back, %d lost (%d of %d frames back)" % (r["port"], tg, tr, tl, rx, n))
    if r["port"] in ("2", "3") and tl != 0:
        bad.append("port %s: %d tags lost, no frame lost" % (r["port"], tl))
    try:
        lat = [float(r[k]) for k in ("min_us", "latency_us", "wcl_us", "max_us")]
    except ValueError:
        lat = None
    if lat is None or not 0 < lat[0] <= lat[1] <= lat[2] <= lat[3] < 1e6 or \
       (tl == 0 and lat[1] >= 5e4):
        bad.append("port %s: latency min, TL, WCL, max %s us" % (r["port"], lat))
# run.json: the same figures per receiving port
txt = open(sys.argv[4]).read()
try:
    doc = json.loads(txt)
except ValueError:
    doc = [json.loads(l) for l in txt.splitlines() if l.strip()]
rec = doc[-1] if isinstance(doc, list) else doc
js = rec.get("broadcast", {}).get("ports", [])
if [(str(p["port"]), str(p["tagged_received"])) for p in js] != \
   [(r["port"], r["tagged_received"]) for r in rows[-3:]] or \
   any(p["latency_us"] is None or abs(p["latency_us"] - float(r["latency_us"])) > 1e-3
       for p, r in zip(js, rows[-3:])):
    bad.append("run.json broadcast %s" % js)
    if r["port"] in ("2", "3") and (rx != n or float(r["loss_pct"]) != 0.0):
        bad.append("port %s: %d of %d" % (r["port"], rx, n))
    if r["port"] == "4":
        lo, hi = c * 95 // 100, c * 103 // 100 + c // 50 + 3 * c // 40
        if not lo <= rx <= hi:
            bad.append("port 4: %d not in %d .. %d" % (rx, lo, hi))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
ok "broadcast: ports 2 and 3 all $((3 * C / 2)), port 4 (d3) $(tail -1 "$WORK/bc/broadcast.csv" | cut -d, -f10) (its limit $C, d3_drop +$((after - before))), TL port 2 $(col "$WORK/bc/broadcast.csv" latency_us -3) us, port 4 $(col "$WORK/bc/broadcast.csv" latency_us) us"
it_tb_down
