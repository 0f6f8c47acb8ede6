#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Self-check of the stateful NAT DUTs of scripts/testbed.sh (--dut nat44,
# nat64) and their known limits, with today's stateless dutperf as the
# traffic source: forward-only trials with pseudorandom ports, so every
# frame is a new connection for the DUT.  Counted independently of the
# DUT's own counters by tcpdump on the DUT's interfaces, by dutperf
# (nat44: translated frames are foreign UDP to its receiver, bad_addr:
# fwd_foreign_udp, compared with tcpdump's UDP capture; the DUT kernel's
# own MLD, ND, ARP frames are fwd_foreign_link; nat64: received, as the
# left's ipv4_virt is the NAT's address) and by
# tests/tools/rawpkt.py:
#   - --ct-size M: exactly M distinct connections leave d1, all from the
#     public address, later new ones are dropped until reset-state;
#   - replies pass only for a recorded tuple (translated back), unknown
#     tuples and frames to the private address are dropped;
#   - --ct-rate R: what leaves d1 is what a token bucket of R/s and depth B
#     passes of the frames that arrived on d0 (their capture times), and
#     not what R -+ 10 % would pass;
#   - nat64 (tayga + nat44) with --ct-size; down leaves nothing behind.
. "$(dirname "$0")/common.sh"

# Bad options: exit status 2, the option and value named, nothing created.
bad() {	# MESSAGE ARGS...: testbed.sh ARGS must fail so
	local msg=$1 before rc
	shift
	before=$(ip netns list 2>/dev/null | sort)
	"$TB" "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
	rc=$?
	expect_equal "exit status of testbed.sh $*" $rc 2
	grep -qF -- "$msg" "$WORK/bad.err" || fail "testbed.sh $*: '$(cat "$WORK/bad.err")' lacks '$msg'"
	[ -s "$WORK/bad.out" ] && fail "testbed.sh $* printed $(cat "$WORK/bad.out")"
	expect_equal "namespaces after testbed.sh $*" "$(ip netns list 2>/dev/null | sort)" "$before"
}
bad "--ct-size needs a positive number of entries, not '0'" up --dut nat44 --ct-size 0
bad "--ct-rate needs a positive number of connections/s, not '1e3'" up --dut nat44 --ct-rate 1e3
bad "--ct-timeout needs a positive number of seconds, not '-5'" up --dut nat64 --ct-timeout -5
bad "--ct-size, --ct-rate, --ct-burst and --ct-timeout need --dut nat44 or nat64" \
	up --dut router --ct-rate 100
bad "--ct-burst needs --ct-rate" up --dut nat44 --ct-size 10 --ct-burst 5
ok "bad NAT options: exit status 2, named, nothing created"
need_root
need_dutperf
for t in nft conntrack tayga tcpdump; do
	command -v "$t" >/dev/null || { echo "skipped: no $t"; exit 77; }
done

T0=02:00:00:00:00:10 D0=02:00:00:00:00:20	# tester port 0 <-> DUT d0
T1=02:00:00:00:01:10 D1=02:00:00:00:01:20	# tester port 1 <-> DUT d1
PUB=198.19.0.1					# the NAT's public address
frames_ini "$SRCDIR/conf/testbed-nat44.ini" "$WORK/nat44.ini"
frames_ini "$SRCDIR/conf/testbed-nat64.ini" "$WORK/nat64.ini"

# state: the DUT's figures (testbed.sh nat-state) into CT_COUNT, CT_SET,
# ADMITTED, OVER_RATE, TABLE_FULL.
state() {
	local s
	s=$("$TB" nat-state --name "$TBID") || fail "nat-state failed"
	eval "$s"
}

# capture IF DIR PCAP: tcpdump of UDP on DUT interface IF (in|out) into
# PCAP, in the background (pid in $caps), once it listens; stop_captures
# ends them all and fails if one lost frames.  --immediate-mode: otherwise
# frames wait in the capture ring's block for up to a second and SIGINT
# loses them; its ring has one slot of snaplen bytes per frame, hence a
# short snaplen (-s) and a large buffer (-B, KiB).
caps="" logs=""
capture() {
	local log=$3.log
	ip netns exec "$TB_DUT" tcpdump -i "$1" -Q "$2" --immediate-mode -s 128 -B 16384 \
		-U -w "$3" udp 2>"$log" &
	caps="$caps $!"
	logs="$logs $log"
	for _ in $(seq 100); do
		grep -q "listening on" "$log" && return 0
		sleep 0.1
	done
	fail "tcpdump on $1 did not start: $(cat "$log")"
}
stop_captures() {
	local p
	sleep 0.5
	for p in $caps; do kill -INT "$p" 2>/dev/null; wait "$p"; done
	for p in $logs; do
		grep -q "^0 packets dropped by kernel" "$p" ||
			fail "capture lost frames: $(tr '\n' ' ' <"$p")"
	done
	caps="" logs=""
}

# fields PCAP: "src sport dst dport" per UDP frame (IPv4 or IPv6), read
# by tcpdump ("IP[6] SRC.SPORT > DST.DPORT: UDP, ..."; far lighter than
# tshark on a loaded machine).
fields() {
	tcpdump -nqr "$1" udp 2>/dev/null | awk '{
		s = $3; d = $5; sub(/:$/, "", d)
		sp = s; sub(/.*\./, "", sp); sub(/\.[0-9]+$/, "", s)
		dp = d; sub(/.*\./, "", dp); sub(/\.[0-9]+$/, "", d)
		print s, sp, d, dp }'
}

# nmatch FILE "SRC SPORT DST DPORT": lines of fields' output FILE that are
# that tuple.
nmatch() {
	grep -cxF -- "$2" "$1"
}

# sendf IFACE SPEC...: UDP frames from tester port IFACE, 5 ms apart, in
# one process; SPEC = SMAC,DMAC,SRC,SPORT,DST,DPORT,COUNT (frames of 64
# bytes, or 84 for IPv6: tests/tools/rawpkt.py's udp_frame).
sendf() {
	ip netns exec "$TB_TG" python3 - "$SRCDIR/tests/tools" "$@" <<-'PY' ||
	import socket, sys, time
	sys.path.insert(0, sys.argv[1])
	from rawpkt import udp_frame
	s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
	s.bind((sys.argv[2], 0))
	for spec in sys.argv[3:]:
	    smac, dmac, src, sport, dst, dport, count = spec.split(",")
	    for i in range(int(count)):
	        s.send(udp_frame(smac, dmac, src, dst, int(sport), int(dport),
	                         84 if ":" in src else 64, i))
	        time.sleep(0.005)
	PY
		fail "sending on $1 failed"
}

# cols CSV NAME...: NAME=value of the last row of CSV for each NAME, as
# shell assignments (one process for all; csv_col's job, many at once).
cols() {
	python3 - "$@" <<-'PY' || fail "cannot read columns $* of $1"
	import csv, sys
	rows = list(csv.DictReader(open(sys.argv[1])))
	for n in sys.argv[2:]:
	    print("%s=%s" % (n, rows[-1][n]))
	PY
}

# orig_sport PSPORT DPORT: the Initiator's source port of the connection
# that left d1 as $PUB:PSPORT -> 198.19.0.2:DPORT (conntrack -L).
orig_sport() {
	local p
	p=$(ip netns exec "$TB_DUT" conntrack -L 2>/dev/null | sed -n \
		"s/.*src=198.18.0.2 dst=198.19.0.2 sport=\([0-9]*\) dport=$2 .*dport=$1 .*/\1/p")
	[ -n "$p" ] || fail "no conntrack entry for $PUB:$1 -> 198.19.0.2:$2"
	echo "${p%%$'\n'*}"
}

# ---------------------------------------------------------------- nat44, M
M=300
# Unreplied connections live 30 s by default: longer than this test may
# take on a loaded machine before it looks them up.
TB_CT_SIZE=$M TB_CT_TIMEOUT=600 it_tb_up nat44
expect_equal "the DUT's UDP timeout" \
	"$(ip netns exec "$TB_DUT" cat /proc/sys/net/netfilter/nf_conntrack_udp_timeout)" 600
# Both directions: the forward frames fill the table; the reverse ones (to
# the private address 198.18.0.2) answer no connection.
capture d1 out "$WORK/size.pcap"
dut trial -c "$WORK/nat44.ini" --rate 2000 --duration 1 --direction b \
	-o "$WORK/size" >/dev/null || fail "trial: exit status $? ($(tail -3 "$WORK/err.log"))"
stop_captures
eval "$(cols "$WORK/size/trials.csv" fwd_sent fwd_foreign fwd_foreign_link fwd_foreign_ip \
	fwd_foreign_udp rev_sent rev_received)"
[ "$fwd_sent" -ge $((3 * M)) ] && [ "$rev_sent" -ge $((3 * M)) ] ||
	fail "only $fwd_sent / $rev_sent frames sent, want > $((3 * M))"
fields "$WORK/size.pcap" >"$WORK/size.txt"
frames=$(wc -l <"$WORK/size.txt")
conns=$(sort -u "$WORK/size.txt" | wc -l)
others=$(awk -v p=$PUB '$1 != p || $3 != "198.19.0.2"' "$WORK/size.txt" | wc -l)
state
echo "ct-size $M: sent $fwd_sent, d1 sent $frames frames of $conns connections;" \
	"dutperf foreign: udp $fwd_foreign_udp, link $fwd_foreign_link, ip $fwd_foreign_ip;" \
	"DUT: conntrack $CT_COUNT, set $CT_SET, admitted $ADMITTED, table full $TABLE_FULL"
expect_equal "frames leaving d1 not $PUB -> 198.19.0.2" "$others" 0
expect_equal "distinct connections through the DUT" "$conns" $M
# A repeated tuple of an admitted connection passes as established (the
# ports are pseudorandom: rare, but possible).
[ "$frames" -ge $M ] && [ "$frames" -le $((M + 2)) ] || fail "$frames frames for $M connections"
# UDP with UDP: the kernel's MLD reports, ND, router solicitations into
# the veth are foreign too, but link (not in the UDP capture).
expect_equal "dutperf's foreign UDP (bad_addr) frames" "$fwd_foreign_udp" "$frames"
expect_equal "foreign link + ip + udp" $((fwd_foreign_link + fwd_foreign_ip + fwd_foreign_udp)) \
	"$fwd_foreign"
expect_equal "DUT set entries" "$CT_SET" $M
expect_equal "DUT conntrack entries" "$CT_COUNT" $M
expect_equal "admitted + refused" $((ADMITTED + TABLE_FULL + frames - M)) "$fwd_sent"
expect_equal "reverse frames without a connection received" "$rev_received" 0
ok "nat44 --ct-size $M: exactly $M connections, all translated to $PUB; $rev_sent unsolicited dropped"

# Replies: to a recorded tuple they pass, translated back; to an unknown
# tuple of the public address or to the private address directly not.
read -r _ psport _ pdport < <(head -1 "$WORK/size.txt")
osport=$(orig_sport "$psport" "$pdport")
other=$((psport == 65535 ? 1024 : psport + 1))
grep -q " $other 198.19.0.2 $pdport\$" "$WORK/size.txt" && other=$((other == 65535 ? 1024 : other + 1))
capture d0 out "$WORK/reply.pcap"
sendf t1 "$T1,$D1,198.19.0.2,$pdport,$PUB,$psport,5" "$T1,$D1,198.19.0.2,$pdport,$PUB,$other,5" \
	"$T1,$D1,198.19.0.2,$pdport,198.18.0.2,$((osport ^ 1)),5"
stop_captures
fields "$WORK/reply.pcap" >"$WORK/reply.txt"
expect_equal "frames leaving d0" "$(wc -l <"$WORK/reply.txt")" 5
expect_equal "replies translated back to 198.18.0.2:$osport" \
	"$(nmatch "$WORK/reply.txt" "198.19.0.2 $pdport 198.18.0.2 $osport")" 5
ok "nat44: replies pass for the recorded tuple only ($PUB:$psport -> 198.18.0.2:$osport)"

# The table is full: a new connection is dropped until reset-state,
# while frames of an admitted (unreplied) one still pass.
read -r _ psport2 _ pdport2 < <(sed -n 2p "$WORK/size.txt")
osport2=$(orig_sport "$psport2" "$pdport2")
capture d1 out "$WORK/full.pcap"
sendf t0 "$T0,$D0,198.18.0.2,4242,198.19.0.2,4242,3" "$T0,$D0,198.18.0.2,$osport2,198.19.0.2,$pdport2,3"
stop_captures
fields "$WORK/full.pcap" >"$WORK/full.txt"
expect_equal "frames through a full table" "$(wc -l <"$WORK/full.txt")" 3
expect_equal "frames of an admitted connection through a full table" \
	"$(nmatch "$WORK/full.txt" "$PUB $psport2 198.19.0.2 $pdport2")" 3
"$TB" reset-state --name "$TBID" || fail "reset-state failed"
state
expect_equal "conntrack entries after reset-state" "$CT_COUNT" 0
expect_equal "set entries after reset-state" "$CT_SET" 0
capture d1 out "$WORK/reset.pcap"
sendf t0 "$T0,$D0,198.18.0.2,4242,198.19.0.2,4242,3"
stop_captures
fields "$WORK/reset.pcap" >"$WORK/reset.txt"
expect_equal "frames of a new connection after reset-state" \
	"$(nmatch "$WORK/reset.txt" "$PUB 4242 198.19.0.2 4242")" 3
ok "nat44: a full table refuses new connections, reset-state empties it"
it_tb_down

# ---------------------------------------------------------------- nat44, R
R=1000
TB_CT_RATE=$R it_tb_up nat44
B=$(tb_nft_burst $R)
grep -q "^CT_BURST=$B\$" "$TB_STATE/state" || fail "state: no CT_BURST=$B"
capture d0 in "$WORK/rate-in.pcap"
capture d1 out "$WORK/rate-out.pcap"
dut trial -c "$WORK/nat44.ini" --rate $((R * 5 / 2)) --duration 2 --direction f \
	-o "$WORK/rate" >/dev/null || fail "trial: exit status $? ($(tail -3 "$WORK/err.log"))"
stop_captures
out=$(fields "$WORK/rate-out.pcap" | wc -l)
state
eval "$(cols "$WORK/rate/trials.csv" fwd_foreign_udp)"
expect_equal "DUT admitted vs frames leaving d1" "$ADMITTED" "$out"
expect_equal "dutperf's foreign UDP frames vs UDP frames leaving d1" "$fwd_foreign_udp" "$out"
# The token bucket (scripts/lib.sh tb_nat_rules: depth B, full at the
# start) over the arrival times at d0, for rates R and R -+ 10 %.
tcpdump -nqttr "$WORK/rate-in.pcap" udp 2>/dev/null | awk '{ print $1 }' >"$WORK/times"
read -r in exp lo hi span < <(python3 - "$WORK/times" $R "$B" <<'PY'
import sys
ts = [float(x) for x in open(sys.argv[1]) if x.strip()]
rate, burst = int(sys.argv[2]), int(sys.argv[3])

def bucket(r):
    tokens, last, n = float(burst), ts[0], 0
    for t in ts:
        tokens = min(burst, tokens + (t - last) * r)
        last = t
        if tokens >= 1:
            tokens -= 1
            n += 1
    return n

print(len(ts), bucket(rate), bucket(rate * 0.9), bucket(rate * 1.1),
      "%.3f" % (ts[-1] - ts[0]))
PY
)
echo "ct-rate $R (burst $B): $in frames in ${span}s offered, $out passed" \
	"($(python3 -c "print(round(($out - $B) / $span))") new connections/s beyond the burst)," \
	"token bucket: $exp at R, $lo at 0.9 R, $hi at 1.1 R"
[ "$in" -ge $((R * 3)) ] || fail "only $in frames reached d0"
diff=$((out > exp ? out - exp : exp - out))
[ $((diff * 100)) -le $((exp * 2 + 100)) ] || fail "$out passed, the bucket at $R/s passes $exp"
[ $((exp - lo)) -gt $((diff * 2)) ] && [ $((hi - exp)) -gt $((diff * 2)) ] ||
	fail "0.9 R ($lo) or 1.1 R ($hi) explains $out as well as R ($exp)"
expect_equal "over-rate drops" "$OVER_RATE" $((in - out))
# A connection is one new connection, however many (unreplied) frames.
a0=$ADMITTED o0=$OVER_RATE
sendf t0 "$T0,$D0,198.18.0.2,4242,198.19.0.2,4242,$((B * 2))"
state
expect_equal "connections admitted for $((B * 2)) frames of one" $((ADMITTED - a0)) 1
expect_equal "over-rate drops of one connection's frames" $((OVER_RATE - o0)) 0
ok "nat44 --ct-rate $R: $out new connections passed, the bucket says $exp"
it_tb_down

# ---------------------------------------------------------------- nat64, M
M=200
TB_CT_SIZE=$M it_tb_up nat64
capture d1 out "$WORK/n64.pcap"
dut trial -c "$WORK/nat64.ini" --rate 1000 --duration 1 \
	-o "$WORK/n64" >/dev/null || fail "nat64 trial: exit status $? ($(tail -3 "$WORK/err.log"))"
stop_captures
eval "$(cols "$WORK/n64/trials.csv" fwd_received)"
fields "$WORK/n64.pcap" >"$WORK/n64.txt"
conns=$(sort -u "$WORK/n64.txt" | wc -l)
others=$(awk -v p=$PUB '$1 != p || $3 != "198.19.0.2"' "$WORK/n64.txt" | wc -l)
state
echo "nat64 ct-size $M: dutperf received $fwd_received, d1 sent $(wc -l <"$WORK/n64.txt") of $conns connections"
expect_equal "nat64: frames leaving d1 not $PUB -> 198.19.0.2" "$others" 0
expect_equal "nat64: distinct connections" "$conns" $M
[ "$fwd_received" -ge $M ] && [ "$fwd_received" -le $((M + 2)) ] ||
	fail "nat64: dutperf received $fwd_received for $M connections"
expect_equal "nat64: set entries" "$CT_SET" $M
# 4 -> 6 back through conntrack and tayga for a recorded tuple only.
read -r _ psport _ pdport < <(head -1 "$WORK/n64.txt")
capture d0 out "$WORK/n64r.pcap"
sendf t1 "$T1,$D1,198.19.0.2,$pdport,$PUB,$psport,5" "$T1,$D1,198.19.0.2,$pdport,198.18.255.2,$psport,5"
stop_captures
fields "$WORK/n64r.pcap" >"$WORK/n64r.txt"
expect_equal "nat64: frames leaving d0" "$(wc -l <"$WORK/n64r.txt")" 5
expect_equal "nat64: replies leaving d0 as IPv6" \
	"$(grep -c "^2001:db8:64::c613:2 $pdport 2001:db8::2 " "$WORK/n64r.txt")" 5
tay=$(cat "$TB_STATE/tayga.pid")
ip netns exec "$TB_DUT" nft list tables | grep -q dutperf_nat || fail "no nft table"
it_tb_down
[ "$(cat /proc/"$tay"/comm 2>/dev/null)" = tayga ] && fail "tayga $tay still runs after down"
ok "nat64 --ct-size $M: $M connections, replies translated back to IPv6; down removed all"
