#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Frames and bytes per frame size (docs/accounting.md "Per size") on the
# memif wire, the sender's test aid dropping every K-th and duplicating
# every J-th frame of each stream.  With the genome aabg (64, 64, 128,
# 1518) and K = 2 the aid drops each stream's frames 1, 3, 5, ...: the
# mix's letters 2 and 4, so half the 64-byte frames, no 128-byte one and
# every 1518-byte one are lost.  The expected counts are worked out here
# from the stream split and the genome, frame by frame, never read from
# dutperf; run.json's frames_by_size and trials.csv's received bytes must
# equal them exactly, and the sender's own byte count (fwd_sent_b) must
# equal the per-size sent bytes.  Once on one stream and one queue, once
# with 2 streams and 2 RX queues, once in pdv mode (the receiver's loop
# for delays), once with random:aabg (RFC 6985 6.5, the order worked out
# here from the seed), once for a fixed size (one entry).
. "$(dirname "$0")/common.sh"
need_root
need_dutperf

prefix=dpt-sizes-$$
memif() { wire "$DUTPERF" "$prefix" "$@"; }
T=3000 K=2 J=3
lag='s/^max_lag_us *=.*/max_lag_us = 300000/'

# check OUT STREAMS GENOME: the last trial and run.json of OUT against the
# counts worked out for T frames per direction over STREAMS streams
check() {
	python3 - "$1" "$2" "$3" $T $K <<'PY' || fail "$1: per-size counts (see above)"
import csv, json, sys
out, n, genome, T, K = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
letters = {"a": 64, "b": 128, "g": 1518}
row = list(csv.DictReader(open(out + "/trials.csv")))[-1]
rec = [json.loads(l) for l in open(out + "/run.json")][-1]
seq = [letters[c] for c in genome.replace("random:", "")]
bad = []
if genome.startswith("random:"):
    # RFC 6985 6.5 (docs/frames.md): whole passes up to 255 frames,
    # Fisher-Yates from the last frame down with the run seed's splitmix64
    M = (1 << 64) - 1
    seed = int(rec["seed"])
    x, seq = seed, seq * (255 // len(seq))
    for i in range(len(seq) - 1, 0, -1):
        x = (x + 0x9e3779b97f4a7c15) & M
        z = ((x ^ (x >> 30)) * 0xbf58476d1ce4e5b9) & M
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
        j = (z ^ (z >> 31)) % (i + 1)
        seq[i], seq[j] = seq[j], seq[i]
    note = "IMIX - %s (pseudorandom order of %d passes: Fisher-Yates with splitmix64 from seed 0x%016x)" % (
        genome[7:], len(seq) // (len(genome) - 7), seed)
    if row["imix"] != note or rec["imix"].get("algorithm") != note[len(genome) - 7 + 9:-1]:
        bad.append("note %r / algorithm %r, want %r" % (row["imix"], rec["imix"].get("algorithm"), note))
    if rec["imix"]["sequence_b"] != seq:
        bad.append("run.json imix.sequence_b is not the shuffle worked out here")
want = {}
for i in range(n):
    for k in range((T - i - 1) // n + 1):
        s = want.setdefault(seq[k % len(seq)], [0, 0])
        s[0] += 1
        s[1] += (k + 1) % K != 0     # the aid drops frames K-1, 2K-1, ...
fbs = rec["frames_by_size"]
def expect(what, got, exp):
    if got != exp:
        bad.append("%s: %r, want %r" % (what, got, exp))
expect("trials", fbs["trials"], 1)
sizes = sorted(want)
for d in ("fwd", "rev"):
    got = {e["size_b"]: e for e in fbs[d]}
    expect(d + " sizes", sorted(got), sizes)
    for s in sizes:
        e = got.get(s, {})
        sent, recv = want[s]
        expect("%s %d sent" % (d, s), e.get("sent"), sent)
        expect("%s %d received" % (d, s), e.get("received"), recv)
        expect("%s %d sent_b" % (d, s), e.get("sent_b"), sent * s)
        expect("%s %d received_b" % (d, s), e.get("received_b"), recv * s)
        expect("%s %d letter" % (d, s), e.get("letter"),
               None if len(sizes) == 1 else [c for c in letters if letters[c] == s][0])
    expect(d + "_received", int(row[d + "_received"]), sum(w[1] for w in want.values()))
    expect(d + "_recv_b", int(row[d + "_recv_b"]), sum(w[1] * s for s, w in want.items()))
    # the sender's own count, frame by frame in the engine
    expect(d + "_sent_b", int(row[d + "_sent_b"]), sum(w[0] * s for s, w in want.items()))
for b in bad:
    print("FAIL:", b)
if not bad:
    print("  " + ", ".join("%d B: %d of %d" % (s, want[s][1], want[s][0]) for s in sizes))
sys.exit(1 if bad else 0)
PY
}

# run NAME CFG MODE ARGS...: MODE (trial, pdv) with the aid into
# $WORK/NAME, again (at most 3 runs) when this shared machine kept the
# sender from handing a frame to the port (unsent: which frames is not
# known beforehand)
run() {
	local name=$1 cfg=$2 mode=$3 try
	shift 3
	for try in 1 2 3; do
		DUTPERF_DEBUG_DROP_EVERY=$K DUTPERF_DEBUG_DUP_EVERY=$J \
			memif "$mode" -c "$cfg" --rate $T --duration 1 --timeout 300 \
			-o "$WORK/$name" "$@" ||
			fail "$name: exit status $? ($(tail -2 "$WORK/err.log"))"
		eval "$(last_row "$WORK/$name/trials.csv")"
		[ "$r_fwd_unsent" = 0 ] && [ "$r_rev_unsent" = 0 ] && return
		echo "note: frames unsent on this shared machine; run again" >&2
		rm -rf "${WORK:?}/$name"
	done
	fail "$name: frames unsent in 3 runs"
}

sed "$lag" "$SRCDIR/tests/data/wire.ini" >"$WORK/wire.ini"
run one "$WORK/wire.ini" trial --imix aabg
check "$WORK/one" 1 aabg
ok "aabg, 1 stream: per-size frames and bytes exact, received bytes in trials.csv"

wire2_ini "$WORK/wire2.ini" "$lag"
run two "$WORK/wire2.ini" trial --imix aabg
check "$WORK/two" 2 aabg
ok "aabg, 2 streams x 2 queues: per-size counts summed exactly over streams and queues"

# pdv: every frame's delay, so the receiver's other loop (rx_ours)
run pdv "$WORK/wire.ini" pdv --imix aabg
check "$WORK/pdv" 1 aabg
ok "aabg, pdv (the receiver's loop with delays): the same counts"

# RFC 6985 6.5: the sizes in a pseudorandom order from the seed, the
# order worked out here from the seed alone
run random "$WORK/wire.ini" trial --imix random:aabg --seed 42
check "$WORK/random" 1 random:aabg
ok "random:aabg, seed 42: the shuffle and the per-size counts exact, algorithm and seed reported"

run fixed "$WORK/wire.ini" trial
check "$WORK/fixed" 1 a
ok "fixed 64 B: one entry, received bytes = received frames x 64"
