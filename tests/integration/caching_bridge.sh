#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2889 5.7 address caching capacity (mode caching) on a three-port
# Linux bridge that learns at most N = 24 addresses (testbed.sh --fdb-max,
# the bridge's fdb_max_learned), its table flushed before each iteration
# ([switch] flush_command).  The procedure makes the bridge learn one
# address of its own, the Tport's, from its broadcast learning frame: the
# capacity found is N - 1 = 23, table_entries N.  Per iteration (caching.csv,
# RFC 2889 5.7.5): every address offered by the Lport and tested by the
# Tport; a pass with nothing at the Mport, a fail at N or more addresses
# with exactly addrs - (N - 1) frames flooded to the Mport.  Independent:
# the bridge's own count fdb_n_learned after the run = the last
# iteration's addresses + 1, at most N.  Also: an aging time shorter than
# one iteration exits 2 naming the keys and values, nothing written.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/switchproc_lib.sh"
need_root
need_dutperf

N=24
ini=$WORK/caching.ini
swp_ini "$ini" 3 's/^learn_fps = .*/learn_fps = 1000\nmax_addrs = 64\ninitial_addrs = 40/'

# RFC 2889 5.7.3: the aging time must be longer than one iteration (64 +
# 64 frames at 1000 fps and 100 ms: 228 ms): 0 s refused, before the EAL.
sed 's/^aging_s = 30$/aging_s = 0/' "$ini" >"$WORK/bad.ini"
"$DUTPERF" caching -c "$WORK/bad.ini" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "aging_s = 0: exit status" $? 2
grep -q "bad.ini: \[switch\] aging_s = 0: mode caching needs the DUT's aging time" "$WORK/bad.log" ||
	fail "aging_s = 0: $(cat "$WORK/bad.log")"
sed -e 's/^aging_s = 30$/aging_s = 1/' -e 's/^learn_fps = 1000$/learn_fps = 100/' "$ini" >"$WORK/bad.ini"
"$DUTPERF" caching -c "$WORK/bad.ini" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "aging_s = 1: exit status" $? 2
grep -q '\[switch\] aging_s = 1: learning \[switch\] max_addrs = 64 addresses at \[switch\] learn_fps = 100 frames/s' "$WORK/bad.log" ||
	fail "aging_s = 1: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "a refused configuration wrote $WORK/bad"
ok "an aging time shorter than one iteration: exit 2, keys and values named, nothing written"

TB_PORTS=3 TB_FDB_MAX=$N it_tb_up bridge
out=$WORK/out
dut caching -c "$ini" -o "$out"
rc=$?
[ $rc -eq 0 ] || fail "caching: exit status $rc ($(tail -3 "$WORK/err.log"))"
grep -q "^address caching capacity $((N - 1)) addresses (measured); with the Tport's own address $N table entries$" \
	"$WORK/out.log" || fail "caching: no RFC 2889 5.7 result on stdout"
grep -q '^caching: iteration 1: 40 addresses at 1000 fps: fail' "$WORK/err.log" ||
	fail "caching: no progress on stderr"
learned=$(ip netns exec "$TB_DUT" python3 "$SRCDIR/tests/tools/brfdbmax.py" get br0 |
	sed -n 's/.*fdb_n_learned=\([0-9]*\).*/\1/p')
python3 - "$out" $N "$learned" <<'PY' || fail "caching: see above"
import csv, json, sys
d, n, learned = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = list(csv.DictReader(open(d + "/caching.csv")))
s = list(csv.DictReader(open(d + "/switch.csv")))
bad = []
if len(s) != 1:
    sys.exit("%d switch.csv rows" % len(s))
s = s[0]
want = {"procedure": "caching", "addrs": str(n - 1), "own_entries": "1",
        "table_entries": str(n), "result_kind": "measured",
        "iterations": str(len(rows))}
for k, v in want.items():
    if s[k] != v:
        bad.append("switch.csv %s = %s, not %s" % (k, s[k], v))
valid = [r for r in rows if r["status"] in ("pass", "fail")]
for r in valid:
    a = int(r["addrs"])
    if r["learn_sent"] != r["addrs"] or r["tport_sent"] != r["addrs"] or \
       r["lport_received"] != r["addrs"] or r["iload_fps"] != "1000":
        bad.append("iteration %s: not %d frames each way" % (r["iteration"], a))
    flood = int(r["mport_flood"])
    if a < n and (r["status"] != "pass" or flood != 0):
        bad.append("iteration %s: %d < %d addresses: %s, %d at the Mport"
                   % (r["iteration"], a, n, r["status"], flood))
    if a >= n and (r["status"] != "fail" or flood != a - (n - 1)):
        bad.append("iteration %s: %d >= %d addresses: %s, %d at the Mport, not %d"
                   % (r["iteration"], a, n, r["status"], flood, a - (n - 1)))
last = int(rows[-1]["addrs"])
if learned != min(last + 1, n):
    bad.append("fdb_n_learned %d after %d addresses, not %d" % (learned, last, min(last + 1, n)))
rj = json.loads(open(d + "/run.json").read().splitlines()[-1])
if rj["mode"] != "caching" or rj["switch"]["addrs"] != n - 1:
    bad.append("run.json: %s %s" % (rj["mode"], rj.get("switch")))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
ok "caching: capacity $((N - 1)) + the Tport's own entry = fdb_max_learned $N in $(col "$out/switch.csv" iterations) iterations; the bridge's fdb_n_learned $learned"
it_tb_down
