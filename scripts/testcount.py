#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Count meson test results from testlog.json for scripts/test.sh.

Each cmocka case counts as one test (from its runner's own summary); a
script, or a runner that crashed before its summary, counts as one.
Prints shell assignments: p=N f=N s=N skipped='names'.
"""
import json
import re
import sys


def main():
    p = f = s = 0
    skipped = []
    for line in open(sys.argv[1]):
        t = json.loads(line)
        result = t["result"]
        out = (t.get("stdout") or "") + (t.get("stderr") or "")
        if re.search(r"\[=+\] \d+ test\(s\) run", out):
            def total(tag):
                return sum(int(x) for x in re.findall(r"\[  %s *\] (\d+) test" % tag, out))
            cp, cf, cs = total("PASSED"), total("FAILED"), total("SKIPPED")
            if result not in ("OK", "EXPECTEDFAIL") and cf == 0:
                cf = 1
            p, f, s = p + cp, f + cf, s + cs
        elif result in ("OK", "EXPECTEDFAIL"):
            p += 1
        elif result == "SKIP":
            s += 1
            skipped.append(t["name"])
        else:
            f += 1
    print(f"p={p} f={f} s={s} skipped='{' '.join(skipped)}'")


if __name__ == "__main__":
    main()
