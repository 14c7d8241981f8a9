#!/usr/bin/python3
"""Write numpy_names.json: how NumPy reads the names and one-character codes
of data types, the spellings numcodecs configurations may hold besides type
strings ("int32" as zarr-python 3 writes for v3 arrays, "d", "float").

    /usr/bin/python3 internal/npdtype/testdata/gen_numpy_names.py

Inputs: every string key of np.sctypeDict (NumPy's own table of names and
codes), every printable ASCII character alone and after each byte-order
character, the names after a byte-order character, and case variants. For
each, whether np.dtype accepts it and, if so, the dtype's kind, item size,
byte order ('<' for NumPy's native '=' on this little-endian machine) and
str. The Go test (names_test.go) checks npdtype.ParseNumPy against every row:
never accepting what NumPy rejects, never reading a spelling differently, and
accepting every spelling of a supported type except those whose size depends
on the platform's C types, which the generator cannot see from one machine
and which npdtype refuses by name.
"""
import json
import os
import string
import sys
import warnings

import numpy as np

if sys.byteorder != "little":
    sys.exit("run on a little-endian machine")

names = sorted(k for k in np.sctypeDict if isinstance(k, str))
chars = [c for c in string.printable if c not in "\t\n\r\x0b\x0c"]
orders = ["<", ">", "|", "="]
inputs = names + chars + [o + c for o in orders for c in chars] + [o + n for o in ["<", ">", "|", "="] for n in ["int32", "float64", "bool", "uint8"]]
inputs += [n.upper() for n in ["int32", "float64"]] + [n.capitalize() for n in ["int32", "float64", "bool"]]
inputs += ["float", "complex", "int", "bool", "object", "str", "bytes", " int32", "int32 ", "int 32", "float6"]
seen, out = set(), []
for s in inputs:
    if s in seen:
        continue
    seen.add(s)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            d = np.dtype(s)
        except Exception as e:  # noqa: BLE001 - any rejection counts
            out.append({"in": s, "ok": False, "error": type(e).__name__})
            continue
    order = d.byteorder
    if order == "=":
        order = "<"
    if d.itemsize <= 1 or order == "|":
        order = "|"
    out.append({"in": s, "ok": True, "kind": d.kind, "size": d.itemsize, "order": order, "str": d.str, "char": d.char})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "numpy_names.json"), "w") as f:
    json.dump({"generator": "internal/npdtype/testdata/gen_numpy_names.py", "numpy": np.__version__, "cases": out}, f, indent=0)
    f.write("\n")
print(len(out), "cases,", sum(c["ok"] for c in out), "accepted by NumPy")
