#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# RFC 2544 26.5 recovery time with a known answer.  The DUT's egress d1
# gets a tbf queue draining at C frames/s with room for Q frames; the
# receiver's per-frame timeout tau makes a frame delayed more than tau
# lost.  The tester offers 110 % of C (the given throughput) until the
# queue is full (it fills at 0.1 C, in 10 Q / C s), then 50 %:
#   at the change the queue holds Q frames and shrinks at C - C / 2;
#   a frame sent x s after the change waits (Q - C x / 2) / C = Q / C - x / 2,
#   so it is lost (waits more than tau) while x < 2 (Q / C - tau):
#   recovery time = 2 (Q / C - tau).
# C = 4000 fps (64 B frames are 60 B on the veth: 1920 kbit/s), Q = 2000
# frames (limit 120000 bytes), tau = 100 ms: 2 (0.5 - 0.1) = 800 ms; the
# test accepts +-10 %.  Overload 6 s (full after 5 s), then 2 s at 50 %.
# Also: recovery.csv has one row per run, its header, the last lost frame
# lies after the change frame, and a bad [recovery] key exits 2 with the
# file, section, key and value named and nothing written.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

C=4000
Q=2000
TAU_MS=100
PRED_MS=$(( 2 * (Q * 1000 / C - TAU_MS) ))	# 800

ini=$WORK/recovery.ini
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$ini"
sed -i -e 's/^direction = .*/direction = forward/' \
	-e "s/^timeout_ms = .*/timeout_ms = 1000/" "$ini"
cat >>"$ini" <<EOF
[recovery]
throughput_fps = $C
overload_pct = 110
after_pct = 50
overload_s = 6
after_s = 2
EOF

# Configuration errors first: exit 2, nothing written.
bad=$WORK/bad.ini
sed 's/^after_pct = 50/after_pct = 100/' "$ini" >"$bad"
"$DUTPERF" recovery -c "$bad" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
rc=$?
expect_equal "after_pct = 100: exit status" $rc 2
grep -q "after_pct" "$WORK/bad.log" && grep -q "100" "$WORK/bad.log" ||
	fail "after_pct = 100: message does not name the key: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "after_pct = 100: $WORK/bad written"
ok "bad [recovery] key: exit 2, named, nothing written"

it_tb_up router 0
ip netns exec "$TB_DUT" tc qdisc replace dev d1 root tbf \
	rate $((C * 60 * 8))bit burst 1600 limit $((Q * 60)) ||
	fail "tbf on the DUT's d1"
for try in 1 2; do
	out=$WORK/out.$try
	dut recovery -c "$ini" --frame-timeout $TAU_MS --settle 0 -o "$out"
	rc=$?
	[ $rc -eq 3 ] && [ $try -eq 1 ] &&
		grep -q 'behind schedule' "$out/trials.csv" || break
	echo "note: the preempted sender made the trial invalid; run again" >&2
done
[ $rc -eq 0 ] || fail "exit status $rc ($(tail -3 "$WORK/err.log"))"
ip netns exec "$TB_DUT" tc qdisc del dev d1 root

head -1 "$out/recovery.csv" | grep -q '^No,dir,throughput_fps,.*,recovery_ms,status,result_kind$' ||
	fail "recovery.csv header: $(head -1 "$out/recovery.csv")"
expect_equal "rows" "$(($(wc -l <"$out/recovery.csv") - 1))" 1
expect_equal "result_kind" "$(col "$out/recovery.csv" result_kind)" measured
expect_equal "overload rate" "$(col "$out/recovery.csv" overload_fps)" $((C * 110 / 100))
expect_equal "reduced rate" "$(col "$out/recovery.csv" after_fps)" $((C / 2))
k=$(col "$out/recovery.csv" change_frame)
expect_equal "change frame" "$k" $((C * 110 / 100 * 6))
# the two-rate schedule: k frames at 110 %, then 2 s at 50 %, all sent
expect_equal "planned frames" "$(col "$out/trials.csv" fwd_planned)" $((k + C / 2 * 2))
expect_equal "sent frames" "$(col "$out/trials.csv" fwd_sent)" $((k + C / 2 * 2))
last=$(col "$out/recovery.csv" last_lost_frame)
found=$(col "$out/recovery.csv" recovery_ms)
# the recovery time is the send time of the last lost frame after the change
calc=$(awk -v l="$last" -v k="$k" -v r=$((C / 2)) 'BEGIN { printf "%.3f", (l - k) * 1000 / r }')
expect_equal "recovery_ms vs (last lost - k) / rate2" "$found" "$calc"
awk -v f="$found" -v p=$PRED_MS 'BEGIN { exit !(f >= p * 0.9 && f <= p * 1.1) }' ||
	fail "recovery time $found ms, predicted $PRED_MS ms (+-10 %)"
lost_after=$(col "$out/recovery.csv" lost_after_change)
lost=$(col "$out/recovery.csv" lost)
[ "$lost_after" -gt 0 ] && [ "$lost" -gt "$lost_after" ] ||
	fail "lost $lost, after the change $lost_after"
grep -q "recovery time" "$WORK/out.log" || fail "no recovery line on stdout"
ok "recovery: set C=$C fps Q=$Q tau=$TAU_MS ms, predicted $PRED_MS ms, found $found ms"
it_tb_down
