#!/usr/bin/python3
"""Decode chunks that zcodec encoded with advised chains, with numcodecs.

    /usr/bin/python3 testdata/advise/numcodecs_decode.py --dir DIR

DIR holds manifest.json (written by the advisor's TestNumcodecsDecodesAdvisedChains):
a list of entries {"name", "codecs" (the chain's Zarr v3 "codecs" array),
"data_type", "shape", "encoded", "decoded"}, where "encoded" is the file of
the stored chunk and "decoded" the file of what zcodec decodes it to.

Each chain is decoded as zarr-python 3 decodes it, with numcodecs' codecs
called as its numcodecs.zarr3 wrappers call them: the bytes->bytes codecs
(blosc, zstd, gzip and the numcodecs ones) by numcodecs' decode; the bytes
codec as a view of the bytes in its byte order, reshaped to the chunk; each
numcodecs filter's decode on that array, reshaped to the chunk; transpose
as a transposed view. numcodecs has no cast_value or scale_offset: they are
decoded here in NumPy as their specifications say (zarr-extensions:
cast_value's scalar_map first, then the cast; scale_offset's x / scale +
offset in the array's data type). The result must equal zcodec's decoded
chunk bit for bit (NaN for NaN). Exit status 1 on any difference.
"""

import argparse
import json
import os
import sys

import numcodecs
import numpy as np

DTYPES = {"float16": "f2", "float32": "f4", "float64": "f8", "int8": "i1", "int16": "i2", "int32": "i4",
          "int64": "i8", "uint8": "u1", "uint16": "u2", "uint32": "u4", "uint64": "u8"}

BYTES_CODECS = {
    "zstd": lambda c: numcodecs.Zstd(level=c.get("level", 0)),
    "numcodecs.zstd": lambda c: numcodecs.Zstd(level=c.get("level", 0)),
    "gzip": lambda c: numcodecs.GZip(level=c.get("level", 5)),
    "numcodecs.gzip": lambda c: numcodecs.GZip(level=c.get("level", 5)),
    "numcodecs.zlib": lambda c: numcodecs.Zlib(level=c.get("level", 1)),
    "numcodecs.bz2": lambda c: numcodecs.BZ2(level=c.get("level", 1)),
    "numcodecs.lz4": lambda c: numcodecs.LZ4(acceleration=c.get("acceleration", 1)),
    "numcodecs.shuffle": lambda c: numcodecs.Shuffle(elementsize=c.get("elementsize", 4)),
    "blosc": lambda c: numcodecs.Blosc(),  # a blosc frame describes itself
    "numcodecs.blosc": lambda c: numcodecs.Blosc(),
}

FILTERS = {
    "numcodecs.delta": lambda c: numcodecs.Delta(dtype=c["dtype"], astype=c.get("astype")),
    "numcodecs.bitround": lambda c: numcodecs.BitRound(keepbits=c["keepbits"]),
    "numcodecs.quantize": lambda c: numcodecs.Quantize(digits=c["digits"], dtype=c["dtype"], astype=c.get("astype")),
}


def scalar(v, dt):
    if isinstance(v, str):
        return {"NaN": np.nan, "Infinity": np.inf, "-Infinity": -np.inf}[v]
    return v


def decode(entry, data):
    codecs = entry["codecs"]
    dt = np.dtype(DTYPES[entry["data_type"]])
    shape = list(entry["shape"])
    # the data type and shape each array->array codec sees, front to back
    specs = []
    cur_dt, cur_shape = dt, shape
    k = 0
    while codecs[k]["name"] != "bytes":
        c = codecs[k]
        specs.append((cur_dt, cur_shape))
        cfg = c.get("configuration", {})
        if c["name"] == "cast_value":
            cur_dt = np.dtype(DTYPES[cfg["data_type"]])
        elif c["name"] == "transpose":
            cur_shape = [cur_shape[i] for i in cfg["order"]]
        elif c["name"] == "numcodecs.delta" and cfg.get("astype"):
            cur_dt = np.dtype(cfg["astype"]).newbyteorder("=")
        k += 1
    endian = codecs[k].get("configuration", {}).get("endian", "little")
    buf = data
    for c in reversed(codecs[k + 1:]):
        buf = BYTES_CODECS[c["name"]](c.get("configuration", {})).decode(buf)
    arr = np.frombuffer(bytes(buf), dtype=cur_dt.newbyteorder("<" if endian == "little" else ">")).reshape(cur_shape)
    for i in reversed(range(k)):
        c = codecs[i]
        cfg = c.get("configuration", {})
        in_dt, in_shape = specs[i]
        name = c["name"]
        if name in FILTERS:
            arr = FILTERS[name](cfg).decode(arr).reshape(in_shape)
        elif name == "transpose":
            arr = arr.transpose(np.argsort(cfg["order"]))
        elif name == "cast_value":
            out = arr.astype(in_dt)
            for code, value in cfg.get("scalar_map", {}).get("decode", []):
                out[arr == code] = scalar(value, in_dt)
            arr = out
        elif name == "scale_offset":
            off = in_dt.type(cfg.get("offset", 0))
            scale = in_dt.type(cfg.get("scale", 1))
            with np.errstate(invalid="ignore"):
                arr = (arr.astype(in_dt) / scale + off).astype(in_dt)
        else:
            raise ValueError("no decoder here for %s" % name)
    return np.ascontiguousarray(arr.astype(dt.newbyteorder("<")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True)
    args = ap.parse_args()
    with open(os.path.join(args.dir, "manifest.json")) as f:
        entries = json.load(f)
    bad = 0
    for e in entries:
        with open(os.path.join(args.dir, e["encoded"]), "rb") as f:
            enc = f.read()
        want = np.fromfile(os.path.join(args.dir, e["decoded"]), dtype=np.dtype(DTYPES[e["data_type"]]).newbyteorder("<"))
        try:
            got = decode(e, enc).ravel()
        except Exception as err:  # report every failure, not only the first
            print("FAIL %s: %s: %s" % (e["name"], type(err).__name__, err))
            bad += 1
            continue
        same = got.tobytes() == want.tobytes() or (
            got.shape == want.shape and np.array_equal(got, want, equal_nan=True))
        if not same:
            n = int(np.sum(~((got == want) | (np.isnan(got) & np.isnan(want))))) if got.shape == want.shape else -1
            print("FAIL %s: %d elements differ" % (e["name"], n))
            bad += 1
    print("numcodecs %s decoded %d of %d chains as zcodec does" % (numcodecs.__version__, len(entries) - bad, len(entries)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
