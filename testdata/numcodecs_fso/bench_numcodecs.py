#!/usr/bin/python3
"""Time numcodecs' FixedScaleOffset (and plain NumPy) on the data the Go
benchmarks in codecs/scaleoffset and codecs/numcodecs use: 1 MiB chunks of
273.15 + 20 sin(k/512) + 0.5 sin(0.7 k).

    /usr/bin/python3 bench_numcodecs.py

Prints MB/s of input (1 MB = 1e6 bytes), best of 5 repeats, like
`go test -bench` reports them.
"""
import timeit

import numcodecs
import numpy as np

MiB = 1 << 20


def data(dtype):
    k = np.arange(MiB // np.dtype(dtype).itemsize, dtype=np.float64)
    return (273.15 + 20 * np.sin(k / 512) + 0.5 * np.sin(0.7 * k)).astype(dtype)


def rate(name, fn, nbytes=MiB):
    n = 50
    best = min(timeit.repeat(fn, number=n, repeat=5)) / n
    print(f"{name:55s} {best * 1e9:12.0f} ns/op {nbytes / best / 1e6:9.2f} MB/s")


x8, x4 = data("<f8"), data("<f4")
fso = numcodecs.FixedScaleOffset(offset=252, scale=4, dtype="<f8", astype="u1")
enc = fso.encode(x8)
out = np.empty_like(x8)
rate("numcodecs FixedScaleOffset f8->u1 encode", lambda: fso.encode(x8))
rate("numcodecs FixedScaleOffset f8->u1 decode (MB/s of f8 output)", lambda: fso.decode(enc, out))
rate("numpy (x - 273.15) * 0.01 float64", lambda: (x8 - 273.15) * 0.01)
rate("numpy (x - 273.15) * 0.01 float32", lambda: (x4 - np.float32(273.15)) * np.float32(0.01))
rate("numpy x / 0.01 + 273.15 float64", lambda: x8 / 0.01 + 273.15)
rate("numpy x / 0.01 + 273.15 float32", lambda: x4 / np.float32(0.01) + np.float32(273.15))
rate("numpy copy float64", lambda: x8.copy())
