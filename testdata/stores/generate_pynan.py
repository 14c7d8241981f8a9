#!/usr/bin/python3
"""Write small stores whose metadata JSON holds the bare NaN, Infinity and
-Infinity tokens that Python's json module and netcdf-c write, and the values
the writers' own readers give for them.

    /usr/bin/python3 testdata/stores/generate_pynan.py

Needs Debian's python3-zarr (2.13) and netcdf-bin (ncgen, ncdump). Output,
beside this script:
  pynan_zarr213/   a zarr 2.13 group with consolidated metadata (.zmetadata):
                   attributes holding NaN and the infinities (group and array),
                   a float32 array with fill value NaN and a missing chunk, a
                   float64 array with fill -Infinity, an int16 array
  pynan_nczarr/    the same kind of data written by ncgen as NCZarr
                   (file://DIR#mode=nczarr,file): "fill_value": NaN in .zarray
  pynan.json       per store and array: shape, dtype, the fill value and the
                   whole array as the writer's reader gives them (zarr for the
                   first, zarr and ncdump for the second; C order,
                   little-endian hex), and the attributes as Python's json
                   reads them, with non-finite floats written as the strings
                   "NaN", "Infinity" and "-Infinity" (how zcodec reads them)
"""
import json
import math
import os
import shutil
import subprocess

import numpy as np
import zarr

here = os.path.dirname(os.path.abspath(__file__))


def finite_json(v):
    """v with non-finite floats as the Zarr strings."""
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, dict):
        return {k: finite_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [finite_json(x) for x in v]
    return v


def fill_json(v):
    if v is None:
        return None
    return finite_json(float(v)) if isinstance(v, (float, np.floating)) else int(v)


def describe(group, path):
    a = group[path]
    data = np.ascontiguousarray(a[...]).astype(a.dtype.newbyteorder("<"))
    return {
        "path": path,
        "shape": list(a.shape),
        "dtype": a.dtype.str,
        "fill_value": fill_json(a.fill_value),
        "hex": data.tobytes().hex(),
        "attributes": finite_json(dict(a.attrs)),
    }


def zarr213():
    d = os.path.join(here, "pynan_zarr213")
    shutil.rmtree(d, ignore_errors=True)
    root = zarr.open_group(zarr.DirectoryStore(d), mode="w")
    root.attrs.update({"title": "bare tokens", "missing": float("nan"), "range": [float("-inf"), 0.5, float("inf")]})
    t = root.create_dataset("temp", shape=(6,), chunks=(3,), dtype="<f4", fill_value=float("nan"), compressor=None)
    t[:3] = [1.5, float("nan"), -2.25]  # the second chunk is never written
    t.attrs.update({"valid_max": float("inf"), "scale": 0.5, "nested": {"x": [float("nan")]}})
    w = root.create_dataset("low", shape=(4,), chunks=(2,), dtype="<f8", fill_value=float("-inf"), compressor=None)
    w[:2] = [3.0, float("inf")]
    n = root.create_dataset("count", shape=(4,), chunks=(4,), dtype="<i2", fill_value=-1, compressor=None)
    n[:] = [1, 2, 3, 4]
    zarr.consolidate_metadata(root.store)
    g = zarr.open_consolidated(zarr.DirectoryStore(d))
    return {"attributes": finite_json(dict(g.attrs)), "arrays": [describe(g, p) for p in ("temp", "low", "count")]}


CDL = """netcdf pynan {
dimensions:
	x = 4 ;
variables:
	float v(x) ;
		v:_FillValue = NaNf ;
		v:valid_max = Infinityf ;
		v:note = "has NaN fill" ;
	double w(x) ;
		w:_FillValue = -Infinity ;
	int n(x) ;
// global attributes:
		:title = "nan fills" ;
		:missing = NaN ;
data:
 v = 1.5, _, -2.25, NaN ;
 w = 3, _, 1e300, -0.5 ;
 n = 1, 2, 3, 4 ;
}
"""


def nczarr():
    d = os.path.join(here, "pynan_nczarr")
    shutil.rmtree(d, ignore_errors=True)
    cdl = os.path.join(here, "pynan.cdl")
    with open(cdl, "w") as f:
        f.write(CDL)
    url = "file://" + d + "#mode=nczarr,file"
    subprocess.run(["ncgen", "-o", url, cdl], check=True)
    dump = subprocess.run(["ncdump", url], check=True, capture_output=True, text=True).stdout
    g = zarr.open_group(zarr.DirectoryStore(d), mode="r")
    arrays = [describe(g, p) for p in ("v", "w", "n")]
    # The writer's own reader: ncdump prints the same values (its "_" is the fill).
    for a in arrays:
        line = [l for l in dump.splitlines() if l.strip().startswith(a["path"] + " =")][0]
        a["ncdump"] = line.strip()
    return {"attributes": finite_json(dict(g.attrs)), "arrays": arrays}


out = {"zarr": zarr.__version__, "stores": {"pynan_zarr213": zarr213(), "pynan_nczarr": nczarr()}}
with open(os.path.join(here, "pynan.json"), "w") as f:
    json.dump(out, f, indent=1, allow_nan=False)
    f.write("\n")
