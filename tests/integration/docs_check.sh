#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The documentation against the code (issue 39, tests/tools/docs_check.py):
# every INI key and every option of dutperf's modes and of the offline
# tools in docs/configuration.md, every dutperf example of README.md and
# docs/*.md accepted by --check and every offline tool's example run on
# fixture data, every relative link and anchor resolving.  Then a scratch
# copy of README.md and docs/ with one example, one link, one key row and
# one option broken: each must be named, exit status 1.  No root, no EAL.
. "$(dirname "$0")/common.sh"
need_dutperf
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }
check=$SRCDIR/tests/tools/docs_check.py

python3 "$check" --srcdir "$SRCDIR" --builddir "$BUILDDIR" >"$WORK/ok.log" 2>&1 ||
	fail "the tree's docs: $(cat "$WORK/ok.log")"
ok "$(tail -1 "$WORK/ok.log")"

# The scratch copy, each check broken once.
s=$WORK/scratch
mkdir -p "$s"
cp "$SRCDIR/README.md" "$s/"
cp -r "$SRCDIR/docs" "$s/docs"
# an example --check refuses: a rate above its bound
sed -i 's/^\(    dutperf \[EAL\] -- pdv -c conf\/testbed-ipv4.ini --rate\) 137000/\1 2000000000/' "$s/README.md"
# a link to a file that is not there, and an anchor that is no heading
sed -i 's/(docs\/architecture.md)/(docs\/architecture-x.md)/' "$s/README.md"
sed -i 's/(robustness.md#a-dut-that-goes-away)/(robustness.md#no-such-heading)/' "$s/docs/configuration.md"
# a key and an option left out
sed -i '/^| `frame_timeout_ms` |/d' "$s/docs/configuration.md"
sed -i '/^| `--imix GENOME` |/d' "$s/docs/configuration.md"
cmp -s "$SRCDIR/README.md" "$s/README.md" && fail "README.md not broken"
python3 "$check" --srcdir "$SRCDIR" --builddir "$BUILDDIR" --docs "$s" >"$WORK/bad.log" 2>&1
expect_equal "broken copy: exit status" $? 1
for want in \
	"README.md:[0-9]*: dutperf \[EAL\] -- pdv .* exits 2: dutperf: option -r/--rate" \
	"README.md:[0-9]*: link docs/architecture-x.md: no such file" \
	"docs/configuration.md:[0-9]*: link robustness.md#no-such-heading: no heading #no-such-heading" \
	"docs/configuration.md: \[traffic\] frame_timeout_ms: no row" \
	"docs/configuration.md: dutperf option --imix not in \"Command line\""; do
	grep -q "^$want" "$WORK/bad.log" || fail "not named: $want ($(cat "$WORK/bad.log"))"
done
expect_equal "broken copy: problems" "$(grep -c '^[A-Za-z].*: ' "$WORK/bad.log")" 6
ok "a broken example, link, anchor, key and option: each named, exit 1"
