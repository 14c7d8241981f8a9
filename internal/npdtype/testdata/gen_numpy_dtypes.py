#!/usr/bin/python3
"""Write numpy_dtypes.json: how NumPy reads type strings.

    /usr/bin/python3 internal/npdtype/testdata/gen_numpy_dtypes.py

For every input string the vector records whether np.dtype accepts it and,
if so, the resulting dtype's kind, item size and byte order ('<' or '>' for
multi-byte types, '|' for one-byte types; NumPy's native '=' is written as
'<', the byte order of every machine this runs on). The Go test checks that
npdtype.Parse never accepts a string NumPy rejects, never reads one
differently, and accepts every array-interface type string of the types
zcodec supports.
"""
import json
import os
import sys

import numpy as np

orders = ["", "<", ">", "|", "=", "!", " "]
codes = ["b1", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f2", "f4", "f8",
         "c8", "c16", "b2", "i3", "i16", "u16", "f1", "f16", "c4", "c32",
         "U4", "S4", "V8", "M8", "m8", "O", "M8[ns]", "F8", "I4", "b", "i", "u", "f",
         "U1", "U12", "S1", "S12", "a5", "V1", "V3", "U0", "S0", "V0", "U01", "S+2", "V(2)"]
others = ["", "?", "e", "d", "h", "B", "float64", "int16", "bool", "complex64",
          "<f4 ", " <f4", "<f4\x00", "<<f4", "<f+4", "<f04", "<i08", "<f4.0", "<f\u0664",
          "|f8", "=c16", ">b1", "<u1", "f8"]
inputs = [o + c for o in orders for c in codes] + others

if sys.byteorder != "little":
    sys.exit("run on a little-endian machine")

out = []
for s in inputs:
    try:
        d = np.dtype(s)
    except Exception as e:  # noqa: BLE001 - any rejection counts
        out.append({"in": s, "ok": False, "error": type(e).__name__})
        continue
    order = d.byteorder
    if order == "=":
        order = "<"
    out.append({"in": s, "ok": True, "kind": d.kind, "size": d.itemsize, "order": order, "str": d.str})

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "numpy_dtypes.json"), "w") as f:
    json.dump({"generator": "internal/npdtype/testdata/gen_numpy_dtypes.py",
               "numpy": np.__version__, "cases": out}, f, indent=1, ensure_ascii=True)
    f.write("\n")
print("wrote", len(out))
