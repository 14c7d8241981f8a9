#!/usr/bin/python3
"""Generate golden vectors for numcodecs.crc32, numcodecs.adler32 and
numcodecs.fletcher32.

Run with Debian bookworm's interpreter and packages (python3-numcodecs 0.11,
python3-h5py 3.7 with HDF5 1.10.8, python3-numpy):

    /usr/bin/python3 codecs/checksum32/testdata/gen_vectors.py

It rewrites vectors.json beside this script. Inputs are made by a formula
the Go tests recompute (an LCG, as in codecs/blosc's vectors); each vector
stores the encoded bytes in hex.

- crc32 / adler32, location "start": numcodecs 0.11's CRC32 and Adler32
  encode the input (its only format).
- crc32 / adler32, location "end": numcodecs 0.14 added "location"; Debian
  has no such numcodecs, so these are built from its documented format
  (the data, then the 4-byte little-endian checksum) with Python's zlib.
- fletcher32: numcodecs 0.12 added Fletcher32, a port of HDF5's; Debian's
  0.11 lacks it. h5py writes HDF5's fletcher32 filter (id 3), whose chunks
  are numcodecs' format (the data, then the 4-byte little-endian checksum):
  each vector is a raw chunk read back with read_direct_chunk.
"""
import json
import os
import struct
import sys
import tempfile
import zlib

import h5py
import numcodecs
import numpy as np
from numcodecs import CRC32, Adler32

HERE = os.path.dirname(os.path.abspath(__file__))
assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__


def make_input(n, seed):
    """n bytes of an LCG: x = (1103515245 x + 12345) mod 2^31, byte =
    (x >> 16) % 256."""
    x = seed & 0x7FFFFFFF
    out = bytearray(n)
    for i in range(n):
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        out[i] = (x >> 16) % 256
    return bytes(out)


SIZES = [0, 1, 2, 3, 4, 7, 719, 720, 721, 1000, 4097]
vectors = []


def add(name, codec, location, n, seed, encoded, via):
    vectors.append({"name": name, "codec": codec, "location": location,
                    "input": {"nbytes": n, "seed": seed}, "via": via,
                    "encoded": encoded.hex()})


for n in SIZES:
    seed = 1000 + n
    raw = make_input(n, seed)
    for cls, name in ((CRC32, "crc32"), (Adler32, "adler32")):
        enc = bytes(cls().encode(raw))
        assert bytes(cls().decode(enc)) == raw
        add(f"{name}-start-{n}", name, "start", n, seed, enc, "numcodecs 0.11")
        fn = zlib.crc32 if name == "crc32" else zlib.adler32
        add(f"{name}-end-{n}", name, "end", n, seed, raw + struct.pack("<I", fn(raw)), "python zlib")

# fletcher32 from HDF5; HDF5 has no empty chunks
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "f.h5")
    with h5py.File(path, "w") as f:
        for n in SIZES[1:]:
            raw = make_input(n, 2000 + n)
            d = f.create_dataset(f"d{n}", shape=(n,), dtype="u1", chunks=(n,), fletcher32=True)
            d[...] = np.frombuffer(raw, dtype="u1")
    with h5py.File(path, "r") as f:
        for n in SIZES[1:]:
            mask, chunk = f[f"d{n}"].id.read_direct_chunk((0,))
            assert mask == 0 and chunk[:n] == make_input(n, 2000 + n) and len(chunk) == n + 4
            add(f"fletcher32-{n}", "fletcher32", "end", n, 2000 + n, chunk, "h5py %s / HDF5 %s" % (h5py.__version__, h5py.version.hdf5_version))

with open(os.path.join(HERE, "vectors.json"), "w") as fh:
    json.dump({"generator": "gen_vectors.py", "numcodecs": numcodecs.__version__,
               "h5py": h5py.__version__, "hdf5": h5py.version.hdf5_version,
               "python": sys.version.split()[0], "vectors": vectors}, fh, indent=1)
    fh.write("\n")
print(f"{len(vectors)} vectors")
