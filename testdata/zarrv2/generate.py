#!/usr/bin/python3
"""Generate testdata/zarrv2/vectors.json from Zarr v2 arrays written by
Debian's python3-zarr 2.13 with python3-numcodecs 0.11 codecs.

    /usr/bin/python3 testdata/zarrv2/generate.py

For every case zarr writes an array into a directory store; the vector keeps
its .zarray text exactly as written, every stored chunk (key, bytes) and, per
chunk, the full decoded chunk as zarr itself decodes it (numpy C order,
little-endian, edge chunks padded as stored). The Go test converts the
.zarray to zarr.json and decodes every chunk through the resulting chain.
Output is reproducible except the gzip chunks, whose header carries the
write time (MTIME), so the tests compare them by decoding only.
"""
import json
import os
import tempfile

import numcodecs
import numpy as np
import zarr

rng = np.random.default_rng(7)


def smooth(shape, dtype):
    n = int(np.prod(shape))
    v = 100 + 50 * np.sin(np.arange(n) / 5.0) + rng.normal(0, 0.5, n)
    if np.dtype(dtype).kind in "iu":
        v = np.round(v)
    if np.dtype(dtype).kind == "b":
        v = v > 100
    if np.dtype(dtype).kind == "c":
        v = v + 1j * v[::-1]
    return v.reshape(shape).astype(dtype)


def case(name, data, chunks, note, **kw):
    d = tempfile.mkdtemp()
    store = zarr.DirectoryStore(d)
    z = zarr.create(shape=data.shape, chunks=chunks, dtype=data.dtype, store=store, **kw)
    z[...] = data
    zarray = open(os.path.join(d, ".zarray")).read()
    chunks_out = []
    for key in sorted(os.listdir(d)):
        if key.startswith("."):
            continue
        raw = open(os.path.join(d, key), "rb").read()
        # decode the stored chunk the way zarr does, independently of the array
        buf = raw
        if z.compressor is not None:
            buf = z.compressor.decode(buf)
        for flt in reversed(z.filters or []):
            buf = flt.decode(buf)
        arr = np.frombuffer(bytes(buf), dtype=z.dtype).reshape(z.chunks, order=z.order)
        le = np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"))
        chunks_out.append({"key": key, "data": raw.hex(), "expected": le.tobytes().hex()})
    return {"name": name, "note": note, "zarray": zarray, "chunks": chunks_out}


cases = [
    case("f4_shuffle_zlib", smooth((10, 7), "<f4"), (4, 4), "Shuffle filter + Zlib(5), fill NaN",
         compressor=numcodecs.Zlib(level=5), filters=[numcodecs.Shuffle(elementsize=4)], fill_value=np.nan),
    case("i2_bz2_xarray_fill", smooth((25,), "<i2"), (10,), "BZ2(9), fill -9999 as xarray writes _FillValue",
         compressor=numcodecs.BZ2(level=9), fill_value=-9999),
    case("be_f8_lz4", smooth((9,), ">f8"), (4,), "LZ4 on big-endian float64, fill 0",
         compressor=numcodecs.LZ4(), fill_value=0.0),
    case("u1_zstd", smooth((40,), "|u1"), (16,), "Zstd(3) on uint8, fill 255",
         compressor=numcodecs.Zstd(level=3), fill_value=255),
    case("i4_gzip_shuffle", smooth((6, 6), "<i4"), (3, 6), "Shuffle + GZip(1)",
         compressor=numcodecs.GZip(level=1), filters=[numcodecs.Shuffle(elementsize=4)], fill_value=0),
    case("b1_none", smooth((12,), "|b1"), (5,), "bool, no compressor, fill false",
         compressor=None, fill_value=False),
    case("c8_zlib", smooth((5,), "<c8"), (5,), "complex64, Zlib(1), complex fill",
         compressor=numcodecs.Zlib(level=1), fill_value=complex(1.5, -2)),
    case("f4_inf_fill", smooth((5,), "<f4"), (3,), "fill -Infinity, no compressor",
         compressor=None, fill_value=-np.inf),
    case("u2_order_f", smooth((5, 3), "<u2"), (4, 2), "order F (needs transpose), Zlib(1)",
         compressor=numcodecs.Zlib(level=1), order="F", fill_value=7),
    case("f8_null_fill", smooth((4,), "<f8"), (4,), "fill_value null",
         compressor=numcodecs.Zlib(level=1), fill_value=None),
    case("f4_blosc", smooth((8,), "<f4"), (8,), "Blosc: no zcodec codec",
         compressor=numcodecs.Blosc(cname="lz4", clevel=5, shuffle=1), fill_value=0),
    case("i4_delta", smooth((8,), "<i4"), (8,), "Delta filter: no zcodec codec",
         compressor=None, filters=[numcodecs.Delta(dtype="<i4")], fill_value=0),
]

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "vectors.json"), "w") as f:
    json.dump({"generator": "testdata/zarrv2/generate.py",
               "peers": "zarr %s, numcodecs %s, numpy %s" % (zarr.__version__, numcodecs.__version__, np.__version__),
               "cases": cases}, f, indent=1)
    f.write("\n")
print("wrote", len(cases))
