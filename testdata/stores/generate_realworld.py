#!/usr/bin/python3
"""Write small stores of text, byte-string and date arrays the way real
writers write them, and the values the writers' own readers give for them.

    /usr/bin/python3 testdata/stores/generate_realworld.py

Needs Debian's python3-zarr (2.13), python3-numcodecs, python3-xarray,
python3-msgpack and netcdf-bin (ncgen, ncdump). Output, beside this script:
  realworld_zarr213/  a zarr 2.13 group with consolidated metadata: object
                      arrays through every object codec (VLenUTF8, VLenBytes,
                      VLenArray, JSON, MsgPack), NumPy fixed-width text and
                      bytes (<U, >U, |S, |V), dates and durations in several
                      units, byte orders and scale factors, with missing
                      chunks and partial edge chunks
  realworld_xarray/   xarray's to_zarr (consolidated): string coordinates,
                      fixed-width strings, CF-encoded times and durations, CF
                      packing (scale_factor/add_offset/_FillValue)
  realworld_nczarr/   ncgen's NCZarr (#mode=nczarr,file): char and string
                      variables beside numbers
  realworld_ncz2/     ncgen's pure Zarr (#mode=zarr,file) of the same CDL
  realworld.json      per store and array: path, dtype, shape, fill value and
                      every element in C order as the writer's reader returns
                      it: text as a string, byte strings as hex, dates and
                      durations as the int64 count and NumPy's str(), numbers
                      as little-endian hex; for NCZarr also ncdump's line
"""
import json
import os
import shutil
import subprocess

import numcodecs
import numpy as np
import xarray as xr
import zarr

here = os.path.dirname(os.path.abspath(__file__))


def element(dt, v):
    if dt.kind == "O":
        if isinstance(v, str):
            return {"text": v}
        if isinstance(v, bytes):
            return {"hex": v.hex()}
        if isinstance(v, np.ndarray):
            return {"list": [x.item() for x in v]}
        if isinstance(v, (list, int, float)) or v is None:
            return {"json": v}
        raise TypeError(type(v))
    if dt.kind == "U":
        return {"text": str(v)}
    if dt.kind in "SV":
        return {"hex": bytes(v).hex()}
    if dt.kind in "Mm":
        return {"int": int(v.view("<i8")), "numpy": str(v)}
    return {"hex": np.asarray(v).astype(dt.newbyteorder("<")).tobytes().hex()}


def fill_json(dt, f):
    if f is None:
        return None
    if dt.kind == "O":
        return f if isinstance(f, (str, int, float)) else repr(f)
    if dt.kind in "Mm":
        return {"int": int(np.asarray(f, dtype=dt).view("<i8")), "numpy": str(np.asarray(f, dtype=dt))}
    if dt.kind == "U":
        return str(f)
    if dt.kind in "SV":
        return bytes(f).hex()
    return np.asarray(f, dtype=dt).astype(dt.newbyteorder("<")).tobytes().hex()


def describe(g, path):
    a = g[path]
    data = a[...]
    flat = np.asarray(data).reshape(-1)
    return {
        "path": path,
        "shape": list(a.shape),
        "chunks": list(a.chunks),
        "dtype": a.dtype.str,
        "filters": [f.get_config()["id"] for f in (a.filters or [])],
        "fill_value": fill_json(a.dtype, a.fill_value),
        "values": [element(a.dtype, v) for v in flat],
    }


def walk(g, prefix=""):
    out = []
    for name, a in sorted(g.arrays()):
        out.append(prefix + name)
    for name, sub in sorted(g.groups()):
        out += walk(sub, prefix + name + "/")
    return out


def zarr213():
    d = os.path.join(here, "realworld_zarr213")
    shutil.rmtree(d, ignore_errors=True)
    root = zarr.open_group(zarr.DirectoryStore(d), mode="w")
    zc = numcodecs.Zstd(level=1)

    names = np.array(["Zürich", "", "a,b", 'q"uote', "new\nline", "日本語", "x" * 40], dtype=object)
    a = root.create_dataset("station", shape=(9,), chunks=(4,), dtype=object, object_codec=numcodecs.VLenUTF8(), compressor=zc, fill_value="")
    a[:7] = names  # chunk 2 is partial; elements 7, 8 are the fill
    b = root.create_dataset("blob", shape=(5,), chunks=(2,), dtype=object, object_codec=numcodecs.VLenBytes(), compressor=None)
    b[:4] = np.array([b"", b"\x00\xff", b"abc", bytes(range(20))], dtype=object)
    # The last chunk is never written: a reader sees the fill (None for object arrays).
    v = root.create_dataset("ragged", shape=(4,), chunks=(2,), dtype=object, object_codec=numcodecs.VLenArray("<i4"), compressor=zc)
    v[:] = np.array([np.array([1, 2, 3], "<i4"), np.array([], "<i4"), np.array([-5], "<i4"), np.array([7, 8], "<i4")], dtype=object)
    j = root.create_dataset("json_text", shape=(3,), chunks=(3,), dtype=object, object_codec=numcodecs.JSON(), compressor=None)
    j[:] = np.array(["α", "b", ""], dtype=object)
    m = root.create_dataset("msgpack_text", shape=(2, 2), chunks=(1, 2), dtype=object, object_codec=numcodecs.MsgPack(), compressor=None)
    m[:] = np.array([["one", "two"], ["", "четыре"]], dtype=object)
    u = root.create_dataset("fixed_text", shape=(2, 3), chunks=(2, 2), dtype="<U5", compressor=zc, fill_value="")
    u[:] = np.array([["ab", "", "hello"], ["ü", "x y", "12345"]], dtype="<U5")
    ub = root.create_dataset("fixed_text_be", shape=(3,), chunks=(3,), dtype=">U3", compressor=None)
    ub[:] = np.array(["a", "bcd", "€"], dtype=">U3")
    s = root.create_dataset("fixed_bytes", shape=(4,), chunks=(3,), dtype="|S4", compressor=None, fill_value=b"")
    s[:] = np.array([b"ab", b"", b"wxyz", b"a\x00b"], dtype="|S4")
    r = root.create_dataset("raw_void", shape=(3,), chunks=(3,), dtype="|V3", compressor=None)
    r[:] = np.array([b"\x01\x02\x03", b"\x00\x00\x00", b"\xff\x00\x7f"], dtype="|V3")
    for name, dt, vals in [
        ("time_ns", "<M8[ns]", ["1970-01-01T00:00:00.000000001", "2262-04-11T23:47:16.854775807", "NaT", "1677-09-21T00:12:43.145224193"]),
        ("time_day_be", ">M8[D]", ["1969-12-31", "0001-01-01", "9999-12-31", "NaT"]),
        ("time_10s", "<M8[10s]", ["1970-01-01T00:00:10", "1969-12-31T23:59:50", "2024-02-29T12:00:00", "NaT"]),
        ("time_month", "<M8[M]", ["1970-02", "1969-11", "-0001-01", "NaT"]),
        ("time_year", "<M8[Y]", ["1970", "2100", "-10000", "NaT"]),
        ("time_us", "<M8[us]", ["2000-01-01T00:00:00.123456", "1900-03-01T01:02:03", "NaT", "1970-01-01"]),
    ]:
        t = root.create_dataset(name, shape=(5,), chunks=(2,), dtype=dt, compressor=None, fill_value=np.datetime64("NaT"))
        t[:4] = np.array(vals, dtype=dt)
    for name, dt, vals in [
        ("delta_s", "<m8[s]", [0, -1, 86400 * 365, "NaT"]),
        ("delta_ms_be", ">m8[ms]", [1, 2, -3, 4]),
    ]:
        t = root.create_dataset(name, shape=(4,), chunks=(4,), dtype=dt, compressor=None)
        t[:] = np.array([np.timedelta64(v, dt[4:-1]) if v != "NaT" else np.timedelta64("NaT") for v in vals], dtype=dt)
    zarr.consolidate_metadata(root.store)
    g = zarr.open_consolidated(zarr.DirectoryStore(d))
    return {"arrays": [describe(g, p) for p in walk(g)]}


def xarray_store():
    d = os.path.join(here, "realworld_xarray")
    shutil.rmtree(d, ignore_errors=True)
    time = np.array(["2020-01-01T00:00", "2020-01-01T06:00", "2020-01-01T12:00"], dtype="M8[ns]")
    station = np.array(["Bern", "Genève", "Lugano", "St. Moritz"], dtype=object)
    code = np.array(["BER", "GVE", "LUG", "SMV"], dtype="<U3")
    temp = np.array([[1.5, 2.25, np.nan, -3.0], [0.0, 1.0, 2.0, 3.0], [10.0, -10.0, 5.5, np.nan]])
    ds = xr.Dataset(
        {
            "temperature": (("time", "station"), temp),
            "lead": ("time", np.array([0, 6, 12], dtype="m8[h]").astype("m8[ns]")),
            "flag": ("station", np.array([b"ok", b"bad", b"", b"ok"], dtype="|S3")),
        },
        coords={"time": time, "station": station, "code": ("station", code)},
        attrs={"title": "stations"},
    )
    ds["temperature"].encoding = {"dtype": "int16", "scale_factor": 0.01, "add_offset": 0.0, "_FillValue": -32768}
    ds.to_zarr(d, mode="w", consolidated=True)
    g = zarr.open_consolidated(zarr.DirectoryStore(d))
    arrays = [describe(g, p) for p in walk(g)]
    # xarray's own reader: decoded values per variable.
    back = xr.open_zarr(d, consolidated=True)
    decoded = {}
    for name in list(back.variables):
        v = back[name].values.reshape(-1)
        if v.dtype.kind in "Mm":
            decoded[name] = [str(x) for x in v]
        elif v.dtype.kind == "f":
            decoded[name] = [None if np.isnan(x) else float(x) for x in v]
        elif v.dtype.kind == "S":
            decoded[name] = [bytes(x).hex() for x in v]
        else:
            decoded[name] = [x.item() if hasattr(x, "item") else x for x in v]
    return {"arrays": arrays, "xarray": decoded}


# netcdf-c 4.9.0's ncgen aborts (double free) writing a "string" variable to
# NCZarr or Zarr, so the netCDF stores hold char, times and CF packing only.
CDL = """netcdf realworld {
dimensions:
	station = 3 ;
	len = 6 ;
	time = 2 ;
variables:
	char name(station, len) ;
	double time(time) ;
		time:units = "hours since 2020-01-01 00:00:00" ;
		time:calendar = "standard" ;
	short t(time, station) ;
		t:scale_factor = 0.01 ;
		t:add_offset = 273.15 ;
		t:_FillValue = -999s ;
// global attributes:
		:title = "text and times" ;
data:
 name = "Bern", "Geneva", "Lugano" ;
 time = 0, 6 ;
 t = 100, -200, _, 0, 1, 2 ;
}
"""


def nczarr(mode, dirname):
    d = os.path.join(here, dirname)
    shutil.rmtree(d, ignore_errors=True)
    cdl = os.path.join(here, "realworld.cdl")
    with open(cdl, "w") as f:
        f.write(CDL)
    url = "file://" + d + "#mode=" + mode + ",file"
    subprocess.run(["ncgen", "-4", "-o", url, cdl], check=True)
    dump = subprocess.run(["ncdump", url], check=True, capture_output=True, text=True).stdout
    g = zarr.open_group(zarr.DirectoryStore(d), mode="r")
    arrays = []
    for p in walk(g):
        try:
            arrays.append(describe(g, p))
        except Exception as e:  # what zarr 2.13 itself cannot read
            arrays.append({"path": p, "zarr_error": "%s: %s" % (type(e).__name__, e)})
        lines = [l.strip() for l in dump.split("data:")[1].splitlines()]
        start = [i for i, l in enumerate(lines) if l.startswith(p.split("/")[-1] + " =")]
        if start:
            i = start[0]
            text = lines[i]
            while not text.endswith(";"):
                i += 1
                text += " " + lines[i]
            arrays[-1]["ncdump"] = text
    return {"arrays": arrays}


out = {
    "zarr": zarr.__version__,
    "numcodecs": numcodecs.__version__,
    "xarray": xr.__version__,
    "stores": {
        "realworld_zarr213": zarr213(),
        "realworld_xarray": xarray_store(),
        "realworld_nczarr": nczarr("nczarr", "realworld_nczarr"),
        "realworld_ncz2": nczarr("zarr", "realworld_ncz2"),
    },
}
with open(os.path.join(here, "realworld.json"), "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False, allow_nan=False)
    f.write("\n")
