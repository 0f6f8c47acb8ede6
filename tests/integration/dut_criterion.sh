#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# [dut] criterion (docs/dut.md): the router testbed without a limit (the
# tester loses nothing at these rates) and an nftables rule in the DUT that
# only counts the frames above R frames/s (counter "over", nothing
# dropped).  A throughput search with criterion nft.over.packets <= 0
# finds R: the trials above it fail by the DUT's counter alone (reason
# "[dut] criterion"), while the tester lost no frame at any rate; run.json
# records the criterion, stdout says it.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v nft >/dev/null || fail "nft (nftables) missing (scripts/lib.sh deps_install)"

R=10000
it_tb_up router
# A bucket of B = 1000 frames (0.1 s at R): a 1 s trial is counted over
# from R + B fps on, and a preempted sender's catch-up burst below R stays
# in the bucket.
B=1000
ip netns exec "$TB_DUT" nft -f - <<EOF || fail "cannot load the counting rule"
table inet dpt_over {
	counter over { }
	chain count {
		type filter hook forward priority 10; policy accept;
		iifname "d0" limit rate over $R/second burst $B packets counter name over
	}
}
EOF
ini=$WORK/crit.ini
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$WORK/base.ini"
sed 's/^direction = .*/direction = forward/' "$WORK/base.ini" >"$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = nft: $TB dut-exec -- nft list counters table inet dpt_over
obs1_parser = nft
obs1_trials = all
criterion = nft.over.packets
EOF
# 14000 fails by the counter, 10000 passes, 12000 fails: 3 trials, the
# answer R (8000 when a stall made 10000 fail: still below R + B).
dut_search throughput -c "$ini" --duration 1 --timeout 300 --settle 200 \
	--rate-min 6000 --rate-max 14000 --initial-rate 14000 --error 2000
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"
rate=$(col "$out/rate.csv" rate)
[ "$rate" -ge $((R * 80 / 100)) ] && [ "$rate" -le $((R + B)) ] ||
	fail "throughput $rate fps with the criterion, R = $R"
ok "throughput $rate fps: R = $R found by the DUT's counter"
expect_equal "tester's lost frames, every trial" \
	"$(col "$out/trials.csv" fwd_lost all | sort -u | tr '\n' ' ')" "0 "
fails=$(col "$out/trials.csv" status all | grep -c fail)
[ "$fails" -ge 1 ] || fail "no trial failed by the criterion"
grep -q '\[dut\] criterion nft.over.packets <= 0: rose by [1-9]' "$out/trials.csv" ||
	fail "no failed trial's reason names the criterion"
ok "$fails trial(s) failed by the DUT's counter, the tester lost nothing"
grep -q "with \[dut\] criterion nft.over.packets <= 0: $fails trial" "$WORK/out.log" ||
	fail "the result lines do not say the criterion"
python3 -c 'import json,sys
d = [json.loads(l) for l in open(sys.argv[1])][-1]["dut"]
assert d["criterion"] == "nft.over.packets <= 0", d
assert d["criterion_failed_trials"] == int(sys.argv[2]), d' "$out/run.json" "$fails" ||
	fail "run.json dut.criterion"
ok "criterion in the result line and run.json"
# the same configuration with a criterion naming an observation that is
# not there: exit status 2, nothing written
sed -i 's/^criterion = .*/criterion = ovs.lookups.lost/' "$ini"
dut_once throughput -c "$ini" -o "$WORK/bad"
rc=$?
expect_equal "exit status of a bad criterion" "$rc" 2
grep -q 'criterion = ovs.lookups.lost: no observation named ovs' "$WORK/err.log" ||
	fail "message: $(cat "$WORK/err.log")"
[ ! -e "$WORK/bad" ] || fail "a bad criterion wrote $WORK/bad"
ok "a criterion naming no observation: exit status 2, nothing written"
it_tb_down
