#!/usr/bin/python3
"""Writes testdata/stores/xarray_times, a Zarr v2 store written by xarray
(Debian's python3-xarray over zarr 2.13) holding times and durations, and
xarray_times.json, what zarr 2.13 reads from each of its arrays.

xarray does not store datetime64 data as NumPy's M8: it CF-encodes times
as int64 counts with "units" ("hours since 2000-01-01 00:00:00") and
"calendar" attributes, and durations as counts with "units": "seconds".
The JSON holds, per array, the dtype, the attributes and the values zarr
2.13 reads (as int64 or float64 numbers), and xarray's decoded text of the
time coordinate.

    /usr/bin/python3 testdata/stores/generate_xarray_times.py
"""
import json
import os
import shutil

import numpy as np
import pandas as pd
import xarray as xr
import zarr

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "xarray_times")
shutil.rmtree(out, ignore_errors=True)
t = pd.date_range("1999-12-31T18:00", periods=6, freq="6H")
ds = xr.Dataset(
    {"temp": (("time",), np.array([1.5, 2.5, np.nan, 4.0, 5.0, 6.0], dtype="f4")),
     "lag": (("time",), pd.to_timedelta([0, 90, -30, 3600, 86400, 5], unit="s"))},
    coords={"time": t},
)
ds.to_zarr(out, mode="w", consolidated=True)

g = zarr.open_group(out, mode="r")
arrays = []
for name in sorted(g.array_keys()):
    z = g[name]
    v = z[...]
    arrays.append({"path": name, "dtype": z.dtype.str, "attrs": dict(z.attrs),
                   "values": [None if isinstance(x, float) and np.isnan(x) else x for x in v.tolist()]})
decoded = xr.open_zarr(out)
with open(os.path.join(here, "xarray_times.json"), "w") as f:
    json.dump({"generator": "testdata/stores/generate_xarray_times.py", "zarr": zarr.__version__,
               "arrays": arrays,
               "time_text": [str(x) for x in decoded["time"].values],
               "lag_text": [str(x) for x in decoded["lag"].values]}, f, indent=1)
    f.write("\n")
print("wrote", len(arrays), "arrays")
