#!/usr/bin/env python3
"""Writes numcodecs.json: bool chunks and their encoding by numcodecs 0.11
PackBits (a padding count, then the bits, first element in the most
significant bit, as np.packbits packs), and np.packbits with
bitorder="little" of the same chunk (first element in the least
significant bit). Run with the Debian python3 (numcodecs 0.11):
/usr/bin/python3 gen_numcodecs.py > numcodecs.json
"""
import json

import numcodecs
import numpy as np

rng = np.random.default_rng(21)
cases = []
for n in (1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200):
    for density in (0.0, 0.5, 1.0):
        arr = rng.random(n) < density
        enc = numcodecs.PackBits().encode(arr)
        assert (numcodecs.PackBits().decode(enc) == arr).all()
        cases.append({
            "n": n,
            "decoded": arr.astype("u1").tobytes().hex(),
            "numcodecs": bytes(enc).hex(),
            "little": np.packbits(arr, bitorder="little").tobytes().hex(),
        })
print(json.dumps({"numcodecs": numcodecs.__version__, "cases": cases}, indent=0))
