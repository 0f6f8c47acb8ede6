#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# SIGINT while [dut] observations run (docs/dut.md): dutperf exits 130,
# the interrupted trial's dut.csv row is complete and still the DUT's own
# count (IpForwDatagrams rose by the frames the tester sent before the
# signal), the during observation's output written so far is there
# (vmstat's header and samples) and no observation process is left.
# A hung snapshot in the same trial: killed at [commands] timeout_s = 1
# before and after the trial, named in dut.csv and on stderr, the trial
# going on.
. "$(dirname "$0")/common.sh"
need_root
need_dutperf
command -v nstat >/dev/null && command -v vmstat >/dev/null ||
	fail "nstat (iproute2) or vmstat (procps) missing (scripts/lib.sh deps_install)"

it_tb_up router
mark=$((900 + $$ % 97))
ini=$WORK/int.ini
sed 's/^direction = .*/direction = forward/' "$SRCDIR/conf/testbed-ipv4.ini" >"$ini"
cat >>"$ini" <<EOF
[dut]
obs1 = vm: $TB dut-exec -- vmstat 1 $mark
obs1_when = during
obs1_trials = all
obs2 = fwd: $TB dut-exec -- nstat -az IpForwDatagrams
obs2_parser = nstat
obs2_trials = all
obs3 = hang: sleep 3$mark
obs3_trials = all
[commands]
timeout_s = 1
EOF
"$TB" run --name "$TBID" -- trial -c "$ini" --rate 10000 --duration 20 \
	--timeout 300 -o "$WORK/t" >"$WORK/out.log" 2>"$WORK/err.log" &
bg=$!
pid=$(dutperf_pid)
# the trial sends once the before snapshot is read: wait for it
for _ in $(seq 50); do
	[ -s "$WORK/t/dut/1/vm.during.txt" ] && break
	sleep 0.1
done
sleep 2
kill -INT "$pid"
wait $bg
rc=$?
expect_equal "exit status after SIGINT" $rc 130
expect_equal "trial status" "$(col "$WORK/t/trials.csv" status)" interrupted
python3 - "$WORK/t" <<'EOF' || fail "dut.csv after SIGINT"
import csv, os, sys
out = sys.argv[1]
rows = list(csv.reader(open(os.path.join(out, "dut.csv"))))
assert all(len(r) == len(rows[0]) for r in rows), rows
d = list(csv.DictReader(open(os.path.join(out, "dut.csv"))))
t = list(csv.DictReader(open(os.path.join(out, "trials.csv"))))[-1]
fwd = [r for r in d if r["counter"] == "IpForwDatagrams"]
assert len(fwd) == 1, d
sent = int(t["fwd_sent"])
assert 0 < sent < 200000, sent
assert int(fwd[0]["delta"]) == sent, (fwd[0]["delta"], sent)
print("interrupted trial: sent %d, the DUT's IpForwDatagrams rose by %s" %
      (sent, fwd[0]["delta"]))
EOF
samples=$(grep -cE '^ *[0-9]+ +[0-9]+ ' "$WORK/t/dut/1/vm.during.txt")
[ "$samples" -ge 1 ] || fail "no vmstat sample kept: $(cat "$WORK/t/dut/1/vm.during.txt")"
pgrep -f "vmstat 1 $mark" >/dev/null && fail "vmstat 1 $mark left running"
ok "SIGINT: exit 130, dut.csv complete and the DUT's count, $samples vmstat samples kept, none left"
expect_equal "hung observation rows" \
	"$(grep -c "hang,,.*\[dut\] obs3 (hang) = \"\"sleep 3$mark\"\": no end within its timeout of 1 s" "$WORK/t/dut.csv")" 2
grep -q 'obs3 (hang).*the trial goes on' "$WORK/err.log" || fail "no line on stderr for the hung observation"
pgrep -f "sleep 3$mark" >/dev/null && fail "sleep 3$mark left running"
ok "hung observation killed at [commands] timeout_s = 1 before and after the trial, named"
it_tb_down
