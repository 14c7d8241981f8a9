#!/usr/bin/python3
"""Write zarr213_dates/, a small Zarr v2 store of datetime64 and timedelta64
arrays written by Debian's python3-zarr 2.13 (numcodecs 0.11), and
zarr213_dates.json, the values zarr itself reads from them.

    /usr/bin/python3 testdata/stores/generate_zarr213_dates.py

Per array the JSON holds the path, dtype, shape, the fill_value as written
in .zarray, "skip" (why a v3 conversion cannot carry the array, or absent;
"unreadable" when zcodec refuses to read it as well),
and the whole array as zarr reads it in C order: the int64 counts ("i8",
NaT as -9223372036854775808) and str() of each element ("text").
"""
import json
import os
import shutil

import numcodecs
import numpy as np
import zarr

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "zarr213_dates")
shutil.rmtree(out, ignore_errors=True)
NAT = np.iinfo(np.int64).min

root = zarr.open_group(out, mode="w")
cases = []


def add(path, dtype, counts, chunks, fill, skip=None, unreadable=False, **kw):
    counts = np.asarray(counts, dtype="<i8")
    values = counts.view(np.dtype(dtype).newbyteorder("<")).astype(dtype)
    z = root.create_dataset(path, shape=values.shape, chunks=chunks, dtype=dtype,
                            fill_value=fill, **kw)
    z[...] = values
    back = z[...]
    case = {"path": path, "dtype": dtype, "shape": list(back.shape),
            "fill_value": json.load(open(os.path.join(out, path, ".zarray")))["fill_value"],
            "i8": [int(v) for v in back.astype(back.dtype.newbyteorder("<")).view("<i8").ravel()],
            "text": [str(v) for v in back.ravel()]}
    if skip:
        case["skip"] = skip
    if unreadable:
        case["unreadable"] = True
    cases.append(case)


add("ns", "<M8[ns]",
    [[0, 1, -1, NAT], [1_700_000_000_123_456_789, -(2**63) + 1, 2**63 - 1, 86_400_000_000_000],
     [NAT, NAT, 5, -5]],
    (2, 3), np.datetime64("NaT"))
add("days_be", ">M8[D]", [0, 10957, -719163, 2932896, NAT, 19000, -1], (4,),
    np.datetime64("2000-01-01"), compressor=numcodecs.Zlib(level=1))
add("sec10", "<M8[10s]", [[0, 1], [-1, 170_000_000]], (1, 2), 0, compressor=None)
add("years_f", "<M8[Y]", [[0, 30, -1970], [8030, -1971, NAT]], (2, 2), NAT, order="F")
add("durations", "<m8[s]", [0, 1, -1, 86_400, NAT, 2**40], (4,), 5,
    compressor=numcodecs.Zstd(level=3))
add("durations_ms", ">m8[7ms]", [3, -3, NAT, 0], (3,), np.timedelta64(2, "7ms"))
add("nested/us", "<M8[us]", [1_000_000, -1_000_000, NAT], (2,), np.datetime64("NaT"),
    dimension_separator="/")
add("no_fill", "<M8[ms]", [1, 2, 3], (2,), None)
add("delta", "<m8[s]", [10, 11, 13, 16], (4,), 0,
    filters=[numcodecs.Delta(dtype="<m8[s]")],
    skip="numcodecs.delta of a timedelta64 dtype", unreadable=True)

zarr.consolidate_metadata(out)
with open(os.path.join(here, "zarr213_dates.json"), "w") as f:
    json.dump({"generator": "testdata/stores/generate_zarr213_dates.py",
               "zarr": zarr.__version__, "numcodecs": numcodecs.__version__,
               "numpy": np.__version__, "arrays": cases}, f, indent=1)
    f.write("\n")
print("wrote", len(cases), "arrays")
