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

