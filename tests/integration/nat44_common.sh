# SPDX-License-Identifier: BSD-3-Clause
# Shared by the NAT44 and NAT64 stateful tests (sourced after common.sh):
# the testbed's configuration (conf/testbed-nat44.ini, or NAT_CONF, e.g.
# testbed-nat64.ini) made stateful in $WORK/nat.ini: the NAT's public
# address as the Initiator's address seen from the right, both directions,
# a lag limit for this shared machine (frames_ini), N = M = 4000 over
# 40 x 100 ports, the DUT's table reset before every phase 1
# ([stateful] hook_trial).
frames_ini "$SRCDIR/conf/${NAT_CONF:-testbed-nat44.ini}" "$WORK/base.ini"
sed -e 's/^direction = forward/direction = both/' \
	-e '0,/^ipv4_virt = .*/s//ipv4_virt = 198.19.0.1/' \
	-e '0,/^sport_min = .*/s//sport_min = 1024/' \
	-e '0,/^sport_max = .*/s//sport_max = 1063/' \
	-e '0,/^dport_max = .*/s//dport_max = 100/' \
	-e 's/^settle_ms = .*/settle_ms = 300/' "$WORK/base.ini" >"$WORK/nat.ini"
cat >>"$WORK/nat.ini" <<INI
[stateful]
initiator = left
frames = 4000
table_size = 4000
rate_fps = 2000
timeout_ms = 500
delay_ms = 2500
validate_rate_fps = 20000
hook_trial = $SRCDIR/scripts/testbed.sh reset-state
INI
grep -q '^ipv4_virt = 198.19.0.1$' "$WORK/nat.ini" || fail "no ipv4_virt in the configuration"
# NAT_QUEUES=2 (the tests' _q2 variants, tests/integration/meson.build):
# the same known answers with 2 streams and 2 RX queues per direction,
# 2 queue pairs per af_packet port (PACKET_FANOUT spreads the frames over
# the queues); lcore 0 sends both streams, lcore 1 reads both queues
if [ -n "${NAT_QUEUES:-}" ]; then
	sed -i "s/^recv_lcore = 1$/recv_lcore = 1\nsend_lcores = 0\nrecv_lcores = 1\nqueues = $NAT_QUEUES/" \
		"$WORK/nat.ini"
	[ "$(grep -c "^queues = $NAT_QUEUES$" "$WORK/nat.ini")" = 2 ] ||
		fail "no queues = $NAT_QUEUES in $WORK/nat.ini"
	export TB_QPAIRS=$NAT_QUEUES
fi


# nat_spread: with NAT_QUEUES, one short trial --stateful (N = M = 1000
# at 1000/s, within every test DUT's limits) whose per-queue lines (only
# mode trial prints them) show each direction's frames on all the RX
# queues: the fanout spread them, so every queue wrote its part of the
# state table (in the test's own runs, recorded = received says that the
# parts were summed)
nat_spread() {
	local d lines
	[ -n "${NAT_QUEUES:-}" ] || return 0
	sed -e 's/^frames = .*/frames = 1000/' -e 's/^table_size = .*/table_size = 1000/' \
		-e 's/^rate_fps = 2000$/rate_fps = 1000/' -e 's/^delay_ms = .*/delay_ms = 0/' \
		"$WORK/nat.ini" >"$WORK/spread.ini"
	dut trial --stateful -c "$WORK/spread.ini" --rate 1000 --duration 1 \
		-o "$WORK/spread" >/dev/null ||
		fail "spread trial: exit status $? ($(tail -3 "$WORK/err.log"))"
	for d in forward reverse; do
		lines=$(grep -E "^  $d +[0-9]+ streams?; test frames per RX queue:" \
			"$WORK/out.log") || fail "$d: no per-queue line in $WORK/out.log"
		sed 's/.*://' <<<"$lines" | awk -v n="$NAT_QUEUES" '
			{ ok = NF == n; for (i = 1; i <= NF; i++) if ($i == 0) ok = 0
			  if (ok) found = 1 }
			END { exit !found }' ||
			fail "$d: not every one of $NAT_QUEUES RX queues carried frames: $lines"
		ok "$d:$(sed 's/.*://' <<<"$lines" | tr '\n' ' ')frames on the $NAT_QUEUES RX queues"
	done
}
