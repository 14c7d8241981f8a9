#!/usr/bin/env python3
"""Check combined reference sets with the readers users use.

    /usr/bin/python3 testdata/combine/check_fsspec.py MANIFEST.json

MANIFEST is a JSON list of cases, each {"refs": PATH, "files": [netCDF PATHS],
"arrays": {NAME: {"shape": [...], "values": [...]}}} (the case of truth.json).
Each set is opened with fsspec's ReferenceFileSystem and every array of the
case is read with zarr (version 2) and compared with the values
netCDF4-python read from the files. Then the set is opened with xarray's
zarr backend and the files with its netCDF4 backend, concatenated along
time, and every variable is compared after CF decoding (times as dates,
scale_factor and add_offset applied, _FillValue masked).

Prints one line a case and ends with "cases: N ok, N failed"; exits 1 when a
case fails.
"""

import json
import sys

import fsspec
import numpy as np
import xarray as xr
import zarr


def check(case):
    fs = fsspec.filesystem("reference", fo=case["refs"])
    group = zarr.open_group(fs.get_mapper(""), mode="r")
    for name, want in case["arrays"].items():
        got = group[name][...]
        if list(got.shape) != want["shape"]:
            return f"{name}: shape {got.shape}, want {want['shape']}"
        if not np.array_equal(np.ravel(got).astype("f8"), np.array(want["values"], dtype="f8")):
            return f"{name}: {np.ravel(got).tolist()}, want {want['values']}"
    ds = xr.open_dataset(fs.get_mapper(""), engine="zarr", consolidated=False)
    parts = [xr.open_dataset(f) for f in case["files"]]
    files = xr.concat(parts, dim="time", data_vars="minimal", coords="minimal", compat="override")
    for name in case["arrays"]:
        a, b = ds[name].values, files[name].values
        if a.dtype != b.dtype:
            return f"{name}: decoded as {a.dtype}, the files as {b.dtype}"
        if not np.array_equal(a, b, equal_nan=a.dtype.kind == "f"):
            return f"{name}: decoded {a.tolist()}, the files {b.tolist()}"
    return None


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    ok = failed = 0
    for case in cases:
        try:
            err = check(case)
        except Exception as e:  # a reader that cannot open the set fails the case
            err = f"{type(e).__name__}: {e}"
        if err:
            failed += 1
            print(f"FAIL {case['refs']}: {err}")
        else:
            ok += 1
            print(f"ok {case['refs']}")
    print(f"cases: {ok} ok, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
