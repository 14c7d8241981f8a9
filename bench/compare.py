#!/usr/bin/python3
"""Time numcodecs / NumPy on the chunks `go run ./bench/compare` wrote.

Called by bench/compare with Debian's interpreter (/usr/bin/python3,
python3-numcodecs 0.11, python3-numpy):

    /usr/bin/python3 bench/compare.py --data DIR [--repeat N] CASE=FILE...

CASE is a case name of bench/compare (the key of CASES below) and FILE the
chunk it runs on, in DIR. For every case it prints one JSON line
{"case", "encode_mbps", "decode_mbps", "ratio"}: MB/s of the decoded
(array-side) bytes, 1 MB = 1e6 bytes, the best of --repeat runs of a loop
lasting at least --mintime seconds, in one thread; ratio is decoded bytes
over encoded bytes.
"""
import argparse
import json
import os
import time

import numpy as np
from numcodecs import LZ4, FixedScaleOffset, Shuffle, Zlib, Zstd


def chain(*codecs):
    """Encode and decode functions of a numcodecs filter chain."""

    def enc(buf):
        for c in codecs:
            buf = c.encode(buf)
        return buf

    def dec(buf):
        for c in reversed(codecs):
            buf = c.decode(buf)
        return buf

    return enc, dec


def cast_f64_u8():
    def enc(x):
        return np.clip(np.rint(x), 0, 255).astype(np.uint8)

    def dec(b):
        return np.frombuffer(b, dtype=np.uint8).astype(np.float64)

    return enc, dec


def scale_offset_f32():
    o, s = np.float32(273.15), np.float32(100)

    def enc(x):
        return (x - o) * s

    def dec(y):
        return y / s + o

    return enc, dec


CASES = {
    "cast f64->u8 nearest-even clamp": ("<f8", cast_f64_u8),
    "scale_offset f32": ("<f4", scale_offset_f32),
    "scale_offset+cast_value f64->u8": ("<f8", lambda: chain(FixedScaleOffset(243.15, 4, "<f8", "u1"))),
    "shuffle(4)": ("<f4", lambda: chain(Shuffle(4))),
    "shuffle(4)+zlib(1)": ("<f4", lambda: chain(Shuffle(4), Zlib(1))),
    "shuffle(4)+lz4": ("<f4", lambda: chain(Shuffle(4), LZ4(1))),
    "shuffle(4)+zstd(3)": ("<f4", lambda: chain(Shuffle(4), Zstd(3))),
    "demo chain f64->u8+zstd(3)": ("<f8", lambda: chain(FixedScaleOffset(243.15, 4, "<f8", "u1"), Zstd(3))),
}


def best(repeat, mintime, f):
    top = float("inf")
    for _ in range(repeat):
        n, t0 = 0, time.perf_counter()
        while True:
            f()
            n += 1
            el = time.perf_counter() - t0
            if el >= mintime:
                break
        top = min(top, el / n)
    return top


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--mintime", type=float, default=0.3)
    ap.add_argument("cases", nargs="+")
    args = ap.parse_args()
    for arg in args.cases:
        name, _, fname = arg.partition("=")
        if name not in CASES:
            continue
        dtype, make = CASES[name]
        with open(os.path.join(args.data, fname), "rb") as fh:
            raw = fh.read()
        x = np.frombuffer(raw, dtype=dtype)
        enc, dec = make()
        encoded = enc(x)
        nenc = len(memoryview(encoded).cast("B"))
        t_enc = best(args.repeat, args.mintime, lambda: enc(x))
        t_dec = best(args.repeat, args.mintime, lambda: dec(encoded))
        print(json.dumps({"case": name, "encode_mbps": len(raw) / t_enc / 1e6,
                          "decode_mbps": len(raw) / t_dec / 1e6, "ratio": len(raw) / nenc}), flush=True)


main()
