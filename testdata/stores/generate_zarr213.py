#!/usr/bin/python3
"""Write small Zarr v2 stores with Debian's python3-zarr 2.13 (numcodecs 0.11)
and the values zarr itself reads from them.

    /usr/bin/python3 testdata/stores/generate_zarr213.py

Output, beside this script:
  zarr213/           a directory store: a root group holding one array per case
                     (and a nested group), with consolidated metadata (.zmetadata)
  zarr213_plain/     the same arrays as a hierarchy without .zmetadata, one of them
                     written with "/" as dimension separator
  zarr213.json       per array: shape, dtype, fill, the codecs it needs, the whole
                     array as zarr reads it (C order, little-endian hex), and a few
                     regions read by zarr with their NumPy index text

The Go tests open every array through zcodec, read the whole array and the regions,
and compare bytes (NaN compared as NaN). Arrays whose codecs zcodec lacks are listed
with "needs" and skipped by the tests until the codec is registered.
"""
import io
import json
import os
import shutil

import numcodecs
import numpy as np
import zarr

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(2025)


def field(shape, dtype):
    n = int(np.prod(shape))
    v = 20 + 10 * np.sin(np.arange(n) / 3.0) + rng.normal(0, 0.25, n)
    kind = np.dtype(dtype).kind
    if kind in "iu":
        v = np.round(v * 3)
    if kind == "b":
        v = v > 20
    if kind == "c":
        v = v + 1j * v[::-1]
    return v.reshape(shape).astype(dtype)


def le_hex(a):
    a = np.ascontiguousarray(a)
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    return a.tobytes().hex()


# name, shape, chunks, dtype, fill, kwargs, needs, how to write, regions
def cases():
    out = []

    def add(name, data, chunks, fill, needs=(), write=None, regions=(), **kw):
        out.append(dict(name=name, data=data, chunks=chunks, fill=fill, needs=list(needs),
                        write=write, regions=list(regions), kw=kw))

    d = field((10, 7), "<f4")
    d[1, 2] = np.nan
    add("f4_shuffle_zlib_nan", d, (4, 4), np.nan,
        compressor=numcodecs.Zlib(level=5), filters=[numcodecs.Shuffle(elementsize=4)],
        regions=["1:3,2:6", "9", "-1,-1", "...,3"])
    add("i2_bz2_missing", field((25,), "<i2"), (10,), -9999, compressor=numcodecs.BZ2(level=9),
        write=lambda z, d: z.__setitem__(slice(0, 9), d[0:9]), regions=["5:15", "20:"])
    add("f8_lz4_bigendian", field((9,), ">f8"), (4,), 0.0, compressor=numcodecs.LZ4(), regions=["3:7"])
    add("u1_zstd", field((40, 3), "|u1"), (16, 2), 255, compressor=numcodecs.Zstd(level=3),
        regions=["10:20,1:", "39,2"])
    add("i4_gzip", field((6, 6), "<i4"), (3, 6), 0, compressor=numcodecs.GZip(level=1),
        filters=[numcodecs.Shuffle(elementsize=4)], regions=["2:5,1:4"])
    add("b1_raw", field((12,), "|b1"), (5,), False, compressor=None, regions=["4:11"])
    add("c8_zlib", field((5,), "<c8"), (5,), complex(1.5, -2), compressor=numcodecs.Zlib(level=1),
        write=lambda z, d: z.__setitem__(slice(0, 3), d[0:3]))
    add("f8_3d_edges", field((5, 6, 7), "<f8"), (2, 4, 3), -1.0, compressor=numcodecs.Zlib(level=1),
        write=lambda z, d: z.__setitem__((slice(0, 3), slice(1, 6), slice(2, 7)), d[0:3, 1:6, 2:7]),
        regions=["1:4,3:5,:", "4,5,6", "...,0"])
    add("f4_inf_fill_empty", field((8,), "<f4"), (3,), -np.inf, compressor=None,
        write=lambda z, d: z.__setitem__(slice(3, 6), [-np.inf] * 3), write_empty_chunks=False)
    add("f8_null_fill", field((4,), "<f8"), (4,), None, compressor=numcodecs.Zlib(level=1))
    add("f8_fixedscaleoffset", field((12,), "<f8"), (5,), 0.0,
        filters=[numcodecs.FixedScaleOffset(offset=20, scale=100, dtype="<f8", astype="<u2")],
        compressor=numcodecs.Zlib(level=1), regions=["2:9"])
    add("u2_order_f", field((5, 3), "<u2"), (4, 2), 7, needs=["transpose"], order="F",
        compressor=numcodecs.Zlib(level=1), regions=["1:4,1:"])
    add("f4_blosc_lz4", field((20, 4), "<f4"), (8, 4), 0.0, needs=["blosc"],
        compressor=numcodecs.Blosc(cname="lz4", clevel=5, shuffle=numcodecs.Blosc.SHUFFLE))
    add("i4_blosc_zstd_bitshuffle", field((30,), "<i4"), (16,), 0, needs=["blosc"],
        compressor=numcodecs.Blosc(cname="zstd", clevel=3, shuffle=numcodecs.Blosc.BITSHUFFLE))
    add("i4_delta", field((16,), "<i4"), (8,), 0, needs=["numcodecs.delta"],
        filters=[numcodecs.Delta(dtype="<i4")], compressor=numcodecs.Zlib(level=1))
    return out


def build(root, consolidated, slash_case):
    if os.path.exists(root):
        shutil.rmtree(root)
    store = zarr.DirectoryStore(root)
    g = zarr.group(store=store)
    g.attrs["title"] = "arrays written by zarr %s" % zarr.__version__
    sub = g.create_group("nested")
    sub.attrs["note"] = "a nested group"
    results = []
    for c in cases():
        data = c["data"]
        kw = dict(c["kw"])
        parent = g
        name = c["name"]
        if name == "u1_zstd":
            parent = sub
        if name == slash_case:
            kw["dimension_separator"] = "/"
        z = parent.create_dataset(name, shape=data.shape, chunks=c["chunks"], dtype=data.dtype,
                                  fill_value=c["fill"], **kw)
        z.attrs["units"] = "K"
        if c["write"] is None:
            z[...] = data
        else:
            c["write"](z, data)
        whole = z[...]
        regions = []
        for text in c["regions"]:
            sel = eval("np.s_[" + text + "]")
            regions.append({"region": text, "hex": le_hex(np.asarray(z[sel]))})
        npy = io.BytesIO()
        np.save(npy, np.ascontiguousarray(whole).astype(whole.dtype.newbyteorder("<")) if whole.dtype.itemsize > 1 else whole)
        npy = npy.getvalue()
        results.append({
            "path": z.path, "shape": list(data.shape), "dtype": data.dtype.str,
            "fill": None if c["fill"] is None else repr(c["fill"]), "needs": c["needs"],
            "separator": z._dimension_separator or ".", "hex": le_hex(whole), "regions": regions,
            "npy_header": npy[:len(npy) - whole.nbytes].hex(),
            "chunks_stored": sorted(k for k in os.listdir(os.path.join(root, z.path)) if not k.startswith("."))
            if (z._dimension_separator or ".") == "." else None,
        })
    if consolidated:
        zarr.consolidate_metadata(store)
    return results


arrays = build(os.path.join(here, "zarr213"), True, None)
plain = build(os.path.join(here, "zarr213_plain"), False, "f8_3d_edges")
with open(os.path.join(here, "zarr213.json"), "w") as f:
    json.dump({"generator": "testdata/stores/generate_zarr213.py",
               "peers": "zarr %s, numcodecs %s, numpy %s" % (zarr.__version__, numcodecs.__version__, np.__version__),
               "stores": {"zarr213": arrays, "zarr213_plain": plain}}, f, indent=1)
    f.write("\n")
print("wrote", len(arrays), "arrays twice")
