#!/usr/bin/python3
"""Generate numcodecs golden vectors for zcodec's bytes->bytes codecs.

Run with Debian's interpreter and packages (python3-numcodecs 0.11,
python3-numpy), from any directory:

    /usr/bin/python3 testdata/numcodecs/gen_vectors.py

It rewrites vectors.json and the *.bin files beside this script. Each
vector records the numcodecs codec and configuration that produced it, the
Zarr v3 codec JSON zcodec reads it with, the decoded bytes (a file, or for
large inputs a formula that the Go tests recompute: see "ramp" below) and
the encoded bytes numcodecs wrote (zlib-compressed by Python when larger
than 64 KiB, flagged "encoded_zlib"). Go tests decode every vector and compare
with the input; for deterministic formats (shuffle, lz4) they also check
that zcodec's encoding is byte-identical.

ramp: element i of a 1-D array of the given dtype is
    float32/float64: 100 + (i % 1024) * 0.0625 + (i // 1024)
    int16:           (i % 1000) - 500
    uint8:           (i * 7) % 256
all exact in both languages.
"""
import bz2 as pybz2
import gzip as pygzip
import hashlib
import json
import os
import sys
import zlib as pyzlib

import numcodecs
import numpy as np
from numcodecs import BZ2, LZ4, GZip, Shuffle, Zlib, Zstd

HERE = os.path.dirname(os.path.abspath(__file__))
assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__

vectors = []
files = {}


def ramp(dtype, n):
    i = np.arange(n, dtype=np.int64)
    if dtype in ("float32", "float64"):
        a = 100 + (i % 1024) * 0.0625 + (i // 1024)
    elif dtype == "int16":
        a = (i % 1000) - 500
    elif dtype == "uint8":
        a = (i * 7) % 256
    else:
        raise ValueError(dtype)
    return a.astype("<" + np.dtype(dtype).str[1:])


def random_input(dtype, n, seed):
    rng = np.random.default_rng(seed)
    if dtype.startswith("float"):
        # a smooth field with noise: realistic, compressible after shuffle
        x = np.linspace(0, 20, n)
        a = 273.15 + 20 * np.sin(x) + rng.normal(0, 0.05, n)
    elif dtype.startswith("complex"):
        a = rng.normal(0, 1, n) + 1j * rng.normal(0, 1, n)
    elif dtype.startswith("int") or dtype.startswith("uint"):
        a = rng.poisson(5, n)
    else:
        raise ValueError(dtype)
    return a.astype("<" + np.dtype(dtype).str[1:])


def save(data):
    """Store bytes in a content-addressed file and return its name."""
    name = hashlib.sha256(data).hexdigest()[:16] + ".bin"
    files[name] = bytes(data)
    return name


def add(name, nc, zarr, dtype, arr=None, ramp_n=None, encoded=None, decoded=None, note=""):
    if arr is None and ramp_n is not None:
        arr = ramp(dtype, ramp_n)
    raw = arr.tobytes() if decoded is None else decoded
    enc = nc.encode(raw) if encoded is None else encoded
    enc = bytes(enc)
    # numcodecs must decode its own bytes back (except where noted)
    if not (isinstance(nc, (LZ4, Zstd)) and len(raw) == 0):
        back = bytes(nc.decode(enc))
        assert back == raw, name
    v = {
        "name": name,
        "numcodecs": nc.get_config(),
        "zarr": zarr,
        "dtype": dtype,
        "decoded_len": len(raw),
    }
    if len(enc) <= 64 << 10:
        v["encoded"] = save(enc)
    else:
        # keep the repository small: store large outputs zlib-compressed
        # (Python's zlib, level 9); Go tests inflate them with compress/zlib
        v["encoded"] = save(pyzlib.compress(enc, 9))
        v["encoded_zlib"] = True
        v["encoded_sha256"] = hashlib.sha256(enc).hexdigest()
    if ramp_n is not None:
        v["ramp"] = ramp_n
    else:
        v["decoded"] = save(raw)
    if note:
        v["note"] = note
    vectors.append(v)


MIB = 1 << 20

# --- shuffle: several dtypes, sizes and elementsizes -------------------------
for dtype, n, es in [
    ("uint8", 0, 1), ("int16", 1, 2), ("int16", 1001, 2), ("float32", 1001, 4),
    ("float64", 999, 8), ("complex64", 77, 8), ("complex128", 33, 16),
    ("float32", 1001, 1), ("float32", 1002, 8), ("int16", 999, 3 * 2 // 2 + 1),
]:
    if dtype.startswith("complex"):
        arr = random_input(dtype, n, n)
    elif dtype == "uint8":
        arr = np.zeros(n, dtype="u1")
    else:
        arr = random_input(dtype, n, n)
    if len(arr.tobytes()) % max(es, 1):
        continue
    add(f"shuffle-{dtype}-{n}-es{es}", Shuffle(elementsize=es),
        {"name": "numcodecs.shuffle", "configuration": {"elementsize": es}}, dtype, arr)
for dtype, es in [("float32", 4), ("float64", 8)]:
    add(f"shuffle-{dtype}-1MiB-es{es}", Shuffle(elementsize=es),
        {"name": "numcodecs.shuffle", "configuration": {"elementsize": es}}, dtype,
        ramp_n=MIB // np.dtype(dtype).itemsize)
# the element size taken from the data type (D13)
add("shuffle-float64-100-dtype", Shuffle(elementsize=8), {"name": "numcodecs.shuffle"},
    "float64", random_input("float64", 100, 5))

# --- compressors -------------------------------------------------------------
def compressor_cases(prefix, make, zarr_of, levels):
    for level in levels:
        nc, zarr = make(level), zarr_of(level)
        add(f"{prefix}-l{level}-empty", nc, zarr, "uint8", np.zeros(0, dtype="u1"))
        add(f"{prefix}-l{level}-int16-1", nc, zarr, "int16", random_input("int16", 1, 1))
        add(f"{prefix}-l{level}-float32-1001", nc, zarr, "float32", random_input("float32", 1001, 2))
        add(f"{prefix}-l{level}-float64-777", nc, zarr, "float64", random_input("float64", 777, 3))
        shuf = Shuffle(elementsize=4).encode(random_input("float32", 1001, 2).tobytes())
        add(f"{prefix}-l{level}-float32-1001-shuffled", nc, zarr, "float32", decoded=bytes(shuf))
    level = levels[-1]
    add(f"{prefix}-l{level}-float32-1MiB", make(level), zarr_of(level), "float32", ramp_n=MIB // 4)


compressor_cases("zlib", lambda l: Zlib(level=l),
                 lambda l: {"name": "numcodecs.zlib", "configuration": {"level": l}}, [-1, 1, 9])
compressor_cases("gzip", lambda l: GZip(level=l),
                 lambda l: {"name": "gzip", "configuration": {"level": l}}, [0, 1, 9])
compressor_cases("bz2", lambda l: BZ2(level=l),
                 lambda l: {"name": "numcodecs.bz2", "configuration": {"level": l}}, [1, 9])
compressor_cases("lz4", lambda a: LZ4(acceleration=a),
                 lambda a: {"name": "numcodecs.lz4", "configuration": {"acceleration": a}}, [1, 10])
compressor_cases("zstd", lambda l: Zstd(level=l),
                 lambda l: {"name": "zstd", "configuration": {"level": l, "checksum": False}}, [1, 5, 19])

# --- leniencies numcodecs has on reading (D12) --------------------------------
raw = random_input("float32", 100, 9).tobytes()
z = bytes(Zlib(1).encode(raw))
add("zlib-trailing-bytes", Zlib(1), {"name": "numcodecs.zlib", "configuration": {"level": 1}},
    "float32", encoded=z + b"trailing garbage", decoded=raw, note="numcodecs ignores bytes after the stream")
half = len(raw) // 2
g = pygzip.compress(raw[:half], 1) + pygzip.compress(raw[half:], 9)
add("gzip-two-members", GZip(1), {"name": "numcodecs.gzip"},
    "float32", encoded=g, decoded=raw, note="two gzip members")
add("gzip-zero-padding", GZip(1), {"name": "numcodecs.gzip", "configuration": {"level": 1}},
    "float32", encoded=pygzip.compress(raw, 1) + b"\0" * 7, decoded=raw, note="zero bytes after the member")
b = pybz2.compress(raw[:half], 1) + pybz2.compress(raw[half:], 9)
add("bz2-two-streams", BZ2(1), {"name": "numcodecs.bz2", "configuration": {"level": 1}},
    "float32", encoded=b, decoded=raw, note="two concatenated bzip2 streams")
add("bz2-trailing-bytes", BZ2(1), {"name": "numcodecs.bz2", "configuration": {"level": 1}},
    "float32", encoded=pybz2.compress(raw, 1) + b"not bzip2 data", decoded=raw,
    note="numcodecs ignores bytes after the last stream")
add("lz4-empty", LZ4(1), {"name": "numcodecs.lz4", "configuration": {"acceleration": 1}},
    "uint8", decoded=b"", note="numcodecs writes but cannot read the empty chunk")

# --- rejected inputs: numcodecs raises on each of these -----------------------
rejects = []


def reject(name, nc, zarr, decoded_len, enc, dtype="float32"):
    try:
        out = nc.decode(enc)
        ok = len(out) == decoded_len
    except Exception:
        ok = False
    assert not ok, name
    rejects.append({"name": name, "zarr": zarr, "dtype": dtype, "decoded_len": decoded_len, "encoded": save(enc)})


zl = {"name": "numcodecs.zlib", "configuration": {"level": 1}}
reject("zlib-truncated", Zlib(1), zl, len(raw), z[:-5])
reject("zlib-bad-adler", Zlib(1), zl, len(raw), z[:-1] + bytes([z[-1] ^ 1]))
gz = {"name": "gzip", "configuration": {"level": 1}}
g1 = pygzip.compress(raw, 1)
reject("gzip-truncated", GZip(1), gz, len(raw), g1[:-9])
reject("gzip-bad-crc", GZip(1), gz, len(raw), g1[:-8] + bytes([g1[-8] ^ 1]) + g1[-7:])
reject("gzip-trailing-garbage", GZip(1), gz, len(raw), g1 + b"xyzw")
bz = {"name": "numcodecs.bz2", "configuration": {"level": 1}}
b1 = pybz2.compress(raw, 1)
reject("bz2-truncated", BZ2(1), bz, len(raw), b1[:-3])
reject("bz2-corrupt", BZ2(1), bz, len(raw), b1[:40] + bytes([b1[40] ^ 0x10]) + b1[41:])
l4 = {"name": "numcodecs.lz4", "configuration": {"acceleration": 1}}
e4 = bytes(LZ4(1).encode(raw))
reject("lz4-truncated", LZ4(1), l4, len(raw), e4[:-3])
reject("lz4-header-2GiB", LZ4(1), l4, len(raw), (2 << 30).to_bytes(4, "little") + e4[4:])
reject("lz4-header-short", LZ4(1), l4, len(raw), (len(raw) - 4).to_bytes(4, "little") + e4[4:])
zs = {"name": "zstd", "configuration": {"level": 1, "checksum": False}}
e5 = bytes(Zstd(1).encode(raw))
reject("zstd-truncated", Zstd(1), zs, len(raw), e5[:-3])

# --- write --------------------------------------------------------------------
for f in os.listdir(HERE):
    if f.endswith(".bin"):
        os.remove(os.path.join(HERE, f))
for name, data in files.items():
    with open(os.path.join(HERE, name), "wb") as fh:
        fh.write(data)
with open(os.path.join(HERE, "vectors.json"), "w") as fh:
    json.dump({"generator": "gen_vectors.py", "numcodecs": numcodecs.__version__,
               "numpy": np.__version__, "python": sys.version.split()[0],
               "zlib": pyzlib.ZLIB_RUNTIME_VERSION,
               "vectors": vectors, "rejects": rejects}, fh, indent=1)
    fh.write("\n")
total = sum(len(d) for d in files.values())
print(f"{len(vectors)} vectors, {len(rejects)} rejects, {len(files)} files, {total} bytes")
