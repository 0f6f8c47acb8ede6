#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Two streams per direction on two lcores over a two-queue memif wire
# (docs/accounting.md "Several streams and queues"): every stream has its
# own TX queue, the receiving port two RX queues, each lcore sends one
# stream and reads one queue of each direction.  Counts must be exact with
# the sender's test aid dropping every 7th and duplicating every 5th frame
# of each stream (expected counts computed here from the stream split, not
# read from dutperf), both RX queues must carry frames, and a rate that 2
# does not divide must be sent and received whole.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-streams-$$
cfg=$WORK/wire2.ini
wire2_ini "$cfg"
memif() { wire "$DUTPERF" "$prefix" "$@"; }

# per stream i of N: frames (T - i - 1) / N + 1; the aid drops every K-th
# frame of a stream and duplicates every J-th frame it did not drop
T=4000 K=7 J=5
aid_counts $T 2 $K $J
DUTPERF_DEBUG_DROP_EVERY=$K DUTPERF_DEBUG_DUP_EVERY=$J \
	memif trial -c "$cfg" --rate $T --duration 1 --timeout 200 -o "$WORK/a" ||
	fail "faulty wire: exit status $? ($(tail -2 "$WORK/err.log"))"
eval "$(last_row "$WORK/a/trials.csv")"
for d in fwd rev; do
	expect_aid "faulty wire" $d $T
done
expect_equal "status with loss and duplicates" "$r_status" fail
# each queue got its stream: both carry frames, together every arrival
for d in forward reverse; do
	line=$(grep -E "^  $d +2 streams; test frames per RX queue:" "$WORK/out.log") ||
		fail "$d: no per-queue line"
	read -r q0 q1 <<<"${line##*:}"
	[ "$q0" -gt 0 ] && [ "$q1" -gt 0 ] || fail "$d: an idle RX queue ($line)"
	expect_equal "$d frames over the queues" $((q0 + q1)) $((T - drops + dups))
done
ok "2 streams x 2 queues: $drops gaps and $dups duplicates found exactly per direction"

# 3001 fps over 2 streams (1501 + 1500 frames): whole, at the rate asked
N=3001
memif trial -c "$cfg" --rate $N --duration 1 --timeout 200 -o "$WORK/b" ||
	fail "clean wire: exit status $? ($(tail -2 "$WORK/err.log"))"
eval "$(last_row "$WORK/b/trials.csv")"
expect_equal "status" "$r_status" pass
for d in fwd rev; do
	v() { eval echo "\$r_${d}_$1"; }
	for k in planned sent received; do
		expect_equal "$d $k" "$(v $k)" $N
	done
	for k in lost duplicates reordered late bogus stale; do
		expect_equal "$d $k" "$(v $k)" 0
	done
	achieved=$(v achieved_fps)
	awk -v a="$achieved" -v w=$N 'BEGIN { d = a / w - 1; exit !(d > -0.05 && d < 0.05) }' ||
		fail "$d: achieved $achieved fps of $N requested"
done
ok "clean wire: $N frames each way over 2 streams, every one received once"

# latency: the tags spread over both streams of each direction (each
# stream's sender stamps its own), every one sent and received
printf '[latency]\ndelay_s = 1\ntagged_frames = 1000\n' >>"$cfg"
memif latency -c "$cfg" --rate 4000 --duration 3 --timeout 200 -o "$WORK/c" ||
	fail "latency: exit status $? ($(tail -2 "$WORK/err.log"))"
eval "$(last_row "$WORK/c/latency.csv")"
for d in fwd rev; do
	expect_equal "$d tagged" "$(v tagged)" 1000
	expect_equal "$d tagged received" "$(v tagged_received)" 1000
	expect_equal "$d tagged lost" "$(v tagged_lost)" 0
done
ok "latency over 2 streams: 1000 tags per direction sent and received"
