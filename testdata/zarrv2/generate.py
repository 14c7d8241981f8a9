#!/usr/bin/python3
"""Generate testdata/zarrv2/vectors.json from Zarr v2 arrays written by
Debian's python3-zarr 2.13 with python3-numcodecs 0.11 codecs, and by
Debian's netcdf-c 4.9.0 (ncgen) as NCZarr.

    /usr/bin/python3 testdata/zarrv2/generate.py

For every case the vector keeps the .zarray text exactly as written (and
the .zattrs text when there is one), every stored chunk (key, bytes) and,
per chunk, the full decoded chunk as zarr itself decodes it (numpy C order,
little-endian, edge chunks padded as stored). The Go test converts the
.zarray to zarr.json and decodes every chunk through the resulting chain;
a case whose codecs are not all registered in zcodec is skipped with a
message naming the codec. Output is reproducible except the gzip chunks,
whose header carries the write time (MTIME), so the tests compare them by
decoding only.
"""
import json
import os
import shutil
import subprocess
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


def stored_chunks(d, z):
    """Every chunk file under d with zarr's own decoding of it."""
    out = []
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
        arr = np.frombuffer(bytes(np.ascontiguousarray(buf)), dtype=z.dtype).reshape(z.chunks, order=z.order)
        le = np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"))
        out.append({"key": key, "data": raw.hex(), "expected": le.tobytes().hex()})
    return out


def case(name, data, chunks, note, **kw):
    d = tempfile.mkdtemp()
    store = zarr.DirectoryStore(d)
    z = zarr.create(shape=data.shape, chunks=chunks, dtype=data.dtype, store=store, **kw)
    z[...] = data
    zarray = open(os.path.join(d, ".zarray")).read()
    v = {"name": name, "note": note, "zarray": zarray, "chunks": stored_chunks(d, z)}
    shutil.rmtree(d)
    return v


CDL = """netcdf t {
dimensions:
  x = 6 ; y = 4 ;
variables:
  float v(x, y) ;
    v:_FillValue = -999.f ;
    v:_ChunkSizes = 3, 4 ;
    v:units = "K" ;
  int w(x) ;
data:
  v = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,_,21,22,23,24 ;
  w = 1,2,3,4,5,6 ;
}
"""


def nczarr_cases():
    """Arrays netcdf-c writes as NCZarr: its .zarray has _NCZARR_ARRAY and
    its .zattrs _NCZARR_ATTR."""
    d = tempfile.mkdtemp()
    cdl = os.path.join(d, "t.cdl")
    open(cdl, "w").write(CDL)
    path = os.path.join(d, "t.zarr")
    subprocess.run(["ncgen", "-k", "nc4", "-o", "file://" + path + "#mode=nczarr,file", cdl], check=True)
    out = []
    for var in ["v", "w"]:
        vd = os.path.join(path, var)
        z = zarr.open(vd, mode="r")
        out.append({"name": "nczarr_" + var, "note": "netcdf-c 4.9.0 ncgen, mode=nczarr",
                    "zarray": open(os.path.join(vd, ".zarray")).read(),
                    "zattrs": open(os.path.join(vd, ".zattrs")).read(),
                    "chunks": stored_chunks(vd, z)})
    shutil.rmtree(d)
    return out


def ncgen_version():
    """The netcdf-c version ncgen writes into _NCProperties."""
    d = tempfile.mkdtemp()
    open(os.path.join(d, "t.cdl"), "w").write("netcdf t { }")
    subprocess.run(["ncgen", "-k", "nc4", "-o", "file://" + d + "/t.zarr#mode=nczarr,file", d + "/t.cdl"], check=True)
    props = json.load(open(os.path.join(d, "t.zarr", ".zattrs")))["_NCProperties"]
    shutil.rmtree(d)
    return props


B = numcodecs.Blosc
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
    case("u2_order_f", smooth((5, 3), "<u2"), (4, 2), "order F (transpose), Zlib(1)",
         compressor=numcodecs.Zlib(level=1), order="F", fill_value=7),
    case("f8_null_fill", smooth((4,), "<f8"), (4,), "fill_value null",
         compressor=numcodecs.Zlib(level=1), fill_value=None),
    # Blosc: every inner compressor, every shuffle, several item sizes
    case("f4_blosc", smooth((8,), "<f4"), (8,), "Blosc lz4 byte shuffle",
         compressor=B(cname="lz4", clevel=5, shuffle=1), fill_value=0),
    case("f8_blosc_zstd_bitshuffle", smooth((30,), "<f8"), (16,), "Blosc zstd bit-shuffle, fill NaN",
         compressor=B(cname="zstd", clevel=3, shuffle=2), fill_value=np.nan),
    case("i2_blosc_blosclz_noshuffle", smooth((50,), "<i2"), (20,), "Blosc blosclz no shuffle",
         compressor=B(cname="blosclz", clevel=9, shuffle=0), fill_value=-1),
    case("u1_blosc_autoshuffle", smooth((64,), "|u1"), (64,), "Blosc AUTOSHUFFLE on one-byte items (bit-shuffle)",
         compressor=B(cname="lz4hc", clevel=5, shuffle=-1), fill_value=0),
    case("f4_blosc_autoshuffle", smooth((6, 5), "<f4"), (4, 5), "Blosc AUTOSHUFFLE on float32 (byte shuffle), zlib",
         compressor=B(cname="zlib", clevel=1, shuffle=-1), fill_value=np.nan),
    case("i8_blosc_snappy_blocksize", smooth((300,), "<i8"), (256,), "Blosc snappy, blocksize 256",
         compressor=B(cname="snappy", clevel=5, shuffle=1, blocksize=256), fill_value=0),
    case("f4_order_f_blosc", smooth((4, 3, 5), "<f4"), (3, 2, 4), "order F rank 3 + Blosc",
         compressor=B(cname="lz4", clevel=5, shuffle=1), order="F", fill_value=np.nan),
    # numcodecs filters
    case("i4_delta", smooth((8,), "<i4"), (8,), "Delta filter",
         compressor=None, filters=[numcodecs.Delta(dtype="<i4")], fill_value=0),
    case("i8_delta_astype_zlib", smooth((20,), "<i8"), (8,), "Delta to int16, Zlib",
         compressor=numcodecs.Zlib(level=1), filters=[numcodecs.Delta(dtype="<i8", astype="<i2")], fill_value=0),
    case("f8_quantize", smooth((12,), "<f8"), (5,), "Quantize(2 digits), fill NaN",
         compressor=numcodecs.Zstd(level=1), filters=[numcodecs.Quantize(digits=2, dtype="<f8")], fill_value=np.nan),
    case("f4_quantize_astype_f2", smooth((10,), "<f4"), (10,), "Quantize(1 digit) to float16",
         compressor=None, filters=[numcodecs.Quantize(digits=1, dtype="<f4", astype="<f2")], fill_value=0),
    case("f4_bitround", smooth((16,), "<f4"), (8,), "BitRound(5), Blosc",
         compressor=B(cname="lz4", clevel=5, shuffle=1), filters=[numcodecs.BitRound(keepbits=5)], fill_value=np.nan),
    case("b1_packbits", smooth((21,), "|b1"), (10,), "PackBits on bool",
         compressor=None, filters=[numcodecs.PackBits()], fill_value=False),
    case("f8_astype_f4", smooth((9,), "<f8"), (4,), "AsType float64 stored as float32",
         compressor=numcodecs.Zlib(level=1), filters=[numcodecs.AsType(encode_dtype="<f4", decode_dtype="<f8")], fill_value=0),
    case("f8_fixedscaleoffset_nan", smooth((12,), "<f8"), (6,), "FixedScaleOffset to uint8, fill NaN",
         compressor=numcodecs.Zlib(level=1),
         filters=[numcodecs.FixedScaleOffset(offset=100, scale=2, dtype="<f8", astype="|u1")], fill_value=np.nan),
    case("be_i4_fixedscaleoffset_u2", smooth((10,), ">i4"), (5,), "FixedScaleOffset big-endian int32 to big-endian uint16",
         compressor=None,
         filters=[numcodecs.FixedScaleOffset(offset=40, scale=1, dtype=">i4", astype=">u2")], fill_value=0),
] + nczarr_cases()

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "vectors.json"), "w") as f:
    json.dump({"generator": "testdata/zarrv2/generate.py",
               "peers": "zarr %s, numcodecs %s, numpy %s, netcdf-c ncgen (%s)" % (
                   zarr.__version__, numcodecs.__version__, np.__version__, ncgen_version()),
               "cases": cases}, f, indent=1)
    f.write("\n")
print("wrote", len(cases))
