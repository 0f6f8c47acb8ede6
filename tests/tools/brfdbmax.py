#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Set and read a Linux bridge's learned-entry limit over rtnetlink.

  brfdbmax.py set BRIDGE N    fdb_max_learned = N (0: no limit), read back
  brfdbmax.py get BRIDGE      prints "fdb_max_learned=N fdb_n_learned=M"

Linux 6.7 and later cap the number of entries a bridge learns (those the
kernel makes from frames' source addresses; static and local entries do
not count) at the bridge option fdb_max_learned and report the number
learned as fdb_n_learned.  Debian 12's iproute2 (6.1) can set neither, so
this tool sends RTM_NEWLINK with IFLA_LINKINFO / IFLA_INFO_DATA /
IFLA_BR_FDB_MAX_LEARNED itself and checks the value with RTM_GETLINK: a
kernel older than 6.7 ignores the attribute, and "set" then fails naming
it.  Python standard library only; run as root inside the bridge's
network namespace (ip netns exec NS brfdbmax.py ...).  Exit status: 0
done, 1 netlink error or value not taken, 2 usage.
"""
import os
import socket
import struct
import sys

# <linux/netlink.h>, <linux/rtnetlink.h>, <linux/if_link.h> (uapi).
NLMSG_ERROR = 2
NLM_F_REQUEST = 0x1
NLM_F_ACK = 0x4
NLA_F_NESTED = 0x8000
RTM_NEWLINK = 16
RTM_GETLINK = 18
IFLA_LINKINFO = 18
IFLA_INFO_KIND = 1
IFLA_INFO_DATA = 2
# enum IFLA_BR_*: Debian 12's linux-libc-dev (6.1) ends at
# IFLA_BR_MCAST_QUERIER_STATE = 47; Linux 6.7 appended
# IFLA_BR_FDB_N_LEARNED and IFLA_BR_FDB_MAX_LEARNED in that order
# (include/uapi/linux/if_link.h), so they are 48 and 49.  Derived from the
# enum's order, not read from an installed header.
IFLA_BR_MCAST_QUERIER_STATE = 47
IFLA_BR_FDB_N_LEARNED = IFLA_BR_MCAST_QUERIER_STATE + 1
IFLA_BR_FDB_MAX_LEARNED = IFLA_BR_MCAST_QUERIER_STATE + 2

NLMSGHDR = struct.Struct("=IHHII")	# len, type, flags, seq, pid
IFINFOMSG = struct.Struct("=BxHiII")	# family, type, index, flags, change


def fail(msg, code=1):
    sys.stderr.write("brfdbmax: %s\n" % msg)
    sys.exit(code)


def nla(kind, payload):
    """One netlink attribute, padded to 4 bytes."""
    n = 4 + len(payload)
    return struct.pack("=HH", n, kind) + payload + b"\0" * (-n % 4)


def nla_parse(data):
    """{type: payload} of a run of attributes (the nested flag cleared)."""
    out = {}
    while len(data) >= 4:
        n, kind = struct.unpack("=HH", data[:4])
        if n < 4:
            break
        out[kind & ~NLA_F_NESTED] = data[4:n]
        data = data[(n + 3) & ~3:]
    return out


def request(sock, msg_type, flags, index, attrs, seq):
    """Send one rtnetlink message about link index; the replies' bodies."""
    body = IFINFOMSG.pack(socket.AF_UNSPEC, 0, index, 0, 0) + attrs
    sock.send(NLMSGHDR.pack(NLMSGHDR.size + len(body), msg_type,
                            NLM_F_REQUEST | flags, seq, 0) + body)
    replies = []
    while True:
        data = sock.recv(65536)
        while len(data) >= NLMSGHDR.size:
            n, kind, _, rseq, _ = NLMSGHDR.unpack(data[:NLMSGHDR.size])
            payload = data[NLMSGHDR.size:n]
            data = data[(n + 3) & ~3:]
            if rseq != seq:
                continue
            if kind == NLMSG_ERROR:
                err = struct.unpack("=i", payload[:4])[0]
                if err:
                    fail("%s: %s" % ("RTM_NEWLINK" if msg_type == RTM_NEWLINK
                                     else "RTM_GETLINK", os.strerror(-err)))
                return replies
            replies.append(payload)
            if not flags & NLM_F_ACK:
                return replies


def bridge_info(sock, index, name):
    """The IFLA_INFO_DATA attributes of bridge index (RTM_GETLINK)."""
    replies = request(sock, RTM_GETLINK, 0, index, b"", 2)
    if not replies:
        fail("RTM_GETLINK %s: no answer" % name)
    attrs = nla_parse(replies[0][IFINFOMSG.size:])
    info = nla_parse(attrs.get(IFLA_LINKINFO, b""))
    if info.get(IFLA_INFO_KIND, b"").rstrip(b"\0") != b"bridge":
        fail("%s is not a bridge" % name)
    return nla_parse(info.get(IFLA_INFO_DATA, b""))


def u32_of(data, kind):
    return struct.unpack("=I", data[kind][:4])[0] if kind in data else None


def main():
    argv = sys.argv[1:]
    if len(argv) < 2 or argv[0] not in ("set", "get") or \
            (argv[0] == "set") != (len(argv) == 3) or len(argv) > 3:
        fail("usage: brfdbmax.py set BRIDGE N | get BRIDGE", 2)
    name = argv[1]
    want = None
    if argv[0] == "set":
        if not argv[2].isdigit() or int(argv[2]) >= 1 << 32:
            fail("set %s: N must be a number 0..4294967295, not '%s'"
                 % (name, argv[2]), 2)
        want = int(argv[2])
    try:
        index = socket.if_nametoindex(name)
    except OSError:
        fail("no interface '%s' in this network namespace" % name)
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
    sock.bind((0, 0))
    if want is not None:
        data = nla(IFLA_BR_FDB_MAX_LEARNED, struct.pack("=I", want))
        linkinfo = nla(IFLA_INFO_KIND, b"bridge\0") + \
            nla(IFLA_INFO_DATA | NLA_F_NESTED, data)
        request(sock, RTM_NEWLINK, NLM_F_ACK, index,
                nla(IFLA_LINKINFO | NLA_F_NESTED, linkinfo), 1)
    data = bridge_info(sock, index, name)
    got = u32_of(data, IFLA_BR_FDB_MAX_LEARNED)
    if got is None:
        fail("%s: the kernel reports no fdb_max_learned (Linux 6.7 or later "
             "needed; this is %s)" % (name, os.uname().release))
    if want is not None and got != want:
        fail("%s: fdb_max_learned is %d after setting %d" % (name, got, want))
    n = u32_of(data, IFLA_BR_FDB_N_LEARNED)
    if n is None:
        fail("%s: the kernel reports fdb_max_learned but no fdb_n_learned" % name)
    print("fdb_max_learned=%d fdb_n_learned=%d" % (got, n))


if __name__ == "__main__":
    main()
