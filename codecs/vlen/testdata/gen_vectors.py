#!/usr/bin/python3
"""Write vectors.json: what numcodecs 0.11 writes for object arrays.

    /usr/bin/python3 codecs/vlen/testdata/gen_vectors.py

Each case is a chunk (its shape and elements, text as UTF-8 and bytes in
base64) and the bytes numcodecs' VLenUTF8, VLenBytes, VLenArray, JSON and
MsgPack encode it to (base64). The Go tests decode each with zcodec and
compare the elements, and encode the elements and compare the bytes.
"unsupported" holds valid JSON and MsgPack chunks of object arrays with
floats, ints, dicts, NaN and booleans, which zcodec refuses naming the
element; "surrogate" a JSON chunk with a lone surrogate escape;
"categorize" and "categorize_text" what Categorize writes and reads over
object arrays and fixed-length text; "configured" JSON chunks written with other configurations (indent,
separators, ensure_ascii and the flags).
"""
import base64
import json
import os

import numcodecs
import numpy as np

b64 = lambda b: base64.b64encode(bytes(b)).decode()

texts = {
    "ascii": (["foo", "bar", "baz"], [3]),
    "empty": ([""], [1]),
    "mixed": (["", "a", "é", "€uro", "😀 astral", "tab\tnl\ncr\rq\"bs\\", "\x00nul\x01\x1f\x7f",
               "<>&'", "x" * 31, "y" * 32, "z" * 255, "w" * 256], [12]),
    "twod": (["a", "bb", "ccc", "dddd", "eeeee", "ffffff"], [2, 3]),
    "threed": (["%d" % i for i in range(24)], [2, 3, 4]),
    "wide": (["e%d" % i for i in range(20)], [20]),
}
byteses = {
    "bytes": ([b"", b"\x00\xff", b"abc", bytes(range(256)), b"q" * 300], [5]),
    "bytes2d": ([b"a", b"", b"\x80", b"zz"], [2, 2]),
}

def objarr(items, shape):
    a = np.empty(len(items), dtype=object)
    a[:] = items
    return a.reshape(shape)

cases = []
for name, (items, shape) in texts.items():
    a = objarr(items, shape)
    c = {"name": name, "kind": "string", "shape": shape,
         "elements": [b64(s.encode()) for s in items],
         "vlen-utf8": b64(numcodecs.VLenUTF8().encode(a)),
         "json2": b64(numcodecs.JSON().encode(a)),
         "json2-noascii": b64(numcodecs.JSON(ensure_ascii=False).encode(a)),
         "msgpack2": b64(numcodecs.MsgPack().encode(a)),
         "msgpack2-nobin": b64(numcodecs.MsgPack(use_bin_type=False).encode(a))}
    cases.append(c)
for name, (items, shape) in byteses.items():
    a = objarr(items, shape)
    cases.append({"name": name, "kind": "bytes", "shape": shape,
                  "elements": [b64(s) for s in items],
                  "vlen-bytes": b64(numcodecs.VLenBytes().encode(a)),
                  "msgpack2": b64(numcodecs.MsgPack().encode(a)),
                  "msgpack2-nobin": b64(numcodecs.MsgPack(use_bin_type=False).encode(a))})
# str 32 (and bin 32): one element of 65536 bytes and more; msgpack only.
a = objarr(["L" * 65536, "s"], [2])
cases.append({"name": "long", "kind": "string", "shape": [2],
              "elements": [b64(b"L" * 65536), b64(b"s")],
              "msgpack2": b64(numcodecs.MsgPack().encode(a))})
a = objarr([b"B" * 65536], [1])
cases.append({"name": "longbytes", "kind": "bytes", "shape": [1],
              "elements": [b64(b"B" * 65536)],
              "msgpack2": b64(numcodecs.MsgPack().encode(a))})
# None elements: numcodecs VLenUTF8 writes them as "", JSON and MsgPack as null.
a = objarr(["a", None, "c"], [3])
cases.append({"name": "none", "kind": "string", "shape": [3],
              "elements": [b64(b"a"), b64(b""), b64(b"c")],
              "vlen-utf8": b64(numcodecs.VLenUTF8().encode(a)),
              "json2-decode": b64(numcodecs.JSON().encode(a)),
              "msgpack2-decode": b64(numcodecs.MsgPack().encode(a))})
# VLenArray: each element's bytes are the array's bytes in the dtype.
arrays = []
for dtype, items in [("<i4", [[1, 2, 3], [], [-1]]), (">f8", [[1.5], [2.5, -0.0]]), ("|u1", [[1, 2], [255]])]:
    a = np.empty(len(items), dtype=object)
    a[:] = [np.array(x, dtype=dtype) for x in items]
    arrays.append({"dtype": dtype, "shape": [len(items)],
                   "elements": [b64(np.array(x, dtype=dtype).tobytes()) for x in items],
                   "vlen-array": b64(numcodecs.VLenArray(dtype).encode(a))})

# Valid object chunks holding values zcodec does not read into a string or
# bytes array: each names the codec key, the first such element's index and
# its Python type.
unsupported = []
for name, items, index, typ in [
        ("float", ["a", 1.5, "c"], 1, "float"),
        ("int", ["a", "b", 7], 2, "int"),
        ("dict", [{"k": [1, 2]}, "b"], 0, "dict"),
        ("nan", ["a", float("nan")], 1, "float"),
        ("inf", [float("-inf"), "b"], 0, "float"),
        ("bool", ["a", True], 1, "bool")]:
    a = objarr(items, [len(items)])
    for key, enc in [("json2", numcodecs.JSON()), ("msgpack2", numcodecs.MsgPack())]:
        unsupported.append({"name": key + "-" + name, "codec": key, "shape": [len(items)],
                            "encoded": b64(enc.encode(a)), "index": index, "type": typ})
# Text Python read with surrogate escapes: json2 writes the lone surrogate
# as an escape, which is not UTF-8 text.
a = objarr(["ok", b"\xff".decode("utf-8", "surrogateescape")], [2])
surrogate = {"name": "json2-surrogate", "codec": "json2", "shape": [2],
             "encoded": b64(numcodecs.JSON().encode(a))}

# json2 with other configurations than numcodecs' default: each case's
# elements as that configuration writes them (the configuration as
# numcodecs' get_config gives it, which zarr 2 stores in .zarray), and
# chunks with NaN and the infinities beside strings in those layouts.
json_configs = [
    dict(indent=2), dict(indent=0), dict(indent=-3), dict(indent="\t"), dict(indent=True),
    dict(indent=1, separators=(",", ":")), dict(separators=(" , ", ": ")),
    dict(separators=(",\n", ":"), ensure_ascii=False), dict(indent="\r\n ", separators=("\t,", "=")),
    dict(ensure_ascii=False, indent=4, sort_keys=False, skipkeys=True, check_circular=False, allow_nan=False),
    dict(strict=False, indent=2),
]
configured = []
for cfg in json_configs:
    enc = numcodecs.JSON(**cfg)
    conf = enc.get_config()
    del conf["id"]
    for name in ["mixed", "twod", "threed"]:
        items, shape = texts[name]
        configured.append({"config": conf, "case": name, "encoded": b64(enc.encode(objarr(items, shape)))})
    for name, items, shape, index in [("nan", ["a", "b", "c", float("nan")], [2, 2], 3),
                                      ("inf", ["x", float("inf"), "z"], [3], 1),
                                      ("-inf", [float("-inf")], [1], 0)]:
        if not cfg.get("allow_nan", True):
            continue  # Python refuses to write them
        configured.append({"config": conf, "shape": shape, "encoded": b64(enc.encode(objarr(items, shape))),
                           "index": index, "type": "float"})

# Categorize over object arrays of strings: the elements, the codes
# numcodecs writes and the elements it reads back from them.
categorize = []
for labels, astype, items in [
        (["female", "male"], "|u1", ["male", "female", "female", "male", "unexpected", ""]),
        (["a", "é", "😀", ""], "<u2", ["", "é", "x", "😀", "a"]),
        (["x", "y", "x"], ">i4", ["x", "y", "z"]),
        (["p"], "<u8", ["p", "q"]),
        (["p", "q"], "|i1", ["q", "p", "r"])]:
    enc = numcodecs.Categorize(labels=labels, dtype=object, astype=astype)
    conf = enc.get_config()
    del conf["id"]
    codes = enc.encode(objarr(items, [len(items)]))
    categorize.append({"config": conf, "elements": [b64(x.encode()) for x in items],
                       "encoded": b64(codes.tobytes()),
                       "decoded": [b64(x.encode()) for x in enc.decode(codes.tobytes()).tolist()]})

# Categorize over fixed-length text ("<U n"): the elements, the codes
# numcodecs writes and the elements it reads back (labels longer than n
# match nothing and read back cut to n code points).
categorize_text = []
for labels, dtype, astype, items in [
        (["ice", "water", "cloud"], "<U5", "|u1", ["ice", "water", "", "cloud", "fog", "ice"]),
        (["é", "😀x", "toolong", ""], "<U3", "<u2", ["", "é", "😀x", "too", "a"]),
        (["a", "b", "a"], ">U2", ">i4", ["a", "b", "c"])]:
    enc = numcodecs.Categorize(labels=labels, dtype=dtype, astype=astype)
    conf = enc.get_config()
    del conf["id"]
    codes = enc.encode(np.array(items, dtype=dtype))
    categorize_text.append({"config": conf, "elements": items, "encoded": b64(codes.tobytes()),
                            "decoded": enc.decode(codes.tobytes()).tolist(),
                            "decoded_codes": enc.decode(np.arange(len(labels) + 2, dtype=astype).tobytes()).tolist()})

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "vectors.json"), "w") as f:
    json.dump({"generator": "codecs/vlen/testdata/gen_vectors.py", "numcodecs": numcodecs.__version__,
               "cases": cases, "arrays": arrays, "unsupported": unsupported,
               "surrogate": surrogate, "configured": configured,
               "categorize": categorize, "categorize_text": categorize_text}, f, indent=1)
    f.write("\n")
