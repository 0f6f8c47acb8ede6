#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Print one column of a CSV file by name (scripts and tests read columns,
never prose; scripts/lib.sh csv_col).

csvcol.py FILE COLUMN [ROW]   ROW: 1-based data row, negative from the end,
                              'all' for every row (one per line); default -1.
"""
import csv
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    path, col = sys.argv[1], sys.argv[2]
    row = sys.argv[3] if len(sys.argv) == 4 else "-1"
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f, skipinitialspace=True))
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    if not rows:
        sys.exit(f"{path}: no data rows")
    if col not in rows[0]:
        sys.exit(f"{path}: no column {col!r}; columns: {', '.join(rows[0])}")
    if row == "all":
        for r in rows:
            print(r[col])
        return
    try:
        i = int(row)
        if i == 0:
            raise IndexError
        print(rows[i - 1 if i > 0 else i][col])
    except (ValueError, IndexError):
        sys.exit(f"{path}: no data row {row!r} ({len(rows)} rows)")


if __name__ == "__main__":
    main()
