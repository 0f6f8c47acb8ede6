# SPDX-License-Identifier: BSD-3-Clause
# Shared helpers for dutperf's scripts (sourced, not run).

DUTPERF_DEBS="dpdk dpdk-dev libdpdk-dev libnuma-dev libiniparser-dev meson ninja-build
pkg-config gcc libcmocka-dev python3 iproute2 ethtool nftables tayga tcpdump tshark
ministat clang libclang-rt-14-dev procps"

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
note() { [ -n "${QUIET:-}" ] || echo "$(basename "$0"): $*" >&2; }

# Install the Debian packages the project needs, only those missing.
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

# Configure and build into $1 (default build/).
build_tree() {
	local dir=${1:-build}
	shift || true
	if [ ! -f "$dir/build.ninja" ]; then
		meson setup "$dir" "$@" >/dev/null || die "meson setup $dir failed"
	fi
	ninja -C "$dir" >/dev/null || { ninja -C "$dir"; die "build failed"; }
}
