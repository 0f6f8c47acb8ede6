#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dutperf started without root on net_af_packet ports: the EAL drops the
# devices (no AF_PACKET socket without CAP_NET_RAW) and dutperf's error
# must say why, not only "no such DPDK port".  Runs as user nobody inside
# a namespace of its own with a veth pair.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v setpriv >/dev/null || { echo "skipped: no setpriv"; exit 77; }
NS=dpt-noroot-$$
it_noroot_cleanup() {
	ip netns del "$NS" 2>/dev/null
	rm -rf "/tmp/dpdk/dpt-noroot-$$"
	it_cleanup
}
trap it_noroot_cleanup EXIT
ip netns add "$NS" || fail "cannot create namespace $NS"
ip -n "$NS" link add v0 type veth peer name v1 || fail "cannot create veths"
ip -n "$NS" link set v0 up && ip -n "$NS" link set v1 up
# nobody may not reach the source or build tree (a checkout under /root,
# mode 700: the run would fail reading the config, exit 2, not for want of
# CAP_NET_RAW): the binary and the config are copied into $WORK, which
# nobody can read (it_cleanup removes it).
mkdir -m 777 "$WORK/o"
chmod 755 "$WORK"
install -m 755 "$DUTPERF" "$WORK/dutperf"
install -m 644 "$SRCDIR/conf/testbed-ipv4.ini" "$WORK/testbed-ipv4.ini"
setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$WORK/dutperf" -a \
	-r "$WORK/testbed-ipv4.ini" || fail "nobody cannot read the copies in $WORK"

run_as() {	# UID VDEVS...: dutperf as UID on these ports; stderr in $WORK/err.log
	local uid=$1
	shift
	# shellcheck disable=SC2046
	ip netns exec "$NS" setpriv --reuid="$uid" --regid="$uid" --clear-groups \
		"$WORK/dutperf" $(eal_common "dpt-noroot-$$") "$@" -- trial \
		-c "$WORK/testbed-ipv4.ini" -o "$WORK/o" --duration 1 \
		>/dev/null 2>"$WORK/err.log"
}

# As nobody: both devices dropped; the error names the cause.
# shellcheck disable=SC2046
run_as 65534 $(eal_af_packet v0 v1)
rc=$?
expect_equal "as nobody: exit status" $rc 1
grep -q "no such DPDK port.*not running as root: net_af_packet needs root or CAP_NET_RAW" \
	"$WORK/err.log" || fail "no hint: $(grep dutperf: "$WORK/err.log")"
ok "as nobody: $(grep -o 'not running as root[^)]*' "$WORK/err.log")"

# As root with port 1 missing (its interface does not exist, so the EAL
# drops it; two --vdev options pass the check before the EAL): the same
# error, without the hint.
run_as 0 "--vdev=net_af_packet0,iface=v0,framecnt=4096" \
	"--vdev=net_af_packet1,iface=dpt-nosuchif,framecnt=4096"
rc=$?
expect_equal "as root, one port: exit status" $rc 1
grep -q "port_id = 1: no such DPDK port" "$WORK/err.log" ||
	fail "as root, one port: $(grep dutperf: "$WORK/err.log")"
grep -q "not running as root" "$WORK/err.log" && fail "root told it is not root"
ok "as root with one port: no hint"
