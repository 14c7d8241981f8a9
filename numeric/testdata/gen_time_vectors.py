#!/usr/bin/python3
"""Writes time_vectors.txt: NumPy's text of datetime64 and timedelta64
values, the truth for numeric's FormatTime.

Each line is tab-separated: kind (M for datetime64, m for timedelta64),
unit, scale factor, the int64 count, and str() of the NumPy scalar with
that count (for "NaT" the count is -9223372036854775808). Run with a Python
that has NumPy (Debian's /usr/bin/python3):

    /usr/bin/python3 gen_time_vectors.py > time_vectors.txt
"""
import random
import sys

import numpy as np

UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"]
SCALES = [1, 7, 1000, 2**31 - 1]
NAT = -(2**63)

EDGES = [0, 1, -1, 2, -2, 11, 12, -12, -13, 59, 60, -60, -61, 365, -365, 366,
         1461, -1461, 10957, -10957, 10958, 36524, 36525, 146096, 146097, -146097,
         -719162, -719163, 2932896, 86399, 86400, -86400, -86401,
         10**6, -10**6, 10**9, -10**9, 10**12, -10**12, 10**15, -10**15,
         10**18, -10**18, 2**31 - 1, -(2**31), 2**32, 2**53 + 1, 2**62, -(2**62),
         2**63 - 1, -(2**63) + 1, 2**63 - 10957, -(2**63) + 10957, -(2**63) + 10956,
         NAT]


def counts(rng):
    vals = list(EDGES)
    for bits in (8, 16, 24, 32, 40, 48, 56, 62, 63):
        for _ in range(2):
            v = rng.randrange(-(2**bits), 2**bits)
            vals.append(max(v, -(2**63) + 1))
    return vals


def main():
    rng = random.Random(20)
    out = sys.stdout
    for unit in UNITS:
        for scale in SCALES:
            dtype = "%d%s" % (scale, unit) if scale != 1 else unit
            for v in counts(rng):
                d = np.array([v], dtype="<i8").view("<M8[%s]" % dtype)[0]
                t = np.array([v], dtype="<i8").view("<m8[%s]" % dtype)[0]
                out.write("M\t%s\t%d\t%d\t%s\n" % (unit, scale, v, str(d)))
                out.write("m\t%s\t%d\t%d\t%s\n" % (unit, scale, v, str(t)))
    for v in (0, 5, -5, NAT):
        t = np.array([v], dtype="<i8").view("<m8")[0]
        out.write("m\tgeneric\t1\t%d\t%s\n" % (v, str(t)))
    d = np.array([NAT], dtype="<i8").view("<M8")[0]
    out.write("M\tgeneric\t1\t%d\t%s\n" % (NAT, str(d)))


if __name__ == "__main__":
    main()
