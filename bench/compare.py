#!/usr/bin/python3
"""The peer of `go run ./bench/compare`: times numcodecs / NumPy on the
chunks bench/compare wrote, one row per request.

Started by bench/compare with Debian's interpreter (/usr/bin/python3,
python3-numcodecs 0.11, python3-numpy) as a long-lived server:

    /usr/bin/python3 bench/compare.py --data DIR

Its first line is a JSON object naming what it runs: {"python",
"numcodecs", "numpy", "cblosc", "libzstd"}. Then it reads one JSON request per line on standard
input, {"recipe", "file", "dtype", "mintime"}: RECIPE is a key of RECIPES
below (or "blosc:CNAME:SHUFFLE"), FILE the chunk in DIR, DTYPE its NumPy
type string. It answers each with one JSON line {"encode": {"wall",
"cpu"}, "decode": {"wall", "cpu"}, "ratio"}: seconds per call of wall
time (time.perf_counter) and of this process's CPU time
(time.process_time, every thread), each from a loop of at least MINTIME
seconds of wall time after one warm-up call; ratio is decoded bytes over
encoded bytes. A request it cannot serve is answered with {"error"}.
bench/compare sends a row's request between its own timings of the row,
so that both run under the same load.

Outputs are written into buffers allocated once where NumPy allows it
(out=), and bench/compare starts this process with glibc's
MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ raised, so that the
megabyte-sized temporaries NumPy and numcodecs allocate per call are
reused from the heap instead of being mapped and faulted in anew each time.
"""
import argparse
import json
import os
import platform
import sys
import time

import numcodecs
import numcodecs.blosc
import numcodecs.zstd
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


def cast_f64_u8(dtype):
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
    t = np.dtype(dtype).type
    o, s = t(273.15), t(100)
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

    def make(dtype):
        def enc(x):
            return np.ascontiguousarray(x.reshape(rows, cols).T)

        def dec(y):
            return np.ascontiguousarray(np.frombuffer(y, dtype=y.dtype).reshape(cols, rows).T)

        return enc, dec

    return make


def fso(dtype):
    return FixedScaleOffset(243.15, 4, dtype, "u1")


RECIPES = {
    "cast_f64_u8": cast_f64_u8,
    "scale_offset": scale_offset,
    "fso": lambda dt: chain(fso(dt)),
    "fso+zstd3": lambda dt: chain(fso(dt), Zstd(3)),
    "shuffle": lambda dt: chain(Shuffle(np.dtype(dt).itemsize)),
    "shuffle+zlib1": lambda dt: chain(Shuffle(np.dtype(dt).itemsize), Zlib(1)),
    "shuffle+lz4": lambda dt: chain(Shuffle(np.dtype(dt).itemsize), LZ4(1)),
    "shuffle+zstd3": lambda dt: chain(Shuffle(np.dtype(dt).itemsize), Zstd(3)),
    "zstd3": lambda dt: chain(Zstd(3)),
    "astype_f4": lambda dt: chain(AsType("<f4", dt)),
    "delta": lambda dt: chain(Delta(dt)),
    "bitround10": lambda dt: chain(BitRound(10)),
    "quantize3": lambda dt: chain(Quantize(3, dt)),
    "packbits": lambda dt: chain(PackBits()),
    "transpose_1024x256": transpose_2d(1024, 256),
}

SHUFFLES = {"NOSHUFFLE": Blosc.NOSHUFFLE, "SHUFFLE": Blosc.SHUFFLE, "BITSHUFFLE": Blosc.BITSHUFFLE}


def recipe(name, dtype):
    """The encode and decode functions of a recipe on dtype."""
    if name.startswith("blosc:"):
        _, cname, shuffle = name.split(":")
        return chain(Blosc(cname, 5, SHUFFLES[shuffle]))
    return RECIPES[name](dtype)


def timed(mintime, f):
    """Seconds per call of f, wall and process CPU, after one warm-up."""
    f()
    n, c0, t0 = 0, time.process_time(), time.perf_counter()
    while True:
        f()
        n += 1
        el = time.perf_counter() - t0
        if el >= mintime:
            return {"wall": el / n, "cpu": (time.process_time() - c0) / n}


def serve(data, req, prepared):
    key = (req["recipe"], req["file"], req["dtype"])
    if key not in prepared:
        with open(os.path.join(data, req["file"]), "rb") as fh:
            raw = fh.read()
        # a writable copy: numcodecs' BitRound rounds its input in place
        x = np.frombuffer(raw, dtype=req["dtype"]).copy()
        enc, dec = recipe(req["recipe"], req["dtype"])
        encoded = enc(x)
        if isinstance(encoded, np.ndarray):
            encoded = encoded.copy()  # enc may reuse its output buffer
        prepared[key] = (x, enc, dec, encoded, len(raw))
    x, enc, dec, encoded, size = prepared[key]
    mintime = float(req["mintime"])
    return {"encode": timed(mintime, lambda: enc(x)),
            "decode": timed(mintime, lambda: dec(encoded)),
            "ratio": size / len(memoryview(encoded).cast("B"))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    args = ap.parse_args()
    zv = numcodecs.zstd.VERSION_NUMBER
    print(json.dumps({"python": platform.python_version(), "numcodecs": numcodecs.__version__,
                      "numpy": np.__version__, "cblosc": numcodecs.blosc.VERSION_STRING,
                      "libzstd": f"{zv // 10000}.{zv // 100 % 100}.{zv % 100}"}), flush=True)
    prepared = {}
    for line in sys.stdin:
        try:
            reply = serve(args.data, json.loads(line), prepared)
        except Exception as e:  # answer, so that the rows after it still run
            reply = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(reply), flush=True)


main()
