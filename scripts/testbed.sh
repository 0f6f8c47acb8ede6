#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The virtual testbed: two tester ports in one network namespace wired by veth
# pairs to a Linux DUT (router, bridge, tayga SIIT, stateful NAT44 or NAT64)
# in another, or Open vSwitch's userspace datapath, optionally with an
# nftables (Open vSwitch: OpenFlow meter) capacity limit.  See docs/testbed.md.
#
#   testbed.sh up [--name ID] [--dut router|bridge|siit|ovs | --dut fault --fault "OPTS"]
#                 [--limit-fps N | --limit-fwd-fps N --limit-rev-fps N]
#                 [--limit-burst B] [--nets] [--neigh permanent|dynamic] [--learning]
#                 [--vlan VID]
#   testbed.sh up [--name ID] --dut router|bridge --ports N [--limit-port-fps PORT:FPS]...
#                 [--fdb-max N] [--limit-in-fps PORT:FPS]... [the options above]
#   testbed.sh up [--name ID] --dut nat44|nat64 [--ct-size M] [--ct-rate R [--ct-burst B]]
#                 [--ct-timeout S]
#   testbed.sh down --name ID | --all
#   testbed.sh reset-state [--name ID]       NAT: forget every connection
#                                            (ID default: $TESTBED_ID, set by run)
#   testbed.sh nat-state --name ID           NAT: connection counts (shell assignments)
#   testbed.sh exec --name ID -- CMD...      CMD inside the tester namespace
#   testbed.sh dut-exec [--name ID] -- CMD... CMD inside the DUT namespace, e.g. a
#                                            [dut] observation (ID default:
#                                            $TESTBED_ID, set by run; --dut ovs:
#                                            with its OVS_RUNDIR, OVS_DBDIR,
#                                            OVS_LOGDIR, e.g. ovs-appctl dpctl/show)
#   testbed.sh run  --name ID -- ARGS...     dutperf (or $DUTPERF) on t0/t1
#   testbed.sh env  --name ID                shell assignments for scripts
#   testbed.sh list
#   testbed.sh --help
#
# Options:
#     --name ID            the testbed (letters, digits, _; up: generated if not given)
#     --dut KIND           up: router (default), bridge, siit (tayga), fault,
#                          nat44 (nftables masquerade), nat64 (tayga + nat44),
#                          ovs (Open vSwitch bridge br0, userspace datapath,
#                          NORMAL action: MAC learning)
#     --fault "OPTS"       up --dut fault: tests/tools/faultdut.py options
#     --limit-fps N        up: nftables capacity limit of N frames/s per direction
#                          (--dut ovs: an OpenFlow meter, drop band, per direction)
#     --limit-fwd-fps N    up: the limit of the forward direction (d0 -> d1) only
#     --limit-rev-fps N    up: the limit of the reverse direction (d1 -> d0) only
#     --ct-size M          up nat44|nat64: admit at most M connections (the rest
#                          are dropped until reset-state)
#     --ct-rate R          up nat44|nat64: admit at most R new connections/s
#     --ct-burst B         up --ct-rate: its token-bucket depth (default R/50, >= 5)
#     --ct-timeout S       up nat44|nat64: UDP connections expire after S s
#                          (default: the kernel's 30 s unreplied, 120 s replied)
#     --limit-burst B      up: the limits' token bucket holds B frames (default
#                          20 ms at the limit, at least 5): a DUT whose
#                          longest lossless burst is known (mode b2b)
#     --nets               up: accepted for clarity; routes for 256 networks are always set
#     --neigh dynamic      up router|siit|nat44|nat64: no permanent neighbours for
#                          the tester's addresses: the DUT resolves them by ARP / ND
#                          (dutperf answers) and its entries age (default permanent)
#     --learning           up --dut bridge: unknown-unicast flooding off on d0 and d1
#                          and a 10 s ageing time: a destination the bridge has not
#                          seen as a source is dropped (RFC 2544 23 (b) learning)
#     --vlan VID           up router|bridge|ovs: 802.1Q VLAN VID (1..4094) between
#                          tester and DUT: routed sub-interfaces d0.VID / d1.VID,
#                          a VLAN-aware bridge (vlan_filtering 1) whose ports
#                          carry VID tagged only, or Open vSwitch trunk ports of
#                          VID only; prints the ini keys to stderr
#     --ports N            up --dut router|bridge: N ports (2 to 4, default 2):
#                          tester tK <-> DUT dK, K = 0 .. N-1 (docs/testbed.md
#                          "Four ports"); run gives dutperf all N
#     --limit-port-fps PORT:FPS  up router|bridge: an nftables limit of FPS
#                          frames/s on the frames leaving DUT port dPORT
#                          (counters dPORT_pass, dPORT_drop); repeatable
#     --fdb-max N          up --dut bridge: the bridge learns at most N
#                          addresses (fdb_max_learned, Linux 6.7 or later, set
#                          over netlink by tests/tools/brfdbmax.py)
#     --limit-in-fps PORT:FPS  up router|bridge: an nftables limit of FPS
#                          frames/s on the frames entering DUT port dPORT,
#                          before the bridge learns their source (bridge
#                          prerouting; counters dPORT_in_pass, dPORT_in_drop);
#                          repeatable
#     --all                down: every dpt-* testbed
#     -h, --help           this text (exit status 0)
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
. "$SRCDIR/scripts/lib.sh"

usage() {
	sed -n '/^#   testbed/s/^#   //p' "$0" >&2
	exit 2
}

help() {
	sed -n '/^#   testbed.sh up/,/^#     -h, --help/p' "$0" | sed 's/^# \{0,3\}//'
	exit 0
}

fps_arg() {	# OPTION VALUE
	[[ $2 =~ ^[1-9][0-9]{0,9}$ ]] || die "$1 needs a positive number of frames/s, not '$2'"
	echo "$2"
}

count_arg() {	# OPTION VALUE UNIT: a positive count below 2^31 (nft's limit)
	[[ $2 =~ ^[1-9][0-9]{0,9}$ ]] && [ "$2" -lt 2147483648 ] ||
		die_usage "$1 needs a positive number of $3, not '$2'"
	echo "$2"
}

[ $# -gt 0 ] || usage
case $1 in -h|--help) help ;; esac
cmd=$1
shift
TB_PORTS=2 TB_PORT_LIMITS="" TB_FDB_MAX=""
TB_IN_LIMITS=""
id="" kind=router lf=0 lr=0 all="" TB_NEIGH=permanent TB_LEARNING=0 TB_FAULT="" TB_CT_SIZE=0 TB_CT_RATE=0 TB_CT_BURST="" TB_CT_TIMEOUT=0 TB_VLAN=""
while [ $# -gt 0 ]; do
	case $1 in
	--name) [ $# -ge 2 ] || usage; id=$2; tb_check_id "$id"; shift ;;
	--dut) [ $# -ge 2 ] || usage; kind=$2; shift
		case $kind in router|bridge|siit|fault|nat44|nat64|ovs) ;;
		*) die "--dut router|bridge|siit|fault|nat44|nat64|ovs, not '$kind'" ;; esac ;;
	--fault) [ $# -ge 2 ] || usage; TB_FAULT=$2; shift ;;	# faultdut.py options
	--limit-fps) [ $# -ge 2 ] || usage; lf=$(fps_arg "$1" "$2") || exit 1; lr=$lf; shift ;;
	--limit-fwd-fps) [ $# -ge 2 ] || usage; lf=$(fps_arg "$1" "$2") || exit 1; shift ;;
	--limit-rev-fps) [ $# -ge 2 ] || usage; lr=$(fps_arg "$1" "$2") || exit 1; shift ;;
	--ct-size) [ $# -ge 2 ] || usage; TB_CT_SIZE=$(count_arg "$1" "$2" entries) || exit 2; shift ;;
	--ct-rate) [ $# -ge 2 ] || usage; TB_CT_RATE=$(count_arg "$1" "$2" "connections/s") || exit 2; shift ;;
	--ct-burst) [ $# -ge 2 ] || usage; TB_CT_BURST=$(count_arg "$1" "$2" packets) || exit 2; shift ;;
	--ct-timeout) [ $# -ge 2 ] || usage; TB_CT_TIMEOUT=$(count_arg "$1" "$2" seconds) || exit 2; shift ;;
	--limit-burst) [ $# -ge 2 ] || usage
		[[ $2 =~ ^[1-9][0-9]{0,9}$ ]] || die "--limit-burst needs a positive number of frames, not '$2'"
		export TB_NFT_BURST_PKTS=$2; shift ;;
	--nets) ;;	# routes for 256 destination networks are always set up
	--learning) TB_LEARNING=1 ;;
	--vlan) [ $# -ge 2 ] || usage; TB_VLAN=$2; shift
		case $TB_VLAN in ''|*[!0-9]*|0*) die_usage "--vlan needs a VID 1..4094, not '$TB_VLAN'" ;; esac
		[ "$TB_VLAN" -le 4094 ] || die_usage "--vlan needs a VID 1..4094, not '$TB_VLAN'" ;;
	--neigh) [ $# -ge 2 ] || usage; TB_NEIGH=$2; shift
		case $TB_NEIGH in permanent|dynamic) ;;
		*) die_usage "--neigh permanent|dynamic, not '$TB_NEIGH'" ;; esac ;;
	--ports) [ $# -ge 2 ] || usage
		[[ $2 =~ ^[2-4]$ ]] || die_usage "--ports needs 2, 3 or 4, not '$2'"
		TB_PORTS=$2; shift ;;
	--limit-port-fps) [ $# -ge 2 ] || usage
		[[ $2 =~ ^([0-9]):([1-9][0-9]{0,9})$ ]] && [ "${BASH_REMATCH[2]}" -lt 2147483648 ] ||
			die_usage "--limit-port-fps needs PORT:FPS (a port number and a positive number of frames/s), not '$2'"
		[[ " $TB_PORT_LIMITS" = *" ${BASH_REMATCH[1]}:"* ]] &&
			die_usage "--limit-port-fps: port ${BASH_REMATCH[1]} given twice"
		TB_PORT_LIMITS="${TB_PORT_LIMITS:+$TB_PORT_LIMITS }$2"; shift ;;
	--fdb-max) [ $# -ge 2 ] || usage; TB_FDB_MAX=$(count_arg "$1" "$2" entries) || exit 2; shift ;;
	--limit-in-fps) [ $# -ge 2 ] || usage
		[[ $2 =~ ^([0-9]):([1-9][0-9]{0,9})$ ]] && [ "${BASH_REMATCH[2]}" -lt 2147483648 ] ||
			die_usage "--limit-in-fps needs PORT:FPS (a port number and a positive number of frames/s), not '$2'"
		[[ " $TB_IN_LIMITS" = *" ${BASH_REMATCH[1]}:"* ]] &&
			die_usage "--limit-in-fps: port ${BASH_REMATCH[1]} given twice"
		TB_IN_LIMITS="${TB_IN_LIMITS:+$TB_IN_LIMITS }$2"; shift ;;
	--all) all=1 ;;
	--) shift; break ;;
	-h|--help) help ;;
	*) die "unknown option '$1' (see --help)" ;;
	esac
	shift
done

# tb_check_ports KIND: --ports, --limit-port-fps and --fdb-max fit KIND.
tb_check_ports() {
	local pl
	case $1 in router|bridge) ;; *)
		[ "$TB_PORTS" = 2 ] || die_usage "--ports needs --dut router or bridge"
		[ -z "$TB_PORT_LIMITS" ] || die_usage "--limit-port-fps needs --dut router or bridge" ;;
	esac
	[ -z "$TB_FDB_MAX" ] || [ "$1" = bridge ] || die_usage "--fdb-max needs --dut bridge"
	# the VLAN set-up names d0 / d1 only
	[ -z "$TB_VLAN" ] || [ "$TB_PORTS" = 2 ] || die_usage "--vlan takes 2 ports, not --ports $TB_PORTS"
	for pl in $TB_PORT_LIMITS; do
		[ "${pl%%:*}" -lt "$TB_PORTS" ] ||
			die_usage "--limit-port-fps $pl: no port ${pl%%:*} on a testbed of $TB_PORTS ports (0 .. $((TB_PORTS - 1)))"
	done
	case $1 in router|bridge) ;; *)
		[ -z "$TB_IN_LIMITS" ] || die_usage "--limit-in-fps needs --dut router or bridge" ;;
	esac
	for pl in $TB_IN_LIMITS; do
		[ "${pl%%:*}" -lt "$TB_PORTS" ] ||
			die_usage "--limit-in-fps $pl: no port ${pl%%:*} on a testbed of $TB_PORTS ports (0 .. $((TB_PORTS - 1)))"
	done
}

need_name() {
	[ -n "$id" ] || die "$cmd needs --name ID"
	tb_need_root
	[ "$cmd" = down ] && return
	tb_exists "$id" && [ -e "/run/netns/$TB_TG" ] || die "no testbed '$id' (scripts/testbed.sh list)"
}

case $cmd in
up)
	[ $# -eq 0 ] || die "up takes no command"
	case $kind in nat44|nat64) ;; *)
		[ "$TB_CT_SIZE$TB_CT_RATE$TB_CT_BURST$TB_CT_TIMEOUT" = 000 ] ||
			die_usage "--ct-size, --ct-rate, --ct-burst and --ct-timeout need --dut nat44 or nat64" ;;
	esac
	[ -z "$TB_CT_BURST" ] || [ "$TB_CT_RATE" -gt 0 ] || die_usage "--ct-burst needs --ct-rate"
	case $kind in bridge|fault|ovs)
		[ "$TB_NEIGH" = permanent ] ||
			die_usage "--neigh dynamic needs a DUT with addresses (router, siit, nat44, nat64)" ;;
	esac
	[ "$TB_LEARNING" = 0 ] || [ "$kind" = bridge ] || die_usage "--learning needs --dut bridge"
	case $kind in router|bridge|ovs) ;; *)
		[ -z "$TB_VLAN" ] || die_usage "--vlan needs --dut router, bridge or ovs" ;;
	esac
	tb_check_ports "$kind"
	export TB_PORTS TB_PORT_LIMITS TB_FDB_MAX TB_IN_LIMITS
	export TB_CT_SIZE TB_CT_RATE TB_CT_BURST TB_CT_TIMEOUT TB_NEIGH TB_LEARNING TB_VLAN
	tb_need_root
	[ -n "$id" ] || id=$(tb_new_id)
	tb_up "$id" "$kind" "$lf" "$lr"
	[ -z "$TB_VLAN" ] ||
		note "VLAN $TB_VLAN: run with [left] vlan = $TB_VLAN and [right] vlan = $TB_VLAN"
	echo "$id"
	;;
down)
	if [ -n "$all" ]; then
		tb_need_root
		rc=0
		for i in $(tb_ids); do
			tb_down "$i" || { note "could not remove all of testbed $i"; rc=1; }
		done
		exit $rc
	fi
	need_name
	tb_down "$id" || die "could not remove all of testbed $id"
	;;
exec)
	need_name
	[ $# -gt 0 ] || die "exec needs -- CMD..."
	exec ip netns exec "$TB_TG" "$@"
	;;
dut-exec)
	# a [dut] observation: dutperf runs it with TESTBED_ID set (run)
	[ -n "$id" ] || { id=${TESTBED_ID:-}; [ -z "$id" ] || tb_check_id "$id"; }
	need_name
	[ $# -gt 0 ] || die "dut-exec needs -- CMD..."
	# shellcheck disable=SC2046
	[ -d "$TB_STATE/ovs" ] && set -- env $(tb_ovs_env) "$@"
	exec ip netns exec "$TB_DUT" "$@"
	;;
run)
	need_name
	bin=${DUTPERF:-$SRCDIR/build/src/dpdk/dutperf}
	[ -x "$bin" ] || die "no dutperf binary at $bin (build it, or set DUTPERF=path)"
	# For DUT hooks and observations run by dutperf (testbed.sh
	# reset-state, dut-exec).
	export TESTBED_ID=$id
	# shellcheck disable=SC2086
	set -- ip netns exec "$TB_TG" "$bin" $TB_EAL -- "$@"
	echo "+ $*" >&2
	"$@"
	rc=$?
	rm -rf "/var/run/dpdk/$TB_PREFIX"
	exit $rc
	;;
reset-state)
	[ -n "$id" ] || id=${TESTBED_ID:-}
	need_name
	tb_nat_reset "$id"
	;;
nat-state)
	need_name
	case $(sed -n 's/^KIND=//p' "$TB_STATE/state" 2>/dev/null) in
	nat44|nat64) tb_nat_state "$id" ;;
	*) die "testbed '$id' is not nat44 or nat64" ;;
	esac
	;;
env)
	need_name
	tb_env "$id"
	;;
list)
	tb_list
	;;
*)
	usage
	;;
esac
