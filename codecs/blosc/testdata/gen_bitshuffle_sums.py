#!/usr/bin/python3
"""Writes bitshuffle_sums.json: the SHA-256 of the frames c-blosc writes
(numcodecs' Blosc, lz4 at clevel 5, shuffle=BITSHUFFLE, one thread) for
element sizes 1 to 64 and block sizes whose element counts are and are not
multiples of 8, on inputs of 200003 bytes (a short last block, and bytes
after the last whole element). TestBitshuffleFramesMatchCBlosc encodes the
same inputs and requires the same frames, so the vector kernels' output
inside the frames is held to c-blosc's bitshuffle.

Run from codecs/blosc with Debian bookworm's interpreter and packages
(python3-numcodecs 0.11, c-blosc 1.21.3):

    /usr/bin/python3 testdata/gen_bitshuffle_sums.py

The input is gen_vectors.py's "smooth" kind (Go's makeInput), seed 5:
element i of ts bytes holds v = 3*i + (draw % 8) little-endian in its first
min(ts, 8) bytes, byte b >= 8 is (b + i // 64) % 256, the bytes after the
last whole element are draws % 256, where the draws are bits 16..30 of
x = (1103515245 x + 12345) mod 2^31.
"""
import hashlib
import json

import numcodecs
import numcodecs.blosc
import numpy as np
from numcodecs import Blosc

numcodecs.blosc.set_nthreads(1)
numcodecs.blosc.use_threads = False

NBYTES, SEED = 200003, 5
TYPESIZES = [1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 64]
BLOCKSIZES = [0, 16384, 24576, 65536]


def smooth(nbytes, ts, seed):
    x = seed & 0x7FFFFFFF

    def draw():
        nonlocal x
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        return x >> 16

    out = bytearray(nbytes)
    n = nbytes // ts
    for i in range(n):
        v = 3 * i + draw() % 8
        for b in range(ts):
            out[i * ts + b] = (v >> (8 * b)) & 0xFF if b < 8 else (b + i // 64) % 256
    for j in range(n * ts, nbytes):
        out[j] = draw() % 256
    return bytes(out)


cases = []
for ts in TYPESIZES:
    data = smooth(NBYTES, ts, SEED)
    arr = np.frombuffer(data[: NBYTES // ts * ts], dtype=f"V{ts}")
    for bs in BLOCKSIZES:
        # numcodecs takes the type size from the array; the frame covers
        # whole elements only, so the input is cut to them
        frame = Blosc(cname="lz4", clevel=5, shuffle=Blosc.BITSHUFFLE, blocksize=bs).encode(arr)
        cases.append({"typesize": ts, "blocksize": bs, "nbytes": arr.nbytes,
                      "frame_bytes": len(frame), "frame_sha256": hashlib.sha256(frame).hexdigest()})

with open("testdata/bitshuffle_sums.json", "w") as fh:
    json.dump({"generator": "testdata/gen_bitshuffle_sums.py", "numcodecs": numcodecs.__version__,
               "c_blosc": numcodecs.blosc.VERSION_STRING, "input": {"kind": "smooth", "nbytes": NBYTES, "seed": SEED},
               "cases": cases}, fh, indent=1)
    fh.write("\n")
