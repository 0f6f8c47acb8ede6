#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# An RFC 6985 mix at the DUT: tcpdump in the DUT namespace records the
# forward frames of a trial with a custom IMIX (RFC 6985 5: upper-case
# letters, their sizes in --imix-sizes) as they enter the router (d0); tshark finds every frame's size the one
# its place in the genome's repeating sequence gives (the sequence number
# from the stamp tells the place; the capture's order is the sequence's),
# every IPv4 and UDP checksum good and the ports in their RFC 4814
# ranges.  trials.csv names the genome and counts the bytes sent exactly
# (the sizes of the frames the sequence gives), rate.csv-style Size holds
# the mean; trials.csv and dutperf-stats name the mix in the RFC's
# notation with its table.  A bad genome, and one in the old lower-case
# custom form, exit 2 naming file, section, key and value (the old form
# with its RFC spelling), nothing written.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v tcpdump >/dev/null || fail "tcpdump missing"
command -v tshark >/dev/null || fail "tshark missing"

# 64 570 1518 64 128 570 repeating (X custom, as CSIT's 570 B)
GENOME="AXGABX"
TABLE="A:64 B:128 G:1518 X:570"
NOTE="CUSTOM IMIX - $GENOME ($TABLE)"
SIZES=(64 570 1518 64 128 570)
FRAMES=3000

ini=$WORK/ipv4.ini
frames_ini "$SRCDIR/conf/testbed-ipv4.ini" "$ini"

# a bad genome: exit 2, named, nothing written
bad=$WORK/bad.ini
cp "$ini" "$bad"
sed -i 's/^\[traffic\]/[traffic]\nimix = aaq/' "$bad"
"$DUTPERF" trial -c "$bad" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "bad genome: exit status" $? 2
grep -q "$bad: \[traffic\] imix = aaq: 'q' at 3: not an RFC 6985 letter" "$WORK/bad.log" ||
	fail "bad genome message: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "bad genome: $WORK/bad written"
"$DUTPERF" trial -c "$ini" --imix "axgabx:x=570" -o "$WORK/bad" >"$WORK/bad.log" 2>&1
expect_equal "--imix in the old custom form: exit status" $? 2
grep -qF -- "--imix axgabx:x=570: custom letters after a colon are not RFC 6985's spelling: write AXGABX with the sizes $TABLE" "$WORK/bad.log" ||
	fail "--imix message: $(cat "$WORK/bad.log")"
[ -e "$WORK/bad" ] && fail "bad --imix: $WORK/bad written"
ok "bad genomes: exit 2, file/section/key/value or option named, nothing written"

it_tb_up router
eval "$("$TB" env --name "$TBID")"
pcap=$WORK/d0.pcap
capture_dut "$DUT_NS" d0 $FRAMES "$pcap" trial -c "$ini" --imix "$GENOME" \
	--imix-sizes "X:570 A:64 G:1518 B:128" \
	--rate 3000 --duration 1 --direction f --timeout 500 -o "$WORK/out" >/dev/null
t=$WORK/out/trials.csv
sent=$(col "$t" fwd_sent)
expect_equal "frames sent" "$sent" $FRAMES
expect_equal "trials.csv imix" "$(col "$t" imix)" "$NOTE"
# 500 passes of 64+570+1518+64+128+570 = 2914 B
expect_equal "trials.csv fwd_sent_b" "$(col "$t" fwd_sent_b)" $((FRAMES / 6 * 2914))
# Size: the mean, 2914 / 6 = 485.67, rounded
expect_equal "trials.csv frame_size_b (the mean)" "$(col "$t" frame_size_b)" 486
expect_equal "received" "$(col "$t" fwd_received)" "$sent"

# frame.len (without FCS), the stamp's sequence number (UDP payload
# bytes 2..9), checksums, ports, in capture order
tshark -r "$pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
	-T fields -E separator=' ' -e frame.len -e udp.payload \
	-e ip.checksum.status -e udp.checksum.status -e udp.srcport \
	-e udp.dstport 2>/dev/null >"$WORK/fields.txt"
expect_equal "frames captured" "$(wc -l <"$WORK/fields.txt")" $FRAMES
cat >"$WORK/check.py" <<'PY'
import sys
sizes = [int(x) for x in sys.argv[2:]]
bad, count = 0, {}
for i, line in enumerate(open(sys.argv[1])):
    flen, payload, ipck, udpck, sp, dp = line.split()
    seq = int(payload[4:20], 16)           # stamp bytes 2..9
    want = sizes[seq % len(sizes)] - 4       # frame.len has no FCS
    if int(flen) != want:
        print('seq %d: %s bytes, want %d' % (seq, flen, want)); bad += 1
    if seq != i:
        print('frame %d carries seq %d' % (i, seq)); bad += 1
    if ipck != '1' or udpck != '1':          # 1: Good
        print('seq %d: checksum status %s %s' % (seq, ipck, udpck)); bad += 1
    if not (1024 <= int(sp) <= 65535 and 1 <= int(dp) <= 49151):
        print('seq %d: ports %s %s' % (seq, sp, dp)); bad += 1
    count[int(flen) + 4] = count.get(int(flen) + 4, 0) + 1
print(', '.join('%d B: %d' % kv for kv in sorted(count.items())))
sys.exit(1 if bad else 0)
PY
python3 "$WORK/check.py" "$WORK/fields.txt" "${SIZES[@]}" ||
	fail "sizes, order, checksums or ports wrong (above)"
ok "$FRAMES frames at the DUT in the genome's order ($GENOME), checksums good, ports in range"
# dutperf-stats: the mix is a group of its own, named by its genome
"$BUILDDIR/src/stats/dutperf-stats" summary "$t" --column fwd_received \
	>"$WORK/stats.txt" || fail "dutperf-stats: exit $?"
grep -qF "frame size $NOTE, direction f" "$WORK/stats.txt" ||
	fail "dutperf-stats group: $(cat "$WORK/stats.txt")"
ok "dutperf-stats: group frame size $NOTE"
it_tb_down
