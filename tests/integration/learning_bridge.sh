#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2544 23 (b) learning frames (issue 35) on a learning bridge that
# drops what it has not learnt (testbed.sh --dut bridge --learning:
# unknown-unicast flooding off on d0 and d1, 10 s ageing) of capacity C
# (nftables): a forward-only search without learning frames loses every
# frame of every trial (t1 never sends, so the bridge never learns it)
# and says so (result_kind none, below the range, exit status 3); with
# [traffic] learning = trial the right port announces t1's MAC before
# each trial and the search finds C as throughput_capacity.sh does
# (95..103 % of C); the learning frames are counted per trial, never as
# test frames.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=10000
TB_LEARNING=1 it_tb_up bridge $C
grep -q '^LEARNING=1$' "$TB_STATE/state" || fail "testbed state: $(cat "$TB_STATE/state")"
bridge -n "$TB_DUT" -d link show dev d1 | grep -q ' flood off' || fail "d1 floods"
ini=$WORK/bridge.ini
sed 's/^direction *=.*/direction = forward/' "$SRCDIR/conf/testbed-bridge.ini" >"$ini"
grep -q '^direction = forward$' "$ini" || fail "no direction in $ini"
args=(--duration 1 --timeout 300 --settle 200 --rate-min 8000 --rate-max 12000
      --initial-rate 12000 --error 1000)

# Without learning frames (the default, learning = off); the bridge has
# forgotten everything learnt (flushed).
bridge -n "$TB_DUT" fdb flush dev d1 dynamic 2>/dev/null
dut_search throughput -c "$ini" "${args[@]}"
expect_equal "no learning: exit status" $rc 3
expect_equal "no learning: result_kind" "$(col "$out/rate.csv" result_kind)" none
paste -d ' ' <(col "$out/trials.csv" fwd_sent all) <(col "$out/trials.csv" fwd_received all) \
	<(col "$out/trials.csv" fwd_lost all) <(col "$out/trials.csv" fwd_learning all) >"$WORK/nolearn"
cat "$WORK/nolearn"
[ "$(wc -l <"$WORK/nolearn")" -ge 2 ] || fail "no learning: fewer than 2 trials"
awk '$1 == 0 || $2 != 0 || $3 != $1 || $4 != 0 { bad++ } END { exit bad > 0 }' "$WORK/nolearn" ||
	fail "no learning: a trial received something or sent learning frames"
grep -i 'below the range' "$WORK/out.log" "$WORK/err.log" | head -2
ok "no learning frames: every frame of $(wc -l <"$WORK/nolearn") trials lost, result_kind none, exit status 3"

# With learning frames before each trial (dut_search's output
# directories afresh).
rm -rf "$WORK"/out.*
bridge -n "$TB_DUT" fdb flush dev d1 dynamic 2>/dev/null
sed 's/^\[traffic\]$/[traffic]\nlearning = trial\nlearning_wait_s = 1/' "$ini" >"$WORK/learn.ini"
dut_search throughput -c "$WORK/learn.ini" "${args[@]}"
[ $rc -eq 0 ] || fail "learning: exit status $rc ($(tail -3 "$WORK/err.log"))"
rate=$(col "$out/rate.csv" rate)
expect_equal "learning: result_kind" "$(col "$out/rate.csv" result_kind)" measured
[ "$rate" -le $((C * 103 / 100)) ] || fail "learning: $rate fps above the capacity $C"
[ "$rate" -ge $((C * 95 / 100)) ] || fail "learning: $rate fps more than 5 % below $C"
# one learning frame (one network) before every trial; the right
# port's frames are no test frames: nothing foreign, bogus, stale
echo "learning frames per trial: $(col "$out/trials.csv" fwd_learning all | tr '\n' ' ')"
[ "$(col "$out/trials.csv" fwd_learning all | sort -u)" = 1 ] || fail "learning frames per trial"
for k in foreign bogus stale; do
	[ "$(col "$out/trials.csv" fwd_$k all | sort -u)" = 0 ] || fail "learning: fwd_$k"
done
ok "learning frames: the search finds $rate fps (capacity $C)"
it_tb_down
