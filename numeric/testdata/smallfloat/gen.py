#!/usr/bin/env python3
"""Writes the reference tables of the small data types (values.txt,
rounding.txt.gz) from the zarr-extensions definitions alone, with exact
rational arithmetic (fractions.Fraction). It shares no code with the Go
implementation.

values.txt: one line per float type, "NAME v0 v1 ... v(2^width - 1)": the
value of each bit pattern as an exact fraction "p/q" (or an integer), "-0",
"nan", "inf" or "-inf".

rounding.txt.gz: lines "float NAME" or "int NAME" start a section; each
following line is "BITS r0 r1 r2 r3 r4": BITS the hex bits of a float32
input, r the result in the rounding modes nearest-even, towards-zero,
towards-positive, towards-negative, nearest-away:
  float targets: the bits of the result (hex; a NaN keeps its sign where
  the type has signed NaNs), or O+ / O- when the rounded
  value lies beyond the largest / below the smallest finite value, N for a
  NaN the type cannot hold, I for an infinity it cannot hold;
  int targets: the rounded integer (decimal), or N / I.

Run: python3 gen.py (writes next to itself).
"""
import bisect
import functools
import gzip
import os
import struct
from fractions import Fraction as F

# name: (exponent bits, mantissa bits, bias, kind) per the registry READMEs.
#   ieee: exponent all ones is infinity (mantissa 0) or NaN
#   fnuz: no infinity, 1000...0 is the only NaN, no negative zero
#   fn:   no infinity, no NaN
#   e8m0: unsigned, no zero, all ones is NaN
FORMATS = {
    "float8_e3m4": (3, 4, 3, "ieee"),
    "float8_e4m3": (4, 3, 7, "ieee"),
    "float8_e4m3b11fnuz": (4, 3, 11, "fnuz"),
    "float8_e4m3fnuz": (4, 3, 8, "fnuz"),
    "float8_e5m2": (5, 2, 15, "ieee"),
    "float8_e5m2fnuz": (5, 2, 16, "fnuz"),
    "float8_e8m0fnu": (8, 0, 127, "e8m0"),
    "float6_e2m3fn": (2, 3, 1, "fn"),
    "float6_e3m2fn": (3, 2, 3, "fn"),
    "float4_e2m1fn": (2, 1, 1, "fn"),
}
INTS = {"int2": (-2, 1), "int4": (-8, 7), "uint2": (0, 3), "uint4": (0, 15)}
MODES = ["ne", "tz", "tp", "tn", "na"]


def width(name):
    e, m, _, kind = FORMATS[name]
    return e + m + (0 if kind == "e8m0" else 1)


def decode(name, b):
    """The value of bit pattern b: a Fraction, "-0", "nan", "inf", "-inf"."""
    e, m, bias, kind = FORMATS[name]
    if kind == "e8m0":
        return "nan" if b == 0xFF else F(2) ** (b - bias)
    w = e + m + 1
    sign = b >> (w - 1)
    ex = (b >> m) & ((1 << e) - 1)
    man = b & ((1 << m) - 1)
    if kind == "fnuz" and b == 1 << (w - 1):
        return "nan"
    if kind == "ieee" and ex == (1 << e) - 1:
        if man:
            return "nan"
        return "-inf" if sign else "inf"
    if ex == 0:
        v = F(man, 1 << m) * F(2) ** (1 - bias)
    else:
        v = (1 + F(man, 1 << m)) * F(2) ** (ex - bias)
    if sign:
        return "-0" if v == 0 else -v
    return v


def significand_even(name, b):
    """Whether the significand of b (at the format's precision) is even."""
    e, m, bias, kind = FORMATS[name]
    if kind == "e8m0":
        return False  # the significand is always 1
    ex = (b >> m) & ((1 << e) - 1)
    man = b & ((1 << m) - 1)
    sig = man if ex == 0 else (1 << m) | man
    return sig % 2 == 0


@functools.lru_cache(maxsize=None)
def finite_codes(name):
    """{Fraction: bits} of every finite value; zero maps to +0."""
    out = {}
    for b in range(1 << width(name)):
        v = decode(name, b)
        if v == "-0":
            continue
        if isinstance(v, F):
            out.setdefault(v, b)
    return out


def round_float(name, x, mode):
    """x: Fraction, "nan", "inf", "-inf", "-0". Returns a result token."""
    e, m, bias, kind = FORMATS[name]
    w = width(name)
    if x in ("nan", "-nan"):
        if kind == "fn":
            return "N"
        if kind == "ieee":  # the quiet NaN, keeping the sign
            sign = (1 << (w - 1)) if x == "-nan" else 0
            return "%02x" % (sign | ((1 << e) - 1) << m | 1 << (m - 1))
        if kind == "fnuz":
            return "%02x" % (1 << (w - 1))
        return "ff"
    if x in ("inf", "-inf"):
        if kind != "ieee":
            return "I"
        return "%02x" % ((1 if x == "-inf" else 0) << (w - 1) | ((1 << e) - 1) << m)
    neg_zero = x == "-0"
    if neg_zero:
        x = F(0)
    codes = finite_codes(name)
    vals = sorted_values(name)
    if kind == "e8m0":
        if x <= 0:
            return "O-"
        # round among all powers of two (exponent unbounded both ways)
        k = x.numerator.bit_length() - x.denominator.bit_length()
        while F(2) ** k > x:
            k -= 1
        while F(2) ** (k + 1) <= x:
            k += 1
        lo, hi = F(2) ** k, F(2) ** (k + 1)
        r = x if x == lo else pick(x, lo, hi, mode, lo_even=False, hi_even=False)
        if r < vals[0]:
            return "O-"
        if r > vals[-1]:
            return "O+"
        return "%02x" % codes[r]
    mx = vals[-1]
    # the next value above the largest, had the exponent no upper bound
    nxt = F(1)
    while nxt <= mx:
        nxt *= 2
    if abs(x) >= nxt:
        r = x  # every mode keeps a value at or beyond the first unbounded one beyond range
    else:
        ext = extended(name)
        if x in codes:
            r = x
        else:
            i = bisect.bisect_left(ext, x)
            lo, hi = ext[i - 1], ext[i]
            r = pick(x, lo, hi, mode, even(name, codes, lo, nxt), even(name, codes, hi, nxt))
    if r > mx:
        return "O+"
    if r < -mx:
        return "O-"
    if r == 0:
        negative = neg_zero or x < 0
        if negative and kind != "fnuz":
            return "%02x" % (1 << (w - 1))
        return "00"
    return "%02x" % codes[r]


@functools.lru_cache(maxsize=None)
def sorted_values(name):
    return sorted(finite_codes(name))


@functools.lru_cache(maxsize=None)
def extended(name):
    vals = sorted_values(name)
    nxt = F(1)
    while nxt <= vals[-1]:
        nxt *= 2
    return sorted(set(vals) | {nxt, -nxt})


def even(name, codes, v, nxt):
    if abs(v) == nxt:
        return FORMATS[name][1] > 0  # 1.000 * 2^(emax+1)
    if v == 0:
        return True
    return significand_even(name, codes[v])


def pick(x, lo, hi, mode, lo_even, hi_even):
    """Round x strictly between lo < hi (adjacent candidates) in mode."""
    if mode == "tz":
        return lo if x > 0 else hi
    if mode == "tp":
        return hi
    if mode == "tn":
        return lo
    d_lo, d_hi = x - lo, hi - x
    if d_lo < d_hi:
        return lo
    if d_hi < d_lo:
        return hi
    away = hi if x > 0 else lo
    if mode == "na":
        return away
    if lo_even != hi_even:
        return lo if lo_even else hi
    return away  # precision 1: both significands odd, the tie goes away from zero


def round_int(x, mode):
    if x in ("nan", "-nan"):
        return "N"
    if x in ("inf", "-inf"):
        return "I"
    if x == "-0":
        return "0"
    fl = x.numerator // x.denominator
    if fl == x:
        return str(fl)
    lo, hi = F(fl), F(fl + 1)
    return str(pick(x, lo, hi, mode, fl % 2 == 0, (fl + 1) % 2 == 0).numerator)


def f32_bits(v):
    """Bits of the float32 equal to Fraction v (which must be exact)."""
    f = float(v)
    b = struct.unpack("<I", struct.pack("<f", f))[0]
    assert F(struct.unpack("<f", struct.pack("<I", b))[0]) == v, v
    return b


def f32_value(b):
    if b & 0x7F800000 == 0x7F800000:
        if b & 0x7FFFFF:
            return "-nan" if b >> 31 else "nan"
        return "-inf" if b >> 31 else "inf"
    if b == 0x80000000:
        return "-0"
    return F(struct.unpack("<f", struct.pack("<I", b))[0])


def around(b):
    """b and its float32 neighbours (same sign side, by bits)."""
    out = {b}
    if b & 0x7FFFFFFF < 0x7F800000:
        out.add(b + 1)
    if b & 0x7FFFFFFF > 0:
        out.add(b - 1)
    return out


def float_inputs(name):
    vals = sorted(finite_codes(name))
    pts = set()
    if FORMATS[name][3] == "e8m0":
        ext = [F(2) ** k for k in range(-129, 128)]
    else:
        mx = vals[-1]
        nxt = F(1)
        while nxt <= mx:
            nxt *= 2
        ext = sorted(set(vals) | {nxt, -nxt, 2 * nxt, -2 * nxt})
    for a, c in zip(ext, ext[1:]):
        for p in (a, (a + c) / 2, (3 * a + c) / 4, (a + 3 * c) / 4):
            pts.add(p)
    pts.add(ext[-1])
    bits = set()
    for p in pts:
        for q in (p, -p):
            bits |= around(f32_bits(q))
    bits |= {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF,
             0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x3F800000, 0xBF800000}
    return sorted(bits)


def int_inputs():
    bits = set()
    for k in range(-20, 21):
        for p in (F(k), F(2 * k + 1, 2), F(4 * k + 1, 4)):
            bits |= around(f32_bits(p))
    bits |= {0x00000000, 0x80000000, 0x00000001, 0x7F7FFFFF, 0xFF7FFFFF,
             0x7F800000, 0xFF800000, 0x7FC00000}
    return sorted(bits)


def fmt_value(v):
    if isinstance(v, F):
        return str(v.numerator) if v.denominator == 1 else "%d/%d" % (v.numerator, v.denominator)
    return v


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "values.txt"), "w") as f:
        for name in FORMATS:
            vals = [fmt_value(decode(name, b)) for b in range(1 << width(name))]
            f.write(name + " " + " ".join(vals) + "\n")
    lines = []
    for name in FORMATS:
        lines.append("float " + name)
        for b in float_inputs(name):
            x = f32_value(b)
            lines.append("%08x %s" % (b, " ".join(round_float(name, x, m) for m in MODES)))
    ints = int_inputs()
    for name in INTS:
        lines.append("int " + name)
        for b in ints:
            x = f32_value(b)
            lines.append("%08x %s" % (b, " ".join(round_int(x, m) for m in MODES)))
    data = ("\n".join(lines) + "\n").encode()
    with gzip.GzipFile(os.path.join(here, "rounding.txt.gz"), "wb", mtime=0) as f:
        f.write(data)


if __name__ == "__main__":
    main()
