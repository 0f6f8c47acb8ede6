# SPDX-License-Identifier: BSD-3-Clause
# Shared helpers for dutperf's scripts (sourced, not run).

DUTPERF_DEBS="dpdk dpdk-dev libdpdk-dev libnuma-dev libiniparser-dev libjansson-dev meson ninja-build
pkg-config gcc libcmocka-dev python3 iproute2 ethtool nftables tayga tcpdump tshark
ministat clang libclang-rt-14-dev procps time gnuplot-nox conntrack jq
chromium tidy python3-html5lib python3-pil openvswitch-switch"

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
# die_usage MESSAGE: a usage or configuration error, exit status 2 (nothing
# was run or written).
die_usage() { echo "$(basename "$0"): $*" >&2; exit 2; }
note() { [ -n "${QUIET:-}" ] || echo "$(basename "$0"): $*" >&2; }

# Install the Debian packages the project needs, only those missing.
# python_unshim: when python3 is a pyenv shim (PATH's ~/.pyenv/shims),
# put the interpreter it starts first in PATH, as `pyenv exec` does for
# the programs it starts: the same python3, without the 0.5-0.8 s a call
# the shim costs under load (the tests call python3 hundreds of times).
# Elsewhere nothing changes.
python_unshim() {
	local py3
	if py3=$(command -v python3) && [[ $py3 == */shims/* ]] &&
		py3=$(python3 -c 'import sys; print(sys.executable)') &&
		[ -x "$py3" ]; then
		PATH=${py3%/*}:$PATH
		export PATH
	fi
}

deps_install() {
	local missing="" p
	for p in $DUTPERF_DEBS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	[ "$(id -u)" = 0 ] || die "missing packages:$missing (run as root to install them)"
	note "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	# tshark asks whether non-root users may capture; answer no.
	echo "wireshark-common wireshark-common/install-setuid boolean false" |
		debconf-set-selections 2>/dev/null || true
	apt-get update -qq >/dev/null || die "apt-get update failed"
	apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
		die "apt-get install failed:$missing"
}

# setup_tree DIR OPTIONS...: meson setup DIR with OPTIONS unless DIR is
# configured already.
setup_tree() {
	local dir=$1
	shift
	[ -f "$dir/build.ninja" ] && return 0
	meson setup "$dir" "$@" >/dev/null || die "meson setup $dir failed"
}

# ninja_tree DIR TARGETS...: build TARGETS in DIR (none: all), quiet
# unless it fails.
ninja_tree() {
	ninja -C "$@" >/dev/null || { ninja -C "$@"; die "build failed"; }
}

# Configure and build into $1 (default build/).
build_tree() {
	local dir=${1:-build}
	shift || true
	setup_tree "$dir" "$@"
	ninja_tree "$dir"
}

# setup_sanitized DIR: configure DIR with ASan + UBSan at -O1 (the
# sanitizers' own advice; about a fifth less compile time than -O2);
# build_sanitized DIR: and build all of it (scripts/test.sh with
# SANITIZE=1; tests/integration/sanitized.sh builds only what it runs).
setup_sanitized() {
	setup_tree "$1" -Db_sanitize=address,undefined -Db_lundef=false -Db_lto=false \
		-Doptimization=1
}
build_sanitized() {
	setup_sanitized "$1"
	ninja_tree "$1"
}

# ---------------------------------------------------------------------------
# Result CSV files (rate.csv, trials.csv, latency.csv, ...): scripts and
# tests read figures from them by column name, never from the prose dutperf
# prints.

DUTPERF_SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# csv_col FILE NAME [ROW]: the value of column NAME in the last data row of
# FILE; ROW: 1-based data row, negative from the end, or "all" for every
# row, one per line (tests/tools/csvcol.py).  Fails with a message naming
# the file and the column when either is missing.
csv_col() {
	python3 "$DUTPERF_SRCDIR/tests/tools/csvcol.py" "$@"
}

# ---------------------------------------------------------------------------
# EAL options of runs on virtual devices: every script and test builds its
# DPDK command line from these (docs/testbed.md).

# eal_common PREFIX [LCORES]: no hugepages, 512 MB, no PCI scan, runtime
# directory /var/run/dpdk/PREFIX, lcores LCORES (default "-l 0-1"; the
# monitor wants a main lcore without a role: "$EAL_MAIN_FREE").
EAL_MAIN_FREE="--lcores 0@0,1@0,2@1"
eal_common() {
	echo "--no-huge -m 512 --no-pci --file-prefix=$1 ${2:--l 0-1}"
}

# eal_af_packet IF0 IF1: ports 0 and 1 on the kernel interfaces IF0, IF1
# (TB_QPAIRS=N: N queue pairs each, for [left]/[right] queues = N).
eal_af_packet() {
	local q=${TB_QPAIRS:+,qpairs=$TB_QPAIRS}
	echo "--vdev=net_af_packet0,iface=$1,framecnt=4096$q" \
		"--vdev=net_af_packet1,iface=$2,framecnt=4096$q"
}

# eal_af_packet_ports FIRST N: ports FIRST .. N-1 on the kernel interfaces
# tFIRST .. tN-1 of a testbed with N ports (testbed.sh up --ports N), as
# eal_af_packet's.
eal_af_packet_ports() {
	local q=${TB_QPAIRS:+,qpairs=$TB_QPAIRS} k v=""
	for k in $(seq "$1" $(($2 - 1))); do
		v="$v --vdev=net_af_packet$k,iface=t$k,framecnt=4096$q"
	done
	echo "${v# }"
}

# eal_memif SOCKET: ports 0 and 1 joined by the memif socket SOCKET inside
# one process (a wire: no kernel, no DUT).
eal_memif() {
	echo "--vdev=net_memif0,role=server,socket=$1,id=0" \
		"--vdev=net_memif1,role=client,socket=$1,id=0"
}

# eal_null DEVARGS...: one net_null port (a sink: every frame sent is lost)
# per argument, numbered from 0, with that argument as its devargs ("" for
# none; no-rx=1: it receives nothing either).
eal_null() {
	local i=0 a v=""
	for a in "$@"; do
		v="$v --vdev=net_null$i${a:+,$a}"
		i=$((i + 1))
	done
	echo "${v# }"
}

# ---------------------------------------------------------------------------
# Virtual testbed: tester namespace <-> DUT namespace (docs/testbed.md).
# Used by scripts/testbed.sh and the integration tests (through
# tests/integration/common.sh); every function takes the testbed ID first.

TB_STATE_ROOT=${TB_STATE_ROOT:-/run/dutperf-testbed}
# Token-bucket depth of a capacity limit of N frames/s: 20 ms of frames at
# the limit, at least 5 (TB_NFT_BURST_PKTS=K overrides).  A tester sharing
# 2 CPUs is preempted for a few ms now and then and catches up in a burst;
# a 5-frame bucket would drop that burst although the mean rate is below N.
tb_nft_burst() {
	local b=$(($1 / 50))
	[ -n "${TB_NFT_BURST_PKTS:-}" ] && b=$TB_NFT_BURST_PKTS
	[ "$b" -lt 5 ] && b=5
	echo "$b"
}

tb_need_root() {
	[ "$(id -u)" = 0 ] || die "must run as root (it creates network namespaces)"
}

# tb_need_tools TOOL...: die naming the first missing tool and its package.
tb_need_tools() {
	local t pkg
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 && continue
		case $t in
		ip) pkg=iproute2 ;;
		nft) pkg=nftables ;;
		ovs*) pkg=openvswitch-switch ;;
		*) pkg=$t ;;
		esac
		die "missing tool '$t' (apt-get install $pkg)"
	done
}

tb_check_id() {
	[[ $1 =~ ^[A-Za-z0-9_]{1,32}$ ]] || die "bad testbed name '$1' (letters, digits, _; at most 32)"
}

# A fresh, unused ID: pid and a random number in hex.
tb_new_id() {
	local id
	while :; do
		id=$(printf '%x%04x' $$ $RANDOM)
		[ -e "$TB_STATE_ROOT/$id" ] || [ -e "/run/netns/dpt-$id-tg" ] ||
			[ -e "/run/netns/dpt-$id-dut" ] || break
	done
	echo "$id"
}

# tb_names ID: set the names belonging to testbed ID.
tb_names() {
	TB_TG=dpt-$1-tg
	TB_DUT=dpt-$1-dut
	TB_STATE=$TB_STATE_ROOT/$1
	TB_PREFIX=dutperf-$1
	TB_IF0=t0
	TB_IF1=t1
	TB_EAL="$(eal_common "$TB_PREFIX") $(eal_af_packet "$TB_IF0" "$TB_IF1")"
	tb_names_ports
}

# ---------------------------------------------------------------------------
# More than two ports (testbed.sh up --ports N; docs/testbed.md "Four
# ports"): tester port tK <-> DUT port dK for K = 2 .. N-1 beside t0/t1,
# router (one /24 and one /64 per port) or bridge (br0 over d0 .. dN-1),
# egress limits per DUT port (--limit-port-fps) and the bridge's learned-
# entry limit (--fdb-max).  Inputs of tb_build: TB_PORTS (default 2),
# TB_PORT_LIMITS ("PORT:FPS ..."), TB_FDB_MAX (empty: none); tb_up records
# them in the state file only when set, so two-port testbeds keep theirs.

# tb_ports: the number of ports of testbed $TB_STATE (2 unless recorded).
tb_ports() {
	local n
	n=$(sed -n 's/^PORTS=//p' "$TB_STATE/state" 2>/dev/null)
	echo "${n:-2}"
}

# tb_names_ports: TB_EAL of a testbed with more than two ports gets ports
# 2 .. N-1 too.
tb_names_ports() {
	local n
	n=$(tb_ports)
	[ "$n" -le 2 ] || TB_EAL="$TB_EAL $(eal_af_packet_ports 2 "$n")"
}

# tb_port_mac K t|d: the MAC of tester port tK or DUT port dK
# (02:00:00:00:KK:10 / :20, as t0/d0 and t1/d1).
tb_port_mac() {
	printf '02:00:00:00:%02x:%s0\n' "$1" "$([ "$2" = t ] && echo 1 || echo 2)"
}

# tb_build_ports KIND: ports 2 .. TB_PORTS-1 of the router or bridge DUT
# (after d0/d1 are set up; namespaces $TB_TG, $TB_DUT).  Router: dK has
# 198.(18+K).0.1/24 and 2001:db8:K::1/64, the tester's address .2 (a
# permanent neighbour unless TB_NEIGH=dynamic) and the routes to the 256
# networks 198.(18+K).0.0/16 and 2001:db8:K::/48 behind it, as d0/d1.
tb_build_ports() {
	local kind=$1 tg=$TB_TG dut=$TB_DUT k
	for k in $(seq 2 $((TB_PORTS - 1))); do
		ip -n "$tg" link add "t$k" address "$(tb_port_mac "$k" t)" type veth \
			peer name "d$k" address "$(tb_port_mac "$k" d)" netns "$dut"
		ip netns exec "$tg" ethtool -K "t$k" tx off >/dev/null
		ip netns exec "$dut" ethtool -K "d$k" tx off >/dev/null
		tb_sysctl "$dut" "net.ipv4.conf.d$k.rp_filter=0" "net.ipv6.conf.d$k.accept_dad=0" \
			"net.ipv6.conf.d$k.accept_ra=0"
		ip -n "$tg" link set "t$k" up
		if [ "$kind" = bridge ]; then
			ip -n "$dut" link set "d$k" master br0
			if [ "${TB_LEARNING:-0}" = 1 ]; then
				bridge -n "$dut" link set dev "d$k" flood off
			fi
		else
			ip -n "$dut" addr add "198.$((18 + k)).0.1/24" dev "d$k"
			ip -n "$dut" addr add "2001:db8:$k::1/64" dev "d$k" nodad
		fi
		ip -n "$dut" link set "d$k" up
		[ "$kind" = bridge ] && continue
		if [ "${TB_NEIGH:-permanent}" = permanent ]; then
			ip -n "$dut" neigh replace "198.$((18 + k)).0.2" lladdr "$(tb_port_mac "$k" t)" \
				dev "d$k" nud permanent
			ip -n "$dut" neigh replace "2001:db8:$k::2" lladdr "$(tb_port_mac "$k" t)" \
				dev "d$k" nud permanent
		fi
		ip -n "$dut" route add "198.$((18 + k)).0.0/16" via "198.$((18 + k)).0.2"
		ip -n "$dut" route add "2001:db8:$k::/48" via "2001:db8:$k::2"
	done
}

# tb_port_limit_rules KIND "PORT:FPS ...": egress limits per DUT port,
# added to table dutperf (tb_nft_rules; family bridge for the bridge):
# frames leaving dPORT pass a token bucket of FPS frames/s and
# tb_nft_burst FPS frames; counters dPORT_drop, dPORT_pass.  Priority 10:
# after the ingress limits of chain capacity, so a frame those drop is
# not counted here.
tb_port_limit_rules() {
	tb_limit_rules "$1" "$2" out
}

# tb_limit_rules KIND "PORT:FPS ..." out|in: the egress (oifname, forward
# hook, priority 10, counters dPORT_drop / dPORT_pass) or ingress
# (iifname, prerouting hook, priority -10, counters dPORT_in_drop /
# dPORT_in_pass) limits of table dutperf.
tb_limit_rules() {
	local family=inet pl p f if=oifname sfx="" chain=egress hook="forward priority 10"
	[ "$1" = bridge ] && family=bridge
	[ "$3" = in ] && if=iifname sfx=_in chain=ingress_limit hook="prerouting priority -10"
	echo "table $family dutperf {"
	for pl in $2; do
		echo "	counter d${pl%%:*}${sfx}_drop { }"
		echo "	counter d${pl%%:*}${sfx}_pass { }"
	done
	echo "	chain $chain {"
	echo "		type filter hook $hook; policy accept;"
	for pl in $2; do
		p=${pl%%:*} f=${pl#*:}
		echo "		$if \"d$p\" limit rate over $f/second burst $(tb_nft_burst "$f") packets counter name d${p}${sfx}_drop drop"
		echo "		$if \"d$p\" counter name d${p}${sfx}_pass"
	done
	echo "	}"
	echo "}"
}

# tb_in_limit_rules KIND "PORT:FPS ...": ingress limits per DUT port
# (--limit-in-fps), in table dutperf (family bridge for the bridge, inet
# for the router): frames entering dPORT pass a token bucket of FPS
# frames/s and tb_nft_burst FPS frames; counters dPORT_in_drop,
# dPORT_in_pass.  Prerouting: the bridge learns a frame's source after
# this hook (br_handle_frame_finish), so a dropped frame teaches nothing
# (RFC 2889 5.8: a learner of known rate).
tb_in_limit_rules() {
	tb_limit_rules "$1" "$2" in
}

# tb_build_more KIND: what --ports, --fdb-max and --limit-port-fps add to
# the DUT built by tb_build (nothing without them).
tb_build_more() {
	if [ "${TB_PORTS:-2}" -gt 2 ]; then tb_build_ports "$1"; fi
	if [ -n "${TB_FDB_MAX:-}" ]; then
		ip netns exec "$TB_DUT" python3 "$DUTPERF_SRCDIR/tests/tools/brfdbmax.py" \
			set br0 "$TB_FDB_MAX" >/dev/null
	fi
	if [ -n "${TB_PORT_LIMITS:-}" ]; then
		tb_port_limit_rules "$1" "$TB_PORT_LIMITS" | ip netns exec "$TB_DUT" nft -f -
	fi
	if [ -n "${TB_IN_LIMITS:-}" ]; then
		tb_in_limit_rules "$1" "$TB_IN_LIMITS" | ip netns exec "$TB_DUT" nft -f -
	fi
}

tb_exists() {
	tb_names "$1"
	[ -e "/run/netns/$TB_TG" ] || [ -e "/run/netns/$TB_DUT" ] || [ -d "$TB_STATE" ]
}

# IDs of every testbed: state dirs and namespaces named dpt-ID-tg/-dut.
tb_ids() {
	{
		[ -d "$TB_STATE_ROOT" ] && ls -1 "$TB_STATE_ROOT"
		ls -1 /run/netns 2>/dev/null | sed -n 's/^dpt-\(.*\)-\(tg\|dut\)$/\1/p'
	} | sort -u
}

tb_sysctl() {	# NS KEY=VALUE...
	local ns=$1
	shift
	ip netns exec "$ns" sysctl -qw "$@" >/dev/null
}

# The nftables ruleset of a VLAN-aware bridge where the kernel's bridge has
# no VLAN filtering: VID: only frames tagged VID cross the bridge (any other
# VID, untagged frames dropped and counted in the named counter vlan_drop);
# tags are forwarded as they came.
tb_vlan_rules() {
	echo "table bridge dutperf_vlan {"
	echo "	counter vlan_drop { }"
	echo "	chain admit {"
	echo "		type filter hook forward priority -10; policy accept;"
	echo "		ether type 8021q vlan id $1 accept"
	echo "		counter name vlan_drop drop"
	echo "	}"
	echo "}"
}

# The nftables ruleset of a capacity limit: KIND FWD_FPS REV_FPS (0 = none).
# Forward = frames entering the DUT on d0, reverse = entering on d1; the
# rules match the input interface only, so a frame that crosses the forward
# hook twice (SIIT: d0 -> nat64, then nat64 -> d1) is limited once.
tb_nft_rules() {
	local family=inet
	[ "$1" = bridge ] && family=bridge
	echo "table $family dutperf {"
	# named counters ([dut] observations, docs/dut.md: nft list
	# counters): the frames each limit dropped and those it let through
	[ "$2" -gt 0 ] && echo "	counter fwd_drop { }" && echo "	counter fwd_pass { }"
	[ "$3" -gt 0 ] && echo "	counter rev_drop { }" && echo "	counter rev_pass { }"
	echo "	chain capacity {"
	echo "		type filter hook forward priority 0; policy accept;"
	# a router with --vlan routes between its sub-interfaces d0.VID, d1.VID
	local i0=d0 i1=d1
	[ -n "${TB_VLAN:-}" ] && [ "$1" != bridge ] && i0=d0.$TB_VLAN i1=d1.$TB_VLAN
	[ "$2" -gt 0 ] && echo "		iifname \"$i0\" limit rate over $2/second burst $(tb_nft_burst "$2") packets counter name fwd_drop drop"
	[ "$2" -gt 0 ] && echo "		iifname \"$i0\" counter name fwd_pass"
	[ "$3" -gt 0 ] && echo "		iifname \"$i1\" limit rate over $3/second burst $(tb_nft_burst "$3") packets counter name rev_drop drop"
	[ "$3" -gt 0 ] && echo "		iifname \"$i1\" counter name rev_pass"
	echo "	}"
	echo "}"
}

# ---------------------------------------------------------------------------
# Stateful NAT DUTs (--dut nat44 | nat64; docs/testbed.md "Stateful NAT"):
# nftables masquerade from the private side (d0, or tayga's tun nat64) to
# d1's 198.19.0.1, frames from d1 pass only for existing connections, and
# two optional known limits on new connections: a table of TB_CT_SIZE
# entries (a dynamic set; nf_conntrack_max cannot be set in a namespace)
# and TB_CT_RATE new connections/s (token bucket of TB_CT_BURST).

# The DUT's public (translated source) address: d1's own.
TB_NAT_PUBLIC_IPV4=198.19.0.1

# tb_nat_priv_if KIND: the interface new connections come in on.
tb_nat_priv_if() {
	if [ "$1" = nat64 ]; then echo nat64; else echo d0; fi
}

# tb_ct_burst RATE BURST: the token-bucket depth of a connection rate
# limit (BURST if given, else tb_nft_burst RATE).
tb_ct_burst() {
	if [ -n "$2" ]; then echo "$2"; else tb_nft_burst "$1"; fi
}

# The nftables table of a NAT DUT: KIND CT_SIZE CT_RATE CT_BURST (0: no
# such limit; CT_BURST empty: the default).  Counters: admitted (new
# connections let through), over_rate, table_full (new ones dropped).
# Only a connection's first frame meets the limits: conntrack calls every
# UDP frame "new" until a reply is seen, but from the second frame on the
# entry is confirmed (in the table).
tb_nat_rules() {
	local priv
	priv=$(tb_nat_priv_if "$1")
	echo "table ip dutperf_nat {"
	echo "	counter admitted { }"
	echo "	counter over_rate { }"
	echo "	counter table_full { }"
	# No timeout: an entry stays until reset-state (conntrack's own UDP
	# timeouts free nothing here; a flow back after its conntrack entry
	# expired finds its set element and is admitted again).
	[ "$2" -gt 0 ] && cat <<-SET
		set conns {
			type ipv4_addr . inet_proto . inet_service . ipv4_addr . inet_service
			size $2
			flags dynamic
		}
	SET
	cat <<-FWD
		chain forward_nat {
			type filter hook forward priority filter; policy drop;
			ct state established,related accept
			iifname "$priv" oifname "d1" ct status confirmed accept
			iifname "$priv" oifname "d1" ct state new meta l4proto { tcp, udp } jump new_conn
		}
		chain new_conn {
	FWD
	[ "$3" -gt 0 ] &&
		echo "		limit rate over $3/second burst $(tb_ct_burst "$3" "$4") packets counter name over_rate drop"
	if [ "$2" -gt 0 ]; then
		# add fails on a full set (the rule does not match): drop.
		echo "		add @conns { ip saddr . meta l4proto . th sport . ip daddr . th dport } counter name admitted accept"
		echo "		counter name table_full drop"
	else
		echo "		counter name admitted accept"
	fi
	cat <<-NAT
		}
		chain post_nat {
			type nat hook postrouting priority srcnat; policy accept;
			oifname "d1" masquerade
		}
		chain input_nat {
			type filter hook input priority filter; policy accept;
			iifname "d1" ct state new drop
		}
	}
	NAT
}

# tb_nat_load KIND CT_SIZE CT_RATE CT_BURST: (re)load the NAT table in
# namespace $TB_DUT, replacing any previous one in one transaction (empty
# set, full token bucket, zero counters).
tb_nat_load() {
	{
		echo "table ip dutperf_nat { }"
		echo "delete table ip dutperf_nat"
		tb_nat_rules "$@"
	} | ip netns exec "$TB_DUT" nft -f -
}

# tb_nat_reset ID: forget every connection of NAT testbed ID: a fresh
# table (tb_nat_load) and an empty conntrack table.  Between trials only:
# frames in flight meanwhile may pass or be dropped.
tb_nat_reset() {
	local kind size rate burst
	tb_names "$1"
	kind=$(sed -n 's/^KIND=//p' "$TB_STATE/state" 2>/dev/null)
	case $kind in nat44|nat64) ;; *) die "testbed '$1' is ${kind:-?}, not nat44 or nat64: no state to reset" ;; esac
	tb_need_tools nft conntrack
	size=$(sed -n 's/^CT_SIZE=//p' "$TB_STATE/state")
	rate=$(sed -n 's/^CT_RATE=//p' "$TB_STATE/state")
	burst=$(sed -n 's/^CT_BURST=//p' "$TB_STATE/state")
	tb_nat_load "$kind" "$size" "$rate" "$burst" || die "cannot reload the NAT table of '$1'"
	ip netns exec "$TB_DUT" conntrack -F >/dev/null 2>&1 ||
		die "conntrack -F failed in $TB_DUT"
}

# tb_nat_state ID: the DUT's connection figures as shell assignments:
# CT_COUNT (conntrack entries), CT_SET (entries of the size-limited set,
# empty without --ct-size), ADMITTED, OVER_RATE, TABLE_FULL (packets).
tb_nat_state() {
	tb_names "$1"
	printf 'CT_COUNT=%s\n' "$(ip netns exec "$TB_DUT" cat /proc/sys/net/netfilter/nf_conntrack_count)"
	ip netns exec "$TB_DUT" nft -j list table ip dutperf_nat | python3 -c '
import json, sys
items = json.load(sys.stdin)["nftables"]
cnt = {}
nset = ""
for it in items:
    if "counter" in it:
        cnt[it["counter"]["name"]] = it["counter"]["packets"]
    if "set" in it and it["set"]["name"] == "conns":
        nset = len(it["set"].get("elem", []))
for k in ("admitted", "over_rate", "table_full"):
    print("%s=%d" % (k.upper(), cnt.get(k, 0)))
print("CT_SET=%s" % nset)
'
}

# The tayga configuration of the SIIT DUT (data-dir inside the state dir).
tb_tayga_conf() {
	cat <<-CONF
	tun-device nat64
	ipv4-addr 198.18.255.1
	prefix 2001:db8:64::/96
	map 198.18.255.2 2001:db8:0::2
	data-dir $TB_STATE/tayga
	CONF
}

# The fault DUT (--dut fault): faultdut.py with the options in $TB_FAULT,
# in namespace $1, in the background; pid in the state dir for tb_down.
tb_fault_start() {
	local pid
	ip -n "$1" link set d0 up
	ip -n "$1" link set d1 up
	# shellcheck disable=SC2086
	ip netns exec "$1" python3 "$SRCDIR/tests/tools/faultdut.py" $TB_FAULT \
		--stats "$TB_STATE/faultdut.stats" </dev/null >"$TB_STATE/faultdut.log" 2>&1 &
	pid=$!
	echo "$pid" >"$TB_STATE/faultdut.pid"
	for _ in $(seq 50); do
		grep -q forwarding "$TB_STATE/faultdut.log" 2>/dev/null && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	cat "$TB_STATE/faultdut.log" >&2
	false
}

# ---------------------------------------------------------------------------
# Open vSwitch DUT (--dut ovs; docs/testbed.md "Open vSwitch"): the kernel
# has no openvswitch module, so bridge br0 uses the userspace datapath
# (datapath_type=netdev) over d0 and d1.  ovsdb-server and ovs-vswitchd
# run inside the DUT namespace with a database, sockets, pid and log files
# of their own in $TB_STATE/ovs (OVS_RUNDIR, OVS_DBDIR, OVS_LOGDIR), never
# the system's /var/run/openvswitch; the default file names there, so
# that with those variables set (tb_ovs_env) ovs-vsctl, ovs-ofctl br0 and
# ovs-appctl find them without options.

# tb_ovs_env: the OVS_* variables of testbed $TB_STATE (assignments for env).
tb_ovs_env() {
	echo "OVS_RUNDIR=$TB_STATE/ovs OVS_DBDIR=$TB_STATE/ovs OVS_LOGDIR=$TB_STATE/ovs"
}

# tb_ovs CMD...: CMD in namespace $TB_DUT with the testbed's OVS_* variables.
tb_ovs() {
	# shellcheck disable=SC2046
	ip netns exec "$TB_DUT" env $(tb_ovs_env) "$@"
}

# tb_ovs_meter ID IN_PORT FPS: an OpenFlow 1.3 meter of FPS frames/s (a
# drop band; its bucket holds tb_nft_burst FPS frames, as the nftables
# limits') on every frame entering the bridge on IN_PORT, ahead of the
# NORMAL action.
tb_ovs_meter() {
	tb_ovs ovs-ofctl -O OpenFlow13 add-meter br0 \
		"meter=$1,pktps,burst,band=type=drop,rate=$3,burst_size=$(tb_nft_burst "$3")"
	tb_ovs ovs-ofctl -O OpenFlow13 add-flow br0 \
		"priority=10,in_port=$2,actions=meter:$1,normal"
}

# tb_ovs_start FWD_FPS REV_FPS: the daemons, br0 with d0 and d1 and the
# meters of the limits (0: none) in testbed $TB_STATE / $TB_DUT.
tb_ovs_start() {
	local d=$TB_STATE/ovs
	mkdir -p "$d"
	ovsdb-tool create "$d/conf.db" /usr/share/openvswitch/vswitch.ovsschema
	# Own stdio: $(testbed.sh up) must not wait for the daemons.
	tb_ovs ovsdb-server "$d/conf.db" --remote="punix:$d/db.sock" --pidfile \
		--log-file --detach -vconsole:off </dev/null >>"$d/start.log" 2>&1
	tb_ovs ovs-vsctl --no-wait init
	# nice -10: its one thread reads d0 and d1 through AF_PACKET sockets
	# of ~270 small frames (net.core.rmem_default, which a namespace
	# cannot change); on a loaded machine a starved ovs-vswitchd drops
	# whatever arrives beyond that unseen (lookups count less than the
	# port's RX) and then meters the backlog as one burst.
	tb_ovs nice -n -10 ovs-vswitchd "unix:$d/db.sock" --pidfile --log-file --detach \
		-vconsole:off </dev/null >>"$d/start.log" 2>&1
	# Without --no-wait ovs-vsctl returns once ovs-vswitchd has made the
	# bridge and its ports.
	tb_ovs ovs-vsctl --timeout=20 add-br br0 -- \
		set bridge br0 datapath_type=netdev protocols=OpenFlow10,OpenFlow13 -- \
		add-port br0 d0 -- add-port br0 d1
	# TB_VLAN=VID (testbed.sh --vlan): d0 and d1 trunks of VLAN VID only
	# (OVS's trunks: a frame of another VLAN, or untagged, which is VLAN
	# 0 there, is dropped at ingress; NORMAL learns and floods per VLAN)
	if [ -n "${TB_VLAN:-}" ]; then
		tb_ovs ovs-vsctl --timeout=20 set port d0 trunks="$TB_VLAN" -- \
			set port d1 trunks="$TB_VLAN"
	fi
	ip -n "$TB_DUT" link set d0 up
	ip -n "$TB_DUT" link set d1 up
	# (if, not &&: set -e must see a failing meter)
	if [ "$1" -gt 0 ]; then tb_ovs_meter 1 d0 "$1"; fi
	if [ "$2" -gt 0 ]; then tb_ovs_meter 2 d1 "$2"; fi
}

# tb_ovs_stop: ovs-vswitchd and ovsdb-server of testbed $TB_STATE, if
# their pid files name them still (pids are reused).
tb_ovs_stop() {
	local f pid
	for f in ovs-vswitchd ovsdb-server; do
		pid=$(cat "$TB_STATE/ovs/$f.pid" 2>/dev/null)
		[ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$f" ] &&
			tb_kill "$pid"
	done
	return 0
}

# Build the testbed whose names tb_names set.  Run in a subshell with
# set -e: the first failing step ends it (tb_up then tears down).
# tb_d1_up_batch FILE: an `ip -batch` file that brings the router DUT's
# egress interface d1 up again together with what Linux flushes when it
# goes down (its permanent neighbours, the route via them), in one ip
# run: `ip -n $TB_DUT link set d1 down`, later `ip -n $TB_DUT -batch FILE`
# (tests/integration/reset_link.sh, dut_gone.sh, scripts/soak.sh).
tb_d1_up_batch() {
	cat >"$1" <<EOF
link set d1 up
neigh replace 198.19.0.2 lladdr 02:00:00:00:01:10 dev d1 nud permanent
neigh replace 2001:db8:1::2 lladdr 02:00:00:00:01:10 dev d1 nud permanent
route replace 198.19.0.0/16 via 198.19.0.2 dev d1
EOF
}

tb_build() {	# KIND FWD_FPS REV_FPS
	local kind=$1 lf=$2 lr=$3 tg=$TB_TG dut=$TB_DUT i pid
	ip netns add "$tg"
	ip netns add "$dut"
	ip -n "$tg" link set lo up
	ip -n "$dut" link set lo up
	# No IPv6 at all on the tester side: no RS/DAD/MLD from its kernel.
	tb_sysctl "$tg" net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
	# DUT defaults first, so d0/d1 inherit them when created.
	for i in all default; do
		tb_sysctl "$dut" net.ipv4.conf.$i.rp_filter=0 net.ipv6.conf.$i.accept_dad=0 \
			net.ipv6.conf.$i.accept_ra=0
		# A bridge needs no IPv6 on its ports: no MLD chatter at all.
		case $kind in bridge|fault|ovs)
			tb_sysctl "$dut" net.ipv6.conf.$i.disable_ipv6=1 ;;
		esac
	done
	# Both veth ends are created directly in their own namespaces.
	ip -n "$tg" link add t0 address 02:00:00:00:00:10 type veth \
		peer name d0 address 02:00:00:00:00:20 netns "$dut"
	ip -n "$tg" link add t1 address 02:00:00:00:01:10 type veth \
		peer name d1 address 02:00:00:00:01:20 netns "$dut"
	for i in 0 1; do
		# Without tx off, UDP the DUT itself sends has a partial checksum.
		ip netns exec "$tg" ethtool -K t$i tx off >/dev/null
		ip netns exec "$dut" ethtool -K d$i tx off >/dev/null
		tb_sysctl "$dut" net.ipv4.conf.d$i.rp_filter=0 net.ipv6.conf.d$i.accept_dad=0 \
			net.ipv6.conf.d$i.accept_ra=0
		ip -n "$tg" link set t$i up
	done
	if [ "$kind" = fault ]; then
		# No forwarding, no addresses, no IPv6: only faultdut.py moves
		# frames between d0 and d1 (tests/tools/faultdut.py).
		tb_fault_start "$dut"
	elif [ "$kind" = ovs ]; then
		# the limits are OpenFlow meters, not nftables (below)
		tb_ovs_start "$lf" "$lr"
	elif [ "$kind" = bridge ]; then
		ip -n "$dut" link add br0 type bridge stp_state 0
		ip -n "$dut" link set d0 master br0
		ip -n "$dut" link set d1 master br0
		# TB_VLAN=VID (testbed.sh --vlan): a VLAN-aware bridge whose
		# ports carry VID tagged and nothing else (no untagged VLAN 1);
		# a kernel without bridge VLAN filtering gets the same
		# admission from nftables (tb_vlan_rules), learning per MAC
		if [ -n "${TB_VLAN:-}" ]; then
			if ip -n "$dut" link set br0 type bridge vlan_filtering 1 2>/dev/null; then
				for i in d0 d1; do
					bridge -n "$dut" vlan del dev $i vid 1
					bridge -n "$dut" vlan add dev $i vid "$TB_VLAN"
				done
				echo "VLAN_FILTER=bridge" >>"$TB_STATE/state"
			else
				tb_vlan_rules "$TB_VLAN" | ip netns exec "$dut" nft -f -
				echo "VLAN_FILTER=nftables" >>"$TB_STATE/state"
				note "this kernel has no bridge VLAN filtering: VLAN $TB_VLAN admitted by nftables (table bridge dutperf_vlan)"
			fi
		fi
		# TB_LEARNING=1 (testbed.sh --learning): a destination not
		# learnt is dropped, not flooded, and learnt ones age in 10 s
		if [ "${TB_LEARNING:-0}" = 1 ]; then
			ip -n "$dut" link set br0 type bridge ageing_time 1000
			bridge -n "$dut" link set dev d0 flood off
			bridge -n "$dut" link set dev d1 flood off
		fi
		ip -n "$dut" link set br0 up
		ip -n "$dut" link set d0 up
		ip -n "$dut" link set d1 up
	else
		tb_sysctl "$dut" net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1
		# TB_VLAN=VID (testbed.sh --vlan): the addresses, neighbours
		# and limits on routed VLAN sub-interfaces d0.VID and d1.VID
		local d0=d0 d1=d1
		if [ -n "${TB_VLAN:-}" ]; then
			d0=d0.$TB_VLAN d1=d1.$TB_VLAN
			for i in 0 1; do
				ip -n "$dut" link add link d$i name "d$i.$TB_VLAN" type vlan id "$TB_VLAN" || {
					echo "testbed: this kernel has no 802.1Q VLAN interfaces (CONFIG_VLAN_8021Q)" >&2
					false; }
				tb_sysctl "$dut" net.ipv4.conf.d$i/$TB_VLAN.rp_filter=0 \
					net.ipv6.conf.d$i/$TB_VLAN.accept_dad=0 net.ipv6.conf.d$i/$TB_VLAN.accept_ra=0
				ip -n "$dut" link set "d$i.$TB_VLAN" up
			done
		fi
		ip -n "$dut" addr add 198.18.0.1/24 dev $d0
		ip -n "$dut" addr add 2001:db8:0::1/64 dev $d0 nodad
		ip -n "$dut" addr add 198.19.0.1/24 dev $d1
		ip -n "$dut" addr add 2001:db8:1::1/64 dev $d1 nodad
		ip -n "$dut" link set d0 up
		ip -n "$dut" link set d1 up
		# Permanent neighbours for the tester's addresses, unless
		# TB_NEIGH=dynamic (testbed.sh --neigh dynamic): then the DUT
		# resolves the tester by ARP / ND and its entries age.
		if [ "${TB_NEIGH:-permanent}" = permanent ]; then
			ip -n "$dut" neigh replace 198.18.0.2 lladdr 02:00:00:00:00:10 dev $d0 nud permanent
			ip -n "$dut" neigh replace 2001:db8:0::2 lladdr 02:00:00:00:00:10 dev $d0 nud permanent
			ip -n "$dut" neigh replace 198.19.0.2 lladdr 02:00:00:00:01:10 dev $d1 nud permanent
			ip -n "$dut" neigh replace 2001:db8:1::2 lladdr 02:00:00:00:01:10 dev $d1 nud permanent
		fi
		# Destination networks 2..256 (3rd IPv4 / 8th IPv6 byte varied).
		ip -n "$dut" route add 198.18.0.0/16 via 198.18.0.2
		ip -n "$dut" route add 198.19.0.0/16 via 198.19.0.2
		ip -n "$dut" route add 2001:db8:0::/48 via 2001:db8:0::2
		ip -n "$dut" route add 2001:db8:1::/48 via 2001:db8:1::2
	fi
	tb_build_more "$kind"
	# NAT64 = the SIIT's tayga (stateless) behind the NAT44 (stateful).
	if [ "$kind" = siit ] || [ "$kind" = nat64 ]; then
		mkdir -p "$TB_STATE/tayga"
		tb_tayga_conf >"$TB_STATE/tayga.conf"
		ip netns exec "$dut" tayga -c "$TB_STATE/tayga.conf" --mktun >/dev/null
		# txqueuelen 500 drops bursts above ~100 kfps.
		ip -n "$dut" link set nat64 txqueuelen 10000 up
		ip -n "$dut" route add 198.18.255.0/24 dev nat64
		ip -n "$dut" route add 2001:db8:64::/96 dev nat64
		# No inherited stdout: $(testbed.sh up) must not wait for tayga.
		ip netns exec "$dut" tayga -c "$TB_STATE/tayga.conf" --nodetach \
			</dev/null >"$TB_STATE/tayga.log" 2>&1 &
		pid=$!
		echo "$pid" >"$TB_STATE/tayga.pid"
		sleep 0.3
		kill -0 "$pid" 2>/dev/null || { cat "$TB_STATE/tayga.log" >&2; false; }
	fi
	if [ "$kind" != ovs ] && { [ "$lf" -gt 0 ] || [ "$lr" -gt 0 ]; }; then
		tb_nft_rules "$kind" "$lf" "$lr" | ip netns exec "$dut" nft -f -
	fi
	case $kind in nat44|nat64)
		# Per namespace; the kernel's defaults are 30 s (unreplied), 120 s.
		[ "${TB_CT_TIMEOUT:-0}" -gt 0 ] &&
			tb_sysctl "$dut" net.netfilter.nf_conntrack_udp_timeout="$TB_CT_TIMEOUT" \
				net.netfilter.nf_conntrack_udp_timeout_stream="$TB_CT_TIMEOUT"
		tb_nat_load "$kind" "${TB_CT_SIZE:-0}" "${TB_CT_RATE:-0}" "${TB_CT_BURST:-}" ;;
	esac
	# Each DUT interface sends MLDv2 reports right after link-up.
	sleep 1
}

# tb_up ID KIND FWD_FPS REV_FPS: create testbed ID; on failure remove it all.
# KIND fault takes faultdut.py's options from TB_FAULT; nat44 and nat64
# their limits from TB_CT_SIZE, TB_CT_RATE, TB_CT_BURST (tb_nat_rules) and
# the UDP connection timeout in s from TB_CT_TIMEOUT (0: the kernel's).
tb_up() {
	local id=$1 kind=$2 lf=$3 lr=$4 rc
	tb_need_root
	tb_need_tools ip ethtool
	[ "$kind" != ovs ] && { [ "$lf" -gt 0 ] || [ "$lr" -gt 0 ]; } && tb_need_tools nft
	[ "$kind" = ovs ] && tb_need_tools ovsdb-tool ovsdb-server ovs-vswitchd ovs-vsctl ovs-ofctl
	case $kind in siit|nat64) tb_need_tools tayga ;; esac
	case $kind in nat44|nat64) tb_need_tools nft ;; esac
	[ "$kind" = fault ] && tb_need_tools python3
	[ -n "${TB_PORT_LIMITS:-}" ] && tb_need_tools nft
	[ -n "${TB_IN_LIMITS:-}" ] && tb_need_tools nft
	[ -n "${TB_FDB_MAX:-}" ] && tb_need_tools python3
	tb_exists "$id" && die "testbed '$id' exists (scripts/testbed.sh down --name $id)"
	mkdir -p "$TB_STATE" || die "cannot create $TB_STATE"
	printf 'KIND=%s\nLIMIT_FWD_FPS=%s\nLIMIT_REV_FPS=%s\nNEIGH=%s\nLEARNING=%s\n' "$kind" \
		"$lf" "$lr" "${TB_NEIGH:-permanent}" "${TB_LEARNING:-0}" >"$TB_STATE/state"
	[ -n "${TB_VLAN:-}" ] && printf 'VLAN=%s\n' "$TB_VLAN" >>"$TB_STATE/state"
	[ "$kind" = fault ] && printf 'FAULT=%q\n' "${TB_FAULT:-}" >>"$TB_STATE/state"
	[ "$kind" = ovs ] && printf 'OVS_RUNDIR=%s\n' "$TB_STATE/ovs" >>"$TB_STATE/state"
	[ "${TB_PORTS:-2}" = 2 ] || printf 'PORTS=%s\n' "$TB_PORTS" >>"$TB_STATE/state"
	[ -z "${TB_PORT_LIMITS:-}" ] || printf 'PORT_LIMITS=%q\n' "$TB_PORT_LIMITS" >>"$TB_STATE/state"
	[ -z "${TB_FDB_MAX:-}" ] || printf 'FDB_MAX=%s\n' "$TB_FDB_MAX" >>"$TB_STATE/state"
	[ -z "${TB_IN_LIMITS:-}" ] || printf 'IN_LIMITS=%q\n' "$TB_IN_LIMITS" >>"$TB_STATE/state"
	case $kind in nat44|nat64)
		printf 'CT_SIZE=%s\nCT_RATE=%s\nCT_BURST=%s\nCT_TIMEOUT=%s\nNAT_PUBLIC_IPV4=%s\n' \
			"${TB_CT_SIZE:-0}" "${TB_CT_RATE:-0}" \
			"$( [ "${TB_CT_RATE:-0}" -gt 0 ] && tb_ct_burst "$TB_CT_RATE" "${TB_CT_BURST:-}")" \
			"${TB_CT_TIMEOUT:-0}" "$TB_NAT_PUBLIC_IPV4" >>"$TB_STATE/state" ;;
	esac
	# Stopped by a signal (Ctrl-C) while building: remove it all too.
	trap 'tb_down "$id"; exit 130' INT
	trap 'tb_down "$id"; exit 143' TERM
	# Not in a condition: set -e would be ignored there.
	(set -eE; trap 'echo "testbed: step failed: $BASH_COMMAND" >&2' ERR
		tb_build "$kind" "$lf" "$lr")
	rc=$?
	trap - INT TERM
	if [ $rc -ne 0 ]; then
		tb_down "$id"
		die "setting up testbed '$id' failed; removed what was created"
	fi
}

# tb_kill PID...: TERM, then KILL whatever is left after 2 s.
tb_kill() {
	local p i
	[ $# -gt 0 ] || return 0
	kill -TERM "$@" 2>/dev/null
	for i in $(seq 20); do
		for p in "$@"; do
			kill -0 "$p" 2>/dev/null && break
			p=
		done
		[ -z "$p" ] && return 0
		sleep 0.1
	done
	kill -KILL "$@" 2>/dev/null
	return 0
}

# tb_down ID: remove everything of testbed ID that still exists.  Idempotent.
tb_down() {
	local pid ns pids
	tb_names "$1"
	if [ -f "$TB_STATE/faultdut.pid" ]; then
		pid=$(cat "$TB_STATE/faultdut.pid")
		[ -n "$pid" ] && grep -q faultdut "/proc/$pid/cmdline" 2>/dev/null &&
			tb_kill "$pid"
	fi
	if [ -f "$TB_STATE/tayga.pid" ]; then
		pid=$(cat "$TB_STATE/tayga.pid")
		# Only if that pid is still our tayga (pids are reused).
		[ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = tayga ] &&
			tb_kill "$pid"
	fi
	tb_ovs_stop
	for ns in "$TB_DUT" "$TB_TG"; do
		[ -e "/run/netns/$ns" ] || continue
		# Whatever still runs in our namespaces (a crashed test's tester).
		pids=$(ip netns pids "$ns" 2>/dev/null)
		# shellcheck disable=SC2086
		tb_kill $pids
		ip netns del "$ns" || note "cannot delete namespace $ns"
	done
	rm -rf "$TB_STATE" "/var/run/dpdk/$TB_PREFIX"
	! [ -e "/run/netns/$TB_DUT" ] && ! [ -e "/run/netns/$TB_TG" ] && ! [ -d "$TB_STATE" ]
}

# tb_list: one line per testbed: ID KIND NAMESPACES TAYGA
tb_list() {
	local id kind pid tay
	for id in $(tb_ids); do
		tb_names "$id"
		kind=$(sed -n 's/^KIND=//p' "$TB_STATE/state" 2>/dev/null)
		tay=-
		pid=$(cat "$TB_STATE/tayga.pid" 2>/dev/null)
		[ -n "$pid" ] && tay="tayga:$pid" &&
			{ [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = tayga ] || tay="tayga:$pid(dead)"; }
		printf '%-14s %-7s %s %s %s\n' "$id" "${kind:-?}" \
			"$( [ -e "/run/netns/$TB_TG" ] && echo "$TB_TG" || echo "-")" \
			"$( [ -e "/run/netns/$TB_DUT" ] && echo "$TB_DUT" || echo "-")" "$tay"
	done
}

# tb_env ID: shell assignments for scripts (eval "$(testbed.sh env --name ID)").
tb_env() {
	tb_names "$1"
	printf 'TG_NS=%q\nDUT_NS=%q\nIF0=%q\nIF1=%q\nPREFIX=%q\nEAL=%q\n' \
		"$TB_TG" "$TB_DUT" "$TB_IF0" "$TB_IF1" "$TB_PREFIX" "$TB_EAL"
	local k
	for k in $(seq 2 $(($(tb_ports) - 1))); do printf 'IF%d=t%d\n' "$k" "$k"; done
	[ -f "$TB_STATE/state" ] && cat "$TB_STATE/state"
	return 0
}
