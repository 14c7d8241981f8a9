#!/usr/bin/python3
"""Write a small Zarr v2 store of string and byte-string arrays with Debian's
python3-zarr 2.13 (numcodecs 0.11), and the values zarr reads from them.

    /usr/bin/python3 testdata/stores/generate_zarr213_strings.py

Output, beside this script:
  zarr213_strings/       a directory store: one array per case (object arrays
                         with each object codec, <U n, >U n, |S n, |V n,
                         Categorize of both), some
                         chunks left unwritten
  zarr213_strings.json   per array: path, kind ("text" or "bytes"), shape, and
                         every element as zarr reads it, in C order (text as
                         strings, bytes in base64)

zarr reads the elements of missing chunks of an object array as its fill
value, the integer 0; numcodecs stores 0 and None as empty, and zcodec reads
them as the empty string, which the vector records instead.
"""
import base64
import json
import os
import shutil

import numcodecs
import numpy as np
import zarr

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "zarr213_strings")
shutil.rmtree(root, ignore_errors=True)
g = zarr.open_group(zarr.DirectoryStore(root), mode="w")

words = ["", "a", "é", "€uro", "😀", "tab\there", "q\"uote", "back\\slash", "nul\x00in", "long" * 20]


def text(n, k=0):
    return [words[(i + k) % len(words)] + str(i) for i in range(n)]


cases = []


def add(name, arr, kind):
    vals = arr[...].reshape(-1).tolist()
    out = []
    for v in vals:
        if v is None or (isinstance(v, int) and v == 0):
            v = "" if kind == "text" else b""
        if isinstance(v, np.ndarray):
            v = v.tobytes()
        if kind == "bytes":
            v = base64.b64encode(bytes(v)).decode()
        out.append(v)
    cases.append({"path": name, "kind": kind, "shape": list(arr.shape), "dtype": str(arr.dtype), "elements": out})


a = g.create_dataset("vlen_utf8", shape=(5, 3), chunks=(2, 2), dtype=object,
                     object_codec=numcodecs.VLenUTF8(), compressor=numcodecs.Zlib(level=1))
a[:4, :2] = np.array(text(8), dtype=object).reshape(4, 2)
add("vlen_utf8", a, "text")

a = g.create_dataset("vlen_utf8_blosc", shape=(7,), chunks=(3,), dtype=str)
a[:] = text(7, 3)
add("vlen_utf8_blosc", a, "text")

a = g.create_dataset("vlen_bytes", shape=(6,), chunks=(4,), dtype=object,
                     object_codec=numcodecs.VLenBytes(), compressor=None)
a[:5] = [b"", b"\x00\xff", b"abc", bytes(range(40)), b"z"]
add("vlen_bytes", a, "bytes")

a = g.create_dataset("vlen_array", shape=(4,), chunks=(2,), dtype=object,
                     object_codec=numcodecs.VLenArray("<i4"), compressor=numcodecs.Zstd(level=1))
v = np.empty(4, dtype=object)
v[:] = [np.array([1, 2, 3], "<i4"), np.array([], "<i4"), np.array([-1], "<i4"), np.array([7, 8], "<i4")]
a[:] = v
add("vlen_array", a, "bytes")

a = g.create_dataset("vlen_array_f8", shape=(3,), chunks=(2,), dtype=object,
                     object_codec=numcodecs.VLenArray(">f8"), compressor=None)
v = np.empty(3, dtype=object)
v[:] = [np.array([1.5, np.nan], ">f8"), np.array([], ">f8"), np.array([-np.inf, 1e300, 100.0, -0.0], ">f8")]
a[:] = v
add("vlen_array_f8", a, "bytes")

a = g.create_dataset("json2", shape=(5,), chunks=(2,), dtype=object, object_codec=numcodecs.JSON())
a[:4] = ["x", None, "zé", "😀\n"]
add("json2", a, "text")

a = g.create_dataset("msgpack2", shape=(3, 3), chunks=(2, 2), dtype=object, object_codec=numcodecs.MsgPack())
a[...] = np.array(text(9, 5), dtype=object).reshape(3, 3)
add("msgpack2", a, "text")

# MessagePack keeps Python's bytes as bin: an array of them reads as bytes.
a = g.create_dataset("msgpack2_bytes", shape=(5,), chunks=(2,), dtype=object, object_codec=numcodecs.MsgPack())
a[:4] = [b"\xff\x00", b"", b"text", bytes(range(30))]
add("msgpack2_bytes", a, "bytes")

# With raw=True Python reads str as bytes too.
a = g.create_dataset("msgpack2_raw", shape=(3,), chunks=(2,), dtype=object, object_codec=numcodecs.MsgPack(raw=True))
a[:] = ["ab", "é", ""]
add("msgpack2_raw", a, "bytes")

# json2 with an indent and separators of its own.
a = g.create_dataset("json2_indent", shape=(3, 2), chunks=(2, 2), dtype=object,
                     object_codec=numcodecs.JSON(indent=2, separators=(" ,", ": "), ensure_ascii=False))
a[...] = np.array(text(6, 2), dtype=object).reshape(3, 2)
add("json2_indent", a, "text")

# Categorize over an object array of strings: codes 1 + the label's index,
# 0 (read as '') for no label; a missing chunk reads as the fill value.
import warnings
warnings.simplefilter("ignore")  # zarr warns of an object array without an object codec
a = g.create_dataset("categorize", shape=(7,), chunks=(3,), dtype=object, compressor=None,
                     filters=[numcodecs.Categorize(labels=["female", "male", "é"], dtype=object)])
a[:5] = np.array(["male", "female", "x", "é", None], dtype=object)
add("categorize", a, "text")
a = g.create_dataset("categorize_u2", shape=(3, 2), chunks=(2, 2), dtype=object, fill_value="b",
                     compressor=numcodecs.Zlib(level=1),
                     filters=[numcodecs.Categorize(labels=["a", "b", "c"], dtype=object, astype=">u2")])
a[0, :] = ["c", "a"]
a[2, 1] = "q"
add("categorize_u2", a, "text")
# Categorize over fixed-length text ("<U n", ">U n"): the codes are what
# the compressor takes; the fill value (here the default 0, the text "0")
# is what a missing chunk reads as, and text no label matches reads ''.
a = g.create_dataset("categorize_text", shape=(8,), chunks=(3,), dtype="<U5", compressor=None,
                     filters=[numcodecs.Categorize(labels=["ice", "water", "cloud"], dtype="<U5")])
a[:5] = ["water", "ice", "fog", "", "cloud"]
add("categorize_text", a, "text")
a = g.create_dataset("categorize_text_big", shape=(2, 3), chunks=(2, 2), dtype=">U3", fill_value="é",
                     compressor=numcodecs.Zlib(level=1),
                     filters=[numcodecs.Categorize(labels=["é€", "toolong", "a"], dtype=">U3", astype="<u2")])
a[:, :2] = [["a", "é€"], ["too", "a"]]
add("categorize_text_big", a, "text")

# order "F": zarr 2 stores the elements of each chunk in Fortran order.
# VLenUTF8, VLenBytes and VLenArray write them so and read them back; JSON
# and MsgPack write numpy's nested lists (C order) and zarr reads their
# elements as Fortran order, so what it reads is not what it was given:
# the vector holds what zarr reads.
for name, oc, kind, vals in [
        ("vlen_utf8_f", numcodecs.VLenUTF8(), "text", text(15, 1)),
        ("vlen_bytes_f", numcodecs.VLenBytes(), "bytes", [b"%d\xff" % i for i in range(15)]),
        ("json2_f", numcodecs.JSON(), "text", text(15, 4)),
        ("msgpack2_f", numcodecs.MsgPack(), "text", text(15, 6))]:
    a = g.create_dataset(name, shape=(5, 3), chunks=(2, 3), dtype=object, object_codec=oc, order="F",
                         compressor=numcodecs.Zlib(level=1))
    v = np.empty(15, dtype=object)
    v[:] = vals
    a[:4, :] = v.reshape(5, 3)[:4]
    add(name, a, kind)
a = g.create_dataset("json2_f_square", shape=(3, 3), chunks=(2, 2), dtype=object, object_codec=numcodecs.JSON(),
                     order="F", compressor=None)
a[...] = np.array(text(9, 2), dtype=object).reshape(3, 3)
add("json2_f_square", a, "text")
a = g.create_dataset("vlen_array_f", shape=(2, 2, 2), chunks=(2, 2, 2), dtype=object,
                     object_codec=numcodecs.VLenArray("<i2"), order="F", compressor=None)
v = np.empty(8, dtype=object)
v[:] = [np.arange(i, dtype="<i2") for i in range(8)]
a[...] = v.reshape(2, 2, 2)
add("vlen_array_f", a, "bytes")

a = g.create_dataset("u5", shape=(5,), chunks=(2,), dtype="<U5", fill_value="xy")
a[:3] = ["ab", "€", "abcde"]
add("u5", a, "text")

a = g.create_dataset("u3_big", shape=(4,), chunks=(3,), dtype=">U3", fill_value="", compressor=None)
a[:] = ["a", "é€", "xyz", ""]
add("u3_big", a, "text")

a = g.create_dataset("s4", shape=(5,), chunks=(2,), dtype="|S4", fill_value=b"ab")
a[:3] = [b"abcd", b"", b"x\x00y"]
add("s4", a, "bytes")

a = g.create_dataset("v3", shape=(3,), chunks=(2,), dtype="|V3", compressor=None)
a[:2] = np.array([b"\x01\x02\x03", b"\xff\x00\x00"], dtype="|V3")
add("v3", a, "bytes")

with open(os.path.join(here, "zarr213_strings.json"), "w") as f:
    json.dump({"generator": "testdata/stores/generate_zarr213_strings.py",
               "peers": "zarr %s, numcodecs %s, numpy %s" % (zarr.__version__, numcodecs.__version__, np.__version__),
               "arrays": cases}, f, indent=1, ensure_ascii=True)
    f.write("\n")
