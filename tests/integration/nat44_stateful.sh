#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 9693 on the NAT44 testbed (nftables masquerade, scripts/testbed.sh
# --dut nat44), no limit set:
#  - mode stateful (phase 1, then phase 2 in both directions with the
#    Responder's frames made from its state table) passes at 5000 fps, a
#    rate the stateless router passes (trial_router.sh: 20000 fps), the
#    range's top: "at least 5000 fps", lower_bound, exit 3;
#  - a capture on the DUT's public side (d1) shows only translated source
#    addresses leaving it, and every Responder frame answering a tuple that
#    left it (tshark);
#  - mode teardown: phase 1 loads 4000 connections, conntrack -F in the DUT
#    is timed with them and without: a rate N / (TD - T0) is written;
#  - a failing [stateful] hook (false) stops the run: exit 1, the key and
#    the command named, no result row written.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/nat44_common.sh"
need_root
need_dutperf
command -v tshark >/dev/null || fail "tshark missing"

it_tb_up nat44
eval "$("$TB" env --name "$TBID")"
pcap=$WORK/d1.pcap
# the first 9000 UDP frames on d1 either way: phase 1 (4000 out) and the
# start of phase 2 (out and in); tcpdump stops by itself after them
ip netns exec "$DUT_NS" timeout 60 tcpdump -i d1 -c 9000 -w "$pcap" -U udp \
	2>"$WORK/tcpdump.log" &
tcpd=$!
sleep 1
# the range's top passes: "at least 5000", lower_bound, exit 3 (results.md)
rc=0
dut stateful -c "$WORK/nat.ini" --rate-min 4000 --rate-max 5000 --error 1000 \
	-o "$WORK/st" || rc=$?
[ "$rc" = 3 ] || fail "stateful: exit status $rc, want 3 ($(tail -3 "$WORK/err.log"))"
wait "$tcpd" || fail "tcpdump did not see 9000 frames: $(tail -3 "$WORK/tcpdump.log")"
expect_equal "stateful throughput" "$(col "$WORK/st/rate.csv" rate)" 5000
expect_equal "stateful result_kind" "$(col "$WORK/st/rate.csv" result_kind)" lower_bound
grep -q "stateful throughput per direction at least 5000 fps (the range's top passed)" \
	"$WORK/out.log" || fail "stateful: stdout: $(cat "$WORK/out.log")"
expect_equal "phases" "$(col "$WORK/st/trials.csv" phase all | tr '\n' ' ')" "preliminary real "
ok "stateful: 5000 fps passed both ways after phase 1"

tshark -r "$pcap" -T fields -e ip.src -e ip.dst -e udp.srcport -e udp.dstport \
	2>/dev/null >"$WORK/d1.txt" || fail "tshark cannot read $pcap"
python3 - "$WORK/d1.txt" <<'PY' || fail "capture on d1: see above"
import sys
out, back, bad = set(), 0, []
for line in open(sys.argv[1]):
    src, dst, sp, dp = line.split()
    if dst == "198.19.0.2":			# leaving the NAT: translated
        if src != "198.19.0.1":
            bad.append("untranslated source " + line.strip())
        out.add((sp, dp))
    elif src == "198.19.0.2":			# the Responder's
        back += 1
        if dst != "198.19.0.1" or (dp, sp) not in out:
            bad.append("answers no tuple seen leaving: " + line.strip())
    else:
        bad.append("unexpected " + line.strip())
if bad or len(out) < 4000 or back < 1000:
    sys.exit("%d bad (%s), %d tuples out, %d Responder frames"
             % (len(bad), bad[:3], len(out), back))
print("ok: d1: %d distinct translated tuples out, %d Responder frames, "
      "all answering one of them" % (len(out), back))
PY

# the tear-down rate: conntrack -F of 4000 connections, then of none;
# [stateful] hook_search once before the run
sed "s|^hook_trial = .*|&\nteardown_cmd = ip netns exec $DUT_NS conntrack -F 2>/dev/null\nhook_search = echo search >>$WORK/searches|" \
	"$WORK/nat.ini" >"$WORK/td.ini"
dut teardown -c "$WORK/td.ini" -o "$WORK/td"
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 3 ] || fail "teardown: exit status $rc ($(tail -3 "$WORK/err.log"))"
expect_equal "teardown.csv header" "$(head -1 "$WORK/td/teardown.csv")" \
	"No, Size, n, m, R, N, T, Date, TD ms, T0 ms, rate, result_kind"
expect_equal "phase 1 of teardown" "$(col "$WORK/td/trials.csv" status)" pass
td=$(col "$WORK/td/teardown.csv" "TD ms")
t0=$(col "$WORK/td/teardown.csv" "T0 ms")
python3 -c "import sys; sys.exit(not (float('$td') > 0 and float('$t0') > 0))" ||
	fail "teardown: TD $td ms, T0 $t0 ms"
expect_equal "hook_search runs of teardown" "$(tr '\n' ' ' <"$WORK/searches")" "search "
ok "teardown: 4000 connections deleted in $td ms, none in $t0 ms ($(col "$WORK/td/teardown.csv" result_kind) $(col "$WORK/td/teardown.csv" rate))"

# a hook that fails: the run stops before the first trial
sed 's|^hook_trial = .*|hook_trial = false|' "$WORK/nat.ini" >"$WORK/hook.ini"
dut stateful -c "$WORK/hook.ini" --rate-min 4000 --rate-max 5000 --error 1000 \
	-o "$WORK/hook" >/dev/null
rc=$?
expect_equal "exit status with a failing hook" "$rc" 1
grep -qF '[stateful] hook_trial = "false": exit status 1' "$WORK/err.log" ||
	fail "no message naming the hook: $(tail -2 "$WORK/err.log")"
[ ! -s "$WORK/hook/rate.csv" ] || [ "$(wc -l <"$WORK/hook/rate.csv")" -le 1 ] ||
	fail "rate.csv has a row after a failed hook"
[ ! -s "$WORK/hook/trials.csv" ] || [ "$(wc -l <"$WORK/hook/trials.csv")" -le 1 ] ||
	fail "trials.csv has a row after a failed hook"
ok "hook_trial = false: exit 1, hook named, no row written"
it_tb_down
ok "testbed, DPDK runtime directory and processes gone"
