#!/usr/bin/python3
"""Generate bytes_vectors.json: the same elements in little- and big-endian
byte order, as numpy writes them.

For each numpy dtype, 16 elements are taken from seeded random bytes (so
every bit pattern class appears: NaN payloads, subnormals, negative zero),
and written with ndarray.astype('<' + code).tobytes() and
ndarray.astype('>' + code).tobytes(). bfloat16 has no numpy dtype and is
not covered here.

Run with Debian's numpy: /usr/bin/python3 gen_bytes_vectors.py
"""
import json
import numpy as np

rng = np.random.default_rng(20261122)
types = {
    "bool": "b1", "int8": "i1", "int16": "i2", "int32": "i4", "int64": "i8",
    "uint8": "u1", "uint16": "u2", "uint32": "u4", "uint64": "u8",
    "float16": "f2", "float32": "f4", "float64": "f8",
    "complex64": "c8", "complex128": "c16",
}
out = {"generator": "numpy " + np.__version__, "vectors": {}}
for name, code in types.items():
    dt = np.dtype("<" + code)
    if name == "bool":
        arr = rng.integers(0, 2, 16).astype("<b1")
    else:
        arr = np.frombuffer(rng.bytes(16 * dt.itemsize), dtype=dt)
    le = arr.astype("<" + code).tobytes()
    be = arr.astype(">" + code).tobytes()
    # astype must keep every bit (NaN payloads included)
    assert np.frombuffer(be, dtype=">" + code).astype("<" + code).tobytes() == le
    out["vectors"][name] = {"le": le.hex(), "be": be.hex()}
with open("bytes_vectors.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
