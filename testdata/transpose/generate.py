#!/usr/bin/python3
"""Generate golden vectors for the Zarr v3 transpose codec.

zarr-python 3 encodes a chunk with chunk.transpose(order) and decodes with
the inverse permutation, np.argsort(order); the encoded shape is
shape[order[k]] for each k. This script records NumPy's (Debian's NumPy
1.24) result for several shapes, orders and element sizes:

    /usr/bin/python3 generate.py > vectors.json

"input" holds the decoded chunk (C order, little-endian elements, hex),
"encoded" np.ascontiguousarray(np.transpose(input, order)).
"""
import json
import sys

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__

rng = np.random.default_rng(11)
cases = []
for dtype, shape, order in [
    ("|u1", (3, 5), (1, 0)),
    ("<i2", (4, 3, 2), (2, 1, 0)),
    ("<f4", (2, 3, 4), (0, 2, 1)),
    ("<f4", (2, 3, 4), (1, 2, 0)),
    ("<f8", (2, 3, 4, 5), (3, 1, 0, 2)),
    ("<c16", (3, 4), (1, 0)),
    ("|b1", (2, 1, 5), (2, 0, 1)),
    ("<u4", (1, 7, 1, 3), (3, 2, 1, 0)),
    ("<i8", (5,), (0,)),
    ("<f4", (2, 2, 2, 2, 3), (4, 0, 3, 1, 2)),
    ("<u2", (17, 33), (1, 0)),
    ("<f4", (6, 70, 9), (1, 0, 2)),
]:
    n = int(np.prod(shape))
    if dtype == "|b1":
        a = rng.integers(0, 2, n).astype(bool).reshape(shape)
    elif dtype == "<c16":
        a = (rng.normal(size=n) + 1j * rng.normal(size=n)).reshape(shape)
    else:
        a = (rng.integers(0, 250, n)).astype(dtype).reshape(shape)
    enc = np.ascontiguousarray(np.transpose(a, order))
    back = np.transpose(enc, np.argsort(order))
    assert (back == a).all()
    cases.append({
        "dtype": np.dtype(dtype).str,
        "shape": list(shape),
        "order": list(order),
        "encoded_shape": list(enc.shape),
        "input": a.tobytes().hex(),
        "encoded": enc.tobytes().hex(),
    })
json.dump({"generator": "numpy " + np.__version__, "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
