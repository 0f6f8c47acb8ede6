#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The line rate and run.json.  --check refuses rates above the line rate of
# the frame size at [traffic] link_speed_gbps = 10 (wire.ini) without
# starting the EAL; without the key the run takes the ports' speed (memif
# reports 100 Gb/s) and refuses there.  run.json is JSON Lines that python
# and jq parse although the config path and the output directory hold
# quotes, backslashes, control characters and invalid UTF-8; its seed is a
# string equal to trials.csv's (there 0x and hex digits, which --seed
# takes back), its times carry a UTC offset, and it has
# the git commit, command line, EAL arguments, CPU, kernel, the ports'
# link speeds and each run's result.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v jq >/dev/null || { echo "skipped: no jq"; exit 77; }

prefix=dpt-rjson-$$
cfg=$SRCDIR/tests/data/wire.ini

# check_refused NAME WANT ARGS...: --check (no EAL options) exits 2 naming WANT;
# the mode is $MODE (default trial; the search options need throughput)
check_refused() {
	local name=$1 want=$2 rc
	shift 2
	"$DUTPERF" -- "${MODE:-trial}" -c "$cfg" -o "$WORK/$name" --check "$@" \
		>"$WORK/$name.out" 2>"$WORK/$name.err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "$name: --check exit $rc, want 2 ($(cat "$WORK/$name.err"))"
	grep -qF -- "$want" "$WORK/$name.err" ||
		fail "$name: stderr lacks '$want': $(cat "$WORK/$name.err")"
	[ ! -e "$WORK/$name" ] || fail "$name: created $WORK/$name"
	ok "$name: --check $*: exit 2, '$want'"
}
# 1e10 / ((64 + 20) * 8) = 14880952.4; 1e10 / ((1518 + 20) * 8) = 812743.8
check_refused r64 "-r/--rate 20000000 fps is above the line rate of 64-byte frames at [traffic] link_speed_gbps = 10: 14880952 fps" \
	--rate 20000000 -s 64
check_refused r1518 "-r/--rate 1000000 fps is above the line rate of 1518-byte frames at [traffic] link_speed_gbps = 10: 812743 fps" \
	--rate 1000000 -s 1518
MODE=throughput check_refused rmax "--rate-max 14880953 fps is above" --rate-max 14880953 -s 64
"$DUTPERF" -- trial -c "$cfg" --check --rate 14880952 -s 64 >/dev/null 2>&1 ||
	fail "the line rate itself is refused"
ok "exactly the line rate passes --check"

# Without the key the ports' reported speed counts (memif: 100 Gb/s,
# 1e11 / (1538 * 8) = 8127438 fps at 1518 B): --check cannot know it.
sed 's/^link_speed_gbps = .*/link_speed_gbps = 0/' "$cfg" >"$WORK/nokey.ini"
"$DUTPERF" -- trial -c "$WORK/nokey.ini" --check --rate 9000000 -s 1518 \
	>/dev/null 2>&1 || fail "--check without the key refused a rate"
wire_once() {	# ARGS...: dutperf once on the memif wire
	local rc
	# shellcheck disable=SC2046
	"$DUTPERF" $(wire_eal "$prefix") -- "$@" >"$WORK/out.log" 2>"$WORK/err.log"
	rc=$?
	rm -rf "/var/run/dpdk/$prefix"
	return $rc
}
wire_once trial -c "$WORK/nokey.ini" --rate 9000000 -s 1518 --duration 1 \
	-o "$WORK/port"
rc=$?
[ "$rc" -eq 2 ] || fail "above the ports' line rate: exit $rc, want 2"
grep -qF -- "-r/--rate 9000000 fps is above the line rate of 1518-byte frames at 100000 Mb/s (the ports' speed): 8127438 fps" \
	"$WORK/err.log" || fail "ports' line rate: $(cat "$WORK/err.log")"
[ ! -e "$WORK/port/trials.csv" ] || fail "a trial ran above the line rate"
ok "without the key: the ports' 100 Gb/s, 9000000 fps at 1518 B refused, exit 2"
# rate_max_fps = 0: the search's upper bound is the ports' line rate (one
# trial at 1000 fps, then error_fps covers the whole range)
sed 's/^rate_max_fps = .*/rate_max_fps = 0/' "$WORK/nokey.ini" >"$WORK/nomax.ini"
wire_once throughput -c "$WORK/nomax.ini" -s 1518 --initial-rate 1000 \
	--error 9000000 --duration 1 -o "$WORK/nomax" ||
	fail "search to the ports' line rate: exit $?"
cat "$WORK/out.log" "$WORK/err.log" | grep -qF "between 0 and 8127438 fps" ||
	fail "search bound not the ports' line rate: $(cat "$WORK/out.log" "$WORK/err.log")"
[ "$(jq -r .link_speed_from "$WORK/nomax/run.json")" = port ] || fail "link_speed_from"
ok "rate_max_fps = 0 without the key: the search's bound is 8127438 fps (100 Gb/s, 1518 B)"

# run.json with nasty bytes in the config path and the output directory
# (the config values themselves refuse quotes and control characters).
nasty=$(printf 'c"q\\b\001\377\t\n')
mkdir -p "$WORK/$nasty"
cp "$WORK/nokey.ini" "$WORK/$nasty/w.ini"
out="$WORK/out $(printf '\\x\377y')"
for i in 1 2; do
	# the wire passes the range's top: lower_bound, exit 3 (results.md)
	wire_once throughput -c "$WORK/$nasty/w.ini" --rate-max 4000 \
		--error 2000 --duration 1 --settle 0 --repeat 2 -o "$out"
	rc=$?
	[ "$rc" -eq 3 ] || fail "throughput $i: exit $rc, want 3 ($(tail -2 "$WORK/err.log"))"
done
json=$out/run.json
python3 -m json.tool --json-lines "$json" >/dev/null || fail "python: not JSON Lines"
[ "$(jq -s length "$json")" = 2 ] || fail "jq: not 2 records: $(jq -s length "$json")"
[ "$(wc -l <"$json")" -eq 2 ] || fail "not one record per line"
ok "run.json: 2 runs, 2 lines, python and jq parse them"

# the seed: a string, the very number trials.csv holds
[ "$(jq -r '.seed | type' "$json" | sort -u)" = string ] || fail "seed not a string"
seeds=$(jq -r .seed "$json" | sort -u | tr '\n' ' ')
csv_seeds=$(python3 - "$out/trials.csv" <<'PY'
import csv, re, sys
seeds = {r["seed"] for r in csv.DictReader(open(sys.argv[1]))}
# 0x and 16 hex digits: text to a spreadsheet, no rounding
assert all(re.fullmatch("0x[0-9a-f]{16}", s) for s in seeds), seeds
print(" ".join(sorted(str(int(s, 16)) for s in seeds)) + " ")
PY
) || fail "trials.csv seeds"
[ "$seeds" = "$csv_seeds" ] || fail "run.json seeds '$seeds', trials.csv '$csv_seeds'"
ok "seed: a string in run.json, the same number as trials.csv's 0x form ($seeds)"
# trials.csv's form is taken back by --seed
wire_once trial -c "$WORK/nokey.ini" --rate 1000 --duration 1 \
	--seed 0x00000000000000ff -o "$WORK/seed" || fail "--seed 0x...: exit $?"
[ "$(tail -1 "$WORK/seed/run.json" | jq -r .seed)" = 255 ] &&
	[ "$(csv_col "$WORK/seed/trials.csv" seed)" = 0x00000000000000ff ] ||
	fail "--seed 0x00000000000000ff: $(jq -r .seed "$WORK/seed/run.json")"
ok "--seed 0x00000000000000ff: run.json \"255\", trials.csv 0x00000000000000ff"

re='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'
for k in start end; do
	jq -r ".$k" "$json" | grep -Evq "$re" && fail "$k: $(jq -r ".$k" "$json")"
done
ok "start and end: ISO 8601 with offset ($(jq -r .start "$json" | head -1))"

python3 - "$json" "$WORK/$nasty/w.ini" "$out" <<'PY' || fail "run.json fields"
import json, os, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
d = json.loads(lines[0])
# invalid UTF-8 became U+FFFD, everything else is kept
def shown(p):
    return os.fsencode(p).decode("utf-8", "replace")
assert shown(sys.argv[2]) in d["argv"], d["argv"]
assert shown(sys.argv[2]) in d["config"], "config path"
assert shown(sys.argv[3]) in d["argv"], d["argv"]
assert d["argv"][0].endswith("dutperf"), d["argv"]
i = d["argv"].index("--")
assert d["eal_args"] == d["argv"][1:i], (d["eal_args"], d["argv"])
assert any(a.startswith("--vdev=net_memif0") for a in d["eal_args"])
assert d["git"] and d["cpu_model"] and d["kernel"].startswith(os.uname().sysname)
assert d["git"] != "unknown", "built in a git checkout"
assert [p["speed_mbps"] for p in d["ports"]] == [100000, 100000], d["ports"]
# memif checks no checksums: every one is summed in software
assert [p["checksums_by"] for p in d["ports"]] == ["software", "software"], d["ports"]
# wire.ini gives [left] / [right] mac: used as configured, and a port whose
# own address differs is put in promiscuous mode (port.c); the MAC keys
# come last but the address resolution's (issue 35: wire.ini gives each
# dut_mac, so none was resolved)
assert [p["mac"] for p in d["ports"]] == ["02:00:00:00:00:10", "02:00:00:00:01:10"], d["ports"]
assert all(p["mac_from"] == "configured" for p in d["ports"]), d["ports"]
assert all(p["promisc"] == (p["own_mac"] != p["mac"]) for p in d["ports"]), d["ports"]
assert all(list(p)[-8:] == ["mac", "own_mac", "mac_from", "promisc", "dut_mac",
                            "dut_mac_from", "dut_ip", "answered"] for p in d["ports"]), d["ports"]
assert all(p["dut_mac_from"] == "config" and p["dut_ip"] is None for p in d["ports"]), d["ports"]
assert d["link_speed_mbps"] == 100000 and d["link_speed_from"] == "port"
assert [r["no"] for r in d["runs"]] == [1, 2], d["runs"]
for r in d["runs"]:
    assert r["result_kind"] in ("measured", "lower_bound", "none"), r
    assert r["result_kind"] != "measured" or r["value"] > 0, r
    # a top that passed below the line rate: at least, and why
    assert (r["result_kind"], r["result_reason"]) == \
        ("lower_bound", "the range's top passed"), r
    assert r["value"] is None, r
PY
ok "run.json: git, argv, eal_args, cpu_model, kernel, port speeds, runs"
