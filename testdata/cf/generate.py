#!/usr/bin/python3
"""Generate testdata/cf/fillvalue.json: `_FillValue` attribute values under
xarray's FillValueCoder rules, computed with Python's struct and base64 and
numpy's casts (xarray itself is not packaged in Debian bookworm's set used
here; its rule is: float -> base64 of struct.pack("<d", float(v)); complex ->
[that of the real part, that of the imaginary part]; integers -> int(v);
bool -> bool(v)).

    /usr/bin/python3 testdata/cf/generate.py

Each case: dtype (Zarr v3 name), value (Zarr fill-value JSON of the value
after the cast to the dtype), attr (the attribute's JSON value).
"""
import base64
import json
import os
import struct

import numpy as np


def f(v):
    return base64.standard_b64encode(struct.pack("<d", float(v))).decode()


def fjson(v):
    v = float(v)
    if np.isnan(v):
        return "NaN"
    if np.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return v


cases = []
for dt, vals in [
    ("float32", [np.float32(3.4028235e38), np.float32(1.5), np.float32(-9999), np.float32(0.1), np.float32(np.nan),
                 np.float32(np.inf), np.float32(-np.inf), np.float32(-0.0), np.float32(1e-45)]),
    ("float64", [1.5, -9999.0, 0.1, 1e300, -0.0, 5e-324, np.nan]),
    ("float16", [np.float16(65504), np.float16(0.1), np.float16(-1)]),
]:
    for v in vals:
        cases.append({"dtype": dt, "value": fjson(v), "attr": f(v)})
for dt, vals in [("complex64", [np.complex64(1.5 - 2j), np.complex64(complex(np.nan, 0.1))]),
                 ("complex128", [complex(0.1, -1e300)])]:
    for v in vals:
        cases.append({"dtype": dt, "value": [fjson(v.real), fjson(v.imag)], "attr": [f(v.real), f(v.imag)]})
for dt, vals in [("int8", [-128, 127]), ("uint8", [255, 0]), ("int16", [-9999]), ("uint16", [65535]),
                 ("int32", [-2147483648]), ("uint32", [4294967295]), ("int64", [-9223372036854775808, 9223372036854775807]),
                 ("uint64", [18446744073709551615])]:
    for v in vals:
        cases.append({"dtype": dt, "value": int(getattr(np, dt)(v)), "attr": int(getattr(np, dt)(v))})
for v in [True, False]:
    cases.append({"dtype": "bool", "value": v, "attr": bool(np.bool_(v))})

atl06 = f(np.float32(3.4028235e38))
seed = "AAAAAn9/f0A="
out = {
    "generator": "testdata/cf/generate.py",
    "atl06": {"value": float(np.float32(3.4028235e38)), "xarray_rule": atl06, "seed_claims": seed,
              "seed_bytes_as_le_float64": struct.unpack("<d", base64.standard_b64decode(seed))[0]},
    "cases": cases,
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "fillvalue.json"), "w") as fp:
    json.dump(out, fp, indent=1, allow_nan=False)
    fp.write("\n")
print(out["atl06"])
