#!/usr/bin/python3
"""Write numpy_times.json: how NumPy reads datetime64 and timedelta64 type
strings.

    /usr/bin/python3 internal/npdtype/testdata/gen_numpy_times.py

For every input the vector records whether np.dtype accepts it and, if so,
the kind ('M' or 'm'), byte order ('<' or '>'; native '=' written as '<'),
np.datetime_data's unit and scale factor, and dtype.str.
"""
import json
import os
import sys

import numpy as np

orders = ["", "<", ">", "|", "="]
units = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "\u03bcs", "ns", "ps", "fs", "as", "generic"]
scales = ["", "1", "7", "10", "2147483647", "2147483648", "0", "010", "+3", "-1", " 5"]
bodies = ["M8", "m8"]
for u in units:
    for sc in scales:
        bodies += ["M8[%s%s]" % (sc, u), "m8[%s%s]" % (sc, u)]
bodies += ["M8[]", "M8[s/2]", "M8[B]", "M8[ns", "M4[s]", "m16[s]", "M8[ns,ns]", "M8[S]", "M8[NS]",
           "M8[1.5s]", "M8[0x10s]", "M8 [s]", "M8[s]x"]
inputs = [o + b for o in orders for b in bodies]

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
    unit, scale = np.datetime_data(d)
    out.append({"in": s, "ok": True, "kind": d.kind, "order": order, "unit": unit,
                "scale": scale, "str": d.str})

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "numpy_times.json"), "w") as f:
    # one case per line
    f.write('{"generator": "internal/npdtype/testdata/gen_numpy_times.py", "numpy": %s, "cases": [\n'
            % json.dumps(np.__version__))
    f.write(",\n".join(json.dumps(c, ensure_ascii=True) for c in out))
    f.write("\n]}\n")
print("wrote", len(out))
