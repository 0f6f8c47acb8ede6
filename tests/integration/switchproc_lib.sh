# SPDX-License-Identifier: BSD-3-Clause
# Shared by caching_bridge.sh, learnrate_bridge.sh, congestion_bridge.sh
# (sourced after common.sh): the bridge's configuration for the RFC 2889
# switch procedures.

# swp_ini OUT NPORTS [SED]: conf/testbed-bridge4.ini for NPORTS (3 or 4)
# ports, short waits (timeout 200 ms, no learning wait), max_lag_us 50 ms
# unless SED says otherwise, the table flushed before each iteration
# (testbed.sh dut-exec: dutperf runs under testbed.sh run, TESTBED_ID set),
# and the sed commands SED applied last.
swp_ini() {
	local del=""
	[ "$2" = 3 ] && del='/^\[port3\]/,/^pool_mbufs/d'
	sed -e "$del" -e 's/^timeout_ms = .*/timeout_ms = 200/' \
		-e 's/^learning_wait_s = .*/learning_wait_s = 0/' \
		-e 's/^max_lag_us = .*/max_lag_us = 50000/' \
		-e 's/^aging_s = .*/aging_s = 30\nflush_command = '"${TB//\//\\/}"' dut-exec -- ip link set dev br0 type bridge fdb_flush\nflush_wait_ms = 50\ntest_wait_ms = 100/' \
		-e "${3:-}" "$SRCDIR/conf/testbed-bridge4.ini" >"$1"
	grep -q '^flush_command = .*fdb_flush$' "$1" && grep -q '^timeout_ms = 200$' "$1" ||
		fail "no keys in $1"
	[ "$(grep -c '^\[port' "$1")" = $(($2 - 2)) ] || fail "not $2 ports in $1"
}
