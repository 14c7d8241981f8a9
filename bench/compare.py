#!/usr/bin/python3
"""Time numcodecs / NumPy on the chunks `go run ./bench/compare` wrote.

Started by bench/compare with Debian's interpreter (/usr/bin/python3,
python3-numcodecs 0.11, python3-numpy) as a server:

    /usr/bin/python3 bench/compare.py --data DIR [--mintime S]

It reads one request per line on standard input, "CASE FILE", where CASE
is a case name of bench/compare (a key of CASES below) and FILE the chunk
it runs on, in DIR, and answers each with one JSON line {"case",
"encode_mbps", "decode_mbps", "ratio"}: MB/s of the decoded (array-side)
bytes, 1 MB = 1e6 bytes, of a loop lasting at least --mintime seconds, in
one thread; ratio is decoded bytes over encoded bytes. An unknown case is
answered with {"case": CASE}. bench/compare sends its cases one at a time
between its own timings, so that both tools run under the same load.

Outputs are written into buffers allocated once where NumPy allows it
(out=), and bench/compare starts this process with glibc's
MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ raised, so that
the megabyte-sized temporaries NumPy and numcodecs allocate per call are
reused from the heap instead of being mapped and faulted in anew each time.
"""
import argparse
import json
import os
import sys
import time

import numcodecs.blosc
import numpy as np
from numcodecs import (LZ4, AsType, BitRound, Blosc, Delta, FixedScaleOffset,
                       PackBits, Quantize, Shuffle, Zlib, Zstd)

# c-blosc on one thread, as zcodec's blosc codec runs a chunk
numcodecs.blosc.use_threads = False
numcodecs.blosc.set_nthreads(1)


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
    tmp = {}

    def enc(x):
        t = tmp.get("t")
        if t is None or t.shape != x.shape:
            t = tmp["t"] = np.empty_like(x)
            tmp["o"] = np.empty(x.shape, np.uint8)
        np.rint(x, out=t)
        np.clip(t, 0, 255, out=t)
        o = tmp["o"]
        o[...] = t  # astype into a reused buffer
        return o

    def dec(b):
        u = np.frombuffer(b, dtype=np.uint8)
        o = tmp.get("d")
        if o is None or o.shape != u.shape:
            o = tmp["d"] = np.empty(u.shape, np.float64)
        o[...] = u
        return o

    return enc, dec


def scale_offset(dtype):
    o, s = dtype(273.15), dtype(100)
    tmp = {}

    def enc(x):
        y = tmp.get("e")
        if y is None or y.shape != x.shape:
            y = tmp["e"] = np.empty_like(x)
        np.subtract(x, o, out=y)
        np.multiply(y, s, out=y)
        return y

    def dec(y):
        x = tmp.get("d")
        if x is None or x.shape != y.shape:
            x = tmp["d"] = np.empty_like(y)
        np.divide(y, s, out=x)
        np.add(x, o, out=x)
        return x

    return enc, dec


def transpose_2d(rows, cols):
    """The copy Zarr v2's order "F" amounts to, both ways."""

    def enc(x):
        return np.ascontiguousarray(x.reshape(rows, cols).T)

    def dec(y):
        return np.ascontiguousarray(np.frombuffer(y, dtype=y.dtype).reshape(cols, rows).T)

    return enc, dec


def blosc(cname, shuffle):
    return lambda: chain(Blosc(cname, 5, shuffle))


FSO = lambda: FixedScaleOffset(243.15, 4, "<f8", "u1")
CASES = {
    "cast f64->u8 clamp": ("<f8", cast_f64_u8),
    "cast f64->u8 clamp 10%": ("<f8", cast_f64_u8),
    "cast f64->u8 clamp 50%": ("<f8", cast_f64_u8),
    "scale_offset f32": ("<f4", lambda: scale_offset(np.float32)),
    "scale_offset f64": ("<f8", lambda: scale_offset(np.float64)),
    "scale_offset+cast_value f64->u8": ("<f8", lambda: chain(FSO())),
    "scale_offset+cast_value f64->u8 clamp 10%": ("<f8", lambda: chain(FSO())),
    "scale_offset+cast_value f64->u8 clamp 50%": ("<f8", lambda: chain(FSO())),
    "shuffle(4)": ("<f4", lambda: chain(Shuffle(4))),
    "shuffle(8)": ("<f8", lambda: chain(Shuffle(8))),
    "shuffle(4)+zlib(1)": ("<f4", lambda: chain(Shuffle(4), Zlib(1))),
    "shuffle(4)+lz4": ("<f4", lambda: chain(Shuffle(4), LZ4(1))),
    "shuffle(4)+zstd(3)": ("<f4", lambda: chain(Shuffle(4), Zstd(3))),
    "demo chain f64->u8+zstd(3)": ("<f8", lambda: chain(FSO(), Zstd(3))),
    "demo chain f64->u8+zstd(3) clamp 10%": ("<f8", lambda: chain(FSO(), Zstd(3))),
    "blosc lz4 shuffle": ("<f4", blosc("lz4", Blosc.SHUFFLE)),
    "blosc lz4 bitshuffle": ("<f4", blosc("lz4", Blosc.BITSHUFFLE)),
    "blosc blosclz shuffle": ("<f4", blosc("blosclz", Blosc.SHUFFLE)),
    "blosc zstd shuffle": ("<f4", blosc("zstd", Blosc.SHUFFLE)),
    "fixedscaleoffset f64->u1": ("<f8", lambda: chain(FSO())),
    "astype f64->f32": ("<f8", lambda: chain(AsType("<f4", "<f8"))),
    "delta i32": ("<i4", lambda: chain(Delta("<i4"))),
    "bitround f32 keepbits 10": ("<f4", lambda: chain(BitRound(10))),
    "quantize f64 digits 3": ("<f8", lambda: chain(Quantize(3, "<f8"))),
    "packbits bool": ("|b1", lambda: chain(PackBits())),
    "transpose 2-D f32 1024x256": ("<f4", lambda: transpose_2d(1024, 256)),
}


def timed(mintime, f):
    n, t0 = 0, time.perf_counter()
    while True:
        f()
        n += 1
        el = time.perf_counter() - t0
        if el >= mintime:
            return el / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--mintime", type=float, default=0.3)
    args = ap.parse_args()
    prepared = {}
    for line in sys.stdin:
        name, _, fname = line.strip().rpartition(" ")
        if name not in CASES:
            print(json.dumps({"case": name}), flush=True)
            continue
        if name not in prepared:
            dtype, make = CASES[name]
            with open(os.path.join(args.data, fname), "rb") as fh:
                raw = fh.read()
            # a writable copy: numcodecs' BitRound rounds its input in place
            x = np.frombuffer(raw, dtype=dtype).copy()
            enc, dec = make()
            encoded = enc(x)
            if isinstance(encoded, np.ndarray):
                encoded = encoded.copy()  # enc may reuse its output buffer
            prepared[name] = (x, enc, dec, encoded, len(raw))
        x, enc, dec, encoded, size = prepared[name]
        t_enc = timed(args.mintime, lambda: enc(x))
        t_dec = timed(args.mintime, lambda: dec(encoded))
        print(json.dumps({"case": name, "encode_mbps": size / t_enc / 1e6,
                          "decode_mbps": size / t_dec / 1e6,
                          "ratio": size / len(memoryview(encoded).cast("B"))}), flush=True)


main()
